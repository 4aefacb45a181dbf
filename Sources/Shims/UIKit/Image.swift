// Images and headless image rendering. An image is a size, a scale and (for solid images) a colour;
// `UIGraphicsImageRenderer` runs the drawing block against a context that records fills and strokes, so
// code that draws placeholder images runs, and a test can read what was drawn.

/// An image: size, scale, and for solid-colour images their colour.
open class UIImage: @unchecked Sendable {
    /// How an image is tinted.
    public enum RenderingMode: Int, Sendable { case automatic, alwaysOriginal, alwaysTemplate }
    /// How a resizable image fills its stretched area.
    public enum ResizingMode: Int, Sendable { case tile, stretch }
    /// Symbol sizes and weights (recorded only).
    public final class SymbolConfiguration: Sendable {
        public let pointSize: CGFloat
        public init(pointSize: CGFloat) { self.pointSize = pointSize }
        public init(font: UIFont) { pointSize = font.pointSize }
        public init(textStyle: UIFont.TextStyle) { pointSize = textStyle.baseSize }
    }

    /// Size in points.
    public private(set) var size: CGSize
    /// The solid colour of the image, when it is one (images from `UIColor`, renderer images filled in one colour).
    public private(set) var color: UIColor?
    public private(set) var scale: CGFloat = 1
    public private(set) var renderingMode: RenderingMode = .automatic
    /// The name it was loaded by (`named:` or `systemName:`), if any.
    public private(set) var name: String?
    /// The encoded bytes it was made from, if any.
    public private(set) var data: Data?
    /// What the renderer recorded while drawing it (empty for loaded images).
    public private(set) var drawing: [UIGraphicsImageRendererContext.Operation] = []
    public private(set) var capInsets = UIEdgeInsets.zero

    /// The one designated initializer (so subclasses inherit every convenience initializer, as with UIKit's).
    public init(size: CGSize, color: UIColor? = nil) {
        self.size = size; self.color = color
    }

    convenience init(size: CGSize, color: UIColor?, scale: CGFloat, renderingMode: RenderingMode, name: String?, data: Data?,
                     drawing: [UIGraphicsImageRendererContext.Operation], capInsets: UIEdgeInsets = .zero) {
        self.init(size: size, color: color)
        self.scale = scale; self.renderingMode = renderingMode; self.name = name
        self.data = data; self.drawing = drawing; self.capInsets = capInsets
    }

    /// An empty image.
    public convenience init() { self.init(size: .zero) }

