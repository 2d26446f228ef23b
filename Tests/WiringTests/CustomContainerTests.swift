import Testing
import Wiring

/// A module's own container, declared the way the documentation shows.
private final class NetworkContainer: SharedContainer {
  @TaskLocal static var shared = NetworkContainer()
  let manager = ContainerManager()
  init() {}
}

extension NetworkContainer {
  fileprivate var session: Factory<Service> { self { Service(name: "live session") } }
  fileprivate var cachedSession: Factory<Service> { self { Service(name: "live session") }.cached }
  fileprivate var namedSession: ParameterFactory<String, Service> {
    self { Service(name: $0) }
  }
}

/// A module's own container that also resolves by type.
private final class TypedContainer: SharedContainer, Resolving {
  @TaskLocal static var shared = TypedContainer()
  let manager = ContainerManager()
  init() {}
}

private final class TypedClient {
  @InjectedType(TypedContainer.shared) var session: Service?
}

private final class ContainerHolder {
  @InjectedContainer var container
  @InjectedContainer(NetworkContainer.self) var network

  func resetNetwork() { _network.reset() }
  func resetNetwork(_ options: FactoryResetOptions) { _network.reset(options: options) }
}

private final class EagerNetworkClient {
  @Injected(\NetworkContainer.session) var session
}

private final class LazyNetworkClient {
  @LazyInjected(\NetworkContainer.session) var session
}

private final class WeakNetworkClient {
  @WeakLazyInjected(\NetworkContainer.session) var session
}

private final class DynamicNetworkClient {
  @DynamicInjected(\NetworkContainer.session) var session
}

/// The four property wrappers, each reading `\NetworkContainer.session`.
enum NetworkWrapper: String, CaseIterable, Sendable {
  case injected, lazyInjected, weakLazyInjected, dynamicInjected

  /// Makes a client with this wrapper and returns how to read its session.
  fileprivate func makeClient() -> () -> Service? {
    switch self {
    case .injected:
      let client = EagerNetworkClient()
      return { client.session }
    case .lazyInjected:
      let client = LazyNetworkClient()
      return { client.session }
    case .weakLazyInjected:
      let client = WeakNetworkClient()
      return { client.session }
    case .dynamicInjected:
      let client = DynamicNetworkClient()
      return { client.session }
    }
  }
}

@Suite struct CustomContainerTests {
  @Test(arguments: NetworkWrapper.allCases)
  func propertyWrapperResolvesFromTheCustomContainersShared(wrapper: NetworkWrapper) {
    let container = NetworkContainer()
    let fixture = Service(name: "fixture session")
    container.session.register { fixture }
    NetworkContainer.$shared.withValue(container) {
      let read = wrapper.makeClient()
      #expect(read() === fixture)
    }
  }

  @Test func customContainerKeepsItsOwnCachedInstances() {
    let one = NetworkContainer()
    let other = NetworkContainer()
    let session = one.cachedSession()
    #expect(one.cachedSession() === session)
    #expect(other.cachedSession() !== session)
    one.manager.reset(scope: .cached)
    #expect(one.cachedSession() !== session)
  }

  @Test func taskLocalSharedInstanceIsReplacedOnlyInsideWithValue() {
    let outside = NetworkContainer.shared
    let inside = NetworkContainer()
    NetworkContainer.$shared.withValue(inside) {
      #expect(NetworkContainer.shared === inside)
    }
    #expect(NetworkContainer.shared === outside)
  }

  @Test func dependencyResolvesFromTheCustomContainersShared() {
    let container = NetworkContainer()
    let fixture = Service(name: "fixture session")
    container.session.register { fixture }
    NetworkContainer.$shared.withValue(container) {
      let session: Service = dependency(\NetworkContainer.session)
      #expect(session === fixture)
      let named: Service = dependency(\NetworkContainer.namedSession, parameter: "named")
      #expect(named.name == "named")
    }
  }

  @Test func injectedTypeResolvesByTypeAndAnAssignmentReplacesItForThatOwnerOnly() {
    let container = TypedContainer()
    let fixture = Service(name: "registered by type")
    container.register { fixture }
    TypedContainer.$shared.withValue(container) {
      let client = TypedClient()
      let other = TypedClient()
      #expect(client.session === fixture)
      client.session = nil
      #expect(client.session == nil)
      #expect(other.session === fixture)
    }
    #expect(TypedClient().session == nil)
  }

  @Test func injectedContainerKeepsTheSharedContainersCurrentWhenItsOwnerWasMade() {
    let container = Container()
    let network = NetworkContainer()
    let holder = Container.$shared.withValue(container) {
      NetworkContainer.$shared.withValue(network) { ContainerHolder() }
    }
    #expect(holder.container === container)
    #expect(holder.network === network)
    #expect(ContainerHolder().container === Container.shared)
    #expect(ContainerHolder().network === NetworkContainer.shared)
  }

  @Test func injectedContainerResetsOnlyWhatItIsAskedTo() {
    let network = NetworkContainer()
    let fixture = Service(name: "fixture session")
    network.session.register { fixture }
    let holder = NetworkContainer.$shared.withValue(network) { ContainerHolder() }
    holder.resetNetwork()
    #expect(network.session() === fixture)
    holder.resetNetwork(.registration)
    #expect(network.session().name == "live session")
  }
}
