import Foundation
import ReportKitFuzzing
import Testing

/// Every input a fuzzer once broke ReportKit with (`Tests/Fuzz/regressions/TARGET/`), and every
/// seed the fuzzers start from, run through the same checks as the fuzzers (docs/hardening.md).
@Suite struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func files(_ folders: [String], in target: FuzzTarget) -> [String] {
        folders.flatMap { folder in
            let url = root.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            return names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0).path }
        }
    }

    static let cases: [(FuzzTarget, String)] = FuzzTarget.allCases.flatMap { target in
        let seeds = switch target {
        case .template: ["templates/reports"]
        case .tokens: [String]()
        case .input, .pipeline: ["docs/examples", "docs/examples/app", "Tests/Golden/inputs", "Tests/Batch"]
        case .pdf: ["Tests/Golden/expected/cairo-1.16", "Tests/Golden/expected/cairo-1.18"]
        case .taskdata: ["docs/examples/isoxml/TASKDATA"]
        }
        let builtInTokens = target == .tokens ? [root.appendingPathComponent("templates/tokens.json").path] : []
        return (builtInTokens + files(seeds + ["Tests/Fuzz/regressions/\(target.rawValue)"], in: target))
            .filter { path in var folder: ObjCBool = false; return FileManager.default.fileExists(atPath: path, isDirectory: &folder) && !folder.boolValue }
            .map { (target, $0) }
    }

    @Test func theSeedsAreFound() {
        #expect(Self.cases.filter { $0.0 == .template }.count >= 3)
        #expect(Self.cases.filter { $0.0 == .pipeline }.count >= 15)
        #expect(Self.cases.filter { $0.0 == .tokens }.count >= 7)
        #expect(Self.cases.filter { $0.0 == .pdf }.count >= 18)
        #expect(Self.cases.filter { $0.0 == .taskdata }.count >= 3)
    }

    @Test(arguments: Self.cases.map { "\($0.0.rawValue): \($0.1.dropFirst(Self.root.path.count + 1))" })
    func keepsItsPromises(_ name: String) throws {
        let target = try #require(FuzzTarget(rawValue: String(name.prefix { $0 != ":" })))
        let path = Self.root.path + "/" + name.drop { $0 != " " }.dropFirst()
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let session = try FuzzSession()
        #expect(session.run(target, bytes) == [])
    }
}
