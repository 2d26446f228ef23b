import Testing

@testable import Wiring

/// The word a container publishes for one key, as lock-free resolutions read it back.
struct PublicationTests {
  /// What a slot holds when it is published.
  enum Holding: String, CaseIterable, CustomTestStringConvertible {
    case nothing, keptInstance, override, overrideAndKeptInstance
    var testDescription: String { rawValue }
    var keepsInstance: Bool { self == .keptInstance || self == .overrideAndKeptInstance }
    var hasOverride: Bool { self == .override || self == .overrideAndKeptInstance }
  }

  final class Service {}

  /// A slot holding what `holding` names: an override that builds every time, and a cached box.
  private func slot(_ holding: Holding) -> (Slot, box: Box<Service>, override: AnyOverride) {
    let key = FactoryKey(container: Container.self, value: Service.self, name: "service")
    let slot = Slot(entry: PublishedIndex.Entry(key: key))
    let box = Box(Service())
    let override: AnyOverride = Override<Service, @Sendable () -> Service>(
      builder: { Service() }, scope: .unique)
    if holding.keepsInstance {
      slot.instance = CachedInstance(box: box, scope: .cached, expiry: .infinity)
    }
    if holding.hasOverride { slot.override = override }
    return (slot, box, override)
  }

  @Test(arguments: Holding.allCases)
  func aWordReadsBackTheSlotsOverrideAndKeptInstance(holding: Holding) throws {
    let (slot, box, override) = slot(holding)
    let word = Publication.retainedWord(for: slot)
    defer { Publication.release(word) }
    guard holding != .nothing else {
      #expect(word == 0)
      return
    }
    let reading = Publication.Reading(word)
    #expect(reading.boxAddress == (holding.keepsInstance ? address(of: box) : nil))
    #expect(reading.overrideAddress == (holding.hasOverride ? address(of: override) : nil))
    #expect(reading.rule == (holding.hasOverride ? .overrideBuildsEveryTime : .declaration))
    if holding.hasOverride {
      #expect(reading.overrideType == ObjectIdentifier(type(of: override)))
    }
  }

  @Test(arguments: Holding.allCases)
  func releasingTheWordLetsGoOfWhatItHeld(holding: Holding) {
    weak var box: Box<Service>?
    weak var override: AnyOverride?
    var word: UInt = 0
    do {
      let made = slot(holding)
      (box, override) = (made.box, made.override)
      word = Publication.retainedWord(for: made.0)
    }
    #expect((box != nil) == holding.keepsInstance)
    #expect((override != nil) == holding.hasOverride)
    Publication.release(word)
    #expect(box == nil)
    #expect(override == nil)
  }

  @Test(arguments: [Scope.graph, .shared, .unique, .timeToLive(60)])
  func anInstanceOnlyTheLockedPathServesIsNotPublished(scope: Scope) {
    let (slot, box, _) = slot(.nothing)
    slot.instance = CachedInstance(box: box, scope: scope.kind, expiry: .infinity)
    #expect(Publication.retainedWord(for: slot) == 0)
  }

  private func address(of object: AnyObject) -> UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
  }
}
