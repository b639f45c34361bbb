import Foundation
import ReportKit

/// One job's inputs on the drop page: a field for each fact the chosen record lacks that a person
/// can add here, plus the field's name and the growth stage when the job has none; each shows
/// what was typed (or what the season suggests) and, beside it, why it was refused.
struct JobAnswerInputs {
    let entry: DropCheck.Entry
    let job: SprayJob
    let form: DropForm
    let words: DropFormWords
    let jurisdiction: RecordJurisdiction
    let offersSame: Bool
    let answers: JobAnswers?

    /// The "same as above" box, shown beside the job's summary line so a season's jobs can be
    /// ticked without opening each.
    var sameAsAboveHTML: String {
        guard offersSame else { return "" }
        let name = DropAnswers.sameName(entry.index)
        let ticked = form.answers.sameAsAbove.contains(entry.index)
        return "<label class=\"choice same\"><input type=\"checkbox\" form=\"drop\" name=\"\(name)\" value=\"on\"\(ticked ? " checked" : "")> \(escape(words.sameAsAbove))</label>"
    }

    var html: String {
        var html = "<div class=\"answers\">"
        let (keys, products, unanswerable) = shown
        for key in DropAnswers.Key.allCases where keys.contains(key) {
            let code = key == .cropCode ? suggestedCropCode : nil
            html += input(DropAnswers.name(entry.index, key), label: words.label(key, areaUnit: DropFormWords.unit(job.field.area.unit)),
                          hint: code.map { words.cropCodeSuggestion($0.code, crop: $0.crop) } ?? words.hint(key),
                          list: key == .crop ? "eppo-crops" : key == .target ? "eppo-targets" : code.map { _ in "\(DropAnswers.name(entry.index, key))-list" },
                          value: text(key))
            if let code { html += "<datalist id=\"\(DropAnswers.name(entry.index, key))-list\"><option value=\"\(escape(code.code))\"></option></datalist>" }
        }
        for (index, product) in job.products.enumerated() {
            for key in DropAnswers.ProductKey.allCases where products[index]?.contains(key) == true {
                html += input(DropAnswers.name(entry.index, product: index, key),
                              label: words.label(key, product: product.name ?? answers?.products[index]?.name, number: index + 1, us: jurisdiction == .us),
                              hint: nil, list: nil, value: text(key, product: index))
            }
        }
        if !unanswerable.isEmpty {
            html += "<p class=\"hint\">\(escape(words.onlyInApp))</p><ul>" + unanswerable.map { "<li>\(escape($0))</li>" }.joined() + "</ul>"
        }
        if !entry.otherErrors.isEmpty {
            html += "<ul class=\"field-error\">" + entry.otherErrors.map { "<li>\(escape(words.problem($0)))</li>" }.joined() + "</ul>"
        }
        return html + "</div>"
    }

    /// The inputs the job gets, its products' inputs, and the gaps that cannot be answered here.
    private var shown: (Set<DropAnswers.Key>, [Int: Set<DropAnswers.ProductKey>], [String]) {
        var keys = Set<DropAnswers.Key>()
        var products: [Int: Set<DropAnswers.ProductKey>] = [:]
        var unanswerable: [String] = []
        let language = words.language
        for gap in entry.given {
            let code = gap.code.map { String($0.split(separator: ".").last ?? "") } ?? ""
            let productKey: DropAnswers.ProductKey? = switch code {
            case "product-name": .name
            case "authorisation", "epa-registration": .authorisation
            case "active-ingredients": .ingredients
            case "restricted-entry": .rei
            default: nil
            }
            if let productKey, let index = RecordGapWords.productIndex(gap.path.description) {
                products[index, default: []].insert(productKey)
                continue
            }
            switch code {
            case "parcels": keys.insert(.parcels)
            case "cadastral": keys.insert(.cadastral)
            case "crop": keys.insert(.crop)
            case "crop-code": keys.insert(.cropCode)
            case "crop-area": keys.insert(.cropArea)
            case "target": keys.insert(.target)
            case "location": keys.insert(.field)
            case "end-time" where job.date?.hasTime == true: keys.insert(.end)
            default: unanswerable.append(RecordGapWords.words(for: gap, in: job, language: language))
            }
        }
        if job.field.name == nil { keys.insert(.field) }
        if job.record.bbch == nil { keys.insert(.bbch) }
        // Whatever was typed or suggested stays on the form, so the next post sends it again.
        for key in DropAnswers.Key.allCases where form.answers.values[DropAnswers.name(entry.index, key)] != nil { keys.insert(key) }
        for name in entry.prefilled.keys { if let key = DropAnswers.address(name).flatMap({ DropAnswers.Key(rawValue: $0.key) }) { keys.insert(key) } }
        for index in job.products.indices {
            for key in DropAnswers.ProductKey.allCases where form.answers.values[DropAnswers.name(entry.index, product: index, key)] != nil {
                products[index, default: []].insert(key)
            }
        }
        return (keys, products, unanswerable)
    }

