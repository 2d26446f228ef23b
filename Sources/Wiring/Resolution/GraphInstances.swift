extension ResolutionState {
  /// A `.graph` instance's identity: the factory, and its parameter when it keeps one
  /// instance per parameter.
  @usableFromInline
  struct GraphKey {
    @usableFromInline let key: FactoryKey
    @usableFromInline let parameter: GraphParameter?

    @inlinable
    init(key: FactoryKey, parameter: GraphParameter?) {
      self.key = key
      self.parameter = parameter
    }
  }

  /// The parameter a `.graph` instance was built for, boxed so that the list of graph instances
  /// holds references, not existentials.
  @usableFromInline
  final class GraphParameter {
    let value: AnyHashable
    @usableFromInline init(_ value: AnyHashable) { self.value = value }
  }

  /// The `.graph` instances of the current top-level resolution, in the order they were built.
  ///
  /// A resolution keeps a few, so a scan that compares keys beats hashing; the memory is the
  /// thread's own and reused from one resolution to the next.
  struct GraphInstances {
    private var keys: UnsafeMutablePointer<GraphKey>?
    private var boxes: UnsafeMutablePointer<AnyObject>?
    private var count = 0
    private var capacity = 0

    /// The instance kept for `key`, if any.
    func instance(for key: GraphKey) -> AnyObject? {
      guard let keys, let boxes else { return nil }
      for index in 0..<count where Self.same(keys + index, key) {
        return boxes[index]
      }
      return nil
    }

    /// Keeps `box` for `key` until `removeAll`.
    mutating func keep(_ box: AnyObject, for key: GraphKey) {
      if count == capacity { grow() }
      (keys.unsafelyUnwrapped + count).initialize(to: key)
      (boxes.unsafelyUnwrapped + count).initialize(to: box)
      count += 1
    }

    /// Lets go of every instance, keeping the memory for the next resolution.
    mutating func removeAll() {
      guard let keys, let boxes else { return }
      // One at a time: `deinitialize(count:)` destroys through the type's metadata.
      for index in 0..<count {
        _ = (keys + index).move()
        _ = (boxes + index).move()
      }
      count = 0
    }

    /// Lets go of every instance and the memory; the thread is done resolving.
    mutating func deallocate() {
      removeAll()
      keys?.deallocate()
      boxes?.deallocate()
      keys = nil
      boxes = nil
      capacity = 0
    }

    private mutating func grow() {
      let newCapacity = max(4, capacity * 2)
      let newKeys = UnsafeMutablePointer<GraphKey>.allocate(capacity: newCapacity)
      let newBoxes = UnsafeMutablePointer<AnyObject>.allocate(capacity: newCapacity)
      if let keys, let boxes {
        newKeys.moveInitialize(from: keys, count: count)
        newBoxes.moveInitialize(from: boxes, count: count)
        keys.deallocate()
        boxes.deallocate()
      }
      keys = newKeys
      boxes = newBoxes
      capacity = newCapacity
    }

    private static func same(_ lhs: UnsafeMutablePointer<GraphKey>, _ rhs: GraphKey) -> Bool {
      guard lhs.pointee.key == rhs.key else { return false }
      guard let left = lhs.pointee.parameter, let right = rhs.parameter else {
        return lhs.pointee.parameter == nil && rhs.parameter == nil
      }
      return left.value == right.value
    }
  }
}
