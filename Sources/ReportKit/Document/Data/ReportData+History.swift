/// The data of a history's templates: the cover's line per job and totals, and the season
/// register's sections, one per holding, with their record lines and season totals.
extension ReportData {
    /// The values of a history's cover: one summary per job, in order.
    package static func history(_ plans: [SprayPlan], locale: ReportLocale, author: String? = nil) -> TemplateValue {
        history(plans.enumerated().map { HistoryLine(plan: $1, number: $0 + 1, locale: locale) }, locale: locale, author: author)
    }

    /// The values of a history's cover from lines made one job at a time (a batch keeps only these).
    /// `combined` is true when the jobs' pages follow the cover in the same document, so that each
    /// line can link to its job and show its first page.
    ///
    /// A history (the register above all) is by the holding, not by the app: its author is
    /// `author` (`--author`), else the jobs' own when they all name the same one, else no one;
    /// the app's credit reads as the app's (`t.madeWith`).
    package static func history(_ lines: [HistoryLine], locale: ReportLocale, author: String? = nil, defaultAuthor: String? = nil, omitted: [OmittedEntry] = [],
                                evidence: RecordEvidence? = nil) -> TemplateValue {
        var root = common(locale: locale, author: nil)
        root["evidence"] = evidence.map(Self.evidence) ?? .absent
        root["usUnits"] = .bool(!lines.isEmpty && lines.allSatisfy(\.usesUSUnits))
        let authors = Set(lines.map(\.author))
        let agreed = authors.count == 1 ? authors.first ?? nil : nil
        root["author"] = (author ?? agreed ?? defaultAuthor).map(TemplateValue.text) ?? .absent
        // Entries left out as invalid: "entry 3 (id "x"): $.field.area.value: must be …".
        root["omitted"] = .list(omitted.map { entry in
            let id = entry.id.map { " (id \(String(reflecting: $0)))" } ?? ""
            return .text(ReportLocale.fill(locale["register.omittedEntry"], ["entry": locale.integer(entry.entry)]) + id + ": "
                         + entry.reasons.joined(separator: "; "))
        })
        root["jobs"] = .list(lines.map { $0.value(inUSUnits: !lines.isEmpty && lines.allSatisfy(\.usesUSUnits), locale: locale) })
        root["jobCount"] = .integer(lines.count)
        root["combined"] = .bool(lines.contains { $0.firstPage != nil })
        let dates = lines.compactMap(\.date).sorted { $0.instant < $1.instant }
        root["firstDate"] = dates.first.map(TemplateValue.date) ?? .absent
        root["lastDate"] = dates.last.map(TemplateValue.date) ?? .absent
        // The season register: a section per holding (in order of first appearance; jobs that
        // name none last), its rows by date and time (undated last), then by line, numbered
        // through the whole register.
        var lineCount = 0
        // Every time with its offset when the document's times are not all in one offset (a
        // night the clocks go back, a season in two countries): 01:30–01:50 is 80 minutes there.
        let withOffsets = Set(lines.flatMap(\.offsets)).count > 1
        let sections = RegisterOrder.holdings(lines) { $0.registerFacts["holding"] }.map { holding -> TemplateValue in
            let jobs = RegisterOrder.byStart(lines.filter { $0.registerFacts["holding"] == holding }) { $0.date?.instant }
            // Numbered from 1 in each holding's section, as the workbook's sheet of the holding.
            var number = 0
            let rows = jobs.flatMap { line in
                line.register.map { values -> TemplateValue in
                    number += 1
                    var row = values.merging(["number": .integer(number), "job": .integer(line.number)]) { first, _ in first }
                    if withOffsets, let dated = row["dateWithOffsets"] { row["date"] = dated }
                    return .record(row)
                }
            }
            lineCount += rows.count
            // The season's totals: the area treated (each job once), in acres for a section of
            // US jobs, and each product's total in its rows' unit.
            let hectares = jobs.reduce(0) { $0 + $1.treatedHectares }
            let usUnits = jobs.allSatisfy(\.usesUSUnits)
            var byUnit: [String: Double] = [:]
            for job in jobs { byUnit.merge(job.productTotals, uniquingKeysWith: +) }
            let used = byUnit.keys.sorted().map { unit in
                total(byUnit[unit] ?? 0, unit: unit, locale: locale)
            }.joined(separator: " · ")
            // Who applied the section's jobs, each once, with the licence each job names:
            // "Jan Kowalski (Licence no. PL-2024-01234)", the heading of the holding's section.
            var operators: [String] = []
            for job in jobs {
                guard let name = job.registerFacts["operator"] else { continue }
                let licence = job.registerFacts["operatorLicence"].map { " (\(locale["operatorLicence"]) \($0))" } ?? ""
                if !operators.contains(name + licence) { operators.append(name + licence) }
            }
            return .record([
                "holding": holding.map(TemplateValue.text) ?? .absent, "lines": .list(rows),
                "operators": operators.isEmpty ? .absent : .text(operators.joined(separator: ", ")),
                // Every job by the one operator the heading names: no column need repeat it.
                "oneOperator": .bool(Set(jobs.map { $0.registerFacts["operator"] }).count == 1 && jobs.first?.registerFacts["operator"] != nil),
                "area": .text(usUnits ? total(hectares / UnitConversion.hectaresPerAcre, unit: "ac", locale: locale)
                                      : total(hectares, unit: "ha", locale: locale)),
                "used": .text(used), "jobs": .integer(jobs.count), "usUnits": .bool(usUnits),
                // Which table a section is printed in: the US record's for US units, else the
                // Polish register's, the German one's or the EU record's by the document's language.
                "polishTable": .bool(!usUnits && locale.language == .polish), "germanTable": .bool(!usUnits && locale.language == .german),
                "euTable": .bool(!usUnits && locale.language == .english),
                "productTotals": .list(RecordLine.productTotals(jobs.flatMap(\.recordLines)) { "\(locale["product.unnamed"]) \($0)" }.map { sum in
                    .record(["product": .text(sum.product), "total": .text(total(sum.value, unit: sum.unit, locale: locale))])
                }),
            ])
        }
        root["holdingSections"] = .list(sections)
        root["recordLines"] = .list(sections.flatMap { section -> [TemplateValue] in
            if case .record(let fields) = section, case .list(let rows)? = fields["lines"] { return rows }
            return []
        })
        root["recordLineCount"] = .integer(lineCount)
        func distinct(_ key: String) -> TemplateValue {
            var seen: [String] = []
            for line in lines { if let value = line.registerFacts[key], !seen.contains(value) { seen.append(value) } }
            return seen.isEmpty ? .absent : .text(seen.joined(separator: ", "))
        }
        // The history's totals: the area treated and the spray liquid, each job once.
        // In the cover's columns' units: acres and gallons for a history all in US units.
        let allUS = !lines.isEmpty && lines.allSatisfy(\.usesUSUnits)
        let hectares = lines.reduce(0) { $0 + $1.treatedHectares }, litres = lines.reduce(0) { $0 + $1.sprayLitres }
        root["totalArea"] = .text(allUS ? total(hectares / UnitConversion.hectaresPerAcre, unit: "ac", locale: locale) : total(hectares, unit: "ha", locale: locale))
        root["totalSprayLiquid"] = .text(allUS ? total(litres / UnitConversion.litresPerUSGallon, unit: "gal", locale: locale)
                                               : total(litres, unit: "L", locale: locale))
        root["holdings"] = distinct("holding")
        root["operators"] = distinct("operator")
        return .record(root)
    }
}
