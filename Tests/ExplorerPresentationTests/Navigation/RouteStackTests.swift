import ExplorerDomain
import ExplorerPresentation
import Testing

@Suite struct RouteStackTests {
  @Test func startsAtHomeWithNothingToPop() {
    var stack = RouteStack()
    #expect(stack.isAtHome)
    #expect(stack.current == nil)
    #expect(stack.pop() == nil)
    #expect(stack.breadcrumb == ["home"])
  }

  @Test func pushesAndPopsInOrder() {
    var stack = RouteStack()
    stack.push(.search(.dependencyInjection))
    stack.push(.repository(.factory))
    stack.push(.readme(.factory))
    #expect(
      stack.breadcrumb == [
        "home", #"search "topic:dependency-injection language:swift""#, "hmlongco/Factory",
        "README",
      ])
    #expect(stack.pop() == .readme(.factory))
    #expect(stack.current == .repository(.factory))
    stack.popToRoot()
    #expect(stack.isAtHome)
  }

  @Test func aReadmeNamesItsRepositoryUnlessTheStepBeforeDoes() {
    var stack = RouteStack()
    stack.push(.readme(.factory))
    #expect(stack.breadcrumb == ["home", "hmlongco/Factory README"])
    stack.push(.search(.dependencyInjection))
    stack.push(.readme(.factory))
    #expect(stack.breadcrumb.last == "hmlongco/Factory README")
  }
}
