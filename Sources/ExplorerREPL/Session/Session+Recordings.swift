internal import ExplorerDomain
internal import ExplorerPresentation
internal import Foundation
internal import Wiring

extension Session {
  /// Lists the commands the fixtures folder answers, each ready to type.
  func printRecordings() throws(Failure) {
    let recordings: [Recording]
    do throws(ExplorerError) {
      recordings = try Container.shared.recordingCatalog().recordings()
    } catch {
      throw .presentation(.failed(error))
    }
    let entries = RecordedCommands.entries(recordings)
    let folder = root.fixtures.relativePath
    if json {
      let commands = entries.map {
        JSONOutput.Recordings.Entry(
          command: $0.command, status: $0.status, pages: $0.pages, readmeStatus: $0.readme)
      }
      return console.out(
        jsonLine(JSONOutput.Recordings(folder: folder, commands: commands)))
    }
    var lines = [renderer.style.bold("Recorded in \(Sanitizer.line(folder)), answered offline:")]
    for entry in entries {
      var notes: [String] = []
      if entry.pages > 1 { notes.append("\(entry.pages) pages") }
      if entry.status != 200 { notes.append("GitHub answered \(entry.status)") }
      switch entry.readme {
      case 200?: notes.append("and :readme")
      case let status?: notes.append(":readme answered \(status)")
      case nil: break
      }
      let note =
        notes.isEmpty ? "" : "  " + renderer.style.dim("(" + notes.joined(separator: ", ") + ")")
      lines.append("  " + Sanitizer.line(entry.command) + note)
    }
    printPaged(lines)
    if root.mode == .live {
      printNotice("the live mode asks GitHub instead: :mode fixtures answers from these")
    }
  }
}
