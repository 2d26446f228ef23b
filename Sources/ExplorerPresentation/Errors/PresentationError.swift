public import ExplorerDomain

/// Why a view model or the navigator could not do what it was asked.
///
/// Each case reads as one line for the user through `description`, and most say what to do
/// next through `advice`.
public enum PresentationError: Error, Hashable, Sendable {
  /// The data layer failed: GitHub, the network, the fixtures or the query.
  case failed(ExplorerError)
  /// A row number outside the rows on screen (rows count from 1).
  case rowOutOfRange(row: Int, count: Int)
  /// `back` at home.
  case nothingToGoBackTo
  /// `more` after the last page.
  case noMorePages(shown: Int, total: Int)
  /// The repository has no README.
  case noReadme(RepositoryName)
}

extension PresentationError: CustomStringConvertible {
  /// What happened, in one line.
  public var description: String {
    switch self {
    case .failed(let error):
      error.description
    case .rowOutOfRange(let row, let count) where count == 0:
      "there is no row \(row): the list is empty"
    case .rowOutOfRange(let row, let count):
      "there is no row \(row): rows go from 1 to \(count)"
    case .nothingToGoBackTo:
      "nothing to go back to: you are at home"
    case .noMorePages(let shown, let total):
      "no more pages: all \(shown) of \(total) results are shown"
    case .noReadme(let name):
      "\(name) has no README"
    }
  }

  /// What the user can do about it, in a few words, when there is something to do.
  public var advice: String? {
    switch self {
    case .failed(let error): error.advice
    case .rowOutOfRange(_, let count) where count == 0: "search for something else"
    case .rowOutOfRange: "pick one of those, or :open owner/name"
    case .nothingToGoBackTo: "start with :search QUERY or :open owner/name"
    case .noMorePages: nil
    case .noReadme: nil
    }
  }
}
