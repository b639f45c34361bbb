/// A record line (``RecordLine``) as the season register prints it: localised numbers, dates and
/// units, the codes beside the names.
enum RegisterLine {
    static func values(of plan: SprayPlan, display: PlanDisplay, locale t: ReportLocale) -> [[String: TemplateValue]] {
        let job = plan.job
        let date: String? = job.date.map { start in
            guard let end = job.endDateOnStartClock, start.hasTime, end.hasTime else { return t.text(start) }
            let from = CivilTime(start.instant, offsetSeconds: start.utcOffsetSeconds)
            let to = CivilTime(end.instant, offsetSeconds: end.utcOffsetSeconds)
            guard from.isoDate == to.isoDate else { return "\(t.text(start)) – \(t.text(end))" }
            return "\(t.text(start))–\(CivilTime.digits(to.hour, 2)):\(CivilTime.digits(to.minute, 2))"
        }
        let crop = [job.field.crop, job.field.cropCode.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        let codes = job.record.targetCodes.joined(separator: ", ")
        let reason = [job.record.target, codes.isEmpty ? nil : "(\(codes))"].compactMap { $0 }.joined(separator: " ")
        let growth = job.record.bbch.map { "BBCH \($0.text)" } ?? job.record.growthStage
        let remarks = [growth, job.record.weather, job.record.operatorName, job.record.notes].compactMap { $0 }.joined(separator: " · ")
        let parcels = job.field.parcels.compactMap(\.label).joined(separator: ", ")
        let cadastral = job.field.parcels.flatMap(\.cadastral).joined(separator: ", ")
        return RecordLine.lines(of: plan).enumerated().map { index, line -> [String: TemplateValue] in
            [
                "date": .optional(date),
                "field": .optional(job.field.name),
                "parcels": .optional(parcels.isEmpty ? nil : parcels),
                "cadastral": .optional(cadastral.isEmpty ? nil : cadastral),
                "crop": .optional(crop.isEmpty ? nil : crop),
                "cropArea": .optional(job.field.cropArea.map { t.given($0.value, unit: $0.unit.rawValue) }),
                "area": .text(t.given(job.field.area.value, unit: job.field.area.unit.rawValue)),
                "product": .text(line.product ?? "\(t["product.unnamed"]) \(line.line)"),
                "authorisation": .optional(line.authorisation),
                "dose": .text(t.given(line.dose, unit: line.doseUnit)),
                "dosePerHa": .text(t.given(RecordLine.rounded(line.dosePerHectare * 1000).rounded() / 1000, unit: line.dosePerHectareUnit)),
                // The product's total as the report prints it: one unit and step everywhere.
                "total": .text(t.text(display.totals.products[index])),
                "reason": .optional(reason.isEmpty ? nil : reason),
                "remarks": .optional(remarks.isEmpty ? nil : remarks),
            ]
        }
    }
}
