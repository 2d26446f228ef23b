import Testing

@testable import Wiring

/// A second container type, to show that the declaring type is part of every factory's key.
private final class ReplicaContainer: SharedContainer {
  @TaskLocal static var shared = ReplicaContainer()
  let manager = ContainerManager()
  init() {}
}

extension Container {
  fileprivate var keyPrimaryStore: Factory<Service> {
    self { Service(name: "primary store") }.cached
  }
  fileprivate var keyReplicaStore: Factory<Service> {
    self { Service(name: "replica store") }.cached
  }
  /// Shares `keyPrimaryStore`'s registration: same container type, value type and name.
  fileprivate var keyPrimaryStoreAlias: Factory<Service> {
    Factory(self, key: "keyPrimaryStore") { Service(name: "alias") }.cached
  }
  fileprivate var keyExplicitPrimary: Factory<Service> {
    Factory(self, key: "primary") { Service(name: "primary") }.cached
  }
  fileprivate var keyExplicitSecondary: Factory<Service> {
    Factory(self, key: "secondary") { Service(name: "secondary") }.cached
  }
  fileprivate var keyExplicitPrimaryCount: Factory<Int> {
    Factory(self, key: "primary") { 1 }
  }
  fileprivate var keyOnBothContainers: Factory<Service> {
    self { Service(name: "main container") }.cached
  }
  fileprivate var keySingletonOnBothContainers: Factory<Service> {
    self { Service(name: "main container") }.singleton
  }
  fileprivate var keyRegisteredSingleton: Factory<Service> {
    self { Service(name: "main container") }.singleton
  }
}

extension ReplicaContainer {
  fileprivate var keyOnBothContainers: Factory<Service> {
    self { Service(name: "replica container") }.cached
  }
  fileprivate var keySingletonOnBothContainers: Factory<Service> {
    self { Service(name: "replica container") }.singleton
  }
  fileprivate var keyRegisteredSingleton: Factory<Service> {
    self { Service(name: "replica container") }.singleton
  }
}

/// Two factories of one value type that must be separate registrations.
enum KeyPairing: String, CaseIterable, Sendable {
  case twoProperties
  case twoExplicitKeys
  case onePropertyOnTwoContainerTypes

  /// The pair, declared on fresh containers; both keep their instance (`.cached`).
  fileprivate func factories() -> (Factory<Service>, Factory<Service>) {
    switch self {
    case .twoProperties:
      let container = Container()
      return (container.keyPrimaryStore, container.keyReplicaStore)
    case .twoExplicitKeys:
      let container = Container()
      return (container.keyExplicitPrimary, container.keyExplicitSecondary)
    case .onePropertyOnTwoContainerTypes:
      return (Container().keyOnBothContainers, ReplicaContainer().keyOnBothContainers)
    }
  }
}

@Suite struct FactoryKeyTests {
  @Test(arguments: KeyPairing.allCases)
  func pairedFactoriesBuildAndKeepTheirOwnInstances(pairing: KeyPairing) {
    let (first, second) = pairing.factories()
    let firstInstance = first()
    let secondInstance = second()
    #expect(firstInstance !== secondInstance)
    #expect(firstInstance.name != secondInstance.name)
    #expect(first() === firstInstance)
    #expect(second() === secondInstance)
  }

  @Test(arguments: KeyPairing.allCases)
  func registeringOneKeyLeavesTheOtherKeysBuilderAndInstance(pairing: KeyPairing) {
    let (first, second) = pairing.factories()
    let kept = second()
    first.register { Service(name: "override") }
    #expect(first().name == "override")
    #expect(second() === kept)
    first.reset()
    #expect(first().name != "override")
    #expect(second() === kept)
  }

  @Test(arguments: KeyPairing.allCases)
  func resettingOneKeyLeavesTheOtherKeysInstance(pairing: KeyPairing) {
    let (first, second) = pairing.factories()
    let firstInstance = first()
    let kept = second()
    first.reset(.scope)
    #expect(first() !== firstInstance)
    #expect(second() === kept)
  }

