import Foundation

/// A message kind that carries light/dark themes (slideup, modal, modal image, full, full image).
public protocol BrazeInAppMessageThemeable {
    var themes: Braze.InAppMessage.Themes { get }
}
