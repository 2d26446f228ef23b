import Foundation
import Testing
import Wiring

/// Scripted sessions with a container, replayed against what Factory 3.2.2 returned for the
/// same scripts (`FactoryTranscripts.txt`): the behaviour a migrating app observes, step by
/// step, through registrations, statement modifiers, resets, saved states, contexts, default
/// scopes and decorators.
///
/// A script leaves out only what `Docs/MigratingFromFactory.md` lists as different on purpose:
/// a statement of the same kind as the declaration's modifier, a registered `.singleton`,
/// `manager.reset(scope: .singleton)`, a default scope of `.singleton` or a custom scope, and
/// registering or resetting a factory that takes the default scope.
@Suite struct FactoryTranscriptTests {
  static let transcripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("FactoryTranscripts.txt")

  // Singletons, the context's arguments and its debug flag are process-wide, so the sessions
  // run in a child process, which prints the first disagreement.
  @Test func everyScriptedSessionReturnsWhatFactoryReturned() async throws {
    #expect(
      try Self.recorded().count >= 30, "the transcripts are missing: the test compares nothing")
    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      // The transcripts were recorded from a debug build of Factory, where `onDebug` holds.
      FactoryContext.current.isDebug = true
      if let disagreement = try FactoryTranscriptTests.firstDisagreement() {
        print(childProcessDisagreement + disagreement)
      }
    }
    recordDisagreement(printedIn: result)
  }

  static func recorded() throws -> [Substring] {
    try String(contentsOf: transcripts, encoding: .utf8).split(separator: "\n")
      .filter { !$0.hasPrefix("#") }
  }

  /// The first step whose answer is not what Factory returned, with the steps before it.
  static func firstDisagreement() throws -> String? {
    for (index, line) in try recorded().enumerated() {
      var session = ScriptedSession(seed: UInt64(index + 1))
      let container = TranscriptContainer()
      var steps: [String] = []
      for answer in line.components(separatedBy: " | ") {
        let step = session.next()
        let actual = container.run(step)
        steps.append("\(step) → \(answer)")
        if actual != answer {
          return "session \(index + 1), step \(steps.count): `\(step)` returned \(actual), Factory "
            + "\(answer), after:\n" + steps.dropLast().joined(separator: "\n")
        }
      }
      Scope.singleton.reset()
      FactoryContext.removeArg(forKey: ScriptedStep.argumentKey)
    }
    return nil
  }
}

/// One step of a scripted session; `other` runs its step on a second container of the same
/// type, which shares the singletons.
indirect enum ScriptedStep: CustomStringConvertible, Sendable {
  enum Key: CaseIterable, Sendable {
    case unique, cached, shared, singleton, custom, contextual, uniqueContextual, decorated
    case leaf, once, auto
    /// Whether the declaration names no scope, so that the container's default applies.
    var takesTheDefaultScope: Bool { self == .unique || self == .uniqueContextual }
  }
  typealias Reset = ScriptedReset
  typealias Kept = ScriptedScope

  static let argumentKey = "transcripts"

  case resolve(Key)
  case resolveParent
  case resolveGraphParent
  case resolveArgument(Int)
  case register(Key, tag: Int)
  case registerArgument(tag: Int)
  case addContext(Key, tag: Int)
  case addArgumentContext(Key, tag: Int)
  case rescope(Key, Kept)
  case decorate(Key)
  case resetFactory(Key, Reset)
  case resetArgument(Reset)
  case resetContainer(Reset)
  case resetKept(Kept)
  case push
  case pop
  case setArgument(Bool)
  case defaultScope(Kept?)
  case containerDecorator(Bool)
  case resetSingletons
  case other(ScriptedStep)

  var description: String {
    switch self {
    case .resolve(let key): "resolve \(key)"
    case .resolveParent: "resolve parent"
    case .resolveGraphParent: "resolve graphParent"
    case .resolveArgument(let argument): "resolve perArgument(\(argument))"
    case .register(let key, let tag): "register \(key) as r\(tag)"
    case .registerArgument(let tag): "register perArgument as r\(tag)"
    case .addContext(let key, let tag): "\(key).onDebug as t\(tag)"
    case .addArgumentContext(let key, let tag): "\(key).onArg as a\(tag)"
    case .rescope(let key, let kept): "\(key).scope(.\(kept))"
    case .decorate(let key): "\(key).decorator"
    case .resetFactory(let key, let reset): "\(key).reset(.\(reset))"
    case .resetArgument(let reset): "perArgument.reset(.\(reset))"
    case .resetContainer(let reset): "manager.reset(options: .\(reset))"
    case .resetKept(let kept): "manager.reset(scope: .\(kept))"
    case .push: "push"
    case .pop: "pop"
    case .setArgument(let on): on ? "setArg" : "removeArg"
    case .defaultScope(let kept): "defaultScope = \(kept.map { "\($0)" } ?? "nil")"
    case .containerDecorator(let on): on ? "container decorator" : "no container decorator"
    case .resetSingletons: "Scope.singleton.reset()"
    case .other(let step): "other: \(step)"
    }
  }

  /// The step itself, on whichever container it runs.
  var inner: ScriptedStep {
    if case .other(let step) = self { return step }
    return self
  }
}

/// The steps of one session, from a seed, without the differences Wiring keeps on purpose.
struct ScriptedSession {
  private var generator: SplitMix
  private var defaultScopeWasSet = false

  init(seed: UInt64) { generator = SplitMix(state: seed) }

  mutating func next() -> ScriptedStep {
    while true {
      let step = randomStep()
      if isCompared(step.inner) { return step }
    }
  }

