// swift-tools-version: 6.0
import PackageDescription

// Benchmarks of Wiring against Swinject, swift-dependencies and, when FACTORY_PATH names a
// checkout of hmlongco/Factory, Factory. A package of its own, so that no peer ever enters
// Wiring's dependency graph; see Docs/Performance.md.

// SwiftPM names a path dependency after its folder, so the root package is known by the name of
// the folder the repository was cloned into; read it instead of hard-coding it.
let root = String(Context.packageDirectory.split(separator: "/").dropLast(1).last ?? "Wiring")

// Factory is not in the package mirror this project builds from: it comes from a local checkout.
let factory = Context.environment["FACTORY_PATH"].flatMap { $0.isEmpty ? nil : $0 }
let factoryName = factory.map { String($0.split(separator: "/").last ?? "Factory") }

let package = Package(
  name: "Benchmarks",
  // macOS 15 for `Atomic` in the two-thread harness, unguarded.
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
  ] + (factory.map { [.package(path: $0)] } ?? []),
  targets: [
    .executableTarget(
      name: "wiring-benchmarks",
      dependencies: [
        .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
        .product(name: "Wiring", package: root),
        .product(name: "Swinject", package: "Swinject"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ] + (factoryName.map { [.product(name: "FactoryKit", package: $0)] } ?? []),
      swiftSettings: factory == nil ? [] : [.define("FACTORY")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
