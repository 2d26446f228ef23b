import Foundation

/// Runs `body` on `count` fresh threads that start together, and waits for all of them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  let start = DispatchSemaphore(value: 0)
  let group = DispatchGroup()
  for index in 0..<count {
    group.enter()
    let thread = Thread {
      start.wait()
      body(index)
      group.leave()
    }
    thread.start()
  }
  for _ in 0..<count { start.signal() }
  group.wait()
}

/// Runs `body` in `count` child tasks and waits for all of them.
func inTasks(_ count: Int, _ body: @escaping @Sendable (Int) async -> Void) async {
  await withTaskGroup(of: Void.self) { group in
    for index in 0..<count { group.addTask { await body(index) } }
  }
}
