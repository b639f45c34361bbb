/// Marks everything a page paints outside tagged content as an Artifact (PDF 32000-1, 14.8.2.2;
/// PDF/UA-1, 7.1: content is either real content in the structure tree or an artifact). Cairo
/// tags only what the layout tags (text, figures, links), so card fills, borders, rules, zebra
/// stripes, page backgrounds and the running header and footer are drawn outside any marked
/// content; this wraps each run of them in `/Artifact BMC … EMC`.
enum ArtifactMarking {
    /// Operators that start something drawn: a path, a text object, an image or a shading. Six,
    /// compared in turn: cheaper than hashing each of a page's hundreds of operators.
    private static let graphicsObjectStarts: [ContentStream.Operator] = ["m", "re", "BT", "Do", "sh", "BI"]
        .map { ContentStream.Operator(bytes: Array($0.utf8)) }

    /// The content stream with its untagged runs marked; nil when nothing needed marking.
    static func mark(_ stream: ContentStream) throws(RenderError) -> [UInt8]? {
        var insertions: [(offset: Int, text: String)] = []
        var markedDepth = 0
        var saveDepth = 0
        var artifactSaveDepth: Int?
        var inText = false

        func close(at offset: Int) {
            insertions.append((offset, "EMC\n"))
            artifactSaveDepth = nil
        }

        // Pango's `/Span << /ActualText … >>` inside untagged text (an ellipsis, a line break
        // in a running header) nests in the artifact: it is no structure content, and closing
        // the artifact there left the text after it unmarked.
        var spansInArtifact = 0
        let span = Array("/Span".utf8)

        // The operators read once, not at every operation.
        typealias Operator = ContentStream.Operator
        let graphicsObjectStarts = Self.graphicsObjectStarts
        let beginMarked = Operator.beginMarked, beginMarkedWithProperties = Operator.beginMarkedWithProperties, endMarked = Operator.endMarked
        let save = Operator.save, restore = Operator.restore, beginText = Operator.beginText, endText = Operator.endText
        for operation in stream.operations {
            switch operation.code {
            case beginMarked, beginMarkedWithProperties:
                if artifactSaveDepth != nil, let tag = operation.tagRange, Array(stream.bytes[tag]) == span {
                    spansInArtifact += 1
                    continue
                }
                if artifactSaveDepth != nil { close(at: operation.range.lowerBound) }
                markedDepth += 1
                continue
            case endMarked:
                if spansInArtifact > 0 {
                    spansInArtifact -= 1
                    continue
                }
                guard markedDepth > 0 else { throw RenderError("a content stream of the PDF ends marked content it never began") }
                markedDepth -= 1
                continue
            case save:
                saveDepth += 1
            case restore:
                // The artifact ends where the graphics state it began in is restored, so marked
                // content and q … Q always nest.
                if let depth = artifactSaveDepth, saveDepth <= depth, !inText { close(at: operation.range.lowerBound) }
                saveDepth -= 1
            case beginText:
                inText = true
            case endText:
                inText = false
            default:
                break
            }
            if markedDepth == 0, artifactSaveDepth == nil, graphicsObjectStarts.contains(operation.code) {
                insertions.append((operation.range.lowerBound, "/Artifact BMC\n"))
                artifactSaveDepth = saveDepth
            }
        }
        if artifactSaveDepth != nil { close(at: stream.bytes.count) }
        guard markedDepth == 0 else { throw RenderError("a content stream of the PDF leaves marked content open") }
        guard !insertions.isEmpty else { return nil }

        var output: [UInt8] = []
        output.reserveCapacity(stream.bytes.count + insertions.count * 14)
        var copied = 0
        for insertion in insertions {
            output += stream.bytes[copied..<insertion.offset]
            // A marker must stand apart from what precedes it.
            if let last = output.last, last != 10, last != 13, last != 32 { output.append(10) }
            output += insertion.text.utf8
            copied = insertion.offset
        }
        output += stream.bytes[copied...]
        return output
    }
}
