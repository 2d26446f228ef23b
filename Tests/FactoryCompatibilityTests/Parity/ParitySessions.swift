// Random sessions that compile against Factory as well as Wiring: the `record` script beside this
// file runs them on Factory 3.2.2 and writes what it answered to `ParityTranscripts.txt`, and
// `ParityTests` replays them on Wiring. A session leaves out only what
// `Docs/MigratingFromFactory.md` lists as different on purpose.
import Foundation

#if canImport(FactoryKit)
import FactoryKit
#else
import Wiring
#endif

/// What a session's instances are told apart by: the builder's label and the order in which the
/// session first showed them.
final class ParityLog: @unchecked Sendable {
  // NB: `@unchecked` is sound because a session runs on one thread from start to end, and its
  // containers, builders and decorators touch the log only from that session.
  private var serial = 0
  private var shown: [Int: Int] = [:]
  /// The serial of the instance last made at each address, which a trace line names.
  private var serials: [Int: Int] = [:]
  var events: [String] = []
  var traceLines: [String] = []

  func next() -> Int {
    serial += 1
    return serial
  }

  func remember(_ thing: ParityThing) {
    serials[Int(bitPattern: ObjectIdentifier(thing))] = thing.serial
  }

  /// A trace line with the instance's address as the session shows the instance:
  /// `0: ParityContainer.top<ParityThing> = F:#3 ParityThing`.
  func showTraceLine(_ line: String) -> String {
    guard let range = line.range(of: #":[0-9]+ "#, options: .regularExpression),
      let address = Int(line[range].dropFirst().dropLast()), let serial = serials[address]
    else { return line }
    if shown[serial] == nil { shown[serial] = shown.count }
    return line.replacingCharacters(in: range, with: ":#\(shown[serial]!) ")
  }

  /// `thing` as the session shows it: `label#n`, with its parts.
  func show(_ thing: ParityThing?) -> String {
    guard let thing else { return "nil" }
    if shown[thing.serial] == nil { shown[thing.serial] = shown.count }
    let parts = thing.parts.isEmpty ? "" : "(" + thing.parts.map(show).joined(separator: ",") + ")"
    return "\(thing.label)#\(shown[thing.serial]!)\(parts)"
  }
}

/// An instance a session's factories build.
final class ParityThing: Sendable {
  let label: String
  let serial: Int
  let parts: [ParityThing]

  init(_ label: String, _ log: ParityLog, _ parts: [ParityThing] = []) {
    self.label = label
    self.parts = parts
    serial = log.next()
    log.remember(self)
  }
}

/// What an existential factory returns.
protocol ParityService: AnyObject {}

extension ParityThing: ParityService {}

/// A seeded generator (SplitMix64), the same on every platform.
struct ParityGenerator {
  var state: UInt64

  mutating func below(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}

extension Scope {
  static let paritySession = Cached()
}

/// How the sessions' containers resolve.
enum ParityMode {
  /// Whether each container a session makes watches its resolutions, which sends every one of
  /// them in Wiring down the locked path: the lock-free path must answer what the locked one
  /// does.
  @TaskLocal static var resolvesUnderLock = false

  static func apply(to manager: ContainerManager) {
    #if !canImport(FactoryKit)
    if resolvesUnderLock { manager.onResolution = { _ in } }
    #endif
  }
}

/// The container of the scopes, contexts and graphs families. Every declaration ends with
/// `.once()`, so that statements win in both libraries.
final class ParityContainer: SharedContainer {
  @TaskLocal static var shared = ParityContainer(log: ParityLog())
  let manager = ContainerManager()
  let log: ParityLog

  init(log: ParityLog) {
    self.log = log
    ParityMode.apply(to: manager)
  }

