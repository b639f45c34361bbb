import Glibc


/// What a C library prints on standard error while it works, caught instead of reaching the
/// terminal: libxlsxwriter reports its failures there ("[ERROR] workbook_close(): …") and has no
/// way to be told not to, so past `--diagnostics json` its lines broke the JSON stream. The
/// lines caught become part of the error ReportKit reports, through the command's diagnostics.
///
/// Standard error is the process's, so one capture runs at a time (a lock). A line another thread
/// writes meanwhile (a server's log) is caught too: every line that is not the library's own
/// (`[ERROR]…`, `[WARNING]…`) is written back once the capture ends, so nothing is lost.
enum LibraryMessages {
    private static let lock = ConditionLock()

    /// Runs `work` with standard error sent to a temporary file; returns its outcome and the
    /// lines written meanwhile.
    static func caught<T>(_ work: () throws(RenderError) -> T) -> (Result<T, RenderError>, [String]) {
        lock.withLock { () -> (Result<T, RenderError>, [String]) in
            func run() -> Result<T, RenderError> {
                do throws(RenderError) { return .success(try work()) } catch { return .failure(error) }
            }
            fflush(nil)
            guard let file = tmpfile() else { return (run(), []) }
            defer { fclose(file) }
            let saved = dup(STDERR_FILENO)
            guard saved >= 0, dup2(fileno(file), STDERR_FILENO) >= 0 else {
                if saved >= 0 { close(saved) }
                return (run(), [])
            }
            let result = run()
            fflush(nil)
            dup2(saved, STDERR_FILENO)
            close(saved)
            let lines = read(file)
            let isLibrarys = { (line: String) in line.hasPrefix("[ERROR]") || line.hasPrefix("[WARNING]") }
            for line in lines where !isLibrarys(line) {
                let bytes = Array((line + "\n").utf8)
                _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            }
            return (result, lines.filter(isLibrarys))
        }
    }

    private static func read(_ file: UnsafeMutablePointer<FILE>) -> [String] {
        rewind(file)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        // At most 64 KiB: a library's messages, not a stream.
        while bytes.count < 65_536 {
            let count = fread(&buffer, 1, buffer.count, file)
            guard count > 0 else { break }
            bytes += buffer.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }
}
