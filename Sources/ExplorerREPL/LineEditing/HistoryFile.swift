internal import Foundation

/// Where the history is kept between runs, and how it is read and written there.
///
/// One line per entry, UTF-8, newest last. A file that does not exist yet is an empty history;
/// every other failure is a ``HistoryFileError`` whose description is one line the REPL can
/// print before it carries on without saved history.
///
/// ```swift
/// if let file = HistoryFile.standard() {
///   do { history = LineHistory(entries: try file.load()) }
///   catch { renderer.warn(error.description) }
/// }
/// ```
package struct HistoryFile: Equatable, Sendable {
  /// The file's path.
  package let path: String

  package init(path: String) {
    self.path = path
  }

  /// `$XDG_STATE_HOME/explorer/history`, else `$HOME/.local/state/explorer/history`, else
  /// `nil` when neither variable is set to an absolute path.
  package static func standard(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> HistoryFile? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return HistoryFile(path: state + "/explorer/history")
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return HistoryFile(path: home + "/.local/state/explorer/history")
    }
    return nil
  }

  /// The entries in the file, oldest first; none if the file does not exist yet.
  package func load() throws(HistoryFileError) -> [String] {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
      return []
    } catch {
      throw .unreadable(path: path, reason: Self.reason(error))
    }
    return String(decoding: data, as: UTF8.self)
      .split(whereSeparator: \.isNewline)
      .map(String.init)
  }

  /// Replaces the file with `entries`, creating its folders, readable by the user alone.
  package func save(_ entries: [String]) throws(HistoryFileError) {
    let url = URL(fileURLWithPath: path)
    let text = entries.map { $0 + "\n" }.joined()
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url, options: .atomic)
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    } catch {
      throw .unwritable(path: path, reason: Self.reason(error))
    }
  }

  private static func reason(_ error: any Error) -> String {
    if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError,
      posix.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(posix.code)))
    }
    return (error as NSError).localizedDescription
  }
}

/// Why the history file could not be read or written.
package enum HistoryFileError: Error, Equatable, Sendable, CustomStringConvertible {
  case unreadable(path: String, reason: String)
  case unwritable(path: String, reason: String)

  /// One line: what failed, where, why, and that explorer carries on.
  package var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "could not read the history from \(path) (\(reason)); starting with an empty history"
    case .unwritable(let path, let reason):
      "could not save the history to \(path) (\(reason)); the lines of this run are not kept"
    }
  }
}
