import ReportKit

/// What a season's request asks for: a history, and what to make of it.
package struct SeasonRequest: Sendable {
    /// What a season's ZIP may hold.
    package enum Output: String, Sendable, CaseIterable {
        case reports, tankCards, register, csv, json
        /// The record as a workbook (record.xlsx) and as a CSV for a Polish spreadsheet (semicolons,
        /// decimal commas: record-excel-pl.csv).
        case workbook, csvPolish

        /// What a season's ZIP holds when nothing is chosen.
        package static let everyday: Set<Output> = [.reports, .tankCards, .register, .csv, .json]
    }

    /// The history as sent.
    package var bytes: [UInt8]
    /// True for JSON Lines (by content type or file name), which the first line would also tell.
    package var isJSONLines: Bool
    package var outputs: Set<Output> = Output.everyday
    package var theme: ThemeName = .light
    /// The reports' language; nil: each job's own.
    package var language: ReportLanguage?
    /// The record checked for, and the language of the summary's words.
    package var check: RecordJurisdiction = .pl
    package var fillIn: RecordFillIn?

    package init(bytes: [UInt8], isJSONLines: Bool) {
        self.bytes = bytes
        self.isJSONLines = isJSONLines
    }

    /// A reader of the history from its first entry, filled in as asked.
    func reader() throws(SeasonError) -> HistoryReader {
        // A report PDF is the job (or history) it carries, as report-gen reads it.
        var history = bytes
        do throws(ReportError) {
            history = try JobSource.job(from: bytes)
        } catch {
            if case .input(let error) = error { throw .notAHistory(.invalid(error)) }
            throw .unreadable(error.description)
        }
        guard let file = InputFile(bytes: history) else { throw .unreadable("the server has no room to read the history") }
        do {
            let reader = try HistoryReader(handle: file, name: isJSONLines ? "history.jsonl" : nil)
            reader.fillIn = fillIn
            return reader
        } catch {
            throw .notAHistory(error)
        }
    }

    /// Refuses a history of more than `limit` entries, reading it without decoding them.
    func checkCount(limit: Int) throws(SeasonError) {
        let reader = try reader()
        if let count = reader.count, count > limit { throw .tooManyJobs(count, limit: limit) }
        var count = 0
        do {
            while try reader.next() != nil {
                count += 1
                if count > limit { throw SeasonError.tooManyJobs(nil, limit: limit) }
            }
        } catch let error as SeasonError {
            throw error
        } catch {
            // A history that cannot be read is the exporter's to report, with its paths.
        }
    }

    /// Every entry, walked as `report-gen` walks a history (the library's ``HistoryWalk``):
    /// decoded, checked (`catalogue` fills and checks the products) and located. More than
    /// `limit` entries are refused, counted before any is decoded.
    func walked(limit: Int, catalogue: ProductCatalogue? = nil) throws(SeasonError) -> [HistoryWalk.Entry] {
        try checkCount(limit: limit)
        let walk = HistoryWalk([try reader()], catalogue: catalogue)
        var entries: [HistoryWalk.Entry] = []
        do {
            while let entry = try walk.next() {
                entries.append(entry)
                if entries.count > limit { throw SeasonError.tooManyJobs(nil, limit: limit) }
            }
        } catch let error as SeasonError {
            throw error
        } catch let error as HistoryReadError {
            throw .notAHistory(error)
        } catch {
            throw .unreadable("\(error)")
        }
        return entries
    }

    /// Every entry, decoded, as ``walked(limit:catalogue:)`` reads them.
    func entries(limit: Int) throws(SeasonError) -> [HistoryEntry] {
        try walked(limit: limit).map(\.entry)
    }
}

/// Why a season's request cannot be served.
package enum SeasonError: Error, Sendable {
    case notAHistory(HistoryReadError)
    case tooManyJobs(Int?, limit: Int)
    case noValidJob([HistoryEntry])
    case unreadable(String)
}
