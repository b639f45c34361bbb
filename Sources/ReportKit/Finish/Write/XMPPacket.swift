/// The document's XMP metadata (ISO 16684-1), as PDF/A-3 and PDF/UA-1 want it: the identification
/// of both standards, and the same title, author, language, dates and producer as the document
/// information dictionary (PDF/A-3, 6.6.2.3; PDF/UA-1, 7.1 for dc:title).
struct XMPPacket {
    var title: String?
    var author: String?
    var subject: String?
    var keywords: String?
    var creatorTool: String?
    var producer: String
    var language: String?
    /// ISO 8601 in UTC ("2026-04-22T16:45:00Z").
    var createDate: String?
    var modifyDate: String?
    var conformance: PDFStandard

    var bytes: [UInt8] { Array(text.utf8) }

    var text: String {
        var description: [String] = []
        func property(_ name: String, _ value: String?) {
            if let value { description.append("   <\(name)>\(Self.escaped(value))</\(name)>") }
        }
        func alternative(_ name: String, _ value: String?) {
            guard let value else { return }
            description.append("   <\(name)><rdf:Alt><rdf:li xml:lang=\"x-default\">\(Self.escaped(value))</rdf:li></rdf:Alt></\(name)>")
        }
        alternative("dc:title", title)
        if let author { description.append("   <dc:creator><rdf:Seq><rdf:li>\(Self.escaped(author))</rdf:li></rdf:Seq></dc:creator>") }
        alternative("dc:description", subject)
        if let language { description.append("   <dc:language><rdf:Bag><rdf:li>\(Self.escaped(language))</rdf:li></rdf:Bag></dc:language>") }
        description.append("   <dc:format>application/pdf</dc:format>")
        property("pdf:Keywords", keywords)
        property("pdf:Producer", producer)
        property("xmp:CreatorTool", creatorTool)
        property("xmp:CreateDate", createDate)
        property("xmp:ModifyDate", modifyDate)
        property("xmp:MetadataDate", modifyDate)
        if let part = conformance.archivalPart {
            property("pdfaid:part", String(part.part))
            property("pdfaid:conformance", part.conformance)
        }
        if let part = conformance.accessibilityPart {
            property("pdfuaid:part", String(part))
        }

        return """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
         <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
          <rdf:Description rdf:about=""
            xmlns:dc="http://purl.org/dc/elements/1.1/"
            xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
            xmlns:xmp="http://ns.adobe.com/xap/1.0/"
            xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"
            xmlns:pdfuaid="http://www.aiim.org/pdfua/ns/id/">
        \(description.joined(separator: "\n"))
          </rdf:Description>
        \(conformance.accessibilityPart == nil ? "" : Self.pdfUAExtensionSchema)
         </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="r"?>
        """
    }

    /// PDF/A accepts only the XMP properties it predefines, or those whose schema the file
    /// describes (PDF/A-3, 6.6.2.3.2): pdfuaid:part is not predefined, so it is described here.
    private static let pdfUAExtensionSchema = """
          <rdf:Description rdf:about=""
            xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
            xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
            xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
           <pdfaExtension:schemas>
            <rdf:Bag>
             <rdf:li rdf:parseType="Resource">
              <pdfaSchema:schema>PDF/UA Universal Accessibility Schema</pdfaSchema:schema>
              <pdfaSchema:namespaceURI>http://www.aiim.org/pdfua/ns/id/</pdfaSchema:namespaceURI>
              <pdfaSchema:prefix>pdfuaid</pdfaSchema:prefix>
              <pdfaSchema:property>
               <rdf:Seq>
                <rdf:li rdf:parseType="Resource">
                 <pdfaProperty:name>part</pdfaProperty:name>
                 <pdfaProperty:valueType>Integer</pdfaProperty:valueType>
                 <pdfaProperty:category>internal</pdfaProperty:category>
                 <pdfaProperty:description>Indicates, which part of ISO 14289 standard is followed</pdfaProperty:description>
                </rdf:li>
               </rdf:Seq>
              </pdfaSchema:property>
             </rdf:li>
            </rdf:Bag>
           </pdfaExtension:schemas>
          </rdf:Description>
        """

    /// XML's five special characters, and no control character (text rules refuse them in
    /// input already; this keeps the packet well-formed whatever the library is given).
    static func escaped(_ text: String) -> String {
        // Most values need nothing (a title, a date): they are checked byte by byte and kept. 0xEF
        // starts U+FFFE and U+FFFF in UTF-8 (and the rest of U+F000–U+FFFF, which the scalar
        // walk below keeps).
        let needsEscaping = text.utf8.contains { byte in
            byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == 0xEF
        }
        guard needsEscaping else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
