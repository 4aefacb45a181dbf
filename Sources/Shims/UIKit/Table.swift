// Table views, headless: the table asks its data source for sections, rows and cells when a test calls
// `reloadData()` or reads `visibleCells`; nothing scrolls.

extension IndexPath {
    /// A table index path (UIKit's addition to Foundation).
    public init(row: Int, section: Int) { self.init(indexes: [section, row]) }
    public init(item: Int, section: Int) { self.init(indexes: [section, item]) }
    public var section: Int { get { self[0] } set { self[0] = newValue } }
    public var row: Int { get { self[1] } set { self[1] = newValue } }
    public var item: Int { get { self[1] } set { self[1] = newValue } }
}

/// Supplies a table's content.
public protocol UITableViewDataSource: AnyObject {
    func numberOfSections(in tableView: UITableView) -> Int
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
}
extension UITableViewDataSource {
    public func numberOfSections(in tableView: UITableView) -> Int { 1 }
    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
}

/// Hears a table's selections (all optional).
public protocol UITableViewDelegate: AnyObject {
    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath)
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat
}
extension UITableViewDelegate {
    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { UITableView.automaticDimension }
}

/// A list of rows in sections.
open class UITableView: UIScrollView {
    public enum Style: Int, Sendable { case plain, grouped, insetGrouped }
    public enum RowAnimation: Int, Sendable { case fade, right, left, top, bottom, none, middle, automatic = 100 }
    public enum ScrollPosition: Int, Sendable { case none, top, middle, bottom }
    public static let automaticDimension: CGFloat = -1

    public let style: Style
    open weak var dataSource: (any UITableViewDataSource)?
    open weak var delegate: (any UITableViewDelegate)?
    open var rowHeight: CGFloat = UITableView.automaticDimension
    open var estimatedRowHeight: CGFloat = UITableView.automaticDimension
    open var sectionHeaderHeight: CGFloat = UITableView.automaticDimension
    open var separatorStyle: UITableViewCell.SeparatorStyle = .singleLine
    open var separatorColor: UIColor?
    open var allowsSelection = true
    open var tableHeaderView: UIView?
    open var tableFooterView: UIView?
    open private(set) var indexPathForSelectedRow: IndexPath?
    private var registered: [String: () -> UITableViewCell] = [:]
    private var reusable: [String: [UITableViewCell]] = [:]
    /// Cells made by the last `reloadData()`, by index path.
    public private(set) var loadedCells: [IndexPath: UITableViewCell] = [:]

    public init(frame: CGRect, style: Style) { self.style = style; super.init(frame: frame) }
    public override init(frame: CGRect) { style = .plain; super.init(frame: frame) }
    public required init?(coder: NSCoder) { style = .plain; super.init(coder: coder) }

