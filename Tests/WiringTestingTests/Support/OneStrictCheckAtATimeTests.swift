import Testing

/// How many bodies run at once under `OneStrictCheckAtATime`, and how many ran in all.
private final class Overlap: Sendable {
  private let counts = Mutexed((running: 0, most: 0, finished: 0))

  func enter() {
    counts.update {
      $0.running += 1
      $0.most = max($0.most, $0.running)
    }
  }

  func leave() {
    counts.update {
      $0.running -= 1
      $0.finished += 1
    }
  }

  var most: Int { counts.update { $0.most } }
  var finished: Int { counts.update { $0.finished } }
}

private struct Planned: Error {}

/// The trait that keeps strict tests from hearing each other's fallbacks lets one test case run
/// at a time, and hands the turn on when a test throws (a trait that kept the turn of a test that
/// threw would leave this suite, and every strict test after it, waiting).
@Suite struct OneStrictCheckAtATimeTests {
  @Test func testCasesTakeTurnsAndEveryOneRuns() async throws {
    let test = try #require(Test.current)
    let testCase = try #require(Test.Case.current)
    let overlap = Overlap()
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<8 {
        group.addTask {
          try? await OneStrictCheckAtATime().provideScope(for: test, testCase: testCase) {
            overlap.enter()
            defer { overlap.leave() }
            try await Task.sleep(for: .milliseconds(5))
            if index.isMultiple(of: 3) { throw Planned() }
          }
        }
      }
    }
    #expect(overlap.most == 1)
    #expect(overlap.finished == 8)
  }

  @Test func aSuiteScopeHoldsNoTurn() async throws {
    let test = try #require(Test.current)
    let overlap = Overlap()
    // Two suite-level scopes nested in each other would wait forever if a suite took a turn.
    try await OneStrictCheckAtATime().provideScope(for: test, testCase: nil) {
      try await OneStrictCheckAtATime().provideScope(for: test, testCase: nil) {
        overlap.enter()
        overlap.leave()
      }
    }
    #expect(overlap.finished == 1)
  }
}
