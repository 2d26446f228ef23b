@testable import Wiring

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class Greeting: Sendable {
  let text: String
  init(_ text: String) { self.text = text }
}

extension Container {
  var greeting: Factory<Greeting> { self { Greeting("declared") }.cached }
}

/// Registers and resolves through this library's own copy of Wiring: true when the registration
/// took effect.
@_cdecl("copy_resolvesItsRegistration")
public func resolvesItsRegistration() -> Bool {
  let container = Container()
  guard container.greeting().text == "declared" else { return false }
  container.greeting.register { Greeting("registered") }
  return container.greeting().text == "registered"
}

/// What this copy reports about other copies, as a test under the `.container` trait would
/// fail with it; an empty string when it is alone. The caller frees it.
@_cdecl("copy_report")
public func report() -> UnsafeMutablePointer<CChar> {
  strdup(RuntimeCopies.report() ?? "")
}
