import Foundation

// Writes the built-in tokens, locales and templates of `templates/` into a Swift source file, so
// that report-gen carries them inside its executable (run by the EmbedDefinitions build plugin).
//
//   embed-definitions OUTPUT.swift ROOT FILE…      (FILE relative to ROOT)

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count >= 2, let output = arguments.first, let root = arguments.dropFirst().first else {
    FileHandle.standardError.write(Data("usage: embed-definitions OUTPUT.swift ROOT FILE…\n".utf8))
    exit(64)
}
var entries: [String] = []
for relative in arguments.dropFirst(2).sorted() {
    guard let data = FileManager.default.contents(atPath: root + "/" + relative),
          let text = String(data: data, encoding: .utf8) else {
        FileHandle.standardError.write(Data("embed-definitions: cannot read \(relative) as UTF-8\n".utf8))
        exit(66)
    }
    // A raw string whose delimiter appears nowhere in the file, so the text is kept byte for byte.
    var hashes = "#"
    while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
    entries.append("        \"\(relative)\": \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes),")
}
let source = """
    // Generated from templates/ by the EmbedDefinitions plugin at build time. Do not edit.

    /// The built-in definition files, by their path inside `templates/`.
    public enum EmbeddedDefinitions {
        public static let files: [String: String] = [
    \(entries.joined(separator: "\n"))
        ]
    }

    """
do {
    try Data(source.utf8).write(to: URL(fileURLWithPath: output))
} catch {
    FileHandle.standardError.write(Data("embed-definitions: cannot write \(output): \(error)\n".utf8))
    exit(73)
}
