import Foundation

// The one resolution routine behind `Factory`, `ParameterFactory` and `MainActorFactory`.
//
// It first reads what the container published for the key, with no lock (`LockFreeLookup`):
// that settles kept instances that are already built, unique builds and unique overrides.
// Anything else asks the container's lock what is kept, then builds with no lock held: a
// factory may resolve others freely, and two unrelated slow factories build in parallel.
extension FactoryRegistration {

  /// Resolves a factory without a parameter, with `build` turning the chosen builder into a
  /// value.
  @inlinable
  @inline(__always)
  func resolve(build: (Builder) -> Value) -> Value {
    resolve(parameter: nil, parameterType: nil, build: build)
  }

  /// Resolves with `build` turning the chosen builder into a value: the outline of every
  /// resolution. A `.scopeOnParameters` factory, which keeps an instance per argument, starts
  /// in `resolve(hashing:build:)` instead, and ends the same way.
  ///
  /// Out of line, but specialized in the caller's module: see `FactoryRegistration` for why.
  ///
  /// - Parameter parameter: the address and type of a `ParameterFactory`'s argument, for cycle
  ///   checks and traces.
  @inlinable
  @inline(never)
  func resolve(
    parameter: UnsafeRawPointer?, parameterType: Any.Type?, build: (Builder) -> Value
  ) -> Value {
    // The thread's state is passed unretained: the thread keeps it alive, and retaining it on
    // every resolution would cost more than everything else here.
    let state = currentResolutionState()
    let reads = state._withUnsafeGuaranteedRef { $0.readCounter }
    let key = key
    let declared = declaredKeeping
    return resolveWithoutLock(
      lookUpWithManager { $0.lookupWithoutLock(key, declared: declared, reads: reads) },
      state: state, parameter: parameter, parameterType: parameterType, parameterHashing: nil,
      parameterSlot: { $0 }, build: build)
  }

  /// Hands a kept instance to the declaration's decorator, if it has one; out of line, so that
  /// a factory without a decorator pays one test on its cached hit.
  @usableFromInline
  @inline(never)
  func decorateKept(_ value: Value) {
    decorator?(value, false)
  }

  /// `value` after the factory's decorator has seen it: the override's, else the
  /// declaration's; when the factory has neither, the container-wide decorator sees it, as in
  /// Factory.
  ///
  /// Never inlined: four paths of the locked resolution call it, and each inlined copy was
  /// compiled again for every factory's type.
  @inlinable
  @inline(never)
  func decorated(
    _ value: Value, isNew: Bool, under amendment: AnyAmendment?, observer: Observer?
  ) -> Value {
    if let decorator = decorator(under: amendment) {
      decorator(value, isNew)
    } else {
      observer?.decorate(value)
    }
    return value
  }

  /// `object`, an instance a `.shared` scope keeps, as the factory's value.
  ///
  /// Apart from the locked path because the cast's result is an optional of the value's type:
  /// unoptimized, a function with such a local looks its metadata up on every call.
  @inlinable
  func sharedValue(_ object: AnyObject) -> Value {
    if let value = object as? Value { return value }
    preconditionFailure("Wiring: \(key) kept \(type(of: object)), which is not \(Value.self)")
  }

  /// Tells `StrictMonitor` about this resolution; out of line, so that the resolve path does
  /// not prepare its arguments when no strict test runs.
  @usableFromInline
  @inline(never)
  func observeStrictly(parameter: UnsafeRawPointer? = nil, parameterType: Any.Type? = nil) {
    StrictMonitor.observe(container, key)
    StrictMonitor.observeCapture(
      of: key, argument: parameterDescription(parameter, parameterType), declared: scope,
      in: container.manager)
  }

  /// The container's manager, asked of the container only when it is not a `Container`.
  @inlinable
  var manager: ContainerManager {
    unretainedManager?.takeUnretainedValue() ?? container.manager
  }

  /// Looks up with the container's manager, retaining it only where the container type has to
  /// be asked for it.
  ///
  /// NB: `_withUnsafeGuaranteedRef` returns only copyable results, so the answer comes out
  /// through an optional the closure fills. Resolving inside the closure instead made it too big
  /// to inline: 60 more instructions a resolution.
  @inlinable
  @inline(__always)
  func lookUpWithManager(_ body: (ContainerManager) -> LockFreeLookup) -> LockFreeLookup {
    guard let unretainedManager else { return body(container.manager) }
    var answer: LockFreeLookup? = nil
    unretainedManager._withUnsafeGuaranteedRef { answer = body($0) }
    switch answer.take() {
    case .some(let lookup): return lookup
    case .none: return .locked
    }
  }