  @Test func onePropertyOnTwoContainerTypesIsTwoSingletons() {
    // Compared by the builder's name: a process-wide singleton reset elsewhere may rebuild
    // either instance, but it can never make one container type see the other's builder.
    let main = Container().keySingletonOnBothContainers()
    let replica = ReplicaContainer().keySingletonOnBothContainers()
    #expect(main.name == "main container")
    #expect(replica.name == "replica container")
    #expect(Container().keySingletonOnBothContainers().name == "main container")
  }

  @Test func registeringASingletonOnOneContainerTypeLeavesTheOtherTypesSingleton() {
    let container = Container()
    container.keyRegisteredSingleton.register { Service(name: "override") }
    defer { container.keyRegisteredSingleton.reset() }
    #expect(container.keyRegisteredSingleton().name == "override")
    #expect(ReplicaContainer().keyRegisteredSingleton().name == "replica container")
  }

  @Test func oneExplicitKeyForTwoValueTypesIsTwoRegistrations() {
    let container = Container()
    container.keyExplicitPrimaryCount.register { 42 }
    #expect(container.keyExplicitPrimaryCount() == 42)
    #expect(container.keyExplicitPrimary().name == "primary")
  }

  @Test func anExplicitKeyEqualToAPropertyNameSharesThatPropertysRegistration() {
    let container = Container()
    let fixture = Service(name: "registered")
    container.keyPrimaryStore.register { fixture }
    #expect(container.keyPrimaryStoreAlias() === fixture)
    let kept = container.keyPrimaryStore()
    #expect(container.keyPrimaryStoreAlias() === kept)
  }
}

/// A name as a key holds it: the literal itself, the same text at another address (as when the
/// optimizer copies a literal into another module), or one scalar.
enum KeyName: Sendable, CustomTestStringConvertible {
  case literal(StaticString)
  case copy(StaticString)
  case scalar(Unicode.Scalar)

  var testDescription: String {
    switch self {
    case .literal(let name): "literal \"\(name)\""
    case .copy(let name): "copy of \"\(name)\""
    case .scalar(let scalar): "scalar \"\(scalar)\""
    }
  }

  /// Runs `body` with the name; a copy lives in memory of its own until `body` returns.
  func withName<R>(_ body: (StaticString) -> R) -> R {
    switch self {
    case .literal(let name):
      return body(name)
    case .scalar(let scalar):
      // How `StaticStringParts` takes apart a one-scalar literal.
      let parts = StaticStringParts(
        word: UInt(scalar.value), length: 0, flags: scalar.isASCII ? 3 : 1)
      #expect(!parts.string.hasPointerRepresentation)
      return body(parts.string)
    case .copy(let name):
      let count = name.utf8CodeUnitCount
      let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: count + 1)
      defer { bytes.deallocate() }
      bytes.initialize(from: name.utf8Start, count: count)
      bytes[count] = 0
      let parts = StaticStringParts(
        word: UInt(bitPattern: bytes), length: UInt(count), flags: name.isASCII ? 2 : 0)
      return body(parts.string)
    }
  }
}

@Suite struct FactoryKeyNameTests {
  @Test(arguments: [
    (KeyName.literal("session"), KeyName.literal("session"), true),
    (.literal("session"), .copy("session"), true),
    (.copy("sessión"), .literal("sessión"), true),
    (.literal("session"), .copy("sessiom"), false),
    (.literal("session"), .copy("sessions"), false),
    (.literal("s"), .scalar("s"), true),
    (.scalar("é"), .copy("é"), true),
    (.scalar("s"), .scalar("t"), false),
    (.scalar("s"), .literal("st"), false),
  ])
  func twoKeysAreOneExactlyWhenTheirNamesReadTheSame(
    _ first: KeyName, _ second: KeyName, same: Bool
  ) {
    first.withName { firstName in
      second.withName { secondName in
        let one = FactoryKey(container: Container.self, value: Service.self, name: firstName)
        let other = FactoryKey(container: Container.self, value: Service.self, name: secondName)
        #expect((one == other) == same)
        if same { #expect(one.hashValue == other.hashValue) }
      }
    }
  }
}
