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
    lookupWithoutLock(key, reads) { publication in
      Self.decide(publication, declared)
    } unpublished: {
      switch declared {
      case .unique: .buildDeclaration
      case .graph: .buildGraph
      case .singleton: Self.singletonWithoutLock(key, reads) { $0.boxAddress.map { .hit($0) } }
      case .keptInContainer, .other: .locked
      }
    }
  }

  /// Decides a resolution of `key`, a `.scopeOnParameters` factory, from the published
  /// snapshot, with no lock: as `lookupWithoutLock`, with the kept instances in a table by
  /// parameter, and a `.graph` instance, which is kept by parameter too, left to the lock.
  @usableFromInline
  func lookupParametersWithoutLock(
    _ key: FactoryKey, declared: DeclaredScope, reads: AtomicWords
  ) -> LockFreeLookup {
    lookupWithoutLock(key, reads) { publication in
      switch (publication.rule, declared) {
      case (.declaration, .keptInContainer), (.overrideWithDeclaredScope, .keptInContainer),
        (.overrideWithDeclaredScope, .singleton), (.overrideKept, _):
        publication.parametersAddress.map { .parameters($0) } ?? .locked
      case (.overrideWithDeclaredScope, .unique), (.overrideBuildsEveryTime, _):
        .buildOverride(
          publication.overrideAddress.unsafelyUnwrapped, type: publication.overrideType)
      case (.declaration, _):
        nil
      default:
        .locked
      }
    } unpublished: {
      switch declared {
      case .unique: .buildDeclaration
      case .singleton:
        Self.singletonWithoutLock(key, reads) { $0.parametersAddress.map { .parameters($0) } }
      case .keptInContainer, .graph, .other: .locked
      }
    }
  }

  /// The skeleton of both lookups: reads the word published for `key` inside a read section
  /// and lets `decide` answer from it, or `unpublished` when nothing is published or `decide`
  /// says the declaration decides (nil). The read section stays open for the answers whose
  /// addresses the caller still reads: `.hit`, `.buildOverride` and `.parameters`.
  @inline(__always)
  private func lookupWithoutLock(
    _ key: FactoryKey, _ reads: AtomicWords,
    decide: (Publication.Reading) -> LockFreeLookup?, unpublished: () -> LockFreeLookup
  ) -> LockFreeLookup {
    guard index.isReady else { return .locked }
    guard let entry = index.entry(for: key) else { return unpublished() }
    ReadSections.begin(reads)
    let word = Unmanaged<PublishedIndex.Entry>.fromOpaque(entry)._withUnsafeGuaranteedRef {
      $0.loadPublication()
    }
    guard word != 0 else {
      ReadSections.end(reads)
      return unpublished()
    }
    let decision = decide(Publication.Reading(word))
    switch decision {
    case .some(.hit), .some(.buildOverride), .some(.parameters):
      return decision.unsafelyUnwrapped
    case .some(let other):
      ReadSections.end(reads)
      return other
    case .none:
      ReadSections.end(reads)
      return unpublished()
    }
  }

  /// What `decide` makes of `publication` for a declaration of `declared` scope; nil when the
  /// declaration decides as if nothing were published.
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

  /// What `pick` finds in the process-wide singletons' word for `key`: a kept instance, or the
  /// table of them by parameter; `.locked` when nothing is published.
  private static func singletonWithoutLock(
    _ key: FactoryKey, _ reads: AtomicWords,
    pick: (Publication.Reading) -> LockFreeLookup?
  ) -> LockFreeLookup {
    guard let entry = SingletonStorage.withIndex({ $0.entry(for: key) }) else { return .locked }
    ReadSections.begin(reads)
    let word = Unmanaged<PublishedIndex.Entry>.fromOpaque(entry)._withUnsafeGuaranteedRef {
      $0.loadPublication()
    }
    if word != 0, let found = pick(Publication.Reading(word)) { return found }
    ReadSections.end(reads)
    return .locked
  }
}
