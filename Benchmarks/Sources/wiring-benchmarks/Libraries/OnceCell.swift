import Synchronization
import Wiring

/// The least a once-only lazy property can do, for case 8b's floor: one heap cell that holds the
/// value inline, whose atomic word the first read claims with a compare-and-swap and publishes
/// with a release store.
///
/// Not a wrapper anyone should ship: it has no waiting for a read that races the first one, no
/// cycle detection and no weak holding, which `@LazyInjected` and `@WeakLazyInjected` provide.
final class OnceCell<Stored>: @unchecked Sendable {
  // NB: `@unchecked` is sound because `stored` is written once, by the thread whose
  // compare-and-swap claimed the cell, before the release store that publishes it, and read
  // only after an acquiring load saw that store.
  private let word = Atomic<UInt>(0)
  /// Typed by the class's own generic parameter, so that freeing a cell looks up no metadata.
  @exclusivity(unchecked) private var stored: Stored

  /// A cell that holds `empty` until the first read.
  init(empty: Stored) { stored = empty }

  /// What `make` built on the first call.
  func value(_ make: () -> Stored) -> Stored {
    if word.load(ordering: .acquiring) == 2 { return stored }
    let (claimed, _) = word.compareExchange(expected: 0, desired: 1, ordering: .acquiring)
    precondition(claimed, "OnceCell is a single-threaded floor")
    stored = make()
    word.store(2, ordering: .releasing)
    return stored
  }
}

/// A consumer whose service resolves once, on first read, through a `OnceCell`.
final class OnceCellConsumer {
  private let cell = OnceCell<(any Service)?>(empty: nil)

  var service: any Service {
    cell.value { Wiring.Container.shared.plain() }.unsafelyUnwrapped
  }
}
