#if canImport(Glibc)
import Glibc
#endif

/// A failure in the output stage: a file that cannot be made, kept, replaced or written.
/// Its `code` is an `output.*` code of docs/diagnostics.md; report-gen answers every one with exit
/// 73, except an output that is one of the inputs (64).
package struct OutputError: ReportKitError, Equatable {
    /// What happened, by key where it has one, to tell in the user's language.
    package let text: MessageText
    /// What happened, in English.
    package var message: String { MessageCatalog.tell(text, in: .english) }
    /// The system's error number (errno) when a system call failed.
    package let systemError: Int32?
    /// True when the output named is one of the files being read: a usage mistake, refused
    /// before anything is written.
    package let overwritesInput: Bool
    /// True when the output is already there and was kept (a write asked not to replace it).
    package let outputExists: Bool
    /// `output.is-input`, `output.exists`, `output.no-folder`, `output.system` or, for any other
    /// refusal (a folder, a socket or a disk named, too many links, a stop by a signal),
    /// `output.not-writable`.
    package let code: String

    package init(_ message: String, systemError: Int32? = nil, overwritesInput: Bool = false, outputExists: Bool = false,
                 code: String? = nil) {
        self.init(.plain(message), systemError: systemError, overwritesInput: overwritesInput, outputExists: outputExists, code: code)
    }

    package init(_ text: MessageText, systemError: Int32? = nil, overwritesInput: Bool = false, outputExists: Bool = false,
                 code: String? = nil) {
        self.code = code ?? (overwritesInput ? "output.is-input" : outputExists ? "output.exists"
            : systemError != nil ? "output.system" : "output.not-writable")
        self.text = text
        self.systemError = systemError
        self.overwritesInput = overwritesInput
        self.outputExists = outputExists
    }

    package var description: String { message }

    /// True when the output's place takes no more files at all (disk or quota full, read-only,
    /// no permission, an I/O error), so that writing further files would fail the same way.
    package var outputIsUnusable: Bool { Self.leavesOutputUnusable(systemError) }

    /// Whether a system error (errno) means no further file can be written there either.
    package static func leavesOutputUnusable(_ systemError: Int32?) -> Bool {
        guard let systemError else { return false }
        return [ENOSPC, EDQUOT, EROFS, EACCES, EPERM, EIO].contains(systemError)
    }
}

extension RenderError {
    /// The output stage's failure, as the render stage reports it where drawing and writing are
    /// one step (a PDF streamed to its file, a workbook): the same message, code and flags.
    package init(_ output: OutputError) {
        self.init(output.text, systemError: output.systemError, overwritesInput: output.overwritesInput,
                  outputExists: output.outputExists, code: output.code)
    }
}
