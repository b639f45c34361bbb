import Foundation
import Testing
import CLITestSupport

/// `report-gen completions SHELL`, tried as each shell calls it: bash's completion function with
/// COMP_WORDS, zsh's completion system on a pseudo-terminal (zpty), fish's `complete -C`. Each
/// case is a line typed and what Tab must offer.
@Suite("Shell completions", .enabled(if: TestRun.isFull, TestRun.slow))
struct CompletionTests {
    /// Typed in docs/: the examples folder holds jobs.
    static let cases: [(line: String, offers: [String])] = [
        ("report-gen ba", ["batch"]),
        ("report-gen examples/herbicide-pl.json --th", ["--theme"]),
        ("report-gen render x.json --theme ", ["light", "dark"]),
        ("report-gen examples/herb", ["examples/herbicide-pl.json"]),
        ("report-gen validate examples/fungicide-u", ["examples/fungicide-us.json"]),
        ("report-gen x.json --template tank", ["tank-card"]),
        ("report-gen x.json --products catalogue/pro", ["catalogue/products.csv", "catalogue/products.json"]),
        ("report-gen validate x.json --record-check p", ["pl"]),
    ]

    static let docs = ReportGen.repository.appendingPathComponent("docs")

    private func script(_ shell: String, in folder: ScratchFolder) throws -> String {
        let run = try ReportGen.run(["completions", shell])
        #expect(run.status == 0, "\(run.stderr)")
        return try folder.write(run.stdout, to: shell == "zsh" ? "_report-gen" : "report-gen.\(shell)")
    }

    private var path: String { ReportGen.binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin") }

    /// What bash's completion function puts in COMPREPLY for each line typed in `directory`, one
    /// candidate a line and each line's candidates after `=== LINE`; the first line is `complete -p`.
    private func bash(_ typed: [String], in directory: URL, folder: ScratchFolder) throws -> ReportGen.Run {
        let script = try script("bash", in: folder)
        let lines = typed.map { "complete_line \(String(reflecting: $0))" }.joined(separator: "\n")
        return try ReportGen.run(program: "/bin/bash", ["-c", """
            source "$1"
            complete -p report-gen
            complete_line() { COMP_LINE="$1"; read -ra COMP_WORDS <<< "$1"; [[ "$1" == *" " ]] && COMP_WORDS+=("")
              COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_POINT=${#COMP_LINE}; COMPREPLY=()
              _report-gen_with_default report-gen "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
              echo "=== $1"; printf '%s\\n' "${COMPREPLY[@]}"; }
            \(lines)
            """, "bash", script], in: directory, environment: ["PATH": path])
    }

    /// Each line's candidates from a run of ``bash(_:in:folder:)``.
    private func candidates(_ run: ReportGen.Run) -> [[String]] {
        run.stdout.components(separatedBy: "=== ").dropFirst().map { $0.split(separator: "\n").dropFirst().map(String.init) }
    }

    @Test func bashCompletesCommandsOptionsAfterAJobFilesTemplatesAndChoices() throws {
        let folder = try ScratchFolder()
        let run = try bash(Self.cases.map(\.line), in: Self.docs, folder: folder)
        #expect(run.stdout.contains("-F _report-gen_with_default report-gen"), "\(run.stdout) \(run.stderr)")
        let replies = candidates(run)
        #expect(replies.count == Self.cases.count, "\(run.stdout) \(run.stderr)")
        for ((line, offers), offered) in zip(Self.cases, replies) {
            #expect(offers.allSatisfy(offered.contains), "bash: \(line)<Tab> offered \(offered)")
        }
    }

    /// Files named to run code if a shell evaluates them: command substitution both ways, a
    /// quote of each kind, a space, a glob, a leading dash and a line break.
    static let hostileNames = ["x$(touch PWNED-1).json", "y`touch PWNED-2`.json", "q'uo\"te.json", "sp ace.json", "*.json", "-dash.json",
                               "z$(touch PWNED-3)", "new\nline.json"]

    private func hostileFolder(_ folder: ScratchFolder) throws -> URL {
        let directory = folder.url.appendingPathComponent("hostile")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for name in Self.hostileNames { _ = try folder.write("{}", to: "hostile/" + name) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("z$(touch PWNED-4)"), withIntermediateDirectories: true)
        return directory
    }

    /// Where a completion is asked for: the job (the first word), a command's input, a template,
    /// a catalogue and a configuration file.
    static let hostileLines = ["report-gen ", "report-gen validate ", "report-gen x.json --template ", "report-gen batch x.json --cover ",
                               "report-gen x.json --products ", "report-gen x.json --config ", "report-gen x.json --template x"]

    private func expectNothingRan(in directory: URL, _ shell: String) throws {
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("PWNED") }
        #expect(left.isEmpty, "\(shell) ran a file name: \(left)")
    }

