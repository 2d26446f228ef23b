internal import Foundation

/// Opens a web address in the user's browser, as gh's `browse` does.
///
/// `BROWSER` decides first: the first of its `:`-separated commands, with `%s` replaced by the
/// address or the address added as the last argument. Without it, `open` on macOS, and
/// `xdg-open` on Linux when a display is there to show a window.
struct Browser {
  let environment: [String: String]

  /// How opening went.
  enum Outcome: Equatable {
    /// The browser command started.
    case opened(with: String)
    /// There is no browser to open the address with.
    case noBrowser
    /// The browser command could not start.
    case failed(command: String, reason: String)
  }

  /// Starts the browser on `url`; it runs on its own, explorer does not wait for it.
  func open(_ url: URL) -> Outcome {
    guard let command = command(for: url) else { return .noBrowser }
    guard let executable = Self.executable(named: command[0], path: environment["PATH"]) else {
      return .failed(command: command[0], reason: "not found")
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = Array(command.dropFirst())
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return .failed(command: command[0], reason: error.localizedDescription)
    }
    return .opened(with: command[0])
  }

  /// The command line that opens `url`, or nil when there is no browser.
  func command(for url: URL) -> [String]? {
    let address = url.absoluteString
    if let browser = environment["BROWSER"]?.split(separator: ":").first {
      var words = browser.split(separator: " ").map(String.init)
      guard !words.isEmpty else { return nil }
      if words.contains(where: { $0.contains("%s") }) {
        words = words.map { $0.replacingOccurrences(of: "%s", with: address) }
      } else {
        words.append(address)
      }
      return words
    }
    #if os(macOS)
    return ["open", address]
    #else
    let hasDisplay = environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil
    guard hasDisplay, Self.executable(named: "xdg-open", path: environment["PATH"]) != nil
    else { return nil }
    return ["xdg-open", address]
    #endif
  }

  /// The executable `name` names: itself when it contains a slash, else the first match on
  /// `path` (or the usual folders).
  static func executable(named name: String, path: String?) -> URL? {
    if name.contains("/") {
      return FileManager.default.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil
    }
    let folders = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
    return folders.lazy.map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
      .first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }
}
