#if canImport(SwiftUI)
public import Combine
public import SwiftUI

/// Resolves an `ObservableObject` for a SwiftUI view and owns it, as `@StateObject` does.
///
/// ```swift
/// extension Container {
///   @MainActor var settingsModel: Factory<SettingsModel> { self { SettingsModel() } }
/// }
///
/// struct SettingsView: View {
///   @InjectedObject(\.settingsModel) var model
///   var body: some View { Toggle("Sync", isOn: $model.syncs) }
/// }
/// ```
///
/// The factory resolves once per view identity, the first time SwiftUI installs the view; the
/// view keeps that instance for as long as it is on screen, whatever the factory's scope, and
/// re-renders when the object publishes a change. Making the view's value again, as a parent's
/// body does, resolves nothing.
@MainActor
@propertyWrapper
public struct InjectedObject<T: ObservableObject>: DynamicProperty {
  // NB: a stored `StateObject` rather than the attribute, as `InjectedObservable` stores its
  // `State`: the attribute may be a macro in an SDK, and a build without Apple's macro plugins
  // could not expand it.
  private let storage: StateObject<T>

  /// Resolves `keyPath` on `Container.shared` when the view is first installed.
  public init(_ keyPath: KeyPath<Container, Factory<T>>) {
    self.init(dependency: ViewDependency(keyPath))
  }

  /// Resolves `keyPath` on `C.shared` when the view is first installed.
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
    self.init(dependency: ViewDependency(keyPath))
  }

  /// Resolves a main-actor factory on `Container.shared` when the view is first installed.
  public init(_ keyPath: KeyPath<Container, MainActorFactory<T>>) {
    self.init(dependency: ViewDependency(keyPath))
  }

  /// Resolves a main-actor factory on `C.shared` when the view is first installed.
  public init<C: SharedContainer>(_ keyPath: KeyPath<C, MainActorFactory<T>>) {
    self.init(dependency: ViewDependency(keyPath))
  }

  /// Owns `wrappedValue` instead of resolving, to give a view its object in a preview.
  public init(_ wrappedValue: T) {
    self.init(dependency: ViewDependency { wrappedValue })
  }

  private init(dependency: ViewDependency<T>) {
    storage = StateObject(wrappedValue: dependency.value)
  }

  /// The object the view owns.
  public var wrappedValue: T { storage.wrappedValue }

  /// Bindings to the object's properties: `$model.syncs`.
  public var projectedValue: ObservedObject<T>.Wrapper { storage.projectedValue }
}
#endif
