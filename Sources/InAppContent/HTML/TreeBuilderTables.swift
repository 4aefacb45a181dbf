// Data the tree builder consults: element categories, the adjusted names of foreign content, the doctypes
// that select quirks mode.

enum ElementFlags {
    static let special: UInt16 = 1, formatting: UInt16 = 2, scope: UInt16 = 4, impliedEnd: UInt16 = 8
    static let impliedEndThorough: UInt16 = 16, heading: UInt16 = 32, closesP: UInt16 = 64

    /// Flags of HTML elements by known name id.
    static let html: [UInt16] = {
        var f = [UInt16](repeating: 0, count: KnownNames.list.count)
        func set(_ names: [Int32], _ flag: UInt16) { for n in names { f[Int(n)] |= flag } }
        set([N.address, N.applet, N.area, N.article, N.aside, N.base, N.basefont, N.bgsound, N.blockquote, N.body,
             N.br, N.button, N.caption, N.center, N.col, N.colgroup, N.dd, N.details, N.dir, N.div, N.dl, N.dt,
             N.embed, N.fieldset, N.figcaption, N.figure, N.footer, N.form, N.frame, N.frameset, N.h1, N.h2, N.h3,
             N.h4, N.h5, N.h6, N.head, N.header, N.hgroup, N.hr, N.html, N.iframe, N.img, N.input, N.keygen, N.li,
             N.link, N.listing, N.main, N.marquee, N.menu, N.meta, N.nav, N.noembed, N.noframes, N.noscript,
             N.object, N.ol, N.p, N.param, N.plaintext, N.pre, N.script, N.search, N.section, N.select, N.source,
             N.style, N.summary, N.table, N.tbody, N.td, N.template, N.textarea, N.tfoot, N.th, N.thead, N.title,
             N.tr, N.track, N.ul, N.wbr, N.xmp], special)
        set([N.a, N.b, N.big, N.code, N.em, N.font, N.i, N.nobr, N.s, N.small, N.strike, N.strong, N.tt, N.u], formatting)
        set([N.applet, N.caption, N.html, N.table, N.td, N.th, N.marquee, N.object, N.select, N.template], scope)
        set([N.dd, N.dt, N.li, N.optgroup, N.option, N.p, N.rb, N.rp, N.rt, N.rtc], impliedEnd | impliedEndThorough)
        set([N.caption, N.colgroup, N.tbody, N.td, N.tfoot, N.th, N.thead, N.tr], impliedEndThorough)
        set([N.h1, N.h2, N.h3, N.h4, N.h5, N.h6], heading)
        set([N.address, N.article, N.aside, N.blockquote, N.center, N.details, N.dialog, N.dir, N.div, N.dl,
             N.fieldset, N.figcaption, N.figure, N.footer, N.header, N.hgroup, N.main, N.menu, N.nav, N.ol, N.p,
             N.search, N.section, N.summary, N.ul], closesP)
        return f
    }()
}

enum ForeignNames {
    /// Start tags that end foreign content (with `font` only when it has `color`, `face` or `size`).
    static let breakout: Set<String> = [
        "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt", "em", "embed",
        "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "meta", "nobr",
        "ol", "p", "pre", "ruby", "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u",
        "ul", "var",
    ]

    static let svgTags: [String: String] = {
        var d: [String: String] = [:]
        for name in ["altGlyph", "altGlyphDef", "altGlyphItem", "animateColor", "animateMotion", "animateTransform",
                     "clipPath", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite", "feConvolveMatrix",
                     "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood", "feFuncA",
                     "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode",
                     "feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile",
                     "feTurbulence", "foreignObject", "glyphRef", "linearGradient", "radialGradient", "textPath"] {
            d[name.lowercased()] = name
        }
        return d
    }()

    static let svgAttributes: [String: String] = {
        var d: [String: String] = [:]
        for name in ["attributeName", "attributeType", "baseFrequency", "baseProfile", "calcMode", "clipPathUnits",
                     "diffuseConstant", "edgeMode", "filterUnits", "glyphRef", "gradientTransform", "gradientUnits",
                     "kernelMatrix", "kernelUnitLength", "keyPoints", "keySplines", "keyTimes", "lengthAdjust",
                     "limitingConeAngle", "markerHeight", "markerUnits", "markerWidth", "maskContentUnits", "maskUnits",
                     "numOctaves", "pathLength", "patternContentUnits", "patternTransform", "patternUnits", "pointsAtX",
                     "pointsAtY", "pointsAtZ", "preserveAlpha", "preserveAspectRatio", "primitiveUnits", "refX", "refY",
                     "repeatCount", "repeatDur", "requiredExtensions", "requiredFeatures", "specularConstant",
                     "specularExponent", "spreadMethod", "startOffset", "stdDeviation", "stitchTiles", "surfaceScale",
                     "systemLanguage", "tableValues", "targetX", "targetY", "textLength", "viewBox", "viewTarget",
                     "xChannelSelector", "yChannelSelector", "zoomAndPan"] {
            d[name.lowercased()] = name
        }
        return d
    }()

