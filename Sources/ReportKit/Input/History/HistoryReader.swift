import FoundationEssentials
import Glibc

/// Reads a history of jobs one entry at a time, in any of the forms `report-gen batch` takes: the
/// app's history (an array of its calculations), an array of v1 jobs, `{"version": 1, "jobs": [...]}`,
/// or JSON Lines (one v1 job per line), which is streamed so that its size is not bounded by memory.
///
/// Entries are handed out undecoded (``HistoryItem``), so that decoding, the costlier part, can run
/// on other threads; reading stays on one.
public final class HistoryReader {
    /// How the history is written.
    package enum Format: String, Sendable, CaseIterable {
        /// One JSON document: an array of jobs or `{"version": 1, "jobs": [...]}`.
        case document
        /// JSON Lines: one job per line.
        case lines
    }

    package let format: Format
    /// How many entries the history has, when that is known before reading them all.
    public private(set) var count: Int?
    /// True when the input is one job rather than a list of them (read as a history of one): a
    /// document holding a job, or JSON Lines of one line (known once its first entry is read).
    public private(set) var isOneJob = false
    private var source: Source

    private enum Source {
        case values(IndexingIterator<[JSONReader.Node]>)
        case lines(LineReader)
    }

    private var nextIndex = 0
    /// The zone the entries' UTC times are shown in when an entry names none (`--time-zone`).
    public var timeZone: TimeZoneRules?
    /// What fills the entries' records where they leave it out (the server's drop page).
    public var fillIn: RecordFillIn?

    /// Starts reading `handle`. `name` is the file's name (`.jsonl` and `.ndjson` mean JSON Lines);
    /// without that, the first line decides: a complete job on it means JSON Lines.
    ///
    /// A whole-document history that is not valid JSON, or not a history, throws: no entry of it
    /// can be trusted. A bad line of JSON Lines is only that entry's failure.
    public init(handle: InputFile, name: String?) throws(HistoryReadError) {
        var lines = LineReader(handle: handle, maximumLineBytes: JobLimits.maximumLineBytes)
        let lowercased = name?.lowercased() ?? ""
        let named = lowercased.hasSuffix(".jsonl") || lowercased.hasSuffix(".ndjson")
        let oneLineJob = named ? false : try Self.startsWithOneLineJob(&lines)
        if named || oneLineJob {
            format = .lines
            source = .lines(lines)
            return
        }
        format = .document
        let bytes = try lines.readAll(limit: JobLimits.maximumDocumentBytes)
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            // Blank lines before the document were consumed while its format was being found.
            throw .invalid(InputError(error.shifted(byLines: lines.linesConsumed)))
        }
        let nodes: [JSONReader.Node]
        do {
            nodes = try JobDecoder.historyNodes(value)
        } catch {
            throw .invalid(error)
        }
        count = nodes.count
        if case .object(let object) = value, object["jobs"] == nil { isOneJob = true }
        source = .values(nodes.makeIterator())
    }

    /// The next entry, or nil at the end.
    public func next() throws(HistoryReadError) -> HistoryItem? {
        if let error = aheadError {
            aheadError = nil
            throw error
        }
        if let early = ahead {
            ahead = nil
            return early
        }
        let item = try read()
        // JSON Lines of one line is that job, as a document of one job is: the second line is
        // read with the first to tell, so every command that reads a history tells it alike
        // (and a report names no entry for a job alone). The cost: the first entry of a stream
        // still being written waits for its second line or its end.
        if format == .lines, let item, item.index == 0 {
            do {
                ahead = try read()
                isOneJob = ahead == nil
            } catch {
                aheadError = error
            }
        }
        return item
    }

    /// An entry read ahead of its turn (the second line of JSON Lines), or the error reading it.
    private var ahead: HistoryItem?
    private var aheadError: HistoryReadError?

    private func read() throws(HistoryReadError) -> HistoryItem? {
        defer { nextIndex += 1 }
        switch source {
        case .values(var iterator):
            defer { source = .values(iterator) }
            guard let node = iterator.next() else { return nil }
            return HistoryItem(index: nextIndex, line: nil, content: .value(node.value, node.path), timeZone: timeZone, fillIn: fillIn)
        case .lines(var reader):
            defer { source = .lines(reader) }
            guard let line = try reader.nextContentLine() else { return nil }
            return HistoryItem(index: nextIndex, line: line.number, content: line.tooLong ? .tooLong : .bytes(line.bytes), timeZone: timeZone, fillIn: fillIn)
        }
    }

    /// Counts the entries of JSON Lines still to be read from a regular file, for a progress
    /// display; the file is read once more for it, and the position is restored.
    public static func countLines(atPath path: String) -> Int? {
        guard let handle = InputFile(forReadingAtPath: path) else { return nil }
        var reader = LineReader(handle: handle, maximumLineBytes: JobLimits.maximumLineBytes, keepsBytes: false)
        var count = 0
        while (try? reader.nextContentLine()) != nil { count += 1 }
        return count
    }

    /// True when the first line that is not blank holds a complete JSON object that is a job
    /// (not `{"jobs": [...]}`): then the file is JSON Lines. A pretty-printed document never has
    /// a whole object on its first line.
    private static func startsWithOneLineJob(_ reader: inout LineReader) throws(HistoryReadError) -> Bool {
        guard let first = try reader.peekFirstContentLine(), !first.tooLong,
              case .object(let object)? = try? JSONParser.parse(first.bytes) else { return false }
        return object["jobs"] == nil
    }
}

