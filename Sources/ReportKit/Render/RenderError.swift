#if canImport(Glibc)
import Glibc
#endif

/// A failure in the render stage: fonts, cairo, a library drawing a record's form, or the output
/// stage's failure (``OutputError``, package) met while drawing into a file, with its `output.*` code.
public struct RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What happened, by key where it has one (a file that cannot be written), else in the words
    /// of the library that failed.
    package let text: MessageText
    /// What happened, in English.
    public var message: String { message(in: .english) }
    /// The system's error number (errno) when a system call failed.
    public let systemError: Int32?
    /// True when the output named is one of the files being read: a usage mistake (exit 64),
    /// refused before anything is written.
    public let overwritesInput: Bool
    /// True when something the tool needs is not installed (a library it opens when needed):
    /// nothing is wrong with the input (exit 69).
    public let missingDependency: Bool
    /// True when the output is already there and was kept (a write asked not to replace it).
    public let outputExists: Bool
    /// True when a library writing the output (libxlsxwriter, libxml2's writer, zlib) failed
    /// without a system error to name: the output could not be made (exit 73), which is neither
    /// the input's fault nor a missing dependency.
    public let writeFailed: Bool
    /// What it is, stable across versions, for programs to act on (docs/diagnostics.md, "A run's
    /// failures"): `render.cairo-series`, `output.exists`. Given, else told by the flags above.
    public let code: String

    public init(_ message: String, systemError: Int32? = nil, overwritesInput: Bool = false, missingDependency: Bool = false,
                outputExists: Bool = false, writeFailed: Bool = false, code: String? = nil) {
        self.init(.plain(message), systemError: systemError, overwritesInput: overwritesInput, missingDependency: missingDependency,
                  outputExists: outputExists, writeFailed: writeFailed, code: code)
    }

    package init(_ text: MessageText, systemError: Int32? = nil, overwritesInput: Bool = false, missingDependency: Bool = false,
                 outputExists: Bool = false, writeFailed: Bool = false, code: String? = nil) {
        self.code = code ?? (overwritesInput ? "output.is-input" : outputExists ? "output.exists" : writeFailed ? "output.write-failed"
            : systemError != nil ? "output.system" : missingDependency ? "render.missing-dependency" : "render.failed")
        self.writeFailed = writeFailed
        self.outputExists = outputExists
        self.text = text
        self.systemError = systemError
        self.overwritesInput = overwritesInput
        self.missingDependency = missingDependency
    }

    public var description: String { message }

    /// What happened, in `language` (the words of `definitions`' locale file); a system's or a
    /// library's own words stay as they said them.
    public func message(in language: ReportLanguage, definitions: ReportDefinitions = .builtIn) -> String {
        MessageCatalog.tell(text, in: language, definitions: definitions)
    }

    /// True when the output's place takes no more files at all (disk or quota full, read-only,
    /// no permission, an I/O error), so that writing further files would fail the same way.
    public var outputIsUnusable: Bool { OutputError.leavesOutputUnusable(systemError) }
}
