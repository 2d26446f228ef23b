/// The words after a command's name, consumed as the command's parser reads them.
struct ArgumentList {
  let command: String
  private var words: [String]

  init(command: String, words: [String]) {
    self.command = command
    self.words = words
  }

  /// Removes `--name` and says whether it was there.
  mutating func flag(_ name: String) -> Bool {
    guard let index = words.firstIndex(of: name) else { return false }
    words.remove(at: index)
    return true
  }

  /// Removes every `--name VALUE` (or `--name=VALUE`) and returns the values in order.
  mutating func options(_ names: String...) throws(CommandError) -> [String] {
    var values: [String] = []
    var index = 0
    while index < words.count {
      let word = words[index]
      if let name = names.first(where: { word.hasPrefix($0 + "=") }) {
        values.append(String(word.dropFirst(name.count + 1)))
        words.remove(at: index)
      } else if names.contains(word) {
        guard index + 1 < words.count, !words[index + 1].hasPrefix("--") else {
          throw problem("\(word) needs a value")
        }
        values.append(words[index + 1])
        words.removeSubrange(index...(index + 1))
      } else {
        index += 1
      }
    }
    return values
  }

  /// Removes `--name VALUE` and returns the value; given twice, it is a usage error.
  mutating func option(_ names: String...) throws(CommandError) -> String? {
    var values: [String] = []
    for name in names { values += try options(name) }
    guard values.count <= 1 else { throw problem("\(names[0]) is given more than once") }
    return values.first
  }

  /// Removes and returns every remaining word that is not an option.
  mutating func remainingWords() throws(CommandError) -> [String] {
    if let option = words.first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
      throw problem("unknown option \(option)")
    }
    defer { words.removeAll() }
    return words.map { $0 == "--" ? "" : $0 }.filter { !$0.isEmpty }
  }

  /// Removes and returns the next word, or fails saying what was expected.
  mutating func requiredWord(_ expected: String) throws(CommandError) -> String {
    guard let word = try optionalWord() else { throw problem("expected \(expected)") }
    return word
  }

  /// Removes and returns the next word, if there is one.
  mutating func optionalWord() throws(CommandError) -> String? {
    guard let first = words.first else { return nil }
    if first.hasPrefix("--") { throw problem("unknown option \(first)") }
    return words.removeFirst()
  }

  /// Fails if any word was not consumed.
  func finish() throws(CommandError) {
    guard let extra = words.first else { return }
    if extra.hasPrefix("--") { throw problem("unknown option \(extra)") }
    throw problem("unexpected \(extra.quotedForMessage)")
  }

  /// A usage error of this command.
  func problem(_ text: String) -> CommandError {
    .badUsage(command: command, problem: text)
  }
}