  private mutating func isCompared(_ step: ScriptedStep) -> Bool {
    switch step {
    case .defaultScope(let kept?):
      guard [.unique, .cached, .shared].contains(kept) else { return false }
      if kept != .unique { defaultScopeWasSet = true }
      return true
    case .register(let key, _), .resetFactory(let key, _):
      if key == .singleton, case .register = step { return false }
      return !(defaultScopeWasSet && key.takesTheDefaultScope)
    case .rescope(let key, let kept):
      return kept != .singleton && (key.takesTheDefaultScope || key == .once)
    case .addContext(let key, _), .addArgumentContext(let key, _):
      return key != .contextual && key != .uniqueContextual
    case .decorate(let key): return key != .decorated
    case .resetKept(.singleton): return false
    default: return true
    }
  }

  private mutating func randomStep() -> ScriptedStep {
    let step = randomInnerStep()
    return generator.next() % 4 == 0 ? .other(step) : step
  }

  private mutating func randomInnerStep() -> ScriptedStep {
    let key = ScriptedStep.Key.allCases.randomElement(using: &generator)!
    let reset = ScriptedStep.Reset.allCases.randomElement(using: &generator)!
    let kept = ScriptedStep.Kept.allCases.randomElement(using: &generator)!
    let tag = Int(generator.next() % 1000)
    switch generator.next() % 30 {
    case 0...6: return .resolve(key)
    case 7: return .resolveParent
    case 8: return .resolveGraphParent
    case 9: return .resolveArgument(Int(generator.next() % 3))
    case 10, 11: return .register(key, tag: tag)
    case 12: return .registerArgument(tag: tag)
    case 13: return .addContext(key, tag: tag)
    case 14: return .rescope(key, kept)
    case 15: return .decorate(key)
    case 16: return .resetFactory(key, reset)
    case 17: return .resetArgument(reset)
    case 18: return .resetContainer(reset)
    case 19: return .resetKept(kept)
    case 20, 21: return .push
    case 22, 23: return .pop
    case 24: return .addArgumentContext(key, tag: tag)
    case 25: return .setArgument(generator.next() % 2 == 0)
    case 26: return .defaultScope(generator.next() % 2 == 0 ? nil : kept)
    case 27: return .resolve(key)
    case 28: return .containerDecorator(generator.next() % 2 == 0)
    default: return .resetSingletons
    }
  }
}

/// The container a scripted session drives; the second container of `other` steps shares its
/// build and decoration counts.
final class TranscriptContainer: ScriptedContainer, AutoRegistering {
  let manager = ContainerManager()
  let builds: Counter
  let decorations: Counter
  private let neighbour: TranscriptContainer?

  convenience init() {
    let builds = Counter()
    let decorations = Counter()
    self.init(
      builds: builds, decorations: decorations,
      neighbour: TranscriptContainer(builds: builds, decorations: decorations, neighbour: nil))
  }

  private init(builds: Counter, decorations: Counter, neighbour: TranscriptContainer?) {
    self.builds = builds
    self.decorations = decorations
    self.neighbour = neighbour
  }

  /// Declared like `cached`, and registered by auto-registration.
  var auto: Factory<Built> { self { Built("declared", self.builds) }.cached }

  func autoRegister() {
    let builds = self.builds
    auto.register { Built("auto", builds) }
  }
}

extension TranscriptContainer {
  fileprivate func factory(_ key: ScriptedStep.Key) -> Factory<Built> {
    switch key {
    case .unique: unique
    case .cached: cached
    case .shared: shared
    case .singleton: singleton
    case .custom: custom
    case .contextual: debugContextual
    case .uniqueContextual: uniqueDebugContextual
    case .decorated: decorated
    case .leaf: leaf
    case .once: once
    case .auto: auto
    }
  }

  /// Runs `step` and says what it returned, as tags and build numbers, with how many times a
  /// decorator has run so far.
  func run(_ step: ScriptedStep) -> String {
    if case .other(let step) = step { return neighbour?.run(step) ?? "no neighbour" }
    return runHere(step) + " d\(decorations.value)"
  }

  private func runHere(_ step: ScriptedStep) -> String {
    let builds = self.builds
    let decorations = self.decorations
    switch step {
    case .resolve(let key): return factory(key)().summary
    case .resolveParent: return parent().summary
    case .resolveGraphParent: return graphParent().summary
    case .resolveArgument(let argument): return perArgument(argument).summary
    case .register(let key, let tag): factory(key).register { Built("r\(tag)", builds) }
    case .registerArgument(let tag): perArgument.register { Built("r\(tag) \($0)", builds) }
    case .addContext(let key, let tag): factory(key).onDebug { Built("t\(tag)", builds) }
    case .addArgumentContext(let key, let tag):
      factory(key).onArg(ScriptedStep.argumentKey) { Built("a\(tag)", builds) }
    case .rescope(let key, let kept): factory(key).scope(kept.scope)
    case .decorate(let key): factory(key).decorator { _ in decorations.increment() }
    case .resetFactory(let key, let reset): factory(key).reset(reset.options)
    case .resetArgument(let reset): perArgument.reset(reset.options)
    case .resetContainer(let reset): manager.reset(options: reset.options)
    case .resetKept(let kept): manager.reset(scope: kept.scope)
    case .push: manager.push()
    case .pop: manager.pop()
    case .setArgument(let on):
      if on {
        FactoryContext.setArg(ScriptedStep.argumentKey, forKey: ScriptedStep.argumentKey)
      } else {
        FactoryContext.removeArg(forKey: ScriptedStep.argumentKey)
      }
    case .defaultScope(let kept): manager.defaultScope = kept?.scope
    case .containerDecorator(let on):
      if on { decorator { _ in decorations.increment() } } else { decorator(nil) }
    case .resetSingletons: Scope.singleton.reset()
    case .other(let step): return runHere(step)
    }
    return "done"
  }
}
