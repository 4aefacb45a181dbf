// The JavaScriptCore engine: one global context per page in its own context group (VM) or a shared one, one native host function,
// a watchdog on every run (time and memory), exceptions turned into ScriptFailure with message, line, column.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Links the native host function object back to its engine (the object's private data).
private final class JSCHostBox {
    weak var engine: JSCEngine?
    init(_ engine: JSCEngine) { self.engine = engine }
}

/// Decides, when JavaScriptCore asks, whether the running code must stop.
private final class JSCWatchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var deadline: Double = .infinity
    private var residentAtStart = 0
    private(set) var tripped: ScriptFailure.Kind?
    private var memoryLimit = Int.max
    /// How often JavaScriptCore asks at most; the callback re-arms the limit itself (this library version does not
    /// restart its timer when the callback answers "go on").
    static let tick = 0.05
    /// How often it asks for the run under way: a twentieth of a small time limit (at least 5 ms), else ``tick``.
    /// The library counts a tick in the thread's CPU time, so on a busy machine a tick lasts longer in real time and a
    /// run can overshoot its limit by up to a tick of CPU time; a short tick keeps a small limit close.
    private(set) var tickLength = JSCWatchdog.tick
    /// Arms the library's limit with a tick of the given length.
    var rearm: ((Double) -> Void)?

    static func tick(for timeLimit: Double) -> Double { min(tick, max(0.005, timeLimit / 20)) }

    /// The page budget's part in the run under way: true when the deadline is what is left of the page's budget
    /// (not the run's own limit), and the resident size seen past the page's memory ceiling, if it was.
    private var deadlineIsBudget = false
    private var residentCeiling = Int.max
    private(set) var residentOverCeiling: Int?
    /// True when the run was stopped by the page's budget rather than its own limits.
    var stoppedByBudget: Bool { tripped == .terminated }

    func start(timeLimit: Double, memoryLimit: Int, budgetSeconds: Double = .infinity, residentCeiling: Int = .max) {
        lock.lock()
        self.memoryLimit = memoryLimit
        self.residentCeiling = residentCeiling
        deadlineIsBudget = budgetSeconds < timeLimit
        let seconds = min(timeLimit, budgetSeconds)
        deadline = JSCWatchdog.now() + seconds
        residentAtStart = 0   // read at the first tick: runs shorter than a tick cost no system call
        residentOverCeiling = nil
        tripped = nil
        let wanted = JSCWatchdog.tick(for: seconds)
        let changed = wanted != tickLength
        tickLength = wanted
        let rearm = self.rearm
        lock.unlock()
        if changed { rearm?(wanted) }
    }

    func shouldTerminate() -> Bool {
        lock.lock()
        if JSCWatchdog.now() >= deadline { tripped = deadlineIsBudget ? .terminated : .timeout; lock.unlock(); return true }
        let resident = ProcessMemory.residentBytes()
        if residentAtStart == 0 { residentAtStart = resident }
        if resident > residentCeiling { tripped = .terminated; residentOverCeiling = resident; lock.unlock(); return true }
        if resident > 0, resident - residentAtStart > memoryLimit { tripped = .memory; lock.unlock(); return true }
        let rearm = self.rearm, length = tickLength
        lock.unlock()
        rearm?(length)
        return false
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// A JavaScriptCore virtual machine (context group): its heap, code cache, watchdog and run lock. Each page
/// has its own unless pages are given a shared ``ScriptVirtualMachine``.
final class JSCVM: @unchecked Sendable {
    let lib: JSCLibrary
    let group: JSContextGroupRef
    fileprivate let watchdog = JSCWatchdog()
    private let watchdogRef: Unmanaged<JSCWatchdog>
    /// Serializes runs in this VM (re-entrant for host callbacks on the same thread).
    let lock = NSRecursiveLock()
    var depth = 0
    let hasTimeLimit: Bool
    /// True when the last run was stopped by the memory bound.
    var trippedForMemory: Bool { watchdog.tripped == .memory || watchdog.residentOverCeiling != nil }
    /// The prelude's source and URL as JavaScriptCore strings, made once per VM (under `lock`), and, where the
    /// library offers it, the prelude parsed once as a `JSScriptRef`: every page then runs the same parsed program
    /// (its functions' bytecode is shared too) instead of parsing 100 kB of source again.
    private var prelude: (source: JSStringRef?, url: JSStringRef?, script: OpaquePointer?)?

    func preludeStrings() -> (source: JSStringRef?, url: JSStringRef?, script: OpaquePointer?) {
        if let prelude { return prelude }
        let source = lib.makeString(ScriptPrelude.source), url = lib.makeString(ScriptPrelude.sourceURL)
        var script: OpaquePointer?
        if let create = lib.scriptCreateFromString, lib.scriptEvaluate != nil {
            var error: JSStringRef?
            var line: Int32 = 0
            script = create(group, url, 1, source, &error, &line)
            if let error { lib.stringRelease(error) }   // a syntax error: the source path reports it per page
        }
        let made = (source: source, url: url, script: script)
        prelude = made
        return made
    }

    /// Page scripts parsed once per text, source URL and first line (under `lock`): the messages of a campaign run the
    /// same `<script>` on every load, and handing the engine a new copy of the text each time (converted, then hashed
    /// again for its code cache) cost more than finding the parsed script here. At most ``scriptCapacity`` scripts and
    /// 1 MB of text; the least recently used leaves first.
    private var scripts = LeastRecentlyUsed<ScriptKey, OpaquePointer>(capacity: JSCVM.scriptCapacity, byteBudget: 1 << 20) {
        $0.source.utf8.count
    }
    struct ScriptKey: Hashable { let source: String, url: String?, line: Int }
    static let scriptCapacity = 64
    /// Texts shorter than this are cheaper to hand over than to look up.
    static let shortScript = 256

    /// The parsed script of `source`, parsed now unless an earlier page of this VM ran the same text; nil when the
    /// library cannot parse ahead, the text is short, or it does not parse (the caller evaluates it, which reports the
    /// syntax error as usual). Call under `lock`.
    func parsedScript(_ source: String, sourceURL: String?, startLine: Int) -> OpaquePointer? {
        guard let create = lib.scriptCreateFromString, lib.scriptEvaluate != nil,
              source.utf8.count >= JSCVM.shortScript, source.utf8.count <= scripts.byteBudget else { return nil }
        let key = ScriptKey(source: source, url: sourceURL, line: startLine)
        if let hit = scripts.lookUp(key) { return hit }
        var error: JSStringRef?
        var line: Int32 = 0
        let made = lib.withString(source) { text in
            sourceURL.map { url in lib.withString(url) { create(group, $0, Int32(clamping: startLine), text, &error, &line) } }
                ?? create(group, nil, Int32(clamping: startLine), text, &error, &line)
        }
        if let error { lib.stringRelease(error) }
        guard let made else { return nil }
        for script in scripts.store(made, for: key) { lib.scriptRelease?(script) }
        return made
    }

    /// How many parsed scripts this VM keeps now.
    var parsedScriptCount: Int { lock.withLock { scripts.count } }

    /// The class of the host function object, made once per VM (under `lock`); each page's object carries its own box.
    private var madeHostClass: JSClassRef?

    func hostClass() -> JSClassRef? {
        if let madeHostClass { return madeHostClass }
        madeHostClass = ClassTable.make(lib, name: "OpenInAppHost", callbacks: .init(call: jscHostCallback, finalize: jscHostFinalize))
        return madeHostClass
    }

    init?(library lib: JSCLibrary) {
        JSCRetiredVMs.shared.releaseDue()
        guard let group = lib.contextGroupCreate() else { return nil }
        self.lib = lib
        self.group = group
        watchdogRef = Unmanaged.passRetained(watchdog)
        if let setLimit = lib.setExecutionTimeLimit {
            let opaque = watchdogRef.toOpaque()
            watchdog.rearm = { tick in setLimit(group, tick, jscShouldTerminate, opaque) }
            setLimit(group, JSCWatchdog.tick, jscShouldTerminate, opaque)
            hasTimeLimit = true
        } else {
            hasTimeLimit = false
        }
    }

    deinit {
        if let prelude {
            lib.stringRelease(prelude.source); lib.stringRelease(prelude.url)
            if let script = prelude.script { lib.scriptRelease?(script) }
        }
        for script in scripts.values { lib.scriptRelease?(script) }
        lib.clearExecutionTimeLimit?(group)
        let lib = self.lib, group = self.group, hostClass = madeHostClass, watchdogRef = self.watchdogRef
        JSCRetiredVMs.shared.retire {
            lib.contextGroupRelease(group)
            if let hostClass { lib.classRelease(hostClass) }
            watchdogRef.release()
        }
    }
}

/// VMs no page uses any more, destroyed a while later rather than at once. Every run under a time limit arms a timer of
/// JavaScriptCore's watchdog on the library's own thread (its "JSC VMTraps Signal Sender" work queue), ticking every
/// 5-50 ms, and the end of a run does not cancel it. A VM destroyed with such a timer pending raced it: the timer
/// fired while the VM was being torn down, before the watchdog had been told, and the process aborted in that thread
/// (SIGABRT in "Signal Sender", the main thread waiting in the VM's destruction; found by the `page` fuzzer, where a
/// page that hits a limit has its VM replaced at once). A retired VM is released once ``minimumAge`` has passed, far
/// beyond the longest tick, so its last timer has fired into a live VM; retired VMs are checked whenever one retires
/// or a VM is made. At most ``capacity`` wait: past that the oldest is released anyway (more than that many VMs
/// dropped within ``minimumAge`` is not what pages do; each fuzz input that drops one runs at least 0.25 s).
final class JSCRetiredVMs: @unchecked Sendable {
    static let shared = JSCRetiredVMs()
    static let minimumAge = 1.0
    static let capacity = 8
    private let lock = NSLock()
    private var waiting: [(at: Double, release: () -> Void)] = []

    /// How many retired VMs wait to be released now.
    var count: Int { lock.withLock { waiting.count } }

    /// Keeps `release` (which destroys a VM) until it is safe to run, and runs those whose time has come.
    func retire(_ release: @escaping () -> Void) {
        lock.lock()
        waiting.append((at: JSCWatchdog.now(), release: release))
        lock.unlock()
        releaseDue()
    }

    /// Runs the releases that have waited ``minimumAge`` (and the oldest beyond ``capacity``), outside the lock.
    func releaseDue() {
        let now = JSCWatchdog.now()
        lock.lock()
        var due: [() -> Void] = []
        while let first = waiting.first, now - first.at >= JSCRetiredVMs.minimumAge || waiting.count > JSCRetiredVMs.capacity {
            due.append(waiting.removeFirst().release)
        }
        lock.unlock()
        for release in due { release() }
    }
}

/// Idle VMs of pages that had their own (no ``ScriptVirtualMachine`` given), for the next such page: like a browser
/// that keeps a warm web-content process for the next tab. A VM serves one live page at a time, so pages stay as
/// separate as with a VM each (nothing of a page outlives its context), but a new page skips making a VM (about
/// 8 ms: the engine's built-ins and the prelude's first parse). At most `capacity` idle VMs are kept.
final class JSCVMPool: @unchecked Sendable {
    static let shared = JSCVMPool()
    static let capacity = 2
    private let lock = NSLock()
    private var idle: [JSCVM] = []

    func take(library lib: JSCLibrary) -> JSCVM? {
        lock.lock()
        let vm = idle.popLast()
        lock.unlock()
        return vm ?? JSCVM(library: lib)
    }

    /// Keeps `vm` for a later page unless the pool is full. The caller gives only a VM with no run under way
    /// whose page was not stopped for memory (such a heap is not worth keeping).
    func give(_ vm: JSCVM) {
        lock.lock(); defer { lock.unlock() }
        if idle.count < JSCVMPool.capacity { idle.append(vm) }
    }
}

/// A JavaScript virtual machine pages can share (like `WKProcessPool`): creating a page's context in a warm
/// VM is several times cheaper than creating a VM per page. Pages keep separate global objects; their runs are
/// serialized per VM, so share one only between pages used from one thread at a time.
public final class ScriptVirtualMachine: @unchecked Sendable {
    let vm: JSCVM
    /// Nil where JavaScriptCore is not available.
    public init?() {
        guard case .success(let lib) = JSCLibrary.shared, let vm = JSCVM(library: lib) else { return nil }
        self.vm = vm
    }
}

private let jscHostCallback: JSCLibrary.CallAsFunction = { ctx, function, _, argc, argv, exception in
    guard let function, let engine = JSCEngine.engine(of: function) else { return nil }
    return JSCLock.holding(ctx) { engine.hostCall(ctx: ctx, argc: argc, argv: argv, exception: exception) }
}

private let jscHostFinalize: JSCLibrary.Finalize = { object in
    guard let object, let lib = try? JSCLibrary.shared.get(), let raw = lib.objectGetPrivate(object) else { return }
    Unmanaged<JSCHostBox>.fromOpaque(raw).release()
}

private let jscShouldTerminate: JSCLibrary.ShouldTerminate = { _, raw in
    guard let raw else { return true }
    return Unmanaged<JSCWatchdog>.fromOpaque(raw).takeUnretainedValue().shouldTerminate()
}

/// The engine whose run is under way on each thread (runs nest: a host callback may run another page's script), for
/// the native DOM members, whose entry points receive no context of their own.
private let runningEngineKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
}()