    /// The EPPO code of the job's crop (its own or answered), when report-gen knows the name.
    private var suggestedCropCode: (code: String, crop: String)? {
        guard let crop = (entry.answered ?? answers?.filling(job) ?? job).field.crop,
              let known = EPPONames.entry(named: crop, in: EPPONames.crops) else { return nil }
        return (known.code, crop)
    }

    private func text(_ key: DropAnswers.Key) -> String {
        if let typed = form.answers.values[DropAnswers.name(entry.index, key)] { return typed }
        guard let answers else { return "" }
        switch key {
        case .field: return answers.fieldName ?? ""
        case .crop: return answers.crop ?? ""
        case .cropCode: return answers.cropCode ?? ""
        case .cropArea: return answers.cropArea.map { number($0.internalValue / job.field.area.unit.toInternal) } ?? ""
        case .parcels: return answers.parcels.compactMap(\.label).joined(separator: ", ")
        case .cadastral:
            // Each labelled parcel's numbers after its label, so they come back to the same parcel.
            let numbered = answers.parcels.filter { !$0.cadastral.isEmpty }
            if numbered.allSatisfy({ $0.label == nil }) { return numbered.flatMap(\.cadastral).joined(separator: ", ") }
            return numbered.map { ($0.label.map { "\($0): " } ?? "") + $0.cadastral.joined(separator: ", ") }.joined(separator: "; ")
        case .target: return answers.target ?? ""
        case .bbch: return answers.bbch.map { $0.from == $0.to ? "\($0.from)" : "\($0.from)-\($0.to)" } ?? ""
        case .end: return answers.endMinuteOfDay.map { String(format: "%02d:%02d", $0 / 60, $0 % 60) } ?? ""
        }
    }

    private func text(_ key: DropAnswers.ProductKey, product: Int) -> String {
        if let typed = form.answers.values[DropAnswers.name(entry.index, product: product, key)] { return typed }
        guard let answers = answers?.products[product] else { return "" }
        switch key {
        case .name: return answers.name ?? ""
        case .authorisation: return answers.authorisation ?? ""
        case .ingredients: return answers.activeIngredients.joined(separator: ", ")
        case .rei: return answers.restrictedEntryHours.map(number) ?? ""
        }
    }

    private func number(_ value: Double) -> String { DropFormWords.number(value, language: words.language) }

    private func input(_ name: String, label: String, hint: String?, list: String?, value: String) -> String {
        let error = entry.answerErrors[name]
        let suggestion = form.answers.values[name] == nil ? entry.prefilled[name] : nil
        let note = suggestion.map { _ in words.fromEarlierJob } ?? hint
        var described: [String] = []
        var html = "<div class=\"field\"><label for=\"\(name)\">\(escape(label))</label>"
        if let note {
            html += "<p class=\"hint\" id=\"\(name)-hint\">\(escape(note))</p>"
            described.append("\(name)-hint")
        }
        if let error {
            html += "<p class=\"field-error\" id=\"\(name)-error\"><strong>\(escape(words.invalidField)):</strong> \(escape(label)): \(escape(error))</p>"
            described.append("\(name)-error")
        }
        html += "<input type=\"text\" id=\"\(name)\" name=\"\(name)\" form=\"drop\" value=\"\(escape(value))\" autocomplete=\"off\""
        if let list { html += " list=\"\(list)\"" }
        if !described.isEmpty { html += " aria-describedby=\"\(described.joined(separator: " "))\"" }
        if error != nil { html += " aria-invalid=\"true\"" }
        return html + "></div>"
    }

    private func escape(_ text: String) -> String { DropPage.escape(text) }
}
