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
  /// Whether the process runs tests (XCTest or Swift Testing).
  public var isTest: Bool
  /// Whether Wiring was compiled for debugging (`DEBUG` defined), as it is with the app in a
  /// debug build.
  public var isDebug: Bool
  /// Whether the process renders Xcode previews.
  public var isPreview: Bool
  /// Whether the process runs in a simulator.
  public var isSimulator: Bool

  private static let storage = Locked(FactoryContext.detected())

  /// The context every resolution consults.
  public static var current: FactoryContext {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }

  private static func detected() -> FactoryContext {
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
  }
}

/// When a context-specific builder applies.
@usableFromInline
enum ContextCondition: Sendable {
  case argument(String)
  case anyArgument([String])
  case preview
  case test
  case simulator
  case device
  case debug

  /// Lower ranks win when several contexts match.
  var rank: Int {
    switch self {
    case .argument, .anyArgument: 0
    case .preview: 1
    case .test: 2
    case .simulator, .device: 3
    case .debug: 4
    }
  }

  func matches(_ context: FactoryContext) -> Bool {
    switch self {
    case .argument(let argument): context.arguments.contains(argument)
    case .anyArgument(let arguments): arguments.contains { context.arguments.contains($0) }
    case .preview: context.isPreview
    case .test: context.isTest
    case .simulator: context.isSimulator
    case .device: !context.isSimulator
    case .debug: context.isDebug
    }
  }
}

/// A builder that replaces the declaration's in one context.
@usableFromInline
struct ContextualBuilder<Builder: Sendable>: Sendable {
  @usableFromInline let condition: ContextCondition
  @usableFromInline let builder: Builder

  @usableFromInline
  init(condition: ContextCondition, builder: Builder) {
    self.condition = condition
    self.builder = builder
  }

  /// The builder of the best-ranked context that holds now, if any.
  @usableFromInline
  static func firstMatch(in contexts: [ContextualBuilder]) -> Builder? {
    let context = FactoryContext.current
    return contexts.filter { $0.condition.matches(context) }
      .min { $0.condition.rank < $1.condition.rank }?.builder
  }
}
