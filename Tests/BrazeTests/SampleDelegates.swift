import XCTest
import BrazeKit
import BrazeUI
#if canImport(UIKit)
import UIKit
#endif

// The documented samples' delegate code, logic verbatim, hosted in test classes. Differences from the
// sample files: the host class name, and sample 10's `print`s record the values instead (printing optionals
// warns, and the test needs to read them).

/// Sample 06: an empty conformance.
final class Sample06Delegate: BrazeInAppMessageUIDelegate {}

/// Sample 07.
final class Sample07Delegate: BrazeInAppMessageUIDelegate {
    func inAppMessage(
      _ ui: BrazeInAppMessageUI,
      prepareWith context: inout BrazeInAppMessageUI.PresentationContext
    ) {
      context.preferredOrientation = .portrait
    }
}

/// Sample 08, as a function over a message.
func setOrientationSample08(of inAppMessage: inout Braze.InAppMessage, to target: Braze.InAppMessage.Orientation) {
    switch target {
    case .any:
        // Set inAppMessage orientation to support any configuration
        inAppMessage.orientation = .any
    case .portrait:
        // Set inAppMessage orientation to only display in portrait
        inAppMessage.orientation = .portrait
    case .landscape:
        // Set inAppMessage orientation to only display in landscape
        inAppMessage.orientation = .landscape
    }
}

/// Sample 09.
final class Sample09Delegate: BrazeInAppMessageUIDelegate {
    func inAppMessage(
      _ ui: BrazeInAppMessageUI,
      prepareWith context: inout BrazeInAppMessageUI.PresentationContext
    ) {
      switch context.message {
        case .slideup:
          guard var slideup = context.message.slideup else { return }
          slideup.themes.dark = nil
          context.message.slideup = slideup

        case .modal:
          guard var modal = context.message.modal else { return }
          modal.themes.dark = nil
          modal.buttons = modal.buttons.map {
            var newButton = $0
            newButton.themes = .init(themes: ["light": $0.themes.light])
            return newButton
          }
          context.message.modal = modal

        case .modalImage:
          guard var modalImage = context.message.modalImage else { return }
          modalImage.themes.dark = nil
          modalImage.buttons = modalImage.buttons.map {
            var newButton = $0
            newButton.themes = .init(themes: ["light": $0.themes.light])
            return newButton
          }
          context.message.modalImage = modalImage

        case .full:
          guard var full = context.message.full else { return }
          full.themes.dark = nil
          full.buttons = full.buttons.map {
            var newButton = $0
            newButton.themes = .init(themes: ["light": $0.themes.light])
            return newButton
          }
          context.message.full = full

        case .fullImage:
          guard var fullImage = context.message.fullImage else { return }
          fullImage.themes.dark = nil
          fullImage.buttons = fullImage.buttons.map {
            var newButton = $0
            newButton.themes = .init(themes: ["light": $0.themes.light])
            return newButton
          }
          context.message.fullImage = fullImage

        default:
          break
      }
    }
}

/// Sample 10 (records what the sample prints).
final class Sample10Delegate: BrazeInAppMessageUIDelegate {
    var printed: [(id: Int?, text: String?, clickAction: Braze.InAppMessage.ClickAction?)] = []
    var calls = 0

    func inAppMessage(
      _ ui: BrazeInAppMessageUI, shouldProcess clickAction: Braze.InAppMessage.ClickAction,
      buttonId: String?, message: Braze.InAppMessage, view: InAppMessageView
    ) -> Bool {
      calls += 1
      guard let buttonId,
        let idInt = Int(buttonId)
      else { return true }
      var button: BrazeKit.Braze.InAppMessage.Button? = nil

      switch message {
      case .modal(let modal):
        button = modal.buttons[idInt]

      case .modalImage(let modalImage):
        button = modalImage.buttons[idInt]

      case .full(let full):
        button = full.buttons[idInt]

      case .fullImage(let fullImage):
        button = fullImage.buttons[idInt]

      default:
        break
      }

      printed.append((button?.id, button?.text, button?.clickAction))

      return true
    }
}
