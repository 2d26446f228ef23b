/// Why a body did not decode, and where in it.
struct PayloadError: Error, Hashable {
  /// A JSON path such as `items[3].owner.login`, or empty for the whole body.
  var path: String
  var reason: String
}
