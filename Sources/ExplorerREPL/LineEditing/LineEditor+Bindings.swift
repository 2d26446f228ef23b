extension LineEditor {
  /// What the screen needs after a key.
  enum Effect: Equatable {
    case none
    case redraw
    case clearScreen
    case list([String])
    case finish(LineEditOutcome)
  }

  /// Applies one key to the line, the history and the completion state.
  mutating func apply(_ key: Key) -> Effect {
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
    case .up, .control("p"):
      if let entry = history.previous(current: buffer.text) { buffer.replace(with: entry) }
    case .down, .control("n"):
      if let entry = history.next() { buffer.replace(with: entry) }
    default: edit(key)
    }
    return buffer == before ? .none : .redraw
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
