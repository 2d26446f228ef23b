// swift-tools-version: 6.0
import PackageDescription

// Benchmarks of Wiring against Swinject and swift-dependencies. A package of its own, so that
// neither peer ever enters Wiring's dependency graph; see Docs/Performance.md.

// SwiftPM names a path dependency after its folder, so the root package is known by the name of
// the folder the repository was cloned into; read it instead of hard-coding it.
let root = String(Context.packageDirectory.split(separator: "/").dropLast(1).last ?? "Wiring")

let package = Package(
  name: "Benchmarks",
  // macOS 15 for `Atomic` in the two-thread harness, unguarded.
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/Swinject/Swinject", from: "2.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
  ],
  targets: [
    .executableTarget(
      name: "wiring-benchmarks",
      dependencies: [
        .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
        .product(name: "Wiring", package: root),
        .product(name: "Swinject", package: "Swinject"),
        .product(name: "Dependencies", package: "swift-dependencies"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
