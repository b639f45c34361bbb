import Foundation
import OpenAPIRuntime
import ReportKit

/// The routes of a whole season: its record, and its ZIP.
extension ReportAPI {
    func makeRecord(_ input: Operations.MakeRecord.Input) async throws -> Operations.MakeRecord.Output {
        let query = input.query
        let format = query.format ?? .csv
        var options = service.options(template: "spray-register", theme: query.theme.flatMap { ThemeName(rawValue: $0.rawValue) } ?? .light,
                                      language: query.locale.flatMap { ReportLanguage(rawValue: $0.rawValue) })
        options.pdfStandard = .archivalAccessible
        let form: RecordExporter.Form = switch format {
        case .csv: .data(.csv)
        case .csvExcelPl: .data(.csvExcelPolish)
        case .json: .data(.json)
        case .xlsx: .workbook(options)
        case .register: .register(options)
        }
        let request = SeasonRequest(bytes: RawBody.bytes, isJSONLines: Self.isJSONLines(input.body))
        let check = query.recordCheck.flatMap { RecordJurisdiction(rawValue: $0.rawValue) }
        let limit = service.settings.jobsPerBatch
        let catalogue = service.settings.catalogue
        do {
            let (bytes, summary) = try await service.render { () throws -> ([UInt8], RecordSummary) in
                try request.checkCount(limit: limit)
                var bytes: [UInt8] = []
                let summary = try RecordExporter(form: form, check: check, catalogue: catalogue).export(try request.reader(), into: { bytes += $0 })
                return (bytes, summary)
            }
            // A record of nothing is no record: with no valid job the CLI refuses, and so does this.
            guard summary.entries > summary.invalid else {
                return Self.seasonProblem(Problem.make(status: 422, title: "No record to make",
                    detail: summary.entries == 0 ? "the history holds no job" : "none of the history's \(summary.entries) entries is a valid job; POST /v1/validate lists why"))
            }
            ServerMetrics.made(format == .register ? "register" : format == .xlsx ? "workbook" : "record")
            let headers = Operations.MakeRecord.Output.Ok.Headers(recordEntries: summary.entries, recordLines: summary.lines,
                                                                  recordInvalid: summary.invalid, recordIncomplete: summary.incomplete)
            let body: Operations.MakeRecord.Output.Ok.Body = switch format {
            case .csv, .csvExcelPl: .csv(HTTPBody(bytes))
            case .json: .json(try JSONDecoder().decode(OpenAPIValueContainer.self, from: Data(bytes)))
            case .xlsx: .applicationVnd_openxmlformatsOfficedocument_spreadsheetml_sheet(HTTPBody(bytes))
            case .register: .pdf(HTTPBody(bytes))
            }
            return .ok(.init(headers: headers, body: body))
        } catch let refusal as Refusal {
            return switch Problem.refusal(refusal) {
            case .overloaded(let seconds, let problem): .tooManyRequests(.init(headers: .init(retryAfter: seconds), body: .applicationProblemJson(problem)))
            case .late(let problem): .serviceUnavailable(.init(body: .applicationProblemJson(problem)))
            }
        } catch let error as SeasonError {
            return Self.seasonProblem(Problem.season(error, jobLimit: limit, language: options.language ?? .english))
        } catch let error as RecordExportError {
            return Self.seasonProblem(Problem.make(status: 422, title: "The record cannot be made", detail: error.description))
        }
    }

    private static func seasonProblem(_ problem: Problem.Body) -> Operations.MakeRecord.Output {
        ServerMetrics.refused(problem.status == 413 ? "too_large" : "input")
        switch problem.status {
        case 400: return .badRequest(.init(body: .applicationProblemJson(problem)))
        case 413: return .contentTooLarge(.init(body: .applicationProblemJson(problem)))
        default: return .unprocessableContent(.init(body: .applicationProblemJson(problem)))
        }
    }

    func makeBatch(_ input: Operations.MakeBatch.Input) async throws -> Operations.MakeBatch.Output {
        let query = input.query
        var request = SeasonRequest(bytes: RawBody.bytes, isJSONLines: Self.isJSONLines(input.body))
        if let outputs = query.outputs, !outputs.isEmpty { request.outputs = Set(outputs.compactMap { SeasonRequest.Output(rawValue: $0.rawValue) }) }
        request.theme = query.theme.flatMap { ThemeName(rawValue: $0.rawValue) } ?? .light
        request.language = query.locale.flatMap { ReportLanguage(rawValue: $0.rawValue) }
        do {
            let zip = try await season(request)
            return .ok(.init(body: .applicationZip(HTTPBody(zip))))
        } catch let refusal as Refusal {
            return switch Problem.refusal(refusal) {
            case .overloaded(let seconds, let problem): .tooManyRequests(.init(headers: .init(retryAfter: seconds), body: .applicationProblemJson(problem)))
            case .late(let problem): .serviceUnavailable(.init(body: .applicationProblemJson(problem)))
            }
        } catch let error as SeasonError {
            let problem = Problem.season(error, jobLimit: service.settings.jobsPerBatch, language: request.language ?? .english)
            ServerMetrics.refused(problem.status == 413 ? "too_large" : "input")
            switch problem.status {
            case 400: return .badRequest(.init(body: .applicationProblemJson(problem)))
            case 413: return .contentTooLarge(.init(body: .applicationProblemJson(problem)))
            default: return .unprocessableContent(.init(body: .applicationProblemJson(problem)))
            }
        }
    }

    /// A season's ZIP: its history read in a render slot, each file drawn as a part of the season
    /// (``SeasonExport``).
    func season(_ request: SeasonRequest) async throws -> [UInt8] {
        let export = SeasonExport(request: request, service: service)
        let zip = try await export.zipped(try await export.files(jobLimit: service.settings.jobsPerBatch))
        ServerMetrics.made("batch")
        return zip
    }

    /// Whether the body was sent as JSON Lines (its first line would tell too).
    static func isJSONLines(_ body: Components.RequestBodies.History) -> Bool {
        switch body {
        case .applicationXNdjson, .applicationJsonl: true
        case .json, .pdf: false
        }
    }
}
