import Testing
import Wiring
import WiringTesting

/// The trait on a suite: each test gets its own container, with the suite's overrides.
@Suite(.container { $0.caseID.register { 30 } })
struct SuiteTraitTests {
  static let serials = Ledger()

  @Test(arguments: 31...40)
  func eachTestOfTheSuiteGetsItsOwnContainer(id: Int) async {
    #expect(Container.shared.caseID() == 30)
    Container.shared.caseID.register { id }
    await Task.yield()
    #expect(Container.shared.caseID() == id)
    #expect(Self.serials.record(Container.shared.builtSingleton().serial))
  }

  @Suite struct NestedSuiteTests {
    @Test func nestedSuitesInheritTheTrait() {
      #expect(Container.shared.caseID() == 30)
    }
  }
}
