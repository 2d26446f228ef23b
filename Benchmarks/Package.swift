// swift-tools-version: 6.0
import PackageDescription

let root = String(Context.packageDirectory.split(separator: "/").dropLast(1).last ?? "Wiring")

let package = Package(
  name: "Benchmarks",
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
