import FoundationEssentials
import Glibc

/// Splits what a file handle gives into lines, reading it in pieces so that only one line is in
/// memory at a time. A line longer than the limit is skipped over (not kept) and reported as such.
struct LineReader {
    struct Line {
        /// From 1, counting blank lines too, as an editor does.
        let number: Int
        let bytes: [UInt8]
        let tooLong: Bool
    }

    private let handle: InputFile
    private let maximumLineBytes: Int
    /// False when only the lines' count matters.
    private let keepsBytes: Bool
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false
    private var lineNumber = 0
    private static let chunkSize = 256 * 1024

    init(handle: InputFile, maximumLineBytes: Int, keepsBytes: Bool = true) {
        self.handle = handle
        self.maximumLineBytes = maximumLineBytes
        self.keepsBytes = keepsBytes
    }

    /// The next line that is not blank, or nil at the end.
    mutating func nextContentLine() throws(HistoryReadError) -> Line? {
        while let (range, tooLong) = try nextLineRange() {
            let bytes = buffer[range]
            if !tooLong, bytes.allSatisfy(Self.isWhitespace) { continue }
            return Line(number: lineNumber, bytes: keepsBytes && !tooLong ? Array(bytes) : [], tooLong: tooLong)
        }
        return nil
    }

    /// The first line that is not blank, without consuming it: reading goes on from that line.
    /// The blank lines before it are consumed (and counted, ``linesConsumed``), so that endless
    /// blank lines before the first entry take no memory.
    mutating func peekFirstContentLine() throws(HistoryReadError) -> Line? {
        while true {
            skipBlankLines()
            if let newline = buffer[start...].firstIndex(of: 10) {
                let bytes = buffer[start..<newline]
                if bytes.count > maximumLineBytes { return Line(number: lineNumber + 1, bytes: [], tooLong: true) }
                return Line(number: lineNumber + 1, bytes: Array(bytes), tooLong: false)
            } else if buffer.count - start > maximumLineBytes {
                return Line(number: lineNumber + 1, bytes: [], tooLong: true)
            } else if atEnd {
                let bytes = buffer[start...]
                return bytes.allSatisfy(Self.isWhitespace) ? nil : Line(number: lineNumber + 1, bytes: Array(bytes), tooLong: false)
            } else {
                try fill()
            }
        }
    }

    /// Moves past the whole blank lines at the start of the buffer, counting them, in one scan
    /// (a history may start with millions of them).
    private mutating func skipBlankLines() {
        let (skipped, lines) = buffer.withUnsafeBufferPointer { bytes -> (Int, Int) in
            var index = start, lineStart = start, lines = 0
            while index < bytes.count, Self.isWhitespace(bytes[index]) {
                if bytes[index] == 10 {
                    lines += 1
                    lineStart = index + 1
                }
                index += 1
            }
            return (lineStart, lines)
        }
        start = skipped
        lineNumber += lines
    }

    /// The lines already read past: what a document read with ``readAll(limit:)`` starts after,
    /// for the line numbers of its errors.
    var linesConsumed: Int { lineNumber }

    /// Everything not yet read, as one document of at most `limit` bytes.
    mutating func readAll(limit: Int) throws(HistoryReadError) -> [UInt8] {
        while !atEnd {
            try fill()
            if buffer.count - start > limit {
                throw .invalid(InputError(at: .root, MessageText("input.history-too-large", ["maximum": String(limit)]), code: DiagnosticCode.limit))
            }
        }
        return Array(buffer[start...])
    }

    /// The range of the next line in `buffer` (without its newline); a line past the limit is
    /// read through and dropped, with an empty range.
    private mutating func nextLineRange() throws(HistoryReadError) -> (Range<Int>, tooLong: Bool)? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 10) {
                lineNumber += 1
                defer { start = newline + 1 }
                return (start..<newline, newline - start > maximumLineBytes)
            }
            if buffer.count - start > maximumLineBytes {
                try skipPastNewline()
                lineNumber += 1
                return (start..<start, true)
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                lineNumber += 1
                defer { start = buffer.count }
                return (start..<buffer.count, buffer.count - start > maximumLineBytes)
            }
            try fill()
        }
    }

    private mutating func skipPastNewline() throws(HistoryReadError) {
        while true {
            if let newline = buffer[start...].firstIndex(of: 10) {
                start = newline + 1
                return
            }
            buffer.removeAll(keepingCapacity: true)
            start = 0
            if atEnd { return }
            try fill()
        }
    }

    /// Reads the next piece, first dropping the lines already handed out.
    private mutating func fill() throws(HistoryReadError) {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let data: [UInt8]
        do {
            data = try handle.read(upTo: Self.chunkSize)
        } catch {
            throw .unreadable("the history cannot be read: \(error)")
        }
        guard !data.isEmpty else {
            atEnd = true
            return
        }
        buffer.append(contentsOf: data)
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
    }
}
