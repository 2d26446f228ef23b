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

  /// Every registration by type has one name; diagnostics tell them apart by the type, as the
  /// call that resolves them reads. They printed `ByType.(registered by type)` for each.
  @Test func diagnosticsNameARegistrationByTypeAsItIsResolved() {
    let container = ByType()
    container.register { Service(name: "registered") }.scope(.cached)
    container.register { "text" }
    _ = container.resolve(Service.self)
    let dump = "\(container.manager.dump())"
    #expect(dump.contains("ByType.resolve(Service.self): scope cached"))
    #expect(dump.contains("ByType.resolve(String.self)"))
    #expect(dump.contains("ByType.resolve(Service.self): Service [cached]"))
  }
}
