#if canImport(SwiftUI)
public import Observation
public import SwiftUI

/// Resolves an `@Observable` type for a SwiftUI view and owns it, as `@State` does.
///
/// ```swift
/// extension Container {
///   @MainActor var searchModel: Factory<SearchModel> { self { SearchModel() } }
/// }
///
/// struct SearchView: View {
///   @InjectedObservable(\.searchModel) var model
///   var body: some View { TextField("Search", text: $model.query) }
/// }
/// ```
///
/// The factory resolves once per view identity, the first time the view reads the property;
/// the view keeps that instance for as long as it is on screen, whatever the factory's scope,
/// and re-renders when a property its body read changes. Making the view's value again, as a
/// parent's body does, resolves nothing.
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@propertyWrapper
public struct InjectedObservable<T: Observable>: DynamicProperty {
  @State private var dependency: ViewDependency<T>

  /// Resolves `keyPath` on `Container.shared` when the view first reads it.
  public init(_ keyPath: KeyPath<Container, Factory<T>>) {
    _dependency = State(wrappedValue: ViewDependency(keyPath))
  }

  /// Resolves `keyPath` on `C.shared` when the view first reads it.
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
    _dependency = State(wrappedValue: ViewDependency(keyPath))
  }

  /// Resolves a main-actor factory on `Container.shared` when the view first reads it.
  public init(_ keyPath: KeyPath<Container, MainActorFactory<T>>) {
    _dependency = State(wrappedValue: ViewDependency(keyPath))
  }

  /// Resolves a main-actor factory on `C.shared` when the view first reads it.
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, MainActorFactory<T>>) {
    _dependency = State(wrappedValue: ViewDependency(keyPath))
  }

  /// Owns what `wrappedValue` makes instead of resolving, to give a view its model in a
  /// preview; made once per view identity, like a resolution.
  public init(_ wrappedValue: @autoclosure @escaping () -> T) {
    _dependency = State(wrappedValue: ViewDependency(resolve: wrappedValue))
  }

  /// The instance the view owns.
  public var wrappedValue: T { dependency.value }

  /// A binding to the instance, for bindings to its properties: `$model.query`.
  ///
  /// Assigning a whole instance through it changes nothing, as in Factory: the view keeps the
  /// instance it resolved.
  public var projectedValue: Binding<T> {
    let dependency = dependency
    return Binding(
      get: { @MainActor in dependency.value },
      set: { @MainActor _ in })
  }
}
#endif
