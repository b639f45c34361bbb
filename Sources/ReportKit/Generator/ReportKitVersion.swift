/// The version of ReportKit and report-gen, and of the libraries that shape its output.
package enum ReportKitVersion {
    public static let current = "0.4.0"

    /// "0.4.0 (cairo 1.16.0, made for cairo 1.16; commit 1a2b3c4d5e6f)": the version, with the
    /// cairo running and the one the finishing stage was made for (``CairoOutputContract``), and
    /// the commit built (``commit``); a cairo it was not made for is named as such.
    public static var withLibraries: String {
        let cairo = CairoOutputContract.runtimeVersion
        let fit = CairoOutputContract.runtimeProblem == nil ? "made for \(CairoOutputContract.supportedDescription)"
            : "NOT SUPPORTED: PDFs need \(CairoOutputContract.supportedDescription)"
        return "\(current) (cairo \(cairo), \(fit); commit \(commit ?? "unknown: not built from a git checkout"))"
    }
}
