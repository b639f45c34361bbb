import Testing
@testable import ReportKit

/// The finishing stage's model of a content stream, and the artifact marking built on it: what a
/// page paints outside tagged content becomes an Artifact, and nothing else changes.
@Suite("Content streams and artifacts")
struct ArtifactMarkingTests {
    private func operators(_ text: String) throws -> [String] {
        try ContentStream(Array(text.utf8)).operations.map(\.name)
    }

    private func marked(_ text: String) throws -> String? {
        try ArtifactMarking.mark(ContentStream(Array(text.utf8))).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The words of a content stream: where the markers go matters, not the white space around them.
    private func words(_ text: String?) -> [Substring] {
        text?.split(whereSeparator: \.isWhitespace) ?? []
    }

    @Test func operatorsInsideStringsArraysAndDictionariesAreNotOperators() throws {
        let text = "/P << /MCID 0 /Alt (a BT (nested) \\) ET) >> BDC BT [(Tj) -20 (re f)] TJ <4254> Tj ET EMC % f S BT\n0 0 1 1 re f"
        #expect(try operators(text) == ["BDC", "BT", "TJ", "Tj", "ET", "EMC", "re", "f"])
        let stream = try ContentStream(Array(text.utf8))
        #expect(stream.tag(of: stream.operations[0]) == "P")
    }

    /// Keywords and numbers are operands, a comment runs to the end of its line, and an operation
    /// runs from its first operand (a name's tag is kept) to its operator.
    @Test func operandsCommentsAndRangesAreReadAsThePDFReferenceSays() throws {
        let text = "true false null -1 +.5 Tj % BT ( [ << not read\r/Sh0 sh\n/Artifact BMC EMC\n<< /A [1 (2]) <3E>] >> 5 d0"
        let stream = try ContentStream(Array(text.utf8))
        #expect(stream.operations.map(\.name) == ["Tj", "sh", "BMC", "EMC", "d0"])
        let pieces = stream.operations.map { String(decoding: stream.bytes[$0.range], as: UTF8.self) }
        #expect(pieces == ["true false null -1 +.5 Tj", "/Sh0 sh", "/Artifact BMC", "EMC", "<< /A [1 (2]) <3E>] >> 5 d0"])
        #expect(stream.tag(of: stream.operations[2]) == "Artifact")
        for broken in ["[1 >> 2] TJ", "<< /A 1 ] >> BDC", "1 0 0 1 0 0 cm )", "<4142 Tj", "<< /A (x) BDC"] {
            #expect(throws: RenderError.self, "\(broken)") { try ContentStream(Array(broken.utf8)) }
        }
    }

    @Test func inlineImageDataIsSkippedWhole() throws {
        #expect(try operators("q BI /W 2 /H 1 /BPC 8 /CS /G ID \u{1}EI S\u{2} EI Q") == ["q", "BI", "Q"])
    }

    @Test func anUnterminatedStringIsAnError() {
        #expect(throws: RenderError.self) { try ContentStream(Array("(never closed Tj".utf8)) }
        #expect(throws: RenderError.self) { try ContentStream(Array("[1 2 TJ".utf8)) }
    }

    @Test func untaggedPaintingBecomesAnArtifactAndTaggedContentStays() throws {
        let text = "q 0 0 10 10 re f Q /P << /MCID 0 >> BDC BT (a) Tj ET EMC 0 0 m 5 5 l S"
        let result = try #require(try marked(text))
        #expect(words(result) == words("q /Artifact BMC 0 0 10 10 re f EMC Q /P << /MCID 0 >> BDC BT (a) Tj ET EMC /Artifact BMC 0 0 m 5 5 l S EMC"))
        // Marked again, nothing is left to mark.
        #expect(try ArtifactMarking.mark(ContentStream(Array(result.utf8))) == nil)
    }

    @Test func anArtifactEndsBeforeTaggedContentAndNeverCrossesARestore() throws {
        let result = try #require(try marked("q 1 0 0 1 5 5 cm 0 0 1 1 re f /Figure << /MCID 3 >> BDC 0 0 m S EMC Q"))
        #expect(words(result) == words("q 1 0 0 1 5 5 cm /Artifact BMC 0 0 1 1 re f EMC /Figure << /MCID 3 >> BDC 0 0 m S EMC Q"))
        let restored = try #require(try marked("q 0 0 1 1 re f Q 0 0 2 2 re f"))
        #expect(words(restored) == words("q /Artifact BMC 0 0 1 1 re f EMC Q /Artifact BMC 0 0 2 2 re f EMC"))
    }

    /// Pango writes an ellipsis or a soft line break as a `/Span` with ActualText inside the text
    /// object; in a running header (untagged) it nests in the artifact, and the text after it
    /// stays marked.
    @Test func anActualTextSpanInUntaggedTextStaysInsideItsArtifact() throws {
        let result = try #require(try marked("BT (Report) Tj /Span << /ActualText <feff0020> >> BDC EMC (date) Tj ET"))
        #expect(words(result) == words("/Artifact BMC BT (Report) Tj /Span << /ActualText <feff0020> >> BDC EMC (date) Tj ET EMC"))
        // A structure element still ends the artifact before it.
        let tagged = try #require(try marked("0 0 1 1 re f /P << /MCID 0 >> BDC BT (a) Tj ET EMC"))
        #expect(words(tagged) == words("/Artifact BMC 0 0 1 1 re f EMC /P << /MCID 0 >> BDC BT (a) Tj ET EMC"))
    }

    @Test func aStreamWithNothingUntaggedIsLeftAsItIs() throws {
        #expect(try marked("/P << /MCID 0 >> BDC BT (a) Tj ET EMC") == nil)
        #expect(try marked("1 0 0 -1 0 842 cm q Q") == nil)
    }

    @Test func unbalancedMarkedContentIsAnError() {
        #expect(throws: RenderError.self) { try ArtifactMarking.mark(ContentStream(Array("EMC".utf8))) }
        #expect(throws: RenderError.self) { try ArtifactMarking.mark(ContentStream(Array("/P BMC 0 0 m S".utf8))) }
    }

    @Test func everyPaintingOperatorEndsUpMarked() throws {
        // Every operator that paints, outside tagged content, in one stream.
        let text = "0 0 m S 0 0 m s 0 0 m f 0 0 m F 0 0 m f* 0 0 m B 0 0 m B* 0 0 m b 0 0 m b* BT (x) Tj [(y)] TJ (z) ' 1 2 (w) \" ET /Im0 Do /Sh0 sh"
        let result = try #require(try marked(text))
        var depth = 0
        for operation in try ContentStream(Array(result.utf8)).operations {
            switch operation.name {
            case "BMC", "BDC": depth += 1
            case "EMC": depth -= 1
            default: if ContentStream.painting.contains(operation.code) { #expect(depth > 0, "\(operation.name) is not marked") }
            }
        }
    }
}
