import Foundation
import Wiring

// MARK: Declarations

final class Request: Sendable {}
final class ImageCache: Sendable {}
final class Analytics: Sendable {}
final class ExchangeRates: Sendable {}
final class Token: Sendable {}
final class Account: Sendable {}

/// Numbers editors as they are built, so a rebuilt one is told apart even at a reused address.
let editorNumbers = Tally()
let draftNumbers = Tally()

final class Editor: Sendable {
  let number = editorNumbers.bump()
}

/// Holds the editor weakly: reading it after the editor is freed gives nil, in every build.
final class EditorPane {
  @WeakLazyInjected(\.editor) var editor
}

struct Draft: Sendable {
  let number: Int
}

extension Scope {
  static let session = Scope.custom("session")
}

extension Container {
  var request: Factory<Request> { self { Request() } }  // .unique is the default
  var imageCache: Factory<ImageCache> { self { ImageCache() }.cached }
  var analytics: Factory<Analytics> { self { Analytics() }.singleton }
  var editor: Factory<Editor> { self { Editor() }.shared }
  var draft: Factory<Draft> { self { Draft(number: draftNumbers.bump()) }.shared }
  var exchangeRates: Factory<ExchangeRates> { self { ExchangeRates() }.timeToLive(0.2) }
  var token: Factory<Token> { self { Token() }.scope(.expiring(after: 0.2)) }
  var account: Factory<Account> { self { Account() }.scope(.session) }
}

// MARK: Graph

final class UnitOfWork: Sendable {}

struct OrderRepository: Sendable {
  let work: UnitOfWork
}

struct PaymentRepository: Sendable {
  let work: UnitOfWork
}

struct Checkout: Sendable {
  let orders: OrderRepository
  let payments: PaymentRepository
}

extension Container {
  var unitOfWork: Factory<UnitOfWork> { self { UnitOfWork() }.graph }
  var orders: Factory<OrderRepository> { self { OrderRepository(work: self.unitOfWork()) } }
  var payments: Factory<PaymentRepository> { self { PaymentRepository(work: self.unitOfWork()) } }
  var checkout: Factory<Checkout> {
    self { Checkout(orders: self.orders(), payments: self.payments()) }
  }
}

// MARK: Parameters

final class Thumbnail: Sendable {
  let url: String
  init(url: String) { self.url = url }
}

extension Container {
  var thumbnail: ParameterFactory<String, Thumbnail> {
    self { Thumbnail(url: $0) }.cached.scopeOnParameters
  }
  var avatar: ParameterFactory<String, Thumbnail> { self { Thumbnail(url: $0) }.cached }
}

// MARK: Contention and decorators

let searchIndexBuilds = Tally()

final class SearchIndex: Sendable {
  let warmUps = Tally()
  func warmUp() { warmUps.bump() }
}

extension Container {
  var searchIndex: Factory<SearchIndex> {
    self {
      searchIndexBuilds.bump()
      Thread.sleep(forTimeInterval: 0.1)  // a slow initializer
      return SearchIndex()
    }
    .cached
    .decorator { index, isNew in if isNew { index.warmUp() } }
  }
}

/// Two slow factories that each wait for the other to start building: they finish only if the
/// container lets unrelated factories build at the same time.
final class Rendezvous: Sendable {
  private let left = DispatchSemaphore(value: 0)
  private let right = DispatchSemaphore(value: 0)

  func arriveLeft() -> Bool {
    left.signal()
    return right.wait(timeout: .now() + 2) == .success
  }

  func arriveRight() -> Bool {
    right.signal()
    return left.wait(timeout: .now() + 2) == .success
  }
}

let rendezvous = Rendezvous()

extension Container {
  var leftPanel: Factory<Bool> { self { rendezvous.arriveLeft() }.cached }
  var rightPanel: Factory<Bool> { self { rendezvous.arriveRight() }.cached }
}

// MARK: Run

@MainActor
func runScopes() {
  Report.section("Scopes")
  let container = Container()

  check("unique: a new instance on every resolution", container.request() !== container.request())

  let cache = container.imageCache()
  check(
    "cached: one instance per container",
    container.imageCache() === cache && Container().imageCache() !== cache)

  let analytics = Container().analytics()
  check("singleton: one instance across containers", Container().analytics() === analytics)
  container.manager.reset()
  check("singleton: manager.reset() keeps it", container.analytics() === analytics)
  container.manager.reset(scope: .singleton)
  check("singleton: manager.reset(scope: .singleton) drops it",
    container.analytics() !== analytics)

  var editor: Editor? = container.editor()
  let first = editor?.number
  check("shared: reused while someone holds it", container.editor().number == first)
  editor = nil
  check("shared: rebuilt once nobody holds it", container.editor().number != first)
  Container.$shared.withValue(container) {
    var held: Editor? = container.editor()
    let pane = EditorPane()
    check("@WeakLazyInjected of a final class reads the held editor", pane.editor === held)
    held = nil
    check("@WeakLazyInjected of a final class reads nil once it is freed", pane.editor == nil)
  }
  check("shared: value types behave like unique",
    container.draft().number != container.draft().number)

  let checkout = container.checkout()
  check(
    "graph: one instance within one resolution",
    checkout.orders.work === checkout.payments.work)
  check("graph: a new one for the next resolution",
    container.checkout().orders.work !== checkout.orders.work)

  let rates = container.exchangeRates()
  check("timeToLive: kept while in use", container.exchangeRates() === rates)
  Thread.sleep(forTimeInterval: 0.3)
  check("timeToLive: rebuilt once unused for its lifetime", container.exchangeRates() !== rates)

  let token = container.token()
  check("expiring(after:): kept while young", container.token() === token)
  Thread.sleep(forTimeInterval: 0.3)
  check("expiring(after:): rebuilt once older than its lifetime", container.token() !== token)

  let account = container.account()
  let images = container.imageCache()
  container.manager.reset(scope: .session)
  check(
    "custom scope: reset(scope: .session) drops accounts, not cached instances",
    container.account() !== account && container.imageCache() === images)
  container.manager.reset(scope: .cached)
  check(
    "custom scope: reset(scope: .cached) leaves the session alone",
    container.account() === container.account() && container.imageCache() !== images)

  check(
    "scopeOnParameters: one instance per parameter value",
    container.thumbnail("a.png") === container.thumbnail("a.png")
      && container.thumbnail("a.png") !== container.thumbnail("b.png"))
  check(
    "without scopeOnParameters: one instance whatever the parameter",
    container.avatar("a.png") === container.avatar("b.png")
      && container.avatar("b.png").url == "a.png")

  let racing = Container()
  let before = searchIndexBuilds.value
  onThreads(8) { _ in _ = racing.searchIndex() }
  let index = racing.searchIndex()
  check(
    "single-flight: 8 racing threads, one build, one decoration",
    searchIndexBuilds.value - before == 1 && index.warmUps.value == 1)

  let parallel = Container()
  let finished = Tally()
  onThreads(2) { thread in
    let met = thread == 0 ? parallel.leftPanel() : parallel.rightPanel()
    if met { finished.bump() }
  }
  check("no global lock: two slow unrelated factories build at the same time",
    finished.value == 2)
}
