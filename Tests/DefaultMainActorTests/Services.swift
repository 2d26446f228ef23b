import Foundation
import Wiring

// An app module as Xcode 26 makes new ones: every declaration here is on the main actor unless it
// says otherwise, and nothing is marked `Sendable` or `@MainActor` by hand. The factories are
// written in Factory's README spellings.

protocol Greeter {
  func greet() -> String
}

final class LiveGreeter: Greeter {
  func greet() -> String { "hello" }
}

final class FakeGreeter: Greeter {
  func greet() -> String { "fake hello" }
}

final class Profile {
  let name: String
  init(name: String) { self.name = name }
}

final class ProfileViewModel {
  @Injected(\.greeter) var greeter
  @LazyInjected(\.session) var session
  @WeakLazyInjected(\.sharedThing) var shared
  @InjectedContainer var container
  func title() -> String { "\(greeter.greet()), \(session.user)" }
}

final class Session {
  let user: String
  init(user: String = "ada") { self.user = user }
}

protocol Navigating: AnyObject {
  func open(_ name: String)
}

final class AppCoordinator: Navigating {
  private(set) var opened: [String] = []
  func start() { Container.shared.navigator.register { self } }
  func open(_ name: String) { opened.append(name) }
}

final class SharedThing {}

// Members of an extension of `Container`, a type of another module, are not on the main actor by
// default; a factory whose builder calls a main-actor initializer says `@MainActor`, with Factory
// as with Wiring. Types whose initializers are implicit need not.
extension Container {
  var greeter: Factory<Greeter> { self { LiveGreeter() } }
  @MainActor var session: Factory<Session> { self { Session() }.cached }
  var sharedThing: Factory<SharedThing> { self { SharedThing() }.shared }
  @MainActor var profile: ParameterFactory<String, Profile> { self { Profile(name: $0) } }
  @MainActor var profileViewModel: Factory<ProfileViewModel> { self { ProfileViewModel() } }
  var navigator: Factory<Navigating?> { self { nil } }
  var contextual: Factory<String> { self { "live" }.onTest { "test" } }
  var signedIn: Factory<SharedThing> { self { SharedThing() }.scope(.login) }
}

extension Scope {
  /// A custom scope, which this module's default isolation would put on the main actor: the
  /// nonisolated declarations above could not name it without `nonisolated`, as with Factory.
  nonisolated static let login = Cached()
}
