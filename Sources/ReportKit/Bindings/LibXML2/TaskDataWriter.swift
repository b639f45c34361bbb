internal import CLibXML2

/// Writes task data with libxml2's xmlwriter: UTF-8, declared, escaped by the library (an `&` or
/// a `"` in a field name is never half an attribute), indented for a person reading it.
package enum TaskDataWriter {
    /// `root` and its children as an XML document, UTF-8, two spaces an indentation level.
    public static func bytes(of root: TaskDataElement) throws(RenderError) -> [UInt8] {
        guard let buffer = xmlBufferCreate() else { throw RenderError("libxml2 cannot make a buffer for the task data", writeFailed: true) }
        defer { xmlBufferFree(buffer) }
        guard let writer = xmlNewTextWriterMemory(buffer, 0) else { throw RenderError("libxml2 cannot make a writer for the task data", writeFailed: true) }
        defer { xmlFreeTextWriter(writer) }
        // Every call's status is checked: libxml2 reports a failed allocation or an invalid
        // name by a negative status, and a document written past one would be cut or malformed.
        var status = min(xmlTextWriterSetIndent(writer, 1), xmlTextWriterSetIndentString(writer, "  "))
        if status >= 0 { status = xmlTextWriterStartDocument(writer, "1.0", "UTF-8", nil) }
        func write(_ element: TaskDataElement) {
            guard status >= 0 else { return }
            status = xmlTextWriterStartElement(writer, element.name)
            for (key, value) in element.attributes where status >= 0 {
                status = xmlTextWriterWriteAttribute(writer, key, value)
            }
            for child in element.children { write(child) }
            if status >= 0 { status = xmlTextWriterEndElement(writer) }
        }
        write(root)
        if status >= 0 { status = xmlTextWriterEndDocument(writer) }
        if status >= 0 { status = xmlTextWriterFlush(writer) }
        guard status >= 0 else { throw RenderError("libxml2 could not write the task data (status \(status))", writeFailed: true) }
        let count = Int(xmlBufferLength(buffer))
        guard count > 0, let content = xmlBufferContent(buffer) else { throw RenderError("libxml2 wrote no task data", writeFailed: true) }
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
