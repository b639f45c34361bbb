internal import CLibXML2
import FoundationEssentials
import Glibc

/// Reads `TASKDATA.XML` with libxml2's parser into elements (``TaskDataElement``): no network,
/// no external entities, no DTD loading, a size bound (task data from a USB stick or a terminal
/// is untrusted input).
package enum TaskDataReader {
    /// The largest TASKDATA.XML read (a season's tasks with their totals are far smaller).
    public static let maximumBytes = 32 << 20

    /// The bytes of a task data file, its size checked on the open file before a byte is read and
    /// at most the limit read (a 3 GB file is refused, not read); a FIFO or a folder is refused.
    static func contents(of path: String) throws(RenderError) -> [UInt8] {
        guard let status = FileStatus(path: path) else { throw RenderError("\(path): cannot be read") }
        guard status.kind == .regular else { throw RenderError("\(path): not a regular file; expected ISO 11783-10 task data") }
        guard status.size <= maximumBytes else { throw RenderError("\(path): larger than \(maximumBytes >> 20) MB; expected ISO 11783-10 task data") }
        guard let file = InputFile(forReadingAtPath: path) else { throw RenderError("\(path): cannot be read") }
        let bytes: [UInt8]
        do {
            bytes = try file.read(upTo: maximumBytes + 1)
        } catch {
            throw RenderError("\(path): cannot be read: \(error)")
        }
        // A file that grew after it was measured is held to the same limit.
        guard bytes.count <= maximumBytes else { throw RenderError("\(path): larger than \(maximumBytes >> 20) MB; expected ISO 11783-10 task data") }
        return bytes
    }

    /// The `ISO11783_TaskData` element of a TASKDATA.XML; `name` names the file in errors.
    public static func root(of bytes: [UInt8], name: String) throws(RenderError) -> TaskDataElement {
        let root = try element(of: bytes, name: name)
        guard root.name == "ISO11783_TaskData" else {
            throw RenderError("\(name): its root is <\(root.name)>; expected <ISO11783_TaskData> (ISO 11783-10 task data)")
        }
        return root
    }

    /// The root element of any XML document (a time log's header is a bare `TIM`).
    static func element(of bytes: [UInt8], name: String) throws(RenderError) -> TaskDataElement {
        guard bytes.count <= maximumBytes else { throw RenderError("\(name): larger than \(maximumBytes >> 20) MB; expected ISO 11783-10 task data") }
        if let refusal = TaskDataShape.refusal(bytes, name: name) { throw RenderError(refusal) }
        // Entities are not substituted (no NOENT) and nothing is fetched (NONET): no entity expands
        // into a gigabyte, no file of the machine is read into the record.
        let xml = try LibXML2Library.shared()
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOBLANKS.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { xml.readMemory($0, Int32(buffer.count), name, nil, options) }
            }
        }
        guard let document = parsed else {
            let message = xml.lastError().flatMap { $0.pointee.message }.map { String(cString: $0).filter { !$0.isNewline } } ?? "not XML"
            throw RenderError("\(name): not well-formed XML (\(message)); expected ISO 11783-10 task data")
        }
        defer { xml.freeDocument(document) }
        guard let top = xml.rootElement(document) else { throw RenderError("\(name): an XML document without an element") }
        return element(top, xml)
    }

    private static func element(_ node: UnsafeMutablePointer<xmlNode>, _ xml: LibXML2Library) -> TaskDataElement {
        var attributes: [(String, String?)] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            let key = String(cString: current.pointee.name)
            let value = xml.nodeListString(node.pointee.doc, current.pointee.children, 1)
            attributes.append((key, value.map { String(cString: $0) }))
            // libxml2's xmlFree is the C library's free unless an application changes it.
            if let value { free(value) }
            attribute = current.pointee.next
        }
        var children: [TaskDataElement] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { children.append(element(current, xml)) }
            child = current.pointee.next
        }
        return TaskDataElement(String(cString: node.pointee.name), attributes, children: children)
    }
}

extension TaskDataImport {
    /// The applied tasks of the task data in `folder` (its TASKDATA.XML and the binary time logs
    /// it refers to) as a JSON array of jobs, and what was left out or read with a warning; `zone`
    /// gives times written without an offset theirs (a `TIM` without one, a log without GPS time).
    public static func jobs(inFolder folder: String, zone: TimeZoneRules?) throws(RenderError) -> (json: [UInt8], warnings: [String], refused: [String]) {
        let file = folder + "/TASKDATA.XML"
        let root = try TaskDataReader.root(of: try TaskDataReader.contents(of: file), name: file)
        var logs: [String: TimeLog] = [:]
        var unreadable: [String] = []
        let names = Set(root.children.filter { $0.name == "TSK" }.flatMap { $0.children.filter { $0.name == "TLG" }.compactMap { $0["A"] } })
        for name in names.sorted() {
            guard name.allSatisfy({ $0.isLetter || $0.isNumber }),
                  let header = try? TaskDataReader.contents(of: "\(folder)/\(name).XML"),
                  let records = try? TaskDataReader.contents(of: "\(folder)/\(name).BIN"),
                  let time = try? TaskDataReader.element(of: header, name: "\(folder)/\(name).XML"),
                  let log = TimeLog.read(header: time, records: records, zone: zone) else {
                unreadable.append("\(name): its time log (\(name).XML and \(name).BIN) is missing or cannot be read; the task's own times are used")
                continue
            }
            logs[name] = log
        }
        let (json, warnings, refused) = jobs(from: root, timeLogs: logs, zone: zone)
        return (json, unreadable + warnings, refused)
    }
}
