import Foundation
import Testing

/// The public API is what docs/library.md documents: every public type of ReportKit is in its
/// table "The public API", and every type the table names is public.
@Suite("The public API")
struct PublicAPITests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every public type declared in a library module's sources, nested ones included, as
    /// (module, name) pairs: two nested types of one name (`Diagnostic.Severity`,
    /// `DiagnosticRecord.Severity`) are two.
    static func publicDeclarations(in modules: [String] = ["ReportKit", "ReportKitFuzzing"]) throws -> [(module: String, name: String)] {
        let declaration = try Regex(#"(?m)^[ \t]*public (?:indirect )?(?:final class|class|struct|enum|protocol|typealias|actor) ([A-Za-z]+)"#)
        var found: [(module: String, name: String)] = []
        for module in modules {
            let sources = repository.appendingPathComponent("Sources/\(module)")
            let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            for file in files {
                let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
                for match in text.matches(of: declaration) {
                    if let name = match.output[1].substring { found.append((module, String(name))) }
                }
            }
        }
        return found
    }

    static func publicTypes() throws -> Set<String> {
        Set(try publicDeclarations(in: ["ReportKit"]).map(\.name))
    }

    static func documentedTypes() throws -> Set<String> {
        let guide = try String(contentsOf: repository.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let start = try #require(guide.range(of: "## The public API"))
        let end = guide.range(of: "\n## ", range: start.upperBound..<guide.endIndex)?.lowerBound ?? guide.endIndex
        let table = guide[start.upperBound..<end].split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| stage") }
        let name = try Regex("`([A-Za-z]+)`")
        return Set(table.flatMap { row in row.split(separator: "|").last.map { $0.matches(of: name).compactMap { $0.output[1].substring.map(String.init) } } ?? [] })
    }

    @Test func everyPublicTypeIsDocumentedAndEveryDocumentedTypeIsPublic() throws {
        let declared = try Self.publicTypes(), documented = try Self.documentedTypes()
        #expect(declared.count > 50, "the sources were read: \(declared.count) public types")
        #expect(declared.subtracting(documented).isEmpty, "public but not in docs/library.md: \(declared.subtracting(documented).sorted())")
        #expect(documented.subtracting(declared).isEmpty, "in docs/library.md but not public: \(documented.subtracting(declared).sorted())")
    }

    /// The API stays small enough to learn and to keep: at most 80 public types across the
    /// library's modules, nested ones counted. A new one is room taken from every later change.
    @Test func theLibraryHasAtMostEightyPublicTypes() throws {
        let declarations = try Self.publicDeclarations()
        #expect(declarations.count >= 60, "the sources were read: \(declarations.count)")
        #expect(declarations.count <= 80, "\(declarations.count) public types: \(declarations.map { "\($0.module).\($0.name)" }.sorted())")
    }
}