  var unique: Factory<ParityThing> { self { ParityThing("u", self.log) } }
  var cached: Factory<ParityThing> { self { ParityThing("c", self.log) }.cached.once() }
  var singleton: Factory<ParityThing> { self { ParityThing("s", self.log) }.singleton.once() }
  var shared: Factory<ParityThing> { self { ParityThing("sh", self.log) }.shared.once() }
  var graph: Factory<ParityThing> { self { ParityThing("g", self.log) }.graph.once() }
  var session: Factory<ParityThing> {
    self { ParityThing("cu", self.log) }.scope(.paritySession).once()
  }
  var pair: Factory<ParityThing> {
    self { ParityThing("pair", self.log, [self.graph(), self.graph(), self.cached()]) }
  }
  var cachedTest: Factory<ParityThing> {
    self { ParityThing("ct", self.log) }.onTest { ParityThing("ct.test", self.log) }.cached.once()
  }
  var uniqueContexts: Factory<ParityThing> {
    self { ParityThing("ua", self.log) }.onArg("A") { ParityThing("ua.A", self.log) }
      .onTest { ParityThing("ua.test", self.log) }.once()
  }
  var decorated: Factory<ParityThing> {
    self { ParityThing("dc", self.log) }.cached
      .decorator { thing, isNew in self.log.events.append("dc \(self.log.show(thing)) \(isNew)") }
      .once()
  }
  var perArgument: ParameterFactory<Int, ParityThing> {
    self { ParityThing("p\($0)", self.log) }.scopeOnParameters.cached.once()
  }
  var argumentContexts: ParameterFactory<Int, ParityThing> {
    self { ParityThing("pu\($0)", self.log) }.onArg("A") { ParityThing("pu.A\($0)", self.log) }
      .once()
  }
  var graphPerArgument: ParameterFactory<Int, ParityThing> {
    self { ParityThing("pg\($0)", self.log) }.scopeOnParameters.graph.once()
  }
  var graphArguments: Factory<ParityThing> {
    self {
      ParityThing(
        "pgTop", self.log,
        [self.graphPerArgument(1), self.graphPerArgument(2), self.graphPerArgument(1)])
    }
  }
  var mid: Factory<ParityThing> {
    self { ParityThing("mid", self.log, [self.graph(), self.graph()]) }.once()
  }
  var top: Factory<ParityThing> {
    self { ParityThing("top", self.log, [self.mid(), self.graph(), self.cachedGraph()]) }.once()
  }
  var cachedGraph: Factory<ParityThing> {
    self { ParityThing("cg", self.log, [self.graph()]) }.cached.once()
  }
  var everyContext: Factory<String> {
    self { "declared" }
      .onDevice { "device" }
      .onDebug { "debug" }
      .onSimulator { "simulator" }
      .onTest { "test" }
      .onPreview { "preview" }
      .onArg("A") { "argA" }
      .onArgs(["B", "C"]) { "argsBC" }
      .once()
  }
  var twoContexts: Factory<String> {
    self { "declared" }.onDebug { "debug" }.onArg("B") { "argB" }.once()
  }
  var noContext: Factory<String> { self { "declared" } }
  var decoratedPerArgument: ParameterFactory<Int, ParityThing> {
    self { ParityThing("pd\($0)", self.log) }.scopeOnParameters.cached
      .decorator { thing, isNew in self.log.events.append("pd \(self.log.show(thing)) \(isNew)") }
      .once()
  }
  var sharedPerArgument: ParameterFactory<Int, ParityThing> {
    self { ParityThing("psh\($0)", self.log) }.scopeOnParameters.shared.once()
  }
  var singletonPerArgument: ParameterFactory<Int, ParityThing> {
    self { ParityThing("psi\($0)", self.log) }.scopeOnParameters.singleton.once()
  }
  var testPerArgument: ParameterFactory<Int, ParityThing> {
    self { ParityThing("pt\($0)", self.log) }.onTest { ParityThing("pt.test\($0)", self.log) }
      .once()
  }
  var number: Factory<Int> { self { self.log.next() }.cached.once() }
  var sharedNumber: Factory<Int> { self { self.log.next() }.shared.once() }
  var singletonNumber: Factory<Int> { self { self.log.next() }.singleton.once() }
  var graphNumber: Factory<Int> { self { self.log.next() }.graph.once() }
  var optional: Factory<ParityThing?> { self { ParityThing("opt", self.log) }.shared.once() }
  var existential: Factory<any ParityService> {
    self { ParityThing("any", self.log) }.shared.once()
  }
  var text: Factory<String> { self { "text\(self.log.next())" }.cached.once() }
  var lazy: Factory<ParityThing> { self { ParityThing("lazy", self.log) }.once() }
  var injected: Factory<ParityThing> { self { ParityThing("inj", self.log) }.cached.once() }
  var dynamic: Factory<ParityThing> { self { ParityThing("dyn", self.log) }.once() }
}

/// The property wrappers, reading `ParityContainer.shared`.
final class ParityHolder {
  @Injected(\ParityContainer.injected) var injected
  @LazyInjected(\ParityContainer.lazy) var lazy
  @DynamicInjected(\ParityContainer.dynamic) var dynamic
}

/// The container of the auto-registration family.
final class ParityAutoContainer: SharedContainer, AutoRegistering, Resolving {
  @TaskLocal static var shared = ParityAutoContainer(log: ParityLog())
  let manager = ContainerManager()
  let log: ParityLog

