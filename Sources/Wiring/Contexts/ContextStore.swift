/// One `FactoryContext` that resolutions read and code changes: the process's, or the copy an
/// isolated test changes.
///
/// Every resolution of a factory declared with a context modifier asks it what holds. The flags
/// that most such modifiers ask about (tests, previews, debug, simulator) are kept again in one
/// atomic word, so that those resolutions read no lock, which two threads would both write;
/// `onArg` takes the lock.
final class ContextStore: Sendable {
  private let context: Locked<FactoryContext>
  /// `ContextFlags`, written holding the lock after each change; 0 where the system has no
  /// atomics, which sends every reader to the lock.
  private let flagsWord = AtomicWords(count: 1)

  init(_ context: FactoryContext) {
    self.context = Locked(context)
    publishFlags(of: context)
  }

  deinit {
    flagsWord.deallocate()
  }

  /// Runs `body` with the context, holding the lock.
  func read<Result>(_ body: (FactoryContext) -> Result) -> Result {
    context.withLock { body($0) }
  }

  /// Changes the context, holding the lock.
  func update<Result>(_ body: (inout FactoryContext) -> Result) -> Result {
    context.withLock { context in
      let result = body(&context)
      publishFlags(of: context)
      return result
    }
  }

  /// The flags as the last change left them, without the lock; nil when only the lock can tell.
  var flags: ContextFlags? {
    let flags = ContextFlags(rawValue: flagsWord.loadAcquiring())
    return flags.contains(.published) ? flags : nil
  }

  private func publishFlags(of context: FactoryContext) {
    flagsWord.storeReleasing(ContextFlags(context).rawValue)
  }
}

/// The yes-or-no facts of a `FactoryContext`, in one word.
struct ContextFlags: OptionSet, Sendable {
  let rawValue: UInt

  /// Set in every published word, so that a word of 0 says nothing was published.
  static let published = ContextFlags(rawValue: 1 << 0)
  static let test = ContextFlags(rawValue: 1 << 1)
  static let preview = ContextFlags(rawValue: 1 << 2)
  static let debug = ContextFlags(rawValue: 1 << 3)
  static let simulator = ContextFlags(rawValue: 1 << 4)

  init(rawValue: UInt) { self.rawValue = rawValue }

  init(_ context: FactoryContext) {
    var flags: ContextFlags = .published
    if context.isTest { flags.insert(.test) }
    if context.isPreview { flags.insert(.preview) }
    if context.isDebug { flags.insert(.debug) }
    if context.isSimulator { flags.insert(.simulator) }
    self = flags
  }
}
