import ReportKit

/// The tokens loader, and what an accepted palette and type scale ask of layout and rendering:
/// every number of a tokens file reaches cairo and Pango, so each accepted file is drawn with
/// every built-in template in both themes.
enum TokensCheck {
    static func run(_ bytes: [UInt8], session: FuzzSession) -> [String] {
        var broken: [String] = []
        for themeName in ThemeName.allCases {
            let theme: Theme
            do {
                theme = try TokensLoader.load(bytes, file: "fuzz-tokens.json", theme: themeName)
            } catch {
                return ErrorPromises.check(error.diagnostics, stage: "loading the tokens")
            }
            for name in ReportDefinitions.builtIn.templateNames {
                broken += draw(name, theme: theme, session: session)
            }
        }
        return broken
    }

    private static func draw(_ name: String, theme: Theme, session: FuzzSession) -> [String] {
        let generator = session.generator
        do {
            // A built-in template may name a token this file lacks: that is a refusal with a path.
            let template = try ReportDefinitions.builtIn.template(name, theme: theme)
            let locale = try generator.locale(.polish)
            let data = template.subject == .job
                ? ReportData.job(session.samplePlan, locale: locale)
                : ReportData.history([session.samplePlan], locale: locale)
            let report = try ReportComposer.compose(template, data: data, theme: theme, locale: locale)
            let pages = try Paginator.paginate(report.body, template: report.pageTemplate, text: generator.text)
            let pdf = try PDFRenderer(text: generator.text).render(LaidOutDocument(pages: pages, outline: report.outline, info: report.info))
            return PDFPromises.check(pdf, pages: pages.count)
        } catch let error as DefinitionError {
            return ErrorPromises.check(error.diagnostics, stage: "\(name) with these tokens")
        } catch {
            return String(describing: error).isEmpty ? ["\(name): a refusal without a message"] : []
        }
    }
}
