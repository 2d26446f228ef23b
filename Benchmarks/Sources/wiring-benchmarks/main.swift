#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

// Runs every case for every library in this one process, one case after another, and prints a
// table of nanoseconds per operation and the ratio to each case's direct baseline.
//
//   swift run -c release --package-path Benchmarks wiring-benchmarks [--smoke] [case numbers]
//   swift run -c debug --package-path Benchmarks wiring-benchmarks [case numbers]
//
// With FACTORY_PATH set to a checkout of hmlongco/Factory at build time, Factory gets rows too.
// A debug build measures what tests and development runs see; release, what users ship.
//
// `--smoke` runs each case once, briefly, to prove that it still works; its numbers mean nothing.

AllocationCounter.preloadIfNeeded()

// A child of the start-up case (11) measures one row and prints two numbers, nothing else.
if let flag = CommandLine.arguments.firstIndex(of: "--start-up") {
  exit(StartUpChild.main(Array(CommandLine.arguments[(flag + 1)...])) ? 0 : 2)
}

let smoke = CommandLine.arguments.contains("--smoke")
let settings = smoke ? Settings.smoke : Settings.full
let report = Report(settings: settings)

print(smoke ? "Smoke run: every case once; the numbers mean nothing." : "Full run.")
#if DEBUG
print("Debug build (-c debug): every library unoptimized, as in tests and development.")
#else
print("Release build.")
#endif
#if FACTORY
print("Factory rows: the checkout FACTORY_PATH named when this was built.")
#else
print("No Factory rows: build with FACTORY_PATH set to a checkout of hmlongco/Factory.")
#endif
print("median ns/op; ± is half the interquartile range; × direct is the median, over the rounds")
print("in which the rows of a case take turns, of a row's time over its direct baseline's.")

// Case numbers on the command line (`2 5`) run only those cases.
let selected = Set(CommandLine.arguments.dropFirst().compactMap { Int($0) })
func runs(_ number: Int) -> Bool { selected.isEmpty || selected.contains(number) }

if runs(1) { uniqueResolve(report) }
if runs(2) { cachedResolve(report) }
if runs(3) { transientChain(report) }
if runs(4) { graphScope(report) }
if runs(5) { twoThreads(report) }
if runs(6) { overrides(report) }
if runs(7) { manyRegistrations(report) }
if runs(8) { propertyWrappers(report) }
if runs(9) { memory(report, iterations: smoke ? 100 : 100_000) }
if runs(10) { asyncResolve(report) }
if runs(11) { startUp(smoke: smoke) }
