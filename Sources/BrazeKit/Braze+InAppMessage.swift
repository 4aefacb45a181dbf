import Foundation
import InAppCore

extension Braze {
    /// An in-app message: one of seven kinds, each with its own payload. Every payload carries a `Data`
    /// with the fields all kinds share; the enum forwards them (`message.orientation = .portrait` works
    /// whatever the kind).
    ///
    /// Not frozen upstream: switches over it should keep a `default:` / `@unknown default:` branch.
    public enum InAppMessage: Sendable, Equatable, Codable {
        case slideup(Slideup)
        case modal(Modal)
        case modalImage(ModalImage)
        case full(Full)
        case fullImage(FullImage)
        case html(Html)
        case control(Control)

        /// The fields shared by every kind.
        public var data: Data {
            get {
                switch self {
                case .slideup(let m): return m.data
                case .modal(let m): return m.data
                case .modalImage(let m): return m.data
                case .full(let m): return m.data
                case .fullImage(let m): return m.data
                case .html(let m): return m.data
                case .control(let m): return m.data
                }
            }
            set {
                switch self {
                case .slideup(var m): m.data = newValue; self = .slideup(m)
                case .modal(var m): m.data = newValue; self = .modal(m)
                case .modalImage(var m): m.data = newValue; self = .modalImage(m)
                case .full(var m): m.data = newValue; self = .full(m)
                case .fullImage(var m): m.data = newValue; self = .fullImage(m)
                case .html(var m): m.data = newValue; self = .html(m)
                case .control(var m): m.data = newValue; self = .control(m)
                }
            }
        }

        // MARK: Per-kind access (nil when the message is another kind; setting nil or a payload while the
        // message is another kind changes nothing)

        public var slideup: Slideup? {
            get { if case .slideup(let m) = self { return m }; return nil }
            set { if let newValue, case .slideup = self { self = .slideup(newValue) } }
        }
        public var modal: Modal? {
            get { if case .modal(let m) = self { return m }; return nil }
            set { if let newValue, case .modal = self { self = .modal(newValue) } }
        }
        public var modalImage: ModalImage? {
            get { if case .modalImage(let m) = self { return m }; return nil }
            set { if let newValue, case .modalImage = self { self = .modalImage(newValue) } }
        }
        public var full: Full? {
            get { if case .full(let m) = self { return m }; return nil }
            set { if let newValue, case .full = self { self = .full(newValue) } }
        }
        public var fullImage: FullImage? {
            get { if case .fullImage(let m) = self { return m }; return nil }
            set { if let newValue, case .fullImage = self { self = .fullImage(newValue) } }
        }
        public var html: Html? {
            get { if case .html(let m) = self { return m }; return nil }
            set { if let newValue, case .html = self { self = .html(newValue) } }
        }
        public var control: Control? {
            get { if case .control(let m) = self { return m }; return nil }
            set { if let newValue, case .control = self { self = .control(newValue) } }
        }

        // MARK: Forwarded Data fields

        public var clickAction: ClickAction {
            get { data.clickAction }
            set { data.clickAction = newValue }
        }
        public var messageClose: MessageClose { data.messageClose }
        public var orientation: Orientation {
            get { data.orientation }
            set { data.orientation = newValue }
        }
        public var extras: [String: Any] {
            get { data.extras }
            set { data.extras = newValue }
        }
        public var animateIn: Bool {
            get { data.animateIn }
            set { data.animateIn = newValue }
        }
        public var animateOut: Bool {
            get { data.animateOut }
            set { data.animateOut = newValue }
        }
        public var context: Context? { data.context }
        public var isTestSend: Bool { data.isTestSend }

        // MARK: Identity

        /// The id the trace and the presentation engine know the message by: `data.id`, or for local
        /// messages (no id) a stable id made when their `Data` was created.
        package var traceID: MessageID { MessageID(data.id ?? data.localID) }

        /// Whether `other` is the same message: the same `data.id` when both have one, otherwise the same
        /// content (context and local identity ignored).
        public func isApproximatelyEqual(to other: Braze.InAppMessage) -> Bool {
            if let a = data.id, let b = other.data.id { return a == b }
            var x = self, y = other
            x.data.context = nil; y.data.context = nil
            x.data.localID = ""; y.data.localID = ""
            return x == y
        }

        // MARK: Analytics

        /// Logs an impression for this message with `braze` (recorded in the trace).
        public func logImpression(using braze: Braze) {
            braze.environment.trace.record(.analytics, "impression", message: traceID)
        }

        /// Logs a click (of a button when `buttonId` is given) with `braze`. Only logs: the click action is
        /// not carried out.
        public func logClick(buttonId: String?, using braze: Braze) {
            braze.environment.trace.record(.analytics, "click", message: traceID, buttonId.map { ["buttonId": $0] } ?? [:])
        }
    }
}
