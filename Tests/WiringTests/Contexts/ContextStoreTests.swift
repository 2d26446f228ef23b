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
    #expect(store.flags == [.published])

    store.update {
      $0.isTest = true
      $0.isSimulator = true
    }
    #expect(store.flags == [.published, .test, .simulator])

    store.update {
      $0.isTest = false
      $0.isPreview = true
      $0.isDebug = true
    }
    #expect(store.flags == [.published, .preview, .debug, .simulator])
  }
}
