import Foundation
import Testing
import Wiring

extension Container {
  fileprivate var quoted: Factory<[String: Int]> {
    Factory(self, key: "say \"hi\" <b>&amp; #1;") {
      _ = self.multiline()
      return [:]
    }
  }
  fileprivate var multiline: Factory<[Set<String>]> {
    Factory(self, key: "line\none\\two\r`tick`|pipe") { [] }
  }
  fileprivate var hostileArgument: ParameterFactory<String, Int> { self { $0.count } }
}

/// A graph whose keys, types and arguments hold every character the renderings must escape.
private func hostileGraph() -> ResolutionGraph {
  let container = Container()
  return container.manager.recordingGraph {
    _ = container.quoted()
    _ = container.hostileArgument("a \"b\"\n<c> #d; \\e")
  }.graph
}

/// The label of each node line, undone from Mermaid's escapes; nil for a line that breaks the
/// rules: a label outside quotes, a quote or `<`/`>` inside one, a `#` that starts no entity.
private func mermaidLabels(_ mermaid: String) -> [String]? {
  var labels: [String] = []
  let lines = mermaid.split(separator: "\n", omittingEmptySubsequences: false)
  guard lines.first == "flowchart TD" else { return nil }
  for line in lines.dropFirst() {
    if isMermaidEdge(line) { continue }
    guard line.hasPrefix("  n"), line.hasSuffix("\"]"), let open = line.range(of: "[\""),
      line[line.index(line.startIndex, offsetBy: 3)..<open.lowerBound].allSatisfy(\.isNumber)
    else { return nil }
    let inner = line[open.upperBound..<line.index(line.endIndex, offsetBy: -2)]
      .replacingOccurrences(of: "<br/>", with: "\n")
    guard !inner.contains("\""), !inner.contains("<"), !inner.contains(">"),
      !inner.contains("`")
    else { return nil }
    var decoded = ""
    var rest = Substring(inner)
    while let hash = rest.firstIndex(of: "#") {
      decoded += rest[..<hash]
      let afterHash = rest.index(after: hash)
      guard let semicolon = rest[afterHash...].firstIndex(of: ";"),
        let code = UInt32(rest[afterHash..<semicolon]), let scalar = Unicode.Scalar(code)
      else { return nil }
      decoded.unicodeScalars.append(scalar)
      rest = rest[rest.index(after: semicolon)...]
    }
    labels.append(decoded + rest)
  }
  return labels
}

/// Whether `line` is `  n<digits> --> n<digits>`.
private func isMermaidEdge(_ line: Substring) -> Bool {
  let parts = line.dropFirst(2).split(separator: " ", omittingEmptySubsequences: false)
  guard line.hasPrefix("  "), parts.count == 3, parts[1] == "-->" else { return false }
  return [parts[0], parts[2]].allSatisfy {
    $0.first == "n" && $0.count > 1 && $0.dropFirst().allSatisfy(\.isNumber)
  }
}

/// The label of each node statement, undone from DOT's escapes; nil for a line that breaks the
/// rules: an unbalanced quote, a backslash that starts no escape, a raw line break.
private func dotLabels(_ dot: String) -> [String]? {
  var labels: [String] = []
  for line in dot.split(separator: "\n") where line.contains("[label=") {
    guard line.hasPrefix("  n"), line.hasSuffix("\"];"),
      let open = line.range(of: "[label=\"")
    else { return nil }
    var decoded = ""
    var characters = line[open.upperBound...].makeIterator()
    var closed = false
    while let character = characters.next() {
      if character == "\"" {
        closed = true
        break
      }
      guard character == "\\" else {
        decoded.append(character)
        continue
      }
      switch characters.next() {
      case "\\": decoded.append("\\")
      case "\"": decoded.append("\"")
      case "n": decoded.append("\n")
      default: return nil
      }
    }
    guard closed, String(characters) == "];" else { return nil }
    labels.append(decoded)
  }
  return labels
}

@Suite struct GraphRenderingTests {
  @Test func mermaidQuotesAndEscapesEveryLabelSoItReadsBackAsWritten() throws {
    let graph = hostileGraph()
    let labels = try #require(mermaidLabels(graph.mermaid), "\(graph.mermaid)")
    let expected = graph.nodes.map { "\($0.name): \($0.type)\n\($0.scope)" }
    #expect(labels == expected)
    #expect(graph.mermaid.contains("n0 --> n1"))
  }

  @Test func dotQuotesAndEscapesEveryLabelSoItReadsBackAsWritten() throws {
    let graph = hostileGraph()
    let labels = try #require(dotLabels(graph.dot), "\(graph.dot)")
    let expected = graph.nodes.map {
      "\($0.name): \($0.type)".replacingOccurrences(of: "\r", with: "\n") + "\n\($0.scope)"
    }
    #expect(labels == expected)
    #expect(graph.dot.hasPrefix("digraph Wiring {"))
    #expect(graph.dot.contains("  n0 -> n1;"))
  }

  @Test func theHostileGraphReallyHoldsWhatNeedsEscaping() {
    let names = hostileGraph().nodes.map { "\($0.name) \($0.type)" }.joined()
    for needle in ["\"", "<", ">", "\n", "\\", "#", "`", "Array<Set<String>>"] {
      #expect(names.contains(needle), "\(needle)")
    }
  }

  @Test func theTreeKeepsEachFactoryOnOneLine() {
    let graph = hostileGraph()
    #expect(graph.tree.split(separator: "\n").count == graph.nodes.count)
  }

  @Test func theValidatorsRejectUnescapedOutput() {
    #expect(mermaidLabels("flowchart TD\n  n0[\"say \"hi\"\"]") == nil)
    #expect(mermaidLabels("flowchart TD\n  n0[\"a <b>\"]") == nil)
    #expect(mermaidLabels("flowchart TD\n  n0[\"#x\"]") == nil)
    #expect(dotLabels("  n0 [label=\"a \\q\"];") == nil)
    #expect(dotLabels("  n0 [label=\"a \"b\"];") == nil)
  }
}
