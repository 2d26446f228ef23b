/// What a factory's declaration says, in one word: its key name's length and flags, whether the
/// factory stands for an override, whether it is a promise, whether it keeps an instance per
/// parameter, whether it builds on the main actor, whether it is safe to build in tests, and its
/// scope when the scope fits in 19 bits.
///
/// Bits 0–31 hold the name's length, 32–39 `StaticString`'s flags byte, 40 the override flag, 41
/// the promise flag, 42 the per-parameter flag, 43 the main-actor flag, 44 the safe-in-tests flag,
/// and 45–63 the scope code: 4 bits of kind and, for a custom scope, 15 bits of its number. The
/// name's fields fill whole words and bytes, so reading them takes no mask.
@usableFromInline
struct DeclarationTraits: Sendable {
  @usableFromInline var word: UInt64

  /// The scope code that says the scope is in the registration's extras.
  @usableFromInline static let scopeInExtras: UInt64 = 7

  @inlinable
  init(nameLength: Int, nameFlags: UInt8) {
    word = UInt64(truncatingIfNeeded: nameLength) & 0xFFFF_FFFF | UInt64(nameFlags) << 32
  }

  @inlinable
  var nameLength: Int { Int(truncatingIfNeeded: word & 0xFFFF_FFFF) }

  /// Whether the declaration's own builder may run in a fakes-only test (`.safeInTests`).
  @inlinable
  var isSafeInTests: Bool {
    get { word & 1 << 44 != 0 }
    set { word = newValue ? word | 1 << 44 : word & ~(1 << 44) }
  }

  @inlinable
  var nameFlags: UInt8 { UInt8(truncatingIfNeeded: word >> 32) }

  @inlinable
  var isOverride: Bool {
    get { word & 1 << 40 != 0 }
    set { word = newValue ? word | 1 << 40 : word & ~(1 << 40) }
  }

  /// Whether the factory is a promise, whose builder is a stand-in.
  @inlinable
  var isPromise: Bool {
    get { word & 1 << 41 != 0 }
    set { word = newValue ? word | 1 << 41 : word & ~(1 << 41) }
  }

  /// Whether a `ParameterFactory` keeps one instance per parameter (`scopeOnParameters`).
  @inlinable
  var isKeptPerParameter: Bool {
    get { word & 1 << 42 != 0 }
    set { word = newValue ? word | 1 << 42 : word & ~(1 << 42) }
  }

  /// Whether the builder was written on the main actor, and so must run there.
  @inlinable
  var isBuiltOnMainActor: Bool {
    get { word & 1 << 43 != 0 }
    set { word = newValue ? word | 1 << 43 : word & ~(1 << 43) }
  }

  /// 0 for no scope, otherwise a code from `Scope.code` or `scopeInExtras`.
  @inlinable
  var scopeCode: UInt64 {
    get { word >> 45 }
    set { word = word & (1 << 45 - 1) | newValue << 45 }
  }

  /// This word with `code` as the scope code.
  @inlinable
  func withScopeCode(_ code: UInt64) -> DeclarationTraits {
    var changed = self
    changed.scopeCode = code
    return changed
  }
}

extension Scope {
  /// This scope as a code of at most 19 bits, or nil when it needs more: a time to live, or a
  /// custom scope numbered past 32,767.
  @inlinable
  var code: UInt64? {
    switch kind {
    case .unique: 1
    case .cached: 2
    case .singleton: 3
    case .shared: 4
    case .graph: 5
    case .custom(let id): id < 1 << 15 ? 6 | UInt64(id) << 4 : nil
    case .timeToLive: nil
    }
  }

  /// The scope a nonzero `code` stands for; nil for 0.
  @inlinable
  init?(code: UInt64) {
    switch code & 0xF {
    case 1: self = .unique
    case 2: self = .cached
    case 3: self = .singleton
    case 4: self = .shared
    case 5: self = .graph
    case 6: self.init(.custom(id: Int(code >> 4)))
    default: return nil
    }
  }

}
