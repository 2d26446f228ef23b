import ExplorerREPL
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the editor does when its input is not a terminal.
@Suite struct LineEditorInputTests {
  @Test func aPipeIsRefusedAsNotATerminal() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { ends.forEach { close($0) } }
    var editor = LineEditor(input: ends[0], output: TerminalOutput(descriptor: ends[1]))
    #expect(throws: TerminalError.notATerminal(descriptor: ends[0])) {
      try editor.readLine(prompt: "› ")
    }
  }
}
