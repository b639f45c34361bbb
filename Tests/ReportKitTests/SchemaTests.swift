import Foundation
import Testing
@testable import ReportKit

/// The published JSON Schema and the decoder must agree: every example validates against the
/// schema and decodes, and documents the schema refuses are refused by the decoder too.
@Suite("Published input schema")
struct SchemaTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs")

    static var v1Examples: [URL] {
        let folder = docs.appendingPathComponent("examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { folder.appendingPathComponent($0) }
    }

    /// Runs Python's jsonschema (installed by scripts/setup.sh) over `documents`; returns one
    /// line per document: "ok" or the first error.
    private func validate(_ documents: [String]) throws -> [String] {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            for document in json.load(sys.stdin):
                errors = sorted(validator.iter_errors(document), key=lambda e: list(e.path))
                print("ok" if not errors else errors[0].message)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, Self.docs.appendingPathComponent("input-v1.schema.json").path]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(("[" + documents.joined(separator: ",") + "]").utf8))
        try input.fileHandleForWriting.close()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "python3 with jsonschema is needed: run scripts/setup.sh")
        return lines.split(separator: "\n").map(String.init)
    }

    @Test func everyExampleValidatesAndDecodes() throws {
        let examples = Self.v1Examples
        #expect(examples.count >= 3)
        let documents = try examples.map { try String(contentsOf: $0, encoding: .utf8) }
        #expect(try validate(documents) == Array(repeating: "ok", count: documents.count))
        for (url, text) in zip(examples, documents) {
            let decoded = Result { () throws(InputError) in try JobDecoder.decodeJob(Array(text.utf8)) }
            #expect(errorLines(decoded).isEmpty, "\(url.lastPathComponent): \(errorLines(decoded))")
        }
    }

    @Test func theSchemaAndTheDecoderRefuseTheSameMistakes() throws {
        let mistakes = [
            setting(baseJob(), "operatr", json: #""Jan""#),
            setting(baseJob(), "products", json: "[]"),
            setting(baseJob(), "products.0.rate.unit", json: #""l/ha""#),
            setting(baseJob(), "field.area.value", json: "0"),
            setting(baseJob(), "tank.loads", json: #""half""#),
            setting(baseJob(), "date", json: #""14.04.2026""#),
            setting(baseJob(), "field.name", json: #""a\nb""#),
            setting(baseJob(), "version", json: "2"),
            setting(baseJob(), "field.cropCode", json: #""trzaw""#),
            setting(baseJob(), "bbch", json: "120"),
            setting(baseJob(), "bbch", json: "[31]"),
            setting(baseJob(), "targetCodes", json: #"["ALOMY", "x"]"#),
            setting(baseJob(), "field.parcels", json: "[{}]"),
            setting(baseJob(), "holding", json: "12"),
        ].map { String(decoding: bytes($0), as: UTF8.self) }
        let verdicts = try validate(mistakes)
        #expect(verdicts.count == mistakes.count)
        #expect(verdicts.allSatisfy { $0 != "ok" }, "\(verdicts)")
        for mistake in mistakes {
            #expect(!errorLines(decode(text: mistake)).isEmpty, "accepted: \(mistake)")
        }
    }
}
