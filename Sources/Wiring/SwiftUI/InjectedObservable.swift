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
  // NB: a stored `State` rather than `@State`: in the iOS 27 SDK `@State` is a macro, which a
  // build without Apple's macro plugins (the Command Line Tools alone) cannot expand. SwiftUI
  // finds a stored `State` the same way, as a property of a `DynamicProperty`.
  private let storage: State<ViewDependency<T>>

  /// Resolves `keyPath` on `Container.shared` when the view first reads it.
  public init(_ keyPath: KeyPath<Container, Factory<T>>) {
    storage = State(wrappedValue: ViewDependency(keyPath))
  }

  /// Resolves `keyPath` on `C.shared` when the view first reads it.
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
    storage = State(wrappedValue: ViewDependency(keyPath))
  }

  /// Resolves a main-actor factory on `Container.shared` when the view first reads it.
  public init(_ keyPath: KeyPath<Container, MainActorFactory<T>>) {
    storage = State(wrappedValue: ViewDependency(keyPath))
  }

  /// Resolves a main-actor factory on `C.shared` when the view first reads it.
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, MainActorFactory<T>>) {
    storage = State(wrappedValue: ViewDependency(keyPath))
  }

  /// Owns what `wrappedValue` makes instead of resolving, to give a view its model in a
  /// preview; made once per view identity, like a resolution.
  public init(_ wrappedValue: @autoclosure @escaping () -> T) {
    storage = State(wrappedValue: ViewDependency(resolve: wrappedValue))
  }

  /// The instance the view owns.
  public var wrappedValue: T { storage.wrappedValue.value }

  /// A binding to the instance, for bindings to its properties: `$model.query`.
  ///
  /// Assigning a whole instance through it changes nothing, as in Factory: the view keeps the
  /// instance it resolved.
  public var projectedValue: Binding<T> {
    let dependency = storage.wrappedValue
    return Binding(
      get: { @MainActor in dependency.value },
      set: { @MainActor _ in })
  }
}
#endif
