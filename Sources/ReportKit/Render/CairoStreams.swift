internal import CCairo
import Glibc

/// Collects what cairo writes through its stream API (PDF pages, PNG data) into memory.
///
/// Cairo writes a PDF in thousands of small pieces (a few bytes of an operator at a time: some
/// 6,000 for a one-page report), so each write is a plain copy into a buffer that doubles as it
/// fills. The buffer is reached through a raw pointer, not the object: a write then costs no
/// reference counting and no exclusivity check, which were most of its cost.
final class CairoByteSink {
    private struct Buffer {
        var storage: UnsafeMutableRawPointer?
        var count = 0
        var capacity = 0
    }

    private let buffer: UnsafeMutablePointer<Buffer>

    init() {
        buffer = .allocate(capacity: 1)
        buffer.initialize(to: Buffer())
    }

    deinit {
        free(buffer.pointee.storage)
        buffer.deinitialize(count: 1)
        buffer.deallocate()
    }

    /// Everything written so far.
    var bytes: [UInt8] { [UInt8](UnsafeRawBufferPointer(start: buffer.pointee.storage, count: buffer.pointee.count)) }

    /// The closure pointer cairo passes back to ``write``; valid while the sink is alive.
    var closure: UnsafeMutableRawPointer { UnsafeMutableRawPointer(buffer) }

    /// A `cairo_write_func_t` appending to the sink whose ``closure`` it is given.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let buffer = closure.assumingMemoryBound(to: Buffer.self)
        let count = buffer.pointee.count, length = Int(length)
        if count + length > buffer.pointee.capacity {
            var grown = max(buffer.pointee.capacity * 2, 64 * 1024)
            while grown < count + length { grown *= 2 }
            guard let moved = realloc(buffer.pointee.storage, grown) else { return CAIRO_STATUS_NO_MEMORY }
            buffer.pointee.storage = moved
            buffer.pointee.capacity = grown
        }
        (buffer.pointee.storage! + count).copyMemory(from: data, byteCount: length)
        buffer.pointee.count = count + length
        return CAIRO_STATUS_SUCCESS
    }
}

/// Passes what cairo writes through its stream API on to a file, in large writes. Cairo cannot
/// be given an error to throw, so the first one is kept and reported by ``check()``.
final class CairoFileSink {
    private let file: StagedFile
    private var buffer: [UInt8] = []
    private var failure: RenderError?
    private static let bufferSize = 1 << 20

    init(_ file: StagedFile) {
        self.file = file
        buffer.reserveCapacity(Self.bufferSize)
    }

    var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<CairoFileSink>.fromOpaque(closure).takeUnretainedValue()
        sink.buffer.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        if sink.buffer.count >= bufferSize {
            do { try sink.flush() } catch { return CAIRO_STATUS_WRITE_ERROR }
        }
        return CAIRO_STATUS_SUCCESS
    }

    /// Writes what is buffered.
    func flush() throws(RenderError) {
        try check()
        do {
            try file.append(buffer)
            buffer.removeAll(keepingCapacity: true)
        } catch {
            failure = RenderError(error)
            throw RenderError(error)
        }
    }

    /// Throws the first write error met.
    func check() throws(RenderError) {
        if let failure { throw failure }
    }
}

/// Encodes an image surface as PNG through cairo's stream API.
enum PNGEncoder {
    static func encode(_ surface: CairoSurface) throws(RenderError) -> [UInt8] {
        let sink = CairoByteSink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(surface.pointer, CairoByteSink.write, sink.closure)
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RenderError("cairo could not encode the PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return sink.bytes
    }
}

/// Reads PNG bytes into a cairo image surface through cairo's stream API.
enum PNGReader {
    private final class Source {
        let bytes: [UInt8]
        var offset = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }
    }

    static func surface(from png: [UInt8]) -> OpaquePointer? {
        let source = Source(png)
        return withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let source = Unmanaged<Source>.fromOpaque(closure).takeUnretainedValue()
                let count = Int(length)
                guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                source.bytes.withUnsafeBufferPointer { buffer in
                    data.update(from: buffer.baseAddress! + source.offset, count: count)
                }
                source.offset += count
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(source).toOpaque())
        }
    }
}
