/// Where every measured result goes, so the optimizer cannot prove the work unused and delete it.
///
/// `@_optimize(none)` keeps the compiler from analysing the body, so the call stays an opaque use
/// of its argument (the same device package-benchmark's `blackHole` uses).
@_optimize(none)
@inline(never)
func consume<T>(_ value: T) {}

/// Returns its argument through a call the optimizer cannot see into, so set-up values are not
/// constant-folded into the measured loop.
@_optimize(none)
@inline(never)
func opaque<T>(_ value: T) -> T { value }
