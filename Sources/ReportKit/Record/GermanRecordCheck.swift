/// What the German record (``RecordJurisdiction/de``) asks of a job that it lacks: the EU Annex's
/// items, named as German guidance names them (Anwendungsdatum, Schlag/FLIK, Kultur (EPPO),
/// Pflanzenschutzmittel, Zulassungsnummer), the applicator's name, a FLIK and a BVL number in
/// their forms, and the 30 days within which the record is made.
struct GermanRecordCheck {
    let job: SprayJob
    private let law = "PflSchG § 11"
    private let annex = "Reg. 2023/564, Annex"

    func missing() -> [Diagnostic] {
        var found: [Diagnostic] = []
        let root = job.sourcePaths.job
        func warn(_ path: JSONPath, _ message: String, code: String) {
            found.append(Diagnostic(.warning, at: path, "the German record " + message, code: "record.de.\(code)"))
        }
        func need(_ present: Bool, _ path: JSONPath, _ what: String, german: String, _ rule: String, code: String) {
            if !present { warn(path, "needs \(what) (\(german); \(rule))", code: code) }
        }
        need(job.date != nil, root.appending("date"), "the date of the application", german: "Anwendungsdatum", annex, code: "date")
        need(job.record.operatorName != nil, root.appending("operator"), "the name of the person who applied the product",
             german: "Name des Anwenders", "\(law) Abs. 2", code: "applicator")
        let parcels = root.appending("field").appending("parcels")
        need(!job.field.parcels.isEmpty, parcels, "the field treated: its FLIK, the IACS parcel, or a WGS 84 point where there is none",
             german: "Schlag/FLIK", annex, code: "parcels")
        for (index, parcel) in job.field.parcels.enumerated() {
            guard let label = parcel.label, GermanRecordRules.looksLikeFLIK(label), let problem = GermanRecordRules.flikProblem(label) else { continue }
            warn(parcels.appending(index: index).appending("label"), "reads \"\(label)\" as a FLIK, which it is not: it \(problem)", code: "flik")
        }
        need(job.field.crop != nil, root.appending("field").appending("crop"), "the crop", german: "Kultur", annex, code: "crop")
        let knownCode = job.field.crop.flatMap { EPPONames.entry(named: $0, in: EPPONames.crops) }
        need(job.field.cropCode != nil, root.appending("field").appending("cropCode"),
             "the crop's EPPO code" + (knownCode.map { " (for \"\(job.field.crop ?? "")\": \($0.code))" } ?? ""),
             german: "Kultur (EPPO-Code)", annex, code: "crop-code")
        for (index, product) in job.products.enumerated() {
            let path = job.sourcePaths.products.appending(index: index)
            need(product.name != nil, path.appending("name"), "the product's name", german: "Pflanzenschutzmittel", annex, code: "product-name")
            guard product.kind == .plantProtection else { continue }
            need(product.authorisation != nil, path.appending("authorisation"), "the product's authorisation number",
                 german: "Zulassungsnummer", annex, code: "authorisation")
            if let number = product.authorisation, !GermanRecordRules.isBVLNumber(number) {
                warn(path.appending("authorisation"), "expects a BVL authorisation number such as 024485-00 (or 4395-00, or a parallel-trade GP number); \"\(number)\" is none of these: check the pack", code: "authorisation-form")
            }
        }
        if let recorded = job.record.recordedAt, let used = (job.endDate ?? job.date) {
            let days = (recorded.instant.timeIntervalSince(used.instant) / 86_400).rounded(.down)
            if days > Double(GermanRecordRules.recordingDays) {
                warn(root.appending("recordedAt"), "was made \(Int(days)) days after the application; the law asks for it within \(GermanRecordRules.recordingDays) days (\(law))", code: "recorded-late")
            }
        }
        return found
    }
}
