import Foundation
import ReportKit

/// The facts typed into the drop page's per-job forms: inputs named `e3-crop` (entry 3's crop)
/// and `e3-p0-authorisation` (its first product's authorisation), each read as the field
/// expects (numbers with a comma or a point, "14:30", "31" or "31-32"), with what could not be
/// read kept for the form to show beside the field, in the page's language.
struct DropAnswers: Sendable {
    /// A job's answerable facts, each an input of the form.
    enum Key: String, CaseIterable {
        case field, crop, cropCode, cropArea, parcels, cadastral, target, bbch, end
    }

    /// A product's answerable facts.
    enum ProductKey: String, CaseIterable {
        case name, authorisation, ingredients, rei
    }

    /// The text typed, by input name: what the form shows again.
    let values: [String: String]
    /// The entries whose "same as above" box is ticked.
    let sameAsAbove: Set<Int>
    /// Why an input's text could not be taken, by input name.
    private(set) var errors: [String: String] = [:]
    /// What was read, by entry, before "same as above" and the season's suggestions
    /// (``DropCheck/completed(_:sameAsAbove:jobs:)``); a crop's area is a number in the job's unit.
    private(set) var answers: [Int: JobAnswers] = [:]

    static func name(_ entry: Int, _ key: Key) -> String { "e\(entry)-\(key.rawValue)" }
    static func name(_ entry: Int, product: Int, _ key: ProductKey) -> String { "e\(entry)-p\(product)-\(key.rawValue)" }
    static func sameName(_ entry: Int) -> String { "e\(entry)-same" }

    /// The answers among `fields` (every part of the form), read in `language` ("pl", "en" or "de").
    init(fields: [String: String], language: String) {
        var values: [String: String] = [:]
        var same = Set<Int>()
        for (name, text) in fields where name.hasPrefix("e") {
            guard let address = Self.address(name) else { continue }
            if address.key == "same" {
                same.insert(address.entry)
                continue
            }
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { values[name] = trimmed }
        }
        self.values = values
        self.sameAsAbove = same
        let words = AnswerWords(language: ReportLanguage(rawValue: language) ?? .polish)
        var answers: [Int: JobAnswers] = [:]
        for (name, text) in values {
            guard let address = Self.address(name) else { continue }
            var job = answers[address.entry] ?? JobAnswers()
            if let problem = Self.read(text, into: &job, address: address, words: words) { errors[name] = problem }
            answers[address.entry] = job
        }
        self.answers = answers.filter { !$0.value.isEmpty }
    }

    /// `e3-crop` → (3, nil, "crop"); `e3-p1-name` → (3, 1, "name").
    static func address(_ name: String) -> (entry: Int, product: Int?, key: String)? {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts[0].hasPrefix("e"), let entry = Int(parts[0].dropFirst()), entry >= 0 else { return nil }
        if parts.count == 2 { return (entry, nil, String(parts[1])) }
        guard parts[1].hasPrefix("p"), let product = Int(parts[1].dropFirst()), (0..<JobLimits.maximumProducts).contains(product) else { return nil }
        return (entry, product, String(parts[2]))
    }

