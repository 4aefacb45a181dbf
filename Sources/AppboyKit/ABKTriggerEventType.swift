/// The kind of event that found no matching trigger.
public enum ABKTriggerEventType: Int, Sendable {
    case sessionStart = 0
    case customEvent = 1
    case purchase = 2
    case other = 3
}
