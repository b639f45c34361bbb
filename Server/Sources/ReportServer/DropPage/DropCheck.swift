import Foundation
import ReportKit

/// A season checked with the drop page's answers: each entry's job as the file gives it (with
/// what every job shares), the same job with its answers, and what each record still lacks.
/// The answers are completed here as the page promises: "same as above" resolved, the crop,
/// its code and area and the parcels taken from the same field's earlier job (shown in the
/// inputs, so the next post sends them).
struct DropCheck: Sendable {
    struct Entry: Sendable {
        let index: Int
        let id: String?
        /// The job as the file gives it; nil when the entry is not a job.
        let job: SprayJob?
        /// Why the entry is not a job, as report-gen says it.
        let problems: [Diagnostic]
        /// The job with its answers; nil when they make it invalid (see ``answerErrors``).
        let answered: SprayJob?
        /// What each record lacks once answered (or as given, when the answers are refused).
        let gaps: [RecordJurisdiction: [Diagnostic]]
        /// What the chosen record lacks as the file gives it: the inputs the form shows.
        let given: [Diagnostic]
        /// Why an answer was not taken, by input name: unreadable (in the page's words) or
        /// refused by report-gen (in its own); and refusals of the answered job that name no input.
        let answerErrors: [String: String]
        let otherErrors: [Diagnostic]
        /// Inputs the season filled, and from what.
        let prefilled: [String: Suggestion]
    }

    let entries: [Entry]
    /// The answers as the reports and the record take them.
    let answers: [Int: JobAnswers]

    /// Checks `form`'s season (at most `limit` entries) for its chosen record. With `suggesting`
    /// (the check), the season's suggestions join the answers and are shown in the inputs, so
    /// the next post sends them as typed; without (the download), only what the form sent counts,
    /// so a download made without a check is what `report-gen` makes of the same file.
    init(form: DropForm, bytes: [UInt8], limit: Int, suggesting: Bool, catalogue: ProductCatalogue? = nil) throws(SeasonError) {
        let given = try form.seasonRequest(bytes: bytes).entries(limit: limit)
        var (answers, prefilled) = Self.completed(form.answers.answers, sameAsAbove: form.answers.sameAsAbove, jobs: given, suggesting: suggesting)
        // The rule a person most often meets is told in the page's words before report-gen
        // sees the answer (its own refusal is in English): a crop smaller than the area sprayed.
        var refusedHere: [String: String] = [:]
        let words = AnswerWords(language: ReportLanguage(rawValue: form.language) ?? .polish)
        for entry in given {
            guard let job = try? entry.result.get().job, job.field.cropArea == nil, let area = answers[entry.index]?.cropArea,
                  area.internalValue < job.field.area.internalValue * (1 - 1e-9) else { continue }
            refusedHere[DropAnswers.name(entry.index, .cropArea)] = words.cropAreaUnder(job.field.area)
            answers[entry.index]?.cropArea = nil
        }
        let answeredEntries = answers.isEmpty ? given : try form.seasonRequest(bytes: bytes, answers: answers).entries(limit: limit)
        answers = answers.filter { !$0.value.isEmpty }
        self.answers = answers
        self.entries = zip(given, answeredEntries).map { given, answered in
            let job = try? given.result.get().job
            let problems: [Diagnostic] = if case .failure(let error) = given.result { error.diagnostics } else { [] }
            // What could not be read comes first: it was never given to report-gen.
            var answerErrors = form.answers.errors.merging(refusedHere) { typed, _ in typed }.filter { DropAnswers.address($0.key)?.entry == given.index }
            var otherErrors: [Diagnostic] = []
            if job != nil, case .failure(let error) = answered.result {
                for diagnostic in error.diagnostics {
                    if let name = Self.inputName(for: diagnostic.path.description, entry: given.index) {
                        answerErrors[name] = answerErrors[name] ?? diagnostic.message(in: words.language)
                    } else {
                        otherErrors.append(diagnostic)
                    }
                }
            }
            let checked = (try? answered.result.get()) != nil ? answered.result : given.result
            var gaps: [RecordJurisdiction: [Diagnostic]] = [:]
            // The catalogue fills what the products leave out, as the reports will: a product
            // named here gets its authorisation from it.
            let check = JobCheck(checked, catalogue: catalogue)
            for jurisdiction in RecordJurisdiction.allCases { gaps[jurisdiction] = job == nil ? [] : check.missing(for: jurisdiction) }
            return Entry(index: given.index, id: given.id, job: job, problems: problems, answered: try? answered.result.get().job, gaps: gaps,
                         given: job == nil ? [] : JobCheck(given.result, record: form.jurisdiction, catalogue: catalogue).missing,
                         answerErrors: answerErrors, otherErrors: otherErrors, prefilled: prefilled[given.index] ?? [:])
        }
    }

