import Testing
import Foundation
import InAppCore
import InAppTestSupport

/// How `MessagingEnvironment.current` is resolved, and how work sent elsewhere keeps its world.
@Suite struct ScopingTests {
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Bool] = []
        func add(_ v: Bool) { lock.lock(); values.append(v); lock.unlock() }
        var all: [Bool] { lock.lock(); defer { lock.unlock() }; return values }
    }

    @Test func aScopeWinsOverTheTaskAndTheProcessWideEnvironment() {
        let outer = Harness()                                   // installed for this task
        #expect(MessagingEnvironment.resolve().resolution == .task)
        #expect(MessagingEnvironment.current === outer.environment)
        let inner = Harness(install: false)
        inner.run {
            #expect(MessagingEnvironment.resolve().resolution == .scoped)
            #expect(MessagingEnvironment.current === inner.environment)
            #expect(Harness.current === inner)
            let nested = Harness()                              // installing inside a scope changes that scope only
            #expect(MessagingEnvironment.current === nested.environment)
        }
        #expect(MessagingEnvironment.current === outer.environment)
        #expect(Harness.current === outer)
    }

    @Test func workSentToOtherQueuesRunsInTheSendersWorld() {
        let harness = Harness(install: false)
        let seen = Seen()
        let done = DispatchGroup()
        let queue = SerialQueueExecutor(label: "elsewhere")     // belongs to no environment
        let clock = SystemClock()
        harness.run {
            done.enter()
            queue.execute { seen.add(MessagingEnvironment.current === harness.environment); done.leave() }
            done.enter()
            clock.schedule(after: 0) { seen.add(MessagingEnvironment.current === harness.environment); done.leave() }
            done.enter()
            harness.environment.background.execute {           // the environment's own executor
                seen.add(MessagingEnvironment.current === harness.environment); done.leave()
            }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(seen.all == [true, true, true])
    }

    @Test func anEnvironmentsOwnExecutorRunsInItEvenWhenSentFromElsewhere() {
        let harness = Harness(install: false)
        let other = Harness(install: false)
        let seen = Seen()
        other.run {
            harness.environment.background.execute { seen.add(Harness.current === harness) }
        }
        #expect(harness.settle())
        #expect(seen.all == [true])
    }

    @Test func settingsWrittenInATestStayInIt() {
        let setting = EnvironmentSetting(1)
        let a = Harness(install: false), b = Harness(install: false)
        a.run { setting.value = 2 }
        #expect(a.run { setting.value } == 2)
        #expect(b.run { setting.value } == 1)                   // the process-wide value
        #expect(setting.value == 1)
    }
}
