import ExplorerREPL
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pseudo-terminal pair: the code under test uses `terminal` as its terminal, the test types
/// into and reads the screen from `keyboard`.
final class PseudoTerminal {
  /// The master side: what is written here arrives as keys, what the program draws is read here.
  private(set) var keyboard: Int32
  /// The slave side: the terminal the program sees.
  let terminal: Int32
  /// Everything read from `keyboard` so far.
  private(set) var screen = ""
  private var bytes: [UInt8] = []

  /// How long a wait may take before the test gives up; a guard against hanging, never the
  /// thing a test checks.
  static let patience: TimeInterval = 20

  init(columns: UInt16 = 80) throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    guard openpty(&master, &slave, nil, nil, &size) == 0 else {
      throw TerminalError.systemCall("openpty", errno: errno)
    }
    keyboard = master
    terminal = slave
  }

  deinit {
    hangUp()
    close(terminal)
  }

  /// Closes the master side, as when the terminal window is closed: the program's reads fail.
  func hangUp() {
    guard keyboard >= 0 else { return }
    close(keyboard)
    keyboard = -1
  }

  /// Resizes the terminal, as dragging its window does.
  func resize(columns: UInt16, rows: UInt16 = 24) {
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    #if canImport(Glibc)
    _ = ioctl(keyboard, UInt(TIOCSWINSZ), &size)
    #else
    _ = ioctl(keyboard, TIOCSWINSZ, &size)
    #endif
  }

  /// The last redraw of the prompt line: what follows the last carriage return that starts a
  /// redraw, as wide as it shows on the screen.
  var lastPromptLine: String {
    let redraws = screen.components(separatedBy: "\r")
    return redraws.last { $0.contains("❯") } ?? ""
  }

  /// Types `keys` as the bytes a terminal would send for them.
  func type(_ keys: String) {
    var remaining = Array(keys.utf8)[...]
    while !remaining.isEmpty {
      let written = remaining.withUnsafeBytes { write(keyboard, $0.baseAddress!, $0.count) }
      if written < 0, errno == EINTR { continue }
      guard written > 0 else { return }
      remaining = remaining.dropFirst(written)
    }
  }

  /// Reads what the program draws until `done` holds for the whole screen so far.
  ///
  /// Returns `false` only if the program stopped drawing for ``patience`` seconds first.
  @discardableResult
  func readScreen(until done: (String) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(Self.patience)
    var buffer = [UInt8](repeating: 0, count: 1024)
    while !done(screen) {
      let left = Int32(max(deadline.timeIntervalSinceNow, 0) * 1000)
      var request = pollfd(fd: keyboard, events: Int16(POLLIN), revents: 0)
      let ready = poll(&request, 1, left)
      if ready < 0, errno == EINTR { continue }
      guard ready > 0 else { return false }
      let count = buffer.withUnsafeMutableBytes { read(keyboard, $0.baseAddress!, $0.count) }
      guard count > 0 else { return false }
      bytes += buffer[..<count]
      screen = String(decoding: bytes, as: UTF8.self)
    }
    return true
  }

  /// Reads until `text` has appeared `count` times.
  @discardableResult
  func readScreen(untilItContains text: String, times count: Int = 1) -> Bool {
    readScreen { $0.components(separatedBy: text).count > count }
  }
}
