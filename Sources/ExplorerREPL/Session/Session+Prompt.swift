internal import ExplorerPresentation

extension Session {
  /// The banner an interactive session opens with; on standard error when the prompt is drawn
  /// there, and in JSON mode, where standard output carries JSON only.
  func printBanner(onStandardError: Bool = false) {
    let write = json || onStandardError ? console.err : console.out
    write(
      renderer.style.bold("explorer") + " · browse GitHub repositories · "
        + root.describe(root.mode))
    write(
      renderer.note(
        "Try :search swift, then :open 1. :help lists commands; Tab completes; Ctrl-D quits."))
  }

  /// The prompt: where the user is, then `›`.
  func prompt() -> String {
    let crumbs = navigator.stack.breadcrumb.map {
      VisibleWidth.truncate(Sanitizer.line($0), to: 28)
    }
    let shown = crumbs.count > 3 ? ["…"] + crumbs.suffix(2) : crumbs
    return renderer.style.dim(shown.joined(separator: " › ")) + renderer.style.accent(" ❯ ")
  }
}
