/// The bar at the top of a navigation controller (title, back button); recorded only.
open class UINavigationBar: UIView {
    /// Whether the bar is translucent (recorded).
    open var isTranslucent = true
    /// The bar's background tint (recorded).
    open var barTintColor: UIColor?
    /// Whether titles are large (recorded).
    open var prefersLargeTitles = false
}
