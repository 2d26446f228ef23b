// `Factory`'s own scope modifiers, which shadow the ones every factory kind gets from
// `FactoryModifying`. Those are generic over the factory's type, which leaves the value in memory
// after specialization; these make the new `Factory` from registers, so that resolving a
// `.cached` or `.singleton` factory never retains its container (see `FactoryRegistration`).
extension Factory {
  @inlinable
  @inline(__always)
  init(registration: FactoryRegistration<T, Builder>) {
    self.registration = registration
  }

  /// A new instance on every resolution (the default).
  @inlinable public var unique: Factory {
    @inline(__always) get { Factory(registration: registration.declaring(.unique)) }
  }

  /// One instance per container until reset.
  @inlinable public var cached: Factory {
    @inline(__always) get { Factory(registration: registration.declaring(.cached)) }
  }

  /// One instance per process, shared by every container.
  @inlinable public var singleton: Factory {
    @inline(__always) get { Factory(registration: registration.declaring(.singleton)) }
  }

  /// One instance reused while something else holds it.
  @inlinable public var shared: Factory {
    @inline(__always) get { Factory(registration: registration.declaring(.shared)) }
  }

  /// One instance per top-level resolution.
  @inlinable public var graph: Factory {
    @inline(__always) get { Factory(registration: registration.declaring(.graph)) }
  }
}