  /// Resolves as `lookup`, a lock-free decision, says, or under the container's lock when it
  /// cannot decide: a first build, a wait, contexts, a watched container. Either way the build
  /// runs with no lock held.
  ///
  /// Each case that cannot settle the resolution leaves the switch for the one locked call at
  /// the end, rather than returning an optional: unspecialized, as in a debug build, an
  /// optional of the value's type is a metadata lookup per resolution.
  @inlinable
  @inline(__always)
  func resolveWithoutLock(
    _ lookup: consuming LockFreeLookup, state: Unmanaged<ResolutionState>,
    parameter: UnsafeRawPointer?, parameterType: Any.Type?, parameterHashing: HashableType?,
    parameterSlot: (Slot) -> Slot, build: (Builder) -> Value
  ) -> Value {
    switch consume lookup {
    case .hit(let address, let section):
      // The key includes `Value`, so whatever was kept under it was kept as a `Value`.
      let value: Value = keptValue(at: address)
      section.end()
      if StrictMonitor.isArmed {
        observeStrictly(parameter: parameter, parameterType: parameterType)
      }
      // Published only where no override's decorator applies: the declaration's sees it.
      if rareModifiers != nil { decorateKept(value) }
      return value
    case .buildDeclaration:
      // A plain declaration builds with its stored builder, passed on borrowed: copying it out
      // would retain its context, which for a builder that uses `self` is the container. While a
      // test checks resolutions, declared builds go the locked way, which checks them.
      if StrictMonitor.isArmed { break }
      if isPlain {
        return buildUnkept(
          declaredBuilder, state: state, parameter: parameter, parameterType: parameterType,
          build: build)
      }
      var source: TraceSource?
      let builder = chosenBuilder(source: &source)
      guard source != nil else { break }
      return buildUnkept(
        builder, decorator: decorator, state: state, parameter: parameter,
        parameterType: parameterType, build: build)
    case .buildGraph:
      // As `.buildDeclaration`, kept for the resolution's graph.
      if StrictMonitor.isArmed { break }
      guard isPlain else {
        var source: TraceSource?
        let builder = chosenBuilder(source: &source)
        guard source != nil else { break }
        return buildInGraph(
          builder, state: state, parameter: parameter, parameterType: parameterType, build: build)
      }
      return buildInGraph(
        declaredBuilder, state: state, parameter: parameter, parameterType: parameterType,
        build: build)
    case .buildAmendment(let address, let builderType, let section):
      // An amendment (no builder of its own) goes the locked way, which merges it with the
      // declaration; it is rare, and the declaration's contexts would cost this path.
      let amendment = Unmanaged<AnyAmendment>.fromOpaque(address)
      guard builderType == AnyAmendment.identity(of: Builder.self, building: Value.self),
        amendment._withUnsafeGuaranteedRef({ $0.isReplacement })
      else {
        section.end()
        break
      }
      let builder: Builder = amendment._withUnsafeGuaranteedRef { $0.builder() }
      // The decorator only when there is one: its optional type is a metadata lookup in a
      // debug build.
      let hasDecorator = amendment._withUnsafeGuaranteedRef { $0.hasDecorator }
      let decorator =
        hasDecorator
        ? amendment._withUnsafeGuaranteedRef { Amendment<Value, Builder>($0)?.decorator } : nil
      section.end()
      if StrictMonitor.isArmed {
        observeStrictly(parameter: parameter, parameterType: parameterType)
      }
      if isPlain, !hasDecorator {
        return buildUnkept(
          builder, state: state, parameter: parameter, parameterType: parameterType,
          build: build)
      }
      // As in Factory, a declared context that holds beats the registration.
      var source: TraceSource?
      let contextual = chosenBuilder(source: &source)
      return buildUnkept(
        source == .context ? contextual : builder, decorator: decorator ?? self.decorator,
        state: state, parameter: parameter, parameterType: parameterType, build: build)
    case .parameters(_, let section):
      // Only `lookupParametersWithoutLock` decides this, and its caller looks the table up.
      section.end()
    case .locked:
      break
    }
    return resolveWithLock(
      parameter: parameter, parameterType: parameterType, parameterHashing: parameterHashing,
      parameterSlot: parameterSlot, build: build)
  }

