import ReportKit

/// The drop page (`GET /`): a plain form that works without JavaScript, with drag and drop,
/// an instant check and progress on top when scripts run.
enum DropPage {
    /// The whole page; `form` keeps what was typed (after a check without JavaScript), `result`
    /// is the check's section.
    static func page(_ texts: DropPageTexts, form: DropForm? = nil, result: String? = nil, asksForToken: Bool) -> String {
        """
        <!doctype html>
        <html lang="\(texts.language)">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(texts.title))</title>
        <style>\(DropPageAssets.css)</style>
        </head>
        <body>
        <header>
        <h1>\(escape(texts.title))</h1>
        <a class="language" href="\(texts.otherLanguagePath)" lang="\(texts.language == "pl" ? "en" : "pl")">\(escape(texts.switchLanguage))</a>
        </header>
        <main>
        <p class="intro">\(escape(texts.intro))</p>
        \(formHTML(texts, form: form, asksForToken: asksForToken))
        <section id="result" aria-live="polite" tabindex="-1">\(result ?? "")</section>
        </main>
        <script>\(DropPageAssets.script(texts))</script>
        </body>
        </html>
        """
    }

    private static func formHTML(_ texts: DropPageTexts, form: DropForm?, asksForToken: Bool) -> String {
        let ticked = form?.outputs ?? Set(SeasonRequest.Output.allCases)
        func box(_ output: SeasonRequest.Output, _ label: String) -> String {
            """
            <label class="choice"><input type="checkbox" name="\(output.rawValue)" value="on"\(ticked.contains(output) ? " checked" : "")> \(escape(label))</label>
            """
        }
        func text(_ name: String, _ label: String, _ value: String?, hint: String? = nil, autocomplete: String = "off") -> String {
            let hintID = "\(name)-hint"
            return """
            <div class="field"><label for="\(name)">\(escape(label))</label>
            \(hint.map { "<p class=\"hint\" id=\"\(hintID)\">\(escape($0))</p>" } ?? "")
            <input type="text" id="\(name)" name="\(name)" value="\(escape(value ?? ""))" autocomplete="\(autocomplete)" data-remember\(hint == nil ? "" : " aria-describedby=\"\(hintID)\"")></div>
            """
        }
        let check = form?.jurisdiction ?? (texts.language == "pl" ? .pl : .eu)
        func option(_ value: String, _ label: String, selected: Bool) -> String {
            "<option value=\"\(value)\"\(selected ? " selected" : "")>\(escape(label))</option>"
        }
        return """
        <form id="drop" method="post" action="/drop/download" enctype="multipart/form-data">
        <input type="hidden" name="lang" value="\(texts.language)">
        <fieldset><legend>\(escape(texts.fileLegend))</legend>
        <div class="dropzone" id="dropzone">
        <label for="history">\(escape(texts.fileLabel))</label>
        <p class="hint" id="history-hint">\(escape(texts.fileHint)) <span class="js-only">\(escape(texts.dropHere))</span></p>
        <input type="file" id="history" name="history" accept=".json,.jsonl,.ndjson,application/json" required aria-describedby="history-hint">
        </div>
        </fieldset>
        <fieldset><legend>\(escape(texts.onceLegend))</legend>
        <p class="hint">\(escape(texts.onceHint))</p>
        \(text("holding", texts.holding, form?.holding, hint: texts.holdingHint))
        \(text("operatorName", texts.operatorName, form?.operatorName, autocomplete: "name"))
        \(text("operatorLicence", texts.operatorLicence, form?.operatorLicence))
        <div class="field"><label for="parcels">\(escape(texts.parcels))</label>
        <p class="hint" id="parcels-hint">\(escape(texts.parcelsHint))</p>
        <textarea id="parcels" name="parcels" rows="3" data-remember aria-describedby="parcels-hint">\(escape(form?.parcels ?? ""))</textarea></div>
        </fieldset>
        <fieldset><legend>\(escape(texts.outputsLegend))</legend>
        \(box(.reports, texts.reports))
        \(box(.tankCards, texts.tankCards))
        \(box(.register, texts.register))
        \(box(.csv, texts.csv))
        \(box(.json, texts.json))
        <div class="field"><label for="recordCheck">\(escape(texts.recordLabel))</label>
        <select id="recordCheck" name="recordCheck">
        \(option("pl", texts.recordPL, selected: check == .pl))\(option("eu", texts.recordEU, selected: check == .eu))\(option("us", texts.recordUS, selected: check == .us))
        </select></div>
        </fieldset>
        \(asksForToken ? "<div class=\"field\"><label for=\"token\">\(escape(texts.token))</label><input type=\"password\" id=\"token\" name=\"token\" autocomplete=\"current-password\" data-remember=\"tab\"></div>" : "")
        <div class="actions">
        <button type="submit" formaction="/drop/check" class="secondary" id="check">\(escape(texts.check))</button>
        <button type="submit" id="download">\(escape(texts.download))</button>
        </div>
        <div id="progress" class="progress" hidden>
        <label for="progress-bar" id="progress-label"></label>
        <progress id="progress-bar" max="100"></progress>
        </div>
        </form>
        """
    }

    /// The check's section: per job, what the chosen record lacks, in plain words.
    static func checkResult(_ summary: SeasonSummary, jurisdiction: RecordJurisdiction, texts: DropPageTexts, fileKept: Bool) -> String {
        let valid = summary.entries.filter { $0.label != nil }.count
        var html = "<h2>\(escape(texts.checkHeading))</h2><p>\(escape(texts.summary(summary.entries.count, valid)))</p>"
        var fieldsWithoutParcels: [String] = []
        html += "<ol class=\"jobs\">"
        for entry in summary.entries {
            let gaps = entry.gaps.first { $0.0 == jurisdiction }?.1 ?? []
            let label = entry.label ?? entry.id ?? "#\(entry.index + 1)"
            let state = entry.label == nil ? "invalid" : gaps.isEmpty ? "complete" : "missing"
            html += "<li class=\"job \(state)\" data-entry=\"\(entry.index)\"><span class=\"job-name\">\(escape(label))</span> "
            if entry.label == nil {
                html += "<span class=\"state\">\(escape(texts.notAJob))</span><ul>" + entry.problems.map { "<li>\(escape($0))</li>" }.joined() + "</ul>"
            } else if gaps.isEmpty {
                html += "<span class=\"state\">✓ \(escape(texts.complete))</span>"
            } else {
                html += "<span class=\"state\">\(escape(texts.missing)):</span><ul>" + SeasonSummary.unique(gaps.map(\.words)).map { "<li>\(escape($0))</li>" }.joined() + "</ul>"
                if gaps.contains(where: { $0.diagnostic.path.description.hasSuffix("field.parcels") }), let field = entry.field, !fieldsWithoutParcels.contains(field) {
                    fieldsWithoutParcels.append(field)
                }
            }
            html += "</li>"
        }
        html += "</ol><p class=\"hint\">\(escape(texts.fillHint))</p>"
        if !fileKept { html += "<p class=\"hint\">\(escape(texts.pickAgain))</p>" }
        let fields = fieldsWithoutParcels.map { escape($0) }.joined(separator: "\n")
        return html + "<template id=\"fields-without-parcels\">\(fields)</template>"
    }

    /// A failure, in the page's words.
    static func failure(_ message: String, texts: DropPageTexts) -> String {
        "<div class=\"error\" role=\"alert\"><p><strong>\(escape(texts.failed))</strong> \(escape(message))</p></div>"
    }

    static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