/// JavaScriptCore behind ``ScriptEngine``. Scripts call the host as the global function `__oiaHost(op, …args)`
/// (a page's prelude captures and deletes it). Runs are serialized; host functions may re-enter.
final class JSCEngine: ScriptEngine {
    var kind: ScriptEngineKind { .javaScriptCore }
    let lib: JSCLibrary
    let limits: ScriptLimits
    private let host: ScriptHost
    let vm: JSCVM
    /// True when the VM came from ``JSCVMPool`` and goes back to it with this engine.
    private let pooled: Bool
    let ctx: JSContextRef
    private let hostClass: JSClassRef
    private var watchdog: JSCWatchdog { vm.watchdog }
    private var lock: NSRecursiveLock { vm.lock }
    /// True when the library can bound run time (JSContextGroupSetExecutionTimeLimit).
    var hasTimeLimit: Bool { vm.hasTimeLimit }
    /// The page whose DOM the native members bind (set by the page; nil for a bare engine).
    weak var dom: PageScripting?
    /// What the prelude gave the native members (NativeDOM.swift).
    var native = NativePageState()

    /// The engine running a script on this thread, if any.
    static var running: JSCEngine? {
        pthread_getspecific(runningEngineKey).map { Unmanaged<JSCEngine>.fromOpaque($0).takeUnretainedValue() }
    }

