internal import ExplorerDomain
internal import Foundation

/// Markdown laid out for a terminal: what the marks mean, without the marks.
///
/// Headings print bold without their `#`, emphasis bold, inline code and links in colour with
/// the link's address after its text, list items with bullets, quotes with a bar, fenced code
/// indented and dim, and paragraphs wrapped to the width. Anything it does not know (tables,
/// HTML) prints as written.
struct MarkdownRendering {
  let style: Style
  /// The width to wrap prose to; nil to leave lines as long as they are.
  let width: Int?

  func lines(_ source: [String]) -> [String] {
    var output: [String] = []
    var fence: String?
    for line in source {
      let text = line.trimmingWhitespace()
      if let open = fence {
        if text.hasPrefix(open) {
          fence = nil
        } else {
          output.append(style.dim("    " + line))
        }
        continue
      }
      if text.hasPrefix("```") || text.hasPrefix("~~~") {
        fence = String(text.prefix(3))
        continue
      }
      output += block(line, text)
    }
    return output
  }

  private func block(_ line: String, _ text: String) -> [String] {
    if let heading = Self.heading(text) {
      return wrapped(inline(heading.text), indent: "").map {
        heading.level == 1 ? style.bold(style.accent($0)) : style.bold($0)
      }
    }
    if text.count >= 3, Set(text.filter { $0 != " " }).count == 1,
      let mark = text.first, "-*_".contains(mark)
    {
      return [style.dim(String(repeating: "─", count: min(width ?? 40, 40)))]
    }
    if text.hasPrefix(">") {
      let quoted = String(text.dropFirst()).trimmingWhitespace()
      return wrapped(inline(quoted), indent: "").map { style.dim("│ ") + $0 }
    }
    let indent = String(line.prefix { $0 == " " })
    if let item = Self.listItem(text) {
      let marker = item.ordered ?? "•"
      let hanging = indent + String(repeating: " ", count: VisibleWidth.of(marker) + 1)
      return wrapped(inline(item.text), indent: hanging, first: indent + marker + " ")
    }
    return wrapped(inline(text), indent: indent, first: indent)
  }

  /// `text` wrapped to the width: the first line after `first`, the rest after `indent`.
  private func wrapped(_ text: String, indent: String, first: String? = nil) -> [String] {
    let first = first ?? indent
    guard let width, !text.isEmpty else { return [first + text] }
    let room = max(10, width - VisibleWidth.of(indent))
    return VisibleWidth.wrap(text, to: room).enumerated().map { ($0 == 0 ? first : indent) + $1 }
  }

  private static func heading(_ text: String) -> (level: Int, text: String)? {
    let level = text.prefix { $0 == "#" }.count
    guard (1...6).contains(level), text.dropFirst(level).first == " " else { return nil }
    var title = String(text.dropFirst(level)).trimmingWhitespace()
    while title.hasSuffix("#") { title = String(title.dropLast()).trimmingWhitespace() }
    return (level, title)
  }

  private static func listItem(_ text: String) -> (ordered: String?, text: String)? {
    for bullet in ["- ", "* ", "+ "] where text.hasPrefix(bullet) {
      return (nil, String(text.dropFirst(2)))
    }
    let digits = text.prefix { $0.isNumber }
    if !digits.isEmpty, digits.count <= 3, text.dropFirst(digits.count).hasPrefix(". ") {
      return (digits + ".", String(text.dropFirst(digits.count + 2)))
    }
    return nil
  }

  /// Emphasis, code spans and links, marks removed.
  func inline(_ text: String) -> String {
    var output = ""
    var rest = Substring(text)
    while let character = rest.first {
      if character == "`", let end = rest.dropFirst().firstIndex(of: "`") {
        output += style.accent(String(rest[rest.index(after: rest.startIndex)..<end]))
        rest = rest[rest.index(after: end)...]
      } else if rest.hasPrefix("**") || rest.hasPrefix("__"),
        let end = rest.dropFirst(2).range(of: String(rest.prefix(2)))
      {
        let inner = rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound]
        output += style.bold(inline(String(inner)))
        rest = rest[end.upperBound...]
      } else if character == "*", rest.dropFirst().first.map({ !$0.isWhitespace }) == true,
        let end = rest.dropFirst().firstIndex(of: "*")
      {
        output += inline(String(rest[rest.index(after: rest.startIndex)..<end]))
        rest = rest[rest.index(after: end)...]
      } else if let link = Self.link(in: rest) {
        let label = link.image ? "image: \(link.text)" : inline(link.text)
        output += style.accent(label) + (link.url.isEmpty ? "" : " " + style.dim("(\(link.url))"))
        rest = link.rest
      } else {
        output.append(character)
        rest = rest.dropFirst()
      }
    }
    return output
  }

  /// `[text](url)` or `![text](url)` at the start of `text`.
  private static func link(
    in text: Substring
  ) -> (text: String, url: String, image: Bool, rest: Substring)? {
    let image = text.hasPrefix("![")
    guard image || text.hasPrefix("[") else { return nil }
    let open = text.index(text.startIndex, offsetBy: image ? 2 : 1)
    guard let close = text[open...].firstIndex(of: "]") else { return nil }
    let after = text.index(after: close)
    guard after < text.endIndex, text[after] == "(",
      let end = text[after...].firstIndex(of: ")")
    else { return nil }
    let url = text[text.index(after: after)..<end].split(separator: " ").first.map(String.init)
    return (String(text[open..<close]), url ?? "", image, text[text.index(after: end)...])
  }
}
