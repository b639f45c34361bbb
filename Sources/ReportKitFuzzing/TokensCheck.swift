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
        do {
            // A built-in template may name a token this file lacks: that is a refusal with a path.
            let template = try ReportDefinitions.builtIn.template(name, theme: theme)
            return PDFPromises.drawing(template, theme: theme, session: session, stage: "\(name) with these tokens")
        } catch {
            return ErrorPromises.check(error.diagnostics, stage: "\(name) with these tokens")
        }
    }
}
