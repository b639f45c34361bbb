import FoundationEssentials
import Glibc

/// Attaches files the way PDF/A-3 carries data (ISO 19005-3, 6.8; as Factur-X does): each an
/// embedded file stream with its media type, size and date, a file specification with its
/// relationship to the document, listed both in the catalog's /AF and in the EmbeddedFiles name
/// tree (where readers show attachments).
enum AssociatedFiles {
    static func attach(_ attachments: [StoredAttachment], to update: PDFIncrementalUpdate, catalog: inout PDFDictionary,
                       date: String?) throws(RenderError) {
        guard !attachments.isEmpty else { return }
        guard Set(attachments.map(\.name)).count == attachments.count else { throw RenderError("two attachments of the PDF have the same name") }

        var associated: [PDFValue] = []
        var entries: [(name: String, specification: PDFReference)] = []
        for attachment in attachments {
            let stream = try update.stream(attachment.stored, dictionary: PDFDictionary([
                ("Type", .name("EmbeddedFile")), ("Subtype", .name(attachment.mediaType)),
                ("Params", .dictionary(PDFDictionary([("Size", .integer(attachment.size))] + (date.map { [("ModDate", .string(Array($0.utf8)))] } ?? [])))),
            ]), compress: false, alreadyCompressed: attachment.isCompressed)
            let specification = update.add(.dictionary(PDFDictionary([
                ("Type", .name("Filespec")), ("F", .string(Array(asciiName(attachment.name).utf8))), ("UF", .text(attachment.name)),
                ("Desc", .text(attachment.description)), ("AFRelationship", .name(attachment.relationship.rawValue)),
                ("EF", .dictionary(PDFDictionary([("F", .reference(stream)), ("UF", .reference(stream))]))),
            ])))
            associated.append(.reference(specification))
            entries.append((attachment.name, specification))
        }

        // A name tree's keys are in the order of their bytes (PDF 32000-1, 7.9.6).
        let tree = entries.sorted { PDFValue.text($0.name).bytes.lexicographicallyPrecedes(PDFValue.text($1.name).bytes) }
            .flatMap { [PDFValue.text($0.name), .reference($0.specification)] }
        let embedded = PDFValue.dictionary(PDFDictionary([("Names", .array(tree))]))
        if let namesReference = catalog["Names"]?.reference {
            var names = try update.dictionary(namesReference)
            names["EmbeddedFiles"] = embedded
            try update.set(namesReference, names)
        } else {
            var names = catalog["Names"]?.dictionary ?? PDFDictionary()
            names["EmbeddedFiles"] = embedded
            catalog["Names"] = .dictionary(names)
        }
        catalog["AF"] = .array(associated)
    }

    /// The file name for readers that know only /F: the name with anything outside printable
    /// ASCII replaced (the full name is in /UF).
    private static func asciiName(_ name: String) -> String {
        String(name.unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "_" })
    }
}
