/// Treatments counted over a season: a label's "at most N treatments in the season" is per crop
/// on a piece of land in a calendar year, so the count is per holding, parcel (else field), crop,
/// year and product, in the order the applications were made.
extension ProductCatalogue {
    /// For each job, in the order given, the warnings for treatments beyond their labels' maximum.
    /// Jobs without a date cannot be placed in a season and are not counted.
    public func seasonWarnings(for jobs: [SprayJob]) -> [[Diagnostic]] {
        var warnings = Array(repeating: [Diagnostic](), count: jobs.count)
        let order = jobs.indices.filter { jobs[$0].date != nil }
            .sorted { (jobs[$0].date?.instant ?? .distantPast, $0) < (jobs[$1].date?.instant ?? .distantPast, $1) }
        var counts: [String: Int] = [:]
        for index in order {
            let job = jobs[index]
            guard let date = job.date else { continue }
            let year = String(Self.day(date).prefix(4))
            let crop = job.field.cropCode?.uppercased() ?? job.field.crop.map(Self.key) ?? ""
            let places = Self.places(of: job)
            for (productIndex, product) in job.products.enumerated() {
                guard let entry = entry(for: product), let maximum = entry.use(for: job.field)?.maxTreatments else { continue }
                var over: [(String, Int)] = []
                for place in places {
                    let key = [job.record.holding.map(Self.key) ?? "", Self.key(place), crop, year, Self.key(entry.name)].joined(separator: "\u{1F}")
                    counts[key, default: 0] += 1
                    if let count = counts[key], count > maximum { over.append((place, count)) }
                }
                guard let most = over.map(\.1).max() else { continue }
                let name = product.name ?? entry.name
                let where_ = over.map(\.0).joined(separator: ", ")
                warnings[index].append(Diagnostic(
                    .warning, at: job.sourcePaths.products.appending(index: productIndex).appending("name"),
                    MessageText("label.treatments-over", ["name": name, "count": String(most), "crop": job.field.crop ?? crop, "year": year,
                                                          "place": where_, "maximum": String(maximum)]),
                    notice: .treatmentsOverLabel(product: name, count: most, maximum: maximum, place: where_)))
            }
        }
        return warnings
    }

    /// The pieces of land a job treats: its parcels (by label, else cadastral numbers), else its field.
    private static func places(of job: SprayJob) -> [String] {
        let parcels = job.field.parcels.map { $0.label ?? $0.cadastral.joined(separator: ", ") }.filter { !$0.isEmpty }
        return parcels.isEmpty ? [job.field.name ?? ""] : parcels
    }
}