    /// An image registered with `UIImage.register(_:named:)`, else a PNG/JPEG/GIF file of that name in the
    /// main bundle; nil when neither exists (asset catalogues do not exist headlessly).
    public convenience init?(named name: String) {
        if let image = UIImage.namedImages.get()[name] {
            self.init(size: image.size, color: image.color, scale: image.scale, renderingMode: image.renderingMode,
                      name: name, data: image.data, drawing: image.drawing)
            return
        }
        let bundle = Bundle.main
        for ext in ["png", "jpg", "jpeg", "gif"] {
            if let path = bundle.path(forResource: name, ofType: ext), let data = FileManager.default.contents(atPath: path),
               let size = ImageHeader.size(of: data) {
                self.init(size: size, color: nil, scale: 1, renderingMode: .automatic, name: name, data: data, drawing: [])
                return
            }
        }
        return nil
    }
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        self.init(named: name)
    }
    public convenience init?(named name: String, in bundle: Bundle?, with configuration: SymbolConfiguration?) {
        self.init(named: name)
    }
    /// An SF Symbol; any non-empty name gives a 20-point square image (the symbol set is not known here).
    public convenience init?(systemName name: String) {
        guard !name.isEmpty else { return nil }
        self.init(size: CGSize(width: 20, height: 20), color: nil, scale: 1, renderingMode: .alwaysTemplate, name: name,
                  data: nil, drawing: [])
    }
    public convenience init?(systemName name: String, withConfiguration configuration: SymbolConfiguration?) {
        guard !name.isEmpty else { return nil }
        let side = configuration?.pointSize ?? 20
        self.init(size: CGSize(width: side, height: side), color: nil, scale: 1, renderingMode: .alwaysTemplate, name: name,
                  data: nil, drawing: [])
    }
    /// Decodes the size of PNG, GIF or JPEG data; nil for anything else.
    public convenience init?(data: Data) { self.init(data: data, scale: 1) }
    public convenience init?(data: Data, scale: CGFloat) {
        guard let pixels = ImageHeader.size(of: data) else { return nil }
        let s = scale > 0 ? scale : 1
        self.init(size: CGSize(width: pixels.width / s, height: pixels.height / s), color: nil, scale: s,
                  renderingMode: .automatic, name: nil, data: data, drawing: [])
    }
    /// Reads a PNG, GIF or JPEG file; nil when it is missing or not an image.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data)
    }
    public convenience init(cgImage: CGImage) { self.init(size: CGSize(width: cgImage.width, height: cgImage.height)) }
    public convenience init(cgImage: CGImage, scale: CGFloat, orientation: Orientation) {
        self.init(size: CGSize(width: CGFloat(cgImage.width) / max(scale, 1), height: CGFloat(cgImage.height) / max(scale, 1)))
    }

    /// Image orientations.
    public enum Orientation: Int, Sendable { case up, down, left, right, upMirrored, downMirrored, leftMirrored, rightMirrored }
    open var imageOrientation: Orientation { .up }

    private static let namedImages = ShimLocked<[String: UIImage]>([:])
    /// Makes `UIImage(named:)` find `image` under `name` (headless stand-in for an asset catalogue entry).
    public static func register(_ image: UIImage, named name: String) { namedImages.update { $0[name] = image } }

    open func withRenderingMode(_ renderingMode: RenderingMode) -> UIImage {
        UIImage(size: size, color: color, scale: scale, renderingMode: renderingMode, name: name, data: data, drawing: drawing)
    }
    /// The image tinted: a solid image of `color` with the same size.
    open func withTintColor(_ color: UIColor) -> UIImage {
        UIImage(size: size, color: color, scale: scale, renderingMode: .alwaysOriginal, name: name, data: data, drawing: drawing)
    }
    open func withTintColor(_ color: UIColor, renderingMode: RenderingMode) -> UIImage {
        UIImage(size: size, color: color, scale: scale, renderingMode: renderingMode, name: name, data: data, drawing: drawing)
    }
    open func withConfiguration(_ configuration: SymbolConfiguration) -> UIImage { self }
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets) -> UIImage {
        UIImage(size: size, color: color, scale: scale, renderingMode: renderingMode, name: name, data: data, drawing: drawing,
                capInsets: capInsets)
    }
    open func resizableImage(withCapInsets capInsets: UIEdgeInsets, resizingMode: ResizingMode) -> UIImage {
        resizableImage(withCapInsets: capInsets)
    }
    open var images: [UIImage]? { nil }
    open var duration: TimeInterval { 0 }
    open var cgImage: CGImage? { CGImage(width: Int(size.width * scale), height: Int(size.height * scale)) }

    /// PNG bytes: the original data when the image was decoded from PNG, else an encoded solid image.
    open func pngData() -> Data? {
        if let data, data.starts(with: ImageHeader.pngSignature) { return data }
        return PNGWriter.solid(width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()),
                               color: color ?? .clear)
    }
    /// The original data when the image was decoded from JPEG, else PNG bytes (no JPEG encoder headlessly).
    open func jpegData(compressionQuality: CGFloat) -> Data? {
        if let data, data.starts(with: [0xFF, 0xD8]) { return data }
        return pngData()
    }
}

/// A bitmap's dimensions (what integration code reads from a `cgImage`).
public final class CGImage: Sendable {
    public let width: Int
    public let height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
}

