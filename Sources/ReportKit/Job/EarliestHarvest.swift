import FoundationEssentials

/// The first day a crop may be harvested after an application: the application's last day plus
/// the longest pre-harvest interval of its products (their labels', given or from a catalogue).
package struct EarliestHarvest: Sendable, Equatable {
    /// The day, as a date without a time.
    public let day: JobDate
    /// The pre-harvest interval that sets it, days.
    public let days: Int
    /// The product whose interval it is (nil for the app's unnamed product).
    public let product: String?

    /// `application`'s local day plus `days`.
    public static func day(after application: JobDate, days: Int) -> JobDate {
        let local = CivilTime(application.instant, offsetSeconds: application.utcOffsetSeconds)
        let midnight = CivilTime(year: local.year, month: local.month, day: local.day).utcInstant ?? application.instant
        return JobDate(instant: midnight.addingTimeInterval(Double(days) * 86_400), utcOffsetSeconds: 0, hasTime: false)
    }
}

extension SprayJob {
    /// The earliest harvest after this application; nil without a date or without an interval.
    package var earliestHarvest: EarliestHarvest? {
        guard let end = endDateAsShown ?? date else { return nil }
        let longest = products.filter { $0.preHarvestIntervalDays != nil }
            .max { ($0.preHarvestIntervalDays ?? 0) < ($1.preHarvestIntervalDays ?? 0) }
        guard let longest, let days = longest.preHarvestIntervalDays else { return nil }
        return EarliestHarvest(day: EarliestHarvest.day(after: end, days: days), days: days, product: longest.name)
    }
}
