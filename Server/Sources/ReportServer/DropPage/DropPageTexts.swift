import ReportKit

/// The drop page's words, in Polish, English and German: plain words, for farmers rather than
/// engineers. They are the locale files' `page.*` messages (templates/locales), where report-gen's
/// own words are: one place to read and change them.
struct DropPageTexts: Sendable {
    let language: String
    let title: String
    let intro: String
    let fileLegend: String
    let fileLabel: String
    let fileHint: String
    let dropHere: String
    let onceLegend: String
    let onceHint: String
    let holding: String
    let holdingHint: String
    let operatorName: String
    let operatorLicence: String
    let parcels: String
    let parcelsHint: String
    let outputsLegend: String
    let reports: String
    let tankCards: String
    let register: String
    let csv: String
    let json: String
    let workbook: String
    let csvPolish: String
    let rememberToken: String
    let languageLabel: String
    let recordLabel: String
    let recordPL: String
    let recordEU: String
    let recordUS: String
    let recordDE: String
    let token: String
    let check: String
    let download: String
    let checkHeading: String
    let complete: String
    let missing: String
    let notAJob: String
    let summary: @Sendable (Int, Int) -> String
    let fillHint: String
    let uploading: String
    let making: String
    let downloadingDone: String
    let failed: String
    /// The page in the other languages: each link's words (in its own language) and its tag.
    let otherLanguages: [(name: String, tag: String)]
    let chooseFile: String
    let tooLarge: String
    let busy: String
    let unavailable: String
    let serverError: String

    /// The page's words in `language`.
    init(_ language: ReportLanguage) {
        let word = PageWords(language)
        self.language = language.rawValue
        title = word("title")
        intro = word("intro")
        fileLegend = word("fileLegend")
        fileLabel = word("fileLabel")
        fileHint = word("fileHint")
        dropHere = word("dropHere")
        onceLegend = word("onceLegend")
        onceHint = word("onceHint")
        holding = word("holding")
        holdingHint = word("holdingHint")
        operatorName = word("operatorName")
        operatorLicence = word("operatorLicence")
        parcels = word("parcels")
        parcelsHint = word("parcelsHint")
        outputsLegend = word("outputsLegend")
        reports = word("reports")
        tankCards = word("tankCards")
        register = word("register")
        csv = word("csv")
        json = word("json")
        workbook = word("workbook")
        csvPolish = word("csvPolish")
        rememberToken = word("rememberToken")
        languageLabel = word("languageLabel")
        recordLabel = word("recordLabel")
        recordPL = word("recordPL")
        recordEU = word("recordEU")
        recordUS = word("recordUS")
        recordDE = word("recordDE")
        token = word("token")
        check = word("check")
        download = word("download")
        checkHeading = word("checkHeading")
        complete = word("complete")
        missing = word("missing")
        notAJob = word("notAJob")
        fillHint = word("fillHint")
        uploading = word("uploading")
        making = word("making")
        downloadingDone = word("downloadingDone")
        failed = word("failed")
        chooseFile = word("chooseFile")
        tooLarge = word("tooLarge")
        busy = word("busy")
        unavailable = word("unavailable")
        serverError = word("serverError")
        summary = { entries, valid in
            word("summary", ["entries": word.plural("entries", entries), "valid": word.plural("validJobs", valid)])
        }
        // The other languages, in the page's order of them, each named in its own words.
        otherLanguages = [ReportLanguage.polish, .english, .german].filter { $0 != language }.map { (PageWords($0)("languageName"), $0.rawValue) }
    }

    static func texts(for language: String) -> DropPageTexts {
        switch language {
        case "en": english
        case "de": german
        default: polish
        }
    }

    static let polish = DropPageTexts(.polish)
    static let english = DropPageTexts(.english)
    static let german = DropPageTexts(.german)
}
