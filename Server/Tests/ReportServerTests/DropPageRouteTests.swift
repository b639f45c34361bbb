import Foundation
import Hummingbird
import ReportServer
import Testing

/// The drop page without a browser: its words in both languages, the check in plain words, and
/// a download with what is the same for every job filled in (the browser tests drive the rest).
@Suite struct DropPageRouteTests {
    @Test func thePageSpeaksTheBrowsersLanguage() async throws {
        try await testApp().test(.router) { client in
            try await client.execute(uri: "/", method: .get, headers: [.acceptLanguage: "pl-PL,pl;q=0.9,en;q=0.5"]) { response in
                let page = String(buffer: response.body)
                #expect(page.contains(#"<html lang="pl">"#) && page.contains("Raporty oprysków"))
                #expect(page.contains(#"enctype="multipart/form-data""#), "a plain form, for browsers without JavaScript")
            }
            try await client.execute(uri: "/?lang=en", method: .get) { response in
                #expect(String(buffer: response.body).contains(#"<html lang="en">"#))
            }
        }
    }

    /// The page's words are the locale files' (`page.*` of templates/locales), where report-gen's
    /// own are: the page and its check in each language say them, and never a key in their place.
    @Test func thePageTakesItsWordsFromTheLocaleFiles() async throws {
        var form = MultipartForm()
        form.add(file: "history", fileName: "season-de.jsonl", try Repository.file("docs/examples/season-de.jsonl"))
        form.add("recordCheck", "de")
        for language in ["pl", "en", "de"] {
            let locale = try #require(try JSONSerialization.jsonObject(with: try Repository.file("templates/locales/messages/\(language).json")) as? [String: Any])
            let words = try #require(locale["messages"] as? [String: String])
            let germany = try #require(words["page.jurisdiction.de"])
            var checked = form
            checked.add("lang", language)
            let (type, body) = (checked.contentType, checked.body)
            try await testApp().test(.router) { client in
                try await client.execute(uri: "/?lang=\(language)", method: .get) { response in
                    let page = String(buffer: response.body)
                    for key in ["page.title", "page.fileLegend", "page.check"] {
                        let text = try #require(words[key])
                        #expect(page.contains(text.replacingOccurrences(of: "&", with: "&amp;")), "\(language): \(key) \(text)")
                    }
                    #expect(Self.keys(in: page).isEmpty, "\(language): a key where words belong: \(Self.keys(in: page))")
                }
                try await client.execute(uri: "/drop/check", method: .post, headers: [.contentType: type], body: body) { response in
                    let page = String(buffer: response.body)
                    #expect(response.status == .ok && Self.keys(in: page).isEmpty, "\(language): a key where words belong: \(Self.keys(in: page))")
                    #expect(page.contains(germany), "\(language)")
                }
            }
        }
    }

    /// `page.form.checkAgain` where its words should be, outside the page's script (whose
    /// `page.body` is code, not words).
    static func keys(in page: String) -> [String] {
        let words = page.replacing(#/<script[\s\S]*?<\/script>/#, with: "")
        return words.matches(of: #/page\.[A-Za-z]+/#).map { String(words[$0.range]) }
    }

    @Test func theCheckSaysWhatIsMissingInPlainWords() async throws {
        var form = MultipartForm()
        form.add(file: "history", fileName: "herbicide-pl.json", try Repository.file("docs/examples/herbicide-pl.json"))
        form.add("lang", "pl")
        form.add("recordCheck", "pl")
        let (type, body) = (form.contentType, form.body)
        try await testApp().test(.router) { client in
            try await client.execute(uri: "/drop/check", method: .post, headers: [.contentType: type], body: body) { response in
                #expect(response.status == .ok)
                let page = String(buffer: response.body)
                #expect(page.contains("Czego brakuje w ewidencji"))
                #expect(page.contains("numery działek ewidencyjnych"), "\(page.suffix(3_000))")
                #expect(!page.contains("$.field"), "no JSON paths for a farmer")
            }
        }
    }

    @Test func aDownloadOfOneFileIsThatFileWithTheFormFilledIn() async throws {
        var form = MultipartForm()
        form.add(file: "history", fileName: "herbicide-pl.json", try Repository.file("docs/examples/herbicide-pl.json"))
        form.add("lang", "pl")
        form.add("csv", "on")
        form.add("holding", "068812345")
        form.add("parcels", "Za stodołą: 0212/3, 0212/4")
        let (type, body) = (form.contentType, form.body)
        try await testApp().test(.router) { client in
            try await client.execute(uri: "/drop/download", method: .post, headers: [.contentType: type], body: body) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/csv")
                #expect(response.headers[.contentDisposition] == #"attachment; filename="record.csv""#)
                #expect(String(buffer: response.body).contains("068812345"))
            }
        }
    }

    /// A form of more parts than the largest season's form can have is refused before it is
    /// parsed, in one pass over its bytes (MultipartKit's Codable decoder took 7 s for 20,000
    /// parts and 520 s for 100,000; the form is now read with its streaming parser).
    @Test func aFormWithMorePartsThanThePageIsRefusedBeforeParsing() async throws {
        var form = MultipartForm()
        for index in 0...DropForm.maximumParts { form.add("field\(index)", "x") }
        try await testApp().test(.router) { client in
            let start = ContinuousClock.now
            try await client.execute(uri: "/drop/check", method: .post, headers: [.contentType: form.contentType], body: form.body) { response in
                #expect(response.status == .contentTooLarge, "\(response.status)")
            }
            #expect(ContinuousClock.now - start < .seconds(5), "refused without parsing")
        }
    }

    /// A form of as many parts as it may have is read whole: every job's answers of a season.
    @Test func aFormOfTheMostPartsIsRead() async throws {
        var form = MultipartForm()
        form.add("lang", "en")
        for index in 1..<DropForm.maximumParts { form.add("e\(index)-crop", "x") }
        try await testApp().test(.router) { client in
            try await client.execute(uri: "/drop/check", method: .post, headers: [.contentType: form.contentType], body: form.body) { response in
                // Read, in English: no file was chosen.
                #expect(response.status == .badRequest, "\(response.status)")
                #expect(String(buffer: response.body).contains("Choose a file first."))
            }
        }
    }

    /// An answer far past any job's limits, copied by "same as above" into the next job's form,
    /// is refused beside its input and written back as typed; it once trapped converting to Int.
    @Test func anEnormousAnswerCopiedDownIsRefusedNotATrap() async throws {
        var form = MultipartForm()
        form.add(file: "history", fileName: "history.json", try Repository.file("docs/examples/app/history.json"))
        form.add("lang", "pl")
        form.add("e0-cropArea", "99999999999999999999999")
        form.add("e1-same", "on")
        try await testApp().test(.router) { client in
            try await client.execute(uri: "/drop/check", method: .post, headers: [.contentType: form.contentType], body: form.body) { response in
                #expect(response.status == .unprocessableContent, "\(response.status)")
                #expect(String(buffer: response.body).contains("99999999999999999999999"))
            }
        }
    }
}
