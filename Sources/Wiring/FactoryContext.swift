import Foundation

/// The facts about the running process that context modifiers (`onTest`, `onArg`, …) test.
///
/// Wiring reads them from the process once; tests and tools may change them.
///
/// ```swift
/// FactoryContext.current.arguments.append("mock")   // as if launched with `mock`
/// ```
public struct FactoryContext: Sendable {
  /// Launch arguments, `CommandLine.arguments` unless changed.
  public var arguments: [String]
  /// Arguments set while the process runs, by key; `onArg` matches their values too.
  public var runtimeArguments: [String: String] = [:]
  /// Whether the process runs tests (XCTest or Swift Testing).
  public var isTest: Bool
  /// Whether Wiring was compiled for debugging (`DEBUG` defined), as it is with the app in a
  /// debug build.
  public var isDebug: Bool
  /// Whether the process renders Xcode previews.
  public var isPreview: Bool
  /// Whether the process runs in a simulator.
  public var isSimulator: Bool

  /// The context of this process as Wiring detects it at launch, with no runtime arguments.
  ///
  /// Restore it in a test's tear-down after changing the current context:
  ///
  /// ```swift
  /// FactoryContext.current = FactoryContext()
  /// ```
  public init() {
    self = Self.detected
  }

  private init(
    arguments: [String], isTest: Bool, isDebug: Bool, isPreview: Bool, isSimulator: Bool
  ) {
    self.arguments = arguments
    self.isTest = isTest
    self.isDebug = isDebug
    self.isPreview = isPreview
    self.isSimulator = isSimulator
  }

  private static let processWide = ContextStore(FactoryContext.detected)

  /// The context of the running test when `WiringTesting` isolates it, else the process's.
  private static var storage: ContextStore { Isolation.current?.context ?? processWide }

  /// The context every resolution consults.
  ///
  /// Inside a test that `WiringTesting` isolates (`.container`), it is the test's own copy:
  /// changes stay in that test, so tests that change it can run in parallel. Elsewhere it is one
  /// value for the whole process: restore it when done (`FactoryContext.current =
  /// FactoryContext()`), and do not change it from tests running in parallel.
  public static var current: FactoryContext {
    get { storage.read { $0 } }
    set { storage.update { $0 = newValue } }
  }

  /// Sets a runtime argument under `key`, replacing the one set before under that key.
  ///
  /// ```swift
  /// FactoryContext.setArg("mock-api", forKey: "api")   // `onArg("mock-api")` now matches
  /// ```
  public static func setArg(_ argument: String, forKey key: String) {
    storage.update { $0.runtimeArguments[key] = argument }
  }

  /// Removes the runtime argument set under `key`.
  public static func removeArg(forKey key: String) {
    storage.update { _ = $0.runtimeArguments.removeValue(forKey: key) }
  }

  /// The position of the best-ranked of `count` conditions that holds now, each read with
  /// `condition`; nil when none holds. Of two that rank the same, the first. Of two argument
  /// conditions, the one whose argument comes first in `arguments` wins, as in Factory; runtime
  /// arguments come after them.
  ///
  /// Takes no lock; see `ContextStore`.
  @usableFromInline
  static func bestMatch(among count: Int, _ condition: (Int) -> ContextCondition) -> Int? {
    // Not through `storage`, which returns the store retained: every thread resolving would
    // write the process-wide store's reference count.
    if let isolation = Isolation.current {
      return bestMatch(in: isolation.context, among: count, condition)
    }
    return bestMatch(in: processWide, among: count, condition)
  }

  /// `bestMatch(among:_:)` in `store`.
  static func bestMatch(
    in store: ContextStore, among count: Int, _ condition: (Int) -> ContextCondition
  ) -> Int? {
    if (0..<count).allSatisfy({ !condition($0).isArgument }) {
      let flags = store.flags
      return best(among: count, condition) { $0.holds(given: flags) ? $0.rank : nil }
    }
    return store.withPublished { published in
      best(among: count, condition) { $0.rank(in: published) }
    }
  }

  /// The position of the best-ranked of `count` conditions, each ranked by `rank`, nil when it
  /// does not hold; nil when none holds.
  private static func best(
    among count: Int, _ condition: (Int) -> ContextCondition,
    ranking rank: (ContextCondition) -> Int?
  ) -> Int? {
    var best: Int?
    var bestRank = Int.max
    for index in 0..<count {
      if let candidate = rank(condition(index)), candidate < bestRank {
        best = index
        bestRank = candidate
      }
    }
    return best
  }

  private static let detected: FactoryContext = {
    let environment = ProcessInfo.processInfo.environment
    let arguments = CommandLine.arguments
    let executable = arguments.first ?? ""
    let isTest =
      environment["XCTestConfigurationFilePath"] != nil
      || environment["XCTestBundlePath"] != nil
      || environment["XCTestSessionIdentifier"] != nil
      || executable.hasSuffix(".xctest") || executable.contains(".xctest/")
      || executable.hasSuffix("swiftpm-testing-helper")
    #if DEBUG
    let isDebug = true
    #else
    let isDebug = false
    #endif
    #if targetEnvironment(simulator)
    let isSimulator = true
    #else
    let isSimulator = false
    #endif
    return FactoryContext(
      arguments: arguments, isTest: isTest, isDebug: isDebug,
      isPreview: environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1", isSimulator: isSimulator)
  }()
}

/// A context that ``FactoryModifying/context(_:site:factory:)`` registers a builder for.
public enum FactoryContextType: Equatable, Sendable {
  /// The process was launched with this argument, or has it as a runtime argument.
  case arg(String)
  /// Any of these arguments is present.
  case args([String])
  /// Xcode renders previews.
  case preview
  /// The process runs tests.
  case test
  /// Wiring was compiled for debugging.
  case debug
  /// The process runs in a simulator.
  case simulator
  /// The process runs on a device, not a simulator.
  case device

