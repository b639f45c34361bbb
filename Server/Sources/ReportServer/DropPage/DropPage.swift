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
        \(texts.otherLanguages.map { "<a class=\"language\" href=\"/?lang=\($0.tag)\" lang=\"\($0.tag)\" hreflang=\"\($0.tag)\">\(escape($0.name))</a>" }.joined(separator: " "))
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
        let ticked = form?.outputs ?? SeasonRequest.Output.everyday
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
        let check = form?.jurisdiction ?? DropForm.defaultJurisdiction(texts.language)
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
        <input type="file" id="history" name="history" accept=".json,.jsonl,.ndjson,application/json"\(form?.file == nil ? " required" : "") aria-describedby="history-hint">
        </div>
        </fieldset>
        <fieldset><legend>\(escape(texts.onceLegend))</legend>
        <p class="hint">\(escape(texts.onceHint))</p>
        \(text("holding", texts.holding, form?.text("holding"), hint: texts.holdingHint))
        \(text("operatorName", texts.operatorName, form?.text("operatorName"), autocomplete: "name"))
        \(text("operatorLicence", texts.operatorLicence, form?.text("operatorLicence")))
        <div class="field"><label for="parcels">\(escape(texts.parcels))</label>
        <p class="hint" id="parcels-hint">\(escape(texts.parcelsHint))</p>
        <textarea id="parcels" name="parcels" rows="3" data-remember aria-describedby="parcels-hint">\(escape(form?.text("parcels") ?? ""))</textarea></div>
        </fieldset>
        <fieldset><legend>\(escape(texts.outputsLegend))</legend>
        \(box(.reports, texts.reports))
        \(box(.tankCards, texts.tankCards))
        \(box(.register, texts.register))
        \(box(.csv, texts.csv))
        \(box(.json, texts.json))
        \(box(.workbook, texts.workbook))
        \(box(.csvPolish, texts.csvPolish))
        <div class="field"><label for="recordCheck">\(escape(texts.recordLabel))</label>
        <select id="recordCheck" name="recordCheck">
        \(option("pl", texts.recordPL, selected: check == .pl))\(option("eu", texts.recordEU, selected: check == .eu))\(option("us", texts.recordUS, selected: check == .us))\(option("de", texts.recordDE, selected: check == .de))
        </select></div>
        </fieldset>
        \(asksForToken ? tokenHTML(texts) : "")
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

    /// The access key: kept for this tab only, unless the user asks this browser to keep it.
    private static func tokenHTML(_ texts: DropPageTexts) -> String {
        """
        <div class="field"><label for="token">\(escape(texts.token))</label><input type="password" id="token" name="token" autocomplete="current-password" data-remember="tab"></div>
        <label class="choice js-only-block"><input type="checkbox" id="remember-token"> \(escape(texts.rememberToken))</label>
        """
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
