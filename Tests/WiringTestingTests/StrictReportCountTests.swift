import Testing
import Wiring
import WiringTesting

extension Container {
  fileprivate var strictUnique: Factory<Probe> { self { Probe(id: declaredID) } }
  fileprivate var strictCached: Factory<Probe> { self { Probe(id: declaredID) }.cached }
  fileprivate var strictContextual: Factory<Probe> {
    self { Probe(id: declaredID) }.onPreview { Probe(id: 0) }
  }
  fileprivate var strictPromised: Factory<Probe> { promised() }
  fileprivate var strictPerID: ParameterFactory<Int, Probe> {
    self { Probe(id: $0) }.cached.scopeOnParameters
  }
}

extension EscapingWorkTests {
  /// A fallback to a process-wide container is reported once, whichever path resolves it: the
  /// lock-free path, or the locked one after the lock-free path declined.
  @Suite struct StrictReportCountTests {
    enum Fallback: String, CaseIterable, Sendable {
      /// Built without the lock.
      case unique = "strictUnique"
      /// A kept instance, taken without the lock.
      case cachedHit = "strictCached"
      /// A declaration with contexts, whose builder is picked on the lock-free path.
      case contextual = "strictContextual"
      /// A promise the app registered: the override builds, without the lock.
      case registeredPromise = "strictPromised"
      /// An instance kept for one argument, taken without the lock.
      case perArgumentHit = "strictPerID"
      /// A first build of an instance kept for an argument: the lock-free path declines.
      case perArgumentBuild = "strictPerID(build)"

      /// What the process-wide container needs before the test: the instance or registration
      /// that makes the resolution take its path.
      func prepare() {
        switch self {
        case .cachedHit: _ = Container.shared.strictCached()
        case .registeredPromise: Container.shared.strictPromised.register { Probe(id: declaredID) }
        case .perArgumentHit: _ = Container.shared.strictPerID(1)
        case .unique, .contextual, .perArgumentBuild: break
        }
      }

      func resolve() {
        switch self {
        case .unique: _ = Container.shared.strictUnique()
        case .cachedHit: _ = Container.shared.strictCached()
        case .contextual: _ = Container.shared.strictContextual()
        case .registeredPromise: _ = Container.shared.strictPromised()
        case .perArgumentHit: _ = Container.shared.strictPerID(1)
        case .perArgumentBuild: _ = Container.shared.strictPerID(Serial.next() + 1_000)
        }
      }

      /// The factory's name, as the report spells it.
      var name: String { rawValue.split(separator: "(").first.map(String.init) ?? rawValue }
    }

    @Test(arguments: Fallback.allCases)
    func eachFallbackIsReportedOnce(fallback: Fallback) async {
      let messages = await StrictLockFreeTests.prepared()
      await Task.detached { fallback.prepare() }.value
      await ContainerIsolation.run(
        Container.self, test: StrictLockFreeTests.strictTest(messages)
      ) { _ in
        await Task.detached { fallback.resolve() }.value
      }
      let reports = messages.update { $0.filter { $0.contains("\(fallback.name)") } }
      #expect(reports.count == 1, "\(reports)")
    }
  }
}
