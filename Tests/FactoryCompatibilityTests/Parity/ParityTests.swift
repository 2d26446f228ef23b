import Foundation
import Testing
import Wiring

/// Random sessions over scopes, contexts, decorators, arguments, graphs, property wrappers,
/// auto-registration and the trace's lines, replayed against what Factory 3.2.2 answered
/// (`ParityTranscripts.txt`, written by `record`): a migrating app's observations, step by step.
@Suite struct ParityTests {
  static let transcripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("ParityTranscripts.txt")

  @Test func theTranscriptsHoldEverySession() throws {
    let expected = ParityFamily.allCases.reduce(0) { $0 + $1.recorded.sessions }
    #expect(try Self.recorded().count == expected)
  }

  // The context's flags and arguments and the singletons are process-wide, so the sessions run
  // in a child process, which prints the first disagreement. Run again with every container
  // watched, which sends each resolution down the locked path: what the lock-free path answers
  // must be what the lock answers.
  @Test(arguments: [false, true])
  func everySessionAnswersWhatFactoryAnswered(resolvingUnderLock: Bool) async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
      [resolvingUnderLock] in
      let disagreement = try ParityMode.$resolvesUnderLock.withValue(resolvingUnderLock) {
        try ParityTests.firstDisagreement()
      }
      if let disagreement {
        print(Self.disagreementMarker + disagreement)
      }
    }
    guard let result else { return }
    let output = String(decoding: result.standardOutputContent, as: UTF8.self)
    if let marker = output.range(of: Self.disagreementMarker) {
      Issue.record(Comment(rawValue: String(output[marker.upperBound...])))
    }
  }

  static let disagreementMarker = "disagreement: "

  static func recorded() throws -> [Substring] {
    try String(contentsOf: transcripts, encoding: .utf8).split(separator: "\n")
      .filter { !$0.hasPrefix("#") }
  }

  /// The first step whose answer is not Factory's, with the steps before it.
  static func firstDisagreement() throws -> String? {
    for line in try recorded() {
      var answers = line.components(separatedBy: " | ")
      let session = answers.removeFirst().split(separator: " ")
      guard session.count == 2, let family = ParityFamily(rawValue: String(session[0])),
        let seed = UInt64(session[1])
      else { return "an unreadable transcript line: \(line.prefix(80))" }
      let actual = family.session(seed: seed, steps: answers.count)
      for (index, (expected, answer)) in zip(answers, actual).enumerated() where expected != answer
      {
        return "\(family.rawValue) session \(seed), step \(index): Wiring answered `\(answer)`, "
          + "Factory `\(expected)`, after:\n" + answers[..<index].joined(separator: "\n")
      }
    }
    return nil
  }
}
