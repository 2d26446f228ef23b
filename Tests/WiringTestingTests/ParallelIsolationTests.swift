import Testing
import Wiring
import WiringTesting

/// Many tests at once, each with conflicting registrations of the same factories: every one
/// must see only its own, however its work is split into tasks.
@Suite struct ParallelIsolationTests {
  static let cases = Array(1...64)
  static let singletonSerials = Ledger()

  @Test(.container, arguments: cases)
  func eachCaseSeesOnlyItsOwnRegistrations(id: Int) async {
    let container = Container.shared
    container.caseID.register { id }
    container.uniqueProbe.register { Probe(id: id) }
    container.cachedProbe.register { Probe(id: id) }
    container.singletonProbe.register { Probe(id: id) }
    let singleton = Container.shared.builtSingleton()
    #expect(singleton.caseID == id)
    #expect(Self.singletonSerials.record(singleton.serial))

    for _ in 0..<20 {
      Self.expectOwn(id, singleton: singleton)
      await Task.yield()
      Self.expectOwn(id, singleton: singleton)
      async let child: Void = Self.expectOwnAfterYield(id, singleton: singleton)
      await child
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<4 {
          group.addTask { await Self.expectOwnAfterYield(id, singleton: singleton) }
        }
      }
    }
  }

  static func expectOwnAfterYield(_ id: Int, singleton: BuiltSingleton) async {
    await Task.yield()
    expectOwn(id, singleton: singleton)
  }

  static func expectOwn(_ id: Int, singleton: BuiltSingleton) {
    let container = Container.shared
    #expect(container.caseID() == id)
    #expect(container.uniqueProbe().id == id)
    #expect(container.cachedProbe().id == id)
    #expect(container.cachedProbe() === container.cachedProbe())
    #expect(container.singletonProbe().id == id)
    #expect(container.builtSingleton() === singleton)
  }
}
