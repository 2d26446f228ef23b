public import ExplorerDomain
internal import Wiring

/// The search screen: a query in, rows, paging and failures out.
///
/// Inputs are its methods; its output is `state`, which always keeps the rows already shown,
/// even when a later input fails.
///
/// ```swift
/// let model = Container.shared.searchViewModel()
/// await model.search(try SearchQuery("swift"))
/// model.state.items.count // 10
/// await model.loadMore()
/// await model.open(row: 3) // asks the navigator to show that repository
/// ```
@MainActor
public final class SearchViewModel {
  /// What the screen shows.
  public private(set) var state = SearchState()

  @Injected(\.searchRepositories) private var searchRepositories
  @Injected(\.fetchNextPage) private var fetchNextPage
  private weak var navigator: (any Navigator)?

  /// Makes a search screen that opens repositories through `navigator`.
  public init(navigator: any Navigator) {
    self.navigator = navigator
  }

  /// Runs `query` and replaces the rows with its first page.
  public func search(_ query: SearchQuery) async {
    state.phase = .loading
    do throws(ExplorerError) {
      let page = try await searchRepositories(query)
      var next = SearchState()
      next.query = query
      next.items = page.items
      next.totalCount = page.totalCount
      next.isIncomplete = page.isIncomplete
      next.lastPage = page
      next.phase = .ready
      state = next
    } catch {
      state.phase = .failed(.failed(error))
    }
  }

  /// Appends the next page of rows, or fails with `noMorePages` after the last one.
  public func loadMore() async {
    guard let page = state.lastPage, page.hasNextPage else {
      state.phase = .failed(.noMorePages(shown: state.items.count, total: state.totalCount))
      return
    }
    state.phase = .loading
    do throws(ExplorerError) {
      guard let next = try await fetchNextPage(after: page) else {
        state.phase = .failed(.noMorePages(shown: state.items.count, total: state.totalCount))
        return
      }
      state.items += next.items
      state.totalCount = next.totalCount
      state.isIncomplete = state.isIncomplete || next.isIncomplete
      state.lastPage = next
      state.phase = .ready
    } catch {
      state.phase = .failed(.failed(error))
    }
  }

  /// Opens the repository on row `row`, counting from 1.
  public func open(row: Int) async {
    guard state.items.indices.contains(row - 1) else {
      state.phase = .failed(.rowOutOfRange(row: row, count: state.items.count))
      return
    }
    guard let navigator else { return }
    do throws(PresentationError) {
      try await navigator.show(.repository(state.items[row - 1].name))
      state.phase = .ready
    } catch {
      state.phase = .failed(error)
    }
  }
}
