/// Finds resolutions that fell back to a process-wide container while a strict test ran, and
/// declared builders that ran in a fakes-only test.
///
/// A process-wide container is the default `shared` instance of its type, the one code sees
/// when no isolation is bound. While no strict or fakes-only test runs, the whole cost on the
/// resolve path is a call that makes one relaxed load of `ProcessWord.checkedTests`.
///
/// What a fallback can be attributed to:
/// - in a task that carries an isolation, it belongs to that isolation's test: exact;
/// - in a task of a test that is not isolated, it is that test's own business: ignored;
/// - anywhere else (a detached task, a dispatch queue, a stored callback) the task-locals are
///   gone, so it is attributed to every isolated test running at that moment, and each strict
///   one among them is told, with the names of all candidates.
@usableFromInline
package enum StrictMonitor {
  private static let state = Locked(State())

  private struct State {
    var running: [ObjectIdentifier: IsolatedTest] = [:]
    var checkedCount = 0
    /// The default `shared` instances of the container types learned so far.
    var globals: Set<ObjectIdentifier> = []
    var learned: Set<ObjectIdentifier> = []
    /// Says whether the calling task belongs to some test; installed by `WiringTesting`.
    var insideTest: (@Sendable () -> Bool)?
    /// The factories whose untracked `reset(.dependents)` was written to standard error.
    var warnedUntracked: Set<FactoryKey> = []

    mutating func setCheckedCount(_ count: Int) {
      checkedCount = count
      ProcessWord.checkedTests.storeSequentiallyConsistent(UInt(count))
    }
  }

  /// Whether any strict or fakes-only test is running.
  ///
  /// NB: a relaxed load is enough. A strict test stores its count before it runs, so every
  /// resolution that happens after its start (in its tasks, or in work they start) sees it; a
  /// resolution on a thread with no such order to the test may miss it, and could as well have
  /// happened before the test began.
  @usableFromInline
  static var isArmed: Bool {
    ProcessWord.checkedTests.loadRelaxed() != 0 && !isUnwatched
  }

  /// Whether the current task's resolutions are outside every strict and fakes-only check:
  /// tests of the lock-free paths set it, which a strict test running beside them would
  /// otherwise send to the lock. Read only while a check runs.
  @TaskLocal package static var isUnwatched = false

  /// Learns the default `shared` instance of `C`, as a task with no task-locals sees it.
  package static func learnProcessWide<C: SharedContainer>(_ type: C.Type) async {
    let type = ObjectIdentifier(C.self)
    guard !state.withLock({ $0.learned.contains(type) }) else { return }
    let global = await Task.detached { ObjectIdentifier(C.shared) }.value
    state.withLock {
      $0.learned.insert(type)
      $0.globals.insert(global)
    }
  }

  /// Installs the function that tells whether the calling task belongs to a test.
  package static func setTestProbe(_ probe: @escaping @Sendable () -> Bool) {
    state.withLock { $0.insideTest = probe }
  }

  static func begin(_ test: IsolatedTest) {
    let checked = test.isChecked
    state.withLock { state in
      state.running[ObjectIdentifier(test)] = test
      if checked { state.setCheckedCount(state.checkedCount + 1) }
    }
  }

  static func end(_ test: IsolatedTest) {
    let checked = test.isChecked
    state.withLock { state in
      state.running[ObjectIdentifier(test)] = nil
      if checked { state.setCheckedCount(state.checkedCount - 1) }
    }
    test.deliverPending()
  }

  static func checksGained(by test: IsolatedTest) {
    state.withLock { state in
      guard state.running[ObjectIdentifier(test)] != nil else { return }
      state.setCheckedCount(state.checkedCount + 1)
    }
  }

  /// Checks one resolution of `key` on `container`; called only while a strict or fakes-only
  /// test runs.
  @inline(never)
  static func observe(_ container: any ManagedContainer, _ key: FactoryKey) {
    let isolation = Isolation.current
    isolation?.test?.deliverPending()
    let id = ObjectIdentifier(container)
    let (isGlobal, insideTest) = state.withLock { ($0.globals.contains(id), $0.insideTest) }
    guard isGlobal else { return }
    let what = "strict mode: `\(key)` was resolved from the process-wide \(type(of: container))"
    if let isolation {
      guard let test = isolation.test, test.isStrict else { return }
      test.enqueue(
        "\(what) inside isolated test '\(test.name)', which does not resolve from it: isolate "
          + "that container in the test too, or resolve through `shared` rather than through a "
          + "reference kept from outside the test")
      test.deliverPending()
      return
    }
    if insideTest?() == true { return }
    let candidates = state.withLock { Array($0.running.values) }
    let strict = candidates.filter(\.isStrict)
    guard !strict.isEmpty else { return }
    let message =
      if candidates.count == 1 {
        "\(what) by work that left the task tree of '\(candidates[0].name)', the only "
          + "isolated test running; carry the test's containers into it with "
          + "`Container.capture()`"
      } else {
        "\(what) by work that left the task tree of an isolated test; \(candidates.count) "
          + "were running, so it came from one of " + listing(candidates)
          + "; carry the test's containers into such work with `Container.capture()`"
      }
    for test in strict { test.enqueue(message) }
  }

  /// Reports a build with `key`'s declared builder to the fakes-only test it runs in, if any;
  /// `chain` is the resolutions that led to it, outermost first. Called only while a strict or
  /// fakes-only test runs.
  @inline(never)
  static func observeDeclaredBuild(of key: FactoryKey, chain: [String]) {
    guard let test = Isolation.current?.test, test.isFakesOnly,
      test.isFirstReport(of: .declaredBuild(key))
    else { return }
    let path = (chain + [key.description]).joined(separator: " → ")
    test.enqueue(
      "fakes-only: `\(key)` ran its declared builder in fakes-only test '\(test.name)' (resolved as "
        + "\(path)): register a fake for it in the test, or mark its declaration "
        + "`.safeInTests` if building it in any test is safe")
    test.deliverPending()
  }

  /// Reports `key` (resolved for `argument`, if any), resolved by the builder of a kept instance
  /// this thread is building, when that instance captures it (`Scope.captures`), to the strict
  /// test it runs in, once per pair of factories. Names and chain read as `verify` writes them.
  static func observeCapture(
    of key: FactoryKey, argument: String?, declared: Scope?, in manager: ContainerManager
  ) {
    guard let holder = keptBuildResolvingNow(), let test = Isolation.current?.test, test.isStrict
    else { return }
    let held = manager.keptScope(of: key, declared: declared)
    guard holder.scope.captures(held),
      test.isFirstReport(of: .capture(holder: holder.key, held: key))
    else { return }
    let resolved = argument.map { "\(key)(\($0))" } ?? "\(key)"
    let chain = holder.chain()
    test.enqueue(
      "strict mode: \(chain.last ?? "") (\(holder.scope)) captures \(resolved) (\(held)): "
        + "its builder resolved it, and keeping the one keeps the other past its lifetime; "
        + "resolved as " + (chain + [resolved]).joined(separator: " → "))
    test.deliverPending()
  }

  /// The kept instance whose own builder is running and resolving now, with the chain of
  /// factories down to it as reports name them, made only for a report: the thread's innermost
  /// synchronous build, or, when the thread builds nothing synchronously, the task's async one.
  private static func keptBuildResolvingNow()
    -> (key: FactoryKey, scope: Scope, chain: () -> [String])?
  {
    let state = ResolutionState.current
    if let frame = state.frames.last {
      guard let holder = state.keptBuilds.last, frame.key == holder.key else { return nil }
      let chain = {
        state.frames.map { frame in
          parameterDescription(frame.parameter, frame.parameterType)
            .map { "\(frame.key)(\($0))" } ?? "\(frame.key)"
        }
      }
      return (holder.key, holder.scope, chain)
    }
    guard let frame = AsyncResolution.current, let construction = frame.construction else {
      return nil
    }
    return (frame.key, construction.scope, { frame.chain })
  }

  /// Reports a kept instance of `key` (for `argument`, if it is kept per argument) built from
  /// `chain`, whose last factory was registered again or reset since, to the strict test it is
  /// resolved in, if any, once per instance and changed factory; the report points at the
  /// registration that changed it, `site`, when known.
  static func observeStale(
    _ key: FactoryKey, argument: String?, builtFrom chain: [FactoryKey],
    changedAt site: IsolatedTest.SourceSite?
  ) {
    guard let changed = chain.last, let test = Isolation.current?.test, test.isStrict,
      test.isFirstReport(of: .stale(key, argument: argument, cause: changed))
    else { return }
    let instance = argument.map { "\(key)(\($0))" } ?? "\(key)"
    let path = ([instance] + chain.map(\.description)).joined(separator: " → ")
    test.enqueue(
      "strict mode: the kept `\(instance)` was built before `\(changed)` was registered again "
        + "or reset, so it still holds what the old `\(changed)` built (\(path)). Register "
        + "`\(changed)` before anything resolves `\(key)`, or call `reset(.dependents)` on "
        + "`\(changed)` after registering it, which builds `\(key)` again",
      at: site)
    test.deliverPending()
  }

  /// Says that `reset(.dependents)` on `key` found nothing to drop because its container does
  /// not track dependents: to the test it runs in, as an issue, or once per factory on standard
  /// error outside tests.
  static func observeUntrackedDependentsReset(of key: FactoryKey) {
    let message =
      "dependents: `reset(.dependents)` on `\(key)` dropped nothing: its container does not track "
      + "dependents; set `manager.tracksDependents = true` before the dependents are built "
      + "(strict tests do)"
    if let test = Isolation.current?.test {
      guard test.isFirstReport(of: .untrackedDependentsReset(key)) else { return }
      test.enqueue(message)
      test.deliverPending()
    } else if state.withLock({ $0.warnedUntracked.insert(key).inserted }) {
      writeToStandardError("Wiring " + message)
    }
  }

  /// Reports modifiers written as statements that replace `key`'s declared ones, to the strict
  /// test they run in, once per test and factory: Factory would apply the declaration's again.
  static func observeStatement(over replaced: [String], of key: FactoryKey) {
    guard let test = Isolation.current?.test, test.isStrict,
      test.isFirstReport(of: .statement(key))
    else { return }
    let names = replaced.map { "`\($0)`" }.joined(separator: ", ")
    test.enqueue(
      "strict mode: a statement replaces the \(names) that `\(key)` declares; Wiring keeps the "
        + "statement's, while Factory applies the declaration's again at the next resolution "
        + "unless the declaration ends with `.once()`: add `.once()` to the declaration to say "
        + "this is meant, or register a fake instead")
    test.deliverPending()
  }

  /// Reports a kept instance of `key` that a registration built before `reset(.registration)`
  /// removed it, to the strict test it is resolved in, if any, once per test.
  static func observeInstanceOfRemovedRegistration(_ key: FactoryKey) {
    guard let test = Isolation.current?.test, test.isStrict,
      test.isFirstReport(of: .removedRegistration(key))
    else { return }
    test.enqueue(
      "strict mode: the kept `\(key)` was built by a registration that `reset(.registration)` "
        + "has removed, and is still returned, as in Factory: reset it with `reset(.scope)` "
        + "(or `reset()`) to build it from the declaration again")
    test.deliverPending()
  }

  /// The candidates' names, each once with how many cases of it ran, the first ten of them.
  private static func listing(_ candidates: [IsolatedTest]) -> String {
    var counts: [String: Int] = [:]
    for test in candidates { counts[test.name, default: 0] += 1 }
    let names = counts.keys.sorted()
    let shown = names.prefix(10).map { name in
      counts[name] == 1 ? "'\(name)'" : "'\(name)' (\(counts[name] ?? 0) cases)"
    }
    let rest = names.count > 10 ? " and \(names.count - 10) more" : ""
    return shown.joined(separator: ", ") + rest
  }
}
