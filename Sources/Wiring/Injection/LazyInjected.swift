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
  @usableFromInline var box: LazyCell<Factory<T>?, T?>
  @usableFromInline let source: InjectionSource

  /// Takes `keyPath` from `Container.shared`; resolves on first access.
  @inlinable
  @inline(__always)
  public init(_ keyPath: KeyPath<Container, Factory<T>>) {
    box = LazyCell(resolving: Container.shared[keyPath: keyPath])
    source = InjectionSource(keyPath)
  }

  /// Takes `keyPath` from `C.shared`; resolves on first access.
  @inlinable
  @inline(__always)
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
    box = LazyCell(resolving: C.shared[keyPath: keyPath])
    source = InjectionSource(keyPath)
  }

  /// The dependency, resolved by the first read.
  @inlinable
  public var wrappedValue: T {
    get { Self.read(box) }
    set { box = Self.cell(holding: newValue, for: box.key) }
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
    box = Self.cell(holding: factory(), for: box.key)
  }

  /// The dependency if a read already resolved it; nil, resolving nothing, otherwise.
  ///
  /// ```swift
  /// deinit { $session.resolvedOrNil()?.close() }
  /// ```
  public func resolvedOrNil() -> T? {
    box.isResolved ? box.value : nil
  }
}

extension LazyInjected {
  /// A cell that already holds `value`, for a property assigned to or resolved again.
  @inlinable
  static func cell(holding value: T, for key: FactoryKey) -> LazyCell<Factory<T>?, T?> {
    LazyCell(key: key, nothing: nil, value: value)
  }

  /// The value, resolved by the first read.
  @inlinable
  @inline(__always)
  static func read(_ box: LazyCell<Factory<T>?, T?>) -> T {
    if box.isResolved { return box.value.unsafelyUnwrapped }
    return resolve(box)
  }

  /// The first read: resolves, or waits for the thread resolving.
  @inlinable
  @inline(never)
  static func resolve(_ box: LazyCell<Factory<T>?, T?>) -> T {
    switch box.claim() {
    case .resolved, .waited:
      return box.value.unsafelyUnwrapped
    case .resolve:
      let value = box.pending.take().unsafelyUnwrapped()
      box.value = value
      box.finish()
      return value
    }
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
  @usableFromInline var box: LazyCell<Factory<T>?, WeakBox?>
  @usableFromInline let source: InjectionSource

  /// Takes `keyPath` from `Container.shared`; resolves on first access.
  @inlinable
  @inline(__always)
  public init(_ keyPath: KeyPath<Container, Factory<T>>) {
    box = LazyCell(resolving: Container.shared[keyPath: keyPath])
    source = InjectionSource(keyPath)
  }

  /// Takes `keyPath` from `C.shared`; resolves on first access.
  @inlinable
  @inline(__always)
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
    box = LazyCell(resolving: C.shared[keyPath: keyPath])
    source = InjectionSource(keyPath)
  }

  /// The dependency while something else still holds it.
  @inlinable
  public var wrappedValue: T? {
    get { Self.read(box) }
    set { box = Self.cell(holding: newValue.flatMap { classInstance($0) }, for: box.key) }
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
    box = Self.cell(holding: classInstance(factory()), for: box.key)
  }

  /// The dependency if a read resolved it and something else still holds it; nil, resolving
  /// nothing, otherwise.
  public func resolvedOrNil() -> T? {
    box.isResolved ? Self.instance(box.value?.object) : nil
  }
}

extension WeakLazyInjected {
  /// A cell that already holds `object` weakly, for a property assigned to or resolved again.
  @inlinable
  static func cell(
    holding object: AnyObject?, for key: FactoryKey
  ) -> LazyCell<Factory<T>?, WeakBox?> {
    LazyCell(key: key, nothing: nil, value: object.map(WeakBox.init))
  }

  /// Every read: resolves the first time, or waits for the thread resolving.
  @inlinable
  static func read(_ box: LazyCell<Factory<T>?, WeakBox?>) -> T? {
    if box.isResolved { return instance(box.value?.object) }
    switch box.claim() {
    case .resolved:
      return instance(box.value?.object)
    case .waited(let object):
      return instance(object)
    case .resolve:
      let object = classInstance(box.pending.take().unsafelyUnwrapped())
      box.value = object.map(WeakBox.init)
      box.finish(handing: object)
      return instance(object)
    }
  }

  /// `object` as a `T`; nil for none.
  @inlinable
  static func instance(_ object: AnyObject?) -> T? {
    // NB: unwrap before casting. `object as? T` on the Optional itself is miscompiled with -O
    // (Swift 6.3.1): specialized for a class `T`, the cast reads the nil payload as an object
    // and crashes in `swift_dynamicCastClass`. Docs/KnownIssues.md has the reduction.
    object.flatMap { $0 as? T }
  }
}

extension LazyInjected: Sendable where T: Sendable {}

extension WeakLazyInjected: Sendable where T: Sendable {}