  /// The conditions this context stands for: one per argument of `.args`.
  @usableFromInline var conditions: [ContextCondition] {
    switch self {
    case .arg(let argument): [.argument(argument)]
    case .args(let arguments): arguments.map(ContextCondition.argument)
    case .preview: [.preview]
    case .test: [.test]
    case .debug: [.debug]
    case .simulator: [.simulator]
    case .device: [.device]
    }
  }
}

/// When a context-specific builder applies.
@usableFromInline
enum ContextCondition: Equatable, Sendable {
  case argument(String)
  case preview
  case test
  case simulator
  case device
  case debug

  /// The modifier that declares this condition, as code spells it: `onTest`, `onArg("mock")`.
  var modifierName: String {
    switch self {
    case .argument(let argument): "onArg(\(String(reflecting: argument)))"
    case .preview: "onPreview"
    case .test: "onTest"
    case .simulator: "onSimulator"
    case .device: "onDevice"
    case .debug: "onDebug"
    }
  }

  /// Lower ranks win when several contexts match.
  var rank: Int {
    switch self {
    case .argument: 0
    case .preview: 1
    case .test: 2
    case .simulator, .device: 3
    case .debug: 4
    }
  }

  /// Whether this is an argument condition, which only the whole context can decide.
  var isArgument: Bool {
    if case .argument = self { return true }
    return false
  }

  /// Whether this condition, not an argument, holds for a context with `flags`.
  func holds(given flags: ContextFlags) -> Bool {
    switch self {
    case .argument: false
    case .preview: flags.contains(.preview)
    case .test: flags.contains(.test)
    case .simulator: flags.contains(.simulator)
    case .device: !flags.contains(.simulator)
    case .debug: flags.contains(.debug)
    }
  }

  /// This condition's rank in the context `published` describes, nil when it does not hold: an
  /// argument ranks by where it comes among the arguments, every argument before the other
  /// conditions.
  func rank(in published: PublishedContext) -> Int? {
    if case .argument(let argument) = self { return published.arguments[argument] }
    return holds(given: published.flags) ? published.arguments.count + rank : nil
  }
}

/// A builder that replaces the declaration's in one context.
@usableFromInline
struct ContextualBuilder<Builder>: @unchecked Sendable {
  // NB: `@unchecked` only because the builder need not be `Sendable`, for the reason given on
  // `FactoryRegistration`; both properties are constants.
  @usableFromInline let condition: ContextCondition
  @usableFromInline let builder: Builder

  @usableFromInline
  init(condition: ContextCondition, builder: Builder) {
    self.condition = condition
    self.builder = builder
  }

  /// `contexts` with `added` appended, each replacing an earlier builder for the same condition:
  /// of two `onTest` builders, the later one wins.
  ///
  /// A declaration with two context modifiers runs this on every resolution, so it is
  /// specialized where the builder's type is known: generic, its `filter` and `+` looked up the
  /// array's and the element's metadata on each call, 9,700 instructions for a cached hit.
  @inlinable
  static func adding(_ added: [ContextualBuilder], to contexts: [ContextualBuilder]?)
    -> [ContextualBuilder]
  {
    guard let contexts else { return added }
    return merging(added, into: contexts)
  }

  /// `adding` when there are contexts already; apart, because unspecialized code looks up the
  /// metadata of a local array on entry, which the first modifier, with nothing to merge, would
  /// pay too.
  @inlinable
  static func merging(_ added: [ContextualBuilder], into contexts: [ContextualBuilder])
    -> [ContextualBuilder]
  {
    var merged: [ContextualBuilder] = []
    merged.reserveCapacity(contexts.count + added.count)
    for old in contexts where !added.contains(where: { $0.condition == old.condition }) {
      merged.append(old)
    }
    merged.append(contentsOf: added)
    return merged
  }

  /// The builder of the best-ranked context that holds now, else `fallback`; of two that rank
  /// the same, the first in `contexts`. `matched` says whether a context held.
  ///
  /// Every resolution of a factory with contexts asks this, so it is specialized where the
  /// builder's type is known: generic, the array's walk looked up metadata and witness tables
  /// for each element. It returns no optional builder or pair: unspecialized, a local of either
  /// type is a metadata lookup on every call.
  @inlinable
  static func firstMatch(
    in contexts: [ContextualBuilder], otherwise fallback: Builder, matched: inout Bool
  ) -> Builder {
    guard let index = FactoryContext.bestMatch(among: contexts.count, { contexts[$0].condition })
    else {
      matched = false
      return fallback
    }
    matched = true
    return contexts[index].builder
  }
}

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
  private let flagsWord = AtomicWordBuffer(count: 1)
  /// The address of a retained `PublishedContext`, replaced holding the lock after each change.
  private let publishedWord = AtomicWordBuffer(count: 1)

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
      currentResolutionState()._withUnsafeGuaranteedRef { $0.readCounter })
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
  /// The launch arguments and then the values of the runtime arguments (by key), each with
  /// its place among them, its first if it comes twice.
  let arguments: [String: Int]

  init(_ context: FactoryContext) {
    flags = ContextFlags(context)
    let runtime = context.runtimeArguments.sorted { $0.key < $1.key }.map(\.value)
    var arguments: [String: Int] = [:]
    for argument in context.arguments + runtime where arguments[argument] == nil {
      arguments[argument] = arguments.count
    }
    self.arguments = arguments
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
