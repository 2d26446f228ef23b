// The resolution routine behind `AsyncFactory` and `AsyncThrowingFactory`.
//
// Like the synchronous one, it first reads what the container published, with no lock: a kept
// instance that is already built costs a lookup and no suspension. Anything else asks the lock,
// then builds with no lock held. Kept instances are built in a task of their own that every
// caller awaits (single flight); the chain of factories under construction is a task-local
// `AsyncResolution`, which is how a factory that awaits itself is reported as a cycle.
extension FactoryRegistration where Value: Sendable, Builder: Sendable {
  /// Resolves with `build` turning the chosen builder into a value.
  ///
  /// - Parameter cancellable: whether a caller that waits for a kept build stops waiting, with
  ///   `CancellationError`, when its task is cancelled; the build goes on for the others.
  @inlinable
  func resolveAsync(
    cancellable: Bool, build: @escaping @Sendable (Builder) async throws -> Value
  ) async throws -> Value {
    if StrictMonitor.isArmed { observeStrictly() }
    let manager = container.manager
    let reads = currentResolutionState()._withUnsafeGuaranteedRef { $0.readCounter }
    switch manager.lookupWithoutLock(key, declared: declaredKeeping, reads: reads) {
    case .hit(let address, let section):
      let value: Value = keptValue(at: address)
      section.end()
      if rareModifiers != nil { decorateKept(value) }
      return value
    case .buildDeclaration:
      // While a test checks resolutions, declared builds go the locked way, which checks them.
      if StrictMonitor.isArmed { break }
      var source: TraceSource?
      let builder = chosenBuilder(source: &source)
      if source != nil {
        return try await buildUnkept(builder, decorator: decorator, build: build)
      }
    case .buildAmendment(let address, let builderType, let section):
      // An amendment (no builder of its own) goes the locked way, which merges it with the
      // declaration.
      let amendment = Unmanaged<AnyAmendment>.fromOpaque(address)
      guard builderType == AnyAmendment.identity(of: Builder.self, building: Value.self),
        amendment._withUnsafeGuaranteedRef({ $0.isReplacement })
      else {
        section.end()
        break
      }
      let (builder, decorator) = amendment._withUnsafeGuaranteedRef {
        ($0.builder(as: Builder.self), Amendment<Value, Builder>($0)?.decorator)
      }
      section.end()
      var source: TraceSource?
      let contextual = chosenBuilder(source: &source)
      return try await buildUnkept(
        source == .context ? contextual : builder, decorator: decorator ?? self.decorator,
        build: build)
    case .parameters(_, let section):
      section.end()
    case .buildGraph:
      break
    case .locked:
      break
    }
    return try await resolveAsyncLocked(cancellable: cancellable, build: build)
  }

  /// Resolves under the container's lock: first builds, waits, auto-registration, observers.
  @usableFromInline
  func resolveAsyncLocked(
    cancellable: Bool, build: @escaping @Sendable (Builder) async throws -> Value
  ) async throws -> Value {
    let manager = container.manager
    let observer = manager.observation.observer()
    let enclosing = AsyncResolution.current
    func observe(_ outcome: ResolutionEvent.Outcome, _ scope: Scope?) {
      observer?.report(
        outcome, self, scope: scope, parameter: nil, depth: enclosing?.depth ?? 0,
        parent: enclosing.map { GraphNodeIdentity(key: $0.key, parameter: nil) })
      observer?.logAsync(outcome, self, depth: enclosing?.depth ?? 0)
    }
    while true {
      switch manager.asyncLookup(key, scope: scope) {
      case .autoRegister(let step):
        // NB: auto-registration is synchronous and runs once; a task that arrives while another
        // thread runs it blocks its thread for that long, as a synchronous resolution would.
        manager.runAutoRegistration(step, for: container)
      case .hit(let box, let amendment):
        observe(.cached, nil)
        return decorated(
          keptValue(box.box), isNew: false, under: amendment)
      case .sharedHit(let object, let amendment):
        observe(.cached, nil)
        return decorated(sharedValue(object.box), isNew: false, under: amendment)
      case .wait(let construction, let amendment):
        observe(.joined, nil)
        return decorated(
          try await value(of: construction, in: enclosing, cancellable: cancellable),
          isNew: false, under: amendment)
      case .build(let amendment, let scope, let keeping, let target, let construction):
        if scope.kind == .graph, let box = enclosing?.graphInstance(for: key) {
          observe(.cached, scope)
          return decorated(
            keptValue(box.box), isNew: false, under: amendment)
        }
        var source: TraceSource?
        let builder = self.builder(under: amendment, source: &source)
        guard source != nil else {
          let chain = (enclosing?.chain ?? []) + [key.description]
          let failure = ResolutionFailure.missingRegistration(key, chain: chain)
          construction?.latch.open(with: .failed(failure))
          await reportAsyncFailure(failure, in: enclosing)
        }
        if StrictMonitor.isArmed, source == .declaration, !traits[.safeInTests] {
          StrictMonitor.observeDeclaredBuild(of: key, chain: enclosing?.chain ?? [])
        }
        observe(.built, scope)
        let decorator = decorator(under: amendment)
        // Only a leak check reads the chain, so it is made only for one.
        let chain = observer?.leaks == nil ? [] : (enclosing?.chain ?? []) + [key.description]
        guard let construction, let target else {
          let value = try await buildUnkept(builder, decorator: decorator, build: build)
          observer?.built(value, scope: scope, chain: chain)
          if scope.kind == .graph, let enclosing {
            return keptValue(
              enclosing.keepGraphInstance(AsyncBox(box: keptObject(value)), for: key).box)
          }
          return value
        }
        let resolution: AsyncResolution
        switch AsyncResolution.entering(key, construction: construction, in: enclosing) {
        case .success(let entered): resolution = entered
        case .failure(let failure): await reportAsyncFailure(failure, in: enclosing)
        }
        let processWide = keeping == .processWide || keeping == .processWideChecked
        Task {
          do {
            let value = try await AsyncResolution.local.withValue(resolution) {
              try await build(builder)
            }
            decorator?(value, true)
            observer?.built(value, scope: scope, chain: chain)
            let box = keptObject(value)
            manager.keepAsync(
              box, object: classInstance(value), in: target, scope: scope,
              processWide: processWide, construction: construction)
            construction.latch.open(with: .built(AsyncBox(box: box)))
          } catch {
            construction.latch.open(with: .threw(error))
          }
        }
        return try await value(of: construction, in: enclosing, cancellable: cancellable)
      }
    }
  }