  init(log: ParityLog) {
    self.log = log
    ParityMode.apply(to: manager)
  }

  func autoRegister() {
    let log = self.log
    registered.register { ParityThing("a.auto", log) }
    cached.register { ParityThing("c.auto", log) }
  }

  var registered: Factory<ParityThing> { self { ParityThing("a", self.log) } }
  var cached: Factory<ParityThing> { self { ParityThing("c", self.log) }.cached.once() }
  var plain: Factory<ParityThing> { self { ParityThing("plain", self.log) }.cached.once() }
}

/// A kind of session, each over its own factories and steps.
enum ParityFamily: String, CaseIterable, Sendable {
  /// Scopes, registrations, scope statements, resets and saved states; `.singleton` included
  /// but never registered or given as a scope.
  case scopes
  /// Contexts, decorators and per-argument factories, with registrations and statements.
  case contexts
  /// Graphs through nested factories and arguments, and the property wrappers.
  case graphs
  /// Auto-registration and resolving by type.
  case autoRegistration
  /// The graphs family's steps with `manager.trace` on: the lines written to the logger.
  case traces
  /// Values, optionals and existentials under each scope, held and let go.
  case values
  /// Per-argument factories kept, shared, process-wide, decorated and with contexts, on two
  /// containers of one type.
  case twoContainers
  /// Which context wins: every kind declared, stated and registered, with the context's flags,
  /// launch arguments and one runtime argument changing (Factory takes several runtime
  /// arguments in no fixed order, and reads `isDebug` nowhere).
  case precedence

  /// How many sessions the transcripts hold, and how many steps each.
  var recorded: (sessions: Int, steps: Int) {
    switch self {
    case .contexts: (40, 80)
    case .traces: (15, 40)
    case .precedence: (30, 40)
    case .values: (20, 40)
    case .twoContainers: (20, 40)
    default: (25, 40)
    }
  }

