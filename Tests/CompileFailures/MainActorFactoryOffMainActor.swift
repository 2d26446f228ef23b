// Must NOT compile: a main-actor factory resolved from code that is not on the main actor is
// rejected by the compiler, never trapped at run time. `.ci/run` type-checks this file and
// expects exactly this error:
// expect-error: main actor-isolated instance method 'callAsFunction()' cannot be called
import Wiring

@MainActor final class Screen {
  init() {}
}

extension Container {
  @MainActor var screen: MainActorFactory<Screen> { self { Screen() } }
}

func resolveOffTheMainActor() async {
  let factory = await Container.shared.screen
  _ = factory()
}
