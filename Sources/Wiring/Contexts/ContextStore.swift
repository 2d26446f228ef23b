/// One `FactoryContext` that resolutions read and code changes: the process's, or the copy an
/// isolated test changes.
///
/// Every resolution of a factory declared with a context modifier asks it what holds, and none
/// takes its lock, which two threads would both write. The flags that most such modifiers ask
/// about (tests, previews, debug, simulator) are kept again in one atomic word; `onArg` reads the
/// flags and the arguments together from a `PublishedContext`, inside a read section.
final class ContextStore: Sendable {
  private let context: Locked<FactoryContext>
  /// `ContextFlags`, written holding the lock after each change.
  private let flagsWord = AtomicWords(count: 1)
  /// The address of a retained `PublishedContext`, replaced holding the lock after each change.
  private let publishedWord = AtomicWords(count: 1)

  init(_ context: FactoryContext) {
    self.context = Locked(context)
    publishFlags(of: context)
    publishedWord.storeReleasing(PublishedContext.retainedWord(for: context))
  }

  deinit {
    PublishedContext.release(publishedWord.loadRelaxed())
    flagsWord.deallocate()
    publishedWord.deallocate()
  }

  /// Runs `body` with the context, holding the lock.
  func read<Result>(_ body: (FactoryContext) -> Result) -> Result {
    context.withLock { body($0) }
  }

  /// Changes the context, holding the lock.
  func update<Result>(_ body: (inout FactoryContext) -> Result) -> Result {
    let (result, retired) = context.withLock { context in
      let result = body(&context)
      publishFlags(of: context)
      return (result, publishedWord.exchange(PublishedContext.retainedWord(for: context)))
    }
    if retired != 0 {
      ReadSections.waitForReaders()
      PublishedContext.release(retired)
    }
    return result
  }

  /// Runs `body` with the context as the last change published it, inside a read section and
  /// without the lock. Call it outside any read section.
  func withPublished<Result>(_ body: (PublishedContext) -> Result) -> Result {
    let section = ReadSection(
      ResolutionState.currentUnretained._withUnsafeGuaranteedRef { $0.readCounter })
    // Set in `init` and only ever replaced, so never 0.
    let address = UnsafeRawPointer(bitPattern: publishedWord.loadSequentiallyConsistent())
    let result = Unmanaged<PublishedContext>.fromOpaque(address.unsafelyUnwrapped)
      ._withUnsafeGuaranteedRef(body)
    section.end()
    return result
  }

  /// The flags as the last change left them, without the lock.
  var flags: ContextFlags { ContextFlags(rawValue: flagsWord.loadAcquiring()) }

  private func publishFlags(of context: FactoryContext) {
    flagsWord.storeReleasing(ContextFlags(context).rawValue)
  }
}

/// What a context's conditions ask, as one change left it: its flags and every argument.
final class PublishedContext: Sendable {
  let flags: ContextFlags
  /// The launch arguments and the values of the runtime arguments.
  let arguments: Set<String>

  init(_ context: FactoryContext) {
    flags = ContextFlags(context)
    arguments = Set(context.arguments).union(context.runtimeArguments.values)
  }

  /// The address of a new, retained `PublishedContext` for `context`.
  static func retainedWord(for context: FactoryContext) -> UInt {
    UInt(bitPattern: Unmanaged.passRetained(PublishedContext(context)).toOpaque())
  }

  /// Releases what `retainedWord(for:)` made.
  static func release(_ word: UInt) {
    guard let address = UnsafeRawPointer(bitPattern: word) else { return }
    Unmanaged<PublishedContext>.fromOpaque(address).release()
  }
}

/// The yes-or-no facts of a `FactoryContext`, in one word.
struct ContextFlags: OptionSet, Sendable {
  let rawValue: UInt

  static let test = ContextFlags(rawValue: 1 << 1)
  static let preview = ContextFlags(rawValue: 1 << 2)
  static let debug = ContextFlags(rawValue: 1 << 3)
  static let simulator = ContextFlags(rawValue: 1 << 4)

  init(rawValue: UInt) { self.rawValue = rawValue }

  init(_ context: FactoryContext) {
    var flags: ContextFlags = []
    if context.isTest { flags.insert(.test) }
    if context.isPreview { flags.insert(.preview) }
    if context.isDebug { flags.insert(.debug) }
    if context.isSimulator { flags.insert(.simulator) }
    self = flags
  }
}