  /// Resolves under the container's lock: first builds, waits, auto-registration, and whatever
  /// the published snapshot cannot decide.
  @inlinable
  @inline(never)
  func resolveWithLock(
    parameter: UnsafeRawPointer?, parameterType: Any.Type?, parameterHashing: HashableType?,
    parameterSlot: (Slot) -> Slot, build: (Builder) -> Value
  ) -> Value {
    if StrictMonitor.isArmed {
      observeStrictly(parameter: parameter, parameterType: parameterType)
    }
    let manager = container.manager
    let observer = manager.observation.observer()
    while true {
      switch manager.lookupWithLock(key, scope: scope, parameterSlot: parameterSlot) {
      case .hit(let box, let amendment):
        let line = observer?.resolved(
          .cached, self, scope: nil, parameter: parameter, parameterType)
        let value: Value = keptValue(box)
        observer?.finished(line, value, as: .kept)
        return decorated(value, isNew: false, under: amendment, observer: observer)
      case .sharedHit(let object, let amendment):
        let line = observer?.resolved(
          .cached, self, scope: nil, parameter: parameter, parameterType)
        let value = sharedValue(object)
        observer?.finished(line, value, as: .kept)
        return decorated(value, isNew: false, under: amendment, observer: observer)
      case .autoRegister(let step):
        manager.runAutoRegistration(step, for: container)
      case .wait(let construction, let amendment):
        let line = observer?.resolved(
          .joined, self, scope: nil, parameter: parameter, parameterType)
        let value = wait(for: construction)
        observer?.finished(line, value, as: .kept)
        return decorated(value, isNew: false, under: amendment, observer: observer)
      case .build(
        let amendment, let scope, let keeping, let target, let construction, let generation):
        let state = ResolutionState.current
        let graphKey =
          scope.kind == .graph ? self.graphKey(parameter, hashing: parameterHashing) : nil
        if let graphKey, let kept = state.graphInstance(for: graphKey) {
          let line = observer?.resolved(
            .cached, self, scope: scope, parameter: parameter, parameterType)
          let value: Value = keptValue(kept)
          observer?.finished(line, value, as: .kept)
          return decorated(value, isNew: false, under: amendment, observer: observer)
        }
        var chosenSource: TraceSource?
        let builder = self.builder(under: amendment, source: &chosenSource)
        guard let source = chosenSource else {
          state.failForMissingRegistration(of: key, owning: construction)
        }
        let line = observer?.resolved(
          .built, self, scope: scope, parameter: parameter, parameterType)
        let watchesCaptures = state.beginLockedBuild(
          of: key, scope: scope, owning: construction, isDeclared: source == .declaration,
          traits: traits, parameter: parameter, parameterType: parameterType)
        let value = build(builder)
        if watchesCaptures { state.keptBuilds.removeLast() }
        // Not `decorator == nil` below: unspecialized, comparing an optional closure of the
        // value's type with nil is a generic call that looks up its metadata.
        var decorates = false
        if let decorator = decorator(under: amendment) {
          decorator(value, true)
          decorates = true
        }
        observer?.built(value, scope: scope, chain: state.chain)
        if let graphKey { state.keepGraphInstance(keptObject(value), for: graphKey) }
        if let construction, let target {
          state.finishLockedBuild(
            keeping: keptObject(value), object: classInstance(value), in: target, of: manager,
            scope: scope, processWide: keeping == .processWide || keeping == .processWideChecked,
            construction: construction,
            generation: generation, parameter: parameterHashing == nil ? nil : parameter,
            parameterType: parameterType)
        } else {
          state.leave()
        }
        if !decorates { observer?.decorate(value) }
        observer?.finished(line, value, as: source)
        return value
      }
    }
  }

