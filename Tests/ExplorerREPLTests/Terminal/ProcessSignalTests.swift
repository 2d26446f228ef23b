import Testing

/// The suites that change how the process handles signals, or enter raw mode (which does), run
/// one at a time: a SIGINT sent by one of them must never meet a disposition another one set.
@Suite(.serialized) struct ProcessSignalTests {}
