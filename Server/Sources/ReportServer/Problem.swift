import Foundation
import ReportKit

/// Errors as RFC 9457 problems, with the JSON paths and messages report-gen prints; a job's
/// findings in the request's `locale` (English without one), with the same codes in each.
enum Problem {
    typealias Body = Components.Schemas.Problem

    static func make(status: Int, title: String, detail: String, code: String? = nil, diagnostics: [Diagnostic] = [],
                     language: ReportLanguage = .english) -> Body {
        .init(_type: "about:blank", title: title, status: status, detail: detail, code: code,
              diagnostics: diagnostics.isEmpty ? nil : diagnostics.map { diagnostic(DiagnosticRecord($0, language: language)) })
    }

    /// A report that could not be made, and whose fault: the server's when what it draws with
    /// is missing or broken (503: cairo, fonts, the colour profile, its templates), the client's
    /// otherwise: 400 when the body is not a job at all (its diagnostics' codes say not JSON, or
    /// JSON of another kind), else 422. Chosen from the error's kind and the diagnostics' codes,
    /// never from message text.
    static func report(_ error: ReportError, status: Int? = nil, language: ReportLanguage = .english) -> Body {
        switch error {
        case .render, .definition:
            return make(status: 503, title: "The server cannot make reports now", detail: error.description, code: error.code)
        case .input(let input):
            let status = status ?? (input.isNotAJob ? 400 : 422)
            return make(status: status, title: status == 400 ? "The body is not a job or a history" : "The job cannot be made into a report",
                        detail: input.description(in: language), diagnostics: input.diagnostics, language: language)
        case .layout:
            return make(status: status ?? 422, title: "The job cannot be made into a report", detail: error.description, code: error.code)
        }
    }

    /// A season that could not be made into its files.
    static func season(_ error: SeasonError, jobLimit: Int, language: ReportLanguage = .english) -> Body {
        switch error {
        case .notAHistory(let error):
            let diagnostics: [Diagnostic] = if case .invalid(let input) = error { input.diagnostics } else { [] }
            let detail = if case .invalid(let input) = error { input.description(in: language) } else { error.description }
            return make(status: 400, title: "The body is not a job or a history", detail: detail, diagnostics: diagnostics, language: language)
        case .tooManyJobs(let count, let limit):
            return make(status: 413, title: "Too many jobs",
                        detail: "the history has \(count.map { "\($0)" } ?? "more than \(limit)") jobs; this server takes at most \(limit) a request (split the season)")
        case .noValidJob(let entries):
            let diagnostics = entries.flatMap { entry in
                (try? entry.result.get()) == nil ? (entry.result.failureDiagnostics) : []
            }
            return make(status: 422, title: "No valid job", detail: "none of the \(entries.count) entries is a valid job", diagnostics: diagnostics,
                        language: language)
        case .unreadable(let message):
            return make(status: 422, title: "The season cannot be made", detail: message)
        }
    }

    enum Refused {
        case overloaded(Int, Body)
        case late(Body)
    }

    static func refusal(_ refusal: Refusal) -> Refused {
        switch refusal {
        case .overloaded(let seconds):
            .overloaded(seconds, make(status: 429, title: "Too many requests",
                                      detail: "every render slot and the queue are taken; try again in \(seconds) s"))
        case .deadlinePassed:
            .late(make(status: 503, title: "Out of time", detail: "the request took longer than the server's deadline"))
        }
    }

    static func diagnostic(_ record: DiagnosticRecord) -> Components.Schemas.Diagnostic {
        .init(entry: record.entry, line: record.line, id: record.id, file: record.file, path: record.path, rule: record.rule, code: record.code,
              severity: .init(rawValue: record.severity.rawValue) ?? .error, message: record.message)
    }
}

extension Result where Failure == InputError {
    var failureDiagnostics: [Diagnostic] {
        if case .failure(let error) = self { error.diagnostics } else { [] }
    }
}
