import Foundation
import MultipartKit
import ReportKit

/// The drop page's form as sent (multipart/form-data), with or without JavaScript.
struct DropForm: Decodable {
    var history: Data?
    var holding: String?
    var operatorName: String?
    var operatorLicence: String?
    var parcels: String?
    var reports: String?
    var tankCards: String?
    var register: String?
    var csv: String?
    var json: String?
    var lang: String?
    var recordCheck: String?
    var token: String?

    /// The form in a multipart body; nil when it is not one.
    static func decode(_ body: [UInt8], contentType: String?) -> DropForm? {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data"),
              let boundary = Self.boundary(contentType) else { return nil }
        return try? FormDataDecoder().decode(DropForm.self, from: body, boundary: boundary)
    }

    /// The most parts the form may have: its 13 fields, with room for a browser's extras. The
    /// parser's time grows with the parts (100,000 tiny ones took 520 s), and it runs before the
    /// key is read, so the parts are counted first, in one pass over the bytes.
    static let maximumParts = 32

    /// True when `body` has more parts than the form can.
    static func hasTooManyParts(_ body: [UInt8], contentType: String?) -> Bool {
        guard let contentType, let boundary = Self.boundary(contentType), !boundary.isEmpty else { return false }
        let delimiter = Array(("--" + boundary).utf8)
        var parts = 0, index = 0
        while index + delimiter.count <= body.count {
            if body[index] == delimiter[0], body[index..<(index + delimiter.count)].elementsEqual(delimiter) {
                parts += 1
                if parts > maximumParts + 1 { return true }
                index += delimiter.count
            } else {
                index += 1
            }
        }
        return false
    }

    private static func boundary(_ contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" { return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return nil
    }

    /// The file's bytes; nil when no file was chosen. JSON Lines is told by its first line.
    var file: [UInt8]? {
        guard let history, !history.isEmpty else { return nil }
        return Array(history)
    }

    var language: String { lang == "en" ? "en" : "pl" }

    var jurisdiction: RecordJurisdiction {
        recordCheck.flatMap(RecordJurisdiction.init(rawValue:)) ?? (language == "pl" ? .pl : .eu)
    }

    /// The outputs ticked; none ticked means all of them (a form sent without its boxes).
    var outputs: Set<SeasonRequest.Output> {
        let ticked: [(String?, SeasonRequest.Output)] = [(reports, .reports), (tankCards, .tankCards), (register, .register), (csv, .csv), (json, .json)]
        let chosen = Set(ticked.filter { $0.0 != nil }.map(\.1))
        return chosen.isEmpty ? Set(SeasonRequest.Output.allCases) : chosen
    }

    /// What the form fills in; blank fields fill nothing.
    var fillIn: RecordFillIn {
        func value(_ text: String?) -> String? {
            let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            return trimmed.isEmpty ? nil : trimmed
        }
        return RecordFillIn(holding: value(holding), operatorName: value(operatorName), operatorLicence: value(operatorLicence),
                            parcelsByField: Self.parcels(parcels ?? ""))
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

    /// The season the form asks for.
    func seasonRequest(bytes: [UInt8]) -> SeasonRequest {
        var request = SeasonRequest(bytes: bytes, isJSONLines: false)
        request.outputs = outputs
        request.language = language == "pl" ? .polish : .english
        request.check = jurisdiction
        let fill = fillIn
        request.fillIn = fill.isEmpty ? nil : fill
        return request
    }
}
