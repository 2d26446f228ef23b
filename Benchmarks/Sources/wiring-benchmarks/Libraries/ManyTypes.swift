/// Calls `visit` with `count` distinct types, so a case can make that many registrations keyed
/// by type without writing them out: type number `n` is `Bit0`/`Bit1` nested by the bits of `n`.
protocol TypeVisitor {
  mutating func visit<T>(_ type: T.Type)
}

enum End {}
enum Bit0<Next> {}
enum Bit1<Next> {}

func visitTypes(count: Int, _ visitor: inout some TypeVisitor) {
  for number in 0..<count { visitType(End.self, number: number, bits: 10, &visitor) }
}

private func visitType<T>(_: T.Type, number: Int, bits: Int, _ visitor: inout some TypeVisitor) {
  guard bits > 0 else { return visitor.visit(T.self) }
  if number & 1 == 1 {
    visitType(Bit1<T>.self, number: number >> 1, bits: bits - 1, &visitor)
  } else {
    visitType(Bit0<T>.self, number: number >> 1, bits: bits - 1, &visitor)
  }
}
