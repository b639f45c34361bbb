import ArgumentParser
import FoundationEssentials
import Glibc
import ReportKit

/// `report-gen INPUT -o OUTPUT`: one report from one job (or a history's cover).
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Make a report from a job (the default command: `report-gen job.json` is `report-gen render job.json`).",
        discussion: """
            Examples:
              report-gen job.json                          (writes job.pdf beside it)
              report-gen job.json -o spray-report.pdf --locale pl
              report-gen job.json --template tank-card -o cab.pdf
              report-gen job.json -o report.png --dpi 100          page images
              report-gen history.json --template history-summary -o season.pdf

            Reads a job in ReportKit's v1 format or an entry of the Kalkulator Oprysku app's history. With \
            --template history-summary it reads a whole history and makes its cover.

            \(ExitStatus.help)
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case pdf, png
    }

    @Argument(help: "The job file (or a report report-gen made, which carries its job), or - for standard input.",
              completion: Completions.inputs)
    var input: String

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Where to write the report; - for standard output. Default: beside the input, with .pdf (or .png). PNG of a report with several pages writes NAME-1.png, NAME-2.png, and so on.",
        valueName: "path"), completion: .file(extensions: ["pdf", "png"]))
    var output: String?

    @Option(name: .customLong("format"), help: "pdf, or png for page images (default: from the output's extension, else pdf).",
            completion: Choice.completion(Format.self), transform: Choice.parse)
    var formatOption: Format?

    /// The format asked for, else the one the output's name ends in, else PDF.
    var format: Format {
        formatOption ?? output.flatMap(Self.format(ofName:)) ?? .pdf
    }

    /// The format a file name's extension names (`.pdf`, `.png`), if any.
    static func format(ofName name: String) -> Format? {
        Format(rawValue: URL(fileURLWithPath: name).pathExtension.lowercased())
    }

    @Option(help: "Pixels per inch of PNG pages.")
    var dpi: Double = 150

    @Flag(help: "Replace page images already there (NAME-1.png, NAME-2.png, … are named by the page count, so they are kept otherwise).")
    var overwrite = false

    @OptionGroup var report: ReportOptionGroup

    func validate() throws {
        if overwrite, format != .png {
            throw ValidationError("--overwrite is for PNG pages, whose names come from the page count; a PDF given with -o is always replaced whole")
        }
        if dpi != 150, format != .png { throw ValidationError("--dpi is for PNG pages; a PDF is vector") }
        if report.pdfStandard != .archivalAccessible, format == .png {
            throw ValidationError("--pdf-standard is for PDF; PNG pages are images")
        }
        if input == "-", output == nil {
            throw ValidationError("reading standard input: give the output with -o FILE (or -o - for standard output)")
        }
        guard dpi >= 18, dpi <= 1200 else { throw ValidationError("--dpi must be from 18 to 1200") }
        if let formatOption, let output, let named = Self.format(ofName: output), named != formatOption {
            throw ValidationError("--format \(formatOption.rawValue) writes \(formatOption.rawValue.uppercased()), but \(output) names a .\(named.rawValue) file; make them agree (or leave out --format)")
        }
    }

    func run() throws {
        let trap = SignalTrap(.now)
        defer { withExtendedLifetime(trap) {} }
        try report.prepareMessages()
        let bytes = try InputReader.read(input)
        let generator = try report.makeGenerator()
        let made: Report
        do {
            made = try generator.report(from: bytes, output: format == .png ? .png(dpi: dpi) : .pdf)
        } catch {
            Console.report(error)
            throw ExitStatus.of(error)
        }
        for warning in made.warnings { Console.warning(warning.saidWithPath) }
        for use in made.failingContrast { Console.warning(say("contrast", ["use": "\(use)"])) }
        let target = output ?? Self.beside(input, extension: format.rawValue)
        if made.files.count > 1 {
            guard target != "-" else {
                Console.error(say("png-pages-to-stdout", ["count": String(made.files.count)]))
                throw ExitCode.validationFailure
            }
            return try writePages(made.files, numbering: target)
        }
        try OutputWriter.writeAll([(target, made.files[0])], protecting: InputReader.identities(of: input, report: report))
    }

    /// Page images, whose names the page count makes: all written or none, an image already
    /// there kept (and said) unless --overwrite.
    private func writePages(_ pages: [[UInt8]], numbering target: String) throws {
        let files = pages.enumerated().map { index, png in
            DataNamedFiles.File(path: Self.numbered(target, page: index + 1, of: pages.count), bytes: png)
        }
        // A set of pages is one result: old pages mixed with new ones would be neither report.
        let taken = overwrite ? [] : files.filter { FileIdentity(linkAt: $0.path) != nil }.map(\.path)
        guard taken.isEmpty else {
            Console.error(say("page-images-there", ["count": String(taken.count), "total": String(files.count), "names": taken.prefix(3).joined(separator: ", ") + (taken.count > 3 ? ", …" : "")]))
            throw ExitStatus.unwritableOutput
        }
        let outcomes: [(path: String, outcome: StagedFile.Outcome)]
        do {
            outcomes = try DataNamedFiles.write(files, replacing: overwrite)
        } catch {
            throw OutputWriter.fail(error)
        }
        // Made meanwhile by another program: kept, and said.
        let kept = outcomes.filter { $0.outcome == .kept }
        for (path, _) in kept { Console.error(say("appeared-meanwhile", ["name": path])) }
        if !kept.isEmpty { throw ExitStatus.unwritableOutput }
    }

    /// `fields/north.json` → `fields/north.pdf`.
    static func beside(_ input: String, extension newExtension: String) -> String {
        URL(fileURLWithPath: input).deletingPathExtension().appendingPathExtension(newExtension).path
    }

    /// `report.png` → `report-02.png` for page 2 of 12.
    static func numbered(_ path: String, page: Int, of count: Int) -> String {
        let url = URL(fileURLWithPath: path)
        let digits = String(count).count
        let number = String(repeating: "0", count: max(0, digits - String(page).count)) + String(page)
        let stem = url.deletingPathExtension().lastPathComponent
        let ext = url.pathExtension.isEmpty ? "png" : url.pathExtension
        return url.deletingLastPathComponent().appendingPathComponent("\(stem)-\(number).\(ext)").path
    }
}
