// swift-tools-version:6.0
// OpenInApp — headless, cross-platform stand-ins for the Adobe AEP Messaging, Braze Swift and legacy
// Appboy in-app message APIs, built on one vendor-neutral core.
import PackageDescription

// Apple platforms already have UIKit and WebKit; elsewhere we ship small shim modules with those names
// so integration code that imports them keeps compiling. The decision is made here, once.
#if canImport(Darwin)
let shimsNeeded = false
#else
let shimsNeeded = true
#endif

let shimNames = shimsNeeded ? ["ObjectiveC", "UIKit", "WebKit", "UserNotifications"] : []
func shims(_ names: String...) -> [Target.Dependency] {
    shimsNeeded ? names.map { .target(name: $0) } : []
}

let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

var targets: [Target] = [
    // Vendor-neutral core: message model, presentation engine, stack, clock, device, trace.
    .target(name: "InAppCore", swiftSettings: strict),
    // Headless WebView-like content model: HTML → DOM, navigation policy, script bridge, input.
    .target(name: "InAppContent", resources: [.copy("Script/prelude.js")], swiftSettings: strict),
    // The content model behind the core's renderer protocol (HTML messages drawn headlessly).
    .target(name: "InAppRendering", dependencies: ["InAppCore", "InAppContent"], swiftSettings: strict),
    // Harness and fixtures for tests of integration code (no XCTest dependency).
    .target(name: "InAppTestSupport", dependencies: ["InAppCore", "InAppContent", "InAppRendering"], swiftSettings: strict),

    // Facades, named as the vendors name their modules.
    .target(name: "AEPServices", dependencies: ["InAppCore", "InAppContent", "InAppRendering"] + shims("UIKit", "WebKit"), swiftSettings: strict),
    .target(name: "AEPCore", dependencies: ["AEPServices"], swiftSettings: strict),
    .target(name: "AEPMessaging", dependencies: ["AEPServices", "AEPCore", "AEPEdge", "InAppCore", "InAppContent"] + shims("UIKit", "WebKit", "UserNotifications"), swiftSettings: strict),
    // Companion AEP extensions apps register beside Messaging: thin headless stand-ins on AEPCore's simulated Edge network.
    .target(name: "AEPEdge", dependencies: ["AEPCore", "InAppCore"], swiftSettings: strict),
    .target(name: "AEPEdgeIdentity", dependencies: ["AEPCore", "InAppCore"], swiftSettings: strict),
    .target(name: "AEPEdgeConsent", dependencies: ["AEPCore", "InAppCore"], swiftSettings: strict),
    // AEPMessaging's notification-service-extension helper (rich media), as upstream names its module.
    .target(name: "AEPMessagingNotification", dependencies: ["InAppCore"] + shims("UserNotifications"), swiftSettings: strict),
    .target(name: "AEPLifecycle", dependencies: ["AEPCore"], swiftSettings: strict),
    .target(name: "AEPSignal", dependencies: ["AEPCore"], swiftSettings: strict),
    // Companion extensions apps import in the same files as Messaging (their set-up code): headless, on the event hub.
    .target(name: "AEPIdentity", dependencies: ["AEPCore", "InAppCore"], swiftSettings: strict),
    .target(name: "AEPUserProfile", dependencies: ["AEPCore", "InAppCore"], swiftSettings: strict),
    .target(name: "AEPAssurance", dependencies: ["AEPCore", "InAppCore"], swiftSettings: strict),
    .target(name: "BrazeKit", dependencies: ["InAppCore"] + shims("UIKit", "UserNotifications"), swiftSettings: strict),
    .target(name: "BrazeUI", dependencies: ["BrazeKit", "InAppCore", "InAppContent", "InAppRendering"] + shims("UIKit", "WebKit"), swiftSettings: strict),
    // Braze's app-extension and location modules, as upstream names them.
    .target(name: "BrazeNotificationService", dependencies: ["InAppCore"] + shims("UserNotifications"), swiftSettings: strict),
    .target(name: "BrazePushStory", dependencies: ["InAppCore"] + shims("UIKit", "UserNotifications"), swiftSettings: strict),
    .target(name: "BrazeLocation", dependencies: ["BrazeKit"], swiftSettings: strict),
    // The legacy Appboy API sits directly on the core (its delivery engine and presentation engine).
    .target(name: "AppboyKit", dependencies: ["InAppCore", "InAppContent", "InAppRendering"] + shims("UIKit", "UserNotifications"), swiftSettings: strict),
    // Its built-in UI (upstream AppboyUI / BrazeUICompat): the UI delegate and view controllers. Linked, it becomes
    // every controller's `inAppMessageUIController`, as upstream.
    .target(name: "AppboyUI", dependencies: ["AppboyKit", "InAppCore"] + shims("UIKit", "WebKit"), swiftSettings: strict),
    // The names apps import the legacy API under: the CocoaPods module of Appboy-iOS-SDK, and the Braze Swift
    // SDK's compatibility products. Each only re-exports AppboyKit (and AppboyUI).
    .target(name: "Appboy_iOS_SDK", dependencies: ["AppboyKit", "AppboyUI"] + shims("UIKit"), swiftSettings: strict),
    .target(name: "BrazeKitCompat", dependencies: ["AppboyKit"] + shims("UIKit"), swiftSettings: strict),
    .target(name: "BrazeUICompat", dependencies: ["AppboyKit", "AppboyUI"] + shims("UIKit"), swiftSettings: strict),

    // Performance figures (release build): swift run -c release openinapp-bench
    .executableTarget(name: "Bench", dependencies: ["InAppCore", "InAppContent", "InAppRendering"], swiftSettings: strict),
    .executableTarget(name: "iam", dependencies: ["InAppCore", "InAppContent", "InAppRendering", "InAppTestSupport",
                                                  "AEPCore", "AEPServices", "AEPMessaging", "BrazeKit", "BrazeUI", "AppboyKit", "AppboyUI"]
                                                 + shims("UIKit", "WebKit"), swiftSettings: strict),


    .testTarget(name: "InAppCoreTests", dependencies: ["InAppCore", "InAppTestSupport", "InAppRendering"]),
    // Type-checks the vendors' documented samples against every library module.
    .testTarget(name: "ConformanceTests", dependencies: ["AEPCore", "AEPServices", "AEPMessaging", "BrazeKit", "BrazeUI",
                                                         "AppboyKit", "AppboyUI", "InAppTestSupport"] + shims("UIKit", "WebKit")),
    .testTarget(name: "AdobeTests", dependencies: ["AEPCore", "AEPServices", "AEPMessaging", "InAppCore", "InAppTestSupport",
                                                   "AEPEdge", "AEPEdgeIdentity", "AEPEdgeConsent", "AEPMessagingNotification", "AEPLifecycle", "AEPSignal", "AEPAssurance",
                                                   "AEPIdentity", "AEPUserProfile"]
                    + shims("UIKit", "WebKit", "UserNotifications")),
    // Side-by-side Adobe and Braze integration code behind Compatibility/adobe-vs-braze.md.
    // Also the guides' examples as parallel Swift Testing tests, Appboy's included.
    .testTarget(name: "ComparisonTests", dependencies: ["AEPCore", "AEPServices", "AEPMessaging", "AEPEdge", "AEPEdgeIdentity",
                                                        "BrazeKit", "BrazeUI", "AppboyKit", "AppboyUI", "InAppTestSupport"]
                    + shims("UIKit", "WebKit")),
    .testTarget(name: "BrazeTests", dependencies: ["BrazeKit", "BrazeUI", "BrazeNotificationService", "BrazePushStory", "BrazeLocation",
                                                   "InAppTestSupport", "InAppContent"] + shims("UIKit", "WebKit", "UserNotifications")),
    .testTarget(name: "DeliveryTests", dependencies: ["InAppCore", "InAppTestSupport"]),
    .testTarget(name: "AppboyTests", dependencies: ["AppboyKit", "AppboyUI", "InAppCore", "InAppContent", "InAppTestSupport",
                                                    "Appboy_iOS_SDK", "BrazeKitCompat", "BrazeUICompat", "BrazeKit"]
                    + shims("UIKit", "WebKit", "UserNotifications")),
    // Fuzz regressions, facade concurrency stress, bad-input matrix and leak checks across every facade.
    .testTarget(name: "ReliabilityTests", dependencies: ["AEPCore", "AEPServices", "AEPMessaging", "BrazeKit", "BrazeUI",
                                                        "AppboyKit", "InAppCore", "InAppContent", "InAppRendering",
                                                        "InAppTestSupport"] + shims("UIKit", "WebKit")),
    .testTarget(name: "InAppContentTests", dependencies: ["InAppContent"] + shims("WebKit"), swiftSettings: strict),
    // The HTML Standard's tree-construction cases (html5lib-tests in ../shared), with a ratcheting baseline.
    .testTarget(name: "HTML5LibTests", dependencies: ["InAppContent"], swiftSettings: strict),
    // The `iam` tool's logic (simulate, render, their inputs and traces), run in process through `@testable import iam`.
    .testTarget(name: "IamTests", dependencies: ["iam", "InAppCore", "InAppTestSupport"], swiftSettings: strict),

]

