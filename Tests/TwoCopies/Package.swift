// swift-tools-version: 6.0
import PackageDescription

// Two shared libraries, each linking a copy of Wiring of its own, as an app and its hosted
// test bundle do when both link Wiring statically; the test loads both into one process and
// checks that Wiring reports it. Run by .ci/run (see Docs/Testing.md).

// SwiftPM names a path dependency after its folder, so the root package is known by the name of
// the folder the repository was cloned into; read it instead of hard-coding it.
let root = String(Context.packageDirectory.split(separator: "/").dropLast(2).last ?? "Wiring")

let package = Package(
  name: "TwoCopies",
  // One target in two libraries: each library links the target and Wiring of its own.
  products: [
    .library(name: "CopyA", type: .dynamic, targets: ["Copy"]),
    .library(name: "CopyB", type: .dynamic, targets: ["Copy"]),
  ],
  dependencies: [.package(path: "../..")],
  targets: [
    .target(name: "Copy", dependencies: [.product(name: "Wiring", package: root)]),
    // Links no Wiring of its own: it only loads the two libraries.
    .testTarget(name: "TwoCopiesTests"),
  ],
  swiftLanguageModes: [.v6]
)
