/// Resolves a dependency on first access, exactly once, even when threads race for it.
///
/// ```swift
/// final class Model {
///   @LazyInjected(\.session) var session
/// }
/// ```
///
/// The factory is taken from the container's `shared` instance when the owner is initialized;
/// the resolution waits for the first read. Later reads return the same value.
@propertyWrapper
public struct LazyInjected<T> {
  @usableFromInline let box: LazyBox

  /// Takes `keyPath` from `Container.shared`; resolves on first access.
  @inlinable
  @inline(__always)
  public init(_ keyPath: KeyPath<Container, Factory<T>>) {
    box = LazyBox(resolving: Container.shared[keyPath: keyPath])
  }

  /// Takes `keyPath` from `C.shared`; resolves on first access.
  @inlinable
  @inline(__always)
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
    box = LazyBox(resolving: C.shared[keyPath: keyPath])
  }

  /// The dependency, resolved by the first read.
  @inlinable
  public var wrappedValue: T {
    if let address = box.resolvedBox {
      return Unmanaged<Box<T>>.fromOpaque(address)._withUnsafeGuaranteedRef { $0.value }
    }
    return box.value(holdingWeakly: false).unboxed(as: T.self)!
  }
}

/// Resolves a class dependency on first access and then holds it weakly.
///
/// ```swift
/// final class Child {
///   @WeakLazyInjected(\.parent) var parent   // (any Parent)?
/// }
/// ```
///
/// Once the last strong reference elsewhere goes away the property reads `nil`; it is not
/// resolved again. Values that are not class instances cannot be held weakly and read `nil`
/// after the first access.
@propertyWrapper
public struct WeakLazyInjected<T> {
  @usableFromInline let box: LazyBox

  /// Takes `keyPath` from `Container.shared`; resolves on first access.
  @inlinable
  @inline(__always)
  public init(_ keyPath: KeyPath<Container, Factory<T>>) {
    box = LazyBox(resolving: Container.shared[keyPath: keyPath])
  }

  /// Takes `keyPath` from `C.shared`; resolves on first access.
  @inlinable
  @inline(__always)
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
    box = LazyBox(resolving: C.shared[keyPath: keyPath])
  }

  /// The dependency while something else still holds it.
  @inlinable
  public var wrappedValue: T? {
    box.value(holdingWeakly: true).unboxed(as: T.self)
  }
}

extension LazyInjected: Sendable where T: Sendable {}

extension WeakLazyInjected: Sendable where T: Sendable {}