/// One entry of a history as read, before it is decoded.
public struct HistoryItem: Sendable {
    /// The entry's position in the history, from 0.
    public let index: Int
    /// The line it is on, for JSON Lines.
    public let line: Int?
    let content: Content
    /// The zone the entry's UTC times are shown in when it names none (`--time-zone`).
    public var timeZone: TimeZoneRules?
    /// What fills the entry's record where it leaves it out.
    public var fillIn: RecordFillIn?

    enum Content: Sendable {
        case value(JSONValue, JSONPath)
        case bytes([UInt8])
        case tooLong
    }

    /// Decodes and validates the entry.
    public func decode() -> HistoryEntry {
        switch content {
        case .value(let value, let path):
            return HistoryEntry(index: index, id: JobDecoder.entryID(value), line: line, result: JobDecoder.decodeEntry(value, at: path, timeZone: timeZone, fillIn: fillIn, entry: index),
                                source: Array(JSONWriter.write(value).utf8))
        case .tooLong:
            return HistoryEntry(index: index, id: nil, line: line, result: .failure(InputError(at: .root,
                MessageText("input.line-too-long", ["maximum": String(JobLimits.maximumLineBytes)]), code: DiagnosticCode.limit)))
        case .bytes(let bytes):
            let value: JSONValue
            do {
                value = try JSONParser.parse(bytes)
            } catch {
                // The line number is the entry's; the column is what helps within it.
                return HistoryEntry(index: index, id: nil, line: line, result: .failure(InputError(at: error.path,
                    MessageText("json.invalid-at-column", ["column": String(error.column)], texts: ["why": error.text]), code: InputError.syntaxCode)))
            }
            return HistoryEntry(index: index, id: JobDecoder.entryID(value), line: line, result: JobDecoder.decodeEntry(value, at: .root, timeZone: timeZone, fillIn: fillIn, entry: index),
                                source: bytes + [10])
        }
    }
}

/// Why a history cannot be read at all.
public enum HistoryReadError: Error, Sendable, CustomStringConvertible {
    /// The history is not a history (bad JSON, a wrong wrapper, too large).
    case invalid(InputError)
    /// Reading failed (an I/O error).
    case unreadable(String)

    public var description: String {
        switch self {
        case .invalid(let error): error.description
        case .unreadable(let message): message
        }
    }
}
