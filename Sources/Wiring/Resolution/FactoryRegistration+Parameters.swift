// How a `ParameterFactory` resolves: the parameter's address goes along for cycle checks and the
// `.graph` key, and a factory declared `scopeOnParameters` keeps an instance in the slot of each
// distinct parameter.
extension FactoryRegistration {
  /// Resolves for `parameter`, with `build` handing it to the chosen builder.
  ///
  /// Out of line, like `resolve(parameter:…)`. The parameter's address is taken in here, so that
  /// the caller passes the registration straight on: a closure of the caller's that captured it
  /// would keep the copy of the container the optimizer otherwise drops.
  @inlinable
  @inline(never)
  func resolve<P>(with parameter: P, build: (Builder, P) -> Value) -> Value {
    guard traits.isKeptPerParameter else {
      return withUnsafePointer(to: parameter) { address in
        resolve(parameter: address, parameterType: P.self) { build($0, parameter) }
      }
    }
    // `scopeOnParameters` exists only where `P: Hashable`, so the casts cannot fail. The
    // caller's code did not know it: hashing goes through the unspecialized `Hashable` code.
    func hashing<H: Hashable>(_: H.Type) -> Value {
      resolve(hashing: parameter as! H) { builder, _ in build(builder, parameter) }
    }
    let hashable = P.self as! any Hashable.Type
    return hashing(hashable)
  }

  /// Resolves for `parameter`, whose type is known to be `Hashable`, with `build` handing it to
  /// the chosen builder.
  ///
  /// A `scopeOnParameters` factory takes an instance kept for an equal parameter without the
  /// container's lock, hashing with the caller's code, specialized where the caller knows `P`.
  @inlinable
  @inline(never)
  func resolve<P: Hashable>(hashing parameter: P, build: (Builder, P) -> Value) -> Value {
    withUnsafePointer(to: parameter) { address in
      guard traits.isKeptPerParameter else {
        return resolve(parameter: address, parameterType: P.self) { build($0, parameter) }
      }
      let state = ResolutionState.currentUnretained
      let reads = state._withUnsafeGuaranteedRef { $0.readCounter }
      let key = key
      let declared = declaredKeeping
      switch lookUpWithManager({
        $0.lookupParametersWithoutLock(key, declared: declared, reads: reads)
      }) {
      case .parameters(let table, let section):
        let box = Unmanaged<ParameterTable>.fromOpaque(table)._withUnsafeGuaranteedRef {
          $0.boxAddress(for: parameter)
        }
        guard let box else {
          section.end()
          break
        }
        // The key includes `Value`, so whatever was kept under it is a `Box<Value>`.
        let value = Unmanaged<Box<Value>>.fromOpaque(box)._withUnsafeGuaranteedRef { $0.value }
        section.end()
        if StrictMonitor.isArmed { observeStrictly() }
        if extras != nil { decorateKept(value) }
        return value
      case let other:
        if let resolved = resolve(
          other, state: state, parameter: address, parameterType: P.self,
          build: { build($0, parameter) })
        {
          return resolved
        }
      }
      return resolveLocked(
        parameter: address, parameterType: P.self, parameterHashing: HashableType(P.self),
        parameterSlot: { Self.slot(in: $0, for: parameter) }
      ) { build($0, parameter) }
    }
  }

  /// The slot of `parameter` among those `slot` keeps, one per distinct parameter.
  @usableFromInline
  static func slot<P: Hashable>(in slot: Slot, for parameter: P) -> Slot {
    let slots = (slot.parameterSlots as? ParameterSlots<P>) ?? ParameterSlots<P>(entry: slot.entry)
    slot.parameterSlots = slots
    return slots.slot(for: parameter)
  }
}
