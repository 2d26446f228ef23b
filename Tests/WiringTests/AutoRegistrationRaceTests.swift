import Foundation
import Testing
import Wiring

/// A container whose auto-registration is slow enough for other threads to act while it runs.
private final class SlowStartContainer: SharedContainer, AutoRegistering {
  static let shared = SlowStartContainer()
  let manager = ContainerManager()
  let runs = Counter()

  func autoRegister() {
    runs.increment()
    Thread.sleep(forTimeInterval: 0.05)
    value.register { "registered" }
  }
}

extension SlowStartContainer {
  fileprivate var value: Factory<String> { self { "declared" } }
}

@Suite struct AutoRegistrationRaceTests {
  /// Regression: a `pop()` or `reset()` while auto-registration ran dropped its latch, and every
  /// resolution waiting for it hung forever.
  @Test(arguments: ["pop", "reset"])
  func resolutionsWaitingForAutoRegistrationFinishWhenTheManagerChangesMeanwhile(
    change: String
  ) {
    let container = SlowStartContainer()
    container.manager.push()
    let finished = DispatchGroup()
    let values = Mutexed<[String]>([])
    for index in 0..<4 {
      finished.enter()
      Thread {
        if index == 0 {
          Thread.sleep(forTimeInterval: 0.01)
          if change == "pop" { container.manager.pop() } else { container.manager.reset() }
        } else {
          let value = container.value()
          values.update { $0.append(value) }
        }
        finished.leave()
      }.start()
    }
    #expect(finished.wait(timeout: .now() + 10) == .success)
    #expect(values.read { $0 } == ["registered", "registered", "registered"])
    #expect(container.runs.value == 1)
  }
}
