// Scaffolding stand-in for Tealium's remote-command module (only names the Braze remote command uses).
import Foundation
public enum RemoteCommandType { case webview, local(file: String, bundle: Bundle? = nil), remote(url: String) }
public protocol RemoteCommandResponseProtocol { var payload: [String: Any]? { get } }
open class RemoteCommand {
    open var version: String? { nil }
    public let commandId: String
    public init(commandId: String, description: String?, type: RemoteCommandType, completion: @escaping (_ response: RemoteCommandResponseProtocol) -> Void) { self.commandId = commandId }
}
