/// What the cases resolve: a protocol, as dependency injection is normally used.
protocol Service: AnyObject, Sendable {
  var id: Int { get }
}

/// A service with no dependencies.
final class PlainService: Service {
  let id = 1
}

/// The replacement registered by the override cases.
final class OtherService: Service {
  let id = 2
}

// The transient chain A → B → C → D.
final class ChainD: Sendable {}
final class ChainC: Sendable {
  let d: ChainD
  init(d: ChainD) { self.d = d }
}
final class ChainB: Sendable {
  let c: ChainC
  init(c: ChainC) { self.c = c }
}
final class ChainA: Sendable {
  let b: ChainB
  init(b: ChainB) { self.b = b }
}

// The graph case: Left and Right share one Utility within a resolution.
final class Utility: Sendable {}
final class Left: Sendable {
  let utility: Utility
  init(utility: Utility) { self.utility = utility }
}
final class Right: Sendable {
  let utility: Utility
  init(utility: Utility) { self.utility = utility }
}
final class Household: Sendable {
  let left: Left
  let right: Right
  init(left: Left, right: Right) {
    self.left = left
    self.right = right
  }
}

/// A kept instance read from a stored property: the baseline of the cached cases.
final class Holder: Sendable {
  let service: any Service = PlainService()

  /// The instance returned from a call the optimizer cannot see through, so the caller owns a
  /// reference: one retain and one release, which any resolution that returns it also pays.
  /// (`@_optimize(none)` keeps the optimizer from turning the owned result into a borrowed one.)
  @_optimize(none)
  @inline(never)
  func handOut() -> any Service { service }
}
