import Testing
import Wiring
import WiringTesting

#if canImport(XCTest)
import XCTest

/// The XCTest helpers, used as an XCTest user would.
final class IsolatedContainerXCTests: XCTestCase {
  func testSynchronousBodySeesItsOwnContainer() {
    withIsolatedContainer {
      Container.shared.caseID.register { 41 }
      XCTAssertEqual(Container.shared.caseID(), 41)
    }
    XCTAssertEqual(Container.shared.caseID(), declaredID)
  }

  func testAsynchronousBodySeesItsOwnContainerAcrossTasks() async {
    let seen = await withIsolatedContainer {
      Container.shared.caseID.register { 42 }
      await Task.yield()
      return await Task { Container.shared.caseID() }.value
    }
    XCTAssertEqual(seen, 42)
    XCTAssertEqual(Container.shared.caseID(), declaredID)
  }

  func testSingletonsDoNotOutliveTheBody() {
    let inside = withIsolatedContainer { Container.shared.builtSingleton() }
    let again = withIsolatedContainer { Container.shared.builtSingleton() }
    XCTAssertFalse(inside === again)
  }

  func testCustomContainerIsPassedToTheBody() async {
    let endpoint = await withIsolatedContainer(NetworkContainer.self) { network in
      network.endpoint.register { "stub://xctest" }
      return await Task { NetworkContainer.shared.endpoint() }.value
    }
    XCTAssertEqual(endpoint, "stub://xctest")
    XCTAssertEqual(NetworkContainer.shared.endpoint(), "https://api.example.com")
  }
}
#endif

/// The same helpers from Swift Testing, so they are checked on every platform.
@Suite struct IsolatedContainerTests {
  @Test func synchronousHelperIsolatesRegistrationsAndSingletons() async {
    let (registered, singleton) = withIsolatedContainer {
      Container.shared.caseID.register { 43 }
      return (Container.shared.caseID(), Container.shared.builtSingleton())
    }
    #expect(registered == 43)
    #expect(singleton.caseID == 43)
    let global = await Task.detached { unobserved { Container.shared.caseID() } }.value
    #expect(global == declaredID)
  }

  @Test func asynchronousHelperIsolatesChildTasks() async {
    let seen = await withIsolatedContainer {
      Container.shared.caseID.register { 44 }
      return await withTaskGroup(of: Int.self) { group in
        for _ in 0..<4 { group.addTask { Container.shared.caseID() } }
        return await group.reduce(into: []) { $0.append($1) }
      }
    }
    #expect(seen == [44, 44, 44, 44])
  }
}
