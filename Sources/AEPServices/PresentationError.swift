import Foundation

/// Why a show attempt failed (AEPServices `PresentationError`): `getReason()` is `"Conflict"` when another
/// message was displayed, `"SuppressedByAppDeveloper"` when the delegate's `shouldShowMessage` said no.
public class PresentationError: NSObject, @unchecked Sendable {
    enum ErrorType: Hashable, Sendable {
        case showFailure(String)
    }

    let type: ErrorType

    init(_ type: ErrorType) {
        self.type = type
        super.init()
    }

    /// Builds a show-failure error with `reason`, so tests can call a listener's `onError` themselves
    /// (the vendor keeps this initializer internal).
    public convenience init(showFailure reason: String) {
        self.init(.showFailure(reason))
    }

    static let CONFLICT = PresentationError(.showFailure("Conflict"))
    static let SUPPRESSED_BY_APP_DEVELOPER = PresentationError(.showFailure("SuppressedByAppDeveloper"))

    public override var description: String { getReason() }

    public override func isEqual(_ object: Any?) -> Bool {
        (object as? PresentationError)?.type == type
    }

    public override var hash: Int { getReason().hashValue }
}

extension PresentationError {
    /// The failure reason.
    public func getReason() -> String {
        switch type {
        case .showFailure(let reason): return reason
        }
    }
}
