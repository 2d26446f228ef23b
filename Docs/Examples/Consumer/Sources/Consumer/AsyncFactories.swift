import Wiring

// MARK: Declarations

final class Connection: Sendable {
  let name: String
  init(name: String) { self.name = name }

  static func open(_ name: String) async -> Connection {
    await Task.yield()
    return Connection(name: name)
  }
}

struct SignInError: Error {}

final class UserSession: Sendable {
  let connection: Connection
  init(connection: Connection) { self.connection = connection }

  static func signIn(using connection: Connection, succeeds: Bool) async throws -> UserSession {
    await Task.yield()
    guard succeeds else { throw SignInError() }
    return UserSession(connection: connection)
  }
}

/// Whether the next sign-in succeeds, for the retry example.
final class SignInSwitch: Sendable {
  private let attempts = Tally()
  var nextSucceeds: Bool { attempts.bump() > 1 }
}

extension Container {
  var connection: AsyncFactory<Connection> { self { await Connection.open("main") }.singleton }
  var signInSwitch: Factory<SignInSwitch> { self { SignInSwitch() }.cached }
  var userSession: AsyncThrowingFactory<UserSession> {
    self {
      try await UserSession.signIn(
        using: await self.connection(), succeeds: self.signInSwitch().nextSucceeds)
    }.cached
  }
  var selfAwaiting: AsyncFactory<Connection> { self { await self.selfAwaiting() }.cached }
}

// MARK: Run

@MainActor
func runAsyncFactories() async {
  Report.section("Async factories")
  let container = Container()
  defer { container.manager.reset(scope: .singleton) }

  let connection = await container.connection()
  check("await resolves an async factory", connection.name == "main")
  let concurrent = await withTaskGroup(of: Connection.self) { group in
    for _ in 0..<10 { group.addTask { await container.connection() } }
    var all: [Connection] = []
    for await connection in group { all.append(connection) }
    return all
  }
  check("a singleton async factory builds once", concurrent.allSatisfy { $0 === connection })

  var firstError: (any Error)?
  do { _ = try await container.userSession() } catch { firstError = error }
  check("a throwing async factory throws the builder's error", firstError is SignInError)
  let session = try? await container.userSession()
  check("a build that threw is not kept: the next caller retries", session != nil)
  check(
    "the retried build is kept",
    await (try? container.userSession()) === session && session?.connection === connection)

  container.connection.register { Connection(name: "fake") }
  check("register overrides an async factory", await container.connection().name == "fake")
  container.connection.reset()

  let outcome = await catchAsyncResolutionFailure { await container.selfAwaiting() }
  check(
    "a factory that awaits itself is reported as a cycle",
    String(describing: outcome).contains("Container.selfAwaiting → Container.selfAwaiting"))
}
