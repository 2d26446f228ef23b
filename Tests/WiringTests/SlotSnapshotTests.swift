import Testing

@testable import Wiring

/// The word a container publishes for one key, as lock-free resolutions read it back.
@Suite struct SlotSnapshotTests {
  /// What a slot holds when it is published: any of a kept instance, an override and
  /// per-parameter instances.
  struct Holding: CustomTestStringConvertible {
    var keepsInstance = false
    var hasOverride = false
    var hasParameters = false

    static let allCases: [Holding] = (0..<8).map {
      Holding(keepsInstance: $0 & 1 != 0, hasOverride: $0 & 2 != 0, hasParameters: $0 & 4 != 0)
    }

    var holdsNothing: Bool { !keepsInstance && !hasOverride && !hasParameters }

    var testDescription: String {
      let parts = [
        keepsInstance ? "kept instance" : nil, hasOverride ? "override" : nil,
        hasParameters ? "per-parameter instances" : nil,
      ].compactMap { $0 }
      return parts.isEmpty ? "nothing" : parts.joined(separator: " and ")
    }
  }

  final class Service {}

  /// A slot holding what `holding` names: a cached box, an override that builds every time,
  /// and an instance kept for the parameter 7.
  private func slot(
    _ holding: Holding
  ) -> (Slot, box: Box<Service>, amendment: AnyAmendment, parameters: ParameterSlots<Int>) {
    let key = FactoryKey(container: Container.self, value: Service.self, name: "service")
    let slot = Slot(key: key)
    let box = Box(Service())
    let builder: @Sendable () -> Service = { Service() }
    let amendment = Amendment<Service, @Sendable () -> Service>(
      AnyAmendment(replacingWith: builder, building: Service.self)
    )!.with(scope: .unique).stored
    let parameters = ParameterSlots<Int>(key: key)
    if holding.keepsInstance {
      slot.instance = CachedInstance(box: box, scope: .cached)
    }
    if holding.hasOverride { slot.amendment = amendment }
    if holding.hasParameters {
      let kept = parameters.slot(for: 7)
      kept.instance = CachedInstance(box: Box(Service()), scope: .cached)
      withUnsafePointer(to: 7) {
        _ = parameters.publish(
          kept.publishableBox!, keptIn: kept, parameter: $0, type: Int.self)
      }
      slot.parameterSlots = parameters
    }
    return (slot, box, amendment, parameters)
  }

  @Test(arguments: Holding.allCases)
  func aWordReadsBackEverythingTheSlotPublishes(holding: Holding) throws {
    let (slot, box, amendment, parameters) = slot(holding)
    let word = SlotSnapshot.retainedWord(for: slot)
    defer { SlotSnapshot.release(word) }
    guard !holding.holdsNothing else {
      #expect(word == 0)
      return
    }
    let reading = SlotSnapshot.Reading(word)
    #expect(reading.boxAddress == (holding.keepsInstance ? address(of: box) : nil))
    #expect(reading.amendmentAddress == (holding.hasOverride ? address(of: amendment) : nil))
    #expect(
      reading.parametersAddress == (holding.hasParameters ? parameters.table.map(address) : nil))
    #expect(reading.amendment?.keeping == (holding.hasOverride ? .nowhere : nil))
    #expect(reading.amendment?.picksByContext == (holding.hasOverride ? false : nil))
  }

  @Test(arguments: Holding.allCases)
  func releasingTheWordLetsGoOfWhatItHeld(holding: Holding) {
    weak var box: Box<Service>?
    weak var amendment: AnyAmendment?
    weak var table: ParameterTable?
    var word: UInt = 0
    do {
      let made = slot(holding)
      (box, amendment, table) = (made.box, made.amendment, made.parameters.table)
      word = SlotSnapshot.retainedWord(for: made.0)
    }
    #expect((box != nil) == holding.keepsInstance)
    #expect((amendment != nil) == holding.hasOverride)
    #expect((table != nil) == holding.hasParameters)
    SlotSnapshot.release(word)
    #expect(box == nil)
    #expect(amendment == nil)
    #expect(table == nil)
  }

  @Test(arguments: [Scope.graph, .shared, .unique, .timeToLive(60)])
  func anInstanceOnlyTheLockedPathServesIsNotPublished(scope: Scope) {
    let (slot, box, _, _) = slot(Holding())
    slot.instance = CachedInstance(box: box, scope: scope)
    #expect(SlotSnapshot.retainedWord(for: slot) == 0)
  }

  private func address(of object: AnyObject) -> UnsafeRawPointer {
    UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque())
  }
}
