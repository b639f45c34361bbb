import Foundation
import PackagePlugin

/// Compiles the JSON files of `templates/` (tokens, locales, report templates) into the
/// ReportTemplates target as Swift source, so report-gen needs no resource folder beside it:
/// `templates/` stays the one source, and the folder users copy from.
@main
struct EmbedDefinitions: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let root = target.directoryURL
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "json" else { continue }
            files.append(String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1)))
        }
        files.sort()
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedDefinitions.swift")
        return [.buildCommand(
            displayName: "Embedding \(files.count) definition files of \(target.name)",
            executable: try context.tool(named: "embed-definitions").url,
            arguments: [output.path, root.path] + files,
            inputFiles: files.map { root.appendingPathComponent($0) },
            outputFiles: [output]
        )]
    }
}
