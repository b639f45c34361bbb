import ArgumentParser
import FoundationEssentials
import ReportKit

/// What the shells complete for report-gen's values, and the default-command adapter its
/// completion scripts need.
enum Completions {
    /// Jobs, histories and the reports that carry them.
    static let inputs = CompletionKind.file(extensions: ["json", "jsonl", "pdf"])

    /// `--template`: the built-in names, and template files and folders under the word typed.
    static let templates = CompletionKind.custom { _, _, prefix in templateCandidates(prefix) }

    static func templateCandidates(_ prefix: String) -> [String] {
        let names = ReportDefinitions.builtIn.templateNames.filter { $0.hasPrefix(prefix) }
        return names + files(under: prefix, extensions: ["json"])
    }

    /// Files ending in one of `extensions`, and folders (with their slash), whose path starts
    /// with `prefix`: what a shell's own file completion offers, for a value that is a name or
    /// a file.
    static func files(under prefix: String, extensions: [String]) -> [String] {
        let slash = prefix.lastIndex(of: "/")
        let folder = slash.map { String(prefix[...$0]) } ?? ""
        let start = slash.map { String(prefix[prefix.index(after: $0)...]) } ?? prefix
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return [] }
        // Candidates go to the shells a line each: a name holding a line break cannot be one.
        let offered = entries.filter { $0.hasPrefix(start) && (start.hasPrefix(".") || !$0.hasPrefix(".")) && !$0.contains(where: \.isNewline) }
        return offered.sorted().compactMap { entry in
            let path = folder + entry
            if FileStatus(path: path)?.kind == .directory { return path + "/" }
            return extensions.contains(where: { entry.lowercased().hasSuffix("." + $0) }) ? path : nil
        }
    }
}
