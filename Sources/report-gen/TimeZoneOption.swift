import ArgumentParser
import ReportKit

/// `--time-zone`: where a job's UTC times were lived, for the jobs that do not say.
///
/// The option's logic is static too: ``ReportOptionGroup`` declares the option itself rather than
/// nesting this group, since every nested group multiplies what swift-argument-parser checks
/// at each start of a debug build (the tests start report-gen thousands of times).
struct TimeZoneOption: ParsableArguments {
    static let help = ArgumentHelp(
        "The time zone to show UTC times in (those written with Z, and the app's) when a job names none: an IANA name like Europe/Warsaw (default: the configuration's, else Europe/Warsaw for a Polish job, else UTC, marked as such).",
        valueName: "zone")

    @Option(name: .customLong("time-zone"), help: Self.help)
    var name: String?

    func validate() throws { try Self.check(name) }

    static func check(_ name: String?) throws {
        if let name, TimeZoneRules.named(name) == nil {
            throw ValidationError("--time-zone \(String(reflecting: name)) is not a time zone of this system's database (\(TimeZoneRules.databaseFolder)); expected an IANA name like Europe/Warsaw")
        }
    }

    /// The zone named (checked in `validate`).
    var rules: TimeZoneRules? { name.flatMap { TimeZoneRules.named($0) } }

    /// The zone named, else the configuration's (checked when it was read).
    func rules(default configured: String?) throws -> TimeZoneRules? { Self.rules(name, default: configured) }

    static func rules(_ name: String?, default configured: String?) -> TimeZoneRules? {
        (name ?? configured).flatMap { TimeZoneRules.named($0) }
    }
}
