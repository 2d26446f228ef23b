extension ContainerManager {
  /// Runs `body` and returns what it returned with the graph of this container's resolutions
  /// that it made.
  ///
  /// ```swift
  /// let (model, graph) = Container.shared.manager.recordingGraph {
  ///   Container.shared.searchViewModel()
  /// }
  /// print(graph.tree)
  /// ```
  ///
  /// The graph holds the resolutions `body` makes on its own thread, synchronously. Resolutions
  /// from other threads, tasks or containers are not in it, even while `body` runs. While a
  /// recording is in progress, every resolution of this container takes the locked path.
  public func recordingGraph<Value>(
    _ body: () throws -> Value
  ) rethrows -> (value: Value, graph: ResolutionGraph) {
    let recorder = beginRecording()
    do {
      let value = try GraphRecorder.$current.withValue(recorder) { try body() }
      return (value, endRecording(recorder))
    } catch {
      _ = endRecording(recorder)
      throw error
    }
  }

  /// Runs async `body` and returns what it returned with the graph of this container's
  /// resolutions that it made, including those of the child tasks it awaits.
  ///
  /// ```swift
  /// let (results, graph) = await Container.shared.manager.recordingGraph {
  ///   let model = Container.shared.searchViewModel()
  ///   return await model.search("swift")
  /// }
  /// print(graph.mermaid)
  /// ```
  ///
  /// The recording follows `body`'s task: what it resolves before and after each `await`, and
  /// what its child tasks (`async let`, task groups) and the `Task { }`s it creates resolve,
  /// while the recording lasts. Detached tasks, other threads (a `DispatchQueue`, a `Thread`) and
  /// other tasks are not recorded, even while `body` runs.
  public func recordingGraph<Value>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Value
  ) async rethrows -> (value: Value, graph: ResolutionGraph) {
    let recorder = beginRecording()
    do {
      let value = try await GraphRecorder.$current.withValue(recorder) { try await body() }
      return (value, endRecording(recorder))
    } catch {
      _ = endRecording(recorder)
      throw error
    }
  }

  private func beginRecording() -> GraphRecorder {
    let recorder = GraphRecorder(observing: observation, enclosing: GraphRecorder.current)
    observation.changeRecordings(by: 1)
    observationChanged()
    return recorder
  }

  private func endRecording(_ recorder: GraphRecorder) -> ResolutionGraph {
    observation.changeRecordings(by: -1)
    observationChanged()
    return recorder.finish()
  }
}
