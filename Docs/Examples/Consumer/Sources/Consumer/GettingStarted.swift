import Wiring

// MARK: Declaring factories

protocol APIClient: Sendable {
  var name: String { get }
}

struct LiveAPIClient: APIClient {
  let name = "live"
}

struct StubAPIClient: APIClient {
  let name = "stub"
}

final class Session: Sendable {
  let api: any APIClient
  init(api: any APIClient) { self.api = api }
}

extension Container {
  var api: Factory<any APIClient> { self { LiveAPIClient() } }
  var session: Factory<Session> { self { Session(api: self.api()) }.cached }
}

// MARK: Parameters

struct User: Sendable {
  let id: Int
}

extension Container {
  var user: ParameterFactory<Int, User> { self { User(id: $0) } }
}

// MARK: Explicit keys

enum DatabaseRole: Sendable {
  case primary, replica
}

final class Database: Sendable {
  let role: DatabaseRole
  init(role: DatabaseRole) { self.role = role }
}

extension Container {
  func database(_ role: DatabaseRole) -> Factory<Database> {
    switch role {
    case .primary: Factory(self, key: "primary") { Database(role: .primary) }.cached
    case .replica: Factory(self, key: "replica") { Database(role: .replica) }.cached
    }
  }
}

// MARK: Property wrappers

protocol Coordinator: AnyObject, Sendable {}

final class AppCoordinator: Coordinator {}

struct Theme: Sendable {
  let name: String
}

extension Container {
  var coordinator: Factory<any Coordinator> { self { AppCoordinator() }.shared }
  var theme: Factory<Theme> { self { Theme(name: "light") } }
}

final class ProfileModel {
  @Injected(\.api) var api                          // resolved when the model is made
  @LazyInjected(\.session) var session              // resolved on first read, then kept
  @WeakLazyInjected(\.coordinator) var coordinator  // (any Coordinator)?, held weakly
  @DynamicInjected(\.theme) var theme               // resolved on every read
}

// MARK: Main-actor types

@MainActor
final class ProfileViewModel {
  let session: Session
  init(session: Session) { self.session = session }
}

extension Container {
  @MainActor
  var profileViewModel: MainActorFactory<ProfileViewModel> {
    self { ProfileViewModel(session: self.session()) }
  }
}

@MainActor
final class ProfileScreen {
  @Injected(\.profileViewModel) var model
}

func loadProfileInBackground() async -> ProfileViewModel {
  await Container.shared.profileViewModel()
}

// MARK: Run

@MainActor
func runGettingStarted() async {
  Report.section("Getting started")

  let api = Container.shared.api()
  let session = Container.shared.session.resolve()
  check("self { … } declares a factory; api() builds LiveAPIClient", api is LiveAPIClient)
  check("session() and session.resolve() return the same cached Session",
    Container.shared.session() === session)

  let container = Container()
  let separate = container.session() !== Container.shared.session()
  check("Container() is independent: its cached Session is not the shared one", separate)

  let user = Container.shared.user(42)
  check("ParameterFactory passes its parameter: user(42).id == 42", user.id == 42)

  let primary = Container.shared.database(.primary)()
  check(
    "explicit keys keep database(.primary) and database(.replica) apart",
    primary.role == .primary && Container.shared.database(.replica)().role == .replica
      && Container.shared.database(.primary)() === primary)

  Container.$shared.withValue(container) {
    let model = ProfileModel()
    container.api.register { StubAPIClient() }
    container.session.reset()
    check("@Injected resolved at init: api stays live after a later register",
      model.api.name == "live")
    check("@LazyInjected resolves on first read: session sees the stub",
      model.session.api.name == "stub")
    check("@LazyInjected keeps its first value", model.session === model.session)

    var owner: (any Coordinator)? = container.coordinator()
    check("@WeakLazyInjected reads the instance someone else holds",
      model.coordinator === owner)
    owner = nil
    check("@WeakLazyInjected reads nil once the holder lets go", model.coordinator == nil)

    check("@DynamicInjected reads the declaration", model.theme.name == "light")
    container.theme.register { Theme(name: "dark") }
    check("@DynamicInjected sees a later register", model.theme.name == "dark")

    model.$api.resolve()
    check("$api.resolve() resolves again: api is now the stub", model.api.name == "stub")
    check("$api.factory is the factory on Container.shared", model.$api.factory().name == "stub")
    let fresh = ProfileModel()
    check("$session.resolvedOrNil() resolves nothing before the first read",
      fresh.$session.resolvedOrNil() == nil)
    let session = fresh.session
    check("$session.resolvedOrNil() is what the first read resolved",
      fresh.$session.resolvedOrNil() === session)
    model.$theme.register { Theme(name: "blue") }
    check("$theme on @DynamicInjected is the factory itself", model.theme.name == "blue")
  }

  runNetworkContainer()

  let screen = ProfileScreen()
  check(
    "MainActorFactory resolves on the main actor; @Injected takes it too",
    screen.model.session === Container.shared.session())
  let loaded = await loadProfileInBackground()
  check("MainActorFactory resolves from other code with await",
    loaded.session === Container.shared.session())
}
