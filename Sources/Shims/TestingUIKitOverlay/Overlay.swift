// Swift Testing declares a cross-import overlay for UIKit: a file that imports both `Testing` and `UIKit` also
// imports `_Testing_UIKit`. Apple platforms ship that module with UIKit; the Linux toolchain lists the overlay but
// has no module for it, so with our UIKit shim a test file importing both would fail ("no such module
// '_Testing_UIKit'"). This empty module, built next to the shim, satisfies the lookup. It adds nothing.