  /// Builds an instance that nothing keeps, with this factory on the task's chain.
  ///
  /// Inlinable, so that the app's code specializes it for the value's type: out of line, it
  /// moved the value through its type's value witnesses.
  @inlinable
  func buildUnkept(
    _ builder: Builder, decorator: ((Value, Bool) -> Void)?,
    build: @Sendable (Builder) async throws -> Value
  ) async throws -> Value {
    switch AsyncResolution.entering(key) {
    case .failed(let failure, let enclosing):
      await reportAsyncFailure(failure, in: enclosing)
    case .entered(let resolution):
      let value = try await AsyncResolution.local.withValue(resolution) {
        try await build(builder)
      }
      decorator?(value, true)
      return value
    }
  }

  /// `value` after the factory's decorator has seen it, as a synchronous resolution's; the
  /// container-wide decorator does not see asynchronous factories.
  private func decorated(_ value: Value, isNew: Bool, under amendment: AnyAmendment?) -> Value {
    decorated(value, isNew: isNew, under: amendment, observer: nil)
  }

  /// Awaits a kept build, unless this task's own chain is what that build waits for.
  private func value(
    of construction: AsyncConstruction, in enclosing: AsyncResolution?, cancellable: Bool
  ) async throws -> Value {
    if let failure = AsyncWaitGraph.beginWaiting(enclosing, for: construction) {
      await reportAsyncFailure(failure, in: enclosing)
    }
    defer { AsyncWaitGraph.endWaiting(enclosing, for: construction) }
    let outcome =
      cancellable
      ? try await construction.latch.valueUnlessCancelled() : await construction.latch.value()
    switch outcome {
    case .built(let box):
      return keptValue(box.box)
    case .threw(let error):
      throw error
    case .failed(let failure):
      await reportAsyncFailure(.dependencyFailed(key, because: failure), in: enclosing)
    }
  }
}

/// What a container's lock said about one async resolution.
enum AsyncLookup {
  /// A kept instance as `keptObject` keeps it, and the override in force, whose decorator sees it.
  case hit(AsyncBox, amendment: AnyAmendment?)
  /// A `.shared` instance, held weakly, as the object itself, and the override in force.
  case sharedHit(AsyncBox, amendment: AnyAmendment?)
  /// Build now, keeping the result as `keeping` says; `construction` is set when the result is
  /// kept and others may await it.
  case build(
    amendment: AnyAmendment?, scope: Scope, keeping: Keeping, target: Slot?,
    construction: AsyncConstruction?)
  /// Another task is building the same instance; the override in force decorates it.
  case wait(AsyncConstruction, amendment: AnyAmendment?)
  /// The container must run its auto-registration first, then look again.
  case autoRegister(AutoRegistrationStep)
}

extension ContainerManager {
  /// Finds what the container holds for an async factory's `key`, in one critical section with
  /// no user code.
  func asyncLookup(_ key: FactoryKey, scope declared: Scope?) -> AsyncLookup {
    decideUnderLock(
      key, declared: declared, parent: { AsyncResolution.current?.key },
      autoRegister: AsyncLookup.autoRegister
    ) { rules in
      .build(
        amendment: rules.amendment, scope: rules.scope, keeping: rules.keeping, target: nil,
        construction: nil)
    } hit: { object, isShared, amendment in
      let box = AsyncBox(box: object)
      return isShared ? .sharedHit(box, amendment: amendment) : .hit(box, amendment: amendment)
    } kept: { slot, rules in
      Self.asyncCachedLookup(in: slot, key, rules)
    }
  }

  /// The build to await in `slot`, which keeps no live instance, or a new build this caller
  /// starts.
  private static func asyncCachedLookup(
    in slot: Slot, _ key: FactoryKey, _ rules: ResolutionRules
  ) -> AsyncLookup {
    if let construction = slot.asyncConstruction as? AsyncConstruction,
      construction.generation == slot.generation, construction.isJoinable
    {
      return .wait(construction, amendment: rules.amendment)
    }
    let construction = AsyncConstruction(key: key, generation: slot.generation, scope: rules.scope)
    slot.asyncConstruction = construction
    return .build(
      amendment: rules.amendment, scope: rules.scope, keeping: rules.keeping, target: slot,
      construction: construction)
  }

  /// Keeps an async instance, unless a register or reset happened while it was being built.
  func keepAsync(
    _ box: AnyObject, object: AnyObject?, in slot: Slot, scope: Scope, processWide: Bool,
    construction: AsyncConstruction
  ) {
    store(
      box, object: object, for: construction.key, in: slot, scope: scope,
      processWide: processWide, generation: construction.generation
    ) { slot in
      if slot.asyncConstruction === construction { slot.asyncConstruction = nil }
    }
  }
}
