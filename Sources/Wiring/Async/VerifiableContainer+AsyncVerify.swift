extension VerifiableContainer {
  /// Resolves each factory, async ones included, in a sandbox and reports every fault at once.
  ///
  /// ```swift
  /// @Test func theWholeGraphResolves() async {
  ///   let report = await Container.shared.verify(\.api, \.database, \.session)
  ///   #expect(report.isClean, "\(report)")
  /// }
  /// ```
  ///
  /// See `verify(_:)`.
  public func verify(
    _ factories: any PartialKeyPath<Self> & Sendable...
  ) async -> VerificationReport {
    await verify(factories.map { .factory($0) })
  }

  /// Attempts each check, async ones included, in a sandbox and reports every fault at once.
  ///
  /// Synchronous checks run as they do without `await`. Async checks run in a task of their own
  /// with ``catchAsyncResolutionFailure(_:)``, so a cycle or a missing registration is a fault,
  /// and so is an error that a throwing factory threw.
  public func verify(_ checks: VerificationCheck<Self>...) async -> VerificationReport {
    await verify(checks)
  }

  /// Attempts each check, async ones included, in a sandbox and reports every fault at once.
  public func verify(_ checks: [VerificationCheck<Self>]) async -> VerificationReport {
    let sandbox = sandbox()
    let shared = (sandbox as? Container) ?? Container.shared
    var collector = FaultCollector()
    for check in checks {
      let outcome = await Container.$shared.withValue(shared) {
        await catchAsyncResolutionFailure {
          let (attempt, graph) = await sandbox.manager.recordingGraph {
            await check.asyncAttempt?(sandbox)
          }
          return attempt.map { ($0, graph) }
        }
      }
      switch outcome {
      case .success(let recorded?):
        collector.add(.success(recorded), of: check)
      case .success(nil):
        // NB: a synchronous check blocks this thread while its capture thread resolves, as it
        // would without `await`; verification is for tests, not for the app's hot paths.
        collector.add(attemptRecordingGraph(check, in: sandbox), of: check)
      case .failure(let failure):
        collector.add(
          Result<(VerificationCheck<Self>.Attempt, ResolutionGraph), _>.failure(failure), of: check)
      }
    }
    return VerificationReport(checked: collector.checked, faults: collector.faults)
  }
}
