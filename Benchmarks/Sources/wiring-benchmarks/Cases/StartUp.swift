import Dependencies
import Foundation
import Swinject
import Wiring

#if FACTORY
import FactoryKit
#endif

/// Case 11: what an app pays at launch and a test suite in every test, in a fresh process.
///
/// Each row starts this program again (`--start-up library operation count measure`), so the
/// first batch meets empty caches, lazily made tables and uninstantiated generic metadata, as an
/// app's launch does. The child times, or counts the heap kept by, two batches of the same
/// `count` types, each in a new container: the first in the process, and then the steady
/// state, which each test of a suite that registers its fakes pays again. The generic rows first
/// make their types exist (`Marker<T>` and the nested key types), as an app's own classes do.
func startUp(smoke: Bool) {
  let runs = smoke ? 1 : StartUpChild.runs
  print("\n11. start-up: a fresh process per measurement, N distinct types per batch")
  let processes = runs == 1 ? "1 process" : "\(runs) processes"
  print(
    "  time: median (lowest–highest) of \(processes), the libraries taking turns;"
      + " heap: what the batch left allocated")
  print(
    "  library                     N   first batch in the process      heap"
      + "   again, in a new container      heap")
  for operation in StartUpOperation.allCases {
    print("  \(operation.title)")
    let counts = operation.isInApp ? [appTypeCount] : smoke ? [100] : [100, 1_000]
    for count in counts {
      let libraries = StartUpLibrary.available
      var times = Array(repeating: [(Double, Double)](), count: libraries.count)
      for _ in 0..<runs {
        for (row, library) in libraries.enumerated() {
          if let pair = StartUpChild.run(library, operation, count: count, "time") {
            times[row].append(pair)
          }
        }
      }
      for (row, library) in libraries.enumerated() {
        let heap = StartUpChild.run(library, operation, count: count, "heap")
        print("  " + StartUpChild.line(library, operation, count: count, times[row], heap))
      }
    }
  }
}

/// What a start-up row does with each type.
enum StartUpOperation: String, CaseIterable {
  /// `register` an override for a declared factory (Factory, Wiring), or register the type
  /// (Swinject), or set its value (swift-dependencies), in code written once for each of the
  /// app's types (`AppTypes.swift`), as an app writes it.
  case registerInApp = "register-app"
  /// The first resolution of a factory that is declared and never registered, in code written
  /// for each type; Swinject, which has no declarations, registers each type first.
  case resolveInApp = "resolve-app"
  /// `registerInApp` for types that reach the library through one generic function, so that
  /// each library runs its unspecialized code, as in a debug build.
  case register
  /// `resolveInApp` through one generic function.
  case resolve

  var title: String {
    switch self {
    case .registerInApp: "register one factory per type, a line for each type as in an app"
    case .resolveInApp: "first resolution of one declared factory per type (.cached), as in an app"
    case .register: "register one factory per type, every type through one generic function"
    case .resolve: "first resolution of one declared factory per type, through one generic function"
    }
  }

  /// Whether the types are the app's own, written out once each.
  var isInApp: Bool { self == .registerInApp || self == .resolveInApp }

  /// Whether the row resolves; Swinject registers each type before it resolves it.
  var resolves: Bool { self == .resolve || self == .resolveInApp }
}

/// The libraries of the start-up case, as named on a child's command line.
enum StartUpLibrary: String, CaseIterable {
  case wiring, factory, swinject, dependencies

  static var available: [StartUpLibrary] {
    #if FACTORY
    allCases
    #else
    allCases.filter { $0 != .factory }
    #endif
  }

  var name: String {
    switch self {
    case .wiring: "Wiring"
    case .factory: "Factory"
    case .swinject: "Swinject"
    case .dependencies: "swift-dependencies"
    }
  }
}

/// Starting a child for one measurement, and the child's side.
enum StartUpChild {
  /// Processes timed per row in a full run.
  static let runs = 11

  /// One row: the library, the batch size, and each batch's time and heap.
  static func line(
    _ library: StartUpLibrary, _ operation: StartUpOperation, count: Int,
    _ times: [(Double, Double)], _ heap: (Double, Double)?
  ) -> String {
    let label = library.name + (library == .swinject && operation.resolves ? " (registers)" : "")
    let head = pad(label, 24) + lpad(String(count), 6)
    guard !times.isEmpty else { return head + "   the child process failed" }
    func milliseconds(_ values: [Double]) -> String {
      let sorted = values.sorted()
      let median = sorted[sorted.count / 2]
      let range = sorted.count > 1 ? " (\(ms(sorted[0]))–\(ms(sorted[sorted.count - 1])))" : ""
      return ms(median) + " ms" + range
    }
    func kibibytes(_ bytes: Double?) -> String {
      guard let bytes, !bytes.isNaN else { return "n/a" }
      return format(bytes / 1_024, digits: 0) + " KiB"
    }
    return head + "   " + pad(milliseconds(times.map(\.0)), 26) + lpad(kibibytes(heap?.0), 10)
      + "   " + pad(milliseconds(times.map(\.1)), 26) + lpad(kibibytes(heap?.1), 10)
  }