/// Reads pixel sizes from image file headers.
enum ImageHeader {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func size(of data: Data) -> CGSize? {
        let b = [UInt8](data.prefix(64 * 1024))
        func be16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        if b.count >= 24, Array(b[0..<8]) == pngSignature {
            return CGSize(width: be32(16), height: be32(20))
        }
        if b.count >= 10, b[0] == 0x47, b[1] == 0x49, b[2] == 0x46 {
            return CGSize(width: Int(b[6]) | Int(b[7]) << 8, height: Int(b[8]) | Int(b[9]) << 8)
        }
        if b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 {
            var i = 2
            while i + 9 < b.count {
                guard b[i] == 0xFF else { return nil }
                let marker = b[i + 1]
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
                let length = be16(i + 2)
                if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
                    return CGSize(width: be16(i + 7), height: be16(i + 5))
                }
                guard length >= 2 else { return nil }
                i += 2 + length
            }
        }
        return nil
    }
}

/// Encodes a solid-colour RGBA PNG (stored deflate blocks; no compression needed headlessly).
enum PNGWriter {
    static func solid(width: Int, height: Int, color: UIColor) -> Data? {
        guard width > 0, height > 0, width <= 4096, height <= 4096 else { return nil }
        let px: [UInt8] = [color.red, color.green, color.blue, color.alpha].map { UInt8(($0 * 255).rounded()) }
        var raw = [UInt8](); raw.reserveCapacity((width * 4 + 1) * height)
        for _ in 0..<height { raw.append(0); for _ in 0..<width { raw += px } }
        var z: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65_535, raw.count - offset)
            let last: UInt8 = offset + n == raw.count ? 1 : 0
            z += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            z += raw[offset..<offset + n]
            offset += n
        } while offset < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        z += be(b << 16 | a)
        var out = Data(ImageHeader.pngSignature)
        out += chunk("IHDR", be(UInt32(width)) + be(UInt32(height)) + [8, 6, 0, 0, 0])
        out += chunk("IDAT", z)
        out += chunk("IEND", [])
        return out
    }
    private static func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    private static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in typed {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return be(UInt32(body.count)) + typed + be(~crc)
    }
}

/// The drawing state of the renderer context in use on this thread (colours set with `UIColor.setFill()`…).
final class GraphicsState {
    var fillColor: UIColor = .black
    var strokeColor: UIColor = .black
    var lineWidth: CGFloat = 1
    var operations: [UIGraphicsImageRendererContext.Operation] = []
    var path: [CGPath.Element] = []

    func fill(_ rect: CGRect) { operations.append(.fill(rect, fillColor)) }
    func stroke(_ rect: CGRect) { operations.append(.stroke(rect, strokeColor, lineWidth)) }

    private static let key = "OpenInApp.UIKit.graphicsStack"
    static var current: GraphicsState? { (Thread.current.threadDictionary[key] as? [GraphicsState])?.last }
    static func push(_ state: GraphicsState) {
        var stack = Thread.current.threadDictionary[key] as? [GraphicsState] ?? []
        stack.append(state)
        Thread.current.threadDictionary[key] = stack
    }
    static func pop() {
        var stack = Thread.current.threadDictionary[key] as? [GraphicsState] ?? []
        _ = stack.popLast()
        Thread.current.threadDictionary[key] = stack
    }
}

/// Options of an image renderer.
open class UIGraphicsImageRendererFormat {
    open var scale: CGFloat = 1
    open var opaque = false
    public init() {}
    open class func `default`() -> UIGraphicsImageRendererFormat { let f = UIGraphicsImageRendererFormat(); f.scale = 3; return f }
    open class func preferred() -> UIGraphicsImageRendererFormat { `default`() }
}

