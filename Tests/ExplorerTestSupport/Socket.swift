internal import Foundation

#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// The few POSIX socket calls the replay server needs, on Linux and Apple platforms.
enum Socket {
  struct Failure: Error, CustomStringConvertible {
    let call: String
    let code: Int32
    var description: String { "\(call) failed: \(String(cString: strerror(code)))" }
  }

  /// A listening socket on 127.0.0.1 with a port the system chose.
  static func listenOnLoopback() throws -> (Int32, UInt16) {
    #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw Failure(call: "socket", code: errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(descriptor, 64) == 0 else {
      let code = errno
      close(descriptor)
      throw Failure(call: "bind/listen", code: code)
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    return (descriptor, UInt16(bigEndian: address.sin_port))
  }

  /// The next connection, or `nil` once the listener was shut down.
  static func accept(_ listener: Int32) -> Int32? {
    while true {
      #if canImport(Glibc)
      let connection = Glibc.accept(listener, nil, nil)
      #else
      let connection = Darwin.accept(listener, nil, nil)
      #endif
      if connection >= 0 {
        #if canImport(Darwin)
        var on: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return connection
      }
      if errno == EINTR { continue }
      return nil
    }
  }

  /// Reads up to the blank line that ends a request's head; `nil` if the peer went away first.
  static func readHead(_ connection: Int32) -> String? {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    let end: [UInt8] = Array("\r\n\r\n".utf8)
    while bytes.count < 64 * 1024 {
      let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return nil }
      bytes += buffer[..<count]
      if let start = bytes.indices.dropLast(end.count - 1).first(where: {
        bytes[$0..<$0 + end.count].elementsEqual(end)
      }) {
        return String(decoding: bytes[..<start], as: UTF8.self)
      }
    }
    return nil
  }

  /// Writes all of `data`, giving up quietly if the peer went away.
  static func write(_ connection: Int32, _ data: Data) {
    #if canImport(Glibc)
    let flags = Int32(MSG_NOSIGNAL)
    #else
    let flags: Int32 = 0
    #endif
    data.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let sent = send(connection, raw.baseAddress! + offset, raw.count - offset, flags)
        if sent < 0, errno == EINTR { continue }
        guard sent > 0 else { return }
        offset += sent
      }
    }
  }

  static func shutDown(_ descriptor: Int32) {
    _ = shutdown(descriptor, Int32(SHUT_RDWR))
  }

  static func close(_ descriptor: Int32) {
    #if canImport(Glibc)
    _ = Glibc.close(descriptor)
    #else
    _ = Darwin.close(descriptor)
    #endif
  }
}
