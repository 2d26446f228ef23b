import Testing

@testable import Wiring

/// One step of a scripted session with a container.
private enum Step: CustomStringConvertible {
  enum Key: CaseIterable {
    case unique, cached, shared, singleton, custom, contextual, uniqueContextual, decorated, leaf
  }
  typealias Reset = ScriptedReset
  typealias Kept = ScriptedScope
  enum AsyncKey: CaseIterable { case unique, cached, contextual, singleton }

  case resolve(Key)
  case resolveParent
  case resolveGraphParent
  case rescope(Key, Kept?)
  case decorate(Key)
  case resolveArgument(Int)
  case resolveAsync(AsyncKey)
  case register(Key, tag: Int)
  case registerArgument(tag: Int)
  case registerAsync(AsyncKey, tag: Int)
  case addContext(Key, tag: Int)
  case resetFactory(Key, Reset)
  case resetArgument(Reset)
  case resetAsync(AsyncKey, Reset)
  case addAsyncContext(AsyncKey, tag: Int)
  case resetContainer(Reset)
  case resetKept(Kept)
  case push
  case pop

  var description: String {
    switch self {
    case .resolve(let key): "resolve \(key)"
    case .resolveParent: "resolve parent"
    case .resolveGraphParent: "resolve graphParent"
    case .rescope(let key, let kept): "\(key).scope(.\(kept.map { "\($0)" } ?? "unique"))"
    case .decorate(let key): "\(key).decorator"
    case .resolveArgument(let argument): "resolve perArgument(\(argument))"
    case .register(let key, let tag): "register \(key) as r\(tag)"
    case .registerArgument(let tag): "register perArgument as r\(tag)"
    case .resolveAsync(let key): "await async \(key)"
    case .registerAsync(let key, let tag): "register async \(key) as r\(tag)"
    case .resetAsync(let key, let reset): "async \(key).reset(.\(reset))"
    case .addAsyncContext(let key, let tag): "async \(key).onTest as t\(tag)"
    case .addContext(let key, let tag): "\(key).onTest as t\(tag)"
    case .resetFactory(let key, let reset): "\(key).reset(.\(reset))"
    case .resetArgument(let reset): "perArgument.reset(.\(reset))"
    case .resetContainer(let reset): "manager.reset(options: .\(reset))"
    case .resetKept(let kept): "manager.reset(scope: .\(kept))"
    case .push: "push"
    case .pop: "pop"
    }
  }

  /// A random step; `singletons` says whether it may touch the singleton scope, which is
  /// process-wide.
  static func random(using generator: inout SplitMix, singletons: Bool) -> Step {
    let keys = Key.allCases.filter { singletons || $0 != .singleton }
    let kept = Kept.allCases.filter { singletons || $0 != .singleton }
    let tag = Int(generator.next() % 1000)
    let asyncKeys = AsyncKey.allCases.filter { singletons || $0 != .singleton }
    let reset = Reset.allCases.randomElement(using: &generator)!
    switch generator.next() % 24 {
    case 0...5: return .resolve(keys.randomElement(using: &generator)!)
    case 6:
      switch generator.next() % 4 {
      case 0: return .resolveParent
      case 1: return .resolveGraphParent
      case 2:
        let kept = kept.filter { $0 != .singleton }.randomElement(using: &generator)!
        return .rescope(
          keys.randomElement(using: &generator)!, generator.next() % 3 == 0 ? nil : kept)
      default: return .decorate(keys.randomElement(using: &generator)!)
      }
    case 7: return .resolveArgument(Int(generator.next() % 3))
    case 8, 9: return .register(keys.randomElement(using: &generator)!, tag: tag)
    case 10: return .registerArgument(tag: tag)
    case 11: return .addContext(keys.randomElement(using: &generator)!, tag: tag)
    case 12: return .resetFactory(keys.randomElement(using: &generator)!, reset)
    case 13: return .resetArgument(reset)
    case 14: return .resetContainer(reset)
    case 15: return .resetKept(kept.randomElement(using: &generator)!)
    case 16, 17: return .resolveAsync(asyncKeys.randomElement(using: &generator)!)
    case 18: return .registerAsync(asyncKeys.randomElement(using: &generator)!, tag: tag)
    case 19:
      return generator.next() % 2 == 0
        ? .resetAsync(asyncKeys.randomElement(using: &generator)!, reset)
        : .addAsyncContext(asyncKeys.randomElement(using: &generator)!, tag: tag)
    case 20, 21: return .push
    default: return .pop
    }
  }
}

extension ScriptedContainer {
  fileprivate func factory(_ key: Step.Key) -> Factory<Built> {
    switch key {
    case .unique: unique
    case .cached: cached
    case .shared: shared
    case .singleton: singleton
    case .custom: custom
    case .contextual: contextual
    case .uniqueContextual: uniqueContextual
    case .decorated: decorated
    case .leaf: leaf
    }
  }