  /// Builds an instance that nothing keeps, tracking it for cycle detection, and runs
  /// `decorator`, if any, on it.
  ///
  /// One build whether or not there is a decorator: each call is inlined into every declared
  /// factory's resolution, and a second build for the decorated case cost about 1.4 KB of machine
  /// code per factory, for one test of an optional per build.
  ///
  /// - Parameter keep: Runs with the value before its frame is popped.
  @inlinable
  @inline(__always)
  func buildUnkept(
    _ builder: Builder, decorator: ((Value, Bool) -> Void)?, state: Unmanaged<ResolutionState>,
    parameter: UnsafeRawPointer?, parameterType: Any.Type?, build: (Builder) -> Value,
    keep: (Value) -> Void = { _ in }
  ) -> Value {
    buildUnkept(
      builder, state: state, parameter: parameter, parameterType: parameterType,
      build: { builder in
        let value = build(builder)
        decorator?(value, true)
        return value
      }, keep: keep)
  }

  /// `buildUnkept(_:decorator:…)` with no decorator: what a plain declaration runs, kept apart
  /// because an optional closure of a generic type is a metadata lookup in a debug build.
  @inlinable
  @inline(__always)
  func buildUnkept(
    _ builder: Builder, state: Unmanaged<ResolutionState>, parameter: UnsafeRawPointer?,
    parameterType: Any.Type?, build: (Builder) -> Value, keep: (Value) -> Void = { _ in }
  ) -> Value {
    checkBuilderIsolation(state: state)
    let key = key
    let stack = state._withUnsafeGuaranteedRef { $0.stack }
    if !ResolutionState.push(key, parameter: parameter, parameterType: parameterType, on: stack) {
      state._withUnsafeGuaranteedRef {
        $0.enterOrFail(key, parameter: parameter, parameterType: parameterType)
      }
    }
    let value = build(builder)
    keep(value)
    if !ResolutionState.pop(from: stack) { state._withUnsafeGuaranteedRef { $0.leave() } }
    return value
  }

  /// Takes the `.graph` instance the current top-level resolution already built, or builds and
  /// keeps it on the thread until that resolution ends.
  @inlinable
  @inline(__always)
  func buildInGraph(
    _ builder: Builder, state: Unmanaged<ResolutionState>, parameter: UnsafeRawPointer?,
    parameterType: Any.Type?, build: (Builder) -> Value
  ) -> Value {
    // A top-level resolution keeps nothing: the thread's graph instances are empty before it
    // starts and dropped as it ends, and nothing it builds can ask for this key again without
    // being a cycle.
    if state._withUnsafeGuaranteedRef({ $0.stack.pointee.depth == 0 }) {
      return buildUnkept(
        builder, decorator: decorator, state: state,
        parameter: parameter, parameterType: parameterType, build: build)
    }
    let identity = ResolutionState.GraphKey(key: key, parameter: nil)
    if let kept = state._withUnsafeGuaranteedRef({ $0.graphInstance(for: identity) }) {
      let value: Value = keptValue(kept)
      decorator?(value, false)
      return value
    }
    // Kept before the frame is popped, so that the instance outlives this frame until the
    // top-level resolution ends.
    return buildUnkept(
      builder, decorator: decorator, state: state,
      parameter: parameter, parameterType: parameterType, build: build
    ) { value in
      state._withUnsafeGuaranteedRef { $0.keepGraphInstance(keptObject(value), for: identity) }
    }
  }

  /// The identity of a `.graph` instance: per parameter when `.scopeOnParameters` says so.
  @usableFromInline
  func graphKey(
    _ parameter: UnsafeRawPointer?, hashing: HashableType?
  ) -> ResolutionState.GraphKey {
    guard let parameter, let hashing else {
      return ResolutionState.GraphKey(key: key, parameter: nil)
    }
    func identity<H: Hashable>(_: H.Type) -> AnyHashable {
      AnyHashable(parameter.assumingMemoryBound(to: H.self).pointee)
    }
    return ResolutionState.GraphKey(
      key: key, parameter: ResolutionState.GraphParameter(identity(hashing.type)))
  }

  /// Waits for another thread's build of the same instance, unless that would deadlock.
  @usableFromInline
  func wait(for construction: Construction) -> Value {
    let state = ResolutionState.current
    if construction.owner == state.id {
      let start = state.frames.firstIndex { $0.key == construction.key } ?? 0
      let loop = state.frames[start...].map(\.key.description)
      reportFailure(.cycle(chain: loop + [construction.key.description]), in: state)
    }
    if let failure = WaitGraph.beginWaiting(state, for: construction) {
      reportFailure(failure, in: state)
    }
    let outcome = construction.latch.wait()
    WaitGraph.endWaiting(state)
    switch outcome {
    case .built(let box):
      return keptValue(box)
    case .failed(let failure):
      reportFailure(.dependencyFailed(key, because: failure), in: state)
    }
  }
}

