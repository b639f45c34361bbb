import ArgumentParser
import FoundationEssentials
import ReportKit

/// `--config FILE`: the user's defaults (docs/configuration.md). Without it, report-gen reads
/// `$XDG_CONFIG_HOME/report-gen/config.json` (else `~/.config/…`) when that file exists.
struct ConfigOption: ParsableArguments {
    static let help = ArgumentHelp(
        "A configuration file of defaults (author, locale, theme, template, definitions, time zone, paper; docs/configuration.md). Default: $XDG_CONFIG_HOME/report-gen/config.json when it exists.",
        valueName: "path")

    @Option(name: .customLong("config"), help: Self.help, completion: .file(extensions: ["json"]))
    var path: String?

    /// The default file's path in words, for when it is missing.
    static var standardPathDescription: String {
        UserConfiguration.defaultPath(environment: ProcessInfo.processInfo.environment) ?? "$XDG_CONFIG_HOME/report-gen/config.json"
    }

    /// The file read: the one named, else the default one when it exists; nil for none.
    var file: String? { Self.file(path) }

    static func file(_ path: String?) -> String? {
        if let path { return path }
        guard let standard = UserConfiguration.defaultPath(environment: ProcessInfo.processInfo.environment),
              FileStatus(path: standard) != nil else { return nil }
        return standard
    }

    /// The configuration; one that cannot be read or used is reported and ends the run (66
    /// unreadable, 65 not a configuration).
    func load() throws -> UserConfiguration { try Self.load(path) }

    static func load(_ path: String?) throws -> UserConfiguration {
        guard let file = file(path) else { return UserConfiguration() }
        let name = InputReader.displayName(file)
        // A FIFO (or a device) where the configuration should be would block the run, or never end.
        if file != "-", let status = FileStatus(path: file), status.kind != .regular {
            Console.error(say("config-not-a-file", ["name": name]))
            throw ExitStatus.unreadableInput
        }
        let bytes: [UInt8]
        do {
            let handle = try InputReader.open(file, readingReports: false)
            bytes = try handle.read(upTo: 1 << 16)
        } catch let exit as ExitCode {
            throw exit
        } catch {
            Console.error(say("cannot-be-read", ["name": name, "cause": "\(error)"]))
            throw ExitStatus.unreadableInput
        }
        do {
            let configuration = try UserConfiguration.read(bytes, file: file, home: ProcessInfo.processInfo.environment["HOME"])
            MessageLanguage.configure(configuration)
            return configuration
        } catch {
            Console.report(ReportError.definition(error))
            throw ExitStatus.badData
        }
    }
}
