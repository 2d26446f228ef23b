/// What a resolution may do without the container's lock, from what the container published.
///
/// The answers that leave an address to read carry the read section that keeps it alive: the
/// caller copies what it needs from the address, then ends the section.
@usableFromInline
enum LockFreeLookup: ~Copyable {
  /// A kept `Box<T>`.
  case hit(UnsafeRawPointer, ReadSection)
  /// Build with the declaration: no override applies and nothing is kept.
  case buildDeclaration
  /// Build with the `.graph` declaration, or take the instance the current top-level
  /// resolution already built: no override applies, and the thread keeps the instance.
  case buildGraph
  /// Build with the `Override` at this address, whose type is given.
  case buildOverride(UnsafeRawPointer, type: ObjectIdentifier, ReadSection)
  /// Look the parameter up in the `ParameterTable` at this address, the kept instances of a
  /// `.scopeOnParameters` factory.
  case parameters(UnsafeRawPointer, ReadSection)
  /// Only the locked path can tell: a first build, a wait, auto-registration, contexts, …
  case locked

  /// `.hit` when a box is kept, `.locked` otherwise.
  static func kept(_ box: UnsafeRawPointer?, _ section: consuming ReadSection) -> Self {
    guard let box else {
      section.end()
      return .locked
    }
    return .hit(box, section)
  }

  /// `.parameters` when a table is kept, `.locked` otherwise.
  static func keptPerParameter(
    _ table: UnsafeRawPointer?, _ section: consuming ReadSection
  ) -> Self {
    guard let table else {
      section.end()
      return .locked
    }
    return .parameters(table, section)
  }

  /// `.buildOverride` with the override `publication` holds.
  static func buildOverride(
    _ publication: Publication.Reading, _ section: consuming ReadSection
  ) -> Self {
    .buildOverride(
      publication.overrideAddress.unsafelyUnwrapped, type: publication.overrideType, section)
  }

  /// `.locked`, once `section` has ended.
  static func locked(ending section: consuming ReadSection) -> Self {
    section.end()
    return .locked
  }
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
    lookupWithoutLock(key, reads) { publication, section in
      Self.decide(publication, declared, section)
    } unpublished: {
      switch declared {
      case .unique: .buildDeclaration
      case .graph: .buildGraph
      case .singleton: Self.singletonWithoutLock(key, reads, perParameter: false)
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
    lookupWithoutLock(key, reads) { publication, section in
      switch (publication.rule, declared) {
      case (.declaration, .keptInContainer), (.overrideWithDeclaredScope, .keptInContainer),
        (.overrideWithDeclaredScope, .singleton), (.overrideKept, _):
        return .keptPerParameter(publication.parametersAddress, section)
      case (.overrideWithDeclaredScope, .unique), (.overrideBuildsEveryTime, _):
        return .buildOverride(publication, section)
      case (.declaration, _):
        section.end()
        return nil
      default:
        return .locked(ending: section)
      }
    } unpublished: {
      switch declared {
      case .unique: .buildDeclaration
      case .singleton: Self.singletonWithoutLock(key, reads, perParameter: true)
      case .keptInContainer, .graph, .other: .locked
      }
    }
  }

  /// The skeleton of both lookups: reads the word published for `key` inside a read section
  /// and lets `decide` answer from it, or `unpublished` when nothing is published or `decide`
  /// says the declaration decides (nil). `decide` takes the section: it hands it on with the
  /// answers whose addresses the caller still reads, and ends it otherwise.
  @inline(__always)
  private func lookupWithoutLock(
    _ key: FactoryKey, _ reads: AtomicWords,
    decide: (Publication.Reading, consuming ReadSection) -> LockFreeLookup?,
    unpublished: () -> LockFreeLookup
  ) -> LockFreeLookup {
    guard index.isReady else { return .locked }
    guard let entry = index.entry(for: key) else { return unpublished() }
    let section = ReadSection(reads)
    let word = Unmanaged<PublishedIndex.Entry>.fromOpaque(entry)._withUnsafeGuaranteedRef {
      $0.loadPublication()
    }
    guard word != 0 else {
      section.end()
      return unpublished()
    }
    switch decide(Publication.Reading(word), section) {
    case .some(let decision): return decision
    case .none: return unpublished()
    }
  }

  /// What `decide` makes of `publication` for a declaration of `declared` scope; nil, with the
  /// section ended, when the declaration decides as if nothing were published.
  @inline(__always)
  private static func decide(
    _ publication: Publication.Reading, _ declared: DeclaredScope,
    _ section: consuming ReadSection
  ) -> LockFreeLookup? {
    switch publication.rule {
    case .declaration:
      guard declared == .keptInContainer else {
        section.end()
        return nil
      }
      return .kept(publication.boxAddress, section)
    case .overrideWithDeclaredScope:
      switch declared {
      case .unique:
        return .buildOverride(publication, section)
      case .keptInContainer, .singleton:
        return .kept(publication.boxAddress, section)
      case .graph, .other:
        return .locked(ending: section)
      }
    case .overrideBuildsEveryTime:
      return .buildOverride(publication, section)
    case .overrideKept:
      return .kept(publication.boxAddress, section)
    case .locked:
      return .locked(ending: section)
    }
  }

  /// What the process-wide singletons' word for `key` holds: a kept instance or, `perParameter`,
  /// the table of them by parameter; `.locked` when nothing is published.
  private static func singletonWithoutLock(
    _ key: FactoryKey, _ reads: AtomicWords, perParameter: Bool
  ) -> LockFreeLookup {
    guard let entry = Singletons.withIndex({ $0.entry(for: key) }) else { return .locked }
    let section = ReadSection(reads)
    let word = Unmanaged<PublishedIndex.Entry>.fromOpaque(entry)._withUnsafeGuaranteedRef {
      $0.loadPublication()
    }
    guard word != 0 else { return .locked(ending: section) }
    let publication = Publication.Reading(word)
    return perParameter
      ? .keptPerParameter(publication.parametersAddress, section)
      : .kept(publication.boxAddress, section)
  }
}