  /// What a session of `steps` steps from `seed` answered, one line a step.
  func session(seed: UInt64, steps: Int) -> [String] {
    let log = ParityLog()
    var generator = ParityGenerator(state: seed)
    FactoryContext.current.isTest = false
    FactoryContext.current.isPreview = false
    FactoryContext.current.isSimulator = false
    FactoryContext.current.runtimeArguments = [:]
    FactoryContext.current.isDebug = true
    FactoryContext.current.arguments = []
    Scope.singleton.reset()
    switch self {
    case .precedence:
      let container = ParityContainer(log: log)
      return ParityContainer.$shared.withValue(container) {
        (0..<steps).map { "\($0) " + container.precedenceStep(&generator) }
      }
    case .twoContainers:
      let containers = [ParityContainer(log: log), ParityContainer(log: log)]
      var held: [ParityThing] = []
      return (0..<steps).map { index in
        let which = generator.below(2)
        var line = "\(index) \(which == 0 ? "A" : "B") "
        line += containers[which].argumentStep(&generator, &held, index)
        if !log.events.isEmpty {
          line += " {" + log.events.joined(separator: "; ") + "}"
          log.events = []
        }
        return line
      }
    case .values:
      let container = ParityContainer(log: log)
      return ParityContainer.$shared.withValue(container) {
        var held: [Any] = []
        return (0..<steps).map { "\($0) " + container.valueStep(&generator, &held) }
      }
    case .autoRegistration:
      let container = ParityAutoContainer(log: log)
      return ParityAutoContainer.$shared.withValue(container) {
        _ = container.registered()
        return (0..<steps).map { "\($0) " + container.step(&generator, log) }
      }
    default:
      let container = ParityContainer(log: log)
      return ParityContainer.$shared.withValue(container) {
        var state = ParitySessionState()
        if self == .traces {
          container.manager.trace = true
          container.manager.logger = { log.traceLines.append($0) }
        }
        defer { container.manager.trace = false }
        return (0..<steps).map { index in
          var line = "\(index) " + container.step(self, &generator, &state)
          if !log.events.isEmpty {
            line += " {" + log.events.joined(separator: "; ") + "}"
            log.events = []
          }
          if !log.traceLines.isEmpty {
            line += " [" + log.traceLines.map(log.showTraceLine).joined(separator: "; ") + "]"
            log.traceLines = []
          }
          return line
        }
      }
    }
  }
}

/// What a session holds between its steps.
struct ParitySessionState {
  var held: [ParityThing] = []
  var holders: [ParityHolder] = []
  var registrations = 0

  mutating func nextTag() -> Int {
    registrations += 1
    return registrations
  }
}

extension ParityContainer {
  private func factory(_ name: String) -> Factory<ParityThing> {
    switch name {
    case "c": cached
    case "s": singleton
    case "sh": shared
    case "g": graph
    case "cu": session
    case "ct": cachedTest
    case "ua": uniqueContexts
    case "dc": decorated
    case "mid": mid
    case "top": top
    case "cg": cachedGraph
    case "lazy": lazy
    case "inj": injected
    case "dyn": dynamic
    default: unique
    }
  }

  private func parameterFactory(_ name: String) -> ParameterFactory<Int, ParityThing> {
    switch name {
    case "p": perArgument
    case "pu": argumentContexts
    default: graphPerArgument
    }
  }

