import Wiring

final class NetworkContainer: SharedContainer {
  @TaskLocal static var shared = NetworkContainer()
  let manager = ContainerManager()
}

final class HTTPClient: Sendable {}
final class CookieJar: Sendable {}
final class NetworkMonitor: Sendable {}

struct Reachability: Sendable {
  let isOnline: Bool
}

extension NetworkContainer {
  var http: Factory<HTTPClient> { self { HTTPClient() }.cached }
  var cookies: Factory<CookieJar> { self { CookieJar() }.cached }
  var monitor: Factory<NetworkMonitor> { self { NetworkMonitor() }.shared }
  var reachability: Factory<Reachability> { self { Reachability(isOnline: true) } }
}

final class Downloader {
  @Injected(\NetworkContainer.http) var http
  @LazyInjected(\NetworkContainer.cookies) var cookies
  @WeakLazyInjected(\NetworkContainer.monitor) var monitor
  @DynamicInjected(\NetworkContainer.reachability) var reachability
}

@MainActor
func runNetworkContainer() {
  let network = NetworkContainer()
  NetworkContainer.$shared.withValue(network) {
    let downloader = Downloader()
    let monitor = network.monitor()
    network.reachability.register { Reachability(isOnline: false) }
    check(
      "a custom SharedContainer feeds all four wrappers from NetworkContainer.shared",
      downloader.http === network.http() && downloader.cookies === network.cookies()
        && downloader.monitor === monitor && !downloader.reachability.isOnline)
  }
}
