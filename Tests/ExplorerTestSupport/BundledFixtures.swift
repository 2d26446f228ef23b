package import Foundation

/// The recorded GitHub exchanges that ship with the package, in `Fixtures/github`.
package enum BundledFixtures {
  /// The folder, found from this source file so tests run from any working directory.
  package static var folder: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent()  // ExplorerTestSupport
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()  // the package root
      .appendingPathComponent("Fixtures/github", isDirectory: true)
  }
}
