package import Foundation
package import OpenAPIRuntime
package import ReportKit

/// The routes of openapi.yaml, each a call of ReportKit's one-call pipeline.
package struct ReportAPI: APIProtocol {
    package init() {}

    package func makeReport(_ input: Operations.MakeReport.Input) async throws -> Operations.MakeReport.Output {
        let options = ReportOptions(template: input.query.template?.rawValue ?? "spray-report",
                                    theme: input.query.theme.flatMap { ThemeName(rawValue: $0.rawValue) } ?? .light,
                                    language: input.query.locale.flatMap { ReportLanguage(rawValue: $0.rawValue) })
        do {
            let report = try ReportGenerator(options: options).report(from: RawBody.bytes, output: .pdf)
            return .ok(.init(body: .pdf(HTTPBody(report.files[0]))))
        } catch {
            return .unprocessableContent(.init(body: .applicationProblemJson(Self.problem(error, status: 422))))
        }
    }

    package func validateJobs(_ input: Operations.ValidateJobs.Input) async throws -> Operations.ValidateJobs.Output {
        let check = input.query.recordCheck.flatMap { RecordJurisdiction(rawValue: $0.rawValue) }
        let document: JobDocument
        do {
            document = try JobDecoder.decodeDocument(RawBody.bytes)
        } catch {
            return .badRequest(.init(body: .applicationProblemJson(Self.problem(.input(error), status: 400))))
        }
        var diagnostics: [Components.Schemas.Diagnostic] = []
        var jobs = 0, valid = 0
        func add(_ checked: JobCheck, entry: HistoryEntry?) {
            jobs += 1
            if checked.plan != nil { valid += 1 }
            diagnostics += checked.records(entry: entry, record: check).map(Self.diagnostic)
        }
        switch document {
        case .job(let job): add(JobCheck(.success(job), record: check), entry: nil)
        case .history(let entries): for entry in entries { add(JobCheck(entry.result, record: check), entry: entry) }
        }
        return .ok(.init(body: .json(.init(jobs: jobs, valid: valid, diagnostics: diagnostics))))
    }

    package func listTemplates(_ input: Operations.ListTemplates.Input) async throws -> Operations.ListTemplates.Output {
        .ok(.init(body: .json(ReportDefinitions.builtIn.templateNames)))
    }

    package func health(_ input: Operations.Health.Input) async throws -> Operations.Health.Output {
        .ok(.init(body: .plainText("alive")))
    }

    /// A problem (RFC 9457) with the diagnostics report-gen would print.
    static func problem(_ error: ReportError, status: Int) -> Components.Schemas.Problem {
        let diagnostics: [Diagnostic] = if case .input(let input) = error { input.diagnostics } else { [] }
        return .init(_type: "about:blank", title: status == 400 ? "The input is not a job or a history" : "The job cannot be made into a report",
                     status: status, detail: error.description, diagnostics: diagnostics.map { Self.diagnostic(DiagnosticRecord($0)) })
    }

    static func diagnostic(_ record: DiagnosticRecord) -> Components.Schemas.Diagnostic {
        .init(entry: record.entry, line: record.line, id: record.id, file: record.file, path: record.path, rule: record.rule,
              severity: .init(rawValue: record.severity.rawValue) ?? .error, message: record.message)
    }
}