    init?(library lib: JSCLibrary, limits: ScriptLimits, vm shared: JSCVM? = nil, host: ScriptHost) {
        guard let vm = shared ?? JSCVMPool.shared.take(library: lib) else { return nil }
        pooled = shared == nil
        vm.lock.lock(); defer { vm.lock.unlock() }
        guard let ctx = lib.globalContextCreateInGroup(vm.group, nil) else { return nil }
        lib.setIncludesNativeCallStack?(ctx, false)
        guard let cls = vm.hostClass() else {
            lib.globalContextRelease(ctx); return nil
        }
        self.lib = lib
        self.limits = limits
        self.host = host
        self.vm = vm
        self.ctx = ctx
        self.hostClass = cls
        let box = Unmanaged.passRetained(JSCHostBox(self)).toOpaque()
        let fn = lib.objectMake(ctx, cls, box)
        let global = lib.contextGetGlobalObject(ctx)
        lib.withString("__oiaHost") { lib.objectSetProperty(ctx, global, $0, fn, 0, nil) }
        if let classes = NativeDOM.classes {
            lib.withString("__oiaNative") { lib.objectSetProperty(ctx, global, $0, lib.objectMake(ctx, classes.setup, nil), 0, nil) }
        }
    }

    deinit {
        vm.lock.lock()
        for object in native.protected { lib.valueUnprotect(ctx, object) }
        for objects in native.dispatchKept.values { for object in objects { lib.valueUnprotect(ctx, object) } }
        lib.globalContextRelease(ctx)
        let reusable = pooled && vm.depth == 0 && !vm.trippedForMemory
        vm.lock.unlock()
        if reusable { JSCVMPool.shared.give(vm) }
    }

