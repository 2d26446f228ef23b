/// A container that Wiring can make an empty instance of, to verify its factories in a sandbox.
///
/// `Container` is one. Make your own container one by declaring the conformance; its `init()`
/// must make an empty container, as the usual declaration does:
///
/// ```swift
/// public final class NetworkContainer: SharedContainer, VerifiableContainer {
///   @TaskLocal public static var shared = NetworkContainer()
///   public let manager = ContainerManager()
///   public init() {}
/// }
/// ```
public protocol VerifiableContainer: ManagedContainer {
  /// Makes an empty container: no registrations, nothing kept.
  init()
}

extension Container: VerifiableContainer {}

extension VerifiableContainer {
  /// A new container of this type with this container's registrations and nothing kept: its
  /// auto-registration, then this container's overrides over it.
  func sandbox() -> Self {
    let sandbox = Self()
    sandbox.manager.becomeSandbox(of: sandbox, copying: manager)
    return sandbox
  }
}

extension ContainerManager {
  /// Makes this (new, empty) manager a verification sandbox holding `original`'s overrides.
  func becomeSandbox(of container: any ManagedContainer, copying original: ContainerManager) {
    registry.withLock { $0.isSandbox = true }
    ensureAutoRegistered(container)
    let overrides = original.registry.withLock { registry in
      registry.slots.entries.compactMap { key, slot in
        slot.amendment.map { (key, $0) }
      }
    }
    registry.withLock { registry in
      for (key, amendment) in overrides {
        registry.slots.slotCreating(key).amendment = amendment
      }
      publishReadiness(registry)
    }
  }
}

extension VerifiableContainer {
  /// Resolves each factory in a sandbox and reports every fault at once.
  ///
  /// ```swift
  /// @Test func theWholeGraphResolves() {
  ///   let report = Container.shared.verify(\.api, \.session, \.searchViewModel)
  ///   #expect(report.isClean, "\(report)")
  /// }
  /// ```
  ///
  /// See `verify(_:)`.
  public func verify(_ factories: any PartialKeyPath<Self> & Sendable...) -> VerificationReport {
    verify(factories.map { .factory($0) })
  }

  /// Attempts each check in a sandbox and reports every fault at once.
  ///
  /// The sandbox is a new container of this type with this container's registrations: its
  /// auto-registration, then this container's overrides. Every scope in it starts empty and
  /// `.singleton` factories keep their instance in the sandbox, so verifying creates nothing in
  /// this container's caches nor in the process-wide singletons, and finds faults in factories
  /// that this container already resolved. While a check runs, `Container.shared` is the
  /// sandbox when this is a `Container`.
  ///
  /// Each check runs on a thread of its own with ``catchResolutionFailure(_:)``, so a cycle, a
  /// missing registration or an endless recursion becomes a fault in the report instead of a
  /// crash. A check that fails leaves one parked thread behind. A factory that traps by itself
  /// (a `fatalError`, a force unwrap) still ends the process: Swift cannot recover from that.
  ///
  /// ```swift
  /// let report = Container.shared.verify(
  ///   .factory(\.api),
  ///   .resolving("user(42)") { $0.user(42) }
  /// )
  /// print(report)
  /// ```
  public func verify(_ checks: VerificationCheck<Self>...) -> VerificationReport {
    verify(checks)
  }

  /// Attempts each check in a sandbox and reports every fault at once; see `verify(_:)`.
  public func verify(_ checks: [VerificationCheck<Self>]) -> VerificationReport {
    let sandbox = sandbox()
    var collector = FaultCollector()
    for check in checks {
      collector.add(attemptRecordingGraph(check, in: sandbox), of: check)
    }
    return VerificationReport(checked: collector.checked, faults: collector.faults)
  }

  /// Attempts a synchronous check in `sandbox`, with the graph of what it resolved.
  func attemptRecordingGraph(
    _ check: VerificationCheck<Self>, in sandbox: Self
  ) -> Result<(VerificationCheck<Self>.Attempt, ResolutionGraph), ResolutionFailure> {
    sandboxed(sandbox) {
      catchResolutionFailure {
        // What the sandbox builds is the report's to judge: a strict or fakes-only test that
        // verifies does not also hear of it.
        StrictMonitor.$isUnwatched.withValue(true) {
          sandbox.manager.recordingGraph { check.attempt(sandbox) }
        }
      }
    }
  }