// A builder is a plain closure, as in Factory, so it keeps the isolation of the code that wrote
// it: `self { ViewModel() }` in a `@MainActor` property is a main-actor closure. Its type no
// longer says so, and Swift runs it wherever it is called; with the runtime's isolation checks
// on, it traps there, in the closure, naming no factory. So the declaration records whether its
// code was on the main actor (`#isolation`), and the container checks before the factory builds
// that it runs there (see `BuilderIsolation.isOnMainActor`): off the main actor, the resolution
// stops with a failure that names the factory and the fix, which `catchResolutionFailure`
// observes.
//
// The declaration decides for every builder of the factory: a main-actor dependency stays one
// when a test registers a fake for it, and a nonisolated one may be built anywhere, even by a
// fake registered from main-actor test code (where most tests register, which says nothing
// about where the dependency is used).
//
// Builders isolated to another global actor are not checked: the runtime offers no way to ask
// whether an arbitrary actor is running without trapping. `resolveOnGlobalActor(_:)` resolves
// them on their actor, as in Factory.

/// What the container knows of where a builder must run.
@usableFromInline
enum BuilderIsolation {
  /// Whether `isolation`, the `#isolation` of the code that wrote a builder, is the main actor.
  ///
  /// A nonisolated declaration passes the literal `nil`, so inlined this folds away.
  @inlinable
  @inline(__always)
  static func isMainActor(_ isolation: (any Actor)?) -> Bool {
    guard let isolation else { return false }
    return ObjectIdentifier(isolation) == ObjectIdentifier(MainActor.shared)
  }

  /// Whether the caller runs on the main actor.
  ///
  /// The main actor runs its jobs on the main dispatch queue, which is not always drained by the
  /// main thread: Swift Testing on Linux drains it on a thread of its own. So the queue is asked
  /// too, through a value set on it once; the main thread outside any queue counts as well.
  @usableFromInline
  static var isOnMainActor: Bool {
    Thread.isMainThread || DispatchQueue.getSpecific(key: mainQueueKey) != nil
  }

  /// Set on the main queue the first time it is needed, so that code running on it can tell.
  private static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()
}

extension FactoryRegistration {
  /// Stops the resolution when a main-actor builder is about to run off the main actor.
  @inlinable
  @inline(__always)
  func checkBuilderIsolation(state: Unmanaged<ResolutionState>) {
    if traits[.builtOnMainActor], !BuilderIsolation.isOnMainActor {
      // The key, not `self`: passing the registration out of line would keep its copy of the
      // container, and its retain, on every main-actor resolution.
      BuilderIsolation.reportOffMainActor(key, in: state.takeUnretainedValue())
    }
  }
}

extension BuilderIsolation {
  @usableFromInline
  @inline(never)
  static func reportOffMainActor(_ key: FactoryKey, in state: ResolutionState) -> Never {
    reportFailure(.offMainActor(key, chain: state.chain + [key.description]), in: state)
  }
}

// How a `ParameterFactory` resolves: the parameter's address goes along for cycle checks and the
// `.graph` key, and a factory declared `scopeOnParameters` keeps an instance in the slot of each
// distinct parameter.
extension FactoryRegistration {
  /// Resolves for `parameter`, with `build` handing it to the chosen builder.
  ///
  /// Out of line, like `resolve(parameter:…)`. The parameter's address is taken in here, so that
  /// the caller passes the registration straight on: a closure of the caller's that captured it
  /// would keep the copy of the container the optimizer otherwise drops.
  @inlinable
  @inline(never)
  func resolve<P>(with parameter: P, build: (Builder, P) -> Value) -> Value {
    guard traits[.keptPerParameter] else {
      return withUnsafePointer(to: parameter) { address in
        resolve(parameter: address, parameterType: P.self) { build($0, parameter) }
      }
    }
    // `scopeOnParameters` exists only where `P: Hashable`, so the casts cannot fail. The
    // caller's code did not know it: hashing goes through the unspecialized `Hashable` code.
    func hashing<H: Hashable>(_: H.Type) -> Value {
      resolve(hashing: parameter as! H) { builder, _ in build(builder, parameter) }
    }
    let hashable = P.self as! any Hashable.Type
    return hashing(hashable)
  }