    static func engine(of function: JSObjectRef) -> JSCEngine? {
        guard let lib = try? JSCLibrary.shared.get(), let raw = lib.objectGetPrivate(function) else { return nil }
        return Unmanaged<JSCHostBox>.fromOpaque(raw).takeUnretainedValue().engine
    }

    // MARK: Running

    /// The page's budget over its life (set by the page; a bare engine has none).
    var budget: PageBudget?

    /// Least time limit of a trusted run (the prelude).
    static let trustedTimeLimit = 5.0

    /// The failure of a run refused because the page's scripts were stopped.
    static let refusal = ScriptFailure(kind: .terminated, message: "the page's scripts were stopped: it used up its script budget")

    /// Runs `body` as one run (or as part of the run under way, when a host call re-enters): the watchdog is armed
    /// with the run's limits and what is left of the page's budget, and the run's time is charged to the budget. When
    /// the page's scripts were stopped, nothing runs and `refused` is the answer.
    /// `trusted` runs (the prelude, our own code) are bounded by at least ``trustedTimeLimit`` and not charged to the
    /// page's budget: a small limit on a busy machine stopped the prelude itself, and the page then ran without its DOM.
    private func enter<T>(refused: @autoclosure () -> T, trusted: Bool = false, _ body: () -> T) -> T {
        lock.lock()
        let outermost = vm.depth == 0
        var started = 0.0
        if outermost {
            if let budget, budget.termination != nil { lock.unlock(); return refused() }
            if trusted {
                watchdog.start(timeLimit: max(limits.timeLimit, JSCEngine.trustedTimeLimit), memoryLimit: limits.memoryLimit)
            } else if let budget {
                watchdog.start(timeLimit: limits.timeLimit, memoryLimit: limits.memoryLimit,
                               budgetSeconds: budget.secondsLeft, residentCeiling: budget.residentCeiling)
                started = JSCWatchdog.now()
            } else {
                watchdog.start(timeLimit: limits.timeLimit, memoryLimit: limits.memoryLimit)
            }
        }
        vm.depth += 1
        let outer = pthread_getspecific(runningEngineKey)
        pthread_setspecific(runningEngineKey, Unmanaged.passUnretained(self).toOpaque())
        let result = JSCLock.holding(ctx, body)
        vm.depth -= 1
        pthread_setspecific(runningEngineKey, outer)
        var terminated: ScriptTermination?
        if outermost, !trusted, let budget {
            terminated = budget.charge(JSCWatchdog.now() - started, residentOverCeiling: watchdog.residentOverCeiling,
                                       stoppedByBudget: watchdog.stoppedByBudget)
        }
        lock.unlock()
        if let terminated { budget?.onTermination?(terminated) }
        return result
    }

