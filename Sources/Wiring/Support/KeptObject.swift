/// `value` as one object, to keep without knowing its type: a class instance as itself, so that
/// keeping it allocates nothing, anything else in a `Box<T>`.
@inlinable
@inline(__always)
func keptObject<T>(_ value: T) -> AnyObject {
  if isKeptAsItself(T.self) {
    return unsafeBitCast(value, to: AnyObject.self)
  }
  return Box(value)
}

/// The value that `keptObject` made `object` from; the caller knows it was made for this `T`.
@inlinable
@inline(__always)
func keptValue<T>(_ object: AnyObject, as _: T.Type = T.self) -> T {
  if isKeptAsItself(T.self) {
    return unsafeBitCast(object, to: T.self)
  }
  return unsafeDowncast(object, to: Box<T>.self).value
}

/// Whether a `T` is one class reference, which `keptObject` keeps as itself; a constant once
/// the caller is specialized.
@inlinable
@inline(__always)
func isKeptAsItself<T>(_: T.Type) -> Bool {
  T.self is AnyClass && MemoryLayout<T>.size == MemoryLayout<AnyObject>.size
}