    @Test func bashOffersHostileFileNamesLiterallyAndRunsNone() throws {
        let folder = try ScratchFolder()
        let directory = try hostileFolder(folder)
        let run = try bash(Self.hostileLines, in: directory, folder: folder)
        try expectNothingRan(in: directory, "bash")
        let replies = candidates(run)
        #expect(replies.count == Self.hostileLines.count, "\(run.stdout) \(run.stderr)")
        for (line, offered) in zip(Self.hostileLines, replies) where line.hasSuffix(" ") && !line.hasSuffix("--config ") {
            #expect(offered.contains("x$(touch PWNED-1).json") && offered.contains("y`touch PWNED-2`.json") && offered.contains("q'uo\"te.json"),
                    "bash: \(line)<Tab> offered \(offered)")
        }
        #expect(replies.last == ["x$(touch PWNED-1).json"], "a prefix keeps the name whole: \(replies.last ?? [])")
    }

    @Test func fishOffersHostileFileNamesLiterallyAndRunsNone() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else {
            Issue.record("fish is not installed: run scripts/setup.sh")
            return
        }
        let folder = try ScratchFolder()
        let directory = try hostileFolder(folder)
        let script = try script("fish", in: folder)
        let lines = Self.hostileLines.map { "echo '=== \($0)'; complete -C '\($0)'" }.joined(separator: "\n")
        let run = try ReportGen.run(program: "/usr/bin/fish", ["-c", "source \(script)\n\(lines)"], in: directory, environment: ["PATH": path])
        try expectNothingRan(in: directory, "fish")
        let template = run.stdout.components(separatedBy: "=== ").first { $0.hasPrefix("report-gen x.json --template \n") } ?? ""
        #expect(template.contains("x$(touch PWNED-1).json"), "fish: \(run.stdout) \(run.stderr)")
    }

    @Test func fishCompletesCommandsOptionsAfterAJobFilesTemplatesAndChoices() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else {
            Issue.record("fish is not installed: run scripts/setup.sh")
            return
        }
        let folder = try ScratchFolder()
        let script = try script("fish", in: folder)
        let lines = Self.cases.map { "echo '=== \($0.line)'; complete -C '\($0.line)'" }.joined(separator: "\n")
        let run = try ReportGen.run(program: "/usr/bin/fish", ["-c", "source \(script)\n\(lines)"], in: Self.docs, environment: ["PATH": path])
        let blocks = run.stdout.components(separatedBy: "=== ").dropFirst()
        #expect(blocks.count == Self.cases.count, "\(run.stdout) \(run.stderr)")
        for ((line, offers), block) in zip(Self.cases, blocks) {
            let offered = block.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t").first ?? "") }
            #expect(offers.allSatisfy(offered.contains), "fish: \(line)<Tab> offered \(offered) \(run.stderr)")
        }
    }

    /// zsh completes only in its line editor: an interactive zsh on a pseudo-terminal (zpty),
    /// each line typed with a Tab in `directory`, the screen read back after `=== LINE`.
    private func zsh(_ typed: [String], in directory: URL, folder: ScratchFolder) throws -> ReportGen.Run {
        _ = try script("zsh", in: folder)
        let driver = try folder.write(#"""
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "PS1='> '; fpath=($1 \$fpath); PATH=$2; cd ${(q)3}; autoload -Uz compinit; compinit -u -D; setopt nobeep; LISTMAX=1000"
            sleep 1
            zpty -r -t z junk '*> ' || true
            for line in "${@:4}"; do
              zpty -w -n z "$line"$'\t'
              sleep 0.5
              out=""
              while zpty -r -t z chunk 2>/dev/null; do out+=$chunk; done
              print -r -- "=== $line"
              print -r -- "$out" | tr -d '\r' | sed 's/\x1b\[[0-9;?]*[a-zA-Z]//g' | tr -cd '[:print:]\n'
              zpty -w -n z $'\C-u'
              sleep 0.3
              while zpty -r -t z chunk 2>/dev/null; do :; done
            done
            zpty -d z
            """#, to: "drive.zsh")
        return try ReportGen.run(program: "/usr/bin/zsh", ["-f", driver, folder.url.path, path, directory.path] + typed)
    }

    @Test func zshCompletesCommandsOptionsAfterAJobFilesTemplatesAndChoices() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") else {
            Issue.record("zsh is not installed: run scripts/setup.sh")
            return
        }
        let folder = try ScratchFolder()
        let run = try zsh(Self.cases.map(\.line), in: Self.docs, folder: folder)
        let blocks = run.stdout.components(separatedBy: "=== ").dropFirst()
        #expect(blocks.count == Self.cases.count, "\(run.stdout) \(run.stderr)")
        for ((line, offers), block) in zip(Self.cases, blocks) {
            // zsh writes the completed line, or lists the choices under it, or (several files)
            // completes their common beginning first, as it does for any command.
            let screen = block.split(separator: "\n").dropFirst().joined(separator: " ")
            let typed = line.split(separator: " ").last.map(String.init) ?? ""
            let common = offers.dropFirst().reduce(offers[0]) { String($0.commonPrefix(with: $1)) }
            let shown = offers.allSatisfy { screen.contains($0) } || (common.count > typed.count && screen.contains(common))
            #expect(shown, "zsh: \(line)<Tab> showed \(screen)")
        }
    }

    @Test func zshOffersHostileFileNamesAndRunsNone() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") else {
            Issue.record("zsh is not installed: run scripts/setup.sh")
            return
        }
        let folder = try ScratchFolder()
        let directory = try hostileFolder(folder)
        let run = try zsh(Self.hostileLines, in: directory, folder: folder)
        try expectNothingRan(in: directory, "zsh")
        let blocks = run.stdout.components(separatedBy: "=== ").dropFirst()
        #expect(blocks.count == Self.hostileLines.count, "\(run.stdout) \(run.stderr)")
        let template = blocks.first { $0.hasPrefix("report-gen x.json --template x") } ?? ""
        #expect(template.contains("PWNED-1"), "the name is offered (quoted as zsh quotes it): \(template)")
    }

    @Test func anUnknownShellIsAUsageErrorNamingTheShells() throws {
        let run = try ReportGen.run(["completions", "fissh"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("did you mean 'fish'?"), "\(run.stderr)")
    }
}
