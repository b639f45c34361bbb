internal import CLibXML2

/// Writes task data with libxml2's xmlwriter: UTF-8, declared, escaped by the library (an `&` or
/// a `"` in a field name is never half an attribute), indented for a person reading it.
package enum TaskDataWriter {
    /// `root` and its children as an XML document, UTF-8, two spaces an indentation level.
    public static func bytes(of root: TaskDataElement) throws(RenderError) -> [UInt8] {
        let xml = try LibXML2Library.shared()
        guard let buffer = xml.newBuffer() else { throw RenderError("libxml2 cannot make a buffer for the task data", writeFailed: true) }
        defer { xml.freeBuffer(buffer) }
        guard let writer = xml.newMemoryWriter(buffer, 0) else { throw RenderError("libxml2 cannot make a writer for the task data", writeFailed: true) }
        defer { xml.freeWriter(writer) }
        // Every call's status is checked: libxml2 reports a failed allocation or an invalid
        // name by a negative status, and a document written past one would be cut or malformed.
        var status = min(xml.setIndent(writer, 1), xml.setIndentString(writer, "  "))
        if status >= 0 { status = xml.startDocument(writer, "1.0", "UTF-8", nil) }
        func write(_ element: TaskDataElement) {
            guard status >= 0 else { return }
            status = xml.startElement(writer, element.name)
            for (key, value) in element.attributes where status >= 0 {
                status = xml.writeAttribute(writer, key, value)
            }
            for child in element.children { write(child) }
            if status >= 0 { status = xml.endElement(writer) }
        }
        write(root)
        if status >= 0 { status = xml.endDocument(writer) }
        if status >= 0 { status = xml.flush(writer) }
        guard status >= 0 else { throw RenderError("libxml2 could not write the task data (status \(status))", writeFailed: true) }
        let count = Int(xml.bufferLength(buffer))
        guard count > 0, let content = xml.bufferContent(buffer) else { throw RenderError("libxml2 wrote no task data", writeFailed: true) }
        return Array(UnsafeBufferPointer(start: content, count: count))
    }
}

extension TaskDataExport {
    /// `TASKDATA.XML` of `plans` in one call, and the warnings of names shortened and doses rounded.
    public static func file(of plans: [SprayPlan], language: ReportLanguage = .english) throws(RenderError) -> (bytes: [UInt8], warnings: [DiagnosticRecord]) {
        let (root, warnings) = taskData(of: plans, language: language)
        return (try TaskDataWriter.bytes(of: root), warnings)
    }
}
