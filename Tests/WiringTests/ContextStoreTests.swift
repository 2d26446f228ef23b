import Foundation
import Testing

@testable import Wiring

/// The flags a context keeps in one word, which resolutions read without the lock.
@Suite struct ContextStoreTests {
  @Test func theFlagsFollowEveryChange() {
    var context = FactoryContext()
    context.isTest = false
    context.isPreview = false
    context.isDebug = false
    context.isSimulator = false
    let store = ContextStore(context)
    #expect(store.flags == [])

    store.update {
      $0.isTest = true
      $0.isSimulator = true
    }
    #expect(store.flags == [.test, .simulator])

    store.update {
      $0.isTest = false
      $0.isPreview = true
      $0.isDebug = true
    }
    #expect(store.flags == [.preview, .debug, .simulator])
  }
}

/// Argument conditions read what the context published last, flags and arguments together,
/// without its lock.
@Suite struct PublishedContextTests {
  private func store(arguments: [String] = ["app"], isTest: Bool = false) -> ContextStore {
    var context = FactoryContext()
    context.arguments = arguments
    context.runtimeArguments = [:]
    context.isTest = isTest
    context.isPreview = false
    return ContextStore(context)
  }

  private func published(_ store: ContextStore) -> PublishedContext {
    store.withPublished { $0 }
  }

  @Test func launchAndRuntimeArgumentsArePublishedAfterEveryChange() {
    let store = store(arguments: ["app", "-mock"])
    #expect(published(store).arguments == ["app": 0, "-mock": 1])
    store.update { $0.runtimeArguments["api"] = "stub-api" }
    #expect(published(store).arguments == ["app": 0, "-mock": 1, "stub-api": 2])
    store.update { $0.runtimeArguments["api"] = "other-api" }
    #expect(published(store).arguments == ["app": 0, "-mock": 1, "other-api": 2])
    store.update { _ = $0.runtimeArguments.removeValue(forKey: "api") }
    #expect(published(store).arguments == ["app": 0, "-mock": 1])
  }

  @Test func anArgumentIsPublishedWithItsFirstPlaceAndRuntimeOnesByKey() {
    let store = store(arguments: ["-b", "-a", "-b"])
    store.update {
      $0.runtimeArguments["z"] = "-z"
      $0.runtimeArguments["y"] = "-a"
      $0.runtimeArguments["x"] = "-x"
    }
    #expect(published(store).arguments == ["-b": 0, "-a": 1, "-x": 2, "-z": 3])
  }

  @Test func theFlagsArePublishedWithTheArguments() {
    let store = store(isTest: false)
    #expect(published(store).flags.contains(.test) == false)
    store.update { $0.isTest = true }
    #expect(published(store).flags.contains(.test) == true)
  }

  @Test(
    arguments: [
      ([ContextCondition.test, .argument("-mock")], 1),
      ([.argument("-absent"), .test], 1),
      ([.argument("-absent"), .debug], nil),
    ] as [([ContextCondition], Int?)])
  func anArgumentConditionIsDecidedFromWhatWasPublished(
    conditions: [ContextCondition], expected: Int?
  ) {
    var context = FactoryContext()
    context.arguments = ["app", "-mock"]
    context.isTest = true
    context.isDebug = false
    let store = ContextStore(context)
    let match = FactoryContext.bestMatch(in: store, among: conditions.count) { conditions[$0] }
    #expect(match == expected)
  }

  @Test func anArgumentConditionIsDecidedWhileTheContextsLockIsHeld() {
    let store = store(arguments: ["app", "-mock"])
    let found = Mutexed<Int??>(nil)
    let done = DispatchSemaphore(value: 0)
    let finished = store.read { _ in
      Thread {
        let match = FactoryContext.bestMatch(in: store, among: 1) { _ in .argument("-mock") }
        found.update { $0 = .some(match) }
        done.signal()
      }.start()
      return done.wait(timeout: .now() + 10) == .success
    }
    if !finished { done.wait() }
    #expect(finished)
    #expect(found.read { $0 } == .some(0))
  }
}
