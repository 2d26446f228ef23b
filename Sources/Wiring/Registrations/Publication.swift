/// What a resolution may use about one key without taking a lock: an immutable snapshot of the
/// key's override and kept instance, made by a writer under the lock.
///
/// A `PublishedIndex` entry points to the current snapshot. Writers replace it whenever the
/// slot it describes changes, and release the old one only after `ReadSections.waitForReaders()`.
/// Readers use raw addresses so that reading one retains nothing but the value they return.
@usableFromInline
final class Publication {
  /// How a resolution of this key builds, as far as the override decides it.
  @usableFromInline
  enum Rule: Sendable {
    /// No override: the declaration decides.
    case declaration
    /// An override without a scope of its own: the declaration's scope applies to it.
    case overrideWithDeclaredScope
    /// An override with `.unique`: every resolution builds with it.
    case overrideBuildsEveryTime
    /// An override with a kept scope: `box`, when set, is the instance for every resolution.
    case overrideKept
    /// An override that only the locked path handles (contexts, graph, shared, time to live).
    case locked
  }

  @usableFromInline let rule: Rule
  /// The kept `Box<T>` a resolution returns, retained by this publication, as a raw address
  /// that readers use without retaining it.
  @usableFromInline let boxAddress: UnsafeRawPointer?
  /// The `Override<T, Builder>`, retained by this publication, as a raw address.
  @usableFromInline let overrideAddress: UnsafeRawPointer?
  /// `Override<T, Builder>`'s type, so that a reader of another builder type takes the locked path.
  @usableFromInline let overrideType: ObjectIdentifier?

  private init(rule: Rule, box: AnyObject?, override: AnyObject?) {
    self.rule = rule
    boxAddress = box.map { UnsafeRawPointer(Unmanaged.passRetained($0).toOpaque()) }
    overrideAddress = override.map { UnsafeRawPointer(Unmanaged.passRetained($0).toOpaque()) }
    overrideType = override.map { ObjectIdentifier(type(of: $0)) }
  }

  deinit {
    if let boxAddress { Unmanaged<AnyObject>.fromOpaque(boxAddress).release() }
    if let overrideAddress { Unmanaged<AnyObject>.fromOpaque(overrideAddress).release() }
  }

  /// The snapshot of `slot`, or nil when it has nothing a lock-free resolution could use.
  static func of(_ slot: Slot?) -> Publication? {
    guard let slot else { return nil }
    var box: AnyObject?
    if let instance = slot.instance {
      switch instance.scope {
      case .cached, .custom, .singleton: box = instance.box
      case .unique, .graph, .shared, .timeToLive: box = nil
      }
    }
    guard let override = slot.override else {
      return box.map { Publication(rule: .declaration, box: $0, override: nil) }
    }
    let rule: Rule
    if override.hasContexts {
      rule = .locked
    } else {
      switch override.scope?.kind {
      case nil: rule = .overrideWithDeclaredScope
      case .unique: rule = .overrideBuildsEveryTime
      case .cached, .custom, .singleton: rule = .overrideKept
      case .graph, .shared, .timeToLive: rule = .locked
      }
    }
    return Publication(rule: rule, box: box, override: override)
  }
}
