import Foundation
import Testing
@testable import ReportKit

/// Reading histories: the format found, entries one at a time, bad lines kept to their entry.
@Suite("Reading histories")
struct HistoryReaderTests {
    static let job = #"{"version": 1, "id": "a", "field": {"area": {"value": 1, "unit": "ha"}}, "sprayRate": {"value": 200, "unit": "L/ha"}, "tank": {"capacity": {"value": 100, "unit": "L"}}, "products": [{"name": "P", "rate": {"value": 1, "unit": "L/ha"}}]}"#

    /// A reader over `text`, as if read from a file called `name` (nil: standard input).
    static func reader(_ text: String, name: String? = nil) throws -> HistoryReader {
        let pipe = Pipe()
        let data = Data(text.utf8)
        // Written from another thread, so a text larger than the pipe's buffer cannot block.
        Thread { pipe.fileHandleForWriting.write(data); try? pipe.fileHandleForWriting.close() }.start()
        // The reader owns a descriptor of its own: the pipe closes its ends when it goes.
        return try HistoryReader(handle: InputFile(descriptor: dup(pipe.fileHandleForReading.fileDescriptor), closesWhenDone: true), name: name)
    }

    static func entries(_ reader: HistoryReader) throws -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        while let item = try reader.next() { entries.append(item.decode()) }
        return entries
    }

    @Test func aJobOnItsFirstLineMeansJSONLinesWhateverTheName() throws {
        let reader = try Self.reader("\n" + Self.job + "\r\n\n  \n" + Self.job)
        #expect(reader.format == .lines)
        #expect(reader.count == nil, "JSON Lines is not counted ahead")
        let entries = try Self.entries(reader)
        #expect(entries.map(\.index) == [0, 1])
        #expect(entries.map(\.line) == [2, 5], "blank lines are skipped but counted, as an editor numbers them")
        #expect(entries.allSatisfy { (try? $0.result.get()) != nil })
    }

    @Test func documentsOfEveryShapeAreCounted() throws {
        let pretty = "[\n  " + Self.job + ",\n  " + Self.job + "\n]\n"
        let array = try Self.reader(pretty, name: "history.json")
        #expect(array.format == .document && array.count == 2)
        #expect(try Self.entries(array).map { $0.result.map(\.job.id) } .compactMap { try? $0.get() } == ["a", "a"])
        let oneLineWrapper = try Self.reader(#"{"version": 1, "jobs": ["# + Self.job + "]}\n")
        #expect(oneLineWrapper.format == .document && oneLineWrapper.count == 1, "a wrapper on one line is not JSON Lines")
        let appHistory = try Self.reader(String(decoding: try Data(contentsOf: ReportGenTestsPaths.batch("app-history.json")), as: UTF8.self))
        #expect(appHistory.format == .document && appHistory.count == 3)
    }

    @Test func aBadLineIsThatEntrysFailureOnly() throws {
        let long = "{\"version\": 1, \"notes\": \"" + String(repeating: "x", count: JobLimits.maximumLineBytes) + "\"}"
        let reader = try Self.reader(Self.job + "\n{\"version\": 1,\n" + long + "\n" + Self.job, name: "h.jsonl")
        let entries = try Self.entries(reader)
        #expect(entries.count == 4)
        #expect(entries[1].line == 2 && entries[1].result.failure?.description.contains("invalid JSON at column") == true)
        #expect(entries[2].line == 3 && entries[2].result.failure?.description.contains("longer than 1048576 bytes") == true)
        #expect((try? entries[3].result.get()) != nil, "the line after an overlong one is read whole")
    }

    @Test func aDocumentThatIsNotAHistoryIsRefusedWhole() throws {
        #expect(throws: HistoryReadError.self) { try Self.reader("[1, 2", name: "h.json") }
        #expect(throws: HistoryReadError.self) { try Self.reader(#"{"version": 2, "jobs": []}"#, name: "h.json") }
        #expect(throws: HistoryReadError.self) { try Self.reader("42") }
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

enum ReportGenTestsPaths {
    static func batch(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Batch").appendingPathComponent(name)
    }
}