/// A Core Graphics drawing context over the recording renderer.
public final class CGContext {
    /// Path drawing modes.
    public enum PathDrawingMode: Int32, Sendable { case fill, eoFill, stroke, fillStroke, eoFillStroke }
    let state: GraphicsState
    init(state: GraphicsState) { self.state = state }
    public func setFillColor(_ color: CGColor) { state.fillColor = UIColor(cgColor: color) }
    public func setStrokeColor(_ color: CGColor) { state.strokeColor = UIColor(cgColor: color) }
    public func setLineWidth(_ width: CGFloat) { state.lineWidth = width }
    public func fill(_ rect: CGRect) { state.fill(rect) }
    public func stroke(_ rect: CGRect) { state.stroke(rect) }
    public func fillEllipse(in rect: CGRect) { state.fill(rect) }
    public func strokeEllipse(in rect: CGRect) { state.stroke(rect) }
    public func move(to point: CGPoint) { state.path.append(.move(point)) }
    public func addLine(to point: CGPoint) { state.path.append(.line(point)) }
    public func addRect(_ rect: CGRect) { state.path.append(.rect(rect)) }
    public func addEllipse(in rect: CGRect) { state.path.append(.ellipse(rect)) }
    public func addPath(_ path: CGPath) { state.path += path.elements }
    public func closePath() { state.path.append(.close) }
    public func drawPath(using mode: PathDrawingMode) {
        let box = CGPath(elements: state.path).boundingBox
        state.path = []
        guard !box.isNull else { return }
        if mode != .stroke { state.fill(box) }
        if mode == .stroke || mode == .fillStroke || mode == .eoFillStroke { state.stroke(box) }
    }
    public func fillPath() { drawPath(using: .fill) }
    public func strokePath() { drawPath(using: .stroke) }
    public func saveGState() {}
    public func restoreGState() {}
    public func translateBy(x: CGFloat, y: CGFloat) {}
    public func scaleBy(x: CGFloat, y: CGFloat) {}
    public func clip(to rect: CGRect) {}
}

/// The context a renderer's drawing block receives.
public final class UIGraphicsImageRendererContext {
    /// One recorded drawing step: a filled or stroked rectangle (paths record their bounding box).
    public enum Operation: Hashable, Sendable {
        case fill(CGRect, UIColor)
        case stroke(CGRect, UIColor, CGFloat)
    }
    public let format: UIGraphicsImageRendererFormat
    public let cgContext: CGContext
    let state: GraphicsState
    init(format: UIGraphicsImageRendererFormat, state: GraphicsState) {
        self.format = format; self.state = state; cgContext = CGContext(state: state)
    }
    public func fill(_ rect: CGRect) { state.fill(rect) }
    public func fill(_ rect: CGRect, blendMode: CGBlendMode) { state.fill(rect) }
    public func stroke(_ rect: CGRect) { state.stroke(rect) }
    /// Everything drawn so far.
    public var operations: [Operation] { state.operations }
    /// The image drawn so far.
    public var currentImage: UIImage { UIGraphicsImageRenderer.image(of: state, size: .zero, format: format) }
}

/// Blend modes (accepted and ignored).
public enum CGBlendMode: Int32, Sendable { case normal, multiply, screen, overlay, clear, copy }

/// Runs drawing blocks headlessly and returns images that know what was drawn.
open class UIGraphicsImageRenderer {
    public typealias DrawingActions = (UIGraphicsImageRendererContext) -> Void
    public let size: CGSize
    public let format: UIGraphicsImageRendererFormat
    public init(size: CGSize) { self.size = size; format = .default() }
    public init(size: CGSize, format: UIGraphicsImageRendererFormat) { self.size = size; self.format = format }
    public init(bounds: CGRect) { size = bounds.size; format = .default() }
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat) { size = bounds.size; self.format = format }

    /// Runs `actions`; the image's `color` is the colour of the last fill covering the whole image, if any.
    open func image(actions: DrawingActions) -> UIImage {
        let state = GraphicsState()
        GraphicsState.push(state)
        defer { GraphicsState.pop() }
        actions(UIGraphicsImageRendererContext(format: format, state: state))
        return UIGraphicsImageRenderer.image(of: state, size: size, format: format)
    }
    open func pngData(actions: DrawingActions) -> Data { image(actions: actions).pngData() ?? Data() }
    open func jpegData(withCompressionQuality quality: CGFloat, actions: DrawingActions) -> Data {
        image(actions: actions).jpegData(compressionQuality: quality) ?? Data()
    }

    static func image(of state: GraphicsState, size: CGSize, format: UIGraphicsImageRendererFormat) -> UIImage {
        let whole = CGRect(origin: .zero, size: size)
        var color: UIColor?
        for op in state.operations {
            if case .fill(let rect, let c) = op, rect.contains(whole) { color = c }
        }
        return UIImage(size: size, color: color, scale: format.scale, renderingMode: .automatic, name: nil, data: nil,
                       drawing: state.operations)
    }
}
