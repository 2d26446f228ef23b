internal import Dispatch
internal import Foundation
internal import Wiring

/// Instances that one top-level resolution built and that outlived the test.
///
/// ```text
/// 2 instances built by Container.profileModel outlived the test:
///   ProfileCoordinator (Container.profileModel → Container.profileCoordinator)
///   ProfileModel (Container.profileModel)
/// ```
///
/// The chain after each type is the resolution that built it, outermost factory first: the
/// factory to look at is the last one, and whatever holds the instance is usually among the
/// others (a view model capturing its coordinator, a closure capturing `self`).
public struct LeakReport: Sendable, Hashable, CustomStringConvertible {
  /// One instance still alive after the test.
  public struct Instance: Sendable, Hashable, CustomStringConvertible {
    /// The instance's type, as Swift prints it.
    public let type: String
    /// The factories being resolved when it was built, outermost first; the last built it.
    public let chain: [String]

    /// `ProfileCoordinator (Container.profileModel → Container.profileCoordinator)`.
    public var description: String { "\(type) (\(chain.joined(separator: " → ")))" }
  }

  /// The factory whose resolution built them: the first of every instance's chain.
  public let root: String
  /// The surviving instances, in the order they were built.
  public let instances: [Instance]

  /// A summary line, then one line per instance.
  public var description: String {
    let count = instances.count == 1 ? "1 instance" : "\(instances.count) instances"
    return (["\(count) built by \(root) outlived the test:"] + instances.map { "  \($0)" })
      .joined(separator: "\n")
  }

  /// The survivors of `tracker`, one report per top-level factory, once they have had a moment
  /// to go away; empty when all did.
  static func reports(of tracker: LeakTracker) async -> [LeakReport] {
    var patience = Patience()
    var survivors = tracker.survivors
    while !survivors.isEmpty, patience.lasts() {
      try? await Task.sleep(nanoseconds: Patience.pollNanoseconds)
      survivors = tracker.survivors
    }
    return group(survivors)
  }

  /// The survivors of `tracker`, waiting on this thread, for synchronous callers.
  static func reports(of tracker: LeakTracker) -> [LeakReport] {
    var patience = Patience()
    var survivors = tracker.survivors
    while !survivors.isEmpty, patience.lasts() {
      Thread.sleep(forTimeInterval: Double(Patience.pollNanoseconds) / 1e9)
      survivors = tracker.survivors
    }
    return group(survivors)
  }

  private static func group(_ survivors: [LeakTracker.Built]) -> [LeakReport] {
    var order: [String] = []
    var byRoot: [String: [Instance]] = [:]
    for built in survivors {
      let root = built.chain.first ?? built.type
      if byRoot[root] == nil { order.append(root) }
      byRoot[root, default: []].append(Instance(type: built.type, chain: built.chain))
    }
    return order.map { LeakReport(root: $0, instances: byRoot[$0] ?? []) }
  }
}
