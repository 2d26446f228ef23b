import Foundation
import Testing
import Wiring

private final class ByType: SharedContainer, Resolving {
  static let shared = ByType()
  let manager = ContainerManager()
}

@Suite struct ResolvingTests {
  /// A resolution by type that races a reset gets the instance or nil. It checked for a
  /// registration, then resolved a promise, which trapped when the reset came in between.
  @Test func resolvingByTypeWhileAnotherThreadResetsNeverFails() throws {
    let container = ByType()
    let stop = Mutexed(false)
    let resets = Thread {
      while !stop.read({ $0 }) {
        container.register { Service(name: "registered") }
        container.manager.reset()
      }
    }
    resets.start()
    let outcome = catchResolutionFailure {
      (0..<300_000).reduce(into: 0) { found, _ in
        if container.resolve(Service.self)?.name == "registered" { found += 1 }
      }
    }
    stop.update { $0 = true }
    #expect(throws: Never.self) { try outcome.get() }
  }
}
