import Foundation
import Hummingbird
import HTTPTypes
import ReportKit
import ReportServer
import Testing

/// The report and validation routes against the router itself (RouterClient): a job
/// becomes a PDF or a PNG page, a report PDF re-opens as its job, a bad job is problem+json with
/// report-gen's JSON paths, a body over the limit is 413 before a handler runs.
@Suite struct RouterTests {
    static let job = { try! Repository.file("docs/examples/herbicide-pl.json") }()
    static let json: HTTPFields = [.contentType: "application/json"]

    @Test func aJobBecomesAPDF() async throws {
        try await testApp().test(.router) { client in
            try await client.execute(uri: "/v1/reports?template=tank-card", method: .post, headers: Self.json, body: ByteBuffer(bytes: Self.job)) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/pdf")
                #expect(Array(response.body.readableBytesView.prefix(5)) == Array("%PDF-".utf8))
                #expect(response.headers[HTTPField.Name("Request-Id")!]?.isEmpty == false, "every response names its request")
            }
        }
    }

    /// Request ids are 128 random bits: two requests' ids share no counter a client could read
    /// the server's traffic from (Hummingbird's own are a counter from a random start).
    @Test func requestIdsAreRandom() async throws {
        try await testApp().test(.router) { client in
            var ids: [String] = []
            for _ in 0..<3 {
                try await client.execute(uri: "/healthz", method: .get) { response in
                    ids.append(response.headers[HTTPField.Name("Request-Id")!] ?? "")
                }
            }
            #expect(ids.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) }, "\(ids)")
            #expect(Set(ids.map { $0.prefix(16) }).count == 3 && Set(ids.map { $0.suffix(16) }).count == 3, "\(ids)")
            let numbers = ids.compactMap { UInt64($0.suffix(16), radix: 16) }
            #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $1 &- $0 > 1_000_000 }, "not a counter: \(ids)")
        }
    }

    /// The query rules come from the OpenAPI document itself: each operation's enums and ranges,
    /// and the shared parameters under components, with what each takes said by name.
    @Test func queryRulesAreReadFromTheDocument() {
        let rules = QueryRules.document
        #expect(rules.rules["/v1/reports"]?["format"]?.allowed == ["pdf", "png"])
        #expect(rules.rules["/v1/records"]?["format"]?.allowed == ["csv", "csv-excel-pl", "json", "xlsx", "register"])
        #expect(rules.rules["/v1/reports"]?["page"]?.range == 1...1000 && rules.rules["/v1/reports"]?["dpi"]?.range == 36...300)
        #expect(rules.rules["/v1/batches"]?["outputs"]?.isList == true)
        #expect(rules.rules["*"]?["theme"]?.allowed == ["light", "dark"] && rules.rules["*"]?["template"]?.pattern != nil)
        #expect(rules.problem(path: "/v1/reports", query: [("theme", "nope")]) == "query parameter theme: expected light or dark, got \"nope\"")
        #expect(rules.problem(path: "/v1/batches", query: [("outputs", "reports,zips")])?.contains("reports, tankCards, register, csv, json, workbook or csvPolish") == true)
        #expect(rules.problem(path: "/v1/reports", query: [("format", "png"), ("page", "2"), ("template", "tank-card")]) == nil)
        #expect(rules.problem(path: "/v1/reports", query: [("template", "../x")]) != nil)
    }

    @Test func aReportPDFReopensAsItsJobAndDrawsAsAPNGPage() async throws {
        try await testApp().test(.router) { client in
            let pdf = try await client.execute(uri: "/v1/reports", method: .post, headers: Self.json, body: ByteBuffer(bytes: Self.job)).body
            try await client.execute(uri: "/v1/reports?format=png&dpi=50", method: .post, headers: [.contentType: "application/pdf"], body: pdf) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "image/png")
                #expect(Array(response.body.readableBytesView.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            }
            try await client.execute(uri: "/v1/reports?format=png&page=40", method: .post, headers: Self.json, body: ByteBuffer(bytes: Self.job)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(String(buffer: response.body).contains("page 40"))
            }
        }
    }

    @Test func aBadJobIsAProblemWithItsPaths() async throws {
        try await testApp().test(.router) { client in
            try await client.execute(uri: "/v1/reports", method: .post, headers: Self.json,
                                     body: ByteBuffer(string: #"{"version": 1, "field": {"area": {"value": -3, "unit": "ha"}}}"#)) { response in
                #expect(response.status == .unprocessableContent)
                #expect(response.headers[.contentType]?.hasPrefix("application/problem+json") == true)
                #expect(String(buffer: response.body).contains("$.field.area"))
            }
            try await client.execute(uri: "/v1/reports", method: .post, headers: Self.json, body: ByteBuffer(string: "[1, 2")) { response in
                #expect(response.status == .badRequest)
            }
        }
    }

    /// JSON that does not parse is refused by ReportKit's reader on every route that takes a job
    /// or a history, saying where it goes wrong, as report-gen says it.
    @Test func brokenJSONIsAProblemThatSaysWhere() async throws {
        try await testApp().test(.router) { client in
            for route in ["/v1/reports", "/v1/records", "/v1/batches", "/v1/validate"] {
                try await client.execute(uri: route, method: .post, headers: [.contentType: "application/json; charset=utf-8"],
                                         body: ByteBuffer(string: "{\"version\": 1,\n  \"field\": }")) { response in
                    let text = String(buffer: response.body)
                    #expect(response.status == .badRequest, "\(route)")
                    #expect(response.headers[.contentType]?.hasPrefix("application/problem+json") == true, "\(route)")
                    #expect(text.contains("line 2"), "\(route): \(text)")
                }
            }
        }
    }

    @Test func aTemplateIsANameNeverAPath() async throws {
        try await testApp().test(.router) { client in
            for template in ["../../etc/passwd", "history-summary", "nope"] {
                try await client.execute(uri: "/v1/reports?template=\(template)", method: .post, headers: Self.json, body: ByteBuffer(bytes: Self.job)) { response in
                    #expect(response.status == .badRequest, "\(template)")
                }
            }
            try await client.execute(uri: "/v1/templates", method: .get) { response in
                let names = try JSONDecoder().decode([String].self, from: Data(buffer: response.body))
                #expect(names.contains("spray-report") && names.contains("tank-card"))
            }
        }
    }

    @Test func validateGivesTheCLIsDiagnostics() async throws {
        try await testApp().test(.router) { client in
            try await client.execute(uri: "/v1/validate?recordCheck=pl", method: .post, headers: Self.json, body: ByteBuffer(bytes: Self.job)) { response in
                #expect(response.status == .ok)
                let body = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                #expect(body["jobs"] as? Int == 1 && body["valid"] as? Int == 1)
                let diagnostics = try #require(body["diagnostics"] as? [[String: Any]])
                #expect(diagnostics.contains { $0["rule"] as? String == "record.pl" })
            }
        }
    }

    /// `locale` tells the findings in the user's language, each with the code it has in English;
    /// a refused report's problem too.
    @Test func validateAndAProblemSpeakTheRequestsLanguage() async throws {
        try await testApp().test(.router) { client in
            var said: [String: [[String: Any]]] = [:]
            for locale in ["en", "de", "pl"] {
                try await client.execute(uri: "/v1/validate?recordCheck=de&locale=\(locale)", method: .post, headers: Self.json,
                                         body: ByteBuffer(bytes: Self.job)) { response in
                    let body = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                    said[locale] = try #require(body["diagnostics"] as? [[String: Any]])
                }
            }
            let english = try #require(said["en"]), german = try #require(said["de"]), polish = try #require(said["pl"])
            #expect(!english.isEmpty && german.count == english.count && polish.count == english.count)
            #expect(german.map { $0["code"] as? String } == english.map { $0["code"] as? String })
            let gap = try #require(german.first { ($0["code"] as? String)?.hasPrefix("record.de.") == true }, "\(german)")
            #expect((gap["message"] as? String)?.hasPrefix("die deutsche Aufzeichnung braucht") == true, "\(gap)")
            #expect(polish.contains { ($0["message"] as? String)?.hasPrefix("ewidencja niemiecka wymaga") == true }, "\(polish)")
            var broken = try #require(try JSONSerialization.jsonObject(with: Data(Self.job)) as? [String: Any])
            broken["sprayRate"] = ["value": -5, "unit": "L/ha"]
            try await client.execute(uri: "/v1/reports?locale=de", method: .post, headers: Self.json,
                                     body: ByteBuffer(data: try JSONSerialization.data(withJSONObject: broken))) { response in
                #expect(response.status == .unprocessableContent)
                let problem = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                let diagnostics = try #require(problem["diagnostics"] as? [[String: Any]])
                #expect(diagnostics.first?["message"] as? String == "muss größer als 0 sein, angegeben ist -5", "\(problem)")
                #expect(diagnostics.first?["code"] as? String == "input.range")
            }
        }
    }

    /// The validate route walks a history as `report-gen validate` does (the library's
    /// HistoryWalk): a report PDF is its job, JSON Lines are read line by line, one job names no
    /// entry, and each bad entry is located with its code.
    @Test func validateTakesWhatTheCLITakes() async throws {
        let job = try #require(try JSONSerialization.jsonObject(with: Data(Self.job)) as? [String: Any])
        var bad = job
        bad["sprayRate"] = ["value": -5, "unit": "L/ha"]
        func line(_ value: Any) throws -> String { String(decoding: try JSONSerialization.data(withJSONObject: value), as: UTF8.self) }
        try await testApp().test(.router) { client in
            var pdf: [UInt8] = []
            try await client.execute(uri: "/v1/reports", method: .post, headers: Self.json, body: ByteBuffer(bytes: Self.job)) { response in
                #expect(response.status == .ok)
                pdf = Array(buffer: response.body)
            }
            try await client.execute(uri: "/v1/validate", method: .post, headers: [.contentType: "application/pdf"], body: ByteBuffer(bytes: pdf)) { response in
                let body = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any]
                #expect(response.status == .ok && body?["valid"] as? Int == 1, "a report is its job: \(String(buffer: response.body))")
            }
            try await client.execute(uri: "/v1/records?format=csv", method: .post, headers: [.contentType: "application/pdf"], body: ByteBuffer(bytes: pdf)) { response in
                // The header, then a line a product of the report's job.
                let lines = String(buffer: response.body).split(whereSeparator: \.isNewline)
                #expect(response.status == .ok && response.headers[HTTPField.Name("Record-Lines")!] == "3" && lines.count == 4, "a report's record: \(lines)")
            }
            let lines = try line(job) + "\n" + line(bad) + "\n"
            try await client.execute(uri: "/v1/validate", method: .post, headers: [.contentType: "application/x-ndjson"], body: ByteBuffer(string: lines)) { response in
                let body = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                #expect(body["jobs"] as? Int == 2 && body["valid"] as? Int == 1, "\(body)")
                let errors = (body["diagnostics"] as? [[String: Any]] ?? []).filter { $0["severity"] as? String == "error" }
                #expect(errors.count == 1 && errors.first?["entry"] as? Int == 2 && errors.first?["code"] as? String == "input.range", "\(errors)")
            }
            try await client.execute(uri: "/v1/validate", method: .post, headers: [.contentType: "application/x-ndjson"], body: ByteBuffer(string: try line(bad) + "\n")) { response in
                let body = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                let errors = (body["diagnostics"] as? [[String: Any]] ?? []).filter { $0["severity"] as? String == "error" }
                #expect(!errors.isEmpty && errors.allSatisfy { $0["entry"] == nil }, "one job names no entry: \(errors)")
            }
        }
    }

    @Test func aBodyOverTheLimitIs413BeforeItIsRead() async throws {
        try await testApp(.with { $0.bodyLimit = 1_000 }).test(.router) { client in
            for uri in ["/v1/validate", "/v1/batches", "/drop/download"] {
                try await client.execute(uri: uri, method: .post, headers: Self.json,
                                         body: ByteBuffer(repeating: UInt8(ascii: " "), count: 5_000)) { response in
                    #expect(response.status == .contentTooLarge, "\(uri)")
                    #expect(response.headers[.contentType] == "application/problem+json")
                }
            }
        }
    }

    @Test func healthReadinessMetricsAndTheDocument() async throws {
        try await testApp().test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok) }
            try await client.execute(uri: "/readyz", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body) == "ready\n")
            }
            _ = try await client.execute(uri: "/v1/reports", method: .post, headers: Self.json, body: ByteBuffer(bytes: Self.job))
            try await client.execute(uri: "/metrics", method: .get) { response in
                let text = String(buffer: response.body)
                #expect(text.contains(#"report_gen_made_total{kind="report"}"#), "\(text.prefix(2_000))")
                #expect(text.contains("http_server_request_duration_bucket"), "a latency histogram")
                #expect(text.contains("http_server_active_requests"), "requests in flight")
            }
            try await client.execute(uri: "/openapi.yaml", method: .get) { response in
                // The served document is openapi.yaml with the job bodies described and their
                // schemas added (scripts/server-openapi-publish.py; its --check runs in
                // scripts/test-server.sh): taking those out gives the file back.
                let file = String(decoding: try Repository.file("Server/Sources/ReportServer/openapi.yaml"), as: UTF8.self)
                let served = String(buffer: response.body)
                #expect(served.contains("schema: {$ref: '#/components/schemas/JobOrHistory'}"))
                let published = ["    Job: ", "    Job_", "    AppEntry: ", "    JobOrHistory: "]
                let restored = served.replacingOccurrences(of: "schema: {$ref: '#/components/schemas/JobOrHistory'}", with: "schema: {}")
                    .split(separator: "\n", omittingEmptySubsequences: false).filter { line in !published.contains { line.hasPrefix($0) } }
                    .joined(separator: "\n")
                #expect(restored + "\n" == file, "the served document is openapi.yaml and the job schemas: run scripts/server-openapi-publish.py")
            }
        }
    }

    @Test func withTokensTheAPIAsksForOne() async throws {
        let token = "0123456789abcdef0123456789abcdef"
        try await testApp(.with { $0.tokens = [token] }).test(.router) { client in
            try await client.execute(uri: "/v1/templates", method: .get) { response in
                #expect(response.status == .unauthorized)
                #expect(response.headers[.wwwAuthenticate] == "Bearer")
            }
            try await client.execute(uri: "/v1/templates", method: .get, headers: [.authorization: "Bearer wrong"]) { #expect($0.status == .unauthorized) }
            try await client.execute(uri: "/v1/templates", method: .get, headers: [.authorization: "Bearer \(token)"]) { #expect($0.status == .ok) }
            try await client.execute(uri: "/healthz", method: .get) { #expect($0.status == .ok, "health stays open") }
        }
    }

    /// Every spelling of every API path a router might still match (empty segments, dot
    /// segments, percent-encoding, case, a trailing slash) asks for the token: none is served.
    @Test(arguments: ["/v1/reports", "/v1/records", "/v1/batches", "/v1/validate", "/v1/templates"])
    func noSpellingOfAPathSkipsTheToken(path: String) async throws {
        let token = "0123456789abcdef0123456789abcdef"
        let rest = String(path.dropFirst(4))
        let spellings = ["//v1/\(rest)", "/v1//\(rest)", "///v1///\(rest)", "/./v1/\(rest)", "/v1/./\(rest)", "/v1/../v1/\(rest)",
                         "/%76%31/\(rest)", "/v1/%\(String(rest.utf8.first!, radix: 16))\(rest.dropFirst())", "/V1/\(rest)",
                         "/v1/\(rest.uppercased())", "\(path)/", "\(path)//", "/v1/\(rest);x", "/v1", "/v1/"]
        try await testApp(.with { $0.tokens = [token] }).test(.router) { client in
            for spelling in spellings {
                for method in [HTTPRequest.Method.get, .post, .head] {
                    try await client.execute(uri: spelling, method: method, headers: Self.json, body: ByteBuffer(bytes: Self.job)) { response in
                        #expect(response.status == .unauthorized, "\(method) \(spelling) without a token: \(response.status)")
                    }
                }
            }
        }
    }

    /// A page or resolution outside the document's range is the client's error, answered before
    /// any work; the server keeps serving (a page of 0 once ended the process).
    @Test(arguments: ["page=0", "page=-1", "page=1001", "page=-9223372036854775808", "dpi=0", "dpi=35", "dpi=301", "dpi=1200", "page=0&dpi=0"])
    func aPageOrResolutionOutOfRangeIsRefusedByName(query: String) async throws {
        try await testApp().test(.router) { client in
            try await client.execute(uri: "/v1/reports?format=png&\(query)", method: .post, headers: Self.json, body: ByteBuffer(bytes: Self.job)) { response in
                #expect(response.status == .badRequest, "\(query): \(response.status)")
                let name = String(query.prefix { $0 != "=" })
                #expect(String(buffer: response.body).contains("query parameter \(name): expected a whole number from"), "\(String(buffer: response.body))")
            }
            try await client.execute(uri: "/v1/reports?format=png&page=1", method: .post, headers: Self.json, body: ByteBuffer(bytes: Self.job)) { response in
                #expect(response.status == .ok, "still serving")
            }
        }
    }

    /// Every answer is HTTP as a client expects it: an unknown path 404 and a known path asked
    /// with another method 405 with `Allow`, both problem+json; HEAD answered as GET without a
    /// body; the security headers on every response, the policy allowing the page's own script.
    @Test func notFoundMethodNotAllowedHeadAndSecurityHeaders() async throws {
        try await testApp().test(.router) { client in
            try await client.execute(uri: "/v1/nothing", method: .get) { response in
                #expect(response.status == .notFound && response.headers[.contentType] == "application/problem+json")
                #expect(String(buffer: response.body).contains("\"status\":404"))
            }
            try await client.execute(uri: "/v1/reports", method: .get) { response in
                #expect(response.status == .methodNotAllowed && response.headers[.allow] == "POST", "\(response.status)")
                #expect(response.headers[.contentType] == "application/problem+json")
            }
            try await client.execute(uri: "/healthz", method: .head) { response in
                #expect(response.status == .ok && response.body.readableBytes == 0, "\(response.status) \(String(buffer: response.body))")
            }
            try await client.execute(uri: "/", method: .get) { response in
                let policy = try #require(response.headers[HTTPField.Name("Content-Security-Policy")!])
                #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'sha256-") && policy.contains("frame-ancestors 'none'"))
                #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
                #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
            }
        }
    }

    /// /v1/validate is held to a record's limits: more jobs than a request may hold are refused
    /// (413) before any is decoded (196,608 entries were once checked, +414 MB).
    @Test func validationIsHeldToTheJobLimit() async throws {
        let job = String(decoding: Self.job, as: UTF8.self)
        let history = ByteBuffer(string: "[" + Array(repeating: job, count: 3).joined(separator: ",") + "]")
        try await testApp(.with { $0.jobsPerBatch = 2 }).test(.router) { client in
            try await client.execute(uri: "/v1/validate", method: .post, headers: Self.json, body: history) { response in
                #expect(response.status == .contentTooLarge, "\(response.status) \(String(buffer: response.body))")
            }
            try await client.execute(uri: "/v1/validate", method: .post, headers: Self.json, body: ByteBuffer(bytes: Self.job)) { response in
                #expect(response.status == .ok)
            }
        }
    }

    /// What the client accepts is settled before any work: a PNG asked with `Accept:
    /// application/pdf` is a 406 (it was rendered, then failed as a 500).
    @Test func anAcceptTheRouteCannotMeetIs406BeforeWork() async throws {
        try await testApp().test(.router) { client in
            for (accept, status) in [("application/pdf", HTTPResponse.Status.notAcceptable), ("image/*", .ok), ("*/*", .ok),
                                     ("image/png;q=0, application/pdf", .notAcceptable), ("text/html, image/png;q=0.5", .ok)] {
                var headers = Self.json
                headers[.accept] = accept
                try await client.execute(uri: "/v1/reports?format=png&dpi=40", method: .post, headers: headers, body: ByteBuffer(bytes: Self.job)) { response in
                    #expect(response.status == status, "Accept: \(accept): \(response.status)")
                }
            }
        }
    }

    /// Whose fault is told by what went wrong, not by the words of a message: a body that is
    /// not a job at all (not JSON, or JSON of neither format) is 400, a job that cannot be a report 422, and a server whose own
    /// definitions are broken 503 (it was 422, the client's fault).
    @Test func theStatusSaysWhoseFaultItIs() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("broken-definitions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("reports"), withIntermediateDirectories: true)
        try Data("{ not a template".utf8).write(to: folder.appendingPathComponent("reports/spray-report.json"))
        defer { try? FileManager.default.removeItem(at: folder) }
        try await testApp().test(.router) { client in
            try await client.execute(uri: "/v1/reports", method: .post, headers: Self.json, body: ByteBuffer(string: "42")) { response in
                #expect(response.status == .badRequest, "\(response.status)")
            }
            try await client.execute(uri: "/v1/reports", method: .post, headers: Self.json, body: ByteBuffer(string: #"{"version": 1}"#)) { response in
                #expect(response.status == .unprocessableContent, "\(response.status)")
            }
            // Not JSON, and a JSON object of neither format: the client sent no job (by the
            // diagnostics' codes, input.json.syntax and input.not-a-job, which the problem carries).
            for body in ["{ not json", #"{"name": "North 7"}"#] {
                try await client.execute(uri: "/v1/reports", method: .post, headers: Self.json, body: ByteBuffer(string: body)) { response in
                    #expect(response.status == .badRequest, "\(body): \(response.status)")
                    let problem = String(buffer: response.body)
                    #expect(problem.contains(#""code" : "input.json.syntax""#) || problem.contains(#""code" : "input.not-a-job""#), "\(problem)")
                }
            }
        }
        let broken = try ReportDefinitions.folder(folder.path)
        try await testApp(.with { $0.definitions = broken }).test(.router) { client in
            try await client.execute(uri: "/v1/reports", method: .post, headers: Self.json, body: ByteBuffer(bytes: Self.job)) { response in
                #expect(response.status == .serviceUnavailable, "\(response.status) \(String(buffer: response.body))")
                // Whose fault, and what kind: the server's definitions, by report-gen's code.
                #expect(String(buffer: response.body).contains(#""code" : "definition."#), "\(String(buffer: response.body))")
            }
        }
    }
}