if shimsNeeded {
    targets += [
        // `Selector` for target-action code (UIKit re-exports it); Apple platforms have the real module.
        .target(name: "ObjectiveC", path: "Sources/Shims/ObjectiveC", swiftSettings: strict),
        // `import Testing` + `import UIKit` pulls in Swift Testing's `_Testing_UIKit` overlay (see its source).
        .target(name: "UIKit", dependencies: ["ObjectiveC", "_Testing_UIKit"], path: "Sources/Shims/UIKit", swiftSettings: strict),
        .target(name: "_Testing_UIKit", path: "Sources/Shims/TestingUIKitOverlay", swiftSettings: strict),
        .target(name: "WebKit", dependencies: ["UIKit", "InAppContent"], path: "Sources/Shims/WebKit", swiftSettings: strict),
        // Push notifications: one notification center per environment, delivered and answered by tests.
        .target(name: "UserNotifications", dependencies: ["InAppCore"], path: "Sources/Shims/UserNotifications", swiftSettings: strict),
        // The UIKit stand-in's own behaviour (layout, traits, fonts, images, controls, gestures, controllers).
        .testTarget(name: "UIKitShimTests", dependencies: ["UIKit"]),
    ]
}

let libraries = ["InAppCore", "InAppContent", "InAppRendering", "InAppTestSupport",
                 "AEPCore", "AEPServices", "AEPMessaging", "AEPEdge", "AEPEdgeIdentity", "AEPEdgeConsent", "AEPMessagingNotification", "AEPLifecycle",
                 "AEPSignal", "AEPAssurance", "AEPIdentity", "AEPUserProfile", "BrazeKit", "BrazeUI", "BrazeNotificationService",
                 "BrazePushStory", "BrazeLocation", "AppboyKit", "AppboyUI", "Appboy_iOS_SDK", "BrazeKitCompat", "BrazeUICompat"] + shimNames

let package = Package(
    name: "OpenInApp",
    products: libraries.map { .library(name: $0, targets: [$0]) } + [
        .executable(name: "iam", targets: ["iam"]),
        .executable(name: "openinapp-bench", targets: ["Bench"]),
    ],
    targets: targets,
    swiftLanguageModes: [.v6]
)
