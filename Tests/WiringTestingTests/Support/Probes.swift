import Foundation
import Testing
import Wiring

/// A value that says which test (or which build) made it.
final class Probe: Sendable {
  let id: Int
  init(id: Int) { self.id = id }
}

/// The id a declaration builds when no test registered anything.
let declaredID = -1

/// Hands out distinct numbers, so that two builds of a singleton can be told apart.
enum Serial {
  private static let last = Mutexed(0)
  static func next() -> Int {
    last.update {
      $0 += 1
      return $0
    }
  }
}

/// Remembers values across tests, to show that no two tests saw the same one.
final class Ledger: Sendable {
  private let seen = Mutexed(Set<Int>())
  /// Records `value`; false when some test recorded it before.
  func record(_ value: Int) -> Bool { seen.update { $0.insert(value).inserted } }
}

extension Container {
  var caseID: Factory<Int> { self { declaredID } }
  var uniqueProbe: Factory<Probe> { self { Probe(id: declaredID) } }
  var asyncProbe: AsyncFactory<Probe> { self { Probe(id: declaredID) } }
  var cachedProbe: Factory<Probe> { self { Probe(id: declaredID) }.cached }
  var singletonProbe: Factory<Probe> { self { Probe(id: declaredID) }.singleton }
  /// A declared singleton that reads the container it is built in, and a serial of its build.
  var builtSingleton: Factory<BuiltSingleton> {
    self { BuiltSingleton(caseID: Container.shared.caseID(), serial: Serial.next()) }.singleton
  }
}

/// What a declared singleton saw when it was built.
final class BuiltSingleton: Sendable {
  let caseID: Int
  let serial: Int
  init(caseID: Int, serial: Int) {
    self.caseID = caseID
    self.serial = serial
  }
}

/// A custom container whose `shared` is task-local, as the testing guide declares one.
final class NetworkContainer: IsolatableContainer {
  @TaskLocal static var shared = NetworkContainer()
  static var sharedTaskLocal: TaskLocal<NetworkContainer> { $shared }
  let manager = ContainerManager()
  init() {}
}

extension NetworkContainer {
  var endpoint: Factory<String> { self { "https://api.example.com" } }
  var session: Factory<Probe> { self { Probe(id: declaredID) }.singleton }
}

/// A minimal lock for test bookkeeping.
final class Mutexed<Value>: @unchecked Sendable {
  // NB: `@unchecked` is sound because `value` is only touched while `lock` is held.
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func update<R>(_ body: (inout Value) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

/// Runs `body`, which resolves from a process-wide container on purpose where no test can be
/// told apart (a detached task, a dispatch queue), outside every strict test's checks: the
/// strict monitor would tell each strict test running at that moment, in any suite.
func unobserved<R>(_ body: () throws -> R) rethrows -> R {
  try StrictMonitor.$isUnwatched.withValue(true, operation: body)
}

/// Runs the tests it marks one at a time, across suites: tests whose strict checks hear of
/// every resolution from a process-wide container that no test can be told apart, and tests
/// that make such resolutions on purpose and must be heard.
struct OneStrictCheckAtATime: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    // A suite's own scope holds no turn: its tests take theirs one by one.
    guard testCase != nil else { return try await function() }
    await Turns.shared.take()
    do {
      try await function()
    } catch {
      await Turns.shared.give()
      throw error
    }
    await Turns.shared.give()
  }

  /// Whose turn it is, and who waits for one, in the order they came.
  private actor Turns {
    static let shared = Turns()
    private var taken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func take() async {
      guard taken else {
        taken = true
        return
      }
      await withCheckedContinuation { waiting.append($0) }
    }

    func give() {
      if waiting.isEmpty {
        taken = false
      } else {
        waiting.removeFirst().resume()
      }
    }
  }
}

extension Trait where Self == OneStrictCheckAtATime {
  /// Runs the tests it marks one at a time, across suites (`OneStrictCheckAtATime`).
  static var oneStrictCheckAtATime: Self { Self() }
}