    func evaluate(_ source: String, sourceURL: String? = nil, startLine: Int = 1) -> Result<ScriptValue, ScriptFailure> {
        evaluateRaw(source, sourceURL: sourceURL, startLine: startLine, strictResult: false)
    }

    /// As ``evaluate(_:sourceURL:startLine:)``, but a result native code cannot receive (function, symbol) is a
    /// failure of kind `unsupportedResult`, as in `WKWebView.evaluateJavaScript`.
    func evaluateForNative(_ source: String) -> Result<ScriptValue, ScriptFailure> {
        evaluateRaw(source, sourceURL: nil, startLine: 1, strictResult: true)
    }

    /// Evaluates ``ScriptPrelude/source`` from the strings the VM keeps.
    func evaluatePrelude() -> Result<ScriptValue, ScriptFailure> {
        enter(refused: .failure(JSCEngine.refusal), trusted: true) {
            var exception: JSValueRef?
            let strings = vm.preludeStrings()
            if let script = strings.script, let run = lib.scriptEvaluate {
                _ = run(ctx, script, nil, &exception)
            } else {
                _ = lib.evaluateScript(ctx, strings.source, nil, strings.url, 1, &exception)
            }
            if let exception { return .failure(failure(from: exception, sourceURL: ScriptPrelude.sourceURL)) }
            return .success(.undefined)
        }
    }

    func execute(_ source: String, sourceURL: String?, startLine: Int) -> ScriptFailure? {
        enter(refused: JSCEngine.refusal) {
            var exception: JSValueRef?
            if let script = vm.parsedScript(source, sourceURL: sourceURL, startLine: startLine), let run = lib.scriptEvaluate {
                _ = run(ctx, script, nil, &exception)
            } else {
                _ = evaluateScript(source, sourceURL: sourceURL, startLine: startLine, &exception)
            }
            return exception.map { failure(from: $0, sourceURL: sourceURL) }
        }
    }

