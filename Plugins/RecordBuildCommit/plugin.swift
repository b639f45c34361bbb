import Foundation
import PackagePlugin

/// Writes the commit the package is built from into ReportKit (`ReportKitVersion.commit`), for
/// `report-gen --version`: which build a bug report is about. The command runs again when the
/// checkout's HEAD or its branch moves; outside a git checkout (a source archive) the commit is
/// unknown and says so.
@main
struct RecordBuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let root = context.package.directoryURL
        let git = root.appendingPathComponent(".git")
        // What HEAD points at, so that a new commit on the branch makes the command run again.
        var inputs = [git.appendingPathComponent("HEAD")]
        if let head = try? String(contentsOf: inputs[0], encoding: .utf8), head.hasPrefix("ref: ") {
            let reference = head.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)
            inputs.append(git.appendingPathComponent(reference))
            inputs.append(git.appendingPathComponent("packed-refs"))
        }
        inputs = inputs.filter { FileManager.default.fileExists(atPath: $0.path) }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("BuildCommit.swift")
        let script = """
            commit=$(git -C "$1" rev-parse --short=12 HEAD 2>/dev/null) || commit=""
            printf '/// Written by the RecordBuildCommit plugin.\\nextension ReportKitVersion {\\n    /// The commit built, or nil outside a git checkout.\\n    public static let commit: String? = %s\\n}\\n' \
              "$([ -n "$commit" ] && printf '"%s"' "$commit" || printf nil)" > "$2"
            """
        return [.buildCommand(
            displayName: "Recording the commit built",
            executable: URL(fileURLWithPath: "/bin/sh"),
            arguments: ["-c", script, "sh", root.path, output.path],
            inputFiles: inputs,
            outputFiles: [output]
        )]
    }
}
