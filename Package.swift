// swift-tools-version: 6.0
import PackageDescription

/// Settings every target shares: Swift 6 language mode is set package-wide below, and these
/// keep the code honest about what later Swift versions will require.
let sharedSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
  name: "Wiring",
  platforms: [
    .iOS(.v13),
    .macOS(.v10_15),
    .tvOS(.v13),
    .watchOS(.v6),
  ],
  products: [
    .library(name: "Wiring", targets: ["Wiring"]),
  ],
  targets: [
    .target(name: "Wiring"),
    .testTarget(name: "WiringTests", dependencies: ["Wiring"]),

    .target(name: "ExplorerDomain", dependencies: ["Wiring"]),
    .target(name: "ExplorerPlatform", dependencies: ["ExplorerDomain", "Wiring"]),
    .target(
      name: "ExplorerTestSupport",
      dependencies: ["ExplorerDomain", "ExplorerPlatform", "Wiring"],
      path: "Tests/ExplorerTestSupport"
    ),
    .testTarget(name: "ExplorerDomainTests", dependencies: ["ExplorerDomain", "Wiring"]),
    .testTarget(
      name: "ExplorerPlatformTests",
      dependencies: ["ExplorerDomain", "ExplorerPlatform", "ExplorerTestSupport", "Wiring"]
    ),

    .target(name: "ExplorerREPL"),
    .testTarget(name: "ExplorerREPLTests", dependencies: ["ExplorerREPL"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + sharedSettings
}
