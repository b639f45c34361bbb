import Foundation
import ReportKit

/// The benchmarks' histories: copies of one job as JSON Lines, each copy told apart by `vary`.
enum JobCopies {
    /// Writes `count` copies of the job in `jobFile` to `path`, one a line; copy `n` (from 1) has
    /// each top-level member passed through `vary(n, member)`.
    static func write(_ jobFile: String, count: Int, to path: String,
                      vary: (Int, JSONObject.Member) -> JSONObject.Member) throws {
        guard case .object(let job) = try JSONParser.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: jobFile)))) else {
            throw BenchmarkError("\(jobFile) is not a job")
        }
        var lines: [UInt8] = []
        for number in 1...count {
            let copy = JSONObject(members: job.members.map { vary(number, $0) })
            // Newlines in strings are escaped, so the writer's own are the only ones: one line per job.
            lines += JSONWriter.write(.object(copy), indent: "").utf8.filter { $0 != UInt8(ascii: "\n") }
            lines.append(UInt8(ascii: "\n"))
        }
        try Data(lines).write(to: URL(fileURLWithPath: path))
    }
}
