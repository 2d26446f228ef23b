import Foundation
import Testing
import Wiring

// What the scripted-session tests share: the steps' choices of reset and scope, the instances
// their factories build, a seeded generator, and how a child process reports a disagreement.

/// A built instance, told apart by the builder that made it and the order it was built in.
final class Built: Sendable {
  let tag: String
  let serial: Int
  init(_ tag: String, _ builds: Counter) {
    self.tag = tag
    serial = builds.increment()
  }
  var summary: String { "\(tag)#\(serial)" }
}

/// Built instances, as a builder that resolves several dependencies returns them.
struct BuiltGroup {
  let members: [Built]
  var summary: String { members.map(\.summary).joined(separator: " ") }
}

/// A reset a scripted step asks for.
enum ScriptedReset: CaseIterable, Sendable {
  case all, scope, registration, context

  var options: FactoryResetOptions {
    switch self {
    case .all: .all
    case .scope: .scope
    case .registration: .registration
    case .context: .context
    }
  }
}

/// A scope a scripted step names; `custom` is `Scope.scripted`.
enum ScriptedScope: CaseIterable, Sendable {
  case unique, cached, shared, graph, custom, singleton

  var scope: Scope {
    switch self {
    case .unique: .unique
    case .cached: .cached
    case .shared: .shared
    case .graph: .graph
    case .custom: .scripted
    case .singleton: .singleton
    }
  }
}

extension Scope {
  /// The custom scope of scripted sessions, made as Factory's users make theirs.
  static let scripted = Scope.Cached()
}

/// A container that scripted sessions drive, with the factories they resolve: each test's
/// containers are types of their own, so that two never share a key or a singleton.
protocol ScriptedContainer: ManagedContainer {
  /// Numbers the instances its builders make.
  var builds: Counter { get }
  /// How many times a decorator ran.
  var decorations: Counter { get }
}

extension ScriptedContainer {
  var unique: Factory<Built> { self { Built("declared", self.builds) } }
  var cached: Factory<Built> { self { Built("declared", self.builds) }.cached }
  var shared: Factory<Built> { self { Built("declared", self.builds) }.shared }
  var singleton: Factory<Built> { self { Built("declared", self.builds) }.singleton }
  var custom: Factory<Built> { self { Built("declared", self.builds) }.scope(.scripted) }
  var contextual: Factory<Built> {
    self { Built("declared", self.builds) }.cached.onTest { Built("declared test", self.builds) }
  }
  var uniqueContextual: Factory<Built> {
    self { Built("declared", self.builds) }.onTest { Built("declared test", self.builds) }
  }
  var onceContextual: Factory<Built> {
    self { Built("declared", self.builds) }.onTest { Built("declared test", self.builds) }.once()
  }
  var debugContextual: Factory<Built> {
    self { Built("declared", self.builds) }.cached.onDebug {
      Built("declared debug", self.builds)
    }
  }
  var uniqueDebugContextual: Factory<Built> {
    self { Built("declared", self.builds) }.onDebug { Built("declared debug", self.builds) }
  }
  var decorated: Factory<Built> {
    self { Built("declared", self.builds) }.cached.decorator { [decorations] _ in
      decorations.increment()
    }
  }
  var once: Factory<Built> { self { Built("declared", self.builds) }.cached.once() }
  var leaf: Factory<Built> { self { Built("declared", self.builds) }.graph }
  var parent: Factory<BuiltGroup> {
    self { BuiltGroup(members: [self.leaf(), self.cached(), self.leaf()]) }.cached
  }
  var graphPerArgument: ParameterFactory<Int, Built> {
    self { Built("declared \($0)", self.builds) }.graph.scopeOnParameters
  }
  /// Resolves `.graph` arguments, which one resolution shares per argument.
  var graphParent: Factory<BuiltGroup> {
    self {
      BuiltGroup(members: [
        self.graphPerArgument(1), self.graphPerArgument(2), self.graphPerArgument(1),
      ])
    }
  }
  var perArgument: ParameterFactory<Int, Built> {
    self { Built("declared \($0)", self.builds) }.cached.scopeOnParameters
  }

  var asyncUnique: AsyncFactory<Built> { self { Built("declared", self.builds) } }
  var asyncCached: AsyncFactory<Built> { self { Built("declared", self.builds) }.cached }
  var asyncSingleton: AsyncFactory<Built> { self { Built("declared", self.builds) }.singleton }
  var asyncCustom: AsyncFactory<Built> {
    self { Built("declared", self.builds) }.scope(.scripted)
  }
  var asyncContextual: AsyncFactory<Built> {
    self { Built("declared", self.builds) }.cached.onTest { Built("declared test", self.builds) }
  }
  var asyncUniqueContextual: AsyncFactory<Built> {
    self { Built("declared", self.builds) }.onTest { Built("declared test", self.builds) }
  }
  var asyncOnceContextual: AsyncFactory<Built> {
    self { Built("declared", self.builds) }.onTest { Built("declared test", self.builds) }.once()
  }
  var asyncDecorated: AsyncFactory<Built> {
    self { Built("declared", self.builds) }.cached.decorator { [decorations] _ in
      decorations.increment()
    }
  }
  var asyncLeaf: AsyncFactory<Built> { self { Built("declared", self.builds) }.graph }
  var asyncParent: AsyncFactory<BuiltGroup> {
    self {
      BuiltGroup(members: [
        await self.asyncLeaf(), await self.asyncCached(), await self.asyncLeaf(),
      ])
    }.cached
  }
}

/// One of two container types for a script run on two containers that must not share a key
/// or a singleton.
final class FirstScriptedContainer: ScriptedContainer {
  let manager = ContainerManager()
  let builds = Counter()
  let decorations = Counter()
}

/// The other of the two.
final class SecondScriptedContainer: ScriptedContainer {
  let manager = ContainerManager()
  let builds = Counter()
  let decorations = Counter()
}

/// SplitMix64: a small generator whose sequence a seed fixes, so a failure can be replayed.
struct SplitMix: RandomNumberGenerator {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// What a child process prints before the disagreement it found.
let childProcessDisagreement = "disagreement: "

/// Records, as an issue, the disagreement a child process printed, if any.
func recordDisagreement(
  printedIn result: ExitTest.Result?, sourceLocation: SourceLocation = #_sourceLocation
) {
  guard let result else { return }
  let output = String(decoding: result.standardOutputContent, as: UTF8.self)
  guard let marker = output.range(of: childProcessDisagreement) else { return }
  Issue.record(
    Comment(rawValue: String(output[marker.upperBound...])), sourceLocation: sourceLocation)
}
