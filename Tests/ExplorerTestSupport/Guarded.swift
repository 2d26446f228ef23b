internal import Foundation

/// A value shared between the replay server's threads and the test that reads it.
///
/// NB: `@unchecked Sendable` is sound because `value` is only read or written inside
/// `withLock`, under `lock`, and never escapes it by reference.
package final class Guarded<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) {
    self.value = value
  }

  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
