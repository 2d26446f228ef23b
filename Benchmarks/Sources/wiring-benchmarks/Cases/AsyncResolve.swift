import Dispatch
import Wiring

/// Case 10: async factories, resolved with `await` from a task. Only Wiring has them.
func asyncResolve(_ report: Report) {
  let container = opaque(Wiring.Container())
  report.section("10. async resolve") { rows in
    rows.add("direct async init", isBaseline: true) { n in
      blocking { for _ in 0..<n { consume(await makePlainService()) } }
    }
    rows.add("Wiring AsyncFactory (.unique)") { n in
      blocking { for _ in 0..<n { consume(await container.asyncPlain()) } }
    }
    rows.add("Wiring AsyncFactory (.cached)") { n in
      blocking { for _ in 0..<n { consume(await container.asyncCachedService()) } }
    }
    rows.add("Wiring AsyncFactory (.singleton)") { n in
      blocking { for _ in 0..<n { consume(await container.asyncSingletonService()) } }
    }
    rows.note("Swinject, swift-dependencies", "no async factories")
  }
}

/// A new service from an async function the optimizer cannot see into.
@inline(never)
func makePlainService() async -> any Service { PlainService() }

/// Runs `body` in a task and blocks this thread until it ends. The hand-off costs a few
/// microseconds per sample, which its thousands of iterations make negligible per operation.
func blocking(_ body: @escaping @Sendable () async -> Void) {
  let done = DispatchSemaphore(value: 0)
  Task {
    await body()
    done.signal()
  }
  done.wait()
}
