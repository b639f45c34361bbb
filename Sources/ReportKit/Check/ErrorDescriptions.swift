import FoundationEssentials

/// ReportKit's public errors: each reads the same however a program prints it, `"\(error)"`,
/// `error.description` or Foundation's `error.localizedDescription` (which, for an error that is
/// not a `LocalizedError`, says only "The operation could not be completed"). Every message names
/// where the problem is (a file, a JSON path, a template node) and what is expected.
public protocol ReportKitError: LocalizedError, CustomStringConvertible {}

extension ReportKitError {
    public var errorDescription: String? { description }
}

extension ReportError: ReportKitError {}
extension InputError: ReportKitError {}
extension DefinitionError: ReportKitError {}
extension LayoutError: ReportKitError {}
extension RenderError: ReportKitError {}
extension HistoryReadError: ReportKitError {}
extension InputFileError: ReportKitError {}
extension BatchError: ReportKitError {}
extension RecordExportError: ReportKitError {}
extension CatalogueError: ReportKitError {}
