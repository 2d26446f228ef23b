// swift-tools-version: 6.0
import PackageDescription

// SwiftPM names a path dependency after its folder, so the root package is known by the name of
// the folder the repository was cloned into; read it instead of hard-coding it.
let root = String(Context.packageDirectory.split(separator: "/").dropLast(3).last ?? "Wiring")

// A SwiftUI feature an app target depends on: `BrowserRoot()` is its whole user interface.
let package = Package(
  name: "SwiftUIApp",
  platforms: [.iOS(.v17), .macOS(.v14)],
  products: [.library(name: "RepositoryBrowser", targets: ["RepositoryBrowser"])],
  dependencies: [
    .package(path: "../../.."),
  ],
  targets: [
    .target(
      name: "RepositoryBrowser",
      dependencies: [.product(name: "Wiring", package: root)]
    ),
  ],
  swiftLanguageModes: [.v6]
)
