/// Where a URL handed to the URL delegate came from.
public enum ABKChannel: Int, Sendable {
    case pushNotificationChannel = 0
    case inAppMessageChannel = 1
    case contentCardChannel = 2
    @available(*, deprecated, message: "not sent any more")
    case unknownChannel = 3
}
