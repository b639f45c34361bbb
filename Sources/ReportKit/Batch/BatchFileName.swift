import FoundationEssentials
import Glibc

/// The file name of one job's report in a batch: `0007_2026-04-14_North-field_calc-17.pdf`.
///
/// The entry number comes first, so names are unique by construction (no memory of names already
/// given is needed, and a collision cannot happen even between two jobs with the same field, date
/// and id) and a folder lists in history order. Job data only ever adds letters, digits and
/// hyphens: no separator, no `..`, no control or invisible character, no leading dot, and a length
/// well under every file system's limit of 255 bytes.
package enum BatchFileName {
    /// Longest part taken from the field name or the id, in UTF-8 bytes.
    static let maximumPartBytes = 60

    /// The name for entry `index` (from 0) holding `job`.
    package static func name(for job: SprayJob, index: Int) -> String {
        let number = String(index + 1)
        var parts = [String(repeating: "0", count: max(0, 4 - number.count)) + number]
        parts.append(job.date.map(localDate) ?? "undated")
        for text in [job.field.name ?? job.field.crop, job.id] {
            if let part = text.map(safePart), !part.isEmpty { parts.append(part) }
        }
        return parts.joined(separator: "_") + ".pdf"
    }

    /// `YYYY-MM-DD` as the farmer wrote it (in the date's own UTC offset).
    static func localDate(_ date: JobDate) -> String {
        CivilTime(date.instant, offsetSeconds: date.utcOffsetSeconds).isoDate
    }

    /// Letters and digits of any script kept (Polish names stay readable), everything else (spaces,
    /// punctuation, slashes, dots, emoji, controls) turned into single hyphens, cut to a length.
    static func safePart(_ text: String) -> String {
        var result = ""
        var pendingHyphen = false
        // Composed (NFC) first, so "ż" typed as z and a combining dot counts as one letter of two
        // bytes, as it is written in a precomposed name.
        for character in String(decoding: text._nfcCodeUnits, as: UTF8.self) {
            if isKept(character) {
                let hyphen = pendingHyphen && !result.isEmpty ? "-" : ""
                guard result.utf8.count + hyphen.utf8.count + character.utf8.count <= maximumPartBytes else { break }
                result += hyphen + String(character)
                pendingHyphen = false
            } else {
                pendingHyphen = true
            }
        }
        return result
    }

    private static func isKept(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { scalar in
            let properties = scalar.properties
            let letterOrDigit = properties.isAlphabetic || properties.numericType == .decimal
            // Combining marks belong to the letter before them (an accent written separately).
            return (letterOrDigit || properties.generalCategory == .nonspacingMark) && !properties.isEmojiPresentation
                && !properties.isDefaultIgnorableCodePoint
        }
    }
}
