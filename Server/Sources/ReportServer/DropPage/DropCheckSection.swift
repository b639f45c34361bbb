import ReportKit

/// The check's section of the drop page: a season summary first (how many jobs are complete for
/// Poland, the EU and the US, and what is most often missing), then one entry per job, each with
/// a form for what the chosen record lacks. Its inputs belong to the page's form (`form="drop"`),
/// so "Check again" and "Download" send them, with or without JavaScript.
struct DropCheckSection {
    let check: DropCheck
    let form: DropForm
    let texts: DropPageTexts
    let words: DropFormWords
    /// True when the browser still holds the file (JavaScript); else the section carries the
    /// history, so the next post needs no second pick.
    let fileKept: Bool
    let bytes: [UInt8]

    var html: String {
        let jurisdiction = form.jurisdiction
        let valid = check.entries.filter { $0.job != nil }
        var html = "<h2>\(escape(texts.checkHeading))</h2><div class=\"summary\"><p>\(escape(texts.summary(check.entries.count, valid.count)))</p>"
        if !check.answersTaken { html += "<p class=\"error\" role=\"alert\">\(escape(words.answersRefused))</p>" }
        html += "<p>\(escape(words.completeFor)):</p><ul class=\"counts\">"
        for place in [jurisdiction] + RecordJurisdiction.allCases.filter({ $0 != jurisdiction }) {
            let complete = valid.filter { $0.gaps[place]?.isEmpty ?? false }.count
            html += "<li><strong>\(escape(words.jurisdiction(place)))</strong>: \(escape(words.of(complete, valid.count)))</li>"
        }
        html += "</ul>"
        let common = mostMissing(valid, jurisdiction: jurisdiction)
        if !common.isEmpty {
            html += "<p>\(escape(words.mostMissing)):</p><ul class=\"common\">" + common.map { "<li>\(escape($0.words)) (\(escape(words.jobs($0.count))))</li>" }.joined() + "</ul>"
        }
        html += "</div>"
        if !valid.isEmpty { html += "<p class=\"hint\">\(escape(words.fillBelow))</p>" }
        html += datalists
        html += "<ol class=\"jobs\">"
        var firstOpen = true
        var previousValid = false
        for entry in check.entries {
            html += item(entry, jurisdiction: jurisdiction, open: &firstOpen, offersSame: previousValid)
            previousValid = previousValid || entry.job != nil
        }
        html += "</ol>"
        if !fileKept { html += "<input type=\"hidden\" name=\"historyText\" form=\"drop\" value=\"\(escape(String(decoding: bytes, as: UTF8.self)))\">" }
        html += """
        <div class="actions"><button type="submit" form="drop" formaction="/drop/check" class="secondary check-again">\(escape(words.checkAgain))</button>
        <button type="submit" form="drop" class="download">\(escape(texts.download))</button></div>
        """
        return html
    }

    /// The gaps most jobs share, in words, most frequent first (at most four).
    private func mostMissing(_ valid: [DropCheck.Entry], jurisdiction: RecordJurisdiction) -> [(words: String, count: Int)] {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for entry in valid {
            let gaps = Set((entry.gaps[jurisdiction] ?? []).map { RecordGapWords.words(for: $0, in: nil, language: words.language) })
            for gap in gaps {
                if counts[gap] == nil { order.append(gap) }
                counts[gap, default: 0] += 1
            }
        }
        let ranked: [(words: String, count: Int)] = order.map { (words: $0, count: counts[$0] ?? 0) }
        // Stable: equally frequent gaps keep the order of the record's fields.
        let sorted = ranked.enumerated().sorted { ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset) }.map(\.element)
        return Array(sorted.prefix(4))
    }

    private func item(_ entry: DropCheck.Entry, jurisdiction: RecordJurisdiction, open: inout Bool, offersSame: Bool) -> String {
        guard let job = entry.job else {
            return "<li class=\"job invalid\"><span class=\"job-name\">\(escape(entry.id ?? "#\(entry.index + 1)"))</span> <span class=\"state\">\(escape(texts.notAJob))</span><ul>"
                + entry.problems.map { "<li>\(escape(words.problem($0)))</li>" }.joined() + "</ul></li>"
        }
        let gaps = entry.gaps[jurisdiction] ?? []
        let refused = !entry.answerErrors.isEmpty || !entry.otherErrors.isEmpty
        let state = refused ? "invalid" : gaps.isEmpty ? "complete" : "missing"
        let badges = RecordJurisdiction.allCases.map { place in
            let complete = entry.gaps[place]?.isEmpty ?? false
            return "<span class=\"badge \(complete ? "ok" : "no")\">\(escape(words.jurisdiction(place))) \(complete ? "✓" : "✗")</span>"
        }.joined(separator: " ")
        let status = refused ? words.invalidField : gaps.isEmpty ? "✓ " + texts.complete : words.missingCount(Set(gaps.map { RecordGapWords.words(for: $0, in: job, language: words.language) }).count)
        // Open: the first job that lacks something and a job with a refusal; a job being typed
        // into stays open until complete. A job the season filled in for says so on its line.
        let typedInto = form.answers.values.keys.contains { DropAnswers.address($0)?.entry == entry.index }
        let shouldOpen = refused || (!gaps.isEmpty && (open || typedInto))
        if !gaps.isEmpty { open = false }
        var html = "<li class=\"job \(state)\" data-entry=\"\(entry.index)\">"
        html += "<details\(shouldOpen ? " open" : "")><summary><span class=\"job-name\">\(entry.index + 1). \(escape(label(entry.answered ?? job)))</span> "
        html += "<span class=\"state\">\(escape(status))</span> <span class=\"badges\">\(badges)</span>"
        if !entry.prefilled.isEmpty { html += "<span class=\"suggested\">\(escape(words.suggested(entry.prefilled.count)))</span>" }
        html += "</summary>"
        let inputs = JobAnswerInputs(entry: entry, job: job, form: form, words: words, jurisdiction: jurisdiction, offersSame: offersSame, answers: check.answers[entry.index])
        if !gaps.isEmpty {
            let missing = SeasonSummary.unique(gaps.map { RecordGapWords.words(for: $0, in: entry.answered ?? job, language: words.language) })
            html += "<p class=\"lacks\">\(escape(texts.missing.prefix(1).uppercased() + texts.missing.dropFirst())): \(escape(missing.joined(separator: "; ")))</p>"
        }
        html += inputs.html + "</details>" + inputs.sameAsAboveHTML + "</li>"
        return html
    }

    /// "North 7 · 2026-04-12 · 15 ha".
    private func label(_ job: SprayJob) -> String {
        let text = [job.field.name ?? job.title, job.date.map(SeasonSummary.day), DropFormWords.area(job.field.area, language: words.language)]
        return text.compactMap { $0 }.joined(separator: " · ")
    }

    /// Suggestions for the crop and target inputs: the names report-gen knows EPPO codes for.
    private var datalists: String {
        func list(_ id: String, _ entries: [EPPONames.Entry]) -> String {
            "<datalist id=\"\(id)\">" + entries.flatMap(\.names).map { "<option value=\"\(escape($0))\"></option>" }.joined() + "</datalist>"
        }
        return list("eppo-crops", EPPONames.crops) + list("eppo-targets", EPPONames.targets)
    }

    private func escape(_ text: String) -> String { DropPage.escape(text) }
}
