import Foundation
import Hummingbird
import ReportKit

/// The drop page's routes: the page, its check and its download, all plain form posts
/// (multipart/form-data) so the page works without JavaScript.
enum DropRoutes {
    static func add(to router: Router<BasicRequestContext>, api: ReportAPI) {
        router.get("/") { request, _ in
            let language = request.uri.queryParameters["lang"].map(String.init) ?? preferredLanguage(request.headers[.acceptLanguage])
            let texts = DropPageTexts.texts(for: language)
            return html(DropPage.page(texts, asksForToken: !api.service.settings.tokens.isEmpty))
        }
        router.post("/drop/check") { request, _ in
            let fragment = request.uri.queryParameters["fragment"] == "1"
            if let refusal = tooManyParts(request) { return refusal }
            let asksForToken = !api.service.settings.tokens.isEmpty
            let deadline = api.service.deadline()
            let form: DropForm?
            switch await readForm(request, api: api, until: deadline, fragment: fragment) {
            case .read(let read): form = read
            case .refused(let response): return response
            }
            let texts = DropPageTexts.texts(for: form?.language ?? "pl")
            let section: String
            var status = HTTPResponse.Status.ok
            if let refusal = authorisation(form, api: api) {
                (section, status) = (DropPage.failure(refusal, texts: texts), .unauthorized)
            } else if let form, let bytes = form.file {
                do {
                    let check = try await checked(form, bytes: bytes, api: api, suggesting: true, until: deadline)
                    section = DropCheckSection(check: check, form: form, texts: texts, words: DropFormWords(language: form.language),
                                               fileKept: fragment, bytes: bytes).html
                    if !check.answersTaken { status = .unprocessableContent }
                } catch {
                    (section, status) = failure(error, texts: texts, limit: api.service.settings.jobsPerBatch)
                }
            } else {
                (section, status) = (DropPage.failure(texts.chooseFile, texts: texts), .badRequest)
            }
            if fragment { return html(section, status: status) }
            return html(DropPage.page(texts, form: form, result: section, asksForToken: asksForToken), status: status)
        }
        router.post("/drop/download") { request, _ in
            if let refusal = tooManyParts(request) { return refusal }
            let asksForToken = !api.service.settings.tokens.isEmpty
            let deadline = api.service.deadline()
            let form: DropForm?
            switch await readForm(request, api: api, until: deadline, fragment: false) {
            case .read(let read): form = read
            case .refused(let response): return response
            }
            let texts = DropPageTexts.texts(for: form?.language ?? "pl")
            if let refusal = authorisation(form, api: api) {
                return html(DropPage.page(texts, form: form, result: DropPage.failure(refusal, texts: texts), asksForToken: asksForToken), status: .unauthorized)
            }
            guard let form, let bytes = form.file else {
                return html(DropPage.page(texts, form: form, result: DropPage.failure(texts.chooseFile, texts: texts), asksForToken: asksForToken), status: .badRequest)
            }
            do {
                // The answers as the check took them; refused ones send the form back, marked.
                let check = try await checked(form, bytes: bytes, api: api, suggesting: false, until: deadline)
                guard check.answersTaken else {
                    let section = DropCheckSection(check: check, form: form, texts: texts, words: DropFormWords(language: form.language),
                                                   fileKept: false, bytes: bytes).html
                    return html(DropPage.page(texts, form: form, result: section, asksForToken: asksForToken), status: .unprocessableContent)
                }
                return try await download(form.seasonRequest(bytes: bytes, answers: check.answers), api: api)
            } catch {
                let (section, status) = failure(error, texts: texts, limit: api.service.settings.jobsPerBatch)
                return html(DropPage.page(texts, form: form, result: section, asksForToken: asksForToken), status: status)
            }
        }
    }

    /// The form, read in a render slot within the request's deadline: the parser's time grows
    /// with the parts (up to ``DropForm/maximumParts``), so reading it is work like any other, and
    /// a full queue answers 429 before anything is parsed.
    /// A refusal (a full queue, the deadline) is the page, or its section for the page's script,
    /// in the browser's language.
    private static func readForm(_ request: Request, api: ReportAPI, until deadline: ContinuousClock.Instant, fragment: Bool) async -> FormRead {
        let (body, type) = (RawBody.bytes, request.headers[.contentType])
        do {
            return .read(try await api.service.render(until: deadline) { DropForm.decode(body, contentType: type) })
        } catch {
            let texts = DropPageTexts.texts(for: preferredLanguage(request.headers[.acceptLanguage]))
            let (section, status) = failure(error, texts: texts, limit: api.service.settings.jobsPerBatch)
            let page = fragment ? section : DropPage.page(texts, result: section, asksForToken: !api.service.settings.tokens.isEmpty)
            return .refused(html(page, status: status))
        }
    }

