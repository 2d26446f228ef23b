// swift-format-ignore-file
// Declares Apple's names with Apple's spellings.
// A stand-in for Apple's `SwiftUI` module, for type-checking Wiring's `#if canImport(SwiftUI)`
// code and the SwiftUI example on Linux (Tests/SwiftUIStandIn/typecheck). It declares only what
// those files use, with the signatures, isolation and availability of Apple's SDK; nothing here
// is ever linked or run. A declaration they do not use hides a mistake instead of finding it.
// Linux cannot check availability (it has no platform versions), so the `@available` attributes
// document Apple's; the macOS run of .ci/run builds against the real SwiftUI.
//
// Where Apple offers a `LocalizedStringKey` overload beside a `StringProtocol` one, only the
// second is declared: string literals then take it here, and the first on Apple platforms.
//
// `#Preview` is a macro whose implementation ships with Xcode only; the typecheck script rewrites
// each `#Preview` into a call of `_PreviewStandIn`, whose parameters are the macro's.

public import Combine

// MARK: Views

/// A type that represents part of your app's user interface.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Never: View {
  public typealias Body = Never
  public var body: Never { standIn() }
}

/// A view that doesn't contain any content.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct EmptyView: View {
  @inlinable nonisolated public init() {}
  public typealias Body = Never
  public var body: Never { standIn() }
}

/// A View created from a swift tuple of View values.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct TupleView<T>: View {
  @inlinable nonisolated public init(_ value: T) {}
  public typealias Body = Never
  public var body: Never { standIn() }
}

/// View content that shows one of two possible children.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
  public typealias Body = Never
  public var body: Never { standIn() }
}

/// A custom parameter attribute that constructs views from closures.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@resultBuilder
public struct ViewBuilder {
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildBlock<C0: View, C1: View>(_ c0: C0, _ c1: C1) -> TupleView<(C0, C1)> {
    TupleView((c0, c1))
  }
  public static func buildBlock<C0: View, C1: View, C2: View>(
    _ c0: C0, _ c1: C1, _ c2: C2
  ) -> TupleView<(C0, C1, C2)> {
    TupleView((c0, c1, c2))
  }
  public static func buildEither<TrueContent: View, FalseContent: View>(
    first: TrueContent
  ) -> _ConditionalContent<TrueContent, FalseContent> { standIn() }
  public static func buildEither<TrueContent: View, FalseContent: View>(
    second: FalseContent
  ) -> _ConditionalContent<TrueContent, FalseContent> { standIn() }
}

/// A view that displays one or more lines of read-only text.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct Text: View {
  @_disfavoredOverload nonisolated public init<S: StringProtocol>(_ content: S) {}
  public typealias Body = Never
  public var body: Never { standIn() }
}

/// A control that initiates an action.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public struct Button<Label: View>: View {
  public typealias Body = Never
  public var body: Never { standIn() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Button where Label == Text {
  @_disfavoredOverload @preconcurrency
  nonisolated public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
  }
}

/// A control that displays an editable text interface.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public struct TextField<Label: View>: View {
  public typealias Body = Never
  public var body: Never { standIn() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension TextField where Label == Text {
  @_disfavoredOverload
  nonisolated public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
}

/// A container that presents rows of data arranged in a single column.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public struct List<SelectionValue: Hashable, Content: View>: View {
  public typealias Body = Never
  public var body: Never { standIn() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension List where SelectionValue == Never {
  nonisolated public init(@ViewBuilder content: () -> Content) {}
}

/// A structure that computes views on demand from an underlying collection of identified data.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ForEach: View where Content: View {
  public typealias Body = Never
  public var body: Never { standIn() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
  nonisolated public init(
    _ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {}
}

/// A view that displays a root view and enables you to present additional views over it.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
@MainActor @preconcurrency
public struct NavigationStack<Data, Root: View>: View {
  nonisolated public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
  {}
  public typealias Body = Never
  public var body: Never { standIn() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension View {
  /// Configures the view's title for purposes of navigation, using a string.
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { self }

  /// Associates a destination view with a presented data type for use within a navigation stack.
  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
  nonisolated public func navigationDestination<D: Hashable, C: View>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View { self }

  /// Adds a task to perform before this view appears or when a specified value changes.
  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func task<T: Equatable>(
    id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping () async -> Void
  ) -> some View { self }
}

// MARK: State

/// An interface for a stored variable that updates an external property of a view.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol DynamicProperty {
  mutating func update()
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension DynamicProperty {
  public mutating func update() {}
}

#if SDK_IOS27_WITHOUT_MACRO_PLUGINS
// The iOS 27 SDK as a build without Xcode sees it, with only the Command Line Tools: `@State`
// is a macro whose implementation is in Xcode's `SwiftUIMacros` plugin, which is missing, so
// every `@State` fails to expand. A stored `State` is still a plain type.

/// A value managed by SwiftUI, stored as it is.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen
public struct State<Value>: DynamicProperty {
  nonisolated public init(wrappedValue value: Value) {}
  public var wrappedValue: Value {
    get { standIn() }
    nonmutating set { standIn() }
  }
  public var projectedValue: Binding<Value> { standIn() }
}

/// Makes a stored property a value managed by SwiftUI: its `_` storage and an init accessor.
@attached(accessor, names: named(init), named(get), named(set))
@attached(peer, names: prefixed(_))
public macro State() = #externalMacro(module: "SwiftUIMacros", type: "StateMacro")
#else
/// A property wrapper type that can read and write a value managed by SwiftUI.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper
public struct State<Value>: DynamicProperty {
  nonisolated public init(wrappedValue value: Value) {}
  public var wrappedValue: Value {
    get { standIn() }
    nonmutating set { standIn() }
  }
  public var projectedValue: Binding<Value> { standIn() }
}
#endif

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension State: Sendable where Value: Sendable {}

/// A property wrapper type that can read and write a value owned by a source of truth.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
  @preconcurrency
  public init(
    get: @escaping @isolated(any) @Sendable () -> Value,
    set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {}
  public var wrappedValue: Value {
    get { standIn() }
    nonmutating set { standIn() }
  }
  public var projectedValue: Binding<Value> { self }
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  { standIn() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension Binding: Sendable where Value: Sendable {}

/// A property wrapper type that instantiates an observable object.
@available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
@MainActor @preconcurrency @frozen @propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
  @inlinable nonisolated public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {}
  public var wrappedValue: ObjectType { standIn() }
  public var projectedValue: ObservedObject<ObjectType>.Wrapper { standIn() }
}

/// A property wrapper type that subscribes to an observable object and invalidates a view
/// whenever the observable object changes.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency @frozen @propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
  nonisolated public init(wrappedValue: ObjectType) {}
  public var wrappedValue: ObjectType { standIn() }

  /// A wrapper of the underlying observable object that can create bindings to its properties.
  @MainActor @preconcurrency @dynamicMemberLookup @frozen
  public struct Wrapper {
    public subscript<Subject>(
      dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>
    ) -> Binding<Subject> { standIn() }
  }
}

// MARK: Previews

/// A type that produces view previews in Xcode.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@MainActor @preconcurrency
public protocol PreviewProvider {
  associatedtype Previews: View
  @ViewBuilder static var previews: Previews { get }
}

/// The `#Preview` macro's parameters, for type-checking its body without its implementation,
/// which ships with Xcode only: `#Preview("Name") { … }` is type-checked as
/// `_PreviewStandIn("Name") { … }`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public struct _PreviewStandIn {
  nonisolated public init(
    _ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View
  ) {}
}

private func standIn() -> Never { fatalError("the SwiftUI stand-in is for type-checking only") }
