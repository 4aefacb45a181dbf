// A row of segments, one selected. Headless: segments are titles or images in order; selecting one from code
// does not send actions (as in UIKit), `simulateSelect(segment:)` does what a tap does.

/// A horizontal control of segments, one of which is selected.
open class UISegmentedControl: UIControl {
    /// No segment selected.
    public static let noSegment = -1

    private enum Segment { case title(String?), image(UIImage?) }
    private var segments: [Segment] = []
    /// The selected segment's index, or `noSegment`.
    open var selectedSegmentIndex: Int = UISegmentedControl.noSegment
    open var selectedSegmentTintColor: UIColor?
    open var isMomentary = false

    public override init(frame: CGRect) { super.init(frame: frame) }
    /// Segments from strings or images (other items are ignored).
    public init(items: [Any]?) {
        super.init(frame: .zero)
        for item in items ?? [] {
            if let title = item as? String { segments.append(.title(title)) } else if let image = item as? UIImage { segments.append(.image(image)) }
        }
    }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open var numberOfSegments: Int { segments.count }

    open func insertSegment(withTitle title: String?, at segment: Int, animated: Bool) {
        segments.insert(.title(title), at: min(max(segment, 0), segments.count))
    }
    open func insertSegment(with image: UIImage?, at segment: Int, animated: Bool) {
        segments.insert(.image(image), at: min(max(segment, 0), segments.count))
    }
    open func removeSegment(at segment: Int, animated: Bool) {
        guard segments.indices.contains(segment) else { return }
        segments.remove(at: segment)
        if selectedSegmentIndex >= segments.count { selectedSegmentIndex = UISegmentedControl.noSegment }
    }
    open func removeAllSegments() { segments.removeAll(); selectedSegmentIndex = UISegmentedControl.noSegment }
    open func setTitle(_ title: String?, forSegmentAt segment: Int) {
        guard segments.indices.contains(segment) else { return }
        segments[segment] = .title(title)
    }
    open func titleForSegment(at segment: Int) -> String? {
        guard segments.indices.contains(segment), case .title(let t) = segments[segment] else { return nil }
        return t
    }
    open func imageForSegment(at segment: Int) -> UIImage? {
        guard segments.indices.contains(segment), case .image(let i) = segments[segment] else { return nil }
        return i
    }

    /// Selects `segment` as a tap does (headless extra): `.valueChanged` actions run when the selection changes.
    /// An index out of range does nothing.
    public func simulateSelect(segment: Int) {
        guard isEnabled, segments.indices.contains(segment) else { return }
        let changed = selectedSegmentIndex != segment
        selectedSegmentIndex = segment
        if changed || isMomentary { sendActions(for: .valueChanged) }
        if isMomentary { selectedSegmentIndex = UISegmentedControl.noSegment }
    }
}
