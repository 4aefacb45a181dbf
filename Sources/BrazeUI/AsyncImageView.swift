import BrazeKit
import Foundation
import UIKit

/// An image that arrives later: a spinner while it loads, a retry button when it failed, the image when it
/// is there. Headless: nothing is fetched; `imageLoad` records the state and the loaded image's URL and size
/// (the view keeps the image's aspect ratio).
open class AsyncImageView: UIView {
    /// Where a load stands.
    public enum ImageLoad {
        /// Loading; cancel it with the cancellable.
        case loading(Braze.Cancellable)
        /// The load failed.
        case failed(any Error)
        /// The image at the (local) URL, of that size.
        case success(URL, CGSize)
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(imageView)
        addSubview(activityIndicator)
        addSubview(retryButton)
        updateState()
    }

    @available(*, unavailable)
    public required init?(coder: NSCoder) { nil }

    /// A fixed width / height ratio (nil: the loaded image's).
    public var fixedAspectRatio: Double? {
        didSet { updateAspectRatio() }
    }
    /// The width / height ratio the view keeps.
    public var aspectRatio: Double = 1.0

    /// Recomputes `aspectRatio` from `fixedAspectRatio` or the loaded image.
    open func updateAspectRatio() {
        if let fixedAspectRatio, fixedAspectRatio > 0 { aspectRatio = fixedAspectRatio; return }
        if case .success(_, let size) = imageLoad, size.width > 0, size.height > 0 { aspectRatio = Double(size.width / size.height) }
    }

    /// The load shown; setting it updates the spinner, retry button and image.
    public var imageLoad: ImageLoad? {
        didSet { updateState() }
    }

    /// Test API: the URL of the image shown (nil while loading, after a failure, or with no load).
    public var imageURL: URL? {
        if case .success(let url, _) = imageLoad { return url }
        return nil
    }

    /// Shows the image.
    public let imageView: UIView = UIImageView(image: nil)
    /// Shown while loading.
    public let activityIndicator = UIActivityIndicatorView()
    /// The image's corner radius (nil: none).
    public var imageCornerRadius: Double? {
        didSet { imageView.layer.cornerRadius = imageCornerRadius ?? 0 }
    }
    /// Called when the user taps the retry button.
    public var retry: (() -> Void)?
    /// Shown after a failure; a tap calls `retry`.
    public lazy var retryButton: UIButton = UIButton(type: .system)

    private func updateState() {
        switch imageLoad {
        case .none, .loading:
            imageView.isHidden = true; retryButton.isHidden = true; activityIndicator.isHidden = false
        case .failed:
            imageView.isHidden = true; retryButton.isHidden = false; activityIndicator.isHidden = true
        case .success:
            imageView.isHidden = false; retryButton.isHidden = true; activityIndicator.isHidden = true
        }
        updateAspectRatio()
    }
}
