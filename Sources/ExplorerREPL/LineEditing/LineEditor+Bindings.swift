extension LineEditor {
  /// What the screen needs after a key.
  enum Effect: Equatable {
    case none
    case redraw
    case clearScreen
    case list([String])
    case finish(LineEditOutcome)
    /// Ctrl-Z: give the terminal back and stop, as a shell's job; redraw when continued.
    case suspend
  }

  /// Applies one key to the line, the history and the completion state.
  mutating func apply(_ key: Key) -> Effect {
    if search != nil { return applySearching(key) }
    let wasListing = tabListsMatches
    tabListsMatches = false
    let before = buffer
    switch key {
    case .character(let character): buffer.insert(String(character))
    case .enter:
      history.add(buffer.text)
      return .finish(.line(buffer.text))
    case .control("c"):
      history.resetNavigation()
      return .finish(.interrupted)
    case .control("d"):
      guard !buffer.isEmpty else {
        history.resetNavigation()
        return .finish(.endOfInput)
      }
      buffer.deleteForward()
    case .tab: return complete(listing: wasListing)
    case .control("l"): return .clearScreen
    case .control("z"): return .suspend
    case .control("r"):
      search = HistorySearch(original: buffer)
      return .redraw
    case .up, .control("p"):
      if let entry = history.previous(current: buffer.text) { buffer.replace(with: entry) }
    case .down, .control("n"):
      if let entry = history.next() { buffer.replace(with: entry) }
    default: edit(key)
    }
    return buffer == before ? .none : .redraw
  }

  /// Applies a key while Ctrl-R searches the history.
  private mutating func applySearching(_ key: Key) -> Effect {
    guard var current = search else { return .none }
    let entries = history.entries
    switch key {
    case .character(let character):
      current.query.append(character)
      current.find(in: entries, from: current.match)
    case .backspace:
      guard !current.query.isEmpty else { return .none }
      current.query.removeLast()
      current.find(in: entries, from: nil)
    case .control("r"):
      guard let match = current.match else { return .none }
      let before = current.match
      current.find(in: entries, from: match - 1)
      if current.match == nil { current.match = before }
    case .control("g"), .control("c"):
      buffer = current.original
      search = nil
      return .redraw
    case .enter:
      search = nil
      return apply(.enter)
    default:
      // Any other key ends the search with the line found, then does what it does.
      search = nil
      _ = apply(key)
      return .redraw
    }
    search = current
    if let match = current.match {
      buffer = EditBuffer(entries[match])
    }
    return .redraw
  }

  /// The keys that only move the cursor or delete.
  private mutating func edit(_ key: Key) {
    switch key {
    case .backspace: buffer.deleteBackward()
    case .delete: buffer.deleteForward()
    case .left, .control("b"): buffer.moveLeft()
    case .right, .control("f"): buffer.moveRight()
    case .home, .control("a"): buffer.moveToStart()
    case .end, .control("e"): buffer.moveToEnd()
    case .wordLeft: buffer.moveWordLeft()
    case .wordRight: buffer.moveWordRight()
    case .deleteWordBackward, .control("w"): buffer.deleteWordBackward()
    case .control("k"): buffer.killToEnd()
    case .control("u"): buffer.killToStart()
    default: break
    }
  }

  private mutating func complete(listing: Bool) -> Effect {
    let outcome = completion.complete(buffer)
    if outcome.buffer != buffer {
      buffer = outcome.buffer
      tabListsMatches = outcome.matches.count > 1
      return .redraw
    }
    guard outcome.matches.count > 1 else { return .none }
    tabListsMatches = true
    return listing ? .list(outcome.matches) : .none
  }
}
