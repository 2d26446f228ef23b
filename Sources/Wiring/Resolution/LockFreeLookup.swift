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
  private static func kept(_ box: UnsafeRawPointer?, _ section: consuming ReadSection) -> Self {
    guard let box else {
      section.end()
      return .locked
    }
    return .hit(box, section)
  }

  /// `.parameters` when a table is kept, `.locked` otherwise.
  private static func keptPerParameter(
    _ table: UnsafeRawPointer?, _ section: consuming ReadSection
  ) -> Self {
    guard let table else {
      section.end()
      return .locked
    }
    return .parameters(table, section)
  }

  /// What `publication` keeps: its box, or with `perParameter` its table of boxes.
  @inline(__always)
  static func kept(
    _ publication: Publication.Reading, perParameter: Bool, _ section: consuming ReadSection
  ) -> Self {
    perParameter
      ? .keptPerParameter(publication.parametersAddress, section)
      : .kept(publication.boxAddress, section)
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

extension ContainerManager {
  /// Decides a resolution of `key` from the published snapshot, with no lock.
  ///
  /// The answer is what the locked path would decide at some moment during this call: the
  /// snapshot is replaced under the lock whenever the slot it describes changes.
  @usableFromInline
  func lookupWithoutLock(
    _ key: FactoryKey, declared: Keeping, reads: AtomicWords
  ) -> LockFreeLookup {
    lookupWithoutLock(key, declared: declared, perParameter: false, reads)
  }

  /// Decides a resolution of `key`, a `.scopeOnParameters` factory, from the published
  /// snapshot, with no lock: as `lookupWithoutLock`, with the kept instances in a table by
  /// parameter, and a `.graph` instance, which is kept by parameter too, left to the lock.
  @usableFromInline
  func lookupParametersWithoutLock(
    _ key: FactoryKey, declared: Keeping, reads: AtomicWords
  ) -> LockFreeLookup {
    lookupWithoutLock(key, declared: declared, perParameter: true, reads)
  }

  /// The lock-free decision, top to bottom: what was published for `key` says whether an
  /// override applies and so where the instance is kept (`Keeping`, the rule the locked path
  /// follows too); the answer is the kept instance, a build, or the lock.
  @inline(__always)
  private func lookupWithoutLock(
    _ key: FactoryKey, declared: Keeping, perParameter: Bool, _ reads: AtomicWords
  ) -> LockFreeLookup {
    guard index.isReady else { return .locked }
    guard let entry = index.entry(for: key) else {
      return Self.unpublished(key, declared, perParameter, reads)
    }
    let section = ReadSection(reads)
    let word = Unmanaged<PublishedIndex.Entry>.fromOpaque(entry)._withUnsafeGuaranteedRef {
      $0.loadPublication()
    }
    guard word != 0 else {
      section.end()
      return Self.unpublished(key, declared, perParameter, reads)
    }
    let publication = Publication.Reading(word)
    guard let override = publication.override else {
      // Nothing overrides the declaration; only a declaration kept in the container has
      // published what it keeps.
      guard declared == .inContainer else {
        section.end()
        return Self.unpublished(key, declared, perParameter, reads)
      }
      return .kept(publication, perParameter: perParameter, section)
    }
    // An override's contexts pick its builder at every resolution: the lock decides.
    guard !override.hasContexts else { return .locked(ending: section) }
    switch override.keeping ?? declared.overridden {
    case .nowhere:
      return .buildOverride(publication, section)
    case .inContainer:
      // The override's decorator sees kept instances too, and only the lock names the override.
      guard !override.hasDecorator else { return .locked(ending: section) }
      return .kept(publication, perParameter: perParameter, section)
    case .inResolution, .inContainerChecked, .processWide:
      // An override's `.graph`, `.shared` and `.timeToLive` only the locked path handles; its
      // `.singleton` is kept in the container, never process-wide.
      return .locked(ending: section)
    }
  }

  /// The answer when nothing published applies: the declaration decides alone.
  @inline(__always)
  private static func unpublished(
    _ key: FactoryKey, _ declared: Keeping, _ perParameter: Bool, _ reads: AtomicWords
  ) -> LockFreeLookup {
    switch declared {
    case .nowhere:
      return .buildDeclaration
    case .inResolution:
      // A `.scopeOnParameters` graph instance is kept per parameter, which the lock finds.
      return perParameter ? .locked : .buildGraph
    case .processWide:
      return singletonWithoutLock(key, reads, perParameter: perParameter)
    case .inContainer, .inContainerChecked:
      // Not built yet, or checked on every read.
      return .locked
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
    return .kept(Publication.Reading(word), perParameter: perParameter, section)
  }
}