    /// Attribute name → namespace of the adjusted foreign attributes.
    static let foreignAttributes: [String: DOMNamespace] = [
        "xlink:actuate": .xlink, "xlink:arcrole": .xlink, "xlink:href": .xlink, "xlink:role": .xlink,
        "xlink:show": .xlink, "xlink:title": .xlink, "xlink:type": .xlink, "xml:lang": .xml, "xml:space": .xml,
        "xmlns": .xmlns, "xmlns:xlink": .xmlns,
    ]
}

enum Quirks {
    static let publicPrefixes: [String] = [
        "+//silmaril//dtd html pro v0r11 19970101//", "-//as//dtd html 3.0 aswedit + extensions//",
        "-//advasoft ltd//dtd html 3.0 aswedit + extensions//", "-//ietf//dtd html 2.0 level 1//",
        "-//ietf//dtd html 2.0 level 2//", "-//ietf//dtd html 2.0 strict level 1//", "-//ietf//dtd html 2.0 strict level 2//",
        "-//ietf//dtd html 2.0 strict//", "-//ietf//dtd html 2.0//", "-//ietf//dtd html 2.1e//", "-//ietf//dtd html 3.0//",
        "-//ietf//dtd html 3.2 final//", "-//ietf//dtd html 3.2//", "-//ietf//dtd html 3//", "-//ietf//dtd html level 0//",
        "-//ietf//dtd html level 1//", "-//ietf//dtd html level 2//", "-//ietf//dtd html level 3//",
        "-//ietf//dtd html strict level 0//", "-//ietf//dtd html strict level 1//", "-//ietf//dtd html strict level 2//",
        "-//ietf//dtd html strict level 3//", "-//ietf//dtd html strict//", "-//ietf//dtd html//",
        "-//metrius//dtd metrius presentational//", "-//microsoft//dtd internet explorer 2.0 html strict//",
        "-//microsoft//dtd internet explorer 2.0 html//", "-//microsoft//dtd internet explorer 2.0 tables//",
        "-//microsoft//dtd internet explorer 3.0 html strict//", "-//microsoft//dtd internet explorer 3.0 html//",
        "-//microsoft//dtd internet explorer 3.0 tables//", "-//netscape comm. corp.//dtd html//",
        "-//netscape comm. corp.//dtd strict html//", "-//o'reilly and associates//dtd html 2.0//",
        "-//o'reilly and associates//dtd html extended 1.0//", "-//o'reilly and associates//dtd html extended relaxed 1.0//",
        "-//sq//dtd html 2.0 hotmetal + extensions//",
        "-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//",
        "-//softquad//dtd hotmetal pro 4.0::19971010::extensions to html 4.0//", "-//spyglass//dtd html 2.0 extended//",
        "-//sun microsystems corp.//dtd hotjava html//", "-//sun microsystems corp.//dtd hotjava strict html//",
        "-//w3c//dtd html 3 1995-03-24//", "-//w3c//dtd html 3.2 draft//", "-//w3c//dtd html 3.2 final//",
        "-//w3c//dtd html 3.2//", "-//w3c//dtd html 3.2s draft//", "-//w3c//dtd html 4.0 frameset//",
        "-//w3c//dtd html 4.0 transitional//", "-//w3c//dtd html experimental 19960712//",
        "-//w3c//dtd html experimental 970421//", "-//w3c//dtd w3 html//", "-//w3o//dtd w3 html 3.0//",
        "-//webtechs//dtd mozilla html 2.0//", "-//webtechs//dtd mozilla html//",
    ]

    /// ``publicPrefixes`` as bytes: a byte comparison per prefix instead of `String.hasPrefix`.
    static let publicPrefixBytes: [[UInt8]] = publicPrefixes.map { Array($0.utf8) }

    /// The mode a doctype token selects (the Standard's "initial" insertion mode).
    static func mode(name: String?, publicId: String?, systemId: String?, forceQuirks: Bool) -> HTMLQuirksMode {
        if forceQuirks || name != "html" { return .quirks }
        let pub = publicId?.lowercased() ?? ""
        let sys = systemId?.lowercased()
        if pub == "-//w3o//dtd w3 html strict 3.0//en//" || pub == "-/w3c/dtd html 4.0 transitional/en" || pub == "html" {
            return .quirks
        }
        if sys == "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd" { return .quirks }
        if publicId != nil && publicPrefixBytes.contains(where: { pub.utf8.starts(with: $0) }) { return .quirks }
        if sys == nil && (pub.hasPrefix("-//w3c//dtd html 4.01 frameset//") || pub.hasPrefix("-//w3c//dtd html 4.01 transitional//")) {
            return .quirks
        }
        if pub.hasPrefix("-//w3c//dtd xhtml 1.0 frameset//") || pub.hasPrefix("-//w3c//dtd xhtml 1.0 transitional//") {
            return .limitedQuirks
        }
        if sys != nil && (pub.hasPrefix("-//w3c//dtd html 4.01 frameset//") || pub.hasPrefix("-//w3c//dtd html 4.01 transitional//")) {
            return .limitedQuirks
        }
        return .noQuirks
    }
}
