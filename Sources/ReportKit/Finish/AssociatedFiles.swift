import Foundation

/// Attaches files the way PDF/A-3 carries data (ISO 19005-3, 6.8; as Factur-X does): each an
/// embedded file stream with its media type, size and date, a file specification with its
/// relationship to the document, listed both in the catalog's /AF and in the EmbeddedFiles name
/// tree (where readers show attachments).
enum AssociatedFiles {
    static func attach(_ attachments: [PDFAttachment], to document: QPDFDocument, date: String) throws(RenderError) {
        guard !attachments.isEmpty else { return }
        let names = Set(attachments.map(\.name))
        guard names.count == attachments.count else { throw RenderError("two attachments of the PDF have the same name") }

        let associated = document.array()
        var entries: [(name: String, specification: PDFObject)] = []
        for attachment in attachments {
            let parameters = document.dictionary()
            parameters["Size"] = document.integer(attachment.bytes.count)
            parameters["ModDate"] = document.string(date)
            let stream = document.stream(attachment.bytes, dictionary: [
                "Type": document.name("EmbeddedFile"),
                "Subtype": document.name(attachment.mediaType),
                "Params": parameters,
            ])
            let files = document.dictionary()
            files["F"] = stream
            files["UF"] = stream
            let specification = document.dictionary()
            specification["Type"] = document.name("Filespec")
            specification["F"] = document.string(asciiName(attachment.name))
            specification["UF"] = document.text(attachment.name)
            specification["Desc"] = document.text(attachment.description)
            specification["AFRelationship"] = document.name(attachment.relationship.rawValue)
            specification["EF"] = files
            let reference = document.indirect(specification)
            associated.append(reference)
            entries.append((attachment.name, reference))
        }

        // A name tree's keys are in the order of their bytes (PDF 32000-1, 7.9.6).
        let tree = document.array()
        for entry in entries.sorted(by: { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }) {
            tree.append(document.text(entry.name))
            tree.append(entry.specification)
        }
        let embedded = document.dictionary()
        embedded["Names"] = tree
        let catalog = document.root
        let nameDictionary = catalog["Names"] ?? document.dictionary()
        nameDictionary["EmbeddedFiles"] = embedded
        catalog["Names"] = nameDictionary
        catalog["AF"] = associated
        try document.check("cannot attach the files to the PDF")
    }

    /// The file name for readers that know only /F: the name with anything outside printable
    /// ASCII replaced (the full name is in /UF).
    private static func asciiName(_ name: String) -> String {
        String(name.unicodeScalars.map { $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "_" })
    }
}