  fileprivate func step(
    _ family: ParityFamily, _ generator: inout ParityGenerator, _ state: inout ParitySessionState
  ) -> String {
    let names: [String] =
      switch family {
      case .scopes: ["u", "c", "s", "sh", "g", "cu"]
      case .contexts: ["u", "c", "ct", "ua", "dc"]
      default: ["g", "mid", "top", "cg", "lazy", "inj", "dyn"]
      }
    let scopes: [(String, Scope)] = [
      ("unique", .unique), ("cached", .cached), ("shared", .shared), ("graph", .graph),
      ("session", .paritySession),
    ]
    let name = names[generator.below(names.count)]
    let factory = self.factory(name)
    let parameterName = ["p", "pu", "pg"][generator.below(3)]
    let argument = generator.below(3)
    let (scopeName, scope) = scopes[generator.below(scopes.count)]
    // A declared singleton is neither registered nor rescoped: a registration's singleton stays
    // in its container, and the process's outlives what one container does (different on
    // purpose).
    let changesASingleton = name == "s"
    switch generator.below(100) {
    case 0..<26:
      return "\(name)() = \(log.show(factory()))"
    case 26..<34:
      let thing = factory()
      state.held.append(thing)
      return "hold \(name)() = \(log.show(thing))"
    case 34..<37:
      state.held = []
      return "drop held"
    case 37..<45 where !changesASingleton:
      let label = "\(name).r\(state.nextTag())"
      let log = self.log
      factory.register { ParityThing(label, log) }
      return "register \(label)"
    case 45..<48 where !changesASingleton:
      let label = "\(name).r\(state.nextTag())"
      let log = self.log
      factory.register { ParityThing(label, log) }.scope(scope)
      return "register \(label) .scope(.\(scopeName))"
    case 48..<51 where !changesASingleton:
      factory.scope(scope)
      return "\(name).scope(.\(scopeName))"
    case 51..<54:
      factory.reset()
      return "\(name).reset()"
    case 54..<57:
      factory.reset(.scope)
      return "\(name).reset(.scope)"
    case 57..<59:
      factory.reset(.registration)
      return "\(name).reset(.registration)"
    case 59..<61:
      manager.reset(options: .scope)
      return "manager.reset(options: .scope)"
    case 61..<63:
      manager.reset(options: .registration)
      return "manager.reset(options: .registration)"
    case 63..<66:
      let (kept, keptName) = [
        (Scope.cached, "cached"), (.shared, "shared"), (.graph, "graph"),
        (.paritySession, "session"),
      ][generator.below(4)]
      manager.reset(scope: kept)
      return "manager.reset(scope: .\(keptName))"
    case 66..<70:
      manager.push()
      return "push"
    case 70..<74:
      manager.pop()
      return "pop"
    default:
      break
    }
    switch family {
    case .scopes:
      return "pair() = \(log.show(pair()))"
    case .contexts:
      return contextStep(factory, name, parameterName, argument, &generator, &state)
    default:
      return graphStep(parameterName, argument, &generator, &state)
    }
  }

  private func contextStep(
    _ factory: Factory<ParityThing>, _ name: String, _ parameterName: String, _ argument: Int,
    _ generator: inout ParityGenerator, _ state: inout ParitySessionState
  ) -> String {
    let log = self.log
    switch generator.below(10) {
    case 0, 1:
      return
        "\(parameterName)(\(argument)) = \(log.show(parameterFactory(parameterName)(argument)))"
    case 2:
      let label = "\(name).t\(state.nextTag())"
      factory.onTest { ParityThing(label, log) }
      return "\(name).onTest \(label)"
    case 3:
      let label = "\(name).a\(state.nextTag())"
      factory.onArg("A") { ParityThing(label, log) }
      return "\(name).onArg(A) \(label)"
    case 4:
      let label = "\(name).d\(state.nextTag())"
      factory.decorator { thing, isNew in log.events.append("\(label) \(log.show(thing)) \(isNew)")
      }
      return "\(name).decorator \(label)"
    case 5:
      let label = "\(name).r\(state.nextTag())"
      factory.register { ParityThing(label, log) }.onTest { ParityThing(label + ".test", log) }
      return "register \(label) .onTest"
    case 6:
      let label = "\(name).r\(state.nextTag())"
      factory.register { ParityThing(label, log) }
        .decorator { thing, isNew in log.events.append("\(label) \(log.show(thing)) \(isNew)") }
      return "register \(label) .decorator"
    case 7:
      FactoryContext.current.isTest.toggle()
      return "isTest = \(FactoryContext.current.isTest)"
    case 8:
      FactoryContext.current.arguments = FactoryContext.current.arguments.isEmpty ? ["A"] : []
      return "arguments = \(FactoryContext.current.arguments)"
    default:
      factory.reset(.context)
      return "\(name).reset(.context)"
    }
  }

