import ExplorerREPL
import Foundation
import Testing

/// Saving and loading the history, and failing without stopping the REPL.
@Suite struct HistoryFileTests {
  /// A fresh folder of its own under the temporary folder, removed when the test ends.
  final class Folder {
    let path = NSTemporaryDirectory() + "history-tests-" + UUID().uuidString
    deinit { try? FileManager.default.removeItem(atPath: path) }
  }

  @Test func savedEntriesLoadBackInOrderAndTheFoldersAreCreated() throws {
    let folder = Folder()
    let file = HistoryFile(path: folder.path + "/state/explorer/history")
    let entries = [":search swift", ":open 1", "日本 🙂", ":back"]
    try file.save(entries)
    #expect(try file.load() == entries)
    #expect(LineHistory(entries: try file.load()).entries == entries)
  }

  @Test func theSavedFileIsReadableByItsOwnerAlone() throws {
    let folder = Folder()
    let file = HistoryFile(path: folder.path + "/history")
    try file.save(["secret query"])
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
  }

  @Test func aMissingFileIsAnEmptyHistory() throws {
    let folder = Folder()
    #expect(try HistoryFile(path: folder.path + "/never-written").load() == [])
  }

  @Test func anUnreadableFileIsAnErrorValueOfOneLine() throws {
    let folder = Folder()
    try FileManager.default.createDirectory(
      atPath: folder.path + "/history", withIntermediateDirectories: true)
    let file = HistoryFile(path: folder.path + "/history")
    let error = try #require(throws: HistoryFileError.self) { try file.load() }
    guard case .unreadable(let path, _) = error else {
      Issue.record("expected .unreadable, got \(error)")
      return
    }
    #expect(path == file.path)
    #expect(!error.description.contains("\n"))
  }

  @Test func anUnwritableLocationIsAnErrorValueOfOneLine() throws {
    let folder = Folder()
    try Data("a file, not a folder".utf8).write(to: URL(fileURLWithPath: folder.path))
    let file = HistoryFile(path: folder.path + "/explorer/history")
    let error = try #require(throws: HistoryFileError.self) { try file.save(["x"]) }
    guard case .unwritable(let path, _) = error else {
      Issue.record("expected .unwritable, got \(error)")
      return
    }
    #expect(path == file.path)
    #expect(!error.description.contains("\n"))
  }

  @Test(
    arguments: [
      (["XDG_STATE_HOME": "/state", "HOME": "/home/u"], "/state/explorer/history"),
      (["HOME": "/home/u"], "/home/u/.local/state/explorer/history"),
      (["XDG_STATE_HOME": "relative", "HOME": "/home/u"], "/home/u/.local/state/explorer/history"),
      (["XDG_STATE_HOME": ""], nil),
      ([:], nil),
    ] as [([String: String], String?)])
  func theStandardLocationFollowsTheXDGStateFolder(environment: [String: String], path: String?) {
    #expect(HistoryFile.standard(environment: environment)?.path == path)
  }
}
