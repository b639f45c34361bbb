extension SprayJob {
    /// The job's own texts with where they are in a v1 input (an app entry's texts are named
    /// by the job's path: the app's keys differ).
    var texts: [(path: JSONPath, text: String)] {
        let root = sourcePaths.job
        func at(_ keys: String...) -> JSONPath {
            source == .v1 ? keys.reduce(root) { $0.appending($1) } : root
        }
        var texts: [(JSONPath, String?)] = [
            (at("title"), title), (at("author"), author), (at("field", "name"), field.name), (at("field", "crop"), field.crop),
            (at("operator"), record.operatorName), (at("target"), record.target), (at("growthStage"), record.growthStage),
            (at("weather"), record.weather), (at("notes"), record.notes),
        ]
        for (index, product) in products.enumerated() {
            let path = source == .v1 ? sourcePaths.products.appending(index: index) : root
            texts += [(source == .v1 ? path.appending("name") : path, product.name),
                      (source == .v1 ? path.appending("authorisation") : path, product.authorisation)]
        }
        return texts.compactMap { path, text in text.map { (path, $0) } }
    }
}

extension PangoTextEngine {
    /// A warning for each of the job's texts with characters the report's fonts cannot draw:
    /// they would print as boxes, and a person should see that before relying on the report.
    func unprintableTextWarnings(_ job: SprayJob) -> [Diagnostic] {
        job.texts.compactMap { path, text in
            let missing = missingCharacters(in: text)
            guard !missing.isEmpty else { return nil }
            let shown = missing.prefix(5).map { "\(Character($0)) (U+\(String($0.value, radix: 16, uppercase: true)))" }
            let characters = ["characters": shown.joined(separator: ", ")]
            let text = missing.count > 5 ? MessageText("input.unprintable-more", characters.merging(["more": String(missing.count - 5)]) { $1 })
                : MessageText("input.unprintable", characters)
            return Diagnostic(.warning, at: path, text,
                notice: .unprintableText(field: path.description, characters: missing.prefix(5).map { "U+" + String($0.value, radix: 16, uppercase: true) }))
        }
    }
}
