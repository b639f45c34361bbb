import CQPDF

/// Inflates zlib (Flate) data with a bound on the result, for data from a PDF made elsewhere.
enum Inflater {
    static func inflate(_ compressed: [UInt8], limit: Int) throws(RenderError) -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw RenderError("cannot start inflating an attached file")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
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
                if output.count + produced > limit { return Z_MEM_ERROR }
                output += chunk[..<produced]
                if result == Z_STREAM_END { return Z_STREAM_END }
                if result != Z_OK { return result }
                if stream.avail_in == 0 && produced == 0 { return Z_DATA_ERROR }
            }
        }
        switch status {
        case Z_STREAM_END: return output
        case Z_MEM_ERROR: throw RenderError("an attached file inflates to more than \(limit) bytes")
        default: throw RenderError("an attached file's compressed data is damaged")
        }
    }
}
