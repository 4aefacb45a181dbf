// JavaScriptCore's stable C API, loaded at run time. On Linux that is Debian's libjavascriptcoregtk-4.1
// (package libjavascriptcoregtk-4.1-0); on Apple platforms the system JavaScriptCore framework. Nothing
// here needs a header or a package: the few C types are declared below and every function is looked up
// with dlsym, so the package builds (and the subset engine runs) where the library is absent.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// Opaque references of the C API (`JSContextRef`, `JSValueRef`, … are all pointers to opaque structs).
typealias JSContextGroupRef = OpaquePointer
typealias JSContextRef = OpaquePointer
typealias JSValueRef = OpaquePointer
typealias JSObjectRef = OpaquePointer
typealias JSStringRef = OpaquePointer
typealias JSClassRef = OpaquePointer
typealias JSPropertyNameArrayRef = OpaquePointer

/// `JSType`: what `JSValueGetType` answers.
enum JSType: UInt32 {
    case undefined = 0, null, boolean, number, string, object, symbol, bigint
}

/// The C API entry points OpenInApp uses, resolved from one loaded library image.
struct JSCLibrary: @unchecked Sendable {
    typealias CallAsFunction = @convention(c) (JSContextRef?, JSObjectRef?, JSObjectRef?, Int,
                                               UnsafePointer<JSValueRef?>?, UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef?
    typealias Finalize = @convention(c) (JSObjectRef?) -> Void
    typealias GetProperty = @convention(c) (JSContextRef?, JSObjectRef?, JSStringRef?, UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef?
    typealias SetProperty = @convention(c) (JSContextRef?, JSObjectRef?, JSStringRef?, JSValueRef?, UnsafeMutablePointer<JSValueRef?>?) -> Bool
    typealias DeleteProperty = @convention(c) (JSContextRef?, JSObjectRef?, JSStringRef?, UnsafeMutablePointer<JSValueRef?>?) -> Bool
    typealias GetPropertyNames = @convention(c) (JSContextRef?, JSObjectRef?, OpaquePointer?) -> Void
    typealias ShouldTerminate = @convention(c) (JSContextRef?, UnsafeMutableRawPointer?) -> Bool

    let contextGroupCreate: @convention(c) () -> JSContextGroupRef?
    let contextGroupRelease: @convention(c) (JSContextGroupRef?) -> Void
    let globalContextCreateInGroup: @convention(c) (JSContextGroupRef?, JSClassRef?) -> JSContextRef?
    let globalContextRelease: @convention(c) (JSContextRef?) -> Void
    let contextGetGlobalObject: @convention(c) (JSContextRef?) -> JSObjectRef?
    let evaluateScript: @convention(c) (JSContextRef?, JSStringRef?, JSObjectRef?, JSStringRef?, Int32,
                                        UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef?
    let checkScriptSyntax: @convention(c) (JSContextRef?, JSStringRef?, JSStringRef?, Int32,
                                           UnsafeMutablePointer<JSValueRef?>?) -> Bool
    let garbageCollect: @convention(c) (JSContextRef?) -> Void

    let stringCreateWithCharacters: @convention(c) (UnsafePointer<UInt16>?, Int) -> JSStringRef?
    let stringCreateWithUTF8CString: @convention(c) (UnsafePointer<CChar>?) -> JSStringRef?
    let stringRelease: @convention(c) (JSStringRef?) -> Void
    let stringGetLength: @convention(c) (JSStringRef?) -> Int
    let stringGetCharactersPtr: @convention(c) (JSStringRef?) -> UnsafePointer<UInt16>?
    let stringGetMaximumUTF8CStringSize: @convention(c) (JSStringRef?) -> Int
    let stringGetUTF8CString: @convention(c) (JSStringRef?, UnsafeMutablePointer<CChar>?, Int) -> Int

    let valueGetType: @convention(c) (JSContextRef?, JSValueRef?) -> UInt32
    let valueIsArray: @convention(c) (JSContextRef?, JSValueRef?) -> Bool
    let valueIsDate: @convention(c) (JSContextRef?, JSValueRef?) -> Bool
    let valueToBoolean: @convention(c) (JSContextRef?, JSValueRef?) -> Bool
    let valueToNumber: @convention(c) (JSContextRef?, JSValueRef?, UnsafeMutablePointer<JSValueRef?>?) -> Double
    let valueToStringCopy: @convention(c) (JSContextRef?, JSValueRef?, UnsafeMutablePointer<JSValueRef?>?) -> JSStringRef?
    let valueToObject: @convention(c) (JSContextRef?, JSValueRef?, UnsafeMutablePointer<JSValueRef?>?) -> JSObjectRef?
    let valueMakeUndefined: @convention(c) (JSContextRef?) -> JSValueRef?
    let valueMakeNull: @convention(c) (JSContextRef?) -> JSValueRef?
    let valueMakeBoolean: @convention(c) (JSContextRef?, Bool) -> JSValueRef?
    let valueMakeNumber: @convention(c) (JSContextRef?, Double) -> JSValueRef?
    let valueMakeString: @convention(c) (JSContextRef?, JSStringRef?) -> JSValueRef?
    let valueProtect: @convention(c) (JSContextRef?, JSValueRef?) -> Void
    let valueUnprotect: @convention(c) (JSContextRef?, JSValueRef?) -> Void

    let classCreate: @convention(c) (UnsafeRawPointer?) -> JSClassRef?
    let classRelease: @convention(c) (JSClassRef?) -> Void
    let objectMake: @convention(c) (JSContextRef?, JSClassRef?, UnsafeMutableRawPointer?) -> JSObjectRef?
    let objectGetPrivate: @convention(c) (JSObjectRef?) -> UnsafeMutableRawPointer?
    let objectSetPrototype: @convention(c) (JSContextRef?, JSObjectRef?, JSValueRef?) -> Void
    let objectGetPrototype: @convention(c) (JSContextRef?, JSObjectRef?) -> JSValueRef?
    let valueIsObjectOfClass: @convention(c) (JSContextRef?, JSValueRef?, JSClassRef?) -> Bool
    let objectHasProperty: @convention(c) (JSContextRef?, JSObjectRef?, JSStringRef?) -> Bool
    let propertyNameAccumulatorAddName: @convention(c) (OpaquePointer?, JSStringRef?) -> Void
    let objectMakeArray: @convention(c) (JSContextRef?, Int, UnsafePointer<JSValueRef?>?, UnsafeMutablePointer<JSValueRef?>?) -> JSObjectRef?
    let objectGetProperty: @convention(c) (JSContextRef?, JSObjectRef?, JSStringRef?, UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef?
    let objectSetProperty: @convention(c) (JSContextRef?, JSObjectRef?, JSStringRef?, JSValueRef?, UInt32,
                                           UnsafeMutablePointer<JSValueRef?>?) -> Void
    let objectGetPropertyAtIndex: @convention(c) (JSContextRef?, JSObjectRef?, UInt32, UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef?
    let objectSetPropertyAtIndex: @convention(c) (JSContextRef?, JSObjectRef?, UInt32, JSValueRef?, UnsafeMutablePointer<JSValueRef?>?) -> Void
    let objectCopyPropertyNames: @convention(c) (JSContextRef?, JSObjectRef?) -> JSPropertyNameArrayRef?
    let propertyNameArrayGetCount: @convention(c) (JSPropertyNameArrayRef?) -> Int
    let propertyNameArrayGetNameAtIndex: @convention(c) (JSPropertyNameArrayRef?, Int) -> JSStringRef?
    let propertyNameArrayRelease: @convention(c) (JSPropertyNameArrayRef?) -> Void
    let objectIsFunction: @convention(c) (JSContextRef?, JSObjectRef?) -> Bool
    let objectCallAsFunction: @convention(c) (JSContextRef?, JSObjectRef?, JSObjectRef?, Int, UnsafePointer<JSValueRef?>?,
                                              UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef?
    let objectCallAsConstructor: @convention(c) (JSContextRef?, JSObjectRef?, Int, UnsafePointer<JSValueRef?>?,
                                                 UnsafeMutablePointer<JSValueRef?>?) -> JSObjectRef?
    let objectMakeError: @convention(c) (JSContextRef?, Int, UnsafePointer<JSValueRef?>?, UnsafeMutablePointer<JSValueRef?>?) -> JSObjectRef?

    /// `JSContextGroupSetExecutionTimeLimit` (exported by both libraries; private SPI on Apple platforms),
    /// nil when the symbol is missing: scripts then run without a time limit and the engine says so.
    let setExecutionTimeLimit: (@convention(c) (JSContextGroupRef?, Double, ShouldTerminate?, UnsafeMutableRawPointer?) -> Void)?
    let clearExecutionTimeLimit: (@convention(c) (JSContextGroupRef?) -> Void)?

    /// `JSScriptCreateFromString`, `JSScriptEvaluate`, `JSScriptRelease` (exported by both libraries; private SPI on
    /// Apple platforms): a script parsed once per VM and run in many contexts. Nil when missing: the prelude is then
    /// evaluated from its source in every context (correct, about a third of a millisecond slower per page).
    let scriptCreateFromString: (@convention(c) (JSContextGroupRef?, JSStringRef?, Int32, JSStringRef?,
                                                 UnsafeMutablePointer<JSStringRef?>?, UnsafeMutablePointer<Int32>?) -> OpaquePointer?)?
    let scriptEvaluate: (@convention(c) (JSContextRef?, OpaquePointer?, JSValueRef?, UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef?)?
    let scriptRelease: (@convention(c) (OpaquePointer?) -> Void)?
    /// `JSSynchronousGarbageCollectForDebugging` (exported by the GTK library): a full collection, now. Only the
    /// collection stress mode uses it (``JSCEngine/collectsOnEveryDispatchStep``); nil when missing.
    let synchronousGarbageCollect: (@convention(c) (JSContextRef?) -> Void)?

    /// `JSGlobalContextSetIncludesNativeCallStackWhenReportingExceptions` (exported by both libraries; private SPI on
    /// Apple platforms). An exception that leaves the engine through the C API is reported to the context's
    /// inspector, by default with the native call stack, symbolized (≈ 0.4 M instructions per exception); a page's
    /// errors never need that stack. Nil when missing: exceptions then cost that much, and nothing else changes.
    let setIncludesNativeCallStack: (@convention(c) (JSContextRef?, Bool) -> Void)?

    /// Where the library was loaded from (kept as a C string, so that the table is plain data: native members copy it
    /// on every call, and a copy with a reference in it would retain and release).
    private let pathCString: UnsafePointer<CChar>
    var path: String { String(cString: pathCString) }

    /// The library file names tried, in order.
    static var candidates: [String] {
        #if canImport(Darwin)
        return ["/System/Library/Frameworks/JavaScriptCore.framework/JavaScriptCore"]
        #else
        return ["libjavascriptcoregtk-4.1.so.0", "/usr/lib/x86_64-linux-gnu/libjavascriptcoregtk-4.1.so.0",
                "/usr/lib/aarch64-linux-gnu/libjavascriptcoregtk-4.1.so.0", "libjavascriptcoregtk-4.0.so.18"]
        #endif
    }

    /// The command that installs the library where it is missing.
    static let installHint = "apt-get install libjavascriptcoregtk-4.1-0"

    /// The library, loaded once per process (`dlopen` is process-wide anyway), or why it could not be.
    static let shared: Result<JSCLibrary, JSCLoadError> = load()

    /// Engine options set before the first VM exists, each unless the environment already sets it (`JSC_<name>`).
    /// A message's page lives for milliseconds and most of its functions run a handful of times, so compiling them
    /// to machine code is work that never pays back (measured: Docs/Benchmarks.md); the baseline JIT is kept for
    /// code that runs very often (a long loop), so such a page is not slowed down. Through the GLib API's
    /// `jsc_options_set_int` (Linux); the system framework on Apple platforms is left as it is.
    static let engineOptions: [(name: String, value: Int32)] = [
        ("thresholdForJITAfterWarmUp", 100_000),
        ("thresholdForJITSoon", 100_000),
    ]

    /// Boolean engine options, set as ``engineOptions`` are. `usePollingTraps`: code the engine compiled to machine
    /// code checks for a termination request at every loop back-edge, instead of being stopped by a signal. With
    /// signals, a page's endless loop was stopped the first time (interpreted) but not once the loop had been compiled
    /// (the second tap on a `for(;;){}` handler ran for ever); polling stops it on every entry (ContainmentTests).
    static let engineFlags: [(name: String, value: Bool)] = [
        ("usePollingTraps", true),
    ]

    private static func tuneEngine(_ handle: UnsafeMutableRawPointer) {
        #if !canImport(Darwin)
        typealias SetInt = @convention(c) (UnsafePointer<CChar>?, Int32) -> Int32
        if let p = dlsym(handle, "jsc_options_set_int") {
            let setInt = unsafeBitCast(p, to: SetInt.self)
            for option in engineOptions where getenv("JSC_" + option.name) == nil {
                _ = option.name.withCString { setInt($0, option.value) }
            }
        }
        if let p = dlsym(handle, "jsc_options_set_boolean") {
            let setBool = unsafeBitCast(p, to: SetInt.self)   // gboolean is an int
            for flag in engineFlags where getenv("JSC_" + flag.name) == nil {
                _ = flag.name.withCString { setBool($0, flag.value ? 1 : 0) }
            }
        }
        #endif
    }

    static func load() -> Result<JSCLibrary, JSCLoadError> {
        if ProcessInfo.processInfo.environment["OPENINAPP_NO_JSC"] != nil {
            return .failure(JSCLoadError(reason: "disabled by OPENINAPP_NO_JSC"))
        }
        var handle: UnsafeMutableRawPointer?
        var loadedPath = ""
        var lastError = "not found"
        for name in candidates {
            if let h = dlopen(name, RTLD_NOW | RTLD_LOCAL) { handle = h; loadedPath = name; break }
            if let e = dlerror() { lastError = String(cString: e) }
        }
        guard let handle else { return .failure(JSCLoadError(reason: lastError)) }
        tuneEngine(handle)
        var missing: [String] = []
        func sym<T>(_ name: String, _: T.Type) -> T? {
            guard let p = dlsym(handle, name) else { missing.append(name); return nil }
            return unsafeBitCast(p, to: T.self)
        }
        func optionalSym<T>(_ name: String, _: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
        }
        let lib = JSCLibrary(
            contextGroupCreate: sym("JSContextGroupCreate", (@convention(c) () -> JSContextGroupRef?).self) ?? { nil },
            contextGroupRelease: sym("JSContextGroupRelease", (@convention(c) (JSContextGroupRef?) -> Void).self) ?? { _ in },
            globalContextCreateInGroup: sym("JSGlobalContextCreateInGroup", (@convention(c) (JSContextGroupRef?, JSClassRef?) -> JSContextRef?).self) ?? { _, _ in nil },
            globalContextRelease: sym("JSGlobalContextRelease", (@convention(c) (JSContextRef?) -> Void).self) ?? { _ in },
            contextGetGlobalObject: sym("JSContextGetGlobalObject", (@convention(c) (JSContextRef?) -> JSObjectRef?).self) ?? { _ in nil },
            evaluateScript: sym("JSEvaluateScript", (@convention(c) (JSContextRef?, JSStringRef?, JSObjectRef?, JSStringRef?, Int32, UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef?).self) ?? { _, _, _, _, _, _ in nil },
            checkScriptSyntax: sym("JSCheckScriptSyntax", (@convention(c) (JSContextRef?, JSStringRef?, JSStringRef?, Int32, UnsafeMutablePointer<JSValueRef?>?) -> Bool).self) ?? { _, _, _, _, _ in false },
            garbageCollect: sym("JSGarbageCollect", (@convention(c) (JSContextRef?) -> Void).self) ?? { _ in },
            stringCreateWithCharacters: sym("JSStringCreateWithCharacters", (@convention(c) (UnsafePointer<UInt16>?, Int) -> JSStringRef?).self) ?? { _, _ in nil },
            stringCreateWithUTF8CString: sym("JSStringCreateWithUTF8CString", (@convention(c) (UnsafePointer<CChar>?) -> JSStringRef?).self) ?? { _ in nil },
            stringRelease: sym("JSStringRelease", (@convention(c) (JSStringRef?) -> Void).self) ?? { _ in },
            stringGetLength: sym("JSStringGetLength", (@convention(c) (JSStringRef?) -> Int).self) ?? { _ in 0 },
            stringGetCharactersPtr: sym("JSStringGetCharactersPtr", (@convention(c) (JSStringRef?) -> UnsafePointer<UInt16>?).self) ?? { _ in nil },
            stringGetMaximumUTF8CStringSize: sym("JSStringGetMaximumUTF8CStringSize", (@convention(c) (JSStringRef?) -> Int).self) ?? { _ in 0 },
            stringGetUTF8CString: sym("JSStringGetUTF8CString", (@convention(c) (JSStringRef?, UnsafeMutablePointer<CChar>?, Int) -> Int).self) ?? { _, _, _ in 0 },
            valueGetType: sym("JSValueGetType", (@convention(c) (JSContextRef?, JSValueRef?) -> UInt32).self) ?? { _, _ in 0 },
            valueIsArray: sym("JSValueIsArray", (@convention(c) (JSContextRef?, JSValueRef?) -> Bool).self) ?? { _, _ in false },
            valueIsDate: sym("JSValueIsDate", (@convention(c) (JSContextRef?, JSValueRef?) -> Bool).self) ?? { _, _ in false },
            valueToBoolean: sym("JSValueToBoolean", (@convention(c) (JSContextRef?, JSValueRef?) -> Bool).self) ?? { _, _ in false },
            valueToNumber: sym("JSValueToNumber", (@convention(c) (JSContextRef?, JSValueRef?, UnsafeMutablePointer<JSValueRef?>?) -> Double).self) ?? { _, _, _ in .nan },
            valueToStringCopy: sym("JSValueToStringCopy", (@convention(c) (JSContextRef?, JSValueRef?, UnsafeMutablePointer<JSValueRef?>?) -> JSStringRef?).self) ?? { _, _, _ in nil },
            valueToObject: sym("JSValueToObject", (@convention(c) (JSContextRef?, JSValueRef?, UnsafeMutablePointer<JSValueRef?>?) -> JSObjectRef?).self) ?? { _, _, _ in nil },
            valueMakeUndefined: sym("JSValueMakeUndefined", (@convention(c) (JSContextRef?) -> JSValueRef?).self) ?? { _ in nil },
            valueMakeNull: sym("JSValueMakeNull", (@convention(c) (JSContextRef?) -> JSValueRef?).self) ?? { _ in nil },
            valueMakeBoolean: sym("JSValueMakeBoolean", (@convention(c) (JSContextRef?, Bool) -> JSValueRef?).self) ?? { _, _ in nil },
            valueMakeNumber: sym("JSValueMakeNumber", (@convention(c) (JSContextRef?, Double) -> JSValueRef?).self) ?? { _, _ in nil },
            valueMakeString: sym("JSValueMakeString", (@convention(c) (JSContextRef?, JSStringRef?) -> JSValueRef?).self) ?? { _, _ in nil },
            valueProtect: sym("JSValueProtect", (@convention(c) (JSContextRef?, JSValueRef?) -> Void).self) ?? { _, _ in },
            valueUnprotect: sym("JSValueUnprotect", (@convention(c) (JSContextRef?, JSValueRef?) -> Void).self) ?? { _, _ in },
            classCreate: sym("JSClassCreate", (@convention(c) (UnsafeRawPointer?) -> JSClassRef?).self) ?? { _ in nil },
            classRelease: sym("JSClassRelease", (@convention(c) (JSClassRef?) -> Void).self) ?? { _ in },
            objectMake: sym("JSObjectMake", (@convention(c) (JSContextRef?, JSClassRef?, UnsafeMutableRawPointer?) -> JSObjectRef?).self) ?? { _, _, _ in nil },
            objectGetPrivate: sym("JSObjectGetPrivate", (@convention(c) (JSObjectRef?) -> UnsafeMutableRawPointer?).self) ?? { _ in nil },
            objectSetPrototype: sym("JSObjectSetPrototype", (@convention(c) (JSContextRef?, JSObjectRef?, JSValueRef?) -> Void).self) ?? { _, _, _ in },
            objectGetPrototype: sym("JSObjectGetPrototype", (@convention(c) (JSContextRef?, JSObjectRef?) -> JSValueRef?).self) ?? { _, _ in nil },
            valueIsObjectOfClass: sym("JSValueIsObjectOfClass", (@convention(c) (JSContextRef?, JSValueRef?, JSClassRef?) -> Bool).self) ?? { _, _, _ in false },
            objectHasProperty: sym("JSObjectHasProperty", (@convention(c) (JSContextRef?, JSObjectRef?, JSStringRef?) -> Bool).self) ?? { _, _, _ in false },
            propertyNameAccumulatorAddName: sym("JSPropertyNameAccumulatorAddName", (@convention(c) (OpaquePointer?, JSStringRef?) -> Void).self) ?? { _, _ in },
            objectMakeArray: sym("JSObjectMakeArray", (@convention(c) (JSContextRef?, Int, UnsafePointer<JSValueRef?>?, UnsafeMutablePointer<JSValueRef?>?) -> JSObjectRef?).self) ?? { _, _, _, _ in nil },
            objectGetProperty: sym("JSObjectGetProperty", (@convention(c) (JSContextRef?, JSObjectRef?, JSStringRef?, UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef?).self) ?? { _, _, _, _ in nil },
            objectSetProperty: sym("JSObjectSetProperty", (@convention(c) (JSContextRef?, JSObjectRef?, JSStringRef?, JSValueRef?, UInt32, UnsafeMutablePointer<JSValueRef?>?) -> Void).self) ?? { _, _, _, _, _, _ in },
            objectGetPropertyAtIndex: sym("JSObjectGetPropertyAtIndex", (@convention(c) (JSContextRef?, JSObjectRef?, UInt32, UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef?).self) ?? { _, _, _, _ in nil },
            objectSetPropertyAtIndex: sym("JSObjectSetPropertyAtIndex", (@convention(c) (JSContextRef?, JSObjectRef?, UInt32, JSValueRef?, UnsafeMutablePointer<JSValueRef?>?) -> Void).self) ?? { _, _, _, _, _ in },
            objectCopyPropertyNames: sym("JSObjectCopyPropertyNames", (@convention(c) (JSContextRef?, JSObjectRef?) -> JSPropertyNameArrayRef?).self) ?? { _, _ in nil },
            propertyNameArrayGetCount: sym("JSPropertyNameArrayGetCount", (@convention(c) (JSPropertyNameArrayRef?) -> Int).self) ?? { _ in 0 },
            propertyNameArrayGetNameAtIndex: sym("JSPropertyNameArrayGetNameAtIndex", (@convention(c) (JSPropertyNameArrayRef?, Int) -> JSStringRef?).self) ?? { _, _ in nil },
            propertyNameArrayRelease: sym("JSPropertyNameArrayRelease", (@convention(c) (JSPropertyNameArrayRef?) -> Void).self) ?? { _ in },
            objectIsFunction: sym("JSObjectIsFunction", (@convention(c) (JSContextRef?, JSObjectRef?) -> Bool).self) ?? { _, _ in false },
            objectCallAsFunction: sym("JSObjectCallAsFunction", (@convention(c) (JSContextRef?, JSObjectRef?, JSObjectRef?, Int, UnsafePointer<JSValueRef?>?, UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef?).self) ?? { _, _, _, _, _, _ in nil },
            objectCallAsConstructor: sym("JSObjectCallAsConstructor", (@convention(c) (JSContextRef?, JSObjectRef?, Int, UnsafePointer<JSValueRef?>?, UnsafeMutablePointer<JSValueRef?>?) -> JSObjectRef?).self) ?? { _, _, _, _, _ in nil },
            objectMakeError: sym("JSObjectMakeError", (@convention(c) (JSContextRef?, Int, UnsafePointer<JSValueRef?>?, UnsafeMutablePointer<JSValueRef?>?) -> JSObjectRef?).self) ?? { _, _, _, _ in nil },
            setExecutionTimeLimit: optionalSym("JSContextGroupSetExecutionTimeLimit", (@convention(c) (JSContextGroupRef?, Double, ShouldTerminate?, UnsafeMutableRawPointer?) -> Void).self),
            clearExecutionTimeLimit: optionalSym("JSContextGroupClearExecutionTimeLimit", (@convention(c) (JSContextGroupRef?) -> Void).self),
            scriptCreateFromString: optionalSym("JSScriptCreateFromString", (@convention(c) (JSContextGroupRef?, JSStringRef?, Int32, JSStringRef?, UnsafeMutablePointer<JSStringRef?>?, UnsafeMutablePointer<Int32>?) -> OpaquePointer?).self),
            scriptEvaluate: optionalSym("JSScriptEvaluate", (@convention(c) (JSContextRef?, OpaquePointer?, JSValueRef?, UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef?).self),
            scriptRelease: optionalSym("JSScriptRelease", (@convention(c) (OpaquePointer?) -> Void).self),
            synchronousGarbageCollect: optionalSym("JSSynchronousGarbageCollectForDebugging", (@convention(c) (JSContextRef?) -> Void).self),
            setIncludesNativeCallStack: optionalSym("JSGlobalContextSetIncludesNativeCallStackWhenReportingExceptions",
                                                    (@convention(c) (JSContextRef?, Bool) -> Void).self),
            pathCString: UnsafePointer(strdup(loadedPath) ?? strdup("")!))
        guard missing.isEmpty else {
            dlclose(handle)
            return .failure(JSCLoadError(reason: "\(loadedPath) lacks \(missing.joined(separator: ", "))"))
        }
        return .success(lib)
    }

    // MARK: Strings

    /// A new `JSStringRef` holding `s` (the caller releases it).
    func makeString(_ s: String) -> JSStringRef? {
        // Swift strings are valid UTF-8: without NUL bytes they pass as C strings, which JavaScriptCore keeps
        // as 8-bit strings when they are ASCII (no UTF-16 copy here, a faster parse and hash there).
        var s = s
        if !s.withUTF8({ $0.contains(0) }) { return s.withCString { stringCreateWithUTF8CString($0) } }
        let units = Array(s.utf16)
        return units.withUnsafeBufferPointer { stringCreateWithCharacters($0.baseAddress, $0.count) }
    }

    /// The Swift string of a `JSStringRef` (not released).
    func string(_ ref: JSStringRef?) -> String {
        guard let ref, stringGetLength(ref) > 0 else { return "" }
        // As UTF-8 (the engine keeps most strings as 8-bit ones: no UTF-16 copy is made), on the stack when short.
        let capacity = stringGetMaximumUTF8CStringSize(ref)
        if capacity <= 512 {
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: max(capacity, 1)) { buffer in
                utf8String(ref, into: buffer)
            }
        }
        let buffer = UnsafeMutableBufferPointer<CChar>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        return utf8String(ref, into: buffer)
    }

    /// Through UTF-16, lone surrogates becoming U+FFFD (JavaScript strings need not be valid Unicode).
    private func utf16String(_ ref: JSStringRef) -> String {
        let n = stringGetLength(ref)
        guard n > 0, let p = stringGetCharactersPtr(ref) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: p, count: n), as: UTF16.self)
    }

    private func utf8String(_ ref: JSStringRef, into buffer: UnsafeMutableBufferPointer<CChar>) -> String {
        let written = stringGetUTF8CString(ref, buffer.baseAddress, buffer.count)   // counts the closing NUL
        guard written > 1, let base = buffer.baseAddress else { return utf16String(ref) }
        return base.withMemoryRebound(to: UInt8.self, capacity: written - 1) { p in
            let bytes = UnsafeBufferPointer(start: p, count: written - 1)
            // The engine stops converting at a lone surrogate: then the UTF-8 holds fewer UTF-16 units than the
            // string (one byte per unit means all of it was ASCII, the usual case, with nothing to count).
            let units = stringGetLength(ref)
            if bytes.count != units {
                var counted = 0
                for b in bytes where b & 0xC0 != 0x80 { counted += b >= 0xF0 ? 2 : 1 }
                if counted != units { return utf16String(ref) }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// `value` as an object, nil when it is not one (no wrapper object is made for a primitive).
    func object(_ ctx: JSContextRef?, _ value: JSValueRef?) -> JSObjectRef? {
        guard let value, valueGetType(ctx, value) == JSType.object.rawValue else { return nil }
        return valueToObject(ctx, value, nil)
    }

    /// Runs `body` with a temporary `JSStringRef`.
    func withString<T>(_ s: String, _ body: (JSStringRef?) -> T) -> T {
        let ref = makeString(s)
        defer { stringRelease(ref) }
        return body(ref)
    }
}

/// Why JavaScriptCore could not be loaded.
public struct JSCLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What `dlopen`/`dlsym` said.
    public let reason: String
    public var description: String { "JavaScriptCore not loaded (\(reason))" }
}

/// JavaScriptCore's own lock, held across a stretch of C API calls. The engine releases its lock before it calls a
/// native callback (a host function, a native DOM member), and every C API call then takes and releases it again,
/// which costs more than most calls' own work (each first acquisition readies the thread for the heap). Holding it
/// once around a callback's body makes the calls inside nest instead. Through `JSC::JSLockHolder`, which both
/// libraries export; where it is missing, the calls take the lock one by one as before.
enum JSCLock {
    private typealias Make = @convention(c) (UnsafeMutableRawPointer?, JSContextRef?) -> Void
    private typealias Release = @convention(c) (UnsafeMutableRawPointer?) -> Void
    private struct Entry: @unchecked Sendable { let make: Make; let release: Release }
    private static let entry: Entry? = {
        guard case .success(let lib) = JSCLibrary.shared, let handle = dlopen(lib.path, RTLD_NOW | RTLD_NOLOAD),
              let make = dlsym(handle, "_ZN3JSC12JSLockHolderC1EPNS_14JSGlobalObjectE"),
              let release = dlsym(handle, "_ZN3JSC12JSLockHolderD1Ev") else { return nil }
        return Entry(make: unsafeBitCast(make, to: Make.self), release: unsafeBitCast(release, to: Release.self))
    }()

    /// Runs `body` holding the lock of the VM `ctx` belongs to (a context is its global object to the engine).
    @inline(__always)
    static func holding<T>(_ ctx: JSContextRef?, _ body: () -> T) -> T {
        guard let entry, let ctx else { return body() }
        // A JSLockHolder is one reference to the VM; room for two.
        return withUnsafeTemporaryAllocation(byteCount: 16, alignment: 16) { holder in
            entry.make(holder.baseAddress, ctx)
            defer { entry.release(holder.baseAddress) }
            return body()
        }
    }
}
