import Foundation
import Testing
import Wiring

// Regression: with -O, reading a `@WeakLazyInjected` whose object was freed crashed in
// `swift_dynamicCastClass` (Docs/KnownIssues.md). CI runs this suite optimized as well.

private class BaseThing: @unchecked Sendable {
  // NB: `@unchecked` is sound because the class has no stored state.
}
private final class FinalThing: BaseThing, @unchecked Sendable {}
private protocol Thing: AnyObject, Sendable {}
private final class ProtocolThing: Thing {}

extension Container {
  fileprivate var finalThing: Factory<FinalThing> { self { FinalThing() }.shared }
  fileprivate var baseThing: Factory<BaseThing> { self { FinalThing() }.shared }
  fileprivate var protocolThing: Factory<any Thing> { self { ProtocolThing() }.shared }
}

private final class Holder: @unchecked Sendable {
  // NB: `@unchecked` is sound because the wrappers are set at init and never reassigned; the
  // lazy boxes they hold are safe to read from any thread.
  @WeakLazyInjected(\.finalThing) var finalThing
  @WeakLazyInjected(\.baseThing) var baseThing
  @WeakLazyInjected(\.protocolThing) var protocolThing
}

/// Which of the holder's properties a case reads, and the factory behind it.
enum WeakLazyShape: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case finalClass, nonFinalClass, classBoundProtocol

  var testDescription: String { rawValue }

  fileprivate func resolve(in container: Container) -> AnyObject {
    switch self {
    case .finalClass: container.finalThing()
    case .nonFinalClass: container.baseThing()
    case .classBoundProtocol: container.protocolThing()
    }
  }

  fileprivate func read(_ holder: Holder) -> AnyObject? {
    switch self {
    case .finalClass: holder.finalThing
    case .nonFinalClass: holder.baseThing
    case .classBoundProtocol: holder.protocolThing
    }
  }
}

@Suite struct WeakLazyFreedReferenceTests {
  @Test(arguments: WeakLazyShape.allCases)
  func aFreedObjectReadsNilFromEveryThread(shape: WeakLazyShape) {
    let container = Container()
    let holder = Container.$shared.withValue(container) { Holder() }
    var strong: AnyObject? = shape.resolve(in: container)
    #expect(shape.read(holder) === strong)
    strong = nil
    #expect(shape.read(holder) == nil)
    let nonNilReads = Mutexed(0)
    onThreads(4) { _ in
      for _ in 0..<1_000 where shape.read(holder) != nil {
        nonNilReads.update { $0 += 1 }
      }
    }
    #expect(nonNilReads.read { $0 } == 0)
  }
}
