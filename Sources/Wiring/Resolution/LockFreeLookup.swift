/// What a resolution may do without the container's lock, from what the container published.
@usableFromInline
enum LockFreeLookup {
  /// A kept `Box<T>`. The caller is inside a read section: it copies the value, then calls
  /// `ReadSections.end`.
  case hit(UnsafeRawPointer)
  /// Build with the declaration: no override applies and nothing is kept.
  case buildDeclaration
  /// Build with the `.graph` declaration, or take the instance the current top-level
  /// resolution already built: no override applies, and the thread keeps the instance.
  case buildGraph
  /// Build with the `Override` at this address, whose type is given. The caller is inside a read
  /// section: it copies the builder and decorator, then calls `ReadSections.end`.
  case buildOverride(UnsafeRawPointer, type: ObjectIdentifier)
  /// Look the parameter up in the `ParameterTable` at this address, the kept instances of a
  /// `.scopeOnParameters` factory. The caller is inside a read section: it copies the value it
  /// finds, then calls `ReadSections.end`.
  case parameters(UnsafeRawPointer)
  /// Only the locked path can tell: a first build, a wait, auto-registration, contexts, …
  case locked
}

/// A declaration's scope, as far as the lock-free path tells scopes apart.
@usableFromInline
enum DeclaredScope {
  case unique
  /// `.cached` and custom scopes: kept in the container until reset.
  case keptInContainer
  case singleton
  /// Kept by the resolving thread until its top-level resolution ends.
  case graph
  /// `.shared` and `.timeToLive`, which only the locked path handles.
  case other
}

extension Scope {
  @inlinable
  var declared: DeclaredScope {
    switch kind {
    case .unique: .unique
    case .cached, .custom: .keptInContainer
    case .singleton: .singleton
    case .graph: .graph
    case .shared, .timeToLive: .other
    }
  }
}

extension ContainerManager {
  /// Decides a resolution of `key` from the published snapshot, with no lock.
  ///
  /// The answer is what the locked path would decide at some moment during this call: the
  /// snapshot is replaced under the lock whenever the slot it describes changes.
  @usableFromInline
  func lookupWithoutLock(
    _ key: FactoryKey, declared: DeclaredScope, reads: AtomicWords
  ) -> LockFreeLookup {
    guard index.isReady else { return .locked }
    guard let entry = index.entry(for: key) else {
      return Self.withoutPublication(key, declared, reads)
    }
    ReadSections.begin(reads)
    let word = Unmanaged<PublishedIndex.Entry>.fromOpaque(entry)._withUnsafeGuaranteedRef {
      $0.loadPublication()
    }
    guard word != 0 else {
      ReadSections.end(reads)
      return Self.withoutPublication(key, declared, reads)
    }
    let decision = Self.decide(Publication.Reading(word), declared)
    switch decision {
    case .some(.hit), .some(.buildOverride):
      return decision.unsafelyUnwrapped
    case .some(let other):
      ReadSections.end(reads)
      return other
    case .none:
      ReadSections.end(reads)
      return Self.withoutPublication(key, declared, reads)
    }
  }

  /// What `publication` decides for a declaration of `declared` scope; nil when the declaration
  /// decides as if nothing were published.
  @inline(__always)
  private static func decide(
    _ publication: Publication.Reading, _ declared: DeclaredScope
  ) -> LockFreeLookup? {
    switch publication.rule {
    case .declaration:
      guard declared == .keptInContainer else { return nil }
      return publication.boxAddress.map { .hit($0) } ?? .locked
    case .overrideWithDeclaredScope:
      switch declared {
      case .unique:
        return .buildOverride(
          publication.overrideAddress.unsafelyUnwrapped, type: publication.overrideType)
      case .keptInContainer, .singleton:
        return publication.boxAddress.map { .hit($0) } ?? .locked
      case .graph, .other:
        return .locked
      }
    case .overrideBuildsEveryTime:
      return .buildOverride(
        publication.overrideAddress.unsafelyUnwrapped, type: publication.overrideType)
    case .overrideKept:
      return publication.boxAddress.map { .hit($0) } ?? .locked
    case .locked:
      return .locked
    }
  }

