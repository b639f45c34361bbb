/// The decoder's value rules (``JobRules``) applied to a job made in code, at the paths its v1
/// JSON would have: a library caller's job is refused for what the command-line tool refuses.
/// A decoded job has passed them already, so they add nothing to its diagnostics.
extension JobValidator {
    static func valueDiagnostics(for job: SprayJob) -> [Diagnostic] {
        var found: [Diagnostic] = []
        let root = job.sourcePaths.job
        func check(_ problem: MessageText?, at path: JSONPath) {
            if let problem { found.append(Diagnostic(.error, at: path, problem)) }
        }
        func text(_ value: String?, _ path: JSONPath, maximumLength: Int = JobLimits.maximumTextLength, multiline: Bool = false) {
            if let value { check(JobRules.text(value, maximumLength: maximumLength, multiline: multiline), at: path) }
        }

        for (key, value) in [("id", job.id), ("title", job.title), ("author", job.author)] { text(value, root.appending(key)) }
        let field = root.appending("field")
        text(job.field.name, field.appending("name"))
        text(job.field.crop, field.appending("crop"))
        if let code = job.field.cropCode { check(JobRules.eppoCode(code), at: field.appending("cropCode")) }
        check(JobRules.positive(job.field.area.value), at: job.sourcePaths.area.appending("value"))
        if let cropArea = job.field.cropArea {
            check(JobRules.positive(cropArea.value), at: field.appending("cropArea").appending("value"))
            check(JobRules.cropArea(cropArea, treated: job.field.area), at: field.appending("cropArea"))
        }
        check(JobRules.listLength(job.field.parcels.count), at: field.appending("parcels"))
        check(JobRules.parcelsText(job.field.parcels), at: field.appending("parcels"))
        for (index, parcel) in job.field.parcels.enumerated() {
            let path = field.appending("parcels").appending(index: index)
            check(JobRules.parcel(parcel), at: path)
            text(parcel.label, path.appending("label"))
            text(parcel.flik, path.appending("flik"), maximumLength: JSONReader.maximumFLIKLength)
            if let flik = parcel.flik { check(JobRules.flik(flik), at: path.appending("flik")) }
            check(JobRules.point(latitude: parcel.latitude, longitude: parcel.longitude), at: path.appending("point"))
            if let latitude = parcel.latitude { check(JobRules.coordinate(latitude, isLatitude: true), at: path.appending("point").appending("latitude")) }
            if let longitude = parcel.longitude { check(JobRules.coordinate(longitude, isLatitude: false), at: path.appending("point").appending("longitude")) }
            check(JobRules.listLength(parcel.cadastral.count), at: path.appending("cadastral"))
            for (number, cadastral) in parcel.cadastral.enumerated() { text(cadastral, path.appending("cadastral").appending(index: number)) }
        }
        check(JobRules.positive(job.sprayRate.value), at: job.sourcePaths.sprayRate.appending("value"))
        check(JobRules.positive(job.tank.capacity.value), at: job.sourcePaths.tankCapacity.appending("value"))
        check(JobRules.productCount(job.products.count), at: job.sourcePaths.products)
        for (index, product) in job.products.enumerated() {
            let path = job.sourcePaths.products.appending(index: index)
            if let name = product.name {
                text(name, path.appending("name"))
                check(JobRules.productName(name), at: path.appending("name"))
            } else if job.source == .v1 {
                // Only the app's single product goes unnamed.
                check(MessageText("input.product-name-missing"), at: path.appending("name"))
            }
            text(product.authorisation, path.appending("authorisation"))
            let rate = index < job.sourcePaths.productRates.count ? job.sourcePaths.productRates[index] : path.appending("rate")
            check(JobRules.positive(product.rate.value), at: rate.appending("value"))
        }
        if let end = job.endDate { check(JobRules.endDate(end, start: job.date), at: root.appending("endDate")) }
        let record = job.record
        for (key, value) in [("operator", record.operatorName), ("target", record.target), ("growthStage", record.growthStage),
                             ("weather", record.weather), ("operatorLicence", record.operatorLicence), ("holding", record.holding),
                             ("equipment", record.equipment)] {
            text(value, root.appending(key))
        }
        text(record.notes, root.appending("notes"), maximumLength: JobLimits.maximumNotesLength, multiline: true)
        check(JobRules.listLength(record.targetCodes.count), at: root.appending("targetCodes"))
        for (index, code) in record.targetCodes.enumerated() { check(JobRules.eppoCode(code), at: root.appending("targetCodes").appending(index: index)) }
        if let bbch = record.bbch {
            for code in bbch.from == bbch.to ? [bbch.from] : [bbch.from, bbch.to] { check(JobRules.bbchCode(Double(code)), at: root.appending("bbch")) }
            check(JobRules.bbchRange(from: bbch.from, to: bbch.to), at: root.appending("bbch"))
        }
        return found
    }
}
