/// The file names under which `extract --all` writes the files a PDF carries. A PDF may come from
/// anyone, so an attachment's name is data: it becomes one name inside the folder the user gave,
/// with no folder part, nothing hidden, no control character, at most
/// ``StagedFile/longestName`` bytes, and unique within the PDF (`notes.txt`, `notes-2.txt`, …),
/// so that no attachment silently takes another's place.
package enum AttachmentFileName {
    /// The names for `attachments`' names, in order, each unique.
    package static func names(for attachmentNames: [String]) -> [String] {
        var taken = Set<String>()
        taken.reserveCapacity(attachmentNames.count)
        return attachmentNames.map { original in
            let cleaned = clean(original)
            var candidate = cleaned
            var number = 2
            while !taken.insert(candidate).inserted {
                candidate = numbered(cleaned, number)
                number += 1
            }
            return candidate
        }
    }

    /// One name made safe: separators and controls become `_`, leading dots go, and a name too
    /// long is cut on a character boundary, keeping a short extension.
    static func clean(_ name: String) -> String {
        let replaced = String(name.unicodeScalars.map { scalar -> Character in
            let value = scalar.value
            let isControl = value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
            let isBidiControl = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            return scalar == "/" || scalar == "\\" || isControl || isBidiControl ? "_" : Character(scalar)
        })
        let trimmed = String(replaced.drop { $0 == "." || $0 == " " })
        return fitted(trimmed.isEmpty ? "attachment" : trimmed, room: StagedFile.longestName)
    }

    /// `name` with `-N` before its extension, fitted to the length limit.
    static func numbered(_ name: String, _ number: Int) -> String {
        let (stem, ext) = split(name)
        let suffix = "-\(number)" + ext
        return cut(stem, to: StagedFile.longestName - suffix.utf8.count) + suffix
    }

    private static func fitted(_ name: String, room: Int) -> String {
        guard name.utf8.count > room else { return name }
        let (stem, ext) = split(name)
        return cut(stem, to: room - ext.utf8.count) + ext
    }

    /// The stem and the extension (with its dot) of a name; an extension longer than 16 bytes
    /// is taken as part of the stem.
    private static func split(_ name: String) -> (stem: String, ext: String) {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        let ext = String(name[dot...])
        return ext.utf8.count <= 16 ? (String(name[..<dot]), ext) : (name, "")
    }

    /// The longest prefix of whole scalars within `bytes` UTF-8 bytes, never empty: scalars, not
    /// characters, because one character can be longer than the limit (a letter with hundreds of
    /// combining marks, found by the pdf fuzzer), which left an empty name.
    private static func cut(_ text: String, to bytes: Int) -> String {
        var result = String.UnicodeScalarView()
        var count = 0
        for scalar in text.unicodeScalars {
            count += UTF8.width(scalar)
            guard count <= bytes else { break }
            result.append(scalar)
        }
        return result.isEmpty ? "attachment" : String(result)
    }
}