  /// Runs `body` with `Container.shared` bound to the sandbox when it is a `Container`.
  func sandboxed<R>(_ sandbox: Self, _ body: () -> R) -> R {
    guard let container = sandbox as? Container else { return body() }
    return Container.$shared.withValue(container, operation: body)
  }
}

/// Gathers the faults of several checks, merging those that are the same fault.
struct FaultCollector {
  private(set) var checked: [String] = []
  private(set) var faults: [VerificationReport.Fault] = []
  private var positions: [[String]: Int] = [:]

  mutating func add<C>(
    _ outcome: Result<VerificationCheck<C>.Attempt, ResolutionFailure>,
    of check: VerificationCheck<C>
  ) {
    switch outcome {
    case .success(.resolved(let key)):
      checked.append(check.name ?? key)
    case .success(.threw(let key, let error)):
      let name = check.name ?? key
      checked.append(name)
      add(
        VerificationReport.Fault(
          kind: .threw, chain: [key], message: "\(key) threw \(error)", foundBy: [name]))
    case .success(.unverifiable(let key, let reason)):
      let name = check.name ?? key ?? "?"
      checked.append(name)
      add(
        VerificationReport.Fault(
          kind: .unverifiable, chain: key.map { [$0] } ?? [], message: "\(name): \(reason)",
          foundBy: [name]))
    case .failure(let failure):
      let name = check.name ?? failure.chain.first ?? "?"
      checked.append(name)
      add(VerificationReport.Fault(failure, foundBy: name))
    }
  }

  /// Adds what a check that recorded `graph` found: its outcome, then every captive dependency
  /// whose holder it built.
  mutating func add<C>(
    _ outcome: Result<(VerificationCheck<C>.Attempt, ResolutionGraph), ResolutionFailure>,
    of check: VerificationCheck<C>
  ) {
    add(outcome.map(\.0), of: check)
    guard case .success(let (attempt, graph)) = outcome else { return }
    for captive in graph.captives() {
      add(VerificationReport.Fault(captive, foundBy: check.name ?? attempt.key ?? "?"))
    }
  }

  mutating func add(_ fault: VerificationReport.Fault) {
    if let position = positions[fault.identity] {
      faults[position].foundBy += fault.foundBy
    } else {
      positions[fault.identity] = faults.count
      faults.append(fault)
    }
  }
}

extension VerifiableContainer {
  /// Resolves each factory, async ones included, in a sandbox and reports every fault at once.
  ///
  /// ```swift
  /// @Test func theWholeGraphResolves() async {
  ///   let report = await Container.shared.verify(\.api, \.database, \.session)
  ///   #expect(report.isClean, "\(report)")
  /// }
  /// ```
  ///
  /// See `verify(_:)`.
  public func verify(
    _ factories: any PartialKeyPath<Self> & Sendable...
  ) async -> VerificationReport {
    await verify(factories.map { .factory($0) })
  }

  /// Attempts each check, async ones included, in a sandbox and reports every fault at once.
  ///
  /// Synchronous checks run as they do without `await`. Async checks run in a task of their own
  /// with ``catchAsyncResolutionFailure(_:)``, so a cycle or a missing registration is a fault,
  /// and so is an error that a throwing factory threw.
  public func verify(_ checks: VerificationCheck<Self>...) async -> VerificationReport {
    await verify(checks)
  }

  /// Attempts each check, async ones included, in a sandbox and reports every fault at once.
  public func verify(_ checks: [VerificationCheck<Self>]) async -> VerificationReport {
    let sandbox = sandbox()
    let shared = (sandbox as? Container) ?? Container.shared
    var collector = FaultCollector()
    for check in checks {
      let outcome = await Container.$shared.withValue(shared) {
        await StrictMonitor.$isUnwatched.withValue(true) {
          await catchAsyncResolutionFailure {
            let (attempt, graph) = await sandbox.manager.recordingGraph {
              await check.asyncAttempt?(sandbox)
            }
            return attempt.map { ($0, graph) }
          }
        }
      }
      switch outcome {
      case .success(let recorded?):
        collector.add(.success(recorded), of: check)
      case .success(nil):
        // NB: a synchronous check blocks this thread while its capture thread resolves, as it
        // would without `await`; verification is for tests, not for the app's hot paths.
        collector.add(attemptRecordingGraph(check, in: sandbox), of: check)
      case .failure(let failure):
        collector.add(
          Result<(VerificationCheck<Self>.Attempt, ResolutionGraph), _>.failure(failure), of: check)
      }
    }
    return VerificationReport(checked: collector.checked, faults: collector.faults)
  }
}
