// The reduction, without Wiring, of a compiler crash in optimized builds (Docs/KnownIssues.md):
// a closure passed to a function that is not inlined, in a branch, followed by a call with a
// closure of its own. Swift 6.3.1's closure specializer leaves `test` invalid, and a later pass
// crashes. CI compiles it with `-O` only to report whether the toolchain still crashes.

// Safe: the program has one thread.
nonisolated(unsafe) var sink = 0

@inline(never)
func use(_ change: (inout Int) -> Void) { change(&sink) }

@inline(never)
func transform(_ next: (Int) -> Int) { sink = next(sink) }

@inline(__always)
func modify(_ change: (inout Int) -> Void, if condition: Bool) {
  if condition { use(change) }
}

@inline(never)
func test(_ count: Int, _ values: [Int]) {
  for index in 0..<count {
    modify({ $0 += values.count }, if: index == 0)
    transform { $0 + 1 }
  }
}

test(CommandLine.arguments.count, [1, 2])
print(sink)
