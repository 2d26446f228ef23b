import Testing

@testable import Wiring

private enum PairedStep: CustomStringConvertible {
  enum Key: CaseIterable {
    case unique, cached, singleton, custom, contextual, onceContextual, decorated, leaf
  }
  typealias Reset = ScriptedReset
  typealias Kept = ScriptedScope

  case resolve(Key)
  case resolveParent
  case register(Key, tag: Int)
  case addContext(Key, tag: Int)
  case rescope(Key, Kept)
  case decorate(Key)
  case resetFactory(Key, Reset)
  case resetContainer(Reset)
  case resetKept(Kept)
  case push
  case pop

  var description: String {
    switch self {
    case .resolve(let key): "resolve \(key)"
    case .resolveParent: "resolve parent"
    case .register(let key, let tag): "register \(key) as r\(tag)"
    case .addContext(let key, let tag): "\(key).onTest as t\(tag)"
    case .rescope(let key, let kept): "\(key).scope(.\(kept))"
    case .decorate(let key): "\(key).decorator"
    case .resetFactory(let key, let reset): "\(key).reset(.\(reset))"
    case .resetContainer(let reset): "manager.reset(options: .\(reset))"
    case .resetKept(let kept): "manager.reset(scope: .\(kept))"
    case .push: "push"
    case .pop: "pop"
    }
  }

  static func random(using generator: inout SplitMix) -> PairedStep {
    let key = Key.allCases.randomElement(using: &generator)!
    let reset = Reset.allCases.randomElement(using: &generator)!
    let kept = Kept.allCases.randomElement(using: &generator)!
    let tag = Int(generator.next() % 1000)
    switch generator.next() % 18 {
    case 0...5: return .resolve(key)
    case 6: return .resolveParent
    case 7, 8: return .register(key, tag: tag)
    case 9: return .addContext(key, tag: tag)
    case 10: return .rescope(key, kept)
    case 11: return .decorate(key)
    case 12: return .resetFactory(key, reset)
    case 13: return .resetContainer(reset)
    case 14: return .resetKept(kept)
    case 15: return .push
    default: return .pop
    }
  }
}

extension ScriptedContainer {
  fileprivate func factory(_ key: PairedStep.Key) -> Factory<Built> {
    switch key {
    case .unique: unique
    case .cached: cached
    case .singleton: singleton
    case .custom: custom
    case .contextual: contextual
    case .onceContextual: onceContextual
    case .decorated: decorated
    case .leaf: leaf
    }
  }

  fileprivate func asyncFactory(_ key: PairedStep.Key) -> AsyncFactory<Built> {
    switch key {
    case .unique: asyncUnique
    case .cached: asyncCached
    case .singleton: asyncSingleton
    case .custom: asyncCustom
    case .contextual: asyncContextual
    case .onceContextual: asyncOnceContextual
    case .decorated: asyncDecorated
    case .leaf: asyncLeaf
    }
  }

  /// Runs `step`, adding what it resolves to `held`.
  fileprivate func run(_ step: PairedStep, async isAsync: Bool, holding held: inout [Any]) async
    -> String
  {
    let builds = self.builds
    let decorations = self.decorations
    switch step {
    case .resolve(let key):
      let built = isAsync ? await asyncFactory(key)() : factory(key)()
      held.append(built)
      return built.summary
    case .resolveParent:
      let group = isAsync ? await asyncParent() : parent()
      held.append(group)
      return group.summary
    case .register(let key, let tag):
      if isAsync {
        asyncFactory(key).register { Built("r\(tag)", builds) }
      } else {
        factory(key).register { Built("r\(tag)", builds) }
      }
    case .addContext(let key, let tag):
      if isAsync {
        asyncFactory(key).onTest { Built("t\(tag)", builds) }
      } else {
        factory(key).onTest { Built("t\(tag)", builds) }
      }
    case .rescope(let key, let kept):
      if isAsync {
        asyncFactory(key).scope(kept.scope)
      } else {
        factory(key).scope(kept.scope)
      }
    case .decorate(let key):
      if isAsync {
        asyncFactory(key).decorator { _ in decorations.increment() }
      } else {
        factory(key).decorator { _ in decorations.increment() }
      }
    case .resetFactory(let key, let reset):
      if isAsync {
        asyncFactory(key).reset(reset.options)
      } else {
        factory(key).reset(reset.options)
      }
    case .resetContainer(let reset): manager.reset(options: reset.options)
    case .resetKept(let kept): manager.reset(scope: kept.scope)
    case .push: manager.push()
    case .pop: return manager.pop() ? "popped" : "nothing to pop"
    }
    return "done"
  }
}

/// Async factories keep, override, reset and save what synchronous ones do: the same scripted
/// sessions, run on a container's synchronous factories and on another's async twins, get the
/// same answers step by step.
@Suite struct AsyncAgreementTests {
  // Singletons are process-wide and other suites reset them, so the sessions run in a child
  // process, which prints the first disagreement.
  @Test func asyncFactoriesAnswerAsSynchronousOnesDo() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      FactoryContext.current.isTest = true
      if let disagreement = await AsyncAgreementTests.firstDisagreement(sessions: 150, steps: 80) {
        print(childProcessDisagreement + disagreement)
      }
    }
    recordDisagreement(printedIn: result)
  }

  static func firstDisagreement(sessions: Int, steps: Int) async -> String? {
    var generator = SplitMix(state: 7)
    for session in 0..<sessions {
      let sync = FirstScriptedContainer()
      let async = SecondScriptedContainer()
      var script: [String] = []
      // Every instance a session resolves lives to its end: the task that built an async kept
      // instance may hold it a moment after its caller dropped it, which under load would let
      // a `.shared` async factory return an instance the synchronous one had let go.
      var held: [Any] = []
      for _ in 0..<steps {
        let step = PairedStep.random(using: &generator)
        let expected =
          await sync.run(step, async: false, holding: &held) + " d\(sync.decorations.value)"
        let actual =
          await async.run(step, async: true, holding: &held) + " d\(async.decorations.value)"
        script.append("\(step) → \(expected)")
        if actual != expected {
          return "session \(session): async `\(step)` gave \(actual), synchronous \(expected), "
            + "after:\n" + script.dropLast().joined(separator: "\n")
        }
      }
      Scope.singleton.reset()
    }
    return nil
  }
}
