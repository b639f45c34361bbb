import CLITestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Whether the slow packaging tests run (the README's test command sets it).
let distributionTestsOptedIn = ProcessInfo.processInfo.environment["REPORTKIT_DISTRIBUTION_TESTS"] == "1"

/// report-gen as a user installs it (docs/install.md): one self-contained binary from
/// scripts/install.sh and from the Debian package, which must run with the checkout and the
/// Swift toolchain out of reach; a man page; shell completions; a package that depends on ReportKit.
///
/// Slow (a static release build, a Debian package, a package resolved): run after the everyday
/// suite by the README's test command, which sets `REPORTKIT_DISTRIBUTION_TESTS=1`.
@Suite("Distribution", .serialized, .enabled(if: distributionTestsOptedIn, "set REPORTKIT_DISTRIBUTION_TESTS=1 (the README's test command does)"))
struct DistributionTests {
    static let isRoot = getuid() == 0
    static let example = ReportGen.repository.appendingPathComponent("docs/examples/herbicide-pl.json").path

    /// Runs a script of the repository; its standard output.
    static func script(_ name: String, _ arguments: [String]) throws -> ReportGen.Run {
        try ReportGen.run(program: "/bin/bash", [ReportGen.repository.appendingPathComponent("scripts/\(name)").path] + arguments)
    }

    /// The Debian package and the installed prefix, each made once for the whole suite (each
    /// costs a static release build's check, the manual and a minute): the tests share them.
    /// In a folder of their own under the system's temporary folder, removed at the next run.
    static let artefacts: URL = {
        let temporary = URL(fileURLWithPath: NSTemporaryDirectory())
        for old in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? [] where old.hasPrefix("reportkit-distribution-") {
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(old))
        }
        return temporary.appendingPathComponent("reportkit-distribution-\(getpid())")
    }()
    static let packaged = Result { try script("package-deb.sh", [artefacts.appendingPathComponent("dist").path]) }
    static let installed = Result { () throws -> ReportGen.Run in
        try script("install.sh", [artefacts.appendingPathComponent("prefix").path])
    }
    static var installedPrefix: String { artefacts.appendingPathComponent("prefix").path }

    /// Runs `binary ARGUMENTS` in `folder` with the Swift toolchain and the checkout hidden (empty
    /// file systems mounted over them in a mount namespace of its own), as on a machine that
    /// has neither.
    static func runAlone(_ binary: String, _ arguments: [String], in folder: String) throws -> ReportGen.Run {
        let toolchain = URL(fileURLWithPath: "/usr/bin/swift").resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
        let hide = "mount -t tmpfs tmpfs \(toolchain) && mount -t tmpfs tmpfs \(ReportGen.repository.path) && cd \(folder) && exec \"$@\""
        return try ReportGen.run(program: "/usr/bin/unshare", ["-m", "sh", "-c", hide, "sh", binary] + arguments)
    }

    @Test(.enabled(if: isRoot, "hides the toolchain in a mount namespace"))
    func theDebianPackageInstallsAndRunsWithoutTheToolchain() throws {
        let folder = try ScratchFolder()
        let packaged = try Self.packaged.get()
        #expect(packaged.status == 0, "\(packaged.stderr.suffix(800))")
        let deb = packaged.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(deb.hasSuffix(".deb") && FileManager.default.fileExists(atPath: deb))

        let info = try ReportGen.run(program: "/usr/bin/dpkg-deb", ["-f", deb, "Package", "Depends"])
        #expect(info.stdout.contains("Package: report-gen"))
        // Exactly the cairo series finishing supports; each library opened by its soname by
        // every soname's package, newest first (Debian 13, Ubuntu 24.04, Debian 12).
        for dependency in ["libcairo2 (>= 1.16.0), libcairo2 (<< 1.19~), libcairo2 (<< 1.17~) | libcairo2 (>= 1.18.0)", "libpango-1.0-0",
                           "libpangocairo-1.0-0", "libfontconfig1", "libqpdf30 | libqpdf29t64 | libqpdf29",
                           "libxlsxwriter8 | libxlsxwriter5t64 | libxlsxwriter4", "libxml2 (>= 2.9)", "fonts-inter", "fonts-dejavu-core", "fonts-symbola", "icc-profiles-free"] {
            #expect(info.stdout.contains(dependency), "Depends names \(dependency): \(info.stdout)")
        }
        // Against each release's own package index and packages (Debian 12, Debian 13, Ubuntu
        // 24.04): the libraries opened by soname come from a package the Depends names that
        // holds such a soname, and the release's cairo is a series the package accepts.
        let releases = try ReportGen.run(program: "/usr/bin/env", ["python3", ReportGen.repository.appendingPathComponent("scripts/check-sonames.py").path, deb])
        // Three releases, each: qpdf, libxlsxwriter, libxml2 and cairo.
        #expect(releases.status == 0 && releases.stdout.split(separator: "\n").count == 12, "\(releases.stdout) \(releases.stderr)")
        if FileManager.default.fileExists(atPath: "/usr/bin/lintian") {
            let lintian = try ReportGen.run(program: "/usr/bin/lintian", [deb])
            let findings = lintian.stdout.split(separator: "\n").filter { !$0.contains("root privileges") }
            #expect(lintian.status == 0 && findings.isEmpty, "lintian: \(findings)")
        }

        let root = folder.path("root")
        let unpacked = try ReportGen.run(program: "/usr/bin/dpkg-deb", ["-x", deb, root])
        #expect(unpacked.status == 0)
        // The docs travel with the package: the README, the changelog, every doc, the examples.
        let doc = root + "/usr/share/doc/report-gen"
        for file in ["README.md.gz", "CHANGELOG.md.gz", "docs/configuration.md.gz", "docs/diagnostics.md.gz", "docs/input-v1.schema.json",
                     "examples/herbicide-pl.json", "copyright", "changelog.gz"] {
            #expect(FileManager.default.fileExists(atPath: doc + "/" + file), "the package holds \(file)")
        }
        // The manual has examples and exit statuses.
        if FileManager.default.fileExists(atPath: "/usr/bin/man") {
            let page = try ReportGen.run(program: "/usr/bin/man", ["-l", "-P", "cat", root + "/usr/share/man/man1/report-gen.1.gz"]).stdout
            #expect(page.contains("Examples:") && page.contains("Exit status:") && page.contains("report-gen config --show"), "\(page.prefix(400))")
        }
        let work = folder.path("work")
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.example, toPath: work + "/job.json")
        let binary = root + "/usr/bin/report-gen"
        let templates = try Self.runAlone(binary, ["templates"], in: work)
        #expect(templates.status == 0 && templates.stdout.contains("spray-report") && templates.stdout.contains("tank-card"), "\(templates.stderr)")
        let render = try Self.runAlone(binary, ["job.json", "-o", "report.pdf"], in: work)
        #expect(render.status == 0, "\(render.stderr)")
        let pdf = try Data(contentsOf: URL(fileURLWithPath: work + "/report.pdf"))
        #expect(pdf.starts(with: Data("%PDF-".utf8)))
        #expect(try toolOutput(["pdftotext", work + "/report.pdf", "-"]).contains("Działka 12"))
        // The toolchain's own runtime is not what the binary links.
        let libraries = try toolOutput(["ldd", binary])
        #expect(!libraries.contains("libswiftCore") && !libraries.contains("libFoundation"), "\(libraries)")
        // Nor is Foundation proper linked in: ReportKit uses only FoundationEssentials, so
        // CoreFoundation and ICU (50 MB, a third of the start-up's relocations) stay out. Their
        // string constants survive stripping, so they tell.
        let image = try Data(contentsOf: URL(fileURLWithPath: binary))
        for marker in ["CFBundleIdentifier", "ICU_DATA"] {
            #expect(image.firstRange(of: Data(marker.utf8)) == nil, "the binary carries \(marker): Foundation proper is linked")
        }
        // qpdf (and the libraries it brings) is opened when a PDF is read back, libxlsxwriter when a
        // workbook is written, not at every start and by whichever soname the system has; the
        // package still depends on them, and reading a report back works from the package.
        #expect(!libraries.contains("libqpdf") && !libraries.contains("libxlsxwriter"), "\(libraries)")
        let extracted = try Self.runAlone(binary, ["extract", "report.pdf", "-o", "back.json"], in: work)
        #expect(extracted.status == 0, "\(extracted.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: work + "/back.json")) == Data(contentsOf: URL(fileURLWithPath: work + "/job.json")))
    }

    @Test func installPutsTheBinaryManPageAndCompletionsUnderThePrefix() throws {
        let folder = try ScratchFolder()
        let prefix = Self.installedPrefix
        let installed = try Self.installed.get()
        #expect(installed.status == 0, "\(installed.stderr.suffix(800))")
        let binary = prefix + "/bin/report-gen"
        #expect(try ReportGen.run(program: binary, ["--version"]).stdout.hasPrefix("0.4.0 (cairo 1.16."))
        if Self.isRoot {
            // Alone, as on a machine without the toolchain or the checkout.
            let work = folder.path("work")
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: Self.example, toPath: work + "/job.json")
            let templates = try Self.runAlone(binary, ["templates"], in: work)
            #expect(templates.status == 0 && templates.stdout.contains("history-summary"), "\(templates.stderr)")
            let render = try Self.runAlone(binary, ["job.json", "--template", "tank-card", "-o", "cab.pdf"], in: work)
            #expect(render.status == 0, "\(render.stderr)")
            #expect(try toolOutput(["pdftotext", work + "/cab.pdf", "-"]).contains("KARTA NAPEŁNIENIA"))
        }

        // `man report-gen` with the prefix's manual path: every subcommand is described.
        if FileManager.default.fileExists(atPath: "/usr/bin/man") {
            let page = try ReportGen.run(program: "/usr/bin/man", ["-M", prefix + "/share/man", "-P", "cat", "report-gen"])
            for command in ["render", "batch", "validate", "templates", "plan", "--theme"] {
                #expect(page.stdout.contains(command), "the man page describes \(command)")
            }
        }
        // Tab completion in bash, as bash calls the function: "report-gen ba<Tab>" gives batch,
        // "report-gen render --th<Tab>" gives --theme.
        let completion = prefix + "/share/bash-completion/completions/report-gen"
        let bash = try ReportGen.run(program: "/bin/bash", ["-c", """
            source "$1"
            complete -p report-gen
            complete_line() { COMP_LINE="$1"; read -ra COMP_WORDS <<< "$1"; COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_POINT=${#COMP_LINE}
              COMPREPLY=(); _report-gen_with_default report-gen "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"; echo "${COMPREPLY[*]}"; }
            complete_line "report-gen ba"
            complete_line "report-gen render --th"
            complete_line "report-gen job.json --th"
            """, "bash", completion])
        let lines = bash.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("-F _report-gen_with_default report-gen") == true, "\(bash.stdout) \(bash.stderr)")
        #expect(lines.dropFirst().first == "batch" && lines.dropFirst(2).first == "--theme" && lines.dropFirst(3).first == "--theme", "\(lines)")
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/zsh/site-functions/_report-gen"))
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/fish/vendor_completions.d/report-gen.fish"))
    }

    @Test func aPackageUsingReportKitDoesNotFetchItsTestOnlyDependency() throws {
        let folder = try ScratchFolder()
        try FileManager.default.createDirectory(atPath: folder.path("Sources/app"), withIntermediateDirectories: true)
        // A clone under a name of the user's own, as docs/library.md says to name it.
        let clone = folder.path("ReportKit-my-clone")
        try FileManager.default.createSymbolicLink(atPath: clone, withDestinationPath: ReportGen.repository.path)
        _ = try folder.write("""
            // swift-tools-version:6.1
            import PackageDescription
            let package = Package(name: "consumer", dependencies: [.package(path: "ReportKit-my-clone")],
                targets: [.executableTarget(name: "app", dependencies: [.product(name: "ReportKit", package: "ReportKit-my-clone")])])
            """, to: "Package.swift")
        _ = try folder.write("import ReportKit\nprint(ReportKitVersion.current)\n", to: "Sources/app/main.swift")
        let resolved = try ReportGen.run(program: "/usr/bin/env", ["swift", "package", "resolve"], in: folder.url)
        #expect(resolved.status == 0, "\(resolved.stderr.suffix(600))")
        let pins = try String(contentsOfFile: folder.path("Package.resolved"), encoding: .utf8)
        #expect(pins.contains("swift-argument-parser"))
        #expect(!pins.contains("swift-property-based"), "the test-only dependency is not fetched")
    }
}
