/// A programmer error found while resolving: a cycle, a missing promise, endless recursion, a
/// main-actor builder resolved off the main actor.
///
/// An app traps with ``description`` as the message. Tests and diagnostics observe the same
/// failure as a value with ``catchResolutionFailure(_:)``.
public struct ResolutionFailure: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Hashable {
    /// A factory needs itself, directly or through others; ``ResolutionFailure/chain`` is the
    /// loop, first and last entries equal.
    case cycle
    /// A promised factory was resolved before anything was registered for it.
    case missingRegistration
    /// Resolutions nested deeper than the limit, which only an endless recursion reaches.
    case tooDeep
    /// A cached instance another thread was building failed to build.
    case dependencyFailed
    /// A builder written on the main actor was about to run off it.
    case offMainActor
  }

  /// What went wrong.
  public let kind: Kind
  /// The factories involved, outermost first, spelled `Container.api`.
  public let chain: [String]
  /// The one-line message an app traps with.
  public let description: String

  static func cycle(chain: [String]) -> ResolutionFailure {
    ResolutionFailure(
      kind: .cycle, chain: chain,
      description: "Wiring: dependency cycle: \(chain.joined(separator: " → ")). "
        + "Break it by resolving one side lazily (@LazyInjected) or through a parameter.")
  }

  @usableFromInline
  static func missingRegistration(_ key: FactoryKey, chain: [String]) -> ResolutionFailure {
    failure(
      .missingRegistration, of: key, chain: chain, "is promised but nothing is registered for it",
      advice: "Register it where the app starts: \(key.registrationExample).register { … }.")
  }

  static func tooDeep(chain: [String], limit: Int) -> ResolutionFailure {
    let tail = chain.suffix(6).joined(separator: " → ")
    return ResolutionFailure(
      kind: .tooDeep, chain: chain,
      description: "Wiring: resolutions nested deeper than \(limit); a factory probably "
        + "recurses forever: … → \(tail).")
  }

  @usableFromInline
  static func offMainActor(_ key: FactoryKey, chain: [String]) -> ResolutionFailure {
    failure(
      .offMainActor, of: key, chain: chain, "builds on the main actor but was resolved off it",
      advice: "Resolve it from main-actor code or with `await \(key.registrationExample)"
        + ".resolveOnMainActor()`, or declare it `nonisolated` if it needs no main actor.")
  }

  /// A failure of `key`, worded `Wiring: <key> <problem> (while resolving A → B). <advice>`, the
  /// part in parentheses only for a chain longer than the failing factory alone.
  private static func failure(
    _ kind: Kind, of key: FactoryKey, chain: [String], _ problem: String, advice: String
  ) -> ResolutionFailure {
    let path = chain.count > 1 ? " (while resolving \(chain.joined(separator: " → ")))" : ""
    return ResolutionFailure(
      kind: kind, chain: chain, description: "Wiring: \(key) \(problem)\(path). \(advice)")
  }

  static func dependencyFailed(_ key: FactoryKey, because underlying: ResolutionFailure)
    -> ResolutionFailure
  {
    ResolutionFailure(
      kind: .dependencyFailed, chain: underlying.chain,
      description: "Wiring: \(key) was being built on another thread when it failed: "
        + underlying.description)
  }
}
