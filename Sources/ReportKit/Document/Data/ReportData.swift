/// Builds the tree of values a template binds to (docs/template-format.md lists every name).
package enum ReportData {
    /// The author credited when neither the input nor the command line names one.
    package static let defaultAuthor = "Wojciech Olszak"

    /// The values of one job's report; `record.qr`, `record.qrTable` and `record.qrShort` (the record as a QR code
    /// holds it) only `withQRCode`.
    package static func job(_ plan: SprayPlan, locale: ReportLocale, author: String? = nil, withQRCode: Bool = true,
                            evidence: RecordEvidence? = nil) -> TemplateValue {
        let display = PlanDisplay(plan: plan, language: locale.language)
        var root = common(locale: locale, author: author ?? plan.job.author)
        root["evidence"] = evidence.map(Self.evidence) ?? .absent
        root["usUnits"] = .bool(plan.job.usesUSUnits)
        for (key, value) in jobValues(plan, display: display, locale: locale, withQRCode: withQRCode, evidence: evidence) { root[key] = value }
        root["notices"] = .list(NoticeText.texts(plan, locale: locale).map(TemplateValue.text))
        root["jobs"] = .list([.record(summary(plan, display: display, locale: locale, number: 1))])
        return .record(root)
    }


    static func total(_ value: Double, unit: String, locale: ReportLocale) -> String {
        PageSums.total(value, unit: unit, locale: locale)
    }

    /// The record's SHA-256, whole and short, for the page and the metadata.
    static func evidence(_ evidence: RecordEvidence) -> TemplateValue {
        .record(["sha256": .text(evidence.sha256), "short": .text(evidence.short)])
    }

    /// What every template has: the locale's strings and the author credit.
    static func common(locale: ReportLocale, author: String?) -> [String: TemplateValue] {
        [
            "t": locale.stringsValue,
            "author": .text(author ?? defaultAuthor),
            "language": .text(locale.language.rawValue),
            "polish": .bool(locale.language == .polish),
        ]
    }

    private static func jobValues(_ plan: SprayPlan, display: PlanDisplay, locale: ReportLocale, withQRCode: Bool,
                                  evidence: RecordEvidence?) -> [String: TemplateValue] {
        let job = plan.job
        let t = locale
        let products = job.products.enumerated().map { index, product -> TemplateValue in
            .record([
                "index": .integer(index),
                "number": .integer(index + 1),
                "name": .text(product.name ?? "\(t["product.unnamed"]) \(index + 1)"),
                "rate": .text(t.given(product.rate.value, unit: product.rate.unit.rawValue)),
                // A product that needs no authorisation says what it is in that column, so an
                // empty cell never reads as an unauthorised plant protection product.
                // A registration number breaks only at its spaces ("EPA Reg. No. | 7969-289"): a
                // table keeps a word with a digit whole.
                "authorisation": .optional(product.authorisation
                    ?? (product.kind == .plantProtection ? nil : t["productKind.\(product.kind.rawValue)"])),
                "form": .text(product.form.rawValue),
                // One unit and step for the product everywhere: the job's total is its column's.
                "total": .quantity(display.totals.products[index]),
                "columnTotal": .quantity(display.totals.products[index]),
                "unit": .text(t.symbol(display.totals.products[index].unit)),
            ])
        }
        let loads = display.loads.map { load -> TemplateValue in
            .record([
                "number": .integer(load.index),
                "kind": .text(t.kind(load.kind)),
                "isPartial": .bool(load.kind == .partial),
                "area": .quantity(load.area),
                "volume": .quantity(load.volume),
                "water": .quantity(load.water),
                "tankContents": .quantity(load.tankContents),
                "products": .list(load.products.map(TemplateValue.quantity)),
                "fill": .integer(Int((load.tankContents.value / max(display.tankCapacity.value, 1e-9) * 100).rounded())),
            ])
        }
        let record = job.record
        let productNames = job.products.enumerated().map { index, product in product.name ?? "\(t["product.unnamed"]) \(index + 1)" }
        // Made once for the two keys that show them, and only when a template names either.
        let exactLines = DeferredValue { .list(LoadTableData.exactLines(display, productNames: productNames, locale: t)) }
        return [
            "job": .record([
                "id": .optional(job.id),
                "title": .optional(job.title),
                "date": job.date.map(TemplateValue.date) ?? .absent,
                // The date with the application's times: "14 April 2026, 07:30–09:10".
                "when": .optional(applicationPeriod(job, locale: t)),
            ]),
            "field": .record([
                "name": .optional(job.field.name),
                "crop": .optional(job.field.crop),
                "area": .quantity(display.fieldArea),
            ]),
            "sprayVolume": .text(t.given(job.sprayRate.value, unit: job.sprayRate.unit.rawValue)),
            "tank": .record([
                "capacity": .quantity(display.tankCapacity),
                "loading": .text(t.loading(of: plan)),
            ]),
            "waterRule": .record([
                "name": .text(t.waterRule(job.waterRule)),
                "explanation": .text(t["waterRule.\(job.waterRule.rawValue).explanation"]),
                // The order the tank card lists a load in, the order it is made up: the water
                // first when the products go on top of it (add to carrier), else the products
                // first, then water up to the load's volume (fill to volume).
                "waterFirst": .bool(job.waterRule == .addToCarrier),
            ]),
            "products": .list(products),
            // The products in the order they go into the tank, each with its step.
            "mixingOrder": .deferred(DeferredValue {
                .list(MixingOrder.indices(of: job.products).enumerated().map { step, index in
                    guard case .record(var fields) = products[index] else { return products[index] }
                    fields["step"] = .integer(step + 1)
                    return .record(fields)
                })
            }),
            "totals": .record([
                "sprayLiquid": .quantity(display.totals.sprayLiquid),
                "water": .quantity(display.totals.water),
                "tankContents": .quantity(display.totals.tankContents),
                "area": .quantity(display.totals.area),
                // Under add-to-carrier the liquid products go on top of the spray volume: the
                // tanks then hold more than the spray liquid, and the summary says how much.
                "productsOnTop": .bool(display.totals.tankContents.steps != display.totals.sprayLiquid.steps),
            ]),
            "loads": .list(loads),
            "loadGroups": .deferred(DeferredValue { .list(LoadTableData.groups(display, locale: t)) }),
            "loadGroupsExact": .deferred(DeferredValue { .list(LoadTableData.groupsWithExactRow(display, locale: t)) }),
            "loadRows": .deferred(DeferredValue { .list(LoadTableData.rows(display, productNames: productNames, locale: t)) }),
            "exactLoads": .deferred(exactLines),
            // The same as one paragraph after its introduction, where lines are dear.
            "exactLoadsText": .deferred(DeferredValue {
                guard case .list(let lines) = exactLines.value else { return .absent }
                return .text(([t["loadsRounded"]] + lines.compactMap {
                    if case .text(let line) = $0 { return line }
                    return nil
                }).joined(separator: " "))
            }),
            // Identical loads are rounded alike; when no single load can take the remainder the
            // loads may not add up to the totals to the last digit, and the report says so.
            "loadsRounded": .bool(!display.loadsAddUp),
            "loadCount": .record([
                "total": .integer(plan.loads.count),
                "full": .integer(plan.fullLoadCount),
                "partial": .integer(plan.partialLoadCount),
                "summary": .text(t.loadSummary(plan)),
                // "2 full + 1 partial", or how the tank is loaded when all loads are alike.
                "detail": .text(plan.fullLoadCount > 0 && plan.partialLoadCount > 0
                    ? ReportLocale.fill(t["loadDetail.mixed"], t.loadCounts(plan))
                    : t.loading(of: plan)),
            ]),
            "areaPerFullLoad": .quantity(display.areaPerFullLoad),
            "record": .deferred(DeferredValue {
                .record(withQRCode
                    ? recordFields(job, locale: t).merging(qrFields(plan, locale: t, evidence: evidence)) { first, _ in first }
                    : recordFields(job, locale: t))
            }),
            "hasRecord": .bool(!record.isEmpty || job.products.contains { $0.authorisation != nil }),
            "warnings": .list(plan.warnings.map { .text($0.description) }),
        ]
    }

    /// The record card's values: each absent when the job lacks it, so the card shows what there is.
    fileprivate static func recordFields(_ job: SprayJob, locale t: ReportLocale) -> [String: TemplateValue] {
        let record = job.record
        let codes = record.targetCodes.joined(separator: ", ")
        let target: String? = switch (record.target, codes.isEmpty) {
        case (let words?, false): "\(words) (\(codes))"
        case (let words?, true): words
        case (nil, false): codes
        case (nil, true): nil
        }
        // Each parcel by what names it: its label, its FLIK, its point, its cadastral numbers.
        let parcels = job.field.parcels.map { parcel in
            let numbers = parcel.cadastral.joined(separator: ", ")
            let point = parcel.latitude.flatMap { latitude in parcel.longitude.map { RegisterLine.point(latitude: latitude, longitude: $0, locale: t) } }
            let name = [parcel.label, parcel.flik, point].compactMap { $0 }.joined(separator: " · ").nonEmpty
            return [name, numbers.isEmpty ? nil : (name == nil ? numbers : "(\(numbers))")].compactMap { $0 }.joined(separator: " ")
        }.joined(separator: "; ")
        let fields: [String: TemplateValue] = [
            "operator": .optional(record.operatorName),
            "operatorLicence": .optional(record.operatorLicence),
            "holding": .optional(record.holding),
            "equipment": .optional(record.equipment),
            "target": .optional(target),
            "growthStage": .optional(record.growthStage ?? record.bbch.map { "BBCH \($0.text)" }),
            "weather": .optional(record.weather),
            "notes": .optional(record.notes),
            "parcels": .optional(parcels.isEmpty ? nil : parcels),
            "cropCode": .optional(job.field.cropCode),
            "cropArea": .optional(job.field.cropArea.map { t.given($0.value, unit: $0.unit.rawValue) }),
            "time": .optional(applicationTime(job, locale: t)),
            "earliestHarvest": .optional(job.earliestHarvest.map { harvest in
                ReportLocale.fill(t["earliestHarvestValue"], ["day": t.text(harvest.day, includeTime: false),
                                                             "days": t.integer(harvest.days), "name": harvest.product ?? t["product"]])
            }),
            "authorisations": .bool(job.products.contains { $0.authorisation != nil }),
        ]
        let any = fields.contains { key, value in
            if key == "authorisations" { return false }
            if case .absent = value { return false }
            return true
        }
        return fields.merging(["any": .bool(any)]) { first, _ in first }
    }

    /// The record of the job as its QR code holds it (``RecordQR``, `reportkit-qr/1`): whole
    /// (`qr`), without the free text (`qrLean`), and only what the legal record needs
    /// (`qrLegal`), that with its parcels counted instead of listed (`qrParcels`), and with its
    /// products by their authorisation numbers too (`qrNumbers`); with each smaller form, what it
    /// leaves out in the locale's words (`qrLeanNote`, `qrLegalNote`, `qrParcelsNote`,
    /// `qrNumbersNote`), for the page to say.
    fileprivate static func qrFields(_ plan: SprayPlan, locale t: ReportLocale, evidence: RecordEvidence?) -> [String: TemplateValue] {
        func note(_ extent: RecordQR.Extent) -> TemplateValue {
            let present = leftOutPresent(extent, job: plan.job)
            guard !present.isEmpty else { return .absent }
            let names = present.map { t[$0].lowercased() }.joined(separator: ", ")
            return .text(ReportLocale.fill(t["qr.leavesOut"], ["fields": names]))
        }
        let parcels = !plan.job.field.parcels.isEmpty
        let numbers = plan.job.products.contains { $0.authorisation != nil }
        let count = t.integer(plan.job.field.parcels.count)
        return [
            "qr": .text(RecordQR.text(of: plan, extent: .whole, evidence: evidence)),
            "qrLean": .text(RecordQR.text(of: plan, extent: .withoutFreeText, evidence: evidence)),
            "qrLegal": .text(RecordQR.text(of: plan, extent: .legalMinimum, evidence: evidence)),
            "qrLeanNote": note(.withoutFreeText),
            // The smallest forms say what they keep rather than listing all they leave out.
            "qrLegalNote": .text(t["qr.legalOnly"]),
            // Only a field of parcels has a list to count, only an authorised product a number.
            "qrParcels": parcels ? .text(RecordQR.text(of: plan, extent: .parcelsCounted, evidence: evidence)) : .absent,
            "qrParcelsNote": .text(ReportLocale.fill(t["qr.parcelsCounted"], ["count": count])),
            "qrNumbers": numbers ? .text(RecordQR.text(of: plan, extent: .productsByNumber, evidence: evidence)) : .absent,
            "qrNumbersNote": .text(ReportLocale.fill(t[parcels ? "qr.byNumbersParcelsCounted" : "qr.byNumbers"], ["count": count])),
        ]
    }

    /// The fields `extent` leaves out that the job has: only those are worth saying.
    private static func leftOutPresent(_ extent: RecordQR.Extent, job: SprayJob) -> [String] {
        extent.leftOut.filter { key in
            switch key {
            case "notes": job.record.notes != nil
            case "weather": job.record.weather != nil
            case "equipment": job.record.equipment != nil
            case "target": job.record.target != nil && !job.record.targetCodes.isEmpty
            case "cropArea": job.field.cropArea != nil
            default: true
            }
        }
    }

    /// "14 kwietnia 2026, 07:30–09:10": the start in full and the end's clock when it ended the
    /// same day, else both in full; the start alone without an end.
    static func applicationPeriod(_ job: SprayJob, locale t: ReportLocale, withOffsets: Bool = false) -> String? {
        guard let start = job.date else { return nil }
        guard let end = job.endDateAsShown, start.hasTime, end.hasTime else {
            return t.text(start) + (withOffsets && start.hasTime ? offsetMark(start) : "")
        }
        let from = CivilTime(start.instant, offsetSeconds: start.utcOffsetSeconds)
        let to = CivilTime(end.instant, offsetSeconds: end.utcOffsetSeconds)
        if withOffsets {
            // Each time on its own clock, marked: "01:30 (UTC−05:00) – 01:50 (UTC−06:00)".
            let endText = from.isoDate == to.isoDate ? "\(CivilTime.digits(to.hour, 2)):\(CivilTime.digits(to.minute, 2))" : t.text(end)
            if start.utcOffsetSeconds == end.utcOffsetSeconds, from.isoDate == to.isoDate, !start.isUTC {
                return "\(t.text(start))–\(endText)" + offsetMark(start)
            }
            return t.text(start) + offsetMark(start) + " – " + endText + offsetMark(end)
        }
        guard from.isoDate == to.isoDate else { return "\(t.text(start)) – \(t.text(end))" }
        // The UTC mark, when there is one, follows the whole range.
        let startText = start.isUTC ? String(t.text(start).dropLast(ReportLocale.utcMark.count)) : t.text(start)
        return "\(startText)–\(CivilTime.digits(to.hour, 2)):\(CivilTime.digits(to.minute, 2))" + (start.isUTC ? ReportLocale.utcMark : "")
    }

    /// " (UTC+02:00)" after a time written with an offset; nothing after one in UTC, which says so.
    static func offsetMark(_ date: JobDate) -> String {
        guard !date.isUTC else { return "" }
        let minutes = abs(date.utcOffsetSeconds) / 60
        return "\u{A0}(UTC\(date.utcOffsetSeconds < 0 ? "\u{2212}" : "+")\(CivilTime.digits(minutes / 60, 2)):\(CivilTime.digits(minutes % 60, 2)))"
    }

    /// "07:30–09:10" for an application that ended the day it started, else both dates in full.
    private static func applicationTime(_ job: SprayJob, locale t: ReportLocale) -> String? {
        guard let start = job.date, let end = job.endDateAsShown, start.hasTime, end.hasTime else { return nil }
        let from = CivilTime(start.instant, offsetSeconds: start.utcOffsetSeconds)
        let to = CivilTime(end.instant, offsetSeconds: end.utcOffsetSeconds)
        guard from.isoDate == to.isoDate else { return "\(t.text(start)) – \(t.text(end))" }
        func clock(_ c: CivilTime) -> String { "\(CivilTime.digits(c.hour, 2)):\(CivilTime.digits(c.minute, 2))" }
        return "\(clock(from))–\(clock(to))" + (start.isUTC ? ReportLocale.utcMark : "")
    }

    /// One line of a history's table of jobs.
    static func summary(_ plan: SprayPlan, display: PlanDisplay, locale: ReportLocale, number: Int) -> [String: TemplateValue] {
        let job = plan.job
        let names = job.products.enumerated().map { $1.name ?? "\(locale["product.unnamed"]) \($0 + 1)" }
        return [
            "number": .integer(number),
            "id": .optional(job.id),
            "date": job.date.map(TemplateValue.date) ?? .absent,
            "field": .optional(job.field.name),
            "crop": .optional(job.field.crop),
            "area": .quantity(display.fieldArea),
            "products": .text(names.joined(separator: ", ")),
            "sprayLiquid": .quantity(display.totals.sprayLiquid),
            "loads": .integer(plan.loads.count),
            "anchor": .text(HistoryLine.anchor(number: number)),
        ]
    }
}
