/// What a resolution may use about one key without taking a lock: the key's override, kept
/// instance and per-parameter instances as a writer left them under the lock, in one word.
///
/// A `PublishedIndex` entry holds the word. It is the address of one retained object, with what
/// the object is in its two low bits (objects are aligned to 16 bytes): the override alone when
/// nothing is kept, the kept `Box<T>` alone when nothing is registered, the `ParameterTable` of a
/// `.scopeOnParameters` factory alone, or a `Publication` holding more than one. Most keys thus
/// publish an object they already have. Writers replace the word whenever the slot it describes
/// changes, and release the old object only after `ReadSections.waitForReaders()`; readers use
/// the raw address and retain nothing but the value they return.
final class Publication {
  /// The kept `Box<T>`, retained by this publication, as a raw address.
  let boxAddress: UnsafeRawPointer?
  /// The `Override<T, Builder>`, retained by this publication, as a raw address.
  let overrideAddress: UnsafeRawPointer?
  /// The `ParameterTable`, retained by this publication, as a raw address.
  let parametersAddress: UnsafeRawPointer?

  private init(box: AnyObject?, override: AnyOverride?, parameters: ParameterTable?) {
    boxAddress = box.map { UnsafeRawPointer(Unmanaged.passRetained($0).toOpaque()) }
    overrideAddress = override.map { UnsafeRawPointer(Unmanaged.passRetained($0).toOpaque()) }
    parametersAddress = parameters.map {
      UnsafeRawPointer(Unmanaged.passRetained($0).toOpaque())
    }
  }

  deinit {
    for address in [boxAddress, overrideAddress, parametersAddress] {
      if let address { Unmanaged<AnyObject>.fromOpaque(address).release() }
    }
  }

  /// What the low bits of a published word say its address is.
  private enum Tag: UInt {
    case publication = 0
    case override = 1
    case box = 2
    case parameters = 3
  }
  private static let tagMask: UInt = 0b11

  /// The word to publish for `slot`, with its object retained; 0 when the slot has nothing a
  /// lock-free resolution could use.
  static func retainedWord(for slot: Slot?) -> UInt {
    guard let slot else { return 0 }
    // Registering again, what tests do most, comes here every time: the common case first, in
    // the form that retains only what the word keeps.
    if slot.parameterSlots == nil {
      switch (slot.publishableBox, slot.override) {
      case (nil, nil): return 0
      case (let box?, nil): return word(retaining: box, .box)
      case (nil, let override?): return word(retaining: override, .override)
      case (let box?, let override?):
        return word(
          retaining: Publication(box: box, override: override, parameters: nil), .publication)
      }
    }
    let parameters = slot.anyParameterSlots?.table
    switch (slot.publishableBox, slot.override, parameters) {
    case (nil, nil, nil): return 0
    case (nil, nil, let parameters?): return word(retaining: parameters, .parameters)
    case (let box, let override, let parameters):
      return word(
        retaining: Publication(box: box, override: override, parameters: parameters),
        .publication)
    }
  }

  private static func word(retaining object: AnyObject, _ tag: Tag) -> UInt {
    UInt(bitPattern: Unmanaged.passRetained(object).toOpaque()) | tag.rawValue
  }

  /// Releases the object of a word that `retainedWord(for:)` made.
  static func release(_ word: UInt) {
    guard let address = UnsafeRawPointer(bitPattern: word & ~tagMask) else { return }
    Unmanaged<AnyObject>.fromOpaque(address).release()
  }

  /// A published word, read without retaining anything. Use it inside a read section.
  struct Reading {
    /// The kept `Box<T>`, if any.
    let boxAddress: UnsafeRawPointer?
    /// The `Override<T, Builder>`, if any.
    let overrideAddress: UnsafeRawPointer?
    /// The `ParameterTable`, if any.
    let parametersAddress: UnsafeRawPointer?

    /// Reads a nonzero word.
    @inline(__always)
    init(_ word: UInt) {
      let address = UnsafeRawPointer(bitPattern: word & ~Publication.tagMask).unsafelyUnwrapped
      switch Tag(rawValue: word & Publication.tagMask).unsafelyUnwrapped {
      case .override:
        (boxAddress, overrideAddress, parametersAddress) = (nil, address, nil)
      case .box:
        (boxAddress, overrideAddress, parametersAddress) = (address, nil, nil)
      case .parameters:
        (boxAddress, overrideAddress, parametersAddress) = (nil, nil, address)
      case .publication:
        (boxAddress, overrideAddress, parametersAddress) =
          Unmanaged<Publication>.fromOpaque(address)._withUnsafeGuaranteedRef {
            ($0.boxAddress, $0.overrideAddress, $0.parametersAddress)
          }
      }
    }

    /// What the published override says of where its instances are kept (nil: as declared),
    /// whether it has contexts and whether it has a decorator; nil when no override is
    /// published.
    @inline(__always)
    var override: (keeping: Keeping?, hasContexts: Bool, hasDecorator: Bool)? {
      overrideAddress.map {
        Unmanaged<AnyOverride>.fromOpaque($0)._withUnsafeGuaranteedRef {
          ($0.keeping, $0.hasContexts, $0.hasDecorator)
        }
      }
    }

    /// The override's dynamic type, so that a reader of another builder type takes the locked
    /// path.
    var overrideType: ObjectIdentifier {
      Unmanaged<AnyOverride>.fromOpaque(overrideAddress.unsafelyUnwrapped)
        ._withUnsafeGuaranteedRef { ObjectIdentifier(type(of: $0)) }
    }
  }
}
