// Every resolution builds a `FactoryRegistration` in the declaring property and drops it when
// the resolution returns, so its shape decides what a resolution costs. The optimizer can drop
// the copy of the container the value holds, and with it a retain and a release that every
// thread resolving from the container writes, only when all of these hold (each was found by
// taking it away):
//
// - At most eight words: a ninth puts the value in memory.
// - One flat struct: a nested struct with a closure or an object in it kept the copy.
// - No stored optional closure: the builder is always there, and a promise is a bit of `traits`.
// - `@_eagerMove`: without it, every value and field gets a lexical lifetime, which pins the copy
//   to the end of the expression. It is sound here because a registration has no deinitializer:
//   ending its lifetime early only lets its container go after the registration's last use
//   rather than at the end of the enclosing scope, which only a weak reference to the container
//   could notice, and never while the registration is still in use.
// - The resolution itself is out of line (`resolve(parameter:…)`): inlined, its loops and
//   branches hide the pairing of the copy with its release.
// - Scope changes build a new value from values (`FactoryRegistration+Scoping.swift`): a value
//   that goes through memory, or two whole values that meet after a branch, keep the copy. (A
//   decorator or contexts keep it anyway: they live in the extras; see `modified(in:)`.)
//
// `FactoryLayoutTests` pins the size and `ContainerRetainTests` the missing retain; the
// measurements are in Docs/Performance.md.
/// The container, key and declaration behind one factory value.
///
/// You rarely touch it: it is what ``FactoryModifying`` modifiers change.
@_eagerMove
public struct FactoryRegistration<Value, Builder>: @unchecked Sendable {
  // NB: `@unchecked` because `Builder`, like Factory's, need not be `Sendable`: a builder keeps
  // the isolation of the code that wrote it and may capture what that code owns. Every stored
  // property is a constant but `traits` and `extras`, which only the value's owner changes, and
  // the container never calls a builder while holding a lock or from two threads at once for
  // one kept instance (single flight). What a builder captures is the app's to keep safe, as it
  // is in Factory; a builder written on the main actor is checked before it runs (see
  // `DeclarationTraits.isBuiltOnMainActor`). Docs/Concurrency.md says what each side takes on.
  @usableFromInline let container: any ManagedContainer
  /// `Container`'s manager, unretained, so that resolving neither calls through the protocol
  /// nor retains it; nil for other containers.
  ///
  /// `container` above keeps the container alive for as long as this value exists, and
  /// `Container.manager` is a constant of a final class, so the manager lives as long. Other
  /// containers' `manager` is read through the protocol when resolving, since Wiring cannot prove
  /// that it always returns the same object.
  @usableFromInline let unretainedManager: Unmanaged<ContainerManager>?
  /// The first word of the key's name, a `StaticString`: its address, or its one scalar. Its
  /// length and flags are in `traits`.
  @usableFromInline let nameStart: UInt
  /// How to build; for a promised factory, a stand-in that is never called.
  ///
  /// Not optional, for the reason given above.
  @usableFromInline let declaredBuilder: Builder
  /// The key name's length and flags, whether the factory stands for an override, whether it is
  /// a promise, and the scope.
  @usableFromInline var traits: DeclarationTraits
  /// The rare parts of the declaration; nil for most.
  @usableFromInline var extras: Optional<DeclarationExtras<Value, Builder>>

  /// A registration for a factory declared with `builder`; `onMainActor` when the declaring
  /// code was on the main actor.
  @inlinable
  @inline(__always)
  init<C: ManagedContainer>(
    container: borrowing C, name: StaticString, origin: StaticString, onMainActor: Bool = false,
    builder: Builder
  ) {
    self.init(
      container: container, name: name, origin: origin, builder: builder, promise: false,
      onMainActor: onMainActor)
  }

  /// A registration for a promised factory: the app must register how to build it.
  ///
  /// `standIn` fills the builder's place and is never called.
  @inlinable
  @inline(__always)
  init<C: ManagedContainer>(
    container: borrowing C, name: StaticString, origin: StaticString, promise standIn: Builder
  ) {
    self.init(container: container, name: name, origin: origin, builder: standIn, promise: true)
  }

  @inlinable
  @inline(__always)
  init<C: ManagedContainer>(
    container: borrowing C, name: StaticString, origin: StaticString, builder: Builder,
    promise: Bool, onMainActor: Bool = false
  ) {
    self.container = copy container
    if let container = (copy container) as? Container {
      unretainedManager = Unmanaged.passUnretained(container.manager)
    } else {
      unretainedManager = nil
    }
    let parts = StaticStringParts(name)
    nameStart = parts.word
    var traits = DeclarationTraits(
      nameLength: Int(bitPattern: parts.length), nameFlags: parts.flags)
    traits.isPromise = promise
    traits.isBuiltOnMainActor = onMainActor
    // The same literal, as `#function` twice is, keeps no declaration site of its own.
    let sameSite = StaticStringParts(origin).word == parts.word
    declaredBuilder = builder
    self.traits = traits
    extras = sameSite ? nil : DeclarationExtras(.init(origin: DeclarationSite(origin)))
  }

