/// Resolves the factory at `keyPath` on `Container.shared`.
///
/// ```swift
/// final class Downloader {
///   let session: Session = dependency(\.session)
/// }
/// ```
@inlinable
public func dependency<T>(_ keyPath: KeyPath<Container, Factory<T>>) -> T {
  Container.shared[keyPath: keyPath]()
}

/// Resolves the factory at `keyPath` on `C.shared`.
@inlinable
public func dependency<C: SharedContainer, T>(_ keyPath: KeyPath<C, Factory<T>>) -> T {
  C.shared[keyPath: keyPath]()
}

/// Resolves the parameterized factory at `keyPath` on `Container.shared` with `parameter`.
///
/// ```swift
/// let user: User = dependency(\.user, parameter: 42)
/// ```
@inlinable
public func dependency<P, T>(
  _ keyPath: KeyPath<Container, ParameterFactory<P, T>>, parameter: P
) -> T {
  Container.shared[keyPath: keyPath](parameter)
}

/// Resolves the parameterized factory at `keyPath` on `C.shared` with `parameter`.
@inlinable
public func dependency<C: SharedContainer, P, T>(
  _ keyPath: KeyPath<C, ParameterFactory<P, T>>, parameter: P
) -> T {
  C.shared[keyPath: keyPath](parameter)
}
