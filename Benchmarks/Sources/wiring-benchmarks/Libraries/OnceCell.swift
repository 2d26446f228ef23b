import Synchronization
import Wiring

/// The least a once-only lazy property can do, for case 8b's floor: one heap cell whose atomic
/// word the first read claims with a compare-and-swap and publishes with a release store.
///
/// Not a wrapper anyone should ship: it has no waiting for a read that races the first one, no
/// cycle detection and no weak holding, which `@LazyInjected` and `@WeakLazyInjected` provide.
final class OnceCell: Sendable {
  private let word = Atomic<UInt>(0)

  deinit {
    guard let address = UnsafeRawPointer(bitPattern: word.load(ordering: .relaxed)),
      Int(bitPattern: address) > 1
    else { return }
    Unmanaged<AnyObject>.fromOpaque(address).release()
  }

  /// The object `make` built on the first call.
  func value(_ make: () -> AnyObject) -> AnyObject {
    let address = word.load(ordering: .acquiring)
    if address > 1 {
      return Unmanaged<AnyObject>.fromOpaque(UnsafeRawPointer(bitPattern: address)!)
        .takeUnretainedValue()
    }
    let (claimed, _) = word.compareExchange(expected: 0, desired: 1, ordering: .acquiring)
    precondition(claimed, "OnceCell is a single-threaded floor")
    let object = make()
    word.store(UInt(bitPattern: Unmanaged.passRetained(object).toOpaque()), ordering: .releasing)
    return object
  }
}

/// An existential in an object, as a generic cell must keep a value that is not a class
/// instance unless it looks up the value's metadata when freed.
final class ServiceBox: Sendable {
  let service: any Service
  init(_ service: any Service) { self.service = service }
}

/// A consumer whose service resolves once, on first read, through a `OnceCell`.
final class OnceCellConsumer {
  private let cell = OnceCell()

  var service: any Service {
    let box = cell.value { ServiceBox(Wiring.Container.shared.plain()) }
    return unsafeDowncast(box, to: ServiceBox.self).service
  }
}
