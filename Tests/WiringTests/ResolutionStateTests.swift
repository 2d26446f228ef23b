import Testing

@testable import Wiring

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Each thread's `ResolutionState`: found again by every resolution on that thread, and released
/// when the thread exits.
@Suite struct ResolutionStateTests {
  /// What a thread saw of its state: whether two reads found the same one, and the state, held
  /// weakly so that only the thread keeps it.
  final class Sighting: @unchecked Sendable {
    // NB: `@unchecked` is sound because the thread writes both fields before it exits, and the
    // test reads them only after joining it.
    var foundTheSameTwice = false
    weak var state: ResolutionState?
  }

  @Test func eachThreadFindsItsOwnStateAndReleasesItWhenItExits() throws {
    let sighting = Sighting()
    let context = Unmanaged.passRetained(sighting).toOpaque()
    var thread = pthread_t()
    let created = pthread_create(
      &thread, nil,
      { context in
        #if canImport(Darwin)
        let sighting = Unmanaged<Sighting>.fromOpaque(context).takeRetainedValue()
        #else
        let sighting = Unmanaged<Sighting>.fromOpaque(context!).takeRetainedValue()
        #endif
        let first = currentResolutionState().toOpaque()
        sighting.foundTheSameTwice = currentResolutionState().toOpaque() == first
        sighting.state = ResolutionState.current
        return nil
      }, context)
    try #require(created == 0)
    pthread_join(thread, nil)

    #expect(sighting.foundTheSameTwice)
    #expect(sighting.state == nil, "the thread's state outlived the thread")
    #expect(ResolutionState.current === ResolutionState.current)
  }
}
