import Swinject

/// Swinject containers for each case, registered the way its documentation shows.
enum SwinjectSetup {
  /// `PlainService` as `.transient` (unique), `.container` (cached), the chain and the graph.
  static func container() -> Swinject.Container {
    let container = Swinject.Container()
    container.register((any Service).self, name: "unique") { _ in PlainService() }
      .inObjectScope(.transient)
    container.register((any Service).self, name: "cached") { _ in PlainService() }
      .inObjectScope(.container)
    container.register(ChainA.self) { r in ChainA(b: r.resolve(ChainB.self)!) }
      .inObjectScope(.transient)
    container.register(ChainB.self) { r in ChainB(c: r.resolve(ChainC.self)!) }
      .inObjectScope(.transient)
    container.register(ChainC.self) { r in ChainC(d: r.resolve(ChainD.self)!) }
      .inObjectScope(.transient)
    container.register(ChainD.self) { _ in ChainD() }.inObjectScope(.transient)
    container.register(Utility.self) { _ in Utility() }.inObjectScope(.graph)
    container.register(Left.self) { r in Left(utility: r.resolve(Utility.self)!) }
      .inObjectScope(.transient)
    container.register(Right.self) { r in Right(utility: r.resolve(Utility.self)!) }
      .inObjectScope(.transient)
    container.register(Household.self) { r in
      Household(left: r.resolve(Left.self)!, right: r.resolve(Right.self)!)
    }
    .inObjectScope(.transient)
    return container
  }
}