    /// True when every answer was taken: none unreadable, none refused by report-gen.
    var answersTaken: Bool { entries.allSatisfy { $0.answerErrors.isEmpty && $0.otherErrors.isEmpty } }

    /// Where a value the person did not type came from.
    enum Suggestion: Sendable {
        /// The same field's earlier job.
        case earlierJob
    }

    /// `answers` (by entry, as typed) completed from the season itself, in the history's order:
    /// an entry with "same as above" takes, where it gives nothing itself, the nearest earlier
    /// answered entry's answers (not its end time); a job's field takes what the same field's
    /// earlier job gave (its own value or its answer) where the job neither states nor answers
    /// it. A typed crop area is in its job's unit. (A crop's EPPO code is only offered, beside
    /// its input: a code is a claim the person makes.)
    /// Returns the answers and the inputs the season filled, by entry.
    static func completed(_ answers: [Int: JobAnswers], sameAsAbove: Set<Int>, jobs: [HistoryEntry], suggesting: Bool) -> ([Int: JobAnswers], [Int: [String: Suggestion]]) {
        var completed: [Int: JobAnswers] = [:]
        var suggested: [Int: [String: Suggestion]] = [:]
        var byField: [String: SprayJob] = [:]
        var previous: JobAnswers?
        for entry in jobs {
            guard let job = try? entry.result.get().job else { continue }
            var own = answers[entry.index] ?? JobAnswers()
            if let typed = own.cropArea { own.cropArea = Quantity(typed.value, job.field.area.unit) }
            if sameAsAbove.contains(entry.index), let previous { own = own.merged(over: previous) }
            if !own.isEmpty { previous = own }
            func suggest(_ key: DropAnswers.Key, _ why: Suggestion) { suggested[entry.index, default: [:]][DropAnswers.name(entry.index, key)] = why }
            var filled = own.filling(job)
            if suggesting, let name = filled.field.name, let earlier = byField[name] {
                if filled.field.crop == nil, let crop = earlier.field.crop { own.crop = crop; suggest(.crop, .earlierJob) }
                if filled.field.cropCode == nil, let code = earlier.field.cropCode { own.cropCode = code; suggest(.cropCode, .earlierJob) }
                if filled.field.cropArea == nil, let area = earlier.field.cropArea { own.cropArea = area; suggest(.cropArea, .earlierJob) }
                if filled.field.parcels.isEmpty, !earlier.field.parcels.isEmpty {
                    own.parcels = earlier.field.parcels
                    suggest(.parcels, .earlierJob)
                    suggest(.cadastral, .earlierJob)
                }
                filled = own.filling(job)
            }
            if !own.isEmpty { completed[entry.index] = own }
            if let name = filled.field.name { byField[name] = filled }
        }
        return (completed, suggested)
    }

    /// The input a refusal's path names: `$[3].field.crop` → `e3-crop`, `$[3].chemicalRate[0].name` → `e3-p0-name`.
    static func inputName(for path: String, entry: Int) -> String? {
        let productKeys: [(String, DropAnswers.ProductKey)] = [("name", .name), ("authorisation", .authorisation),
                                                              ("activeIngredients", .ingredients), ("restrictedEntryHours", .rei)]
        for (key, input) in productKeys {
            guard let match = path.range(of: #"\[(\d+)\]\."# + key + #"(\[\d+\])?$"#, options: .regularExpression) else { continue }
            let digits = path[match].dropFirst().prefix { $0.isNumber }
            // A field's name ends `.field.name`, not `[i].name`.
            if let product = Int(digits), !path[..<match.lowerBound].hasSuffix("parcels") { return DropAnswers.name(entry, product: product, input) }
        }
        let keys: [(String, DropAnswers.Key)] = [(".field.cropCode", .cropCode), (".field.cropArea", .cropArea), (".field.crop", .crop),
                                                (".field.name", .field), (".target", .target), (".bbch", .bbch), (".endDate", .end)]
        let plain = path.hasPrefix("$.") ? path : path.replacingOccurrences(of: #"^\$\[\d+\]"#, with: "$", options: .regularExpression)
        if plain.contains(".field.parcels") { return DropAnswers.name(entry, plain.contains(".cadastral") ? .cadastral : .parcels) }
        for (suffix, key) in keys where plain.hasSuffix(suffix) || plain.contains(suffix + ".") { return DropAnswers.name(entry, key) }
        return nil
    }
}
