import Glibc

extension String {
    /// `format` filled in as C's `printf` does (`%.3f`, `%.6g`), for numbers whose exact printed
    /// form a file or a message relies on. Foundation's `String(format:)` gives the same text but
    /// lives in Foundation proper (see ``ConditionLock``). Numbers are written in the C locale, with a
    /// full stop for the decimal separator: ReportKit never sets a process locale.
    package init(printf format: String, _ arguments: CVarArg...) {
        self.init(decoding: Self.printed(format, arguments), as: UTF8.self)
    }

    private static func printed(_ format: String, _ arguments: [CVarArg]) -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: 64)
        var capacity = buffer.count
        var length = Int(withVaList(arguments) { vsnprintf(&buffer, capacity, format, $0) })
        if length >= capacity {
            capacity = length + 1
            buffer = [CChar](repeating: 0, count: capacity)
            length = Int(withVaList(arguments) { vsnprintf(&buffer, capacity, format, $0) })
        }
        return buffer.prefix(Swift.max(0, length)).map { UInt8(bitPattern: $0) }
    }
}
