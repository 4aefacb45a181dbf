import XCTest
import InAppTestSupport

final class ClockTests: XCTestCase {
    func testTimersFireInDeadlineThenSchedulingOrder() {
        let clock = ManualClock()
        let fired = Locked<[String]>([])
        clock.schedule(after: 2) { fired.withLock { $0.append("b@\(clock.now)") } }
        clock.schedule(after: 1) { fired.withLock { $0.append("a@\(clock.now)") } }
        clock.schedule(after: 2) { fired.withLock { $0.append("c@\(clock.now)") } }
        clock.advance(by: 1.5)
        XCTAssertEqual(fired.snapshot, ["a@1.0"])
        clock.advance(by: 10)
        XCTAssertEqual(fired.snapshot, ["a@1.0", "b@2.0", "c@2.0"])
        XCTAssertEqual(clock.now, 11.5)
    }

    func testCancelAndNestedScheduling() {
        let clock = ManualClock()
        let fired = Locked<[String]>([])
        let t = clock.schedule(after: 1) { fired.withLock { $0.append("cancelled") } }
        t.cancel()
        clock.schedule(after: 1) {
            fired.withLock { $0.append("outer") }
            clock.schedule(after: 1) { fired.withLock { $0.append("inner@\(clock.now)") } }
        }
        clock.advance(by: 5)
        XCTAssertEqual(fired.snapshot, ["outer", "inner@2.0"])
        XCTAssertTrue(t.isCancelled)
        XCTAssertEqual(clock.pendingDeadlines, [])
    }

    func testTimeNeverGoesBackwardAndBadDelaysAreSafe() {
        let clock = ManualClock(now: 100)
        clock.advance(to: 50)
        XCTAssertEqual(clock.now, 100)
        clock.advance(by: -5)
        XCTAssertEqual(clock.now, 100)
        let fired = Locked(0)
        clock.schedule(after: -3) { fired.withLock { $0 += 1 } }
        clock.schedule(after: .nan) { fired.withLock { $0 += 10 } }
        clock.advance(by: 0)
        XCTAssertEqual(fired.snapshot, 1, "a negative delay means now; NaN means never")
        clock.runAll()
        XCTAssertEqual(fired.snapshot, 11)
    }

    func testSystemClockMovesForward() {
        let clock = SystemClock()
        let a = clock.now
        XCTAssertGreaterThanOrEqual(clock.now, a)
        let done = expectation(description: "timer")
        clock.schedule(after: 0) { done.fulfill() }
        wait(for: [done], timeout: 5)
    }
}

final class TraceTests: XCTestCase {
    func testEventsCarryTimeMessageThreadAndDetails() {
        let h = Harness()
        h.advance(by: 2.5)
        h.trace.record(.callback, "onShow", message: "m1", ["k": "v"])
        let e = h.trace.events.last!
        XCTAssertEqual(e.time, 2.5)
        XCTAssertEqual(e.messageID, "m1")
        XCTAssertEqual(e.label, "callback.onShow")
        XCTAssertEqual(e.thread, "main")
        XCTAssertTrue(e.onMainThread)
        XCTAssertEqual(e.details, ["k": "v"])
    }

