import Testing
@testable import ReportKit

/// The text rule decides by code point alone; Unicode's own tables (the standard library's
/// character properties) must agree with it for every character it is asked about.
@Suite("Which characters a text may hold")
struct TextRulesTests {
    /// What Unicode's tables say of one character, as the rule's message code (nil: accepted).
    static func expected(_ scalar: Unicode.Scalar, multiline: Bool) -> String? {
        if TextRules.bidirectionalControls[scalar.value] != nil { return "input.text-bidirectional" }
        if scalar.properties.isNoncharacterCodePoint { return "input.text-noncharacter" }
        switch scalar.properties.generalCategory {
        case .control where !(multiline && (scalar == "\n" || scalar == "\t")):
            return multiline ? "input.text-control" : "input.text-control-single-line"
        case .lineSeparator where !multiline: return "input.text-line-separator"
        case .paragraphSeparator where !multiline: return "input.text-paragraph-separator"
        default: return nil
        }
    }

    @Test(arguments: [false, true])
    func theRuleAgreesWithUnicodesTablesForEveryCharacter(multiline: Bool) {
        // The whole Basic Multilingual Plane, and the last 300 code points of every other plane
        // (where its noncharacters are) and the first 300.
        let planes = (1...16).flatMap { plane -> [UInt32] in
            let start = UInt32(plane) << 16
            return Array(start..<(start + 300)) + Array((start + 0xFFFF - 299)...(start + 0xFFFF))
        }
        var disagreements: [String] = []
        for value in Array(0...0xFFFF) + planes {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let found = TextRules.problemText(in: String(Character(scalar)), multiline: multiline)?.key
            let wanted = Self.expected(scalar, multiline: multiline)
            if found != wanted { disagreements.append("\(TextRules.code(scalar)): \(found ?? "accepted"), Unicode says \(wanted ?? "accepted")") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }
}
