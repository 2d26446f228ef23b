// swift-format-ignore-file
// Declares Apple's names with Apple's spellings.
// A stand-in for Apple's `Combine` module, for type-checking Wiring's `#if canImport(SwiftUI)`
// code and the SwiftUI example on Linux (Tests/SwiftUIStandIn/typecheck). It declares only what
// those files use, with the signatures and availability of Apple's SDK; nothing here is ever
// linked or run. A declaration they do not use hides a mistake instead of finding it.

/// Declares that a type can transmit a sequence of values over time.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol Publisher<Output, Failure> {
  associatedtype Output
  associatedtype Failure: Error
}

/// A publisher that publishes changes from observable objects.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
final public class ObservableObjectPublisher: Publisher {
  public typealias Output = Void
  public typealias Failure = Never
  public init() {}
}

/// A type of object with a publisher that emits before the object has changed.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
public protocol ObservableObject: AnyObject {
  associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
  where ObjectWillChangePublisher.Failure == Never
  var objectWillChange: ObjectWillChangePublisher { get }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
  public var objectWillChange: ObservableObjectPublisher { standIn() }
}

/// A type that publishes a property marked with an attribute.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
@propertyWrapper
public struct Published<Value> {
  public init(wrappedValue: Value) {}
  public init(initialValue: Value) {}

  @available(*, unavailable, message: "@Published is only available on properties of classes")
  public var wrappedValue: Value {
    get { standIn() }
    set { standIn() }
  }

  public static subscript<EnclosingSelf: AnyObject>(
    _enclosingInstance object: EnclosingSelf,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
    storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
  ) -> Value {
    get { standIn() }
    set { standIn() }
  }

  /// A publisher for properties marked with the `@Published` attribute.
  public struct Publisher: Combine.Publisher {
    public typealias Output = Value
    public typealias Failure = Never
  }

  public var projectedValue: Published<Value>.Publisher {
    mutating get { standIn() }
    set { standIn() }
  }
}

private func standIn() -> Never { fatalError("the Combine stand-in is for type-checking only") }
