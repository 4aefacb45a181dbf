// App scaffolding shared by the Braze example apps (their `Sources/Common` folder, which is the demo app's
// table of actions, credentials and a mock-image drawing helper; not integration code). Own stand-ins,
// compiled into each example app module by Compatibility/examples/check.py.
import UIKit

/// The example apps' API key and endpoint placeholders.
let brazeApiKey = "BRAZE_API_KEY"
let brazeEndpoint = "BRAZE_ENDPOINT"

/// The examples' readme screen: a table of actions. Here it only holds the actions.
@MainActor
final class ReadmeViewController: UITableViewController {
    let readme: String
    let actions: [(String, String, @MainActor (ReadmeViewController) -> Void)]
    init(readme: String, actions: [(String, String, @MainActor (ReadmeViewController) -> Void)]) {
        self.readme = readme; self.actions = actions
        super.init(style: .grouped)
    }
    required init?(coder: NSCoder) { nil }
    /// Empties the screen's text fields (the scaffolding draws none here).
    func clearTextFields() {}
}

/// The examples' app window, created by their scaffolding.
nonisolated(unsafe) private var exampleWindow: UIWindow?

extension AppDelegate {
    var window: UIWindow? {
        get { exampleWindow }
        set { exampleWindow = newValue }
    }
}

extension URL {
    /// The examples draw a placeholder PNG into the caches folder; here a fixed file URL of that name.
    static func mockImage(width: CGFloat, height: CGFloat, text: String? = nil, textSize: CGFloat? = nil,
                          textColor: UIColor = .white, backgroundColor: UIColor = .systemBlue,
                          drawCorners: Bool = true) -> URL {
        URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("\(text ?? "mock")-\(Int(width))x\(Int(height)).png")
    }
}

/// The readme screen's extra sections and text-field rows, which some examples add to.
struct ReadmeActionSection {
    let title: String
    let actions: [(String, String, @MainActor (ReadmeViewController) -> Void)]
}
nonisolated(unsafe) var readmeActionSections: [ReadmeActionSection] = []

struct ReadmeTextFieldRow {
    let placeholder: String
    let buttonTitle: String
    let action: @MainActor (String, ReadmeViewController) -> Void
}
nonisolated(unsafe) var readmeTextFieldRows: [ReadmeTextFieldRow] = []
