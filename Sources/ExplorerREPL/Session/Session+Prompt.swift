internal import ExplorerDomain
internal import ExplorerPresentation

extension Session {
  /// The banner an interactive session opens with; on standard error when the prompt is drawn
  /// there, and in JSON mode, where standard output carries JSON only.
  func printBanner(onStandardError: Bool = false) {
    let write = json || onStandardError ? console.err : console.out
    // Wrapped at spaces on a terminal of known width, rather than cut mid-word by it.
    func fitted(_ text: String) -> [String] {
      renderer.lineWidth.map { VisibleWidth.wrap(text, to: $0) } ?? [text]
    }
    fitted(
      renderer.style.bold("explorer") + " · browse GitHub repositories · "
        + root.describe(root.mode)
    ).forEach(write)
    fitted("Try :search swift, then :open 1. :help lists commands; Tab completes; Ctrl-D quits.")
      .map(renderer.note).forEach(write)
  }

  /// The rows and repositories on screen, for Tab to offer.
  func completionScreen() -> CommandCompletion.Screen {
    switch navigator.screen {
    case .search(let model):
      CommandCompletion.Screen(
        rows: model.state.items.count, names: model.state.items.map(\.name.description))
    case .repository(let model):
      CommandCompletion.Screen(
        rows: 0,
        names: [model.state.detail?.summary.name, model.state.detail?.parent].compactMap {
          $0?.description
        })
    case .readme(let model):
      CommandCompletion.Screen(rows: 0, names: [model.state.name?.description].compactMap { $0 })
    case nil:
      CommandCompletion.Screen(rows: 0, names: [])
    }
  }

  /// The prompt for a terminal `columns` wide: where the user is, then `❯`.
  func prompt(columns: Int) -> String {
    let crumbs = PromptFitting.crumbs(
      navigator.stack.breadcrumb.map(Sanitizer.line), columns: columns)
    guard !crumbs.isEmpty else { return renderer.style.accent("❯ ") }
    return renderer.style.dim(crumbs.joined(separator: PromptFitting.separator))
      + renderer.style.accent(PromptFitting.marker)
  }
}
