// The reduction of a miscompile in optimized builds (Docs/KnownIssues.md): a conditional cast
// from `AnyObject?` to a generic `T`, specialized for a class, skips the nil check.
// Run as `OptionalCastToGeneric raw` (the defective form) or `OptionalCastToGeneric unwrapped`
// (the form Wiring uses); each prints `nil` when the cast of nil gives nil.

final class Thing {}

@inline(never)
func raw<T>(_ object: AnyObject?, as _: T.Type) -> T? {
  object as? T
}

@inline(never)
func unwrapped<T>(_ object: AnyObject?, as _: T.Type) -> T? {
  object.flatMap { $0 as? T }
}

let form = CommandLine.arguments.dropFirst().first ?? "unwrapped"
let result = form == "raw" ? raw(nil, as: Thing.self) : unwrapped(nil, as: Thing.self)
print(result == nil ? "nil" : "not nil")
