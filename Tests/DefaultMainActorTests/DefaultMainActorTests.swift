import Testing
import Wiring
import WiringTesting

/// The compatibility table's spellings, in a module whose default isolation is the main actor.
@Suite(.container) struct DefaultMainActorTests {
  @Test func plainAndMainActorDeclarationsResolve() {
    #expect(Container.shared.greeter().greet() == "hello")
    #expect(Container.shared.profileViewModel().title() == "hello, ada")
    #expect(Container.shared.profile("grace").name == "grace")
  }

  @Test func aFakeRegisteredHereReplacesTheLiveOne() {
    Container.shared.greeter.register { FakeGreeter() }
    #expect(ProfileViewModel().greeter.greet() == "fake hello")
    Container.shared.greeter.reset()
    #expect(ProfileViewModel().greeter.greet() == "hello")
  }

  @Test func theRegistrationSugarAndResetsWork() {
    Container.shared.greeter { FakeGreeter() }
    #expect(Container.shared.greeter().greet() == "fake hello")
    let session = Container.shared.session()
    #expect(Container.shared.session() === session)
    Container.shared.session.reset(.scope)
    #expect(Container.shared.session() !== session)
    Container.shared.manager.reset()
    #expect(Container.shared.greeter().greet() == "hello")
  }

  @Test func aCustomScopeDeclaredNonisolatedKeepsItsInstanceUntilItsReset() {
    let first = Container.shared.signedIn()
    #expect(Container.shared.signedIn() === first)
    Container.shared.manager.reset(scope: .login)
    #expect(Container.shared.signedIn() !== first)
  }

  @Test func lazyAndWeakWrappersResolveOnFirstRead() {
    let model = ProfileViewModel()
    #expect(model.$session.resolvedOrNil() == nil)
    #expect(model.session === Container.shared.session())
    let held = Container.shared.sharedThing()
    #expect(model.shared === held)
    #expect(model.container === Container.shared)
  }

  @Test func aCoordinatorRegistersItselfFromMainActorCode() {
    let coordinator = AppCoordinator()
    coordinator.start()
    Container.shared.navigator()?.open("profile")
    #expect(coordinator.opened == ["profile"])
  }

  @Test func contextsAndCountingBuildsInALocalVariable() {
    #expect(Container.shared.contextual() == "test")
    var built = 0
    Container.shared.contextual.register {
      built += 1
      return "registered"
    }
    // As in Factory, a context that holds beats a registration.
    #expect(Container.shared.contextual() == "test")
    Container.shared.contextual.reset(.context)
    _ = Container.shared.contextual()
    #expect(built == 0)
    Container.shared.greeter.register {
      built += 1
      return FakeGreeter()
    }
    _ = Container.shared.greeter()
    _ = Container.shared.greeter()
    #expect(built == 2)
  }

  @Test(.container { $0.greeter { FakeGreeter() } })
  func theTraitsTransformRegistersOnTheMainActor() {
    #expect(Container.shared.greeter().greet() == "fake hello")
  }

  // The trait's closure is nonisolated, as Factory's is: one that registers a main-actor
  // factory says `@MainActor`, as it would with Factory.
  @Test(
    .container { @MainActor container in container.session.register { Session(user: "grace") } })
  func theTraitsTransformRegistersAMainActorFactoryOnTheMainActor() {
    #expect(Container.shared.session().user == "grace")
  }

  @Test func aResolutionOffTheMainActorIsCaughtAndNamed() async {
    let path = UncheckedKeyPath(keyPath: \Container.session)
    // A container of its own: a strict test running beside this one would be told of a
    // resolution from `Container.shared` in a detached task, which no test can be told apart.
    let container = Container()
    let outcome = await Task.detached {
      catchResolutionFailure { _ = container[keyPath: path.keyPath]() }
    }.value
    #expect(throws: ResolutionFailure.self) { try outcome.get() }
    #expect((try? outcome.get()) == nil)
    if case .failure(let failure) = outcome {
      #expect(failure.kind == .offMainActor)
      #expect(failure.chain == ["Container.session"])
    }
  }
}

/// A key path carried where the compiler cannot follow it, as Swift 5 code would carry it.
nonisolated struct UncheckedKeyPath<Root, Value>: @unchecked Sendable {
  // NB: `@unchecked` on purpose: the test resolves a main-actor factory off the main actor,
  // which is what Wiring's check must catch.
  let keyPath: KeyPath<Root, Value>
}
