/// How many terminal columns text takes: escape sequences none, wide characters two.
///
/// A character is two columns wide when it is an emoji shown as a picture or its first scalar
/// is East Asian wide or fullwidth (CJK ideographs, kana, Hangul, fullwidth forms); zero when
/// it is a control or format character; one otherwise. That is what common terminals draw.
///
/// ```swift
/// VisibleWidth.of("\u{1B}[36m›\u{1B}[0m ")  // 2
/// VisibleWidth.of("日本")                   // 4
/// ```
package enum VisibleWidth {
  /// The columns `text` takes once its escape sequences are left out.
  package static func of(_ text: String) -> Int {
    ControlFunctions.stripped(from: text).reduce(0) { $0 + of($1) }
  }

  /// The columns one character takes.
  package static func of(_ character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    switch first.properties.generalCategory {
    case .control, .format, .nonspacingMark, .enclosingMark, .lineSeparator,
      .paragraphSeparator:
      return 0
    default: break
    }
    if isWide(first.value) || first.properties.isEmojiPresentation
      || character.unicodeScalars.contains("\u{FE0F}")
    {
      return 2
    }
    return 1
  }

  /// East Asian Wide and Fullwidth blocks, after Unicode's `EastAsianWidth.txt`, simplified to
  /// whole blocks.
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
      0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
      0x20000...0x2FFFD, 0x30000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}