    /// Evaluates `source` in the page's context (under the run lock): its completion value, as the engine's.
    private func evaluateScript(_ source: String, sourceURL: String?, startLine: Int, _ exception: inout JSValueRef?) -> JSValueRef? {
        lib.withString(source) { script in
            if let sourceURL {
                lib.withString(sourceURL) { lib.evaluateScript(ctx, script, nil, $0, Int32(clamping: startLine), &exception) }
            } else {
                lib.evaluateScript(ctx, script, nil, nil, Int32(clamping: startLine), &exception)
            }
        }
    }

    private func evaluateRaw(_ source: String, sourceURL: String?, startLine: Int, strictResult: Bool) -> Result<ScriptValue, ScriptFailure> {
        enter(refused: .failure(JSCEngine.refusal)) {
            var exception: JSValueRef?
            let value = evaluateScript(source, sourceURL: sourceURL, startLine: startLine, &exception)
            if let exception { return .failure(failure(from: exception, sourceURL: sourceURL)) }
            guard let converted = scriptValue(value, depth: 0) else {
                if strictResult {
                    return .failure(ScriptFailure(kind: .unsupportedResult, message: "JavaScript execution returned a result of an unsupported type"))
                }
                return .success(.undefined)
            }
            return .success(converted)
        }
    }

    func call(_ path: String, _ arguments: [ScriptValue]) -> Result<ScriptValue, ScriptFailure> {
        enter(refused: .failure(JSCEngine.refusal)) {
            var exception: JSValueRef?
            var this: JSObjectRef? = lib.contextGetGlobalObject(ctx)
            var target: JSValueRef? = this
            for (i, part) in path.split(separator: ".").enumerated() {
                guard let obj = target.flatMap({ lib.valueToObject(ctx, $0, nil) }) else {
                    return .failure(ScriptFailure(kind: .exception, message: "TypeError: \(path) is not a function"))
                }
                if i > 0 { this = obj }
                target = lib.withString(String(part)) { lib.objectGetProperty(ctx, obj, $0, &exception) }
                if let exception { return .failure(failure(from: exception, sourceURL: nil)) }
            }
            guard let fnValue = target, lib.valueGetType(ctx, fnValue) == JSType.object.rawValue,
                  let fn = lib.valueToObject(ctx, fnValue, nil), lib.objectIsFunction(ctx, fn) else {
                return .failure(ScriptFailure(kind: .exception, message: "TypeError: \(path) is not a function"))
            }
            let args = arguments.map { jsValue($0) }
            let result = args.withUnsafeBufferPointer {
                lib.objectCallAsFunction(ctx, fn, this, $0.count, $0.baseAddress, &exception)
            }
            if let exception { return .failure(failure(from: exception, sourceURL: nil)) }
            return .success(scriptValue(result, depth: 0) ?? .undefined)
        }
    }

    /// Collection stress, for replaying fuzz findings: with `OPENINAPP_JSC_GC_STRESS=1` in the environment, a full
    /// synchronous collection runs before every step of an event dispatch and every host call, so that a value native
    /// code keeps without protection is freed at once and its next use fails under AddressSanitizer, instead of after
    /// whatever allocations happen to trigger a collection. Off otherwise (it makes every call cost a collection).
    static let collectsOnEveryDispatchStep = ProcessInfo.processInfo.environment["OPENINAPP_JSC_GC_STRESS"] == "1"

    /// A full collection now, in the collection stress mode only.
    func stressCollect(_ ctx: JSContextRef?) {
        if JSCEngine.collectsOnEveryDispatchStep { lib.synchronousGarbageCollect?(ctx) }
    }

    /// Runs the garbage collector (tests and memory figures).
    func collectGarbage() { lock.lock(); lib.garbageCollect(ctx); lock.unlock() }

    // MARK: Host calls

    fileprivate func hostCall(ctx: JSContextRef?, argc: Int, argv: UnsafePointer<JSValueRef?>?,
                              exception: UnsafeMutablePointer<JSValueRef?>?) -> JSValueRef? {
        guard argc >= 1, let argv else { return lib.valueMakeUndefined(ctx) }
        stressCollect(ctx)
        // The prelude passes an operation's number; other scripts (tests of the engine) pass a name.
        let number: Int? = lib.valueGetType(ctx, argv[0]) == JSType.number.rawValue ? Int(exactly: lib.valueToNumber(ctx, argv[0], nil)) : nil
        var args: [ScriptValue] = []
        args.reserveCapacity(argc - 1)
        for i in 1..<max(1, argc) { args.append(scriptValue(argv[i], depth: 0) ?? .undefined) }
        do throws(ScriptHostError) {
            switch host {
            case .operations(let answer):
                if let op = number.flatMap(HostOperation.init(rawValue:)) { return jsValue(try answer(op, args)) }
                return jsValue(try answer(HostOperation.named(string(of: argv[0])), args))
            case .named(let answer):
                let name = number.flatMap(HostOperation.init(rawValue:))?.name ?? string(of: argv[0])
                return jsValue(try answer(name, args))
            }
        } catch {
            exception?.pointee = makeError(name: error.name, message: error.message)
            return nil
        }
    }

