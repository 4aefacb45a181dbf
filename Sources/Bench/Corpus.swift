// Deterministic synthetic HTML for the content benchmark: a 15 kB in-app message and a ~2 MB page.
// (Moved here from the former standalone content-bench executable.)
import Foundation

/// Deterministic pseudo-random numbers so every run parses the same bytes.
struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
}

let words = ["spring", "sale", "offer", "members", "exclusive", "today", "free", "shipping", "new", "arrivals",
             "discount", "limited", "time", "collection", "premium", "save", "now", "shop", "best", "seller"]

func sentence(_ g: inout Generator, _ n: Int) -> String {
    (0..<n).map { _ in words[g.next(words.count)] }.joined(separator: " ")
}

func css(_ g: inout Generator, rules: Int) -> String {
    var out = ""
    for i in 0..<rules {
        out += ".c\(i) .\(words[g.next(words.count)])-\(i) > a:hover { color: #\(String(g.next(0xFFFFFF), radix: 16)); "
        out += "margin: \(g.next(20))px \(g.next(20))px; font: 600 \(12 + g.next(10))px/1.4 -apple-system, sans-serif; }\n"
    }
    return out
}

func message(_ g: inout Generator, targetBytes: Int) -> String {
    var html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    html += "<title>Spring Sale &mdash; members only</title>\n<style>\n" + css(&g, rules: 40) + "</style>\n"
    html += "<script>window.addEventListener('ab.BridgeReady', function () { document.body.className += ' ready'; });</script>\n</head>\n"
    html += "<body class=\"iam modal\"><div id=\"container\" class=\"container\" role=\"dialog\" aria-modal=\"true\">\n"
    html += "<button id=\"close\" class=\"close\" aria-label=\"Close\" onclick=\"brazeBridge.closeMessage()\">&times;</button>\n"
    var i = 0
    while html.utf8.count < targetBytes - 600 {
        html += "<section class=\"slide s\(i)\" data-index=\(i)><img src=\"https://cdn.example/img/\(i).png\" alt=\"\(sentence(&g, 3))\" width=320 height=180>"
        html += "<h2>\(sentence(&g, 4)) &amp; more</h2><p>\(sentence(&g, 18)) &hellip; <b>\(sentence(&g, 2))</b> &euro;\(g.next(100)).99</p>"
        html += "<a class=\"btn primary\" href=\"https://shop.example/p/\(i)?abButtonId=0\">Shop now</a>"
        html += "<button class=\"btn\" onclick=\"brazeBridge.logClick('\(i)'); brazeBridge.logCustomEvent('slide', {index: \(i)})\">Later</button></section>\n"
        i += 1
    }
    html += "<form action=\"https://api.example/subscribe\" method=\"post\"><input type=\"email\" name=\"email\" placeholder=\"you@example.com\"><button type=\"submit\">Join</button></form>\n"
    html += "</div></body></html>\n"
    return html
}

func page(_ g: inout Generator, targetBytes: Int) -> String {
    var html = "<!DOCTYPE html>\n<html><head><title>Catalogue</title><style>\n" + css(&g, rules: 400) + "</style></head><body>\n"
    html += "<nav id=\"top\"><ul>" + (0..<30).map { "<li><a href=\"/c/\($0)\">\(words[$0 % words.count])</a>" }.joined() + "</ul></nav>\n<main>\n"
    var i = 0
    while html.utf8.count < targetBytes - 2000 {
        html += "<article class=\"card \(words[g.next(words.count)])\" id=\"p\(i)\"><header><h3>\(sentence(&g, 5))</h3></header>"
        html += "<div class=\"media\"><img src=\"/img/\(i).jpg\" alt=\"\(sentence(&g, 2))\"></div>"
        html += "<p>\(sentence(&g, 25 + g.next(20))) &ndash; &quot;\(sentence(&g, 3))&quot;</p>"
        html += "<table class=\"specs\"><tr><td>Size<td>\(g.next(50))<tr><td>Colour<td>\(words[g.next(words.count)])</table>"
        html += "<a href=\"/p/\(i)\" class=\"more\">Details</a> <button onclick=\"webkit.messageHandlers.cart.postMessage({id: \(i)})\">Add</button>"
        if i % 50 == 0 { html += "<!-- section \(i / 50) --><script>var tracking\(i) = { id: \(i), tags: ['a', 'b'] };</script>" }
        html += "</article>\n"
        i += 1
    }
    html += "</main><footer><p>&copy; 2026 Example</p></footer></body></html>\n"
    return html
}

struct Measurement {
    let name: String
    let bytes: Int
    let perDocSeconds: [Double]
}
