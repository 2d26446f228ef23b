import Testing

@testable import WiringTesting

@Suite struct PatienceTests {
  @Test func patienceRunsOutAfterFiveSecondsOfPolling() {
    var patience = Patience(now: 0)
    var now: UInt64 = 0
    var polls = 0
    while patience.lasts(now: now) {
      now += Patience.pollNanoseconds
      polls += 1
    }
    #expect(polls == Int(Patience.totalNanoseconds / Patience.pollNanoseconds))
  }

  @Test func aStalledProcessDoesNotUseUpThePatience() {
    var patience = Patience(now: 0)
    let aMinuteLater: UInt64 = 60_000_000_000
    let afterTheStall = patience.lasts(now: aMinuteLater)
    let afterTheNextPoll = patience.lasts(now: aMinuteLater + Patience.pollNanoseconds)
    #expect(afterTheStall)
    #expect(afterTheNextPoll)
  }
}