  private func graphStep(
    _ parameterName: String, _ argument: Int, _ generator: inout ParityGenerator,
    _ state: inout ParitySessionState
  ) -> String {
    let log = self.log
    let parameterFactory = self.parameterFactory(parameterName)
    switch generator.below(10) {
    case 0, 1:
      return "\(parameterName)(\(argument)) = \(log.show(parameterFactory(argument)))"
    case 2:
      return "graphArguments() = \(log.show(graphArguments()))"
    case 3:
      let label = "\(parameterName).r\(state.nextTag())"
      parameterFactory.register { ParityThing(label + "/\($0)", log) }
      return "register \(label)"
    case 4:
      parameterFactory.reset(generator.below(2) == 0 ? .all : .scope)
      return "\(parameterName).reset"
    case 5:
      state.holders.append(ParityHolder())
      return "new holder \(state.holders.count - 1)"
    case 6:
      if !state.holders.isEmpty { state.holders.removeFirst() }
      return "drop a holder"
    default:
      guard !state.holders.isEmpty else { return "no holder" }
      let index = generator.below(state.holders.count)
      let holder = state.holders[index]
      switch generator.below(6) {
      case 0: return "h\(index).injected = \(log.show(holder.injected))"
      case 1: return "h\(index).lazy = \(log.show(holder.lazy))"
      case 2: return "h\(index).dynamic = \(log.show(holder.dynamic))"
      case 3: return "h\(index).$lazy.resolvedOrNil() = \(log.show(holder.$lazy.resolvedOrNil()))"
      case 4:
        holder.$injected.resolve(reset: .scope)
        return "h\(index).$injected.resolve(reset: .scope) = \(log.show(holder.injected))"
      default:
        holder.$lazy.resolve()
        return "h\(index).$lazy.resolve() = \(log.show(holder.lazy))"
      }
    }
  }
}

extension ParityContainer {
  fileprivate func precedenceStep(_ generator: inout ParityGenerator) -> String {
    let factory = [everyContext, twoContexts, noContext][generator.below(3)]
    let tag = generator.below(1000)
    switch generator.below(15) {
    case 0...4:
      return "resolve = \(factory())"
    case 5:
      FactoryContext.current.isTest.toggle()
      return "isTest = \(FactoryContext.current.isTest)"
    case 6:
      FactoryContext.current.isPreview.toggle()
      return "isPreview = \(FactoryContext.current.isPreview)"
    case 7:
      FactoryContext.current.isSimulator.toggle()
      return "isSimulator = \(FactoryContext.current.isSimulator)"
    case 8:
      let arguments = ["A", "B", "C", "D"].filter { _ in generator.below(2) == 0 }
      FactoryContext.current.arguments = arguments
      return "arguments = \(arguments)"
    case 9:
      let argument = ["A", "B", "C", "D"][generator.below(4)]
      FactoryContext.setArg(argument, forKey: "key")
      return "setArg(\(argument))"
    case 10:
      FactoryContext.removeArg(forKey: "key")
      return "removeArg"
    case 11:
      factory.onTest { "test.\(tag)" }
      return "onTest test.\(tag)"
    case 12:
      factory.onArg("D") { "argD.\(tag)" }
      return "onArg(D) argD.\(tag)"
    case 13:
      factory.reset(.context)
      return "reset(.context)"
    default:
      factory.register { "registered.\(tag)" }
      return "register registered.\(tag)"
    }
  }
}

extension ParityContainer {
  fileprivate func valueStep(_ generator: inout ParityGenerator, _ held: inout [Any]) -> String {
    switch generator.below(16) {
    case 0: return "number = \(number())"
    case 1: return "sharedNumber = \(sharedNumber())"
    case 2: return "singletonNumber = \(singletonNumber())"
    case 3: return "graphNumber = \(graphNumber())"
    case 4: return "text = \(text())"
    case 5:
      let thing = optional()
      if generator.below(2) == 0, let thing { held.append(thing) }
      return "optional = \(log.show(thing))"
    case 6:
      let service = existential()
      if generator.below(2) == 0 { held.append(service) }
      return "existential = \(log.show(service as? ParityThing))"
    case 7:
      held = []
      return "drop held"
    case 8:
      manager.reset(options: .scope)
      return "manager.reset(options: .scope)"
    case 9:
      let log = self.log
      optional.register { ParityThing("opt.r", log) }
      return "register optional"
    case 10:
      let log = self.log
      existential.register { ParityThing("any.r", log) }
      return "register existential"
    case 11:
      manager.push()
      return "push"
    case 12:
      manager.pop()
      return "pop"
    case 13:
      sharedNumber.reset()
      return "sharedNumber.reset()"
    case 14:
      text.register { "registered" }
      return "register text"
    default:
      return "built \(log.next())"
    }
  }
}

extension ParityContainer {
  fileprivate func argumentStep(
    _ generator: inout ParityGenerator, _ held: inout [ParityThing], _ tag: Int
  ) -> String {
    let argument = generator.below(3)
    let name = ["pd", "psh", "psi", "pt"][generator.below(4)]
    let factory =
      switch name {
      case "pd": decoratedPerArgument
      case "psh": sharedPerArgument
      case "psi": singletonPerArgument
      default: testPerArgument
      }
    let log = self.log
    switch generator.below(20) {
    case 0...5:
      let thing = factory(argument)
      if generator.below(3) == 0 { held.append(thing) }
      return "\(name)(\(argument)) = \(log.show(thing))"
    case 6: return "cached() = \(log.show(cached()))"
    case 7: return "singleton() = \(log.show(singleton()))"
    // A registration's singleton stays in its container (different on purpose).
    case 8 where name != "psi":
      factory.register { ParityThing("\(name).r\(tag)/\($0)", log) }
      return "register \(name).r\(tag)"
    case 9:
      factory.reset(.scope)
      return "\(name).reset(.scope)"
    case 10:
      factory.reset()
      return "\(name).reset()"
    case 11:
      held = []
      return "drop held"
    case 12:
      FactoryContext.current.isTest.toggle()
      return "isTest = \(FactoryContext.current.isTest)"
    case 13:
      factory.decorator { thing, isNew in
        log.events.append("\(name).d\(tag) \(log.show(thing)) \(isNew)")
      }
      return "\(name).decorator d\(tag)"
    case 14:
      manager.reset(options: .scope)
      return "manager.reset(options: .scope)"
    case 15:
      manager.push()
      return "push"
    case 16:
      manager.pop()
      return "pop"
    case 17:
      factory.onTest { ParityThing("\(name).t\(tag)/\($0)", log) }
      return "\(name).onTest t\(tag)"
    case 18:
      cached.register { ParityThing("c.r\(tag)", log) }
      return "register cached"
    default:
      manager.reset(scope: .shared)
      return "manager.reset(scope: .shared)"
    }
  }
}

extension ParityAutoContainer {
  fileprivate func step(_ generator: inout ParityGenerator, _ log: ParityLog) -> String {
    let name = ["a", "c", "plain"][generator.below(3)]
    let chosen = name == "a" ? registered : name == "c" ? cached : plain
    let tag = generator.below(1000)
    switch generator.below(100) {
    case 0..<30:
      return "\(name)() = \(log.show(chosen()))"
    case 30..<38:
      return "resolve(ParityThing?) = \(log.show(resolve(ParityThing.self)))"
    case 38..<44:
      register { ParityThing("type.r\(tag)", log) }
      return "register(ParityThing) r\(tag)"
    case 44..<52:
      chosen.register { ParityThing("\(name).r\(tag)", log) }
      return "register \(name).r\(tag)"
    case 52..<58:
      chosen.reset()
      return "\(name).reset()"
    case 58..<62:
      chosen.reset(.registration)
      return "\(name).reset(.registration)"
    case 62..<72:
      // A factory's reset while auto-registration is pending differs on purpose; a resolution
      // runs it first.
      let options: FactoryResetOptions = generator.below(2) == 0 ? .registration : .all
      manager.reset(options: options)
      _ = registered()
      return "manager.reset(options: \(options == .all ? ".all" : ".registration"))"
    case 72..<78:
      manager.reset(options: .scope)
      return "manager.reset(options: .scope)"
    case 78..<86:
      manager.push()
      return "push"
    case 86..<94:
      manager.pop()
      return "pop"
    default:
      return "factory(ParityThing) is \(factory(ParityThing.self) == nil ? "nil" : "set")"
    }
  }
}
