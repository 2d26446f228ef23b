import Dispatch
import Testing
import Wiring
import WiringTesting

/// Tests that resolve from the process-wide containers on purpose. They run one at a time, and
/// not beside other strict tests, so that strict tests among them are the only ones such
/// fallbacks can be attributed to.
@Suite(.serialized, .oneStrictCheckAtATime) struct EscapingWorkTests {}

extension EscapingWorkTests {
  @Suite struct CarrierTests {
    @Test(.container { $0.caseID.register { 51 } })
    func detachedTaskSeesTheTestContainerOnlyThroughTheCarrier() async {
      let scope = Container.capture()
      let carried = await Task.detached {
        await scope.run {
          await Task.yield()
          return Container.shared.caseID()
        }
      }.value
      let uncarried = await Task.detached { unobserved { Container.shared.caseID() } }.value
      #expect(carried == 51)
      #expect(uncarried == declaredID)
    }

    @Test(.container { $0.caseID.register { 52 } })
    func dispatchedWorkSeesTheTestContainerOnlyThroughTheCarrier() async {
      let scope = Container.capture()
      let carried = await onQueue { scope.run { Container.shared.caseID() } }
      let uncarried = await onQueue { unobserved { Container.shared.caseID() } }
      #expect(carried == 52)
      #expect(uncarried == declaredID)
    }

    @Test(.container { $0.caseID.register { 53 } })
    func storedCallbackSeesTheTestContainerThroughTheCarrier() async {
      let scope = Container.capture()
      let callback: @Sendable () -> Int = { scope.run { Container.shared.caseID() } }
      let later = await onQueue { callback() }
      #expect(later == 53)
    }

    @Test(.container)
    func carriedWorkSharesTheTestSingletons() async {
      let mine = Container.shared.builtSingleton()
      let scope = Container.capture()
      let carried = await Task.detached { scope.run { Container().builtSingleton() } }.value
      let uncarried = await Task.detached { unobserved { Container().builtSingleton() } }.value
      #expect(carried === mine)
      #expect(uncarried !== mine)
    }

    @Test(
      .container,
      .container(NetworkContainer.self) { $0.endpoint.register { "stub://carried" } })
    func carrierBringsIsolatedCustomContainers() async {
      let scope = Container.capture()
      let carried = await Task.detached { scope.run { NetworkContainer.shared.endpoint() } }.value
      #expect(carried == "stub://carried")
    }

    @Test func carrierWorksWithoutTests() async {
      let container = Container()
      container.caseID.register { 54 }
      let scope = Container.$shared.withValue(container) { Container.capture() }
      let carried = await onQueue { scope.run { Container.shared.caseID() } }
      #expect(carried == 54)
    }
  }

  @Suite struct StrictModeTests {
    @Test(.container(strict: true))
    func fallbackFromDetachedWorkIsReportedWithTheTestName() async {
      await withKnownIssue {
        _ = await Task.detached { Container.shared.uniqueProbe() }.value
        // The report waits for this test's next resolution in its own task.
        _ = Container.shared.uniqueProbe()
      } matching: { issue in
        Self.mentions(issue, "fallbackFromDetachedWorkIsReportedWithTheTestName()")
          && Self.mentions(issue, "uniqueProbe")
      }
    }

    @Test(.container(strict: true))
    func asyncFactoryFallbackFromDetachedWorkIsReported() async {
      await withKnownIssue {
        _ = await Task.detached { await Container.shared.asyncProbe() }.value
        _ = Container.shared.caseID()
      } matching: { issue in
        Self.mentions(issue, "asyncFactoryFallbackFromDetachedWorkIsReported()")
          && Self.mentions(issue, "asyncProbe")
      }
    }

    @Test(.container(strict: true))
    func fallbackFromDispatchedWorkIsReported() async {
      await withKnownIssue {
        _ = await onQueue { Container.shared.caseID() }
        _ = Container.shared.caseID()
      } matching: { issue in
        Self.mentions(issue, "fallbackFromDispatchedWorkIsReported()")
      }
    }

    @Test(.container(NetworkContainer.self, strict: true))
    func processWideContainerResolvedInsideTheTestIsReported() {
      withKnownIssue {
        _ = Container.shared.caseID()
      } matching: { issue in
        Self.mentions(issue, "processWideContainerResolvedInsideTheTestIsReported()")
          && Self.mentions(issue, "inside isolated test")
      }
    }

    @Test(.container(strict: true))
    func fallbackWhileSeveralIsolatedTestsRunNamesEveryCandidate() async {
      let other = IsolatedTest.Identity(
        id: "other", name: "otherIsolatedTest()", strict: false, report: { _ in false })
      await withKnownIssue {
        await ContainerIsolation.run(Container.self, test: other) { _ in
          _ = await Task.detached { Container.shared.caseID() }.value
        }
        _ = Container.shared.caseID()
      } matching: { issue in
        Self.mentions(issue, "'fallbackWhileSeveralIsolatedTestsRunNamesEveryCandidate()'")
          && Self.mentions(issue, "'otherIsolatedTest()'")
          && Self.mentions(issue, "were running, so it came from one of")
      }
    }

    @Test func reportsStillQueuedWhenTheTestEndsAreDelivered() async {
      StrictMonitor.setTestProbe { Test.current != nil }
      await StrictMonitor.learnProcessWide(Container.self)
      let delivered = Mutexed<[String]>([])
      let test = IsolatedTest.Identity(
        id: "queued", name: "queuedReportTest()", strict: true,
        report: { message in
          delivered.update { $0.append(message) }
          return true
        })
      await ContainerIsolation.run(Container.self, test: test) { _ in
        _ = await Task.detached { Container.shared.uniqueProbe() }.value
        #expect(delivered.update { $0.isEmpty })
      }
      let messages = delivered.update { $0 }
      #expect(messages.count == 1)
      #expect(messages.first?.contains("'queuedReportTest()'") == true)
    }

    @Test(.container(strict: true))
    func carriedWorkIsNotReported() async {
      let scope = Container.capture()
      _ = await Task.detached { scope.run { Container.shared.caseID() } }.value
      _ = await onQueue { scope.run { Container.shared.caseID() } }
      #expect(Container.shared.caseID() == declaredID)
    }

    @Test(.container)
    func nonStrictTestReportsNothing() async {
      _ = await Task.detached { Container.shared.caseID() }.value
      _ = await onQueue { Container.shared.caseID() }
      #expect(Container.shared.caseID() == declaredID)
    }

    static func mentions(_ issue: Issue, _ text: String) -> Bool {
      issue.comments.contains { $0.rawValue.contains(text) }
    }
  }
}

/// Runs `body` on a global dispatch queue, outside any task, and returns its result.
func onQueue<R: Sendable>(_ body: @escaping @Sendable () -> R) async -> R {
  await withCheckedContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(returning: body()) }
  }
}
