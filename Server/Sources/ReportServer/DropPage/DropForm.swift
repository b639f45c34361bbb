import Foundation
import ReportKit

/// The drop page's form as sent (multipart/form-data), with or without JavaScript: the file (or,
/// after a check without JavaScript, the history the check page carried), what every job
/// shares, the per-job answers, what to make and for which record.
package struct DropForm: Sendable {
    let fields: [String: String]
    /// The file chosen, else the history the check page kept for a browser without JavaScript.
    let file: [UInt8]?
    let answers: DropAnswers

    init(_ parts: FormParts) {
        fields = parts.fields
        let chosen = parts.files["history"].flatMap { $0.isEmpty ? nil : $0 }
        let kept = parts.fields["historyText"].flatMap { $0.isEmpty ? nil : Array($0.utf8) }
        file = chosen ?? kept
        answers = DropAnswers(fields: parts.fields, language: Self.language(parts.fields["lang"]))
    }

    /// The form in a multipart body; nil when it is not one.
    static func decode(_ body: [UInt8], contentType: String?) -> DropForm? {
        FormParts.parse(body, contentType: contentType).map(DropForm.init)
    }

    /// The most parts a form may have: the page's own fields, and for each job of a large season
    /// the inputs of its form (its facts and its products'). The parser's time grows with the
    /// parts, linearly (the debug server: 0.37 s for 5,000, 1.43 s for 20,000), so they are
    /// counted first, in one pass over the bytes, and the form is read in a render slot.
    package static let maximumParts = 20_000

    /// True when `body` has more parts than the form can.
    static func hasTooManyParts(_ body: [UInt8], contentType: String?) -> Bool {
        FormParts.count(body, contentType: contentType, upTo: maximumParts) > maximumParts
    }

    var language: String { Self.language(fields["lang"]) }

    /// The page's language from its `lang` field: English, German, else Polish.
    static func language(_ field: String?) -> String {
        field == "en" || field == "de" ? field! : "pl"
    }

    /// The record a page checks for when the form names none: its language's country's, else the EU's.
    static func defaultJurisdiction(_ language: String) -> RecordJurisdiction {
        switch language {
        case "pl": .pl
        case "de": .de
        default: .eu
        }
    }
    var token: String? { fields["token"] }
    func text(_ name: String) -> String? { fields[name] }

    var jurisdiction: RecordJurisdiction {
        fields["recordCheck"].flatMap(RecordJurisdiction.init(rawValue:)) ?? Self.defaultJurisdiction(language)
    }

    /// The outputs ticked; none ticked means all of them (a form sent without its boxes).
    var outputs: Set<SeasonRequest.Output> {
        let chosen = Set(SeasonRequest.Output.allCases.filter { fields[$0.rawValue] != nil })
        return chosen.isEmpty ? SeasonRequest.Output.everyday : chosen
    }

    /// What every job shares; blank fields fill nothing.
    var shared: RecordFillIn {
        func value(_ name: String) -> String? {
            let trimmed = fields[name]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            return trimmed.isEmpty ? nil : trimmed
        }
        return RecordFillIn(holding: value("holding"), operatorName: value("operatorName"), operatorLicence: value("operatorLicence"),
                            parcelsByField: Self.parcels(fields["parcels"] ?? ""))
    }

    /// "North 7: 0212/3, 0212/4" a line: a field's cadastral parcel numbers.
    static func parcels(_ text: String) -> [String: [Parcel]] {
        var parcels: [String: [Parcel]] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            guard let colon = line.lastIndex(of: ":") else { continue }
            let field = line[..<colon].trimmingCharacters(in: .whitespaces)
            let numbers = line[line.index(after: colon)...].split(whereSeparator: { $0 == "," || $0 == ";" })
                .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if !field.isEmpty, !numbers.isEmpty { parcels[field] = [Parcel(label: nil, cadastral: numbers)] }
        }
        return parcels
    }

    /// The season the form asks for, filled with what every job shares and with `answers`
    /// (by entry; see ``DropCheck``).
    func seasonRequest(bytes: [UInt8], answers: [Int: JobAnswers] = [:]) -> SeasonRequest {
        var request = SeasonRequest(bytes: bytes, isJSONLines: false)
        request.outputs = outputs
        request.language = ReportLanguage(rawValue: language) ?? .polish
        request.check = jurisdiction
        var fill = shared
        fill.answers = answers
        request.fillIn = fill.isEmpty ? nil : fill
        return request
    }
}
