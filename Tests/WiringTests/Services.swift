import Foundation
import Wiring

/// A class whose instances are told apart by identity.
final class Service: Sendable {
  let name: String
  init(name: String = "live") { self.name = name }
}

/// Counts how many times a factory ran; safe to bump from many threads.
final class Counter: Sendable {
  private let count = Mutexed(0)
  var value: Int { count.read { $0 } }
  @discardableResult
  func increment() -> Int {
    count.update {
      $0 += 1
      return $0
    }
  }
}

/// A minimal lock for test bookkeeping.
final class Mutexed<Value>: @unchecked Sendable {
  // NB: `@unchecked` is sound because `value` is only touched while `lock` is held.
  private let lock = NSLock()
  private var value: Value
  init(_ value: Value) { self.value = value }
  func read<R>(_ body: (Value) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(value)
  }
  func update<R>(_ body: (inout Value) -> R) -> R {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}
