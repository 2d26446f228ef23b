internal import CWiringAtomics

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Finds other copies of Wiring in this process: an app and its hosted test bundle that each
/// link Wiring statically get two, and a test's registrations then go to one copy while the
/// app resolves from the other, so the test silently runs with live dependencies.
///
/// In a debug build each copy looks once, the first time it makes a container, and says so on
/// standard error if it is not alone; a test under the `.container` trait fails with the same
/// message in any build. Nothing on the resolve path looks.
package enum RuntimeCopies {
  /// Finds `loadedImages()` and reports them on standard error when there is more than one;
  /// called once, by the first container (`runtimeCopiesAtFirstUse`).
  static func lookAndReport() -> [String] {
    let images = loadedImages()
    if let message = message(for: images) { writeToStandardError("Wiring: " + message) }
    return images
  }

  /// What a test under the `.container` trait fails with, or nil when this copy is alone.
  ///
  /// Looks again each time, since a library may be loaded after the first container was made.
  package static func report() -> String? {
    message(for: loadedImages())
  }

  /// The warning for `images`, or nil for one copy (or none found).
  static func message(for images: [String]) -> String? {
    guard images.count > 1 else { return nil }
    let names = images.map { $0.isEmpty ? "the main program" : $0 }
    return "\(images.count) copies of Wiring are loaded in this process, in "
      + names.joined(separator: ", ")
      + ". Each copy keeps its own containers, so what one registers the other never sees: a "
      + "test's fakes can miss the code under test. Link Wiring into one image only (the app, "
      + "or a framework that the app and its tests share), or as a dynamic library."
  }

  /// The paths of the loaded images that hold a copy of Wiring, this copy's first.
  static func loadedImages() -> [String] {
    #if canImport(Darwin)
    var own = Dl_info()
    let anchor: @convention(c) () -> Void = ownAnchor
    guard dladdr(unsafeBitCast(anchor, to: UnsafeRawPointer.self), &own) != 0 else { return [] }
    var bases = [own.dli_fbase]
    var paths = [String(cString: own.dli_fname)]
    for index in 0..<_dyld_image_count() {
      guard let name = _dyld_get_image_name(index),
        let handle = dlopen(name, RTLD_NOLOAD | RTLD_LAZY)
      else { continue }
      defer { _ = dlclose(handle) }
      var image = Dl_info()
      guard let marker = dlsym(handle, "wiring_runtime_marker"), dladdr(marker, &image) != 0,
        !bases.contains(image.dli_fbase)
      else { continue }
      bases.append(image.dli_fbase)
      paths.append(String(cString: image.dli_fname))
    }
    return paths
    #elseif os(Linux)
    var paths: [String] = []
    _ = withUnsafeMutablePointer(to: &paths) { list in
      wiring_runtime_copies(
        { path, context in
          guard let path, let context else { return }
          context.assumingMemoryBound(to: [String].self).pointee.append(String(cString: path))
        }, list)
    }
    return paths
    #else
    return []
    #endif
  }

}

/// Writes `line` to standard error, for warnings outside tests, which have no other channel.
func writeToStandardError(_ line: String) {
  let text = line + "\n"
  _ = text.withCString { write(2, $0, strlen($0)) }
}

/// An address in this copy's image, for finding which image that is.
private func ownAnchor() {}
