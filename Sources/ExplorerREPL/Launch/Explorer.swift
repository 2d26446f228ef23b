internal import ExplorerDomain
internal import Foundation
package import Wiring

/// The `explorer` program: reads the command line, assembles the app and runs its lines.
package enum Explorer {
  /// Runs explorer with `arguments` (program name first) and returns its exit code.
  ///
  /// `prepare` runs once the composition root has registered the app in `Container.shared`,
  /// before the first command: tests register fakes there. With `catchesInterrupts` off, Ctrl-C
  /// keeps its default meaning; tests that run explorer in-process turn it off, because signals
  /// reach the whole process. `standardInput` is the descriptor a script is piped on.
  @MainActor
  package static func main(
    arguments: [String] = CommandLine.arguments,
    environment: [String: String] = ProcessInfo.processInfo.environment,
    console: any Console = StandardConsole(),
    terminal: TerminalFacts? = nil,
    catchesInterrupts: Bool = true,
    standardInput: Int32 = 0,
    prepare: @MainActor (Container) -> Void = { _ in }
  ) async -> ExitCode {
    let options: LaunchOptions
    do throws(UsageError) {
      options = try LaunchOptions.parse(Array(arguments.dropFirst()))
    } catch {
      console.err("explorer: \(error.message)")
      console.err(HelpText.usage)
      console.err("Run explorer --help for more.")
      return .usage
    }
    if options.help {
      console.out(HelpText.full)
      return .success
    }
    if options.version {
      console.out(HelpText.version)
      return .success
    }
    let terminal = terminal ?? .current(environment: environment)
    let launch: Launch
    do throws(UsageError) {
      launch = try Launch(options: options, environment: environment, terminal: terminal)
    } catch {
      console.err("explorer: \(error.message)")
      return .usage
    }
    prepare(Container.shared)
    let session = launch.session(console: console)
    if !options.commands.isEmpty {
      return await ScriptRunner(
        session: session, keepGoing: options.keepGoing, catchesInterrupts: catchesInterrupts
      )
      .run(options.commands.map(Optional.some))
    }
    if let file = options.scriptFile {
      let lines: [String]
      switch ScriptFile.lines(of: file) {
      case .success(let read): lines = read
      case .failure(let problem):
        console.err("explorer: \(problem.message)")
        return .usage
      }
      return await ScriptRunner(
        session: session, keepGoing: options.keepGoing, catchesInterrupts: catchesInterrupts,
        file: file
      ).run(lines.map(Optional.some))
    }
    // Keys are edited on a terminal only: the prompt and its redraws go to standard output
    // when it is the terminal, else to standard error (`explorer > out.txt`, as psql does), so
    // that a file receives only the output.
    if terminal.standardInputIsTerminal,
      let screen: TerminalOutput =
        terminal.standardOutputIsTerminal
        ? .standardOutput : terminal.standardErrorIsTerminal ? .standardError : nil
    {
      return await InteractiveLoop(
        session: session, environment: environment, screen: screen, terminal: terminal
      )
      .run()
    }
    return await ScriptRunner(
      session: session, keepGoing: options.keepGoing, catchesInterrupts: catchesInterrupts
    )
    .run(StandardInputLines(descriptor: standardInput))
  }
}