  /// Decides a resolution of `key`, a `.scopeOnParameters` factory, from the published
  /// snapshot, with no lock: as `lookupWithoutLock`, with the kept instances in a table by
  /// parameter.
  @usableFromInline
  func lookupParametersWithoutLock(
    _ key: FactoryKey, declared: DeclaredScope, reads: AtomicWords
  ) -> LockFreeLookup {
    guard index.isReady else { return .locked }
    guard let entry = index.entry(for: key) else {
      return Self.parametersWithoutPublication(key, declared, reads)
    }
    ReadSections.begin(reads)
    let word = Unmanaged<PublishedIndex.Entry>.fromOpaque(entry)._withUnsafeGuaranteedRef {
      $0.loadPublication()
    }
    guard word != 0 else {
      ReadSections.end(reads)
      return Self.parametersWithoutPublication(key, declared, reads)
    }
    let publication = Publication.Reading(word)
    let decision: LockFreeLookup?
    switch (publication.rule, declared) {
    case (.declaration, .keptInContainer), (.overrideWithDeclaredScope, .keptInContainer),
      (.overrideWithDeclaredScope, .singleton), (.overrideKept, _):
      decision = publication.parametersAddress.map { .parameters($0) } ?? .locked
    case (.overrideWithDeclaredScope, .unique), (.overrideBuildsEveryTime, _):
      decision = .buildOverride(
        publication.overrideAddress.unsafelyUnwrapped, type: publication.overrideType)
    case (.declaration, _):
      decision = nil
    default:
      decision = .locked
    }
    switch decision {
    case .some(.parameters), .some(.buildOverride):
      return decision.unsafelyUnwrapped
    case .some(let other):
      ReadSections.end(reads)
      return other
    case .none:
      ReadSections.end(reads)
      return Self.parametersWithoutPublication(key, declared, reads)
    }
  }

  /// The decision for a `.scopeOnParameters` factory when the container has no override for
  /// `key`: a `.graph` instance is kept by parameter, which only the locked path looks up.
  private static func parametersWithoutPublication(
    _ key: FactoryKey, _ declared: DeclaredScope, _ reads: AtomicWords
  ) -> LockFreeLookup {
    switch declared {
    case .unique: return .buildDeclaration
    case .singleton: return singletonParametersWithoutLock(key, reads)
    case .keptInContainer, .graph, .other: return .locked
    }
  }

  /// The process-wide singletons of `key`, one per parameter, when some are published.
  private static func singletonParametersWithoutLock(
    _ key: FactoryKey, _ reads: AtomicWords
  ) -> LockFreeLookup {
    guard let entry = SingletonStorage.withIndex({ $0.entry(for: key) }) else { return .locked }
    ReadSections.begin(reads)
    let word = Unmanaged<PublishedIndex.Entry>.fromOpaque(entry)._withUnsafeGuaranteedRef {
      $0.loadPublication()
    }
    if word != 0, let parameters = Publication.Reading(word).parametersAddress {
      return .parameters(parameters)
    }
    ReadSections.end(reads)
    return .locked
  }

  /// The decision when the container has no override and keeps nothing for `key`.
  private static func withoutPublication(
    _ key: FactoryKey, _ declared: DeclaredScope, _ reads: AtomicWords
  ) -> LockFreeLookup {
    switch declared {
    case .unique: return .buildDeclaration
    case .graph: return .buildGraph
    case .singleton: return singletonWithoutLock(key, reads)
    case .keptInContainer, .other: return .locked
    }
  }

  /// The process-wide singleton of `key`, when one is published.
  private static func singletonWithoutLock(
    _ key: FactoryKey, _ reads: AtomicWords
  ) -> LockFreeLookup {
    guard let entry = SingletonStorage.withIndex({ $0.entry(for: key) }) else { return .locked }
    ReadSections.begin(reads)
    let word = Unmanaged<PublishedIndex.Entry>.fromOpaque(entry)._withUnsafeGuaranteedRef {
      $0.loadPublication()
    }
    if word != 0, let box = Publication.Reading(word).boxAddress {
      return .hit(box)
    }
    ReadSections.end(reads)
    return .locked
  }
}
