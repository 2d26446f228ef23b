import Foundation
import MallocInterposerSwift

/// Heap traffic per operation, counted by ordo-one's malloc interposer.
struct Allocations: Sendable {
  /// `malloc` and friends per operation.
  let count: Double
  /// Requested bytes per operation.
  let bytes: Double
  /// Bytes still allocated at the end, per operation: what the operations keep alive.
  let retainedBytes: Double
}

/// Counting allocations needs the interposer loaded before the C library's allocator, which only
/// the dynamic loader can arrange: the program restarts itself once with it preloaded.
enum AllocationCounter {
  private static let marker = "WIRING_BENCHMARKS_PRELOADED"

  #if canImport(Darwin)
  private static let variable = "DYLD_INSERT_LIBRARIES"
  private static let library = "libMallocInterposerSwift.dylib"
  #else
  private static let variable = "LD_PRELOAD"
  private static let library = "libMallocInterposerSwift.so"
  #endif

  /// Restarts this process with the interposer preloaded, unless that already happened or the
  /// library cannot be found next to the executable. Returns only when no restart took place.
  static func preloadIfNeeded() {
    let environment = ProcessInfo.processInfo.environment
    guard environment[marker] == nil, let executable = Bundle.main.executablePath else { return }
    let path = URL(fileURLWithPath: executable).deletingLastPathComponent()
      .appendingPathComponent(library).path
    guard FileManager.default.fileExists(atPath: path) else { return }
    setenv(marker, "1", 1)
    setenv(variable, path, 1)
    var arguments = CommandLine.arguments.map { strdup($0) }
    arguments.append(nil)
    execv(executable, &arguments)
  }

  /// Whether allocations are really being counted in this process.
  static let isActive: Bool = {
    MallocInterposerSwift.initialize()
    MallocInterposerSwift.hook()
    let probe = malloc(24)
    consume(probe)  // escapes, so the optimizer cannot drop the pair
    free(probe)
    MallocInterposerSwift.unhook()
    return MallocInterposerSwift.getStatistics().mallocCount > 0
  }()

  /// Counts what `body(iterations)` allocates, or nil when counting is not available.
  static func count(iterations: Int, _ body: (Int) -> Void) -> Allocations? {
    guard isActive else { return nil }
    body(iterations)  // first-use allocations (caches, thread state) are not per operation
    MallocInterposerSwift.reset()
    MallocInterposerSwift.hook()
    body(iterations)
    MallocInterposerSwift.unhook()
    let stats = MallocInterposerSwift.getStatistics()
    let perOperation = Double(iterations)
    return Allocations(
      count: Double(stats.mallocCount) / perOperation,
      bytes: Double(stats.mallocBytesCount) / perOperation,
      retainedBytes: Double(stats.mallocBytesCount - stats.freeBytesCount) / perOperation)
  }

  /// Bytes that `make` allocated and that were still allocated when it returned, after one
  /// unmeasured call (first-use allocations are not what the result keeps).
  static func retainedBytes(_ make: () -> Any) -> Double {
    consume(make())
    var result: Any?
    let bytes = bytesKept { result = make() } ?? 0
    withExtendedLifetime(result) {}
    return bytes
  }

  /// Bytes that `body` allocated and had not freed when it returned, first uses included (a
  /// negative figure: it freed more than it kept), or nil when counting is not available.
  static func bytesKept(by body: () -> Void) -> Double? {
    guard isActive else { return nil }
    MallocInterposerSwift.reset()
    MallocInterposerSwift.hook()
    body()
    MallocInterposerSwift.unhook()
    let stats = MallocInterposerSwift.getStatistics()
    return Double(stats.mallocBytesCount - stats.freeBytesCount)
  }
}
