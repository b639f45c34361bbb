/// What task data may look like before libxml2 sees it: ISO 11783-10 is data, not a document, so
/// it declares no document type and no entities, and its elements are few, shallow and carry a
/// handful of attributes each. A linear scan of the bytes refuses what is not (a document type,
/// whose entities libxml2 expands inside attribute values even unsubstituted; an element with
/// 200,000 attributes, which Debian's libxml2 2.9.14 checks for duplicates in quadratic time).
enum TaskDataShape {
    /// The most attributes an element may have: the standard's elements have at most 20 (A–T).
    static let maximumAttributes = 100
    /// The deepest nesting: task data is about five levels deep (ISO11783_TaskData, TSK, TZN, PDV).
    static let maximumDepth = 64
    /// The most elements a file may hold: a season's tasks with their logs are far fewer.
    static let maximumElements = 2_000_000

    /// Nil when `bytes` may be parsed, else why not (`name` names the file).
    static func refusal(_ bytes: [UInt8], name: String) -> String? {
        var index = 0, depth = 0, elements = 0
        let count = bytes.count
        func starts(_ text: StaticString, at position: Int) -> Bool {
            let length = text.utf8CodeUnitCount
            guard position + length <= count else { return false }
            return text.withUTF8Buffer { pattern in (0..<length).allSatisfy { bytes[position + $0] == pattern[$0] } }
        }
        func skip(past text: StaticString, from position: Int) -> Int {
            var cursor = position
            while cursor < count, !starts(text, at: cursor) { cursor += 1 }
            return cursor + text.utf8CodeUnitCount
        }
        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else { index += 1; continue }
            if starts("<!--", at: index) { index = skip(past: "-->", from: index + 4); continue }
            if starts("<![CDATA[", at: index) { index = skip(past: "]]>", from: index + 9); continue }
            if starts("<?", at: index) { index = skip(past: "?>", from: index + 2); continue }
            if starts("<!", at: index) {
                return "\(name): declares a document type or entities (<!DOCTYPE>, <!ENTITY>); ISO 11783-10 task data has none, so it is not read"
            }
            let closing = index + 1 < count && bytes[index + 1] == UInt8(ascii: "/")
            // The tag up to its end, quotes respected: its attributes are its `=` outside quotes.
            var cursor = index + 1, attributes = 0
            var quote: UInt8?
            while cursor < count {
                let byte = bytes[cursor]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "=") {
                    attributes += 1
                } else if byte == UInt8(ascii: ">") {
                    break
                }
                cursor += 1
            }
            let selfClosing = cursor > 0 && cursor < count && bytes[cursor - 1] == UInt8(ascii: "/")
            if closing {
                depth -= 1
            } else {
                elements += 1
                if !selfClosing { depth += 1 }
                let element = String(decoding: bytes[(index + 1)..<min(cursor, index + 1 + 40)].prefix { $0 > 0x20 && $0 != UInt8(ascii: "/") }, as: UTF8.self)
                if attributes > maximumAttributes {
                    return "\(name): the element <\(element)> has \(attributes) attributes, more than the \(maximumAttributes) task data may hold"
                }
                if depth > maximumDepth {
                    return "\(name): the element <\(element)> is nested \(depth) deep, deeper than the \(maximumDepth) task data may be"
                }
                if elements > maximumElements {
                    return "\(name): more than \(maximumElements) elements, more than task data holds"
                }
            }
            index = cursor + 1
        }
        return nil
    }
}