  /// `registration` with `traits` and `extras` in place of its own.
  @inlinable
  @inline(__always)
  init(copying registration: borrowing Self, traits: DeclarationTraits, extras: Extras?) {
    container = registration.container
    unretainedManager = registration.unretainedManager
    nameStart = registration.nameStart
    declaredBuilder = registration.declaredBuilder
    self.traits = traits
    self.extras = extras
  }

  /// The key: the container's type, the value's type and the name.
  ///
  /// The container's type is the object's. Containers are final classes, so that is the type the
  /// factory was declared on.
  @inlinable
  var key: FactoryKey {
    @inline(__always) get {
      FactoryKey(container: type(of: container), value: Value.self, name: name)
    }
  }

  /// The key's name, put back together from `nameStart` and the traits word.
  @inlinable
  var name: StaticString {
    @inline(__always) get {
      StaticStringParts(
        word: nameStart, length: UInt(traits.nameLength), flags: traits.nameFlags
      ).string
    }
  }

  /// Set on the value `register` returns: modifiers chained onto it change the override.
  @inlinable
  var isOverride: Bool {
    @inline(__always) get { traits.isOverride }
    @inline(__always) set { traits.isOverride = newValue }
  }

  /// The `#function` of the code that declared the factory, which tells modifiers in the
  /// declaration from modifiers written as statements: the key's name unless given apart.
  @inlinable
  var origin: DeclarationSite {
    // Not `??`: its autoclosure would capture `self` and put the value in memory.
    if let origin = extras?.origin { return origin }
    return DeclarationSite(name)
  }

  /// The traits word after a modifier written in `function`, which `change` describes as a
  /// change of an override; nil when the modifier changes only the registered override.
  ///
  /// The one rule every modifier follows: chained onto the value `register` returned, it
  /// changes that override (nil); in the declaration it changes the declaration (the word as
  /// it is); written as a statement anywhere else, it amends the container's factory and
  /// changes this value too, which then stands for the amended factory (the word with the
  /// override flag).
  @inlinable
  @inline(__always)
  func traitsAfterModifier(
    in function: StaticString,
    _ change: (Override<Value, Builder>) -> Override<Value, Builder>
  ) -> DeclarationTraits? {
    isOverride || !origin.matches(function) ? traitsOutsideDeclaration(change) : traits
  }

  /// `traitsAfterModifier` for a modifier chained onto an override or written as a statement:
  /// rare, and out of line, so that the common case stays a few instructions.
  @inlinable
  @inline(never)
  func traitsOutsideDeclaration(
    _ change: (Override<Value, Builder>) -> Override<Value, Builder>
  ) -> DeclarationTraits? {
    if isOverride {
      updateOverride(change)
      return nil
    }
    amend(change)
    var changed = traits
    changed.isOverride = true
    return changed
  }

  /// Replaces the registered override of this key, keeping its other modifiers.
  @usableFromInline
  func updateOverride(_ change: (Override<Value, Builder>) -> Override<Value, Builder>) {
    apply(change, creatingAmendment: false)
  }

  /// Applies a modifier written as a statement to what the container stores for this key: the
  /// override, or an amendment of the declaration, made when there is none.
  @usableFromInline
  func amend(_ change: (Override<Value, Builder>) -> Override<Value, Builder>) {
    container.manager.ensureAutoRegistered(container)
    apply(change, creatingAmendment: true)
  }

  private func apply(
    _ change: (Override<Value, Builder>) -> Override<Value, Builder>, creatingAmendment: Bool
  ) {
    let manager = container.manager
    var retired = PublishedIndex.Retired()
    var replacedDeclaredModifiers: [String] = []
    manager.registry.withLock { registry in
      let slot = registry.slots.slotCreating(key)
      let current: Override<Value, Builder>
      if let override = slot.override as? Override<Value, Builder> {
        current = override
      } else if creatingAmendment {
        current = Override(builder: nil)
      } else {
        return
      }
      let changed = change(current)
      slot.override = changed
      // Like Factory, a new context or decorator leaves a kept instance alone; a new scope
      // does not keep what the old one kept.
      if (changed.scope ?? scope) != (current.scope ?? scope) {
        slot.dropInstances()
      }
      manager.republish(key, slot, retiring: &retired)
      if creatingAmendment, StrictMonitor.isArmed, !isOnce {
        replacedDeclaredModifiers = declaredModifiers(replacedBy: changed)
      }
    }
    retired.release()
    if !replacedDeclaredModifiers.isEmpty {
      StrictMonitor.observeStatement(over: replacedDeclaredModifiers, of: key)
    }
  }

  /// The declaration's own modifiers that `override`, made by statements, replaces: where
  /// Factory would apply the declaration's again at the next resolution, unless it ends with
  /// `.once()`.
  func declaredModifiers(replacedBy override: Override<Value, Builder>) -> [String] {
    var replaced: [String] = []
    if let declared = scope, let stated = override.scope, stated != declared {
      replaced.append("scope(.\(declared))")
    }
    if decorator != nil, override.decorator != nil { replaced.append("decorator") }
    for context in contexts ?? []
    where override.contexts.contains(where: { $0.condition == context.condition }) {
      replaced.append(context.condition.modifierName)
    }
    return replaced
  }
}
