internal import ExplorerDomain
internal import Foundation

extension Renderer {
  /// A repository's details, one labelled line each.
  func repository(_ detail: RepositoryDetail) -> [String] {
    let summary = detail.summary
    var title = style.bold(style.accent(summary.name.description))
    if summary.isArchived { title += " " + style.warning("archived") }
    if let parent = detail.parent { title += " " + style.dim("fork of \(parent)") }
    var lines = [title]
    if let description = summary.description.map(Sanitizer.line), !description.isEmpty {
      lines.append(description)
    }
    lines.append("")
    var fields: [(String, String)] = [
      ("Stars", formats.count(summary.stars)),
      ("Forks", formats.count(summary.forks)),
      ("Watchers", formats.count(detail.subscribers ?? detail.watchers)),
      ("Open issues", formats.count(summary.openIssues)),
      ("Language", summary.language.map(Sanitizer.line) ?? "–"),
      ("License", summary.license.map(license) ?? "none"),
    ]
    if !summary.topics.isEmpty {
      fields.append(("Topics", summary.topics.map(Sanitizer.line).joined(separator: ", ")))
    }
    fields += [
      ("Created", formats.date(summary.createdAt)),
      ("Updated", formats.date(summary.updatedAt)),
      ("Pushed", formats.date(summary.pushedAt)),
    ]
    if let branch = summary.defaultBranch { fields.append(("Branch", Sanitizer.line(branch))) }
    if let size = detail.sizeInKilobytes { fields.append(("Size", formats.size(kilobytes: size))) }
    if let homepage = detail.homepage {
      fields.append(("Homepage", Sanitizer.line(homepage.absoluteString)))
    }
    if let url = summary.htmlURL {
      fields.append(("On GitHub", Sanitizer.line(url.absoluteString)))
    }
    let readme = detail.readme.map { readme in
      let lines = readme.text.split(separator: "\n", omittingEmptySubsequences: false).count
      return "\(Sanitizer.line(readme.fileName)), \(formats.count(lines)) lines · :readme to read it"
    }
    fields.append(("README", readme ?? "none"))
    let labelWidth = fields.map { $0.0.count }.max() ?? 0
    lines += fields.map { label, value in
      "  " + style.dim(VisibleWidth.pad(label, to: labelWidth)) + "  " + value
    }
    return lines
  }

  private func license(_ license: License) -> String {
    let name = Sanitizer.line(license.name)
    guard let spdx = license.spdxID, spdx != "NOASSERTION", spdx != name else { return name }
    return "\(name) (\(Sanitizer.line(spdx)))"
  }
}
