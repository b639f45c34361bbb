import FoundationEssentials
import Glibc

/// Where a batch writes.
package enum BatchDestination: Sendable {
    /// One PDF per job in this folder (which must exist).
    case folder(String)
    /// One document at this path: a cover, then every job.
    case combined(String)
}

/// Makes the reports of a whole history: `report-gen batch`. A bad entry does not stop the
/// others (unless ``BatchOptions/failFast``); each is reported through ``BatchEvents`` with its
/// index, id and the problems found, as the batch goes.
package struct BatchExporter: Sendable {
    public let options: BatchOptions
    public let destination: BatchDestination

    public init(options: BatchOptions, destination: BatchDestination) {
        self.options = options
        self.destination = destination
    }

    /// Loads the templates, theme and fonts once before any input is read, so that a mistake in
    /// them is reported once rather than for every job.
    public func checkSetup() throws(BatchError) {
        // A batch writes PDFs only: a cairo finishing was not made for is refused before any work.
        do throws(ReportError) {
            try ReportGenerator.requireSupportedCairo(for: .pdf)
        } catch {
            throw .setup(error)
        }
        let generator: ReportGenerator
        do {
            generator = try ReportGenerator(options: options.report)
        } catch {
            throw .setup(error)
        }
        guard generator.template.subject == .job else {
            throw .setup(.definition(DefinitionError(file: generator.template.file, at: JSONPath.root.appending("subject"),
                "is a template for a history's cover; a batch makes one report per job with a job template (a combined document's cover is its cover template)")))
        }
    }

    public func run(_ reader: HistoryReader, cancellation: BatchCancellation = BatchCancellation(),
                    events: BatchEvents = BatchEvents()) throws(BatchError) -> BatchSummary {
        try checkSetup()
        switch destination {
        case .folder(let folder):
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory else {
                throw .unwritable(RenderError(OutputError(MessageText("output.no-folder", ["folder": folder]), code: "output.no-folder")))
            }
            do {
                return try FolderExport(options: options, folder: folder).run(reader, cancellation: cancellation, events: events)
            } catch {
                throw .history(error)
            }
        case .combined(let path):
            return try CombinedExport(options: options, path: path).run(reader, cancellation: cancellation, events: events)
        }
    }
}
