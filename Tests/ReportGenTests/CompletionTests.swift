import Foundation
import Testing
import CLITestSupport

/// `report-gen completions SHELL`, tried as each shell calls it: bash's completion function with
/// COMP_WORDS, zsh's completion system on a pseudo-terminal (zpty), fish's `complete -C`. Each
/// case is a line typed and what Tab must offer.
@Suite("Shell completions")
struct CompletionTests {
    /// Typed in docs/: the examples folder holds jobs.
    static let cases: [(line: String, offers: [String])] = [
        ("report-gen ba", ["batch"]),
        ("report-gen examples/herbicide-pl.json --th", ["--theme"]),
        ("report-gen render x.json --theme ", ["light", "dark"]),
        ("report-gen examples/herb", ["examples/herbicide-pl.json"]),
        ("report-gen validate examples/fung", ["examples/fungicide-us.json"]),
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

    @Test func bashCompletesCommandsOptionsAfterAJobFilesTemplatesAndChoices() throws {
        let folder = try ScratchFolder()
        let script = try script("bash", in: folder)
        let lines = Self.cases.map(\.line).map { "complete_line \(String(reflecting: $0))" }.joined(separator: "\n")
        let run = try ReportGen.run(program: "/bin/bash", ["-c", """
            source "$1"
            complete -p report-gen
            complete_line() { COMP_LINE="$1"; read -ra COMP_WORDS <<< "$1"; [[ "$1" == *" " ]] && COMP_WORDS+=("")
              COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_POINT=${#COMP_LINE}; COMPREPLY=()
              _report-gen_with_default report-gen "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"; echo "${COMPREPLY[*]}"; }
            \(lines)
            """, "bash", script], in: Self.docs, environment: ["PATH": path])
        let replies = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(replies.first?.contains("-F _report-gen_with_default report-gen") == true, "\(run.stdout) \(run.stderr)")
        for (index, (line, offers)) in Self.cases.enumerated() {
            let offered = index + 1 < replies.count ? replies[index + 1].split(separator: " ").map(String.init) : []
            #expect(offers.allSatisfy(offered.contains), "bash: \(line)<Tab> offered \(offered)")
        }
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
    /// each line typed with a Tab, the screen read back.
    @Test func zshCompletesCommandsOptionsAfterAJobFilesTemplatesAndChoices() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") else {
            Issue.record("zsh is not installed: run scripts/setup.sh")
            return
        }
        let folder = try ScratchFolder()
        _ = try script("zsh", in: folder)
        let driver = try folder.write(#"""
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "PS1='> '; fpath=($1 \$fpath); PATH=$2; cd $3; autoload -Uz compinit; compinit -u -D; setopt nobeep; LISTMAX=1000"
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
        let run = try ReportGen.run(program: "/usr/bin/zsh", ["-f", driver, folder.url.path, path, Self.docs.path] + Self.cases.map(\.line))
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

    @Test func anUnknownShellIsAUsageErrorNamingTheShells() throws {
        let run = try ReportGen.run(["completions", "fissh"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("did you mean 'fish'?"), "\(run.stderr)")
    }
}
