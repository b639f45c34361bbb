/// What a jurisdiction's spray record asks for that a job lacks (../shared/record-keeping.md in the
/// brief; docs/record-format.md): each a warning with the JSON path of the missing field and the
/// rule that asks for it. The app's own history entries lack most of these: they still give record
/// lines, and this says what is missing.
public enum RecordJurisdiction: String, Sendable, CaseIterable {
    /// Regulation (EC) 1107/2009 Art. 67 and Implementing Regulation (EU) 2023/564, Annex.
    case eu
    /// The EU's rules and Poland's: the reason for the treatment (ustawa o środkach ochrony roślin,
    /// art. 35 ust. 3 pkt 2) and the register's parcel and crop-area columns.
    case pl
    /// The US Worker Protection Standard's application information, 40 CFR 170.309(h) (federal;
    /// states add their own rules). 7 CFR Part 110 was rescinded effective 11 July 2025.
    case us
    /// The EU's rules and Germany's: the name of the person who applied the product
    /// (Pflanzenschutzgesetz § 11 Abs. 2), the record made within 30 days and kept electronically
    /// from 1 January 2027, the location as a FLIK where it is one, and the BVL's authorisation
    /// numbers (../shared/record-keeping-de.md).
    case de

    /// The warnings for `job`, in the order of its fields.
    public func missing(in job: SprayJob) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let root = job.sourcePaths.job
        // `item` names what is missing (a key of the messages), `rule` the rule that asks for it.
        func need(_ present: Bool, _ path: JSONPath, _ item: MessageText, _ rule: MessageText, code: String) {
            if !present {
                found.append(Diagnostic(.warning, at: path, MessageText("record.needs", texts: ["record": recordName, "what": item, "rule": rule]),
                                        code: "record.\(rawValue).\(code)"))
            }
        }
        func item(_ key: String) -> MessageText { MessageText("record.item." + key) }
        let annex = MessageText("rule.annex")
        switch self {
        case .de:
            found = GermanRecordCheck(job: job).missing()
        case .eu, .pl:
            need(job.date != nil, root.appending("date"), item("date"), annex, code: "date")
            need(!job.field.parcels.isEmpty, root.appending("field").appending("parcels"), item("parcels"), annex, code: "parcels")
            need(job.field.crop != nil, root.appending("field").appending("crop"), item("crop"), MessageText("rule.article-67"), code: "crop")
            need(job.field.cropCode != nil, root.appending("field").appending("cropCode"), Self.cropCodeItem(of: job), annex, code: "crop-code")
            for (index, product) in job.products.enumerated() {
                let path = job.sourcePaths.products.appending(index: index)
                need(product.name != nil, path.appending("name"), item("product-name"), annex, code: "product-name")
                // Adjuvants, fertilisers and biostimulants are not plant protection products: no authorisation.
                need(product.authorisation != nil || product.kind != .plantProtection, path.appending("authorisation"),
                     item("authorisation"), annex, code: "authorisation")
            }
            if self == .pl {
                need(job.record.target != nil, root.appending("target"), item("target"), MessageText("rule.pl-target"), code: "target")
                need(job.field.parcels.contains { !$0.cadastral.isEmpty }, root.appending("field").appending("parcels"),
                     item("cadastral"), MessageText("rule.pl-register-column-3"), code: "cadastral")
                need(job.field.cropArea != nil, root.appending("field").appending("cropArea"),
                     item("crop-area"), MessageText("rule.pl-register-column-6"), code: "crop-area")
            }
        case .us:
            // The Worker Protection Standard's application information (40 CFR 170.309(h)), kept
            // two years (170.311); 7 CFR Part 110 was rescinded effective 11 July 2025.
            let wps = MessageText("rule.wps")
            need(job.date?.hasTime == true, root.appending("date"), item("start-time"), wps, code: "start-time")
            need(job.endDate?.hasTime == true, root.appending("endDate"), item("end-time"), wps, code: "end-time")
            need(job.field.name != nil || !job.field.parcels.isEmpty, root.appending("field").appending("name"), item("location"), wps, code: "location")
            need(job.field.crop != nil, root.appending("field").appending("crop"), item("crop-or-site"), wps, code: "crop")
            for (index, product) in job.products.enumerated() where product.kind == .plantProtection {
                let path = job.sourcePaths.products.appending(index: index)
                need(product.name != nil, path.appending("name"), item("product-name"), wps, code: "product-name")
                need(product.authorisation != nil, path.appending("authorisation"), item("epa-registration"), wps, code: "epa-registration")
                need(!product.activeIngredients.isEmpty, path.appending("activeIngredients"), item("active-ingredients"), wps, code: "active-ingredients")
                need(product.restrictedEntryHours != nil, path.appending("restrictedEntryHours"), item("restricted-entry"), wps, code: "restricted-entry")
            }
        }
        return found
    }

    /// What the record recommends that the job lacks, as hints: the German record's target
    /// (Schadorganismus), not compulsory since the 2012 PflSchG but recommended by the authorities
    /// (record-keeping-de.md, section 2).
    package func recommended(in job: SprayJob) -> [Diagnostic] {
        guard self == .de, job.record.target == nil, job.record.targetCodes.isEmpty else { return [] }
        return [Diagnostic(.warning, at: job.sourcePaths.job.appending("target"), MessageText("record.de.target-recommended"), code: "record.de.target")]
    }

    /// "the crop's EPPO code", with the code of a crop the EPPO list knows by its name.
    static func cropCodeItem(of job: SprayJob) -> MessageText {
        guard let crop = job.field.crop, let known = EPPONames.entry(named: crop, in: EPPONames.crops) else {
            return MessageText("record.item.crop-code")
        }
        return MessageText("record.item.crop-code-known", ["crop": crop, "code": known.code])
    }

    /// How the warnings name the record: "the EU record".
    var recordName: MessageText { MessageText("record.name.\(rawValue)") }
}
