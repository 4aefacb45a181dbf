// Navigation requests, gestures, script messages and the event log of a ContentPage.
import Foundation

/// Why a navigation happens (mirrors WebKit's navigation types).
public enum NavigationType: String, Sendable {
    case linkActivated, formSubmitted, backForward, reload, formResubmitted, other
}

/// A navigation's fate, decided by the page's ``ContentNavigationDelegate``.
public enum NavigationPolicy: Sendable {
    case allow, cancel
}

/// A navigation awaiting or having received a policy decision.
public struct NavigationRequest: Sendable, CustomStringConvertible {
    /// Identifier, unique per page; also returned by the call that started the navigation.
    public let id: Int
    /// Where the navigation goes (`about:blank` for an HTML string loaded without base URL).
    public let url: URL
    /// Why it happens.
    public let type: NavigationType
    /// `GET`, or `POST` for forms that say so.
    public let httpMethod: String
    /// Form body for `POST` submissions.
    public let httpBody: Data?
    /// True when a link or form targets another window (`target="_blank"`); WebKit reports no target frame.
    public let targetsNewWindow: Bool
    /// True for navigations started by ``ContentPage/simulateRedirect(to:html:)``.
    public let isRedirect: Bool
    /// The URL being redirected from.
    public let redirectedFrom: URL?
    /// True when only the fragment changes.
    public let isSameDocument: Bool
    /// The element whose activation caused the navigation, if any.
    public let sourceElement: HTMLNode?

    public var description: String { "#\(id) \(type.rawValue) \(httpMethod) \(url.absoluteString)" }
}

/// Swipe directions for ``ContentPage/swipe(_:)``.
public enum SwipeDirection: String, Sendable, CaseIterable {
    case up, down, left, right
}

/// Gestures on the page as a whole, delivered to ``ContentPage/gestureReceiver``.
public enum ContentGesture: Sendable, Equatable {
    case swipe(SwipeDirection)
    /// A tap outside the content (on the dimmed background around a message).
    case backgroundTap
}

/// A message posted by a script through `webkit.messageHandlers.NAME.postMessage(body)`.
public struct ScriptMessage: Sendable {
    /// The handler name.
    public let name: String
    /// The posted literal.
    public let value: ScriptValue
    /// The page the script ran in.
    public let page: ContentPage?
    /// The element whose `onclick`/`href` ran the script, if any.
    public let sourceElement: HTMLNode?

    /// The body as WebKit delivers it (see ``ScriptValue/foundationValue``; `NSNull` for `undefined`).
    public var body: Any { value.foundationValue ?? NSNull() }
}

/// One entry of a page's event log.
public struct ContentEvent: Sendable, Equatable, CustomStringConvertible {
    /// Position in the log, from 1.
    public let sequence: Int
    /// What happened.
    public let kind: Kind

    /// Everything the page reports.
    public enum Kind: Sendable, Equatable {
        case navigationRequested(id: Int, url: URL, type: NavigationType)
        case navigationAllowed(id: Int)
        case navigationCancelled(id: Int)
        /// A newer navigation replaced this pending one; its decision will be ignored.
        case navigationSuperseded(id: Int)
        /// A decision handler was called again, or after its navigation was superseded.
        case decisionIgnored(id: Int, reason: String)
        case navigationStarted(id: Int)
        case navigationFinished(id: Int, url: URL)
        /// The allowed navigation recorded its URL but loaded nothing (no network).
        case navigationWithoutContent(id: Int, url: URL)
        case navigationFailed(id: Int, reason: String)
        case sameDocumentNavigation(id: Int, url: URL)
        /// An allowed navigation targeting a new window; the page itself stays.
        case newWindowRequested(id: Int, url: URL)
        /// A URL the page refused to navigate to (file outside read access, invalid URL).
        case blocked(url: String, reason: String)
        case scriptRan(source: String)
        case scriptUnsupported(source: String, reason: String)
        case scriptFailed(source: String, reason: String)
        case messagePosted(handler: String, body: String)
        case messageHandlerMissing(handler: String)
        case messageHandlerDuplicate(name: String)
        case bridgeCalled(BridgeCall)
        case bridgeReceiverMissing(BridgeCall)
        case tapped(element: String)
        case tapTargetMissing(target: String)
        case noAction(element: String, reason: String)
        case valueChanged(element: String, value: String)
        case swiped(SwipeDirection)
        case backgroundTapped
        /// A `console.log/info/warn/error/debug` line of the page's JavaScript.
        case console(level: String, message: String)
        /// A script, event handler or timer callback threw, or hit a limit (message, line, column): what a browser
        /// reports to the page's `error` listeners.
        case scriptError(ScriptFailure)
        /// JavaScript the app ran (``ContentPage/evaluate(_:)``, `evaluateJavaScript`) threw or hit a limit. As in
        /// WebKit, the error goes back to the app's completion handler; the page's `error` listeners do not see it.
        case evaluationFailed(ScriptFailure)
        /// A network request the page tried (`fetch`, `XMLHttpRequest`, `<script src>`, `sendBeacon`); it failed as offline.
        case networkBlocked(api: String, url: String)
        /// `alert`/`confirm`/`prompt`: a web view without UI delegate shows nothing (`confirm` answers false, `prompt` null).
        case dialog(kind: String, message: String)
        /// The page used up its script budget (``ScriptLimits/pageTimeLimit``, ``ScriptLimits/callTimeLimit``,
        /// ``ScriptLimits/pageMemoryLimit``): the run under way was stopped, its timers were cancelled and no script of
        /// the document runs again (WebKit's analogue: the web content process is terminated). Logged once per
        /// document; loading a document starts a new budget.
        case scriptsTerminated(ScriptTermination)
    }

    public var description: String { "\(sequence) \(kind)" }
}