    func makeError(name: String, message: String) -> JSValueRef? {
        var msg: JSValueRef? = jsValue(.string(message))
        // The language's own error types are made by their constructors (`e instanceof TypeError` holds); other names
        // (the DOM's: InvalidCharacterError, …) are Errors carrying that name.
        if ["TypeError", "RangeError", "SyntaxError", "ReferenceError"].contains(name),
           let ctor = lib.withString(name, { lib.objectGetProperty(ctx, lib.contextGetGlobalObject(ctx), $0, nil) }).flatMap({ lib.valueToObject(ctx, $0, nil) }),
           let made = withUnsafePointer(to: &msg, { lib.objectCallAsConstructor(ctx, ctor, 1, $0, nil) }) {
            return made
        }
        let err = withUnsafePointer(to: &msg) { lib.objectMakeError(ctx, 1, $0, nil) }
        if let err, name != "Error" {
            lib.withString("name") { lib.objectSetProperty(ctx, err, $0, jsValue(.string(name)), 0, nil) }
        }
        return err
    }

    // MARK: Values

    func string(of value: JSValueRef?) -> String { convertedString(value) ?? "" }

    /// `String(value)`, or nil when the conversion throws (a Symbol, an object whose `toString` throws): the engine then
    /// hands back no string, and there is nothing to release.
    func convertedString(_ value: JSValueRef?) -> String? {
        guard let value else { return "" }
        guard let s = lib.valueToStringCopy(ctx, value, nil) else { return nil }
        defer { lib.stringRelease(s) }
        return lib.string(s)
    }

    private func property(_ object: JSObjectRef, _ name: String) -> JSValueRef? {
        lib.withString(name) { lib.objectGetProperty(ctx, object, $0, nil) }
    }

    /// Most values one conversion visits (a message body is a few dozen); past it, what is left converts to null (an
    /// array cut short ends with one null). Depth-first, so the first members of a huge value arrive whole. Depth alone did not
    /// bound a conversion: `postMessage(window)` walks every property of every object it reaches, cycles included,
    /// which grows exponentially with the depth (a bridge call with `window` was still converting after 135 s, in
    /// native code, where the script time limit does not reach; found by the `script` fuzz target).
    static let maxConvertedValues = 10_000
    /// What the conversion under way may still visit (a conversion inside a getter it ran has its own).
    private var conversionBudget = 0

    /// JavaScript → native, as WebKit converts message bodies: nil for values native code cannot receive
    /// (functions, symbols); inside objects those are dropped, inside arrays they become null. At most
    /// ``maxConvertedValues`` values per conversion.
    func scriptValue(_ value: JSValueRef?, depth: Int) -> ScriptValue? {
        guard depth == 0 else { return convert(value, depth: depth) }
        let outer = conversionBudget
        conversionBudget = JSCEngine.maxConvertedValues
        defer { conversionBudget = outer }
        return convert(value, depth: 0)
    }

