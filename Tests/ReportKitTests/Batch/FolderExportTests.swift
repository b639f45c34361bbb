import Foundation
import Testing
@testable import ReportKit

@Suite("Batch into a folder")
struct FolderExportTests {
    /// A batch flushes each group of files to disk in the background while it draws the next
    /// group: every entry must still be reported in its order, and only once its file is whole
    /// under its name, with one job or several.
    @Test(arguments: [1, 2])
    func entriesAreReportedInOrderOnceTheirFileIsInPlace(threads: Int) throws {
        let folder = try Tool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // More than two groups, the last one short.
        let count = FolderExport.groupSize(threads: threads) * 2 + 3
        let jobs = (0..<count).map { HistoryReaderTests.job.replacingOccurrences(of: #""id": "a""#, with: #""id": "job-\#($0)""#) }
        let reader = try HistoryReaderTests.reader(jobs.joined(separator: "\n"))
        var reported: [Int] = []
        var problems: [String] = []
        let events = BatchEvents(entry: { outcome in
            reported.append(outcome.index)
            guard case .written(let path) = outcome.result else { return problems.append("\(outcome.index): \(outcome.result)") }
            guard let bytes = FileManager.default.contents(atPath: path),
                  bytes.starts(with: Data("%PDF-".utf8)), String(decoding: bytes.suffix(8), as: UTF8.self).contains("%%EOF") else {
                return problems.append("\(outcome.index): \(path) is not whole when reported")
            }
        })
        let summary = try BatchExporter(options: BatchOptions(threads: threads), destination: .folder(folder.path)).run(reader, events: events)
        #expect(summary.written == count)
        #expect(reported == Array(0..<count))
        #expect(problems.isEmpty, "\(problems)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == count && files.allSatisfy { $0.hasSuffix(".pdf") && !$0.hasPrefix(".") }, "no temporary file left: \(files)")
    }

    /// Two groups are open at once besides the workers' files and the program's own: a low limit
    /// on open files makes the groups smaller, never the batch fail.
    @Test func groupsShrinkToTheLimitOnOpenFiles() {
        #expect(FolderExport.groupSize(threads: 1, openFileLimit: nil) == FolderExport.largestGroup)
        #expect(FolderExport.groupSize(threads: 2, openFileLimit: 1_024) == FolderExport.largestGroup)
        #expect(FolderExport.groupSize(threads: 1, openFileLimit: 32) == 7)
        #expect(FolderExport.groupSize(threads: 2, openFileLimit: 32) == 6)
        #expect(FolderExport.groupSize(threads: 8, openFileLimit: 20) == 2)
    }
}
