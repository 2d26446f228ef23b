/// Resolves a dependency on first access, exactly once, even when threads race for it.
///
/// ```swift
/// final class Model {
///   @LazyInjected(\.session) var session
/// }
/// ```
///
/// The factory is taken from the container's `shared` instance when the owner is initialized;
/// the resolution waits for the first read. Later reads return the same value. Assigning to the
/// property replaces the value for this owner; `$session` reaches the factory.
@propertyWrapper
public struct LazyInjected<T> {
  @usableFromInline var box: LazyBox
  @usableFromInline let source: InjectionSource

  /// Takes `keyPath` from `Container.shared`; resolves on first access.
  @inlinable
  @inline(__always)
  public init(_ keyPath: any KeyPath<Container, Factory<T>> & Sendable) {
    box = LazyBox(resolving: Container.shared[keyPath: keyPath])
    source = InjectionSource(keyPath)
  }

  /// Takes `keyPath` from `C.shared`; resolves on first access.
  @inlinable
  @inline(__always)
  public init<C: SharedContainer>(_ keyPath: any KeyPath<C, Factory<T>> & Sendable) {
    box = LazyBox(resolving: C.shared[keyPath: keyPath])
    source = InjectionSource(keyPath)
  }

  /// The dependency, resolved by the first read.
  @inlinable
  public var wrappedValue: T {
    get { box.read(as: T.self) }
    set { box = box.replaced(strongly: keptObject(newValue)) }
  }

  /// The wrapper itself, for its factory and to resolve again: `$session.factory`.
  public var projectedValue: LazyInjected<T> {
    get { self }
    set { self = newValue }
  }

  /// The factory this property resolves, from the container's current `shared` instance.
  public var factory: Factory<T> {
    source.factory(of: T.self)
  }

  /// Resolves the dependency now, after resetting what `options` name on its factory.
  public mutating func resolve(reset options: FactoryResetOptions = .none) {
    let factory = self.factory
    factory.reset(options)
    box = box.replaced(strongly: keptObject(factory()))
  }

  /// The dependency if a read already resolved it; nil, resolving nothing, otherwise.
  ///
  /// ```swift
  /// deinit { $session.resolvedOrNil()?.close() }
  /// ```
  public func resolvedOrNil() -> T? {
    box.peek()?.unboxed(as: T.self)
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
  @usableFromInline var box: LazyBox
  @usableFromInline let source: InjectionSource

  /// Takes `keyPath` from `Container.shared`; resolves on first access.
  @inlinable
  @inline(__always)
  public init(_ keyPath: any KeyPath<Container, Factory<T>> & Sendable) {
    box = LazyBox(resolving: Container.shared[keyPath: keyPath])
    source = InjectionSource(keyPath)
  }

  /// Takes `keyPath` from `C.shared`; resolves on first access.
  @inlinable
  @inline(__always)
  public init<C: SharedContainer>(_ keyPath: any KeyPath<C, Factory<T>> & Sendable) {
    box = LazyBox(resolving: C.shared[keyPath: keyPath])
    source = InjectionSource(keyPath)
  }

  /// The dependency while something else still holds it.
  @inlinable
  public var wrappedValue: T? {
    get { box.value(holdingWeakly: true).unboxed(as: T.self) }
    set { box = box.replaced(weakly: newValue.flatMap { classInstance($0) }) }
  }

  /// The wrapper itself, for its factory and to resolve again: `$parent.factory`.
  public var projectedValue: WeakLazyInjected<T> {
    get { self }
    set { self = newValue }
  }

  /// The factory this property resolves, from the container's current `shared` instance.
  public var factory: Factory<T> {
    source.factory(of: T.self)
  }

  /// Resolves the dependency now, after resetting what `options` name on its factory, and
  /// holds it weakly.
  public mutating func resolve(reset options: FactoryResetOptions = .none) {
    let factory = self.factory
    factory.reset(options)
    box = box.replaced(weakly: classInstance(factory()))
  }

  /// The dependency if a read resolved it and something else still holds it; nil, resolving
  /// nothing, otherwise.
  public func resolvedOrNil() -> T? {
    box.peek()?.unboxed(as: T.self)
  }
}

extension LazyInjected: Sendable where T: Sendable {}

extension WeakLazyInjected: Sendable where T: Sendable {}
