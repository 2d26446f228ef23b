import Testing
import Wiring

/// A container whose `gated` factory counts its builds and waits at `gate` until released.
private final class GatedContainer: SharedContainer {
  @TaskLocal static var shared = GatedContainer()
  let manager = ContainerManager()
}

extension GatedContainer {
  func gated(_ scope: Scope, _ counter: AtomicCounter, _ gate: AsyncGate) -> AsyncFactory<Service> {
    AsyncFactory(self, key: "gated") {
      counter.increment()
      await gate.wait()
      return Service()
    }.scope(scope)
  }

  func failing(
    _ counter: AtomicCounter, _ gate: AsyncGate, failures: Int
  ) -> AsyncThrowingFactory<Service> {
    AsyncThrowingFactory(self, key: "failing") {
      let attempt = counter.increment()
      await gate.wait()
      if attempt <= failures { throw BuildError(attempt: attempt) }
      return Service(name: "attempt \(attempt)")
    }.cached
  }
}

extension GatedContainer {
  /// A kept factory whose build resolves `inner`.
  func joiner(_ inner: AsyncFactory<Service>) -> AsyncFactory<String> {
    AsyncFactory(self, key: "joiner") { await inner().name }.cached
  }
}

struct BuildError: Error, Equatable {
  let attempt: Int
}

/// Waits until `count` callers are in: one built the instance, the others joined its build.
private func allCallersIn(_ container: GatedContainer, _ count: Int) -> EventCountdown {
  let countdown = EventCountdown(count)
  container.manager.onResolution = { event in
    if event.outcome == .built || event.outcome == .joined { countdown.tick() }
  }
  return countdown
}

/// Lets the build through once `count` callers are in.
private func releaseWhenAllJoin(_ container: GatedContainer, _ count: Int, _ gate: AsyncGate) {
  let countdown = allCallersIn(container, count)
  Task {
    await countdown.gate.wait()
    container.manager.onResolution = nil
    gate.open()
  }
}

@Suite struct AsyncSingleFlightTests {
  // `.singleton` is left to a child process: other suites reset singletons while this runs.
  static let keptScopes: [Scope] = [.cached, .shared, .timeToLive(60), .custom("s")]

  @Test(arguments: keptScopes)
  func aHundredConcurrentCallersAwaitOneConstruction(scope: Scope) async {
    let container = GatedContainer()
    defer { container.manager.reset(scope: scope) }
    let counter = AtomicCounter()
    let gate = AsyncGate()
    releaseWhenAllJoin(container, 100, gate)
    let services = await withTaskGroup(of: Service.self) { group in
      for _ in 0..<100 { group.addTask { await container.gated(scope, counter, gate)() } }
      return await group.reduce(into: [Service]()) { $0.append($1) }
    }
    #expect(counter.value == 1)
    #expect(Set(services.map(ObjectIdentifier.init)).count == 1)
  }

