// Fuzz target: the OpenInApp message JSON decoder (what `iam render` and scenario files read), then the layout and
// SVG of whatever decodes. Built by .ci/fuzz; the modules it needs: InAppCore.
import Foundation
import InAppCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessageJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    guard let message = try? JSONDecoder().decode(InAppMessage.self, from: bytes) else { return 0 }
    for device in [DeviceState(), DeviceState(orientation: .landscapeLeft, appearance: .dark)] {
        if let picture = try? LayoutRenderer().render(message, in: RenderContext(device: device)) {
            _ = picture.svg()
        }
    }
    _ = try? JSONEncoder().encode(message)
    return 0
}
