#if canImport(Glibc)
internal import CMalloc
import Glibc
#endif

/// The choices ReportKit can make for a whole process, in one place. Each makes a program faster
/// and none changes a byte ReportKit makes: a program that never calls ``prepare(_:)`` gets the
/// same reports, only slower. They are process-wide (the environment, the C libraries' global
/// state), so a program makes them once, first thing, before it starts a thread; report-gen makes
/// them all, except ``Choices/compressionInFinishing`` for a combined document.
///
/// What would change ReportKit's output without the program choosing it is refused where it would
/// matter (``environmentProblem(drawingIntoFile:)``).
public enum ReportKitProcess {
    /// The choices.
    public struct Choices: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// fontconfig's default configuration made empty: ReportKit draws only with its own fonts
        /// from a private configuration, yet Pango would load the system's whole configuration
        /// (about 4 ms) when the first font map is made. Not for a program that draws text with
        /// fontconfig itself.
        public static let privateFontsOnly = Choices(rawValue: 1 << 0)
        /// cairo leaves page content uncompressed (`CAIRO_DEBUG_PDF=1`, the only way cairo 1.16
        /// offers) and finishing, which rewrites it anyway, compresses it once (about 3 % of a
        /// report's instructions). Only for a program that finishes every PDF in memory
        /// (``ReportGenerator/report(from:output:)``): a document drawn into its file
        /// (``PDFFileWriter``, a combined document) refuses to start with it.
        public static let compressionInFinishing = Choices(rawValue: 1 << 1)
        /// glibc keeps freed blocks of up to 32 MB instead of handing them back to the kernel
        /// after every report (about 120 page faults a report, 5 % of a batch's CPU time); under
        /// a limit on the address space (`ulimit -v`), one malloc arena for every thread.
        public static let keepFreedMemory = Choices(rawValue: 1 << 2)

        public static let all: Choices = [.privateFontsOnly, .compressionInFinishing, .keepFreedMemory]
    }

    /// Makes `choices` for this process. Call once, before the first ``ReportGenerator`` and
    /// before starting any thread (`setenv` and `mallopt` are not thread-safe).
    public static func prepare(_ choices: Choices) {
        if choices.contains(.privateFontsOnly) { PangoTextEngine.useEmptyDefaultFontConfiguration() }
        if choices.contains(.compressionInFinishing) { setenv(cairoUncompressedVariable, "1", 1) }
        if choices.contains(.keepFreedMemory) { keepFreedMemory() }
    }

    /// The environment variable cairo 1.16 reads, each time it makes a PDF surface, to leave
    /// streams uncompressed.
    static let cairoUncompressedVariable = "CAIRO_DEBUG_PDF"

    /// Why the process's environment would change what ReportKit makes, or nil: cairo's
    /// uncompressed streams (``Choices/compressionInFinishing``, or the variable set by the
    /// user) would stay in a document finished by an update appended to its file.
    public static func environmentProblem(drawingIntoFile: Bool) -> String? {
        guard drawingIntoFile, let value = getenv(cairoUncompressedVariable), value.pointee != 0 else { return nil }
        return "\(cairoUncompressedVariable) is set in the environment: cairo would leave uncompressed streams in a document drawn into its file. Unset it"
    }

    private static func keepFreedMemory() {
        #if canImport(Glibc)
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 128 << 20)
        // Each thread's own arena reserves 64 MB of address space; under a limit on it one arena
        // leaves that room to the work.
        if AddressSpace.isLimited { _ = mallopt(M_ARENA_MAX, 1) }
        #endif
    }
}