  /// Runs `step` and says what it returned, as tags and build numbers.
  fileprivate func asyncFactory(_ key: Step.AsyncKey) -> AsyncFactory<Built> {
    switch key {
    case .unique: asyncUnique
    case .cached: asyncCached
    case .contextual: asyncUniqueContextual
    case .singleton: asyncSingleton
    }
  }

  fileprivate func run(_ step: Step) async -> String {
    let builds = self.builds
    switch step {
    case .resolve(let key):
      return factory(key)().summary
    case .resolveGraphParent:
      return graphParent().summary
    case .rescope(let key, let kept):
      factory(key).scope(kept?.scope ?? .unique)
    case .decorate(let key):
      let decorations = self.decorations
      factory(key).decorator { _ in decorations.increment() }
    case .resolveParent:
      return parent().summary
    case .resolveArgument(let argument):
      return perArgument(argument).summary
    case .resolveAsync(let key):
      return await asyncFactory(key)().summary
    case .registerAsync(let key, let tag):
      asyncFactory(key).register { Built("r\(tag)", builds) }
    case .resetAsync(let key, let reset):
      asyncFactory(key).reset(reset.options)
    case .addAsyncContext(let key, let tag):
      asyncFactory(key).onTest { Built("t\(tag)", builds) }
    case .register(let key, let tag):
      factory(key).register { Built("r\(tag)", builds) }
    case .registerArgument(let tag):
      perArgument.register { Built("r\(tag) \($0)", builds) }
    case .addContext(let key, let tag):
      factory(key).onTest { Built("t\(tag)", builds) }
    case .resetFactory(let key, let reset):
      factory(key).reset(reset.options)
    case .resetArgument(let reset):
      perArgument.reset(reset.options)
    case .resetContainer(let reset):
      manager.reset(options: reset.options)
    case .resetKept(let kept):
      manager.reset(scope: kept.scope)
    case .push:
      manager.push()
    case .pop:
      return manager.pop() ? "popped" : "nothing to pop"
    }
    return "done"
  }
}

/// Runs `sessions` scripted sessions from `seed` on a container that resolves without its lock
/// and one that resolves under it, and returns the first step where they disagree, with the
/// steps that led there.
private func firstDisagreement(
  seed: UInt64, sessions: Int, steps: Int, singletons: Bool
) async -> String? {
  var generator = SplitMix(state: seed)
  for session in 0..<sessions {
    // Tracking dependents sends every resolution of `locked` to its lock and changes nothing
    // else these steps see.
    let lockFree = FirstScriptedContainer()
    let locked = SecondScriptedContainer()
    locked.manager.tracksDependents = true
    var script: [String] = []
    for _ in 0..<steps {
      let step = Step.random(using: &generator, singletons: singletons)
      let expected = await locked.run(step) + ", decorated \(locked.decorations.value)"
      let actual = await lockFree.run(step) + ", decorated \(lockFree.decorations.value)"
      script.append("\(step) → \(expected)")
      if expected != actual {
        return "seed \(seed), session \(session): without the lock `\(step)` gave \(actual), "
          + "under it \(expected), after:\n" + script.dropLast().joined(separator: "\n")
      }
      if locked.manager.index.isReady {
        return "seed \(seed), session \(session): the locked side resolves without its lock "
          + "after `\(step)`: the test compares nothing"
      }
    }
    // Both sides kept the same singletons; the next session starts without them.
    if singletons {
      locked.manager.reset(scope: .singleton)
    }
  }
  return nil
}

/// The lock-free path and the locked path are two implementations of one resolution: scripted
/// sessions of resolutions, registrations, resets and saved states must get the same answers
/// from both, step by step.
@Suite struct PathAgreementTests {
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func lockFreeAndLockedResolutionsAgree(seed: UInt64) async {
    // Outside the strict checks of tests running beside it, which send declared builds to the
    // lock while they run.
    let disagreement = await StrictMonitor.$isUnwatched.withValue(true) {
      await firstDisagreement(seed: seed, sessions: 150, steps: 100, singletons: false)
    }
    #expect(disagreement == nil, "\(disagreement ?? "")")
  }

  // Singletons are process-wide and other suites reset them, so this runs in a child process,
  // which prints the first disagreement.
  @Test func lockFreeAndLockedResolutionsAgreeWithSingletons() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      if let disagreement = await firstDisagreement(
        seed: 99, sessions: 150, steps: 100, singletons: true)
      {
        print(childProcessDisagreement + disagreement)
      }
    }
    recordDisagreement(printedIn: result)
  }
}
