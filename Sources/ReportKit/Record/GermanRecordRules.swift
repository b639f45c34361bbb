/// The forms of Germany's identifiers in a record (../shared/record-keeping-de.md, section 3): the
/// FLIK of a field block or parcel, and the BVL's authorisation number.
enum GermanRecordRules {
    /// The Länder's two letters in a FLIK (`DEBBLI0260100301`: Brandenburg).
    static let landCodes: Set<String> = ["BW", "BY", "BE", "BB", "HB", "HH", "HE", "MV", "NI", "NW", "RP", "SL", "SN", "ST", "SH", "TH"]
    /// A FLIK's type: agricultural land (InVeKoS), landscape element, not eligible, pseudo.
    static let flikTypes: Set<String> = ["LI", "LE", "NF", "PS"]

    /// Whether `label` means to be a FLIK: `DE` and a Land's letters, without spaces.
    static func looksLikeFLIK(_ label: String) -> Bool {
        label.count >= 4 && label.hasPrefix("DE") && landCodes.contains(String(label.dropFirst(2).prefix(2))) && !label.contains(" ")
    }

    /// What is wrong with a FLIK's form, or nil: 16 characters, `DE`, the Land, the type, then 10
    /// letters or digits the Land assigns.
    static func flikProblem(_ flik: String) -> MessageText? {
        let characters = Array(flik)
        guard characters.count == 16 else { return MessageText("record.de.flik-length", ["count": String(characters.count)]) }
        guard String(characters[0..<2]) == "DE", landCodes.contains(String(characters[2..<4])) else {
            return MessageText("record.de.flik-land", ["start": String(characters[0..<4])])
        }
        guard flikTypes.contains(String(characters[4..<6])) else {
            return MessageText("record.de.flik-type", ["type": String(characters[4..<6])])
        }
        guard characters[6...].allSatisfy({ $0.isASCII && ($0.isNumber || $0.isUppercase) }) else {
            return MessageText("record.de.flik-characters")
        }
        return nil
    }

    /// Whether `number` has a form the BVL gives: `024485-00` (generation, product, then the
    /// authorisation's own two digits; `60` and above a sales extension), `4395-00` (before 2009),
    /// or a parallel-trade permit's `GP` number.
    static func isBVLNumber(_ number: String) -> Bool {
        let text = number.split(separator: " ").joined()
        if text.uppercased().hasPrefix("GP") { return true }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        let product = parts[0]
        let isProduct = product.allSatisfy { $0.isASCII && ($0.isNumber || $0.isUppercase) }
        return isProduct && (product.count == 4 || (product.count == 6 && product.prefix(2).allSatisfy { $0.isNumber }))
    }

    /// The days within which a German record must be made: PflSchG § 11 as amended in December 2025.
    static let recordingDays = 30
}
