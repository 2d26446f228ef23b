/// Splits a line into words the way a shell would: spaces separate, quotes group, a backslash
/// escapes the next character.
///
/// `:search "terminal colors" --sort stars` → `[":search", "terminal colors", "--sort", "stars"]`
enum Tokenizer {
  static func words(in line: String) throws(CommandError) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    var escaping = false
    for character in line {
      if escaping {
        current.append(character)
        escaping = false
        inWord = true
      } else if character == "\\" {
        escaping = true
        inWord = true
      } else if let open = quote {
        if character == open { quote = nil } else { current.append(character) }
      } else if character == "\"" || character == "'" {
        quote = character
        inWord = true
      } else if character.isWhitespace {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    guard quote == nil else { throw .unclosedQuote }
    if escaping { current.append("\\") }
    if inWord { words.append(current) }
    return words
  }
}
