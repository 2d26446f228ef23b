import ExplorerREPL
import Foundation

/// Runs a ``LineEditor`` on a thread of its own, as a REPL's main thread would, and hands
/// each outcome to the test as it comes.
final class EditorThread: Sendable {
  /// What one `readLine` call ended with.
  enum Result: Equatable, Sendable {
    case outcome(LineEditOutcome)
    case failure(TerminalError)
  }

  private let results = Mailbox<Result>()
  private let finished = DispatchSemaphore(value: 0)
  /// The editor's history once every call has returned.
  let finalHistory = Mailbox<LineHistory>()

  /// What the thread writes to the terminal after its last call, so the test knows it has
  /// read everything the editor drew.
  static let sentinel = "<editor done>"

  /// Starts `calls` calls of `readLine(prompt:)` one after the other.
  init(editor: LineEditor, prompt: String, calls: Int) {
    let results = results
    let finished = finished
    let finalHistory = finalHistory
    let thread = Thread {
      var editor = editor
      for _ in 0..<calls {
        do throws(TerminalError) {
          results.put(.outcome(try editor.readLine(prompt: prompt)))
        } catch {
          results.put(.failure(error))
        }
      }
      finalHistory.put(editor.history)
      try? editor.output.write(Self.sentinel)
      finished.signal()
    }
    thread.start()
  }

  /// The next outcome, or `nil` if none came within the pseudo-terminal's patience.
  func nextResult() -> Result? {
    results.take(within: PseudoTerminal.patience)
  }

  /// Waits for the thread to return from its last call.
  @discardableResult
  func waitUntilFinished() -> Bool {
    finished.wait(timeout: .now() + PseudoTerminal.patience) == .success
  }
}

/// Values handed from one thread to another, first in first out.
final class Mailbox<Value: Sendable>: @unchecked Sendable {
  // NB: `@unchecked` is sound because `values` is only touched while `condition` is locked.
  private let condition = NSCondition()
  private var values: [Value] = []

  func put(_ value: Value) {
    condition.lock()
    values.append(value)
    condition.signal()
    condition.unlock()
  }

  /// The oldest value, waiting up to `seconds` for one.
  func take(within seconds: TimeInterval) -> Value? {
    let deadline = Date().addingTimeInterval(seconds)
    condition.lock()
    defer { condition.unlock() }
    while values.isEmpty {
      guard condition.wait(until: deadline) else { return nil }
    }
    return values.removeFirst()
  }
}
