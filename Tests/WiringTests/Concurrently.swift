import Foundation

/// Runs `body` on `count` fresh threads that start together, and waits for all of them; what
/// `body` captured is let go of before it returns.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let start = DispatchSemaphore(value: 0)
  let group = DispatchGroup()
  let work = ThreadWork(body)
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      start.wait()
      work.body?(index)
      group.leave()
    }
    thread.start()
  }
  for _ in 0..<count { start.signal() }
  group.wait()
  // A thread that has left the group may still be exiting, holding its closure.
  work.body = nil
}

/// The body that `onThreads` runs, held apart from the threads' closures so that it can be
/// let go of while a thread is still exiting.
private final class ThreadWork: @unchecked Sendable {
  // NB: `@unchecked` is sound because the threads only read `body`, and `onThreads` clears it
  // after every thread has left the group, which orders their reads before the write.
  var body: (@Sendable (Int) -> Void)?

  init(_ body: @escaping @Sendable (Int) -> Void) { self.body = body }
}

/// Runs `body` in `count` child tasks and waits for all of them.
func inTasks(_ count: Int, _ body: @escaping @Sendable (Int) async -> Void) async {
  await withTaskGroup(of: Void.self) { group in
    for index in 0..<count { group.addTask { await body(index) } }
  }
}

/// Two threads that each announce they started and wait, briefly, for the other to start.
final class Rendezvous: Sendable {
  private let left = DispatchSemaphore(value: 0)
  private let right = DispatchSemaphore(value: 0)

  /// Called by the left side: announces it and returns whether the right side arrived in time.
  @discardableResult
  func leftArrives() -> Bool {
    left.signal()
    return right.wait(timeout: .now() + 10) == .success
  }

  /// Called by the right side: announces it and returns whether the left side arrived in time.
  @discardableResult
  func rightArrives() -> Bool {
    right.signal()
    return left.wait(timeout: .now() + 10) == .success
  }
}
