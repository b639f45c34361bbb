import Foundation
import Testing

/// The public API is what docs/library.md documents: every public type of ReportKit is in its
/// table "The public API", and every type the table names is public.
@Suite("The public API")
struct PublicAPITests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func publicTypes() throws -> Set<String> {
        let sources = repository.appendingPathComponent("Sources/ReportKit")
        let declaration = try Regex(#"(?m)^public (?:indirect )?(?:final class|class|struct|enum|protocol|typealias|actor) ([A-Za-z]+)"#)
        var names: Set<String> = []
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: declaration) {
                if let name = match.output[1].substring { names.insert(String(name)) }
            }
        }
        return names
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
}
