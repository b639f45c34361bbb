internal import CQPDF

/// zlib's Flate, the compression of PDF streams (PDF 32000-1, 7.4.4).
enum Flate {
    /// Below this many bytes a stream is stored as it is: zlib's cost for a stream, whatever its
    /// size (about 6 µs here for the Huffman tables of a 400-byte ToUnicode map or job), buys a
    /// few hundred bytes, and a report has half a dozen such streams. Measured on the canonical
    /// page: the six streams under 1 KB took about 3 % of a report's CPU time and saved 1.6 KB.
    static let smallestWorthCompressing = 1_024

    /// `data` compressed at `level` (by default zlib's fastest: finishing recompresses a page's
    /// content as it goes, where the default level costs three times the time for a few per cent
    /// of size).
    ///
    /// The window and hash table are sized to the data: zlib's defaults (32 KB of window, 128 KB
    /// of hash and chain tables, all cleared before each stream) cost more to set up than a
    /// ToUnicode map or a job's JSON costs to compress, and a window larger than the data finds
    /// no match a smaller one misses.
    static func deflate(_ data: [UInt8], level: Int32 = Z_BEST_SPEED) throws(RenderError) -> [UInt8] {
        var windowBits: Int32 = 9
        while windowBits < 15, 1 << windowBits < data.count { windowBits += 1 }
        var stream = z_stream()
        guard deflateInit2_(&stream, level, Z_DEFLATED, windowBits, max(1, windowBits - 7), Z_DEFAULT_STRATEGY,
                            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw RenderError("cannot start compressing a stream of the PDF", writeFailed: true)
        }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(data.count)))
        var status = Z_OK
        let output = [UInt8](unsafeUninitializedCapacity: bound) { target, count in
            data.withUnsafeBufferPointer { source in
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                // deflateBound's room takes the whole stream in one call.
                status = CQPDF.deflate(&stream, Z_FINISH)
            }
            count = status == Z_STREAM_END ? Int(stream.total_out) : 0
        }
        guard status == Z_STREAM_END else { throw RenderError("cannot compress a stream of the PDF", writeFailed: true) }
        return output
    }

    /// `compressed` inflated, refused past `limit` bytes (a small stream can inflate to
    /// gigabytes: data from a PDF made elsewhere is read with a bound).
    static func inflate(_ compressed: [UInt8], limit: Int) throws(RenderError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw RenderError("cannot start inflating a stream of the PDF")
        }
        defer { inflateEnd(&stream) }
        // Kept as the chunks inflated, then joined into one array of the exact size: an array
        // grown by appending held up to twice the file, and three times while it moved.
        var chunks: [[UInt8]] = []
        var produced = 0
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var input = compressed
        let status: Int32 = input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while true {
                let result = chunk.withUnsafeMutableBufferPointer { target -> Int32 in
                    stream.next_out = target.baseAddress
                    stream.avail_out = UInt32(target.count)
                    return CQPDF.inflate(&stream, Z_NO_FLUSH)
                }
                let count = chunk.count - Int(stream.avail_out)
                if count > limit - produced { return Z_MEM_ERROR }
                if count > 0 { chunks.append(Array(chunk[..<count])) }
                produced += count
                if result == Z_STREAM_END { return Z_STREAM_END }
                if result != Z_OK { return result }
            }
        }
        switch status {
        case Z_STREAM_END:
            var output: [UInt8] = []
            output.reserveCapacity(produced)
            for piece in chunks { output += piece }
            return output
        case Z_MEM_ERROR: throw RenderError("an attached file inflates to more than \(limit) bytes")
        default: throw RenderError("a compressed stream of the PDF is damaged")
        }
    }
}
