/// Whether the record a report carries (`record.json`, `record-0003.json` in a combined document)
/// is the record of the job it carries beside it (`job.json`): the job is planned again and its
/// record lines compared, field by field, with the attached ones. A value the job itself gives
/// must be the attached one; a value the job leaves out may have been filled in when the report
/// was made (from a product catalogue or the configuration), so the attached record may hold
/// more, never other. A record that contradicts its job, edited or attached to the wrong report,
/// is no evidence of the application.
package enum AttachedRecordCheck {
    /// The contradictions between each job attachment and its record, in words ("record.json line
    /// 2, dosePerHa: attached {…}, the job gives {…}"); empty when they agree or a report carries
    /// no record to check. `timeZone` places the job's UTC times as when it was read.
    /// `keywords` are the document's, where a report names its record's whole SHA-256 (the start
    /// of which its pages print): the attached record must be the one the pages name.
    package static func contradictions(in attachments: [PDFAttachment], keywords: String? = nil, timeZone: TimeZoneRules? = nil) -> [String] {
        var found: [String] = []
        if let keywords, let range = keywords.firstRange(of: "record.json SHA-256 "),
           let record = attachments.first(where: { $0.relationship == .data && $0.name == "record.json" }) {
            let named = String(keywords[range.upperBound...].prefix { $0.isHexDigit })
            let actual = RecordEvidence(of: record.bytes).sha256
            if named.lowercased() != actual.lowercased() {
                found.append("record.json has the SHA-256 \(actual), the pages and metadata name \(named)")
            }
        }
        for source in attachments where source.relationship == .source && source.name.hasPrefix("job") {
            let suffix = source.name.dropFirst("job".count)
            guard let record = attachments.first(where: { $0.relationship == .data && $0.name == "record" + suffix }) else { continue }
            found += contradictions(job: source.bytes, record: record, timeZone: timeZone)
            if found.count >= maximumListed { break }
        }
        return Array(found.prefix(maximumListed))
    }

    /// The most contradictions listed: enough to see what was changed.
    static let maximumListed = 20

    private static func contradictions(job: [UInt8], record: PDFAttachment, timeZone: TimeZoneRules?) -> [String] {
        // The zone the report was made in, which its record names, places the job's UTC times.
        let zone = timeZone ?? lines(of: record.bytes)?.lazy.compactMap { line -> TimeZoneRules? in
            guard case .object(let fields) = line, case .string(let name)? = fields.members.first(where: { $0.key == "timeZone" })?.value else { return nil }
            return TimeZoneRules.named(name)
        }.first
        guard let decoded = try? JobDecoder.decodeJob(job, timeZone: zone),
              let plan = try? SprayCalculator.plan(for: decoded.job, inputWarnings: decoded.warnings) else {
            return ["\(record.name): its job cannot be planned again, so the record cannot be checked against it"]
        }
        let expected = lines(of: ReportGenerator.recordDocument(of: plan))
        guard let attached = lines(of: record.bytes) else { return ["\(record.name): not a record (no \"lines\" array)"] }
        guard let expected else { return [] }
        guard attached.count == expected.count else {
            return ["\(record.name): \(attached.count) lines attached, the job gives \(expected.count) (one per product)"]
        }
        var found: [String] = []
        for (index, (given, computed)) in zip(attached, expected).enumerated() {
            guard case .object(let given) = given, case .object(let computed) = computed else { continue }
            for member in computed.members where !isDefault(member) {
                let attachedValue = given.members.first { $0.key == member.key }?.value ?? .null
                // A record of an earlier version lacks the keys a later one added inside its
                // values (a parcel's `flik` and `point`, record/3): absent and null are the same.
                if withoutNulls(attachedValue) != withoutNulls(member.value) {
                    found.append("\(record.name) line \(index + 1), \(member.key): attached \(text(attachedValue)), the job gives \(text(member.value))")
                }
            }
        }
        return found
    }

    /// A value the job does not give but a default does: left out, empty, or a product taken for a
    /// plant protection product because it names no kind (a catalogue may have said otherwise).
    private static func isDefault(_ member: JSONObject.Member) -> Bool {
        switch member.value {
        case .null: true
        case .array(let items): items.isEmpty
        case .string(let text): member.key == "productKind" && text == ProductKind.plantProtection.rawValue
        default: false
        }
    }

    /// `value` with the null members of its objects left out, at every depth.
    private static func withoutNulls(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            .object(JSONObject(members: object.members.filter { $0.value != .null }.map { JSONObject.Member(key: $0.key, value: withoutNulls($0.value)) }))
        case .array(let items): .array(items.map(withoutNulls))
        default: value
        }
    }

    /// The `lines` of a record document, or nil when it is not one.
    private static func lines(of bytes: [UInt8]) -> [JSONValue]? {
        guard let document = try? JSONParser.parse(bytes), case .object(let object) = document,
              case .array(let lines)? = object.members.first(where: { $0.key == "lines" })?.value else { return nil }
        return lines
    }

    private static func text(_ value: JSONValue) -> String {
        let written = String(decoding: JSONWriter.bytes(value), as: UTF8.self).filter { !$0.isNewline }
        return written.count > 80 ? String(written.prefix(79)) + "…" : written
    }
}
