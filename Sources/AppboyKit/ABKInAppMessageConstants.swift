import Foundation

/// Red component of the default icon colour and button background, RGB(0, 115, 213).
public let RedValueOfDefaultIconColorAndButtonBgColor: CGFloat = 0
/// Green component of the default icon colour and button background.
public let GreenValueOfDefaultIconColorAndButtonBgColor: CGFloat = 115.0 / 255.0
/// Blue component of the default icon colour and button background.
public let BlueValueOfDefaultIconColorAndButtonBgColor: CGFloat = 213.0 / 255.0
/// Alpha of the default icon colour and button background.
public let AlphaValueOfDefaultIconColorAndButtonBgColor: CGFloat = 1
