import Foundation
import OpenAPIRuntime
import ReportKit

/// The routes of openapi.yaml, each a call of ReportKit's one-call pipeline in a render slot.
struct ReportAPI: APIProtocol {
    let service: ReportService

    init(service: ReportService) {
        self.service = service
    }

    func makeReport(_ input: Operations.MakeReport.Input) async throws -> Operations.MakeReport.Output {
        let query = input.query
        let template = query.template ?? "spray-report"
        guard service.settings.definitions.templateNames.contains(template), template != "history-summary", template != "spray-register" else {
            return .badRequest(.init(body: .applicationProblemJson(Problem.make(status: 400, title: "No such template",
                detail: "template \"\(template)\" is not a job template of this server; GET /v1/templates lists them"))))
        }
        var options = service.options(template: template, theme: query.theme.flatMap { ThemeName(rawValue: $0.rawValue) } ?? .light,
                                      language: query.locale.flatMap { ReportLanguage(rawValue: $0.rawValue) })
        options.pdfStandard = query.pdfStandard.flatMap { PDFStandard(rawValue: $0.rawValue) } ?? .archivalAccessible
        let png = query.format == .png
        let page = query.page ?? 1, dpi = query.dpi ?? 150
        // The document's ranges (a page of 0 once indexed out of the report's pages on a render
        // thread and ended the process) are refused before any work by QueryCheckMiddleware, from
        // the document itself; the page is checked against the report's own count below.

        let body = RawBody.bytes
        let pool = service.pool, reportOptions = options
        do {
            let file = try await service.render { () throws -> [UInt8] in
                let job = try JobSource.job(from: body)
                let report = try pool.withGenerator(reportOptions) { generator in
                    try generator.report(from: job, output: png ? .png(dpi: Double(dpi)) : .pdf)
                }
                guard (1...report.files.count).contains(page) else {
                    throw ReportError.input(InputError(at: .root, "the report has \(report.files.count) page(s); page \(page) was asked for"))
                }
                return png ? report.files[page - 1] : report.files[0]
            }
            ServerMetrics.made(png ? "png" : "report")
            return .ok(.init(body: png ? .png(HTTPBody(file)) : .pdf(HTTPBody(file))))
        } catch let refusal as Refusal {
            return switch Problem.refusal(refusal) {
            case .overloaded(let seconds, let problem): .tooManyRequests(.init(headers: .init(retryAfter: seconds), body: .applicationProblemJson(problem)))
            case .late(let problem): .serviceUnavailable(.init(body: .applicationProblemJson(problem)))
            }
        } catch let error as ReportError {
            let problem = Problem.report(error, language: reportOptions.language ?? .english)
            ServerMetrics.refused(problem.status == 503 ? "internal" : "input")
            switch problem.status {
            case 400: return .badRequest(.init(body: .applicationProblemJson(problem)))
            case 503: return .serviceUnavailable(.init(body: .applicationProblemJson(problem)))
            default: return .unprocessableContent(.init(body: .applicationProblemJson(problem)))
            }
        }
    }

