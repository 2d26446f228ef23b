/// Records the services a builder or decorator saw, in order.
///
/// It holds every recorded service strongly, so comparing identities with `===` later stays
/// meaningful: no recorded instance can be freed and its address reused.
final class InstanceLog: Sendable {
  private let entries = Mutexed<[Service]>([])

  /// Everything recorded so far, oldest first.
  var services: [Service] { entries.read { $0 } }

  /// Appends `service`.
  func record(_ service: Service) { entries.update { $0.append(service) } }
}
