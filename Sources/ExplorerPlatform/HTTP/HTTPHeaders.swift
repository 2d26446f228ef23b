/// Response headers, looked up without regard to case as HTTP requires.
package struct HTTPHeaders: Hashable, Sendable, Sequence {
  /// Lower-case names of headers that describe one transfer rather than the answer; whoever
  /// stores or resends a response sets its own.
  package static let transferHeaderNames: Set<String> = [
    "content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive",
  ]

  private var fields: [String: (name: String, value: String)]

  package init(_ headers: [String: String] = [:]) {
    fields = [:]
    for (name, value) in headers { self[name] = value }
  }

  /// The value of `name` in any case, or `nil`.
  package subscript(name: String) -> String? {
    get { fields[name.lowercased()]?.value }
    set { fields[name.lowercased()] = newValue.map { (name, $0) } }
  }

  /// The headers with their names as they were first spelled.
  package var dictionary: [String: String] {
    Dictionary(uniqueKeysWithValues: fields.values.map { ($0.name, $0.value) })
  }

  package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    fields.values.sorted { $0.name < $1.name }.makeIterator()
  }

  package static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.fields.mapValues(\.value) == rhs.fields.mapValues(\.value)
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(fields.mapValues(\.value))
  }
}
