import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Two libraries that each link a copy of Wiring, loaded into a process that links none: each
/// copy works on its own, the second one loaded says once that it is not alone, and each copy's
/// report, the one a `.container` test fails with, names both libraries.
@Suite(.serialized) struct TwoCopiesTests {
  @Test func theSecondCopyIsReportedOnceAndBothKeepWorking() throws {
    let folder = try #require(builtProductsFolder())
    let stderr = StandardErrorCapture()

    let copyA = try #require(Library(folder + "/libCopyA.so"))
    #expect(copyA.resolvesItsRegistration())
    #expect(copyA.report() == "")
    #expect(stderr.take() == "")

    let copyB = try #require(Library(folder + "/libCopyB.so"))
    #expect(copyB.resolvesItsRegistration())
    #expect(copyA.resolvesItsRegistration())
    let warned = stderr.take()
    #expect(warned.split(separator: "\n").filter { $0.hasPrefix("Wiring: 2 copies") }.count == 1)
    #expect(warned.contains("libCopyA.so") && warned.contains("libCopyB.so"))
    #expect(warned.contains("Link Wiring into one image only"))

    for copy in [copyA, copyB] {
      let report = copy.report()
      #expect(report.hasPrefix("2 copies of Wiring are loaded in this process"))
      #expect(report.contains("libCopyA.so") && report.contains("libCopyB.so"))
    }
    #expect(copyB.resolvesItsRegistration())
    #expect(stderr.take() == "", "the warning is written once")
    stderr.stop()
  }
}

/// A library loaded with `dlopen`, and the two functions it exports.
struct Library {
  let resolvesItsRegistration: () -> Bool
  let report: () -> String

  init?(_ path: String) {
    // Local, as an app's test bundle and the app bind: each library uses its own copy.
    guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL),
      let resolves = dlsym(handle, "copy_resolvesItsRegistration"),
      let report = dlsym(handle, "copy_report")
    else { return nil }
    typealias Resolves = @convention(c) () -> Bool
    typealias Report = @convention(c) () -> UnsafeMutablePointer<CChar>
    let resolve = unsafeBitCast(resolves, to: Resolves.self)
    let describe = unsafeBitCast(report, to: Report.self)
    resolvesItsRegistration = { resolve() }
    self.report = {
      let text = describe()
      defer { free(text) }
      return String(cString: text)
    }
  }
}

/// The folder the test bundle was built in, where SwiftPM puts the two libraries too.
func builtProductsFolder() -> String? {
  var path = [CChar](repeating: 0, count: 4096)
  let length = readlink("/proc/self/exe", &path, path.count - 1)
  guard length > 0 else { return nil }
  let executable = String(
    decoding: path.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  guard let slash = executable.lastIndex(of: "/") else { return nil }
  return String(executable[..<slash])
}

/// Sends this process's standard error to a file while it lives, to read what was written.
final class StandardErrorCapture {
  private let saved: Int32
  private let file: UnsafeMutablePointer<FILE>
  private var offset = 0

  init() {
    saved = dup(2)
    file = tmpfile()
    dup2(fileno(file), 2)
  }

  /// What was written since the last call.
  func take() -> String {
    let descriptor = fileno(file)
    let end = Int(lseek(descriptor, 0, SEEK_END))
    var bytes = [UInt8](repeating: 0, count: end - offset)
    _ = pread(descriptor, &bytes, bytes.count, off_t(offset))
    offset = end
    return String(decoding: bytes, as: UTF8.self)
  }

  func stop() {
    dup2(saved, 2)
    close(saved)
    fclose(file)
  }
}
