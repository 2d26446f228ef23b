// Compiled with `-O` in CI against the optimized Wiring module: with Swift 6.3.1's optimizer,
// each function below crashed the compiler (in ClosureSpecializer's rewrite, found later by
// SILCombine or StackPromotion) until `RareModifiers.replacing` was always inlined
// (Docs/KnownIssues.md). It only has to compile; CI runs nothing.

import Wiring

final class Service: Sendable {}

extension Container {
  var service: Factory<Service> { self { Service() }.onTest { Service() }.onDebug { Service() } }
  var previewed: Factory<Service> {
    self { Service() }.cached.onPreview { Service() }.onDebug { Service() }
  }
  var decorated: Factory<Service> { self { Service() }.decorator { _ in }.onDebug { Service() } }
  var perArgument: ParameterFactory<Int, Service> {
    self { _ in Service() }.onTest { _ in Service() }.onDebug { _ in Service() }
  }
  var connection: AsyncFactory<Service> {
    self { Service() }.onTest { Service() }.onPreview { Service() }
  }
}

/// Nine loops resolving one factory with two contexts: the smallest shape that crashed.
@inline(never)
func nineLoops(_ count: Int, _ container: Container) {
  for _ in 0..<count { _ = container.service() }
  for _ in 0..<count { _ = container.service() }
  for _ in 0..<count { _ = container.service() }
  for _ in 0..<count { _ = container.service() }
  for _ in 0..<count { _ = container.service() }
  for _ in 0..<count { _ = container.service() }
  for _ in 0..<count { _ = container.service() }
  for _ in 0..<count { _ = container.service() }
  for _ in 0..<count { _ = container.service() }
}

/// A function that resolves several such factories, as an app's composition root does.
@inline(never)
func compositionRoot(_ count: Int, _ container: Container) {
  for _ in 0..<count { _ = container.service() }
  for _ in 0..<count { _ = container.previewed() }
  for _ in 0..<count { _ = container.decorated() }
  for index in 0..<count { _ = container.perArgument(index) }
  for _ in 0..<count { _ = container.service() }
  for _ in 0..<count { _ = container.previewed() }
  for _ in 0..<count { _ = container.decorated() }
  for index in 0..<count { _ = container.perArgument(index) }
  for _ in 0..<count { _ = container.service() }
  for _ in 0..<count { _ = container.previewed() }
  for _ in 0..<count { _ = container.decorated() }
  for index in 0..<count { _ = container.perArgument(index) }
}

/// The same in an async function, beside an `AsyncFactory`.
func asyncLoops(_ count: Int, _ container: Container) async {
  for _ in 0..<count { _ = await container.connection() }
  for _ in 0..<count { _ = await container.connection() }
  for _ in 0..<count { _ = await container.connection() }
  for _ in 0..<count { _ = await container.connection() }
  for _ in 0..<count { _ = await container.connection() }
  for _ in 0..<count { _ = await container.connection() }
  for _ in 0..<count { _ = await container.connection() }
  for _ in 0..<count { _ = await container.connection() }
  for _ in 0..<count { _ = await container.connection() }
  for _ in 0..<count { _ = await container.connection() }
  for _ in 0..<count { _ = await container.connection() }
  for _ in 0..<count { _ = await container.connection() }
  for index in 0..<count { _ = container.perArgument(index) }
  for index in 0..<count { _ = container.perArgument(index) }
  for index in 0..<count { _ = container.perArgument(index) }
  for index in 0..<count { _ = container.perArgument(index) }
  for index in 0..<count { _ = container.perArgument(index) }
  for index in 0..<count { _ = container.perArgument(index) }
  for index in 0..<count { _ = container.perArgument(index) }
  for index in 0..<count { _ = container.perArgument(index) }
  for index in 0..<count { _ = container.perArgument(index) }
  for index in 0..<count { _ = container.perArgument(index) }
  for index in 0..<count { _ = container.perArgument(index) }
  for index in 0..<count { _ = container.perArgument(index) }
}
