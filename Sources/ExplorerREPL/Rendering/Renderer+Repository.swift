internal import ExplorerDomain
internal import Foundation

extension Renderer {
  /// A repository's details, one labelled field each.
  ///
  /// On a terminal of known width, the description and long fields wrap at spaces, a field's
  /// further lines under its value; addresses stay whole, so that they can be copied.
  func repository(_ detail: RepositoryDetail) -> [String] {
    let summary = detail.summary
    var title = style.bold(style.accent(summary.name.description))
    if summary.isArchived { title += " " + style.warning("archived") }
    if let parent = detail.parent { title += " " + style.dim("fork of \(parent)") }
    var lines = [title]
    if let description = summary.description.map(Sanitizer.line), !description.isEmpty {
      lines += lineWidth.map { VisibleWidth.wrap(description, to: $0) } ?? [description]
    }
    lines.append("")
    var fields: [(label: String, value: String)] = [
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
    var addresses: Set<String> = []
    if let homepage = detail.homepage {
      fields.append(("Homepage", Sanitizer.line(homepage.absoluteString)))
      addresses.insert("Homepage")
    }
    if let url = summary.htmlURL {
      fields.append(("On GitHub", Sanitizer.line(url.absoluteString)))
      addresses.insert("On GitHub")
    }
    let readme = detail.readme.map { readme in
      let lines = readme.text.split(separator: "\n", omittingEmptySubsequences: false).count
      let name = Sanitizer.line(readme.fileName)
      return "\(name), \(formats.count(lines)) lines · :readme to read it"
    }
    fields.append(("README", readme ?? "none"))
    let labelWidth = fields.map { $0.label.count }.max() ?? 0
    let hanging = String(repeating: " ", count: 2 + labelWidth + 2)
    for (label, value) in fields {
      let head = "  " + style.dim(VisibleWidth.pad(label, to: labelWidth)) + "  "
      guard let lineWidth, !addresses.contains(label) else {
        lines.append(head + value)
        continue
      }
      let wrapped = VisibleWidth.wrap(value, to: max(1, lineWidth - hanging.count))
      lines.append(head + wrapped[0])
      lines += wrapped.dropFirst().map { hanging + $0 }
    }
    return lines
  }

  private func license(_ license: License) -> String {
    let name = Sanitizer.line(license.name)
    guard let spdx = license.spdxID, spdx != "NOASSERTION", spdx != name else { return name }
    return "\(name) (\(Sanitizer.line(spdx)))"
  }
}
