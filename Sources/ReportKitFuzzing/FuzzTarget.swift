/// The six ways hostile bytes enter ReportKit, each run the way report-gen runs it, with the
/// promises a user relies on checked after every run.
///
/// The libFuzzer executables in `Fuzz/` pass every input they make to ``FuzzSession/run(_:_:)``;
/// the test suite passes every file of `Tests/Fuzz/regressions`, so a finding fixed once stays fixed. A
/// broken promise is returned, not trapped on, so that a test can show it; the fuzz executables
/// stop on it.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Bytes as an input file: parsed, decoded and validated as one job or a history, and each
    /// accepted job planned.
    case input
    /// Bytes as a template file: loaded, and when accepted used for a real job's report, laid
    /// out and drawn as a PDF.
    case template
    /// Bytes as `report-gen INPUT -o OUT.pdf` sees them: one job to a PDF in memory.
    case pipeline
    /// Bytes as a tokens file (`--tokens`): loaded for both themes, and when accepted used with
    /// every built-in template for a real job's report, laid out and drawn as a PDF.
    case tokens
    /// Bytes as a PDF someone sent (`report-gen extract`, or a report given as the input): its
    /// attached files read back within their limits, and named safely for `extract --all`.
    case pdf
    /// Bytes as a terminal's task data (`record TASKDATA/`) and as a binary time log: read, the
    /// logged tasks made into jobs, and those decoded as any input is.
    case taskdata
}
