// Scaffolding stand-in for React Native's generated dependency provider (third-party).
import React_RCTAppDelegate
open class RCTAppDependencyProvider: RCTDependencyProvider { public init() {} }