  private static func ms(_ nanoseconds: Double) -> String {
    format(nanoseconds / 1_000_000, digits: nanoseconds < 10_000_000 ? 2 : 1)
  }

  /// Starts this program as a child that measures `measure` ("time" or "heap") of one row, and
  /// reads back its line: the first batch's and the second batch's figure.
  static func run(
    _ library: StartUpLibrary, _ operation: StartUpOperation, count: Int, _ measure: String
  ) -> (Double, Double)? {
    let arguments = [library.rawValue, operation.rawValue, String(count), measure]
    guard let executable = Bundle.main.executablePath else { return nil }
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--start-up"] + arguments
    process.standardOutput = output
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let words = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
    guard process.terminationStatus == 0, words.count == 2,
      let first = Double(words[0]), let second = Double(words[1])
    else { return nil }
    return (first, second)
  }

  /// The child: measures the two batches that `arguments` name and prints the two figures.
  /// Returns false, having printed nothing, when the arguments name no measurement.
  static func main(_ arguments: [String]) -> Bool {
    guard arguments.count == 4, let library = StartUpLibrary(rawValue: arguments[0]),
      let operation = StartUpOperation(rawValue: arguments[1]), let count = Int(arguments[2]),
      (1...1_024).contains(count), ["time", "heap"].contains(arguments[3])
    else { return false }
    let measure = arguments[3] == "heap" ? heapKept : timed
    var first = StartUpBatch(library: library, operation: operation)
    var second = StartUpBatch(library: library, operation: operation)
    let firstFigure: Double
    let secondFigure: Double
    if operation.isInApp {
      guard count == appTypeCount else { return false }
      firstFigure = measure { first.runInApp() }
      secondFigure = measure { second.runInApp() }
    } else {
      var existing = TypesExist()
      visitTypes(count: count, &existing)
      firstFigure = measure { visitTypes(count: count, &first) }
      secondFigure = measure { visitTypes(count: count, &second) }
    }
    withExtendedLifetime((first, second)) { print(firstFigure, secondFigure) }
    return true
  }

  private static func timed(_ body: () -> Void) -> Double {
    let start = now()
    body()
    return Double(now() - start)
  }

  private static func heapKept(_ body: () -> Void) -> Double {
    AllocationCounter.bytesKept(by: body) ?? .nan
  }
}

/// Makes a type and its `Marker` exist before anything is measured, as an app's own types do.
private struct TypesExist: TypeVisitor {
  mutating func visit<T>(_: T.Type) { consume(Marker<T>.self) }
}

/// One library's work per type, in a container of its own: one batch.
private struct StartUpBatch: TypeVisitor {
  let operation: StartUpOperation
  let wiring: Wiring.Container?
  let swinject: Swinject.Container?
  var dependencies: DependencyValues?
  #if FACTORY
  let factory: FactoryKit.Container?
  #endif

  init(library: StartUpLibrary, operation: StartUpOperation) {
    self.operation = operation
    wiring = library == .wiring ? Wiring.Container() : nil
    swinject = library == .swinject ? Swinject.Container() : nil
    dependencies = library == .dependencies ? DependencyValues() : nil
    #if FACTORY
    factory = library == .factory ? FactoryKit.Container() : nil
    #endif
  }

  /// The app rows: every type once, in the code written for it.
  mutating func runInApp() {
    let resolves = operation.resolves
    if let wiring { resolves ? resolveAppTypes(wiring) : registerAppTypes(wiring) }
    if let swinject { resolves ? resolveAppTypes(swinject) : registerAppTypes(swinject) }
    if dependencies != nil {
      if resolves { resolveAppTypes(dependencies!) } else { registerAppTypes(&dependencies!) }
    }
    #if FACTORY
    if let factory { resolves ? resolveAppTypes(factory) : registerAppTypes(factory) }
    #endif
  }

  mutating func visit<T>(_: T.Type) {
    switch operation {
    case .registerInApp, .resolveInApp:
      break
    case .register:
      if let wiring { wiring.marker(T.self).register { Marker<T>() } }
      if let swinject { swinject.register(Marker<T>.self) { _ in Marker<T>() } }
      if dependencies != nil { dependencies![MarkerInstanceKey<T>.self] = Marker<T>() }
      #if FACTORY
      if let factory { factory.marker(T.self).register { Marker<T>() } }
      #endif
    case .resolve:
      if let wiring { consume(wiring.marker(T.self)()) }
      if let swinject {
        swinject.register(Marker<T>.self) { _ in Marker<T>() }.inObjectScope(.container)
        consume(swinject.resolve(Marker<T>.self)!)
      }
      if dependencies != nil {
        @Dependency(MarkerInstanceKey<T>.self) var marker
        consume(marker)
      }
      #if FACTORY
      if let factory { consume(factory.marker(T.self)()) }
      #endif
    }
  }
}

/// A `Marker` per key type for swift-dependencies: its live value is made on first read.
enum MarkerInstanceKey<T>: DependencyKey {
  static var liveValue: Marker<T> { Marker<T>() }
}