    func validateJobs(_ input: Operations.ValidateJobs.Input) async throws -> Operations.ValidateJobs.Output {
        let check = input.query.recordCheck.flatMap { RecordJurisdiction(rawValue: $0.rawValue) }
        // The diagnostics' messages in the request's language, English without one.
        let language = input.query.locale.flatMap { ReportLanguage(rawValue: $0.rawValue) } ?? .english
        let bytes = RawBody.bytes, limit = service.settings.jobsPerBatch, catalogue = service.settings.catalogue
        let isJSONLines = Self.isJSONLines(input.body)
        // Checking a history plans every job: the work of a record, so held to its limits (the
        // jobs a request may hold, counted before any is decoded; a render slot; the deadline).
        let outcome: Result<Components.Schemas.Validation, InputError>
        do {
            outcome = try await service.render { () throws -> Result<Components.Schemas.Validation, InputError> in
                // A report PDF is checked as the job (or history) it carries, as the CLI checks it.
                let history: [UInt8]
                do throws(ReportError) {
                    history = try JobSource.job(from: bytes)
                } catch {
                    if case .input(let error) = error { return .failure(error) }
                    throw error
                }
                try SeasonRequest(bytes: history, isJSONLines: isJSONLines).checkCount(limit: limit)
                // The library's one walk over a history, as `report-gen validate` takes it: JSON,
                // JSON Lines, a report PDF; each entry checked, then what only the season shows.
                var diagnostics: [Components.Schemas.Diagnostic] = []
                var jobs = 0, valid = 0
                do throws(HistoryReadError) {
                    let walk = try HistoryWalk(bytes: history, name: isJSONLines ? "history.jsonl" : nil, record: check, catalogue: catalogue)
                    while let walked = try walk.next() {
                        jobs += 1
                        if walked.check.plan != nil { valid += 1 }
                        diagnostics += walked.records(language: language).map(Problem.diagnostic)
                    }
                    diagnostics += walk.seasonWarnings(language: language).map(Problem.diagnostic)
                } catch {
                    switch error {
                    case .invalid(let error): return .failure(error)
                    case .unreadable(let message): return .failure(InputError(at: .root, message))
                    }
                }
                return .success(.init(jobs: jobs, valid: valid, diagnostics: diagnostics))
            }
        } catch let refusal as Refusal {
            return switch Problem.refusal(refusal) {
            case .overloaded(let seconds, let problem): .tooManyRequests(.init(headers: .init(retryAfter: seconds), body: .applicationProblemJson(problem)))
            case .late(let problem): .serviceUnavailable(.init(body: .applicationProblemJson(problem)))
            }
        } catch let error as SeasonError {
            let problem = Problem.season(error, jobLimit: limit, language: language)
            ServerMetrics.refused(problem.status == 413 ? "too_large" : "input")
            return problem.status == 413 ? .contentTooLarge(.init(body: .applicationProblemJson(problem)))
                                         : .badRequest(.init(body: .applicationProblemJson(problem)))
        } catch let error as ReportError {
            // What the server lacks to read a report PDF (qpdf): its fault, not the client's.
            ServerMetrics.refused("internal")
            return .serviceUnavailable(.init(body: .applicationProblemJson(Problem.report(error))))
        }
        switch outcome {
        case .success(let validation): return .ok(.init(body: .json(validation)))
        case .failure(let error):
            ServerMetrics.refused("input")
            return .badRequest(.init(body: .applicationProblemJson(Problem.report(.input(error), status: 400, language: language))))
        }
    }

    func listTemplates(_ input: Operations.ListTemplates.Input) async throws -> Operations.ListTemplates.Output {
        .ok(.init(body: .json(service.settings.definitions.templateNames)))
    }

    func health(_ input: Operations.Health.Input) async throws -> Operations.Health.Output {
        .ok(.init(body: .plainText("alive\n")))
    }

    func ready(_ input: Operations.Ready.Input) async throws -> Operations.Ready.Output {
        if let problem = service.readiness() {
            return .serviceUnavailable(.init(body: .applicationProblemJson(Problem.make(status: 503, title: "Not ready", detail: problem))))
        }
        return .ok(.init(body: .plainText("ready\n")))
    }

    func metrics(_ input: Operations.Metrics.Input) async throws -> Operations.Metrics.Output {
        .ok(.init(body: .plainText(HTTPBody(ServerMetrics.text()))))
    }
}

/// A job from a request's body: JSON as sent, or the job a report PDF carries.
enum JobSource {
    static func job(from body: [UInt8]) throws(ReportError) -> [UInt8] {
        guard PDFAttachmentReader.isPDF(body.prefix(5)) else { return body }
        do {
            return try PDFAttachmentReader.jobInput(inPDF: body, name: "the PDF sent")
        } catch {
            // qpdf missing is the server's fault (503); a PDF it cannot take a job from, the client's (422).
            if error.missingDependency { throw .render(error) }
            throw .input(InputError(at: .root, error.description))
        }
    }
}
