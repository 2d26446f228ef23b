/// The instance a SwiftUI view owns through `InjectedObject` or `InjectedObservable`: resolved
/// the first time the view reads it, then kept for as long as the view's identity lasts.
///
/// SwiftUI makes a view's value again each time its parent's body runs, and runs the wrapper's
/// initializer with it; the wrapper's storage (`StateObject`, `State`) keeps what the first
/// initializer made and drops the rest. So an initializer must not resolve: it only records how
/// to, and the dependency SwiftUI keeps resolves once, when first read. One it drops never does.
@MainActor
final class ViewDependency<T> {
  private enum Stage {
    case pending(() -> T)
    case resolved(T)
  }

  private var stage: Stage

  /// A dependency that runs `resolve` on first read.
  init(resolve: @escaping () -> T) {
    stage = .pending(resolve)
  }

  /// A dependency on the factory at `keyPath`, read from `C.shared` when first read.
  convenience init<C: SharedContainer>(_ keyPath: KeyPath<C, Factory<T>>) {
    self.init { C.shared[keyPath: keyPath]() }
  }

  /// A dependency on the main-actor factory at `keyPath`, read from `C.shared` when first read.
  convenience init<C: SharedContainer>(_ keyPath: KeyPath<C, MainActorFactory<T>>) {
    self.init { C.shared[keyPath: keyPath]() }
  }

  /// The instance: resolved now if this is the first read, the same one on every later read.
  var value: T {
    switch stage {
    case .resolved(let instance):
      return instance
    case .pending(let resolve):
      let instance = resolve()
      stage = .resolved(instance)
      return instance
    }
  }
}