    private func convert(_ value: JSValueRef?, depth: Int) -> ScriptValue? {
        guard let value else { return .undefined }
        guard conversionBudget > 0 else { return .null }
        conversionBudget -= 1
        switch JSType(rawValue: lib.valueGetType(ctx, value)) ?? .undefined {
        case .undefined: return .undefined
        case .null: return .null
        case .boolean: return .bool(lib.valueToBoolean(ctx, value))
        case .number: return .number(lib.valueToNumber(ctx, value, nil))
        case .string: return .string(string(of: value))
        case .symbol: return nil
        case .bigint: return .number(lib.valueToNumber(ctx, value, nil))
        case .object:
            guard let obj = lib.valueToObject(ctx, value, nil) else { return .undefined }
            if lib.objectIsFunction(ctx, obj) { return nil }
            guard depth < limits.maxValueDepth else { return .null }
            if lib.valueIsDate(ctx, value) { return .number(lib.valueToNumber(ctx, value, nil)) }
            if lib.valueIsArray(ctx, value) {
                let count = Int(lib.valueToNumber(ctx, property(obj, "length"), nil))
                var items: [ScriptValue] = []
                items.reserveCapacity(min(count, 1 << 16))
                for i in 0..<max(0, count) {
                    guard conversionBudget > 0 else { items.append(.null); break }
                    let item = lib.objectGetPropertyAtIndex(ctx, obj, UInt32(truncatingIfNeeded: i), nil)
                    items.append(convert(item, depth: depth + 1) ?? .null)
                }
                return .array(items)
            }
            let names = lib.objectCopyPropertyNames(ctx, obj)
            defer { lib.propertyNameArrayRelease(names) }
            var members: [String: ScriptValue] = [:]
            for i in 0..<lib.propertyNameArrayGetCount(names) where conversionBudget > 0 {
                let nameRef = lib.propertyNameArrayGetNameAtIndex(names, i)
                let item = lib.objectGetProperty(ctx, obj, nameRef, nil)
                if let v = convert(item, depth: depth + 1), v != .undefined { members[lib.string(nameRef)] = v }
            }
            return .object(members)
        }
    }

    /// Native → JavaScript.
    func jsValue(_ value: ScriptValue) -> JSValueRef? {
        switch value {
        case .undefined: return lib.valueMakeUndefined(ctx)
        case .null: return lib.valueMakeNull(ctx)
        case .bool(let b): return lib.valueMakeBoolean(ctx, b)
        case .number(let d): return lib.valueMakeNumber(ctx, d)
        case .string(let s): return lib.withString(s) { lib.valueMakeString(ctx, $0) }
        case .array(let items):
            let values = items.map { jsValue($0) }
            return values.withUnsafeBufferPointer { lib.objectMakeArray(ctx, $0.count, $0.baseAddress, nil) }
        case .object(let members):
            guard let obj = lib.objectMake(ctx, nil, nil) else { return lib.valueMakeUndefined(ctx) }
            for (k, v) in members { lib.withString(k) { lib.objectSetProperty(ctx, obj, $0, jsValue(v), 0, nil) } }
            return obj
        }
    }

    private func failure(from exception: JSValueRef, sourceURL: String?) -> ScriptFailure {
        if let tripped = watchdog.tripped {
            let message: String
            switch tripped {
            case .timeout: message = "script ran longer than \(limits.timeLimit) s and was terminated"
            case .memory: message = "script grew the process by more than \(limits.memoryLimit >> 20) MB and was terminated"
            default: message = "script was terminated: the page used up its script budget"
            }
            return ScriptFailure(kind: tripped, message: message, sourceURL: sourceURL)
        }
        var line: Int?
        var column: Int?
        var url = sourceURL
        if lib.valueGetType(ctx, exception) == JSType.object.rawValue, let obj = lib.valueToObject(ctx, exception, nil) {
            if let l = property(obj, "line"), lib.valueGetType(ctx, l) == JSType.number.rawValue { line = Int(lib.valueToNumber(ctx, l, nil)) }
            if let c = property(obj, "column"), lib.valueGetType(ctx, c) == JSType.number.rawValue { column = Int(lib.valueToNumber(ctx, c, nil)) }
            if let u = property(obj, "sourceURL"), lib.valueGetType(ctx, u) == JSType.string.rawValue { url = string(of: u) }
        }
        let message = convertedString(exception) ?? "uncaught exception (a value that cannot be converted to a string)"
        return ScriptFailure(kind: .exception, message: message, line: line, column: column, sourceURL: url)
    }
}

extension JSCEngine {
    /// Whether `source` parses as a script (no code runs).
    func checkSyntax(_ source: String) -> ScriptFailure? {
        lock.lock(); defer { lock.unlock() }
        var exception: JSValueRef?
        let ok = lib.withString(source) { lib.checkScriptSyntax(ctx, $0, nil, 1, &exception) }
        if ok { return nil }
        return exception.map { failure(from: $0, sourceURL: nil) } ?? ScriptFailure(kind: .exception, message: "SyntaxError")
    }
}
