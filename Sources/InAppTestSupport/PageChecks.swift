import Foundation
import InAppContent

extension ContentPage {
    /// The page's `console.log`/`info`/`warn`/`error`/`debug` lines so far, in order (what a test of an HTML
    /// message's script usually checks first).
    public var consoleLines: [String] {
        events.compactMap { if case .console(_, let message) = $0.kind { return message } else { return nil } }
    }
}

extension Fixtures {
    /// An HTML message whose script logs what it sees of the screen: `initial <dark> <width>x<height>` at load, then
    /// `changed <dark>` for each colour-scheme change and `resize <width>x<height>` for each size change. Shown on a
    /// simulated device, it tells whether the page follows the device (dark mode, rotation).
    public static let screenProbeHTML = """
    <p>Screen probe</p><script>
    var scheme = matchMedia('(prefers-color-scheme: dark)');
    console.log('initial ' + scheme.matches + ' ' + innerWidth + 'x' + innerHeight);
    scheme.addEventListener('change', function (e) { console.log('changed ' + e.matches); });
    addEventListener('resize', function () { console.log('resize ' + innerWidth + 'x' + innerHeight); });
    </script>
    """
}
