// App scaffolding of the Flutter example: generated plugin registrant and credentials.
import Flutter
enum GeneratedPluginRegistrant { static func register(with registry: FlutterPluginRegistry) {} }
