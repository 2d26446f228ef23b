/// The prompt a person types at: a banner, a breadcrumb prompt, and errors that never end it.
@MainActor
struct InteractiveLoop {
  let session: Session
  let launch: Launch

  func run() async -> ExitCode {
    session.printBanner()
    while true {
      session.console.write(session.prompt())
      guard let line = readLine(strippingNewline: true) else {
        session.console.out("")
        return .success
      }
      if case .quit = await session.run(line) { return .success }
    }
  }
}
