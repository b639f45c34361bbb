/// A PDF object as a value (PDF 32000-1, 7.3): what the finishing stage reads from cairo's file,
/// changes and writes back in an incremental update.
enum PDFValue: Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    /// A real number, kept as written so it is written back unchanged.
    case real(String)
    /// A string's bytes (literal or hexadecimal as read; written as suits its bytes).
    case string([UInt8])
    /// A name without its slash, `#xx` escapes decoded.
    case name(String)
    case array([PDFValue])
    case dictionary(PDFDictionary)
    case reference(PDFReference)

    /// A text string: PDFDocEncoding's ASCII when it is plain ASCII, else UTF-16BE with its mark.
    static func text(_ text: String) -> PDFValue {
        // Printable ASCII, checked on the UTF-8 bytes (any other scalar has a byte of 0x80 or more).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return .string(Array(text.utf8)) }
        var bytes: [UInt8] = [0xFE, 0xFF]
        bytes.reserveCapacity(2 + 2 * text.utf16.count)
        for unit in text.utf16 {
            bytes.append(UInt8(unit >> 8))
            bytes.append(UInt8(unit & 0xFF))
        }
        return .string(bytes)
    }

    var dictionary: PDFDictionary? {
        if case .dictionary(let dictionary) = self { return dictionary }
        return nil
    }

    var array: [PDFValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    var reference: PDFReference? {
        if case .reference(let reference) = self { return reference }
        return nil
    }

    var name: String? {
        if case .name(let name) = self { return name }
        return nil
    }

    var integer: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// An array's items; a single value counts as an array of itself (as PDF allows in /K).
    var items: [PDFValue] {
        switch self {
        case .array(let items): items
        case .null: []
        default: [self]
        }
    }

    /// A text string's text (UTF-16 with its mark, else bytes as Latin-1/PDFDocEncoding's ASCII).
    var text: String? {
        guard case .string(let bytes) = self else { return nil }
        if bytes.starts(with: [0xFE, 0xFF]) {
            let units = stride(from: 2, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
            return String(decoding: units, as: UTF16.self)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value in PDF syntax.
    func write(into output: inout [UInt8]) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .integer(let value): Self.writeInteger(value, into: &output)
        case .real(let text): output += text.utf8
        case .string(let bytes): Self.writeString(bytes, into: &output)
        case .name(let name): Self.writeName(name, into: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(32) }
                item.write(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .dictionary(let dictionary): dictionary.write(into: &output)
        case .reference(let reference):
            Self.writeInteger(reference.number, into: &output)
            output.append(32)
            Self.writeInteger(reference.generation, into: &output)
            output += " R".utf8
        }
    }

    /// Written digit by digit: objects are full of numbers, and a String for each costs an allocation.
    /// The digits are put in place from the last, in a small buffer on the stack: reversing them in
    /// the output through a slice cost a retain and a release (atomic) for every number.
    static func writeInteger(_ value: Int, into output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
    /// Printable ASCII bytes a name may hold as they are (PDF 32000-1, 7.3.5): not the delimiters nor `#`.
    private static let plainNameBytes: [Bool] = (0..<256).map { byte in
        byte > 0x20 && byte < 0x7F && !"()<>[]{}/%#".utf8.contains(UInt8(byte))
    }

    var bytes: [UInt8] {
        var output: [UInt8] = []
        write(into: &output)
        return output
    }

    /// Printable ASCII as a literal string, anything else in hexadecimal (no escaping to get wrong).
    private static func writeString(_ bytes: [UInt8], into output: inout [UInt8]) {
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            output.append(UInt8(ascii: "("))
            for byte in bytes {
                if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "\\") { output.append(UInt8(ascii: "\\")) }
                output.append(byte)
            }
            output.append(UInt8(ascii: ")"))
            return
        }
        output.append(UInt8(ascii: "<"))
        for byte in bytes {
            output.append(hexDigits[Int(byte >> 4)])
            output.append(hexDigits[Int(byte & 0x0F)])
        }
        output.append(UInt8(ascii: ">"))
    }

    /// A name, with delimiters, white space, `#` and anything outside printable ASCII as `#xx`.
    private static func writeName(_ name: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "/"))
        for byte in name.utf8 {
            if plainNameBytes[Int(byte)] {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "#"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
    }
}

/// An indirect object's number and generation.
struct PDFReference: Hashable, Comparable {
    let number: Int
    var generation = 0

    static func < (a: PDFReference, b: PDFReference) -> Bool { a.number < b.number }
}

/// A dictionary that keeps its keys in the order they were read or set, so what is written back
/// reads like what cairo wrote.
struct PDFDictionary: Equatable {
    /// Keys in order, and their values at the same places.
    private(set) var keys: [String]
    private var values: [PDFValue]

    init(_ entries: [(String, PDFValue)] = []) {
        keys = []
        values = []
        for (key, value) in entries { self[key] = value }
    }

    /// Keys (each once) and their values, in order.
    init(keys: [String], values: [PDFValue]) {
        self.keys = keys
        self.values = values
    }

    var entries: [(key: String, value: PDFValue)] { Array(zip(keys, values)) }

    /// The value of `key` (without its slash); setting nil removes it.
    subscript(key: String) -> PDFValue? {
        get { keys.firstIndex(of: key).map { values[$0] } }
        set {
            if let index = keys.firstIndex(of: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    func write(into output: inout [UInt8]) {
        output += "<<".utf8
        for (key, value) in zip(keys, values) {
            output.append(32)
            PDFValue.name(key).write(into: &output)
            output.append(32)
            value.write(into: &output)
        }
        output += " >>".utf8
    }
}
