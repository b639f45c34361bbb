/// What the German record (``RecordJurisdiction/de``) asks of a job that it lacks: the EU Annex's
/// items, named as German guidance names them (Anwendungsdatum, Schlag/FLIK, Kultur (EPPO),
/// Pflanzenschutzmittel, Zulassungsnummer), the applicator's name, a FLIK and a BVL number in
/// their forms, and the 30 days within which the record is made.
struct GermanRecordCheck {
    let job: SprayJob
    func missing() -> [Diagnostic] {
        var found: [Diagnostic] = []
        let root = job.sourcePaths.job
        func warn(_ path: JSONPath, _ text: MessageText, code: String) {
            found.append(Diagnostic(.warning, at: path, text, code: "record.de.\(code)"))
        }
        // `item` is what is missing, `german` the name German guidance gives it, `rule` the law.
        func need(_ present: Bool, _ path: JSONPath, _ item: String, german: String, _ rule: MessageText, code: String) {
            need(present, path, MessageText("record.item." + item), german: german, rule, code: code)
        }
        func need(_ present: Bool, _ path: JSONPath, _ item: MessageText, german: String, _ rule: MessageText, code: String) {
            if !present { warn(path, MessageText("record.de.needs", ["german": german], texts: ["what": item, "rule": rule]), code: code) }
        }
        let annex = MessageText("rule.annex")
        need(job.date != nil, root.appending("date"), "date", german: "Anwendungsdatum", annex, code: "date")
        need(job.record.operatorName != nil, root.appending("operator"), "applicator",
             german: "Name des Anwenders", MessageText("rule.de-applicator"), code: "applicator")
        let parcels = root.appending("field").appending("parcels")
        need(!job.field.parcels.isEmpty, parcels, "de-parcels", german: "Schlag/FLIK", annex, code: "parcels")
        for (index, parcel) in job.field.parcels.enumerated() {
            // A FLIK given as one is held to its form; a label only when it begins like one.
            if let flik = parcel.flik, let problem = GermanRecordRules.flikProblem(flik) {
                warn(parcels.appending(index: index).appending("flik"), MessageText("record.de.not-flik", ["label": flik], texts: ["why": problem]), code: "flik")
            }
            guard let label = parcel.label, GermanRecordRules.looksLikeFLIK(label), let problem = GermanRecordRules.flikProblem(label) else { continue }
            warn(parcels.appending(index: index).appending("label"), MessageText("record.de.not-flik", ["label": label], texts: ["why": problem]), code: "flik")
        }
        need(job.field.crop != nil, root.appending("field").appending("crop"), "crop", german: "Kultur", annex, code: "crop")
        need(job.field.cropCode != nil, root.appending("field").appending("cropCode"), RecordJurisdiction.cropCodeItem(of: job),
             german: "Kultur (EPPO-Code)", annex, code: "crop-code")
        for (index, product) in job.products.enumerated() {
            let path = job.sourcePaths.products.appending(index: index)
            need(product.name != nil, path.appending("name"), "product-name", german: "Pflanzenschutzmittel", annex, code: "product-name")
            guard product.kind == .plantProtection else { continue }
            need(product.authorisation != nil, path.appending("authorisation"), "authorisation", german: "Zulassungsnummer", annex, code: "authorisation")
            if let number = product.authorisation, !GermanRecordRules.isBVLNumber(number) {
                warn(path.appending("authorisation"), MessageText("record.de.not-bvl-number", ["number": number]), code: "authorisation-form")
            }
        }
        if let recorded = job.record.recordedAt, let used = (job.endDate ?? job.date) {
            let days = (recorded.instant.timeIntervalSince(used.instant) / 86_400).rounded(.down)
            if days > Double(GermanRecordRules.recordingDays) {
                warn(root.appending("recordedAt"), MessageText("record.de.recorded-late", ["days": String(Int(days)), "maximum": String(GermanRecordRules.recordingDays)]),
                     code: "recorded-late")
            }
        }
        return found
    }
}
