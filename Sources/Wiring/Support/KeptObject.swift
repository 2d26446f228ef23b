/// `value` as one object, to keep without knowing its type: a class instance as itself, so that
/// keeping it allocates nothing, anything else in a `Box<T>`.
@inlinable
@inline(__always)
func keptObject<T>(_ value: T) -> AnyObject {
  if T.self is AnyClass, MemoryLayout<T>.size == MemoryLayout<AnyObject>.size {
    return unsafeBitCast(value, to: AnyObject.self)
  }
  return Box(value)
}

/// The value that `keptObject` made `object` from; the caller knows it was made for this `T`.
@inlinable
@inline(__always)
func keptValue<T>(_ object: AnyObject, as _: T.Type = T.self) -> T {
  if T.self is AnyClass, MemoryLayout<T>.size == MemoryLayout<AnyObject>.size {
    return unsafeBitCast(object, to: T.self)
  }
  return unsafeDowncast(object, to: Box<T>.self).value
}
