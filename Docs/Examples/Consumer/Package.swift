// swift-tools-version: 6.0
import PackageDescription

// SwiftPM names a path dependency after its folder, so the root package is known by the name of
// the folder the repository was cloned into; read it instead of hard-coding it.
let root = String(Context.packageDirectory.split(separator: "/").dropLast(3).last ?? "Wiring")

let package = Package(
  name: "Consumer",
  platforms: [.macOS(.v10_15)],
  dependencies: [
    .package(path: "../../.."),
  ],
  targets: [
    .target(
      name: "NotesFeature",
      dependencies: [.product(name: "Wiring", package: root)]
    ),
    .executableTarget(
      name: "Consumer",
      dependencies: ["NotesFeature", .product(name: "Wiring", package: root)]
    ),
    .testTarget(
      name: "ConsumerTests",
      dependencies: [
        "NotesFeature",
        .product(name: "Wiring", package: root),
        .product(name: "WiringTesting", package: root),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
