import ReportKit

/// What the checks load once and use for every input: the built-in theme, template and locales,
/// a text engine, and a real job to fill templates with. Not shared between threads (its text
/// engine is not), so each fuzz process or test makes its own.
public final class FuzzSession {
    let generator: ReportGenerator
    /// The plan of `SampleJob.bytes`, the job every fuzzed template is filled with.
    let samplePlan: SprayPlan

    public init() throws {
        generator = try ReportGenerator(options: ReportOptions())
        samplePlan = try generator.plan(try JobDecoder.decodeJob(SampleJob.bytes))
    }

    /// Runs one input through `target`; returns the promises it broke (empty when all held).
    public func run(_ target: FuzzTarget, _ bytes: [UInt8]) -> [String] {
        switch target {
        case .input: return InputCheck.run(bytes)
        case .template: return TemplateCheck.run(bytes, session: self)
        case .pipeline: return PipelineCheck.run(bytes, session: self)
        case .tokens: return TokensCheck.run(bytes, session: self)
        case .pdf: return PDFCheck.run(bytes)
        case .taskdata: return TaskDataCheck.run(bytes)
        }
    }
}

/// A typical job with every optional field, so a template's conditions meet real data.
enum SampleJob {
    static let bytes = Array("""
    {"version": 1, "id": "fuzz-sample", "locale": "pl", "title": "Oprysk herbicydowy",
     "date": "2026-04-14T07:30:00+02:00", "author": "Wojciech Olszak",
     "field": {"name": "Działka 12", "crop": "pszenica ozima", "area": {"value": 12.5, "unit": "ha"}},
     "sprayRate": {"value": 200, "unit": "L/ha"},
     "tank": {"capacity": {"value": 1000, "unit": "L"}, "loads": "fullThenPartial"},
     "water": "fillToVolume",
     "products": [
       {"name": "Roundup 360 SL", "rate": {"value": 1.5, "unit": "L/ha"}, "authorisation": "R-12/2019"},
       {"name": "Siarczan amonu", "rate": {"value": 2, "unit": "kg/ha"}},
       {"name": "Adiuwant", "rate": {"value": 0.1, "unit": "%"}}],
     "operator": "Jan Kowalski", "target": "chwasty dwuliścienne", "growthStage": "BBCH 31",
     "weather": "8 °C, wiatr 2 m/s", "notes": "Zabieg wykonany przed południem."}
    """.utf8)
}
