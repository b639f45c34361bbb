import ArgumentParser
import ReportKit

/// `--products FILE`: the product catalogue whose labels fill and check the jobs' products.
struct ProductsOption: ParsableArguments {
    static let help = ArgumentHelp(
        "A product catalogue (CSV or JSON, docs/product-catalogue.md): fills each product's authorisation number, kind, active ingredients and intervals from its label, and warns of an unknown or expired authorisation, a dose above the label's maximum, a growth stage outside its window and too many treatments in a season.",
        valueName: "path")
    static let completion = CompletionKind.file(extensions: ["csv", "json"])

    @Option(name: .customLong("products"), help: Self.help, completion: Self.completion)
    var path: String?

    func load() throws -> ProductCatalogue? { try Self.load(path) }

    /// The catalogue named, or nil; a file that cannot be read or used is reported and ends the
    /// run (66 unreadable, 65 not a catalogue).
    static func load(_ path: String?) throws -> ProductCatalogue? {
        guard let path else { return nil }
        let name = InputReader.displayName(path)
        let bytes: [UInt8]
        do {
            let handle = try InputReader.open(path, readingReports: false)
            bytes = try handle.read(upTo: JobLimits.maximumDocumentBytes + 1)
        } catch let exit as ExitCode {
            throw exit
        } catch {
            Console.error(say("cannot-be-read", ["name": name, "cause": "\(error)"]))
            throw ExitStatus.unreadableInput
        }
        if bytes.count > JobLimits.maximumDocumentBytes {
            Console.error(say("catalogue-too-large", ["name": name, "maximum": String(JobLimits.maximumDocumentBytes)]))
            throw ExitStatus.badData
        }
        do {
            return try ProductCatalogue.read(bytes, file: name)
        } catch {
            for problem in error.problems { Console.error("\(name): \(problem)") }
            throw ExitStatus.badData
        }
    }
}
