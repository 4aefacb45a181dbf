import Foundation
import InAppCore

extension Braze {
    /// Logs the device out: removes its push token from the current user's profile on the server (there are no
    /// Live Activities push-to-start tokens headlessly), then, when that succeeded, wipes the SDK's data
    /// (`wipeData()`) and disables the SDK (`enabled = false`; set it back to true on the next login).
    /// On failure nothing is wiped and `completion` gets the failed endpoints' errors. `completion` runs when
    /// the server answers (after `server.latency` on the virtual clock).
    public func logout(completion: ((Result<Void, LogoutErrorResult>) -> Void)? = nil) {
        environment.trace.record(.push, "logout")
        notifications.unregisterPush { [weak self] result in
            guard let self else { return }
            switch result {
            case .success:
                self.wipeData()
                self.enabled = false
                self.environment.trace.record(.push, "loggedOut")
                completion?(.success(()))
            case .failure(let error):
                self.environment.trace.record(.push, "logoutFailed", ["unregisterPush": error.description])
                completion?(.failure(LogoutErrorResult(errors: [.unregisterPush: error])))
            }
        }
    }

    /// `logout(completion:)` as an async call; throws `LogoutErrorResult`.
    public func logout() async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Swift.Error>) in
            logout { result in continuation.resume(with: result.mapError { $0 as any Swift.Error }) }
        }
    }
}
