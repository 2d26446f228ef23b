internal import Foundation

/// A line on standard error that says explorer is waiting, drawn only once a request takes
/// longer than a moment, and erased before anything else is printed.
///
/// ```swift
/// let spinner = Spinner(output: .standardError)
/// spinner.start()
/// defer { spinner.stop() }
/// ```
final class Spinner: Sendable {
  private let output: TerminalOutput
  private let state = LockedState(State())
  private let delay: Double
  private let interval: Double

  private struct State {
    var drawn = false
    var stopped = false
    var frame = 0
  }

  static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  static let label = " waiting for an answer… (Ctrl-C cancels)"

  /// A spinner that draws on `output`, after `delay` seconds, a frame every `interval`.
  init(output: TerminalOutput, delay: Double = 0.3, interval: Double = 0.1) {
    self.output = output
    self.delay = delay
    self.interval = interval
  }

  /// Starts drawing, on a thread of its own, once `delay` has passed.
  func start() {
    Thread { [self] in
      Thread.sleep(forTimeInterval: delay)
      while tick() { Thread.sleep(forTimeInterval: interval) }
    }.start()
  }

  /// Erases the spinner, if it was drawn, and stops it for good; safe to call more than once.
  ///
  /// - Returns: Whether it was on screen, so the line it used is free again.
  @discardableResult
  func stop() -> Bool {
    state.withLock { state in
      guard !state.stopped else { return false }
      state.stopped = true
      if state.drawn { try? output.write("\r\u{1B}[K") }
      return state.drawn
    }
  }

  /// Draws the next frame; false once stopped.
  private func tick() -> Bool {
    state.withLock { state in
      guard !state.stopped else { return false }
      let frame = Self.frames[state.frame % Self.frames.count]
      state.frame += 1
      state.drawn = true
      try? output.write("\r" + frame + Self.label + "\u{1B}[K")
      return true
    }
  }
}

/// A console that erases a spinner before the first thing it writes.
final class SpinnerStoppingConsole: Console {
  let base: any Console
  let spinner: Spinner

  init(_ base: any Console, stopping spinner: Spinner) {
    self.base = base
    self.spinner = spinner
  }

  func out(_ line: String) {
    spinner.stop()
    base.out(line)
  }

  func err(_ line: String) {
    spinner.stop()
    base.err(line)
  }

  func write(_ text: String) {
    spinner.stop()
    base.write(text)
  }

  func handOverTerminal() {
    spinner.stop()
    base.handOverTerminal()
  }
}
