// Scaffolding stand-in for Pocket's own shared module (app code, not SDK): the names the Braze files use.
import Foundation
public class Session: NSObject { public var isAnonymous = false; public var userIdentifier = "" }
public enum Log { public static func info(_ s: String) {}; public static func capture(message: String) {} }
public enum CurrentFeatureFlags: String { case premiumSearchScopesExperiment, bestOf20231PercentSticker, bestOf20235PercentSticker, other }
