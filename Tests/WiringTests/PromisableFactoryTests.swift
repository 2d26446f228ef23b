import Testing
import Wiring

extension Container {
  fileprivate var promisedSession: AsyncThrowingFactory<Service> { promised() }
  fileprivate var promisedReport: AsyncFactory<Service> { promised() }
}

@Suite struct PromisableFactoryTests {
  @Test func anUnregisteredAsyncThrowingPromiseIsReportedMissing() async throws {
    let container = Container()
    let report = await container.verify(.factory(\.promisedSession))
    #expect(report.faults.map(\.kind) == [.missingRegistration])
  }

  @Test func aRegisteredAsyncPromiseBuildsWithTheRegisteredBuilder() async throws {
    let container = Container()
    container.promisedSession.register { Service(name: "signed in") }
    container.promisedReport.register { Service(name: "report") }
    #expect(try await container.promisedSession().name == "signed in")
    #expect(await container.promisedReport().name == "report")
  }
}
