#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

// Runs every case for every library in this one process, one case after another, and prints a
// table of nanoseconds per operation and the ratio to each case's direct baseline.
//
//   swift run -c release --package-path Benchmarks wiring-benchmarks [--smoke]
//
// `--smoke` runs each case once, briefly, to prove that it still works; its numbers mean nothing.

AllocationCounter.preloadIfNeeded()

let smoke = CommandLine.arguments.contains("--smoke")
let settings = smoke ? Settings.smoke : Settings.full
let report = Report()

print(smoke ? "Smoke run: every case once; the numbers mean nothing." : "Full run.")
print("median ns/op; ± is half the interquartile range; × direct is the median over the case's")
print("direct baseline, measured in the same run.")

uniqueResolve(report, settings)
cachedResolve(report, settings)
transientChain(report, settings)
graphScope(report, settings)
twoThreads(report, settings)
overrides(report, settings)
manyRegistrations(report, settings)
propertyWrappers(report, settings)
memory(report, iterations: smoke ? 100 : 100_000)
print("\n10. async factories: not measured; Wiring has no async factories yet.")
