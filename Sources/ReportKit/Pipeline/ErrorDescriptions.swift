import FoundationEssentials

// Every public error of ReportKit reads the same however it is printed: `"\(error)"`,
// `error.description`, or Foundation's `error.localizedDescription` (which, without
// `LocalizedError`, says only "The operation could not be completed").

extension ReportError: LocalizedError {
    public var errorDescription: String? { description }
}

extension InputError: LocalizedError {
    public var errorDescription: String? { description }
}

extension DefinitionError: LocalizedError {
    public var errorDescription: String? { description }
}

extension LayoutError: LocalizedError {
    public var errorDescription: String? { description }
}

extension RenderError: LocalizedError {
    public var errorDescription: String? { description }
}

extension HistoryReadError: LocalizedError {
    public var errorDescription: String? { description }
}

extension InputFileError: LocalizedError {
    public var errorDescription: String? { description }
}

extension BatchError: LocalizedError {
    public var errorDescription: String? { description }
}

extension RecordExportError: LocalizedError {
    public var errorDescription: String? { description }
}
