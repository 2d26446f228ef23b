/// What `verify(_:)` found: every fault in the factories it checked, each reported once.
///
/// ```swift
/// let report = Container.shared.verify(\.api, \.session, \.searchViewModel)
/// #expect(report.isClean, "\(report)")
/// ```
public struct VerificationReport: Sendable, Hashable, CustomStringConvertible {
  /// One thing wrong with the graph, found by one or more checks.
  public struct Fault: Sendable, Hashable, CustomStringConvertible {
    /// What kind of fault it is.
    public enum Kind: Sendable, Hashable {
      /// A factory needs itself, directly or through others; the chain is the loop.
      case cycle
      /// A promised factory has nothing registered.
      case missingRegistration
      /// Resolutions nested deeper than Wiring follows (an endless recursion).
      case tooDeep
      /// A throwing factory threw; the message is the error.
      case threw
      /// A kept instance holds a shorter-lived one that its builder resolved; the chain ends
      /// with the holder and the instance it holds.
      case captive
      /// The check could not be attempted, such as a factory that needs an argument or one whose
      /// builder runs on the main actor.
      case unverifiable
    }

    /// What kind of fault it is.
    public let kind: Kind
    /// The factories involved, outermost first; for a cycle, the loop.
    public let chain: [String]
    /// The message an app would trap or fail with.
    public let message: String
    /// The checks that ran into it.
    public internal(set) var foundBy: [String]

    /// The message, then the checks that found it.
    public var description: String {
      "\(message) [found by \(foundBy.joined(separator: ", "))]"
    }
  }

  /// The checks attempted, by name, in order.
  public let checked: [String]
  /// Every distinct fault, in the order the checks found them.
  public let faults: [Fault]

  /// Whether the checks found no fault, captive dependencies included.
  public var isClean: Bool { faults.isEmpty }

  /// A summary line, then one line per fault.
  public var description: String {
    let factories = checked.count == 1 ? "1 factory" : "\(checked.count) factories"
    let found = faults.count == 1 ? "1 fault." : "\(faults.count) faults."
    let summary = "Verified \(factories): " + (faults.isEmpty ? "all resolve." : found)
    return ([summary] + faults.enumerated().map { "  \($0.offset + 1). \($0.element)" })
      .joined(separator: "\n")
  }
}

extension VerificationReport.Fault {
  /// A fault found by `check`, from the failure a resolution reported: for a kept build it
  /// waited for, the fault that build failed with.
  init(_ failure: ResolutionFailure, foundBy check: String) {
    let kind: Kind =
      switch failure.rootKind ?? failure.kind {
      case .cycle: .cycle
      case .missingRegistration: .missingRegistration
      // `rootKind` is never `dependencyFailed`: a wait's failure names its root.
      case .tooDeep, .dependencyFailed: .tooDeep
      // Checks run on a thread of their own, so a main-actor builder cannot run in one.
      case .offMainActor: .unverifiable
      }
    self.init(kind: kind, chain: failure.chain, message: failure.description, foundBy: [check])
  }

  /// What makes two faults the same, whichever check found them: a cycle is the same loop
  /// from any entry point; a missing registration is the same promised factory.
  var identity: [String] {
    switch kind {
    case .cycle: ["cycle"] + Set(chain).sorted()
    case .missingRegistration: ["missing", chain.last ?? ""]
    case .captive: ["captive"] + chain.suffix(2)
    case .tooDeep, .threw, .unverifiable: [message]
    }
  }
}
