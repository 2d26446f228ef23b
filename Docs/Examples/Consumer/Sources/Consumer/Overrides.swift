import Wiring

// MARK: Declarations

final class Feed: Sendable {
  let source: String
  init(source: String) { self.source = source }
}

extension Container {
  var feed: Factory<Feed> {
    self { Feed(source: "live") }
      .onArg("--offline") { Feed(source: "offline") }
      .onTest { Feed(source: "fixture") }
  }
}

// MARK: A cycle

final class AccountService: Sendable {
  let billing: BillingService
  init(billing: BillingService) { self.billing = billing }
}

final class BillingService: Sendable {
  let accounts: AccountService
  init(accounts: AccountService) { self.accounts = accounts }
}

extension Container {
  var accounts: Factory<AccountService> { self { AccountService(billing: self.billing()) } }
  var billing: Factory<BillingService> { self { BillingService(accounts: self.accounts()) } }
}

// MARK: Run

@MainActor
func runOverrides() {
  Report.section("Overrides")
  let container = Container()

  check("the declaration builds when nothing is registered", container.feed().source == "live")
  container.feed.register { Feed(source: "recorded") }
  check("register replaces the builder", container.feed().source == "recorded")
  container.feed.reset()
  check("reset() goes back to the declaration", container.feed().source == "live")

  container.feed.register { Feed(source: "recorded") }.scope(.cached)
  let recorded = container.feed()
  check("register { … }.scope(.cached) scopes the override", container.feed() === recorded)
  container.feed.reset(.scope)
  check(
    "reset(.scope) drops the kept instance, keeps the override",
    container.feed() !== recorded && container.feed().source == "recorded")
  container.feed.reset(.registration)
  check(
    "reset(.registration) drops the override and keeps what it built, as in Factory",
    container.feed().source == "recorded")
  container.feed.reset(.scope)
  check(
    "then reset(.scope) builds from the declaration, in the override's scope",
    container.feed().source == "live" && container.feed() === container.feed())
  container.feed.reset()

  container.manager.push()
  container.feed.register { Feed(source: "recorded") }
  container.manager.pop()
  check("push() … pop() restores what was registered", container.feed().source == "live")

  container.feed.register { Feed(source: "recorded") }
  container.manager.reset()
  check("manager.reset() forgets every registration", container.feed().source == "live")

  let launched = FactoryContext.current
  FactoryContext.current.isTest = true
  check("onTest builds while tests run", container.feed().source == "fixture")
  FactoryContext.current.arguments.append("--offline")
  check("onArg wins over onTest", container.feed().source == "offline")
  container.feed.register { Feed(source: "recorded") }
  check(
    "as in Factory, a context that holds wins over an override",
    container.feed().source == "offline")
  FactoryContext.current = launched
  check("the override builds when no context holds", container.feed().source == "recorded")
  container.feed.reset()

  FactoryContext.current.isTest = true
  container.feed.onTest { Feed(source: "stub") }
  check(
    "a context written as a statement is kept by the container",
    container.feed().source == "stub")
  container.feed.scope(.cached)
  let stub = container.feed()
  check("a scope written as a statement is kept too", container.feed() === stub)
  container.reset(options: [.context, .scope])
  check(
    "reset(options: [.context, .scope]) drops stored contexts, not the declaration's",
    container.feed().source == "fixture")
  container.reset()
  FactoryContext.current = launched

  Container.$shared.withValue(Container()) {
    Container.shared.feed.register { Feed(source: "recorded") }
    check("withValue: the override applies inside", Container.shared.feed().source == "recorded")
  }
  check("withValue: the shared container is untouched", Container.shared.feed().source == "live")

  let outcome = catchResolutionFailure { Container.shared.accounts() }
  if case .failure(let failure) = outcome {
    print("      \(failure)")
    check(
      "catchResolutionFailure returns the cycle with its chain",
      failure.kind == .cycle
        && failure.chain == ["Container.accounts", "Container.billing", "Container.accounts"])
  } else {
    check("catchResolutionFailure returns the cycle with its chain", false)
  }
}