    /// Reads one input into `job`; the problem in words when it cannot be read.
    private static func read(_ text: String, into job: inout JobAnswers, address: (entry: Int, product: Int?, key: String), words: AnswerWords) -> String? {
        if text.count > JobLimits.maximumTextLength { return words.tooLong(JobLimits.maximumTextLength) }
        if let product = address.product {
            guard let key = ProductKey(rawValue: address.key) else { return nil }
            var answers = job.products[product] ?? .init()
            switch key {
            case .name: answers.name = text
            case .authorisation: answers.authorisation = text
            case .ingredients: answers.activeIngredients = list(text)
            case .rei:
                guard let hours = number(text), hours >= 0, hours <= 8_760 else { return words.hours }
                answers.restrictedEntryHours = hours
            }
            job.products[product] = answers
            return nil
        }
        guard let key = Key(rawValue: address.key) else { return nil }
        switch key {
        case .field: job.fieldName = text
        case .crop: job.crop = text
        case .cropCode:
            let code = text.uppercased()
            guard (5...6).contains(code.count), code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return words.eppoCode }
            job.cropCode = code
        case .cropArea:
            // In hectares until the job is known: ``DropCheck`` gives it the job's own unit.
            guard let area = number(text), area > 0 else { return words.area }
            job.cropArea = Quantity(area, .hectare)
        case .parcels: job.parcels = Self.parcels(labels: list(text), cadastral: job.parcels)
        case .cadastral: job.parcels = Self.parcels(labels: job.parcels.compactMap(\.label), cadastral: cadastralGroups(text))
        case .target: job.target = text
        case .bbch:
            guard let stage = bbch(text) else { return words.bbch }
            job.bbch = stage
        case .end:
            guard let minute = minuteOfDay(text) else { return words.time }
            job.endMinuteOfDay = minute
        }
        return nil
    }

    /// "12,5" or "12.5" (a space or no-break space between thousands allowed).
    static func number(_ text: String) -> Double? {
        let plain = text.filter { !$0.isWhitespace && $0 != "\u{00A0}" && $0 != "\u{202F}" }.replacingOccurrences(of: ",", with: ".")
        guard !plain.isEmpty, plain.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), plain.filter({ $0 == "." }).count <= 1,
              let value = Double(plain), value.isFinite else { return nil }
        return value
    }

    /// "31" or "31-32" (an en dash too).
    static func bbch(_ text: String) -> BBCHStage? {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "–" }).map { $0.trimmingCharacters(in: .whitespaces) }
        guard (1...2).contains(parts.count) else { return nil }
        let stages = parts.compactMap { Int($0) }.filter { (0...99).contains($0) }
        guard stages.count == parts.count, stages.first! <= stages.last! else { return nil }
        return BBCHStage(stages.first!, to: stages.last!)
    }

    /// "14:30" or "14.30" as minutes after midnight.
    static func minuteOfDay(_ text: String) -> Int? {
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == "." })
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
              let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        return hour * 60 + minute
    }

    /// "A: 0212/3, 0212/4; B: 0213/1" (each parcel's numbers after its label) or "0212/3, 0212/4"
    /// (numbers alone) as parcels.
    static func cadastralGroups(_ text: String) -> [Parcel] {
        guard text.contains(":") else { return [Parcel(label: nil, cadastral: list(text))] }
        return text.split(separator: ";").compactMap { group in
            let parts = group.split(separator: ":", maxSplits: 1)
            let label = parts.count == 2 ? parts[0].trimmingCharacters(in: .whitespaces) : ""
            let numbers = list(String(parts.last ?? ""))
            return label.isEmpty && numbers.isEmpty ? nil : Parcel(label: label.isEmpty ? nil : label, cadastral: numbers)
        }
    }

    /// Parcels from the labels typed and the numbers typed (in either order of reading): a
    /// label's numbers go with it, numbers without a label to the first parcel.
    static func parcels(labels: [String], cadastral: [Parcel]) -> [Parcel] {
        var parcels = cadastral.filter { $0.label != nil }
        for label in labels where !parcels.contains(where: { $0.label == label }) { parcels.append(Parcel(label: label, cadastral: [])) }
        let loose = cadastral.filter { $0.label == nil }.flatMap(\.cadastral)
        if !loose.isEmpty {
            if parcels.isEmpty { parcels.append(Parcel(label: nil, cadastral: [])) }
            parcels[0].cadastral += loose
        }
        return parcels
    }

    /// Items separated by commas or semicolons.
    static func list(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0 == ";" || $0.isNewline }).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// What the page says when an answer cannot be read: the locale files' `page.answer.*`.
struct AnswerWords {
    let language: ReportLanguage

    private var word: PageWords { PageWords(language) }

    func tooLong(_ limit: Int) -> String { word("answer.tooLong", ["maximum": String(limit)]) }
    var hours: String { word("answer.hours") }
    var eppoCode: String { word("answer.eppoCode") }
    var area: String { word("answer.area") }
    var bbch: String { word("answer.bbch") }
    var time: String { word("answer.time") }
    /// The crop's area under the area sprayed, `area` in its own unit.
    func cropAreaUnder(_ area: Quantity<AreaUnit>) -> String {
        word("answer.cropAreaUnder", ["area": DropFormWords.area(area, language: language)])
    }
}