    /// Registers a cell class. Headless, only `UITableViewCell` itself can be made from a class (Swift cannot
    /// call a subclass's non-required initializer through its type): register subclasses with
    /// `register(forCellReuseIdentifier:make:)` so dequeuing gives instances of them.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registered[identifier] = { UITableViewCell(style: .default, reuseIdentifier: identifier) }
    }
    /// Registers how to make the cells of `identifier` (headless extra, the runnable form of a class registration).
    public func register(forCellReuseIdentifier identifier: String, make: @escaping () -> UITableViewCell) {
        registered[identifier] = make
    }
    /// A reusable cell, or a new one from the registration, or nil when nothing is registered.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if var pool = reusable[identifier], let cell = pool.popLast() { reusable[identifier] = pool; cell.prepareForReuse(); return cell }
        return registered[identifier].map { $0() }
    }
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        dequeueReusableCell(withIdentifier: identifier) ?? UITableViewCell(style: .default, reuseIdentifier: identifier)
    }
    open var numberOfSections: Int { dataSource?.numberOfSections(in: self) ?? 0 }
    open func numberOfRows(inSection section: Int) -> Int { dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0 }
    /// Asks the data source for every cell again.
    open func reloadData() {
        for (_, cell) in loadedCells { if let id = cell.reuseIdentifier { reusable[id, default: []].append(cell) } }
        loadedCells = [:]
        guard let dataSource else { return }
        for s in 0..<dataSource.numberOfSections(in: self) {
            for r in 0..<dataSource.tableView(self, numberOfRowsInSection: s) {
                let path = IndexPath(row: r, section: s)
                loadedCells[path] = dataSource.tableView(self, cellForRowAt: path)
            }
        }
    }
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? { loadedCells[indexPath] }
    open var visibleCells: [UITableViewCell] {
        if loadedCells.isEmpty { reloadData() }
        return loadedCells.sorted { $0.key < $1.key }.map(\.value)
    }
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) { indexPathForSelectedRow = indexPath }
    open func deselectRow(at indexPath: IndexPath, animated: Bool) { if indexPathForSelectedRow == indexPath { indexPathForSelectedRow = nil } }
    /// Selects the row and tells the delegate, as a tap would (headless extra).
    public func simulateSelectRow(at indexPath: IndexPath) {
        guard allowsSelection else { return }
        indexPathForSelectedRow = indexPath
        delegate?.tableView(self, didSelectRowAt: indexPath)
    }
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { reloadData() }
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { reloadData() }
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) { reloadData() }
    open func beginUpdates() {}
    open func endUpdates() { reloadData() }
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {}
}

/// One row of a table.
open class UITableViewCell: UIView {
    public enum CellStyle: Int, Sendable { case `default`, value1, value2, subtitle }
    public enum SelectionStyle: Int, Sendable { case none, blue, gray, `default` }
    public enum AccessoryType: Int, Sendable { case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton }
    public enum SeparatorStyle: Int, Sendable { case none, singleLine }

    public let reuseIdentifier: String?
    public let cellStyle: CellStyle
    public let contentView = UIView()
    open var textLabel: UILabel?
    open var detailTextLabel: UILabel?
    open var imageView: UIImageView? = UIImageView(frame: .zero)
    open var accessoryType: AccessoryType = .none
    open var accessoryView: UIView?
    open var selectionStyle: SelectionStyle = .default
    open var indentationLevel = 0
    open var indentationWidth: CGFloat = 10
    open var isSelected = false
    open var isHighlighted = false
    open var separatorInset = UIEdgeInsets(top: 0, left: 16, bottom: 0, right: 0)

    public init(style: CellStyle, reuseIdentifier: String?) {
        cellStyle = style; self.reuseIdentifier = reuseIdentifier
        super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
        addSubview(contentView)
        let text = UILabel(); textLabel = text; contentView.addSubview(text)
        if style != .default { let detail = UILabel(); detailTextLabel = detail; contentView.addSubview(detail) }
    }
    public required init?(coder: NSCoder) { cellStyle = .default; reuseIdentifier = nil; super.init(coder: coder) }
    open func prepareForReuse() {}
    open func setSelected(_ selected: Bool, animated: Bool) { isSelected = selected }
    open func setHighlighted(_ highlighted: Bool, animated: Bool) { isHighlighted = highlighted }
}

/// A controller whose view is a table, acting as its data source and delegate.
open class UITableViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    public let tableStyle: UITableView.Style
    open var clearsSelectionOnViewWillAppear = true
    public init(style: UITableView.Style) { tableStyle = style; super.init(nibName: nil, bundle: nil) }
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        tableStyle = .plain; super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }
    public required init?(coder: NSCoder) { tableStyle = .plain; super.init(coder: coder) }

    /// The table (the controller's view).
    open var tableView: UITableView! {
        get { view as? UITableView }
        set { view = newValue }
    }
    open override func loadView() {
        let table = UITableView(frame: UIScreen.main.bounds, style: tableStyle)
        table.dataSource = self; table.delegate = self
        view = table
    }
    open func numberOfSections(in tableView: UITableView) -> Int { 1 }
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
    open func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
}
