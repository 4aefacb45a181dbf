import Foundation
import InAppCore

/// What the presentation engine holds for the Appboy facade: the app-facing object and the core snapshot taken
/// when it entered the engine.
struct AppboyMessage: PresentableMessage, @unchecked Sendable {
    let object: ABKInAppMessage
    let core: InAppMessage

    init(_ object: ABKInAppMessage) {
        self.object = object
        self.core = object.coreMessage
    }

    init(core: InAppMessage, environment: MessagingEnvironment) {
        self.object = ABKInAppMessage.make(from: core, environment: environment)
        self.core = core
    }

    var messageID: MessageID { core.id }
    var supportedOrientations: OrientationSupport { core.supportedOrientations }
    var closeBehavior: CloseBehavior { core.closeBehavior }
    var expiresAt: TimeInterval? { core.expiresAt }
}