    func testJSONLinesRoundTrip() throws {
        let h = Harness()
        let engine = makeEngine(h)
        engine.present(Fixtures.modal(id: "m"))
        engine.dismiss("m", cause: .user)
        let text = h.trace.jsonLines()
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines.count, h.trace.events.count)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            XCTAssertNotNil(object?["kind"])
            XCTAssertNotNil(object?["sequence"])
        }
        XCTAssertEqual(try Trace.decode(jsonLines: text), h.trace.events)
        XCTAssertThrowsError(try Trace.decode(jsonLines: "{not json"))
    }

    func testSequenceIsStrictlyIncreasingAcrossThreads() {
        let h = Harness()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            for j in 0..<250 { h.trace.record(.diagnostic, "t\(i)-\(j)") }
        }
        let seqs = h.trace.events.map(\.sequence)
        XCTAssertEqual(seqs.count, 2000)
        XCTAssertEqual(seqs, seqs.sorted())
        XCTAssertEqual(Set(seqs).count, 2000)
    }

    func testBoundedTraceDropsOldest() {
        let trace = Trace(clock: ManualClock(), limit: 100)
        for i in 0..<10_000 { trace.record(.diagnostic, "e\(i)") }
        XCTAssertEqual(trace.events.count, 100)
        XCTAssertEqual(trace.events.first?.name, "e9900")
        XCTAssertEqual(trace.droppedCount, 9900)
    }

    func testBoundedTraceKeepsOrderWhenTheRingWrapsMidway() {
        let trace = Trace(clock: ManualClock(), limit: 7)
        for i in 0..<10 { trace.record(.diagnostic, "e\(i)") }
        // Seven kept, oldest first, with increasing sequence numbers across the wrap point.
        XCTAssertEqual(trace.events.map(\.name), ["e3", "e4", "e5", "e6", "e7", "e8", "e9"])
        XCTAssertEqual(trace.events.map(\.sequence), Array(4...10))
        trace.clear()
        XCTAssertEqual(trace.events, [])
        trace.record(.diagnostic, "after")
        XCTAssertEqual(trace.events.map(\.name), ["after"])
    }

    func testMainThreadAnswerMatchesFoundationOnEveryThread() {
        XCTAssertEqual(ExecutionContext.isMainThread, Thread.isMainThread)
        XCTAssertTrue(ExecutionContext.isMainThread)
        let answers = Locked<[Bool]>([])
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            answers.withLock { $0.append(ExecutionContext.isMainThread) }
            answers.withLock { $0.append(ExecutionContext.isMainThread) }   // the cached answer
            done.signal()
        }
        thread.start()
        done.wait()
        XCTAssertEqual(answers.snapshot, [false, false])
        XCTAssertTrue(ExecutionContext.isMainThread)
    }

    func testObserversSeeEveryEvent() {
        let h = Harness()
        let seen = Locked<[String]>([])
        h.trace.observe { e in seen.withLock { $0.append(e.label) } }
        h.rotate(to: .landscapeRight)
        XCTAssertEqual(seen.snapshot, ["device.changed"])
        XCTAssertEqual(h.trace.events.last?.details["orientation"], "landscapeRight")
    }
}

final class DeviceTests: XCTestCase {
    func testStateChangesNotifyOnlyOnRealChange() {
        let device = Device()
        let changes = Locked<[DeviceChange]>([])
        let token = device.addObserver { c in changes.withLock { $0.append(c) } }
        device.rotate(to: .landscapeLeft)
        device.rotate(to: .landscapeLeft)
        device.setAppearance(.dark)
        device.removeObserver(token)
        device.moveToBackground()
        XCTAssertEqual(changes.snapshot.count, 2)
        XCTAssertEqual(changes.snapshot[0].new.orientation, .landscapeLeft)
        XCTAssertEqual(changes.snapshot[1].old.appearance, .light)
        XCTAssertFalse(device.state.isInForeground)
    }

    func testScreenSizeFollowsOrientationAndSupport() {
        var s = DeviceState(portraitScreenSize: Size(width: 100, height: 200))
        XCTAssertEqual(s.screenSize, Size(width: 100, height: 200))
        s.orientation = .landscapeRight
        XCTAssertEqual(s.screenSize, Size(width: 200, height: 100))
        XCTAssertTrue(OrientationSupport.any.supports(.portraitUpsideDown))
        XCTAssertTrue(OrientationSupport.portrait.supports(.portraitUpsideDown))
        XCTAssertFalse(OrientationSupport.portrait.supports(.landscapeLeft))
        XCTAssertTrue(OrientationSupport.landscape.supports(.landscapeRight))
    }
}

final class ModelTests: XCTestCase {
    func testColours() throws {
        XCTAssertEqual(try RGBAColor(hex: "#FF0000"), RGBAColor(red: 1, green: 0, blue: 0))
        XCTAssertEqual(try RGBAColor(hex: "80FFFFFF").alpha, 128.0 / 255, accuracy: 1e-9)
        XCTAssertEqual(RGBAColor(argb: 0xFF33_6699).argb, 0xFF33_6699)
        XCTAssertThrowsError(try RGBAColor(hex: "zzz")) { XCTAssertEqual($0 as? ColorError, .invalidHex("zzz")) }
        XCTAssertThrowsError(try RGBAColor(hex: "#12345"))
        XCTAssertEqual(RGBAColor(red: 2, green: -1, blue: .nan).red, 1)
        XCTAssertEqual(RGBAColor(red: 2, green: -1, blue: .nan).blue, 0)
    }

