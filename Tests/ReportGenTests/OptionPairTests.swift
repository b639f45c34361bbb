import CLITestSupport
import Foundation
import Testing

/// Every option of every command, alone and in every pair, against the rules that say which make
/// no sense together: those must be usage errors (exit 64, with why), and every other
/// combination must get past the argument checks (here, to the missing input: exit 66).
@Suite("Option pairs", .enabled(if: TestRun.isFull, TestRun.slow))
struct OptionPairTests {
    struct Command: CustomStringConvertible, Sendable {
        let name: String
        /// A valid value for each option (nothing for a flag).
        let samples: [String: [String]]
        /// Arguments the command needs whatever the options (a batch's destination).
        let base: @Sendable (Set<String>) -> [String]
        /// Whether a set of options is one report-gen must refuse.
        let refuses: @Sendable (Set<String>) -> Bool

        var description: String { name }
    }

    /// The extension a sample output names, for the rules that follow it.
    static func format(of options: Set<String>, explicit: String, output: String, default fallback: String) -> String {
        options.contains(explicit) ? "explicit" : options.contains("output") ? output : fallback
    }

    static let commands: [Command] = [
        Command(name: "render", samples: [
            "output": ["out.png"], "format": ["pdf"], "dpi": ["300"], "overwrite": [], "template": ["tank-card"], "theme": ["dark"],
            "locale": ["pl"], "author": ["Jan Kowalski"], "tokens": ["tokens.json"], "pdf-standard": ["none"],
        ], base: { _ in [] }, refuses: { options in
            // --format pdf against -o out.png; the format otherwise follows -o, else PDF.
            let png = !options.contains("format") && options.contains("output")
            return (options.contains("format") && options.contains("output"))
                || (options.contains("overwrite") && !png) || (options.contains("dpi") && !png)
                || (options.contains("pdf-standard") && png)
        }),
        Command(name: "batch", samples: [
            "combined": ["season.pdf"], "cover": ["history-summary"], "jobs": ["1"], "record-check": ["pl"], "overwrite": [],
            "fail-fast": [], "quiet": [], "template": ["tank-card"], "theme": ["dark"], "locale": ["pl"], "author": ["Jan Kowalski"],
            "tokens": ["tokens.json"], "pdf-standard": ["none"],
        ], base: { options in options.contains("combined") ? [] : ["-o", "reports"] }, refuses: { options in
            options.contains("cover") && !options.contains("combined")
        }),
        Command(name: "extract", samples: [
            "output": ["out.json"], "record": [], "plan": [], "job": ["2"], "all": [], "list": [], "overwrite": [],
        ], base: { _ in [] }, refuses: { options in
            let all = options.contains("all"), list = options.contains("list")
            let choice = options.contains("record") || options.contains("plan") || options.contains("job")
            return (all && (!options.contains("output") || choice || list)) || (list && (choice || options.contains("output")))
                || (options.contains("overwrite") && !all) || (options.contains("record") && options.contains("plan"))
        }),
        Command(name: "record", samples: [
            "output": ["season.csv"], "format": ["json"], "locale": ["pl"], "record-check": ["pl"], "strict": [], "skip-invalid": [],
        ], base: { _ in [] }, refuses: { options in
            // --format json against -o season.csv. --locale goes with every format: it is the
            // language of the messages too (the CSV and JSON keep their English columns).
            (options.contains("format") && options.contains("output"))
                || (options.contains("strict") && !options.contains("record-check"))
        }),
        Command(name: "validate", samples: ["record": ["pl"], "strict": [], "locale": ["de"]], base: { _ in [] }, refuses: { options in
            options.contains("strict") && !options.contains("record")
        }),
        Command(name: "plan", samples: ["json": [], "locale": ["pl"]], base: { _ in [] }, refuses: { _ in false }),
    ]

    @Test(arguments: commands)
    func everyOptionAloneAndInEveryPairFollowsTheRules(command: Command) throws {
        let folder = try ScratchFolder()
        let names = command.samples.keys.sorted()
        var sets: [Set<String>] = names.map { [$0] }
        for (index, first) in names.enumerated() {
            for second in names[(index + 1)...] { sets.append([first, second]) }
        }
        for options in sets {
            let arguments = [command.name, folder.path("missing-input")] + command.base(options)
                + options.sorted().flatMap { ["--\($0)"] + command.samples[$0, default: []] }
            let run = try ReportGen.run(arguments, in: folder.url)
            if command.refuses(options) {
                #expect(run.status == 64, "\(arguments.joined(separator: " ")): \(run.status) \(run.stderr)")
                #expect(run.stderr.contains("--"), "\(arguments.joined(separator: " ")): the error names no option: \(run.stderr)")
            } else {
                #expect(run.status == 66, "\(arguments.joined(separator: " ")): \(run.status) \(run.stderr)")
            }
        }
        #expect(folder.files.isEmpty, "\(folder.files)")
    }
}
