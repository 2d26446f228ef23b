// swift-format-ignore-file
// Declares Apple's names with Apple's spellings.
// A stand-in for Apple's `Darwin` module, for type-checking Wiring's `#if canImport(Darwin)`
// branches on Linux (.ci/run). It declares only what Wiring calls, with the signatures Swift
// imports from Apple's headers, `noasync` marks included; nothing here is ever linked or run.
// Keep it that small: a declaration Wiring does not use hides a mistake instead of finding it.
// C functions come into Swift with discardable results, hence `@discardableResult`.

// MARK: os/lock.h

public struct os_unfair_lock_s {
  public var _os_unfair_lock_opaque: UInt32
  public init() { _os_unfair_lock_opaque = 0 }
  public init(_os_unfair_lock_opaque: UInt32) {
    self._os_unfair_lock_opaque = _os_unfair_lock_opaque
  }
}
public typealias os_unfair_lock = os_unfair_lock_s
public typealias os_unfair_lock_t = UnsafeMutablePointer<os_unfair_lock_s>

@available(
  *, noasync, message: "Use OSAllocatedUnfairLock's withLock or withLockIfAvailable instead"
)
public func os_unfair_lock_lock(_ lock: os_unfair_lock_t) { standIn() }

@available(
  *, noasync, message: "Use OSAllocatedUnfairLock's withLock or withLockIfAvailable instead"
)
public func os_unfair_lock_unlock(_ lock: os_unfair_lock_t) { standIn() }

// MARK: pthread.h

public typealias pthread_key_t = UInt

public struct _opaque_pthread_t {
  public var __sig: Int
  public init() { __sig = 0 }
}
public typealias pthread_t = UnsafeMutablePointer<_opaque_pthread_t>

@discardableResult
public func pthread_self() -> pthread_t { standIn() }

public struct pthread_mutex_t {
  public var __sig: Int
  public var __opaque: (Int, Int, Int, Int, Int, Int, Int)
  public init() { (__sig, __opaque) = (0, (0, 0, 0, 0, 0, 0, 0)) }
}
public struct pthread_mutexattr_t {
  public var __sig: Int
  public var __opaque: (Int8, Int8, Int8, Int8, Int8, Int8, Int8, Int8)
  public init() { (__sig, __opaque) = (0, (0, 0, 0, 0, 0, 0, 0, 0)) }
}
public struct pthread_cond_t {
  public var __sig: Int
  public var __opaque: (Int, Int, Int, Int, Int)
  public init() { (__sig, __opaque) = (0, (0, 0, 0, 0, 0)) }
}
public struct pthread_condattr_t {
  public var __sig: Int
  public var __opaque: (Int8, Int8, Int8, Int8, Int8, Int8, Int8, Int8)
  public init() { (__sig, __opaque) = (0, (0, 0, 0, 0, 0, 0, 0, 0)) }
}

@discardableResult
public func pthread_key_create(
  _ key: UnsafeMutablePointer<pthread_key_t>,
  _ destructor: (@convention(c) (UnsafeMutableRawPointer) -> Void)?
) -> Int32 { standIn() }
@discardableResult
public func pthread_key_delete(_ key: pthread_key_t) -> Int32 { standIn() }
@discardableResult
public func pthread_getspecific(_ key: pthread_key_t) -> UnsafeMutableRawPointer? { standIn() }
@discardableResult
public func pthread_setspecific(_ key: pthread_key_t, _ value: UnsafeRawPointer?) -> Int32 {
  standIn()
}

@discardableResult
public func pthread_mutex_init(
  _ mutex: UnsafeMutablePointer<pthread_mutex_t>, _ attr: UnsafePointer<pthread_mutexattr_t>?
) -> Int32 { standIn() }
@discardableResult
public func pthread_mutex_destroy(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 {
  standIn()
}
@discardableResult
public func pthread_mutex_lock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 {
  standIn()
}
@discardableResult
public func pthread_mutex_unlock(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) -> Int32 {
  standIn()
}

@discardableResult
public func pthread_cond_init(
  _ cond: UnsafeMutablePointer<pthread_cond_t>, _ attr: UnsafePointer<pthread_condattr_t>?
) -> Int32 { standIn() }
@discardableResult
public func pthread_cond_destroy(_ cond: UnsafeMutablePointer<pthread_cond_t>) -> Int32 {
  standIn()
}
@discardableResult
public func pthread_cond_wait(
  _ cond: UnsafeMutablePointer<pthread_cond_t>, _ mutex: UnsafeMutablePointer<pthread_mutex_t>
) -> Int32 { standIn() }
@discardableResult
public func pthread_cond_broadcast(_ cond: UnsafeMutablePointer<pthread_cond_t>) -> Int32 {
  standIn()
}

// MARK: sched.h

@discardableResult
public func sched_yield() -> Int32 { standIn() }

// MARK: dlfcn.h, mach-o/dyld.h, unistd.h, string.h

/// Information about the image containing an address, as `dladdr` fills it.
public struct dl_info {
  public var dli_fname: UnsafePointer<CChar>!
  public var dli_fbase: UnsafeMutableRawPointer!
  public var dli_sname: UnsafePointer<CChar>!
  public var dli_saddr: UnsafeMutableRawPointer!
  public init() { standIn() }
}
public typealias Dl_info = dl_info

public var RTLD_LAZY: Int32 { 0x1 }
public var RTLD_NOLOAD: Int32 { 0x10 }

public func dladdr(_ addr: UnsafeRawPointer!, _ info: UnsafeMutablePointer<Dl_info>!) -> Int32 {
  standIn()
}
public func dlopen(_ path: UnsafePointer<CChar>!, _ mode: Int32) -> UnsafeMutableRawPointer! {
  standIn()
}
public func dlsym(
  _ handle: UnsafeMutableRawPointer!, _ symbol: UnsafePointer<CChar>!
) -> UnsafeMutableRawPointer! { standIn() }
public func dlclose(_ handle: UnsafeMutableRawPointer!) -> Int32 { standIn() }

public func _dyld_image_count() -> UInt32 { standIn() }
public func _dyld_get_image_name(_ image_index: UInt32) -> UnsafePointer<CChar>! { standIn() }

public func write(_ fd: Int32, _ buf: UnsafeRawPointer!, _ nbyte: Int) -> Int { standIn() }
public func strlen(_ s: UnsafePointer<CChar>!) -> Int { standIn() }

private func standIn() -> Never { fatalError("the Darwin stand-in is for type-checking only") }
