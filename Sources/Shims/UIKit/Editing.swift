// Ending text editing in a view tree.

extension UIView {
    /// Makes the first responder in this view or its subviews resign; returns whether one did.
    @discardableResult
    public func endEditing(_ force: Bool) -> Bool {
        if isFirstResponder { return resignFirstResponder() || force }
        for subview in subviews where subview.endEditing(force) { return true }
        return false
    }
}
