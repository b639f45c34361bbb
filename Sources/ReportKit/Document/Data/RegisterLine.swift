/// A record line (``RecordLine``) as the season register prints it: localised numbers, dates and
/// units, the codes beside the names.
enum RegisterLine {
    /// The longest parcel entry ("A: 0212/3, 0212/4", "Działka 12 (20,15 ha)") a register keeps on
    /// one line, in characters.
    static let keptWholeParcelLength = 24

    /// `lines` are the plan's record lines (``RecordLine/lines(of:)``), made once by the caller.
    /// A WGS 84 point as a reader finds it on a map: `52,3906° N 13,0645° E` (south and west for
    /// negative degrees), the decimal separator the locale's.
    static func point(latitude: Double, longitude: Double, locale t: ReportLocale) -> String {
        let degrees = { (value: Double) in t.numbers.format(given: abs(value)) + "°" }
        return "\(degrees(latitude))\u{A0}\(latitude < 0 ? "S" : "N") \(degrees(longitude))\u{A0}\(longitude < 0 ? "W" : "E")"
    }

    static func values(of plan: SprayPlan, lines: [RecordLine], display: PlanDisplay, locale t: ReportLocale) -> [[String: TemplateValue]] {
        let job = plan.job
        let date = ReportData.applicationPeriod(job, locale: t)
        let dateWithOffsets = ReportData.applicationPeriod(job, locale: t, withOffsets: true)
        let crop = [job.field.crop, job.field.cropCode.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        let codes = job.record.targetCodes.joined(separator: ", ")
        let reason = [job.record.target, codes.isEmpty ? nil : "(\(codes))"].compactMap { $0 }.joined(separator: " ")
        let growth = job.record.bbch.map { "BBCH \($0.text)" } ?? job.record.growthStage
        let remarks = [growth, job.record.weather, job.record.operatorName, job.record.notes].compactMap { $0 }.joined(separator: " · ")
        // The German register gives the stage and the applicator columns of their own.
        let otherRemarks = [job.record.bbch == nil ? job.record.growthStage : nil, job.record.weather, job.record.notes]
            .compactMap { $0 }.joined(separator: " · ")
        // Each label with its own cadastral numbers (and area), so the pairs survive on paper; the
        // cadastral column lists the numbers again for the plant inspection's register.
        // The German register's size: the crop's area, else the field's (the area treated).
        let fieldSize = job.field.cropArea ?? job.field.area
        // A parcel is named by its label, its FLIK and its point, whichever it has.
        let parcels = RecordCSV.parcels(job.field.parcels.compactMap { parcel in
            let point = parcel.latitude.flatMap { latitude in parcel.longitude.map { Self.point(latitude: latitude, longitude: $0, locale: t) } }
            let name = [parcel.label, parcel.flik, point].compactMap { $0 }.joined(separator: " · ")
            return name.isEmpty ? nil : Parcel(label: name, cadastral: [], area: parcel.area)
        }) { t.given($0.value, unit: $0.unit.rawValue) }
        let cadastral = RecordCSV.parcels(job.field.parcels.map { Parcel(label: $0.label, cadastral: $0.cadastral) })
        /// Each parcel of a list on a line of its own where the column allows: "A (20,15 ha)" and
        /// "A: 0212/3, 0212/4" are kept whole (a column is at least as wide as its longest word),
        /// so that a parcel's numbers are never read as the next one's; a longer entry wraps.
        func keptWhole(_ list: String) -> String {
            list.split(separator: "; ", omittingEmptySubsequences: false).map { entry in
                entry.count <= Self.keptWholeParcelLength ? String(entry).replacing(" ", with: "\u{A0}") : String(entry)
            }.joined(separator: "; ")
        }
        /// An ISO date in figures, the locale's way: "29.04.2026".
        func shortDate(_ iso: String?) -> String? {
            iso.map { iso in
                let parts = iso.split(separator: "-").map(String.init)
                return parts.count == 3 ? ReportLocale.fill(t["register.shortDate"], ["year": parts[0], "month": parts[1], "day": parts[2]]) : iso
            }
        }
        return lines.enumerated().map { index, line -> [String: TemplateValue] in
            // A product that is not a plant protection product says what it is (the Polish
            // register's remarks: "fertiliser in the mix"), so its empty authorisation reads right.
            let kind = line.productKind == .plantProtection ? nil : t["productKind.\(line.productKind.rawValue)"]
            // The pre-harvest interval and the first day of harvest it allows: what a buyer and an
            // inspector look for beside the application.
            let harvest = line.preHarvestIntervalDays.map { days in
                let interval = ReportLocale.fill(t["register.preHarvest"], ["days": t.integer(days)])
                // The day in figures ("29.04.2026"): a remark a column wide stays on one line or two.
                let day = shortDate(line.earliestHarvest)
                return day.map { "\(interval): \(t["earliestHarvest"].lowercased()) \($0)" } ?? interval
            }
            // The job's own facts on its first line only: its other products are sub-rows of it.
            let first = index == 0
            // The product's total in its row's unit: gal or lb in a US register, and its page totals.
            let rowTotal = line.totalInRowUnits(usUnits: job.usesUSUnits)
            let lineRemarks = [kind, harvest, remarks.isEmpty || !first ? nil : remarks].compactMap { $0 }.joined(separator: " · ")
            let remarksBesideColumns = [kind, harvest, otherRemarks.isEmpty || !first ? nil : otherRemarks].compactMap { $0 }.joined(separator: " · ")
            // A register that gives the job's facts once, beside all its products' rows (a
            // table's spanning cells), has what each product says of itself and what the job's
            // remarks say in columns of their own.
            // Under its own heading ("Pre-harvest interval"): "28 days, harvest from 29.04.2026".
            let interval = line.preHarvestIntervalDays.map { days in
                guard let day = shortDate(line.earliestHarvest) else { return ReportLocale.fill(t["register.preHarvest"], ["days": t.integer(days)]) }
                return ReportLocale.fill(t["register.preHarvestShort"], ["days": t.integer(days), "date": day])
            }
            let productRemarks = [kind, interval].compactMap { $0 }.joined(separator: " · ")
            let dose = t.given(line.dose, unit: line.doseUnit)
            let dosePerHa = t.given(RecordNumber.rounded(line.dosePerHectare, significantDigits: 4), unit: line.dosePerHectareUnit)
            var values: [String: TemplateValue] = [
                "isFirstOfJob": .bool(first),
                "productRemarks": .optional(productRemarks.nonEmpty),
                "jobRemarks": .optional(first ? remarks.nonEmpty : nil),
                // Without the operator, for a section whose heading names its one operator.
                "jobRemarksBesideOperator": .optional(first ? [growth, job.record.weather, job.record.notes].compactMap { $0 }.joined(separator: " · ").nonEmpty : nil),
                "jobRemarksBesideColumns": .optional(first ? otherRemarks.nonEmpty : nil),
                "date": .optional(date),
                "dateWithOffsets": .optional(dateWithOffsets),
                // The items of the US record (40 CFR 170.309(h)) the other registers leave to remarks.
                "location": .optional([job.field.name, job.field.parcels.isEmpty ? nil
                                       : RecordCSV.parcels(job.field.parcels) { t.given($0.value, unit: $0.unit.rawValue) }]
                    .compactMap { $0 }.joined(separator: ": ").nonEmpty),
                // The number alone under its heading: "EPA Reg. No. 7969-186" is "7969-186".
                "epaNumber": .optional(line.authorisation.map { number in
                    let prefix = "EPA Reg. No."
                    let trimmed = number.lowercased().hasPrefix(prefix.lowercased()) ? String(number.dropFirst(prefix.count)) : number
                    return String(trimmed.drop { $0 == " " })
                }),
                "activeIngredients": .optional(line.activeIngredients.joined(separator: "; ").nonEmpty),
                "rei": .optional(line.restrictedEntryHours.map { ReportLocale.fill(t["register.reiHours"], ["hours": t.numbers.format(given: $0)]) }),
                "totalAsGiven": .text(PageSums.total(rowTotal.value, unit: rowTotal.unit, locale: t)),
                "field": .optional(job.field.name),
                "parcels": .optional(parcels.isEmpty ? nil : keptWhole(parcels)),
                "cadastral": .optional(cadastral.isEmpty ? nil : keptWhole(cadastral)),
                "parcelPairs": .optional(job.field.parcels.isEmpty ? nil
                                         : keptWhole(RecordCSV.parcels(job.field.parcels) { t.given($0.value, unit: $0.unit.rawValue) })),
                "crop": .optional(crop.isEmpty ? nil : crop),
                "cropArea": .optional(job.field.cropArea.map { t.given($0.value, unit: $0.unit.rawValue) }),
                "area": .text(t.given(job.field.area.value, unit: job.field.area.unit.rawValue)),
                "product": .text(line.product ?? "\(t["product.unnamed"]) \(line.line)"),
                // Broken only at its spaces: a table keeps a word with a digit whole.
                "authorisation": .optional(line.authorisation),
                "dose": .text(dose),
                "dosePerHa": .text(dosePerHa),
                // One unit a column: the dose per hectare, and the dose as entered beside it where
                // it was entered otherwise ("0,2 l/ha (0,1 %)").
                "doseWithGiven": .text(dose == dosePerHa ? dosePerHa : "\(dosePerHa) (\(dose))"),
                // The product's total as the report prints it: one unit and step everywhere.
                "total": .text(t.text(display.totals.products[index])),
                "reason": .optional(reason.isEmpty ? nil : reason),
                "remarks": .optional(lineRemarks.isEmpty ? nil : lineRemarks),
                // The German register's columns of their own (../shared/record-keeping-de.md, section 2).
                "bbch": .optional(job.record.bbch?.text),
                "operator": .optional(job.record.operatorName),
                "fieldSize": .text(t.given(fieldSize.value, unit: fieldSize.unit.rawValue)),
                "remarksBesideColumns": .optional(remarksBesideColumns.isEmpty ? nil : remarksBesideColumns),
            ]
            // What the line adds to its page's total: the job's area once (a page of only a job's
            // later products totals 0 ha), the product's amount.
            values["sums"] = .amounts([
                PageSums.key("used", unit: job.products[index].form == .liquid ? "L" : "kg"): plan.totals.products[index],
                PageSums.key("area", unit: "ha"): first ? job.field.area.internalValue : 0,
                PageSums.key("acres", unit: "ac"): first ? job.field.area.internalValue / UnitConversion.hectaresPerAcre : 0,
                PageSums.key("usedAsGiven", unit: rowTotal.unit): rowTotal.value,
            ])
            if !first {
                for key in ["date", "dateWithOffsets", "field", "parcels", "cadastral", "parcelPairs", "crop", "cropArea", "area", "reason", "location",
                            "bbch", "operator", "fieldSize"] {
                    values[key] = .absent
                }
            }
            return values
        }
    }
}
