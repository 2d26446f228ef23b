import Testing
import Wiring
import WiringTesting

/// Singletons: one per test, shared by every container within it.
@Suite struct SingletonIsolationTests {
  static let serials = Ledger()

  @Test(.container, arguments: 1...8)
  func singletonsAreSharedWithinOneTest(id: Int) async {
    Container.shared.caseID.register { id }
    let first = Container.shared.builtSingleton()
    #expect(first.caseID == id)
    #expect(Container().builtSingleton() === first)
    let fromChild = await Task { Container.shared.builtSingleton() }.value
    #expect(fromChild === first)
    #expect(Self.serials.record(first.serial))
  }

  @Test(.container)
  func singletonsOfATestAreNotTheProcessWideOnes() async {
    let mine = Container.shared.builtSingleton()
    let processWide = Task.detached { unobserved { Container.shared.builtSingleton() } }
    let ofANewContainer = Task.detached { unobserved { Container().builtSingleton() } }
    #expect(await processWide.value !== mine)
    #expect(await ofANewContainer.value !== mine)
  }

  @Test(.container)
  func resettingSingletonsElsewhereLeavesTheTestsOwn() {
    let mine = Container.shared.builtSingleton()
    let other = withIsolatedContainer {
      let built = Container.shared.builtSingleton()
      Container.shared.manager.reset(scope: .singleton)
      return (built, Container.shared.builtSingleton())
    }
    #expect(other.0 !== mine && other.1 !== other.0)
    #expect(Container.shared.builtSingleton() === mine)
  }

  /// The caught resolution runs on a thread of its own, which carried only `Container.shared`: a
  /// singleton it resolved came from the process-wide storage, shared with every other test.
  @Test(.container)
  func aResolutionCaughtByCatchResolutionFailureUsesTheTestsSingletons() throws {
    let caught = try catchResolutionFailure { Container.shared.builtSingleton() }.get()
    #expect(Container.shared.builtSingleton() === caught)
  }
}
