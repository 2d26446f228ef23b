/// Builds and resolves one dependency, declared as a computed property on a container.
///
/// ```swift
/// extension Container {
///   var api: Factory<any APIClient> { self { LiveAPIClient() }.singleton }
///   var primary: Factory<Database> { Factory(self, key: "primary") { Database(.primary) } }
/// }
///
/// let api = Container.shared.api()
/// ```
///
/// Its key is the declaring container's type, the produced type and the property's name (or
/// the explicit `key`), so two factories of one type are distinct registrations.
@_eagerMove  // for the reason given on `FactoryRegistration`
public struct Factory<T>: IsolationInheritingFactory {
  /// The type the factory produces.
  public typealias Value = T
  /// Builds a value.
  ///
  /// Like Factory's, it keeps the isolation of the code that writes it and may capture what
  /// that code owns. A factory declared on the main actor builds only there: resolved anywhere
  /// else, it stops with a ``ResolutionFailure`` that names it.
  public typealias Builder = () -> T

  /// The container, key and declaration behind this factory.
  public var registration: FactoryRegistration<T, Builder>

  /// Makes the factory that `registration` describes.
  @inlinable
  public init(registration: FactoryRegistration<T, Builder>) { self.registration = registration }

  /// Resolves a value: a kept instance, or a new one, as the scope says.
  @inlinable
  @inline(__always)
  public borrowing func callAsFunction() -> T { resolve() }

  /// Resolves a value: a kept instance, or a new one, as the scope says.
  @inlinable
  @inline(__always)
  public borrowing func resolve() -> T {
    registration.resolve { $0() }
  }
}