    func testThemeResolution() {
        let set = ThemeSet(light: .defaultLight, dark: .defaultDark)
        XCTAssertEqual(set.resolved(for: .dark), .defaultDark)
        XCTAssertEqual(set.resolved(for: .light), .defaultLight)
        XCTAssertEqual(ThemeSet(light: .defaultLight).resolved(for: .dark), .defaultLight)
    }

    func testMessagesRoundTripThroughJSON() throws {
        for m in Fixtures.all {
            let data = try JSONEncoder().encode(m)
            XCTAssertEqual(try JSONDecoder().decode(InAppMessage.self, from: data), m)
        }
        XCTAssertThrowsError(try JSONDecoder().decode(InAppMessage.self, from: Data("{\"id\":1}".utf8)))
    }

    func testJSONValueFromFoundation() {
        let v = JSONValue(any: ["a": 1, "b": [true, "x"], "c": NSNull()] as [String: Any])
        XCTAssertEqual(v, ["a": 1, "b": [true, "x"], "c": nil])
        XCTAssertEqual(v.description, #"{"a":1,"b":[true,"x"],"c":null}"#)
    }
}

final class RendererTests: XCTestCase {
    func testDarkThemeOnlyWhenPresent() throws {
        let r = LayoutRenderer()
        var dark = DeviceState(); dark.appearance = .dark
        let rendered = try r.render(Fixtures.modal(), in: RenderContext(device: dark))
        XCTAssertEqual(rendered.boxes(.container).first?.fill, Fixtures.darkTheme.background)
        var noDark = Fixtures.modal()
        if case .structured(var c) = noDark.content { c.themes.dark = nil; noDark.content = .structured(c) }
        let light = try r.render(noDark, in: RenderContext(device: dark))
        XCTAssertEqual(light.boxes(.container).first?.fill, Theme.defaultLight.background)
    }

    func testButtonsAndStatusBar() throws {
        let r = LayoutRenderer()
        let modal = try r.render(Fixtures.modalTwoButtons(), in: RenderContext(device: DeviceState()))
        XCTAssertEqual(modal.boxes(.button).map(\.text), ["Cancel", "OK"])
        XCTAssertEqual(modal.boxes(.button).map(\.buttonID), [0, 1])
        XCTAssertFalse(modal.hidesStatusBar)
        XCTAssertTrue(try r.render(Fixtures.full(), in: RenderContext(device: DeviceState())).hidesStatusBar)
        for m in Fixtures.all {
            let out = try r.render(m, in: RenderContext(device: DeviceState(orientation: .landscapeLeft)))
            for box in out.boxes {
                XCTAssertGreaterThanOrEqual(box.frame.x, 0, "\(m.id) \(box.role)")
                XCTAssertLessThanOrEqual(box.frame.x + box.frame.width, out.screen.width + 0.001, "\(m.id) \(box.role)")
            }
        }
    }

    func testImageLayoutWithoutImageIsATypedError() {
        var m = Fixtures.fullImage()
        if case .structured(var c) = m.content { c.imageURL = nil; m.content = .structured(c) }
        XCTAssertThrowsError(try LayoutRenderer().render(m, in: RenderContext(device: DeviceState()))) {
            guard case RenderError.missingContent = $0 else { return XCTFail("\($0)") }
        }
    }
}

final class ExecutorTests: XCTestCase {
    func testSerialExecutorRunsInOrderOffMain() {
        let tracker = WorkTracker()
        let ex = SerialQueueExecutor(label: "q", tracker: tracker)
        let out = Locked<[String]>([])
        for i in 0..<50 { ex.execute { out.withLock { $0.append("\(i):\(Thread.isMainThread):\(ExecutionContext.currentLabel)") } } }
        XCTAssertTrue(tracker.settle())
        XCTAssertEqual(out.snapshot, (0..<50).map { "\($0):false:q" })
        XCTAssertEqual(tracker.pending, 0)
    }

    func testMainExecutorFromBackgroundReachesMain() {
        let tracker = WorkTracker()
        let ex = MainThreadExecutor(tracker: tracker)
        let onMain = Locked<Bool?>(nil)
        let sent = expectation(description: "sent")
        DispatchQueue.global().async {
            ex.execute { onMain.withLock { $0 = Thread.isMainThread } }
            sent.fulfill()
        }
        wait(for: [sent], timeout: 5)
        XCTAssertTrue(tracker.settle())
        XCTAssertEqual(onMain.snapshot, true)
    }
}
