import ReportKit

/// The template loader, and what an accepted template asks of the layout engine and renderer.
enum TemplateCheck {
    static func run(_ bytes: [UInt8], session: FuzzSession) -> [String] {
        let generator = session.generator
        let template: ReportTemplate
        do {
            template = try ReportTemplate.load(bytes, file: "fuzz.json", tokens: generator.theme)
        } catch {
            return ErrorPromises.check(error.diagnostics, stage: "loading the template")
        }
        guard template.subject == .job else { return [] }
        return PDFPromises.drawing(template, theme: generator.theme, session: session, stage: "composing")
    }
}

/// What a written PDF promises: a whole file, with pages.
enum PDFPromises {
    /// Fills `template` with the sample job (or a history of it), lays it out in `theme` and
    /// draws it; returns the promises broken, or a refusal's (which must name its problem).
    static func drawing(_ template: ReportTemplate, theme: Theme, session: FuzzSession, stage: String) -> [String] {
        let generator = session.generator
        do {
            let locale = try generator.locale(.polish)
            let data = template.subject == .job
                ? ReportData.job(session.samplePlan, locale: locale)
                : ReportData.history([session.samplePlan], locale: locale)
            let report = try ReportComposer.compose(template, data: data, theme: theme, locale: locale)
            let pages = try Paginator.paginate(report.body, template: report.pageTemplate, text: generator.text)
            let pdf = try PDFRenderer(text: generator.text).render(LaidOutDocument(pages: pages, outline: report.outline, info: report.info))
            return check(pdf, pages: pages.count)
        } catch let error as DefinitionError {
            return ErrorPromises.check(error.diagnostics, stage: stage)
        } catch {
            // Layout and rendering refusals (too many pages, a table too wide for its words) are
            // answers too; each names its problem.
            return String(describing: error).isEmpty ? ["\(stage): a refusal without a message"] : []
        }
    }

    static func check(_ pdf: [UInt8], pages: Int) -> [String] {
        var broken: [String] = []
        if pages == 0 { broken.append("a document without pages") }
        if !pdf.starts(with: Array("%PDF-".utf8)) { broken.append("the PDF does not start with %PDF-") }
        let tail = String(decoding: pdf.suffix(16), as: UTF8.self)
        if !tail.contains("%%EOF") { broken.append("the PDF does not end with %%EOF") }
        return broken
    }
}
