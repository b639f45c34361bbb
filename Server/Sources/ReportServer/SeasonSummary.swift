import Foundation
import ReportKit

/// What each job of a season lacks for the EU's, Poland's, the US's and Germany's record, and
/// which entries are not jobs at all: summary.txt in plain words (Polish, English or German),
/// summary.json for programs.
package struct SeasonSummary: Sendable {
    /// One entry of the history and its gaps.
    package struct Entry: Sendable {
        package let index: Int
        package let id: String?
        /// "North 7, 2026-04-12", or nil for an entry that is not a valid job.
        package let label: String?
        /// The field's name, when the job gives one.
        package let field: String?
        /// Why the entry is not a job (report-gen's messages with their paths).
        package let problems: [String]
        /// By jurisdiction, what its record lacks, in words and as report-gen's diagnostics.
        package let gaps: [(RecordJurisdiction, [(words: String, diagnostic: Diagnostic)])]
    }

    package let entries: [Entry]
    package let language: ReportLanguage

    /// The summary of a season's entries as the walk checked them (its catalogue filling the
    /// products): each job's plan serves every jurisdiction.
    package init(entries: [HistoryWalk.Entry], language: ReportLanguage) {
        self.language = language
        self.entries = entries.map { walked in
            let entry = walked.entry, check = walked.check
            let job = check.plan?.job
            // Why it is not a job: its decoding's errors, or its plan's (products that overflow the spray volume).
            let problems = check.problems.map { $0.description(in: language) }
            let gaps = RecordJurisdiction.allCases.map { jurisdiction in
                (jurisdiction, check.missing(for: jurisdiction).map {
                    (words: RecordGapWords.words(for: $0, in: job, language: language), diagnostic: $0)
                })
            }
            return Entry(index: entry.index, id: entry.id, label: job.map(Self.label), field: job?.field.name, problems: problems, gaps: job == nil ? [] : gaps)
        }
    }

    /// "North 7, 2026-04-12" (or the title, or "job 3").
    static func label(_ job: SprayJob) -> String {
        [job.field.name ?? job.title, job.date.map(day)].compactMap { $0 }.joined(separator: ", ")
    }

    /// The day of `date` as written (its own offset), `2026-04-12`.
    package static func day(_ date: JobDate) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let parts = calendar.dateComponents([.year, .month, .day], from: date.instant.addingTimeInterval(TimeInterval(date.utcOffsetSeconds)))
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    private func name(_ jurisdiction: RecordJurisdiction) -> String { PageWords(language)("summary.record." + jurisdiction.rawValue) }

    /// The summary in plain words.
    package var text: String {
        let valid = entries.filter { $0.label != nil }.count
        let word = PageWords(language)
        var lines = [word("summary.heading", ["counts": DropPageTexts.texts(for: language.rawValue).summary(entries.count, valid)]), ""]
        for entry in entries {
            lines.append(word("summary.entry", ["number": String(entry.index + 1)]) + (entry.label.map { ": \($0)" } ?? ""))
            if entry.label == nil {
                lines.append("  " + word("summary.notAJob"))
                lines += entry.problems.map { "  - \($0)" }
            }
            for (jurisdiction, gaps) in entry.gaps {
                if gaps.isEmpty {
                    lines.append("  \(name(jurisdiction)): " + word("summary.complete"))
                } else {
                    lines.append("  \(name(jurisdiction)): " + word("summary.missing") + ":")
                    lines += Self.unique(gaps.map(\.words)).map { "  - \($0)" }
                }
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// The summary for programs: per entry, its problems and, per jurisdiction, report-gen's
    /// diagnostics (path and message) with their plain words.
    package var json: String {
        let objects: [[String: Any]] = entries.map { entry in
            var object: [String: Any] = ["entry": entry.index, "valid": entry.label != nil]
            if let id = entry.id { object["id"] = id }
            if let label = entry.label { object["job"] = label }
            if !entry.problems.isEmpty { object["problems"] = entry.problems }
            var lacks: [String: Any] = [:]
            for (jurisdiction, gaps) in entry.gaps {
                lacks[jurisdiction.rawValue] = gaps.map { ["path": $0.diagnostic.path.description, "message": $0.diagnostic.message(in: language), "words": $0.words] }
            }
            if entry.label != nil { object["lacks"] = lacks }
            return object
        }
        let document: [String: Any] = ["entries": objects, "language": language.rawValue]
        let data = (try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `items` without repeats, in their order (a parcel's label and numbers are two gaps with one path).
    static func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
