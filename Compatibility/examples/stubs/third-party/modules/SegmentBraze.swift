// The library's own sources; its example app is a SwiftUI app.
