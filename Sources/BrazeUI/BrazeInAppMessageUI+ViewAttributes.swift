import BrazeKit

extension BrazeInAppMessageUI {
    /// The attributes of the view that will show a message, one case per message kind.
    public enum ViewAttributes: Sendable {
        case slideup(SlideupView.Attributes)
        case modal(ModalView.Attributes)
        case modalImage(ModalImageView.Attributes)
        case full(FullView.Attributes)
        case fullImage(FullImageView.Attributes)
        case html(HtmlView.Attributes)

        // Per-kind access: nil for another kind; setting nil or a value while self is another kind is ignored.

        public var slideup: SlideupView.Attributes? {
            get { if case .slideup(let a) = self { return a }; return nil }
            set { if let newValue, case .slideup = self { self = .slideup(newValue) } }
        }
        public var modal: ModalView.Attributes? {
            get { if case .modal(let a) = self { return a }; return nil }
            set { if let newValue, case .modal = self { self = .modal(newValue) } }
        }
        public var modalImage: ModalImageView.Attributes? {
            get { if case .modalImage(let a) = self { return a }; return nil }
            set { if let newValue, case .modalImage = self { self = .modalImage(newValue) } }
        }
        public var full: FullView.Attributes? {
            get { if case .full(let a) = self { return a }; return nil }
            set { if let newValue, case .full = self { self = .full(newValue) } }
        }
        public var fullImage: FullImageView.Attributes? {
            get { if case .fullImage(let a) = self { return a }; return nil }
            set { if let newValue, case .fullImage = self { self = .fullImage(newValue) } }
        }
        public var html: HtmlView.Attributes? {
            get { if case .html(let a) = self { return a }; return nil }
            set { if let newValue, case .html = self { self = .html(newValue) } }
        }

        /// Each kind's `Attributes.defaults`; nil for control messages.
        public static func defaults(for message: Braze.InAppMessage) -> Self? {
            switch message {
            case .slideup: return .slideup(SlideupView.Attributes.defaults)
            case .modal: return .modal(ModalView.Attributes.defaults)
            case .modalImage: return .modalImage(ModalImageView.Attributes.defaults)
            case .full: return .full(FullView.Attributes.defaults)
            case .fullImage: return .fullImage(FullImageView.Attributes.defaults)
            case .html: return .html(HtmlView.Attributes.defaults)
            case .control: return nil
            }
        }
    }
}
