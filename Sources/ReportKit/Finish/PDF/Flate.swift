import CQPDF

/// zlib's Flate, the compression of PDF streams (PDF 32000-1, 7.4.4).
enum Flate {
    /// `data` compressed at zlib's fastest level: finishing recompresses a page's content as it
    /// goes, where the default level costs three times the time for a few per cent of size.
    static func deflate(_ data: [UInt8], level: Int32 = Z_BEST_SPEED) throws(RenderError) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = output.withUnsafeMutableBufferPointer { target in
            data.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &length, source.baseAddress, uLong(source.count), level)
            }
        }
        guard status == Z_OK else { throw RenderError("cannot compress a stream of the PDF") }
        return Array(output[..<Int(length)])
    }

    /// `compressed` inflated, refused past `limit` bytes (a small stream can inflate to
    /// gigabytes: data from a PDF made elsewhere is read with a bound).
    static func inflate(_ compressed: [UInt8], limit: Int) throws(RenderError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw RenderError("cannot start inflating a stream of the PDF")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        output.reserveCapacity(min(limit, compressed.count * 4))
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
                let produced = chunk.count - Int(stream.avail_out)
                if produced > limit - output.count { return Z_MEM_ERROR }
                output += chunk[..<produced]
                if result == Z_STREAM_END { return Z_STREAM_END }
                if result != Z_OK { return result }
            }
        }
        switch status {
        case Z_STREAM_END: return output
        case Z_MEM_ERROR: throw RenderError("an attached file inflates to more than \(limit) bytes")
        default: throw RenderError("a compressed stream of the PDF is damaged")
        }
    }
}
