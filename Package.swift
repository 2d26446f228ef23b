// swift-tools-version: 6.2
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
  // The oldest systems Xcode 27 builds for.
  platforms: [
    .iOS(.v15),
    .macOS(.v12),
    .tvOS(.v15),
    .watchOS(.v9),
    .visionOS(.v1),
  ],
  products: [
    .library(name: "Wiring", targets: ["Wiring"]),
    .library(name: "WiringTesting", targets: ["WiringTesting"]),
    .executable(name: "explorer", targets: ["explorer"]),
  ],
  targets: [
    // Atomic operations for the lock-free paths on every supported system, Apple systems
    // before macOS 15 and iOS 18 included.
    .target(name: "CWiringAtomics"),
    .target(name: "Wiring", dependencies: ["CWiringAtomics"]),
    .testTarget(
      name: "WiringTests", dependencies: ["Wiring"], exclude: ["FactoryTranscripts.txt"]),
    .target(name: "WiringTesting", dependencies: ["Wiring"]),
    .testTarget(name: "WiringTestingTests", dependencies: ["Wiring", "WiringTesting"]),
    .testTarget(
      name: "FactoryCompatibilityTests", dependencies: ["Wiring", "WiringTesting"],
      exclude: ["Parity/ParityTranscripts.txt", "Parity/record"]),
    // An app's test target as Xcode 26 makes new ones: default isolation MainActor, with the
    // upcoming features its "approachable concurrency" setting turns on.
    .testTarget(
      name: "DefaultMainActorTests", dependencies: ["Wiring", "WiringTesting"],
      swiftSettings: [
        .defaultIsolation(MainActor.self),
        .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
        .enableUpcomingFeature("InferIsolatedConformances"),
      ]
    ),

    .target(name: "ExplorerDomain", dependencies: ["Wiring"]),
    .target(name: "ExplorerPlatform", dependencies: ["ExplorerDomain", "Wiring"]),
    .target(
      name: "ExplorerTestSupport",
      dependencies: ["ExplorerDomain", "ExplorerPlatform", "ExplorerPresentation", "Wiring"],
      path: "Tests/ExplorerTestSupport"
    ),
    .target(name: "ExplorerPresentation", dependencies: ["ExplorerDomain", "Wiring"]),
    .target(
      name: "ExplorerREPL",
      dependencies: ["ExplorerDomain", "ExplorerPlatform", "ExplorerPresentation", "Wiring"]
    ),
    .executableTarget(name: "explorer", dependencies: ["ExplorerREPL"]),
    .testTarget(
      name: "ExplorerREPLTests",
      dependencies: [
        "ExplorerDomain", "ExplorerPlatform", "ExplorerPresentation", "ExplorerREPL",
        "ExplorerTestSupport", "Wiring", "WiringTesting", "explorer",
      ],
      exclude: ["Transcripts"]
    ),
    .testTarget(name: "ExplorerDomainTests", dependencies: ["ExplorerDomain", "Wiring"]),
    .testTarget(
      name: "ExplorerPlatformTests",
      dependencies: ["ExplorerDomain", "ExplorerPlatform", "ExplorerTestSupport", "Wiring"]
    ),
    .testTarget(
      name: "ExplorerPresentationTests",
      dependencies: [
        "ExplorerDomain", "ExplorerPlatform", "ExplorerPresentation", "ExplorerTestSupport",
        "Wiring", "WiringTesting",
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// The Factory compatibility tests are written as Factory users write code, with the compiler's
// default settings (`MyServiceType`, not `any MyServiceType`), or Xcode 26's.
let usersSettings: Set = ["FactoryCompatibilityTests", "DefaultMainActorTests"]
for target in package.targets where !usersSettings.contains(target.name) {
  target.swiftSettings = (target.swiftSettings ?? []) + sharedSettings
}
