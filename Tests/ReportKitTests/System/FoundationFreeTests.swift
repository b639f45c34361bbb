import Foundation
import Testing
@testable import ReportKit

/// What replaced Foundation proper in ReportKit (kept out of report-gen's binary for its start-up)
/// does what the Foundation calls did: numbers printed alike, inputs read whole, CSV fields quoted.
@Suite("Without Foundation proper")
struct FoundationFreeTests {
    @Test(arguments: ["%.3f", "%.2f", "%.6g", "%.1f"])
    func printfGivesFoundationsText(format: String) {
        let values: [Double] = [0, -0.0, 1, -1, 0.0005, 1.0005, 2.675, 12.5, 99.995, 1e-7, 123_456.789, 1e12, -3.14159, .greatestFiniteMagnitude]
        for value in values {
            #expect(String(printf: format, value) == String(format: format, value), "\(format) of \(value)")
        }
    }

    @Test func aCSVFieldIsQuotedForEveryCommaQuoteAndLineBreakEvenWithACombiningMark() {
        #expect(RecordCSV.quoted("Roundup 360 SL") == "Roundup 360 SL")
        #expect(RecordCSV.quoted("a,b") == "\"a,b\"")
        // A comma or a quote followed by a combining mark is one Character, but still a comma or a
        // quote to a CSV reader: left bare, it would split the field or end the quotes.
        #expect(RecordCSV.quoted("a,\u{301}b") == "\"a,\u{301}b\"")
        #expect(RecordCSV.quoted("say \"\u{301}hi\"") == "\"say \"\"\u{301}hi\"\"\"")
        #expect(RecordCSV.quoted("line\r\nnext") == "\"line\r\nnext\"")
        #expect(RecordCSV.quoted("x\u{2028}y") == "\"x\u{2028}y\"")
    }

    @Test func aPipeIsReadWholeAsItsWriterSendsItInPieces() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let pieces = (0..<20).map { index in [UInt8](repeating: UInt8(index), count: 7_001) }
        let writer = ends[1]
        let thread = Thread {
            for piece in pieces {
                piece.withUnsafeBytes { _ = write(writer, $0.baseAddress!, $0.count) }
                usleep(1_000)
            }
            close(writer)
        }
        thread.start()
        let input = InputFile(descriptor: ends[0], closesWhenDone: true)
        #expect(try input.read(upTo: 1_000_000) == pieces.flatMap { $0 })
        #expect(try input.read(upTo: 10) == [], "at the end")
    }

    @Test func aReadStopsAtTheCountAndGoesOnFromThere() throws {
        let folder = try Tool.temporaryDirectory()
        let path = folder.appendingPathComponent("bytes").path
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let input = try #require(InputFile(forReadingAtPath: path))
        #expect(try input.read(upTo: 40_000) == Array(bytes[..<40_000]))
        #expect(try input.read(upTo: 1_000_000) == Array(bytes[40_000...]))
        input.rewind()
        #expect(try input.read(upTo: 5) == Array(bytes[..<5]))
        #expect(InputFile(forReadingAtPath: folder.appendingPathComponent("missing").path) == nil)
    }

    @Test func aFailedReadNamesTheSystemsReason() throws {
        let folder = try Tool.temporaryDirectory()
        let input = try #require(InputFile(forReadingAtPath: folder.path))
        #expect(throws: InputFileError.self) { try input.read(upTo: 10) }
        do {
            _ = try input.read(upTo: 10)
        } catch {
            #expect(error.description == "Is a directory")
        }
    }
}
