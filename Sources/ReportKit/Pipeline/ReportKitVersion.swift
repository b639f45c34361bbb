/// The version of ReportKit and report-gen.
public enum ReportKitVersion {
    public static let current = "0.4.0"
}
