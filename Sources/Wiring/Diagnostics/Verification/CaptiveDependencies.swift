extension Scope {
  /// Whether an instance kept in this scope, holding one of `held` that its builder resolved,
  /// keeps it past the life `held` promises: a captive dependency.
  ///
  /// The order is a table in Docs/Diagnostics.md, with the reason for each pair. In short: a
  /// `.unique` or `.graph` instance is meant for one resolution, so every kept holder captures
  /// it; a `.singleton` outlives every container's resets; `.cached` outlives custom scopes,
  /// which are reset on their own; a `.timeToLive` instance must not outlive its seconds, which a
  /// holder renewed on use (`.timeToLive`, not `.expiring(after:)`) can do however short they are.
  /// Holders that are not kept (`.unique`, `.graph`) or kept only while held (`.shared`)
  /// capture nothing, and a `.shared` or `.singleton` instance may be held by anything.
  func captures(_ held: Scope) -> Bool {
    switch (kind, held.kind) {
    case (.unique, _), (.graph, _), (.shared, _): false
    case (_, .unique), (_, .graph): true
    case (_, .shared), (_, .singleton): false
    case (.singleton, _): true
    case (.cached, .cached): false
    case (.cached, .custom), (.cached, .timeToLive): true
    case (.custom(let holder), .custom(let id)): holder != id
    case (.custom, .timeToLive): true
    case (.custom, .cached): false
    case (.timeToLive(let holder, let renewed), .timeToLive(let seconds, _)):
      renewed || seconds < holder
    case (.timeToLive, .custom): true
    case (.timeToLive, .cached): false
    }
  }
}

extension ResolutionGraph {
  /// A kept instance that holds a shorter-lived one its builder resolved.
  struct Captive {
    /// The resolutions from a root to the held instance, outermost first.
    let chain: [Node]
    var holder: Node { chain[chain.count - 2] }
    var held: Node { chain[chain.count - 1] }
  }

  /// Every edge whose holder captures what it resolved, each with a chain from a root.
  func captives() -> [Captive] {
    edges.compactMap { edge in
      let (holder, held) = (nodes[edge.from], nodes[edge.to])
      guard holder.builds > 0, holder.scope.captures(held.scope) else { return nil }
      return Captive(chain: path(to: edge.from).map { nodes[$0] } + [held])
    }
  }

  /// The nodes from a root to `node`, found breadth first.
  private func path(to node: Int) -> [Int] {
    var previous: [Int: Int] = [:]
    var queue = roots
    var seen = Set(roots)
    while !queue.isEmpty {
      let current = queue.removeFirst()
      if current == node { break }
      for edge in edges where edge.from == current && seen.insert(edge.to).inserted {
        previous[edge.to] = current
        queue.append(edge.to)
      }
    }
    var path = [node]
    while let before = previous[path[0]] { path.insert(before, at: 0) }
    return path
  }
}

extension VerificationReport.Fault {
  /// The fault of a captive dependency found by `check`.
  init(_ captive: ResolutionGraph.Captive, foundBy check: String) {
    let (holder, held) = (captive.holder, captive.held)
    self.init(
      kind: .captive, chain: captive.chain.map(\.name),
      message: "\(holder.name) (\(holder.scope)) captures \(held.name) (\(held.scope)): its "
        + "builder resolved it, and keeping the one keeps the other past its lifetime; "
        + "resolved as \(captive.chain.map(\.name).joined(separator: " → "))",
      foundBy: [check])
  }
}
