import Foundation
import Testing
import Wiring

extension Container {
  fileprivate func meetLeft(_ meeting: Rendezvous) -> Factory<Bool> {
    Factory(self, key: "meetLeft") {
      meeting.leftArrives()
    }.cached
  }

  fileprivate func meetRight(_ meeting: Rendezvous) -> Factory<Bool> {
    Factory(self, key: "meetRight") {
      meeting.rightArrives()
    }.cached
  }

  fileprivate var outer: Factory<[Int]> { self { [self.inner(), self.inner() + 1] }.cached }
  fileprivate var inner: Factory<Int> { self { 41 }.cached }
}

@Suite struct ParallelBuildTests {
  @Test func unrelatedFactoriesBuildInParallelWithNoLockHeld() {
    let container = Container()
    let meeting = Rendezvous()
    let met = Mutexed<[Bool]>([])
    onThreads(2) { index in
      let value = index == 0 ? container.meetLeft(meeting)() : container.meetRight(meeting)()
      met.update { $0.append(value) }
    }
    #expect(met.read { $0 } == [true, true])
  }

  @Test func aFactoryMayResolveOthersWhileItBuilds() {
    #expect(Container().outer() == [41, 42])
  }
}