    private enum FormRead {
        /// The form, or nil when the body is not multipart/form-data.
        case read(DropForm?)
        case refused(Response)
    }

    /// The season checked with the form's answers, in a render slot within the deadline.
    private static func checked(_ form: DropForm, bytes: [UInt8], api: ReportAPI, suggesting: Bool,
                                until deadline: ContinuousClock.Instant) async throws -> DropCheck {
        let (limit, catalogue) = (api.service.settings.jobsPerBatch, api.service.settings.catalogue)
        return try await api.service.render(until: deadline) {
            try DropCheck(form: form, bytes: bytes, limit: limit, suggesting: suggesting, catalogue: catalogue)
        }
    }

    /// One file when one was asked for (the register, the CSV, one job's report), else the ZIP.
    private static func download(_ request: SeasonRequest, api: ReportAPI) async throws -> Response {
        let export = SeasonExport(request: request, service: api.service)
        let files = try await export.files(jobLimit: api.service.settings.jobsPerBatch)
        let made = files.filter { !$0.path.hasPrefix("summary.") }
        if made.count == 1, let file = made.first {
            ServerMetrics.made("download")
            let name = file.path.split(separator: "/").last.map(String.init) ?? file.path
            return Response(status: .ok, headers: [.contentType: file.contentType, .contentDisposition: "attachment; filename=\"\(name)\""],
                            body: .init(byteBuffer: ByteBuffer(bytes: file.bytes)))
        }
        let zip = try await export.zipped(files)
        ServerMetrics.made("batch")
        return Response(status: .ok, headers: [.contentType: "application/zip", .contentDisposition: "attachment; filename=\"season.zip\""],
                        body: .init(byteBuffer: ByteBuffer(bytes: zip)))
    }

    /// A form with more parts than the page's is refused before it is parsed (413).
    private static func tooManyParts(_ request: Request) -> Response? {
        guard DropForm.hasTooManyParts(RawBody.bytes, contentType: request.headers[.contentType]) else { return nil }
        ServerMetrics.refused("too_large")
        return ProblemResponse.make(status: .contentTooLarge, title: "Too many parts",
                                    detail: "the form has more than \(DropForm.maximumParts) parts; the drop page sends \(DropForm.maximumParts) at most")
    }

    /// Why the form may not be served: a server with tokens asks for one.
    private static func authorisation(_ form: DropForm?, api: ReportAPI) -> String? {
        let tokens = api.service.settings.tokens
        guard !tokens.isEmpty else { return nil }
        guard let token = form?.token, BearerTokenMiddleware<BasicRequestContext>.accepts(token, in: tokens) else {
            return PageWords(ReportLanguage(rawValue: form?.language ?? "pl") ?? .polish)("accessKey")
        }
        return nil
    }

    private static func failure(_ error: any Error, texts: DropPageTexts, limit: Int) -> (String, HTTPResponse.Status) {
        switch error {
        // In the page's words: a farmer is told what to do, not the API's problem.
        case let refusal as Refusal:
            switch Problem.refusal(refusal) {
            case .overloaded: return (DropPage.failure(texts.busy, texts: texts), .tooManyRequests)
            case .late: return (DropPage.failure(texts.unavailable, texts: texts), .serviceUnavailable)
            }
        case let season as SeasonError:
            let language = ReportLanguage(rawValue: texts.language) ?? .polish
            let problem = Problem.season(season, jobLimit: limit, language: language)
            let word = PageWords(language)
            let detail = switch season {
            case .tooManyJobs(let count, let limit): word("tooManyJobs", ["count": count.map(String.init) ?? "> \(limit)", "limit": String(limit)])
            case .noValidJob(let entries): word("noValidJob", ["count": String(entries.count)])
            case .notAHistory, .unreadable: problem.detail ?? problem.title
            }
            let details = problem.diagnostics.map { list in list.prefix(20).map { "\($0.path): \($0.message)" } } ?? []
            return (DropPage.failure(([detail] + details).joined(separator: "; "), texts: texts), .init(code: problem.status))
        default:
            return (DropPage.failure("\(error)", texts: texts), .unprocessableContent)
        }
    }

    /// The first of Polish, German and English the browser asks for, else Polish.
    static func preferredLanguage(_ header: String?) -> String {
        let tags = (header ?? "").lowercased().split(separator: ",").map { $0.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) ?? "" }
        for tag in tags {
            for language in ["pl", "de", "en"] where tag.hasPrefix(language) { return language }
        }
        return "pl"
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
                 body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
