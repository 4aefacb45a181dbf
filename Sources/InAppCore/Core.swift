public enum InAppCoreInfo { public static let name = "InAppCore" }