  @Test func aHundredConcurrentCallersAwaitOneSingletonConstruction() async {
    await #expect(processExitsWith: .success) {
      let container = GatedContainer()
      let counter = AtomicCounter()
      let gate = AsyncGate()
      releaseWhenAllJoin(container, 100, gate)
      await inTasks(100) { _ in _ = await container.gated(.singleton, counter, gate)() }
      #expect(counter.value == 1)
    }
  }

  @Test func uniqueScopeBuildsForEveryCaller() async {
    let container = GatedContainer()
    let counter = AtomicCounter()
    let gate = AsyncGate()
    gate.open()
    await inTasks(20) { _ in _ = await container.gated(.unique, counter, gate)() }
    #expect(counter.value == 20)
  }

  @Test func aBuildThatThrowsIsNotKeptAndTheNextCallerRetries() async throws {
    let container = GatedContainer()
    let counter = AtomicCounter()
    let gate = AsyncGate()
    gate.open()
    let factory = container.failing(counter, gate, failures: 1)
    await #expect(throws: BuildError(attempt: 1)) { try await factory() }
    let service = try await factory()
    #expect(service.name == "attempt 2")
    #expect(try await factory() === service)
    #expect(counter.value == 2)
  }

  @Test func everyCallerWaitingForAFailedBuildGetsItsErrorThenOneRetrySucceeds() async throws {
    let container = GatedContainer()
    let counter = AtomicCounter()
    let gate = AsyncGate()
    releaseWhenAllJoin(container, 10, gate)
    let factory = container.failing(counter, gate, failures: 1)
    let errors = await withTaskGroup(of: (any Error)?.self) { group in
      for _ in 0..<10 {
        group.addTask {
          do {
            _ = try await factory()
            return nil
          } catch {
            return error
          }
        }
      }
      return await group.reduce(into: [(any Error)?]()) { $0.append($1) }
    }
    let expected = Array(repeating: BuildError(attempt: 1), count: 10)
    #expect(errors.compactMap { $0 as? BuildError } == expected)
    #expect(try await factory().name == "attempt 2")
    #expect(counter.value == 2)
  }

  /// A caller whose task is cancelled, while it waits for the build in progress or before it
  /// asks, throws at once; the build goes on for the others.
  @Test(arguments: [false, true])
  func aCancelledWaiterStopsWaitingWithoutCancellingTheBuildForOthers(
    cancelledBeforeAsking: Bool
  ) async throws {
    let container = GatedContainer()
    let counter = AtomicCounter()
    let gate = AsyncGate()
    let factory = container.failing(counter, gate, failures: 0)
    // Opens the gate late, so that a waiter that missed its cancellation ends rather than hangs.
    let lateOpening = Task {
      try await Task.sleep(for: .seconds(5))
      gate.open()
    }
    let joined = allCallersIn(container, cancelledBeforeAsking ? 1 : 2)
    let first = Task { try await factory() }
    let second: Task<Service, any Error>
    if cancelledBeforeAsking {
      await joined.gate.wait()
      second = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return try await factory()
      }
    } else {
      second = Task { try await factory() }
      await joined.gate.wait()
      second.cancel()
    }
    container.manager.onResolution = nil
    await #expect(throws: CancellationError.self) { try await second.value }
    lateOpening.cancel()
    gate.open()
    let service = try await first.value
    #expect(try await factory() === service)
    #expect(counter.value == 1)
  }

  @Test func cancellingTheCallerThatStartedTheBuildLeavesItToTheOthers() async throws {
    let container = GatedContainer()
    let counter = AtomicCounter()
    let gate = AsyncGate()
    let factory = container.failing(counter, gate, failures: 0)
    let joined = allCallersIn(container, 2)
    let starter = Task { try await factory() }
    let waiter = Task { try await factory() }
    await joined.gate.wait()
    container.manager.onResolution = nil
    starter.cancel()
    gate.open()
    let service = try await waiter.value
    #expect(try await factory() === service)
    #expect(counter.value == 1)
  }

  @Test func aCancelledWaiterOfANonThrowingFactoryStillGetsTheInstance() async {
    let container = GatedContainer()
    let counter = AtomicCounter()
    let gate = AsyncGate()
    let joined = allCallersIn(container, 2)
    let first = Task { await container.gated(.cached, counter, gate)() }
    let second = Task { await container.gated(.cached, counter, gate)() }
    await joined.gate.wait()
    container.manager.onResolution = nil
    second.cancel()
    gate.open()
    let (one, two) = (await first.value, await second.value)
    #expect(one === two)
    #expect(counter.value == 1)
  }

  /// A kept build that waited for another forgets that wait when it ends, so the instance it
  /// waited for goes once the container lets go of it.
  @Test func aBuildThatJoinedAnotherLetsGoOfItsInstance() async {
    let container = GatedContainer()
    let counter = AtomicCounter()
    let gate = AsyncGate()
    let inner = container.gated(.cached, counter, gate)
    weak var released: Service?
    do {
      let innerStarted = allCallersIn(container, 1)
      // A task keeps its result for as long as its handle lives: this one ends with the block.
      let starter = Task { await inner() }
      await innerStarted.gate.wait()
      // The joiner's build, then its resolution of `inner`, which joins the one in flight.
      releaseWhenAllJoin(container, 2, gate)
      let name = await container.joiner(inner)()
      let service = await starter.value
      #expect(name == service.name)
      released = service
    }
    container.manager.reset()
    #expect(await eventually { released == nil })
    #expect(counter.value == 1)
  }

  /// A build with a registered builder that `reset(.registration)` removed goes to its caller
  /// but is not kept: the next resolution builds the declaration.
  @Test(arguments: keptScopes)
  func aBuildWhoseRegistrationAResetRemovedIsNotKept(scope: Scope) async {
    let container = GatedContainer()
    defer { container.manager.reset(scope: scope) }
    let (counter, open, entered, held) = (AtomicCounter(), AsyncGate(), AsyncGate(), AsyncGate())
    open.open()
    container.gated(scope, counter, open).register {
      entered.open()
      await held.wait()
      return Service(name: "registered")
    }
    let overtaken = Task { await container.gated(scope, counter, open)() }
    await entered.wait()
    container.gated(scope, counter, open).reset(.registration)
    held.open()
    #expect(await overtaken.value.name == "registered")
    #expect(await container.gated(scope, counter, open)().name == "live")
  }
}