  /// Resolves for `parameter`, whose type is known to be `Hashable`, with `build` handing it to
  /// the chosen builder.
  ///
  /// A `scopeOnParameters` factory takes an instance kept for an equal parameter without the
  /// container's lock, hashing with the caller's code, specialized where the caller knows `P`.
  @inlinable
  @inline(never)
  func resolve<P: Hashable>(hashing parameter: P, build: (Builder, P) -> Value) -> Value {
    withUnsafePointer(to: parameter) { address in
      guard traits[.keptPerParameter] else {
        return resolve(parameter: address, parameterType: P.self) { build($0, parameter) }
      }
      let state = currentResolutionState()
      let reads = state._withUnsafeGuaranteedRef { $0.readCounter }
      let key = key
      let declared = declaredKeeping
      // What the table cannot settle (no instance for this argument yet) goes on as any other
      // answer does.
      var undecided = LockFreeLookup.locked
      switch lookUpWithManager({
        $0.lookupParametersWithoutLock(key, declared: declared, reads: reads)
      }) {
      case .parameters(let table, let section):
        let box = Unmanaged<ParameterTable>.fromOpaque(table)._withUnsafeGuaranteedRef {
          $0.boxAddress(for: parameter)
        }
        if let box {
          // The key includes `Value`, so whatever was kept under it was kept as a `Value`.
          let value: Value = keptValue(at: box)
          section.end()
          if StrictMonitor.isArmed { observeStrictly(parameter: address, parameterType: P.self) }
          if rareModifiers != nil { decorateKept(value) }
          return value
        }
        section.end()
      case let other:
        undecided = other
      }
      return resolveWithoutLock(
        undecided, state: state, parameter: address, parameterType: P.self,
        parameterHashing: HashableType(P.self),
        parameterSlot: { Self.slot(in: $0, for: parameter) }, build: { build($0, parameter) })
    }
  }

  /// The slot of `parameter` among those `slot` keeps, one per distinct parameter.
  @usableFromInline
  static func slot<P: Hashable>(in slot: Slot, for parameter: P) -> Slot {
    let slots = (slot.parameterSlots as? ParameterSlots<P>) ?? ParameterSlots<P>(key: slot.key)
    slot.parameterSlots = slots
    return slots.slot(for: parameter)
  }
}

// How a resolution keeps an instance without knowing its type, and reads it back; the resolution
// routines, synchronous and async, are their only users.

/// `value` as one object, to keep without knowing its type: a class instance as itself, so that
/// keeping it allocates nothing, anything else in a `Box<T>`.
@inlinable
@inline(__always)
func keptObject<T>(_ value: T) -> AnyObject {
  if isKeptAsItself(T.self) {
    return unsafeBitCast(value, to: AnyObject.self)
  }
  return Box(value)
}

/// The value that `keptObject` made `object` from; the caller knows it was made for this `T`.
@inlinable
@inline(__always)
func keptValue<T>(_ object: AnyObject, as _: T.Type = T.self) -> T {
  if isKeptAsItself(T.self) {
    return unsafeBitCast(object, to: T.self)
  }
  return unsafeDowncast(object, to: Box<T>.self).value
}

/// The value that `keptObject` made the object at `address` from, read without retaining the
/// object, which the caller holds alive (a read section) and knows was made for this `T`.
///
/// Apart from `keptValue(_:as:)`, whose `unsafeDowncast` a debug build checks with a call into
/// the runtime: this is every lock-free cached hit.
@inlinable
@inline(__always)
func keptValue<T>(at address: UnsafeRawPointer, as _: T.Type = T.self) -> T {
  if isKeptAsItself(T.self) {
    return Unmanaged<AnyObject>.fromOpaque(address)._withUnsafeGuaranteedRef {
      unsafeBitCast($0, to: T.self)
    }
  }
  return Unmanaged<Box<T>>.fromOpaque(address)._withUnsafeGuaranteedRef { $0.value }
}

/// Whether a `T` is one class reference, which `keptObject` keeps as itself; a constant once
/// the caller is specialized. The size comes first: unspecialized, as in a debug build, it is a
/// load, and the cast a call into the runtime.
@inlinable
@inline(__always)
func isKeptAsItself<T>(_: T.Type) -> Bool {
  MemoryLayout<T>.size == MemoryLayout<AnyObject>.size && T.self is AnyClass
}
