/// The drop page's words, in Polish and English: plain words, for farmers rather than engineers.
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
    let switchLanguage: String
    let otherLanguagePath: String
    let chooseFile: String
    let tooLarge: String
    let busy: String
    let unavailable: String
    let serverError: String

    static func texts(for language: String) -> DropPageTexts { language == "pl" ? polish : english }

    static let polish = DropPageTexts(
        language: "pl",
        title: "Raporty oprysków i ewidencja zabiegów",
        intro: "Wczytaj historię z aplikacji Kalkulator Oprysku (albo jeden zabieg). Strona powie, czego brakuje w ewidencji, a potem przygotuje raporty, karty do kabiny, rejestr zabiegów i ewidencję w formie pliku.",
        fileLegend: "1. Plik z aplikacji",
        fileLabel: "Historia lub zabieg (plik .json lub .jsonl)",
        fileHint: "Eksport historii z aplikacji, jeden zabieg albo sezon w JSON Lines.",
        dropHere: "Możesz też upuścić plik tutaj.",
        onceLegend: "2. Dane wspólne dla wszystkich zabiegów",
        onceHint: "Wpisz raz – zostaną dodane do każdego zabiegu, w którym ich brakuje. Zapamięta je tylko ta przeglądarka.",
        holding: "Numer gospodarstwa (numer producenta)",
        holdingHint: "Na przykład 068812345.",
        operatorName: "Kto wykonał zabieg (imię i nazwisko)",
        operatorLicence: "Numer zaświadczenia o szkoleniu ze stosowania środków ochrony roślin",
        parcels: "Działki ewidencyjne pól",
        parcelsHint: "Jedno pole w wierszu: nazwa pola, dwukropek, numery działek po przecinku. Na przykład: Za stodołą: 0212/3, 0212/4",
        outputsLegend: "3. Co przygotować",
        reports: "Raporty zabiegów (PDF, jeden na zabieg)",
        tankCards: "Karty do kabiny (PDF, jedna na zabieg)",
        register: "Rejestr zabiegów do druku (PDF)",
        csv: "Ewidencja w arkuszu (CSV)",
        json: "Ewidencja dla programów (JSON)",
        workbook: "Ewidencja w skoroszycie Excel (XLSX)",
        csvPolish: "Ewidencja w arkuszu z polskimi ustawieniami (CSV, średniki)",
        rememberToken: "Zapamiętaj klucz w tej przeglądarce (inaczej tylko w tej karcie)",
        languageLabel: "Język raportów",
        recordLabel: "Sprawdź ewidencję według przepisów",
        recordPL: "Polska (PIORiN)",
        recordEU: "Unia Europejska",
        recordUS: "USA",
        recordDE: "Niemcy (PflSchG § 11)",
        token: "Klucz dostępu do serwera",
        check: "Sprawdź, czego brakuje",
        download: "Pobierz",
        checkHeading: "Czego brakuje w ewidencji",
        complete: "kompletna",
        missing: "brakuje",
        notAJob: "To nie jest poprawny zabieg – zostanie pominięty:",
        summary: { entries, valid in
            "\(entries) \(polishPlural(entries, "wpis", "wpisy", "wpisów")), \(valid) \(polishPlural(valid, "poprawny zabieg", "poprawne zabiegi", "poprawnych zabiegów"))."
        },
        fillHint: "To, co jest wspólne dla wszystkich zabiegów, uzupełnisz w punkcie 2, a resztę przy każdym zabiegu niżej.",
        uploading: "Wysyłanie pliku…",
        making: "Przygotowywanie plików…",
        downloadingDone: "Gotowe – plik został pobrany.",
        failed: "Nie udało się:",
        switchLanguage: "English",
        otherLanguagePath: "/?lang=en",
        chooseFile: "Najpierw wybierz plik.",
        tooLarge: "Plik jest za duży dla tego serwera (najwyżej 16 MB). Podziel sezon na części.",
        busy: "Serwer jest teraz zajęty. Spróbuj ponownie za chwilę.",
        unavailable: "Serwer nie zdążył albo nie może teraz przygotować plików. Spróbuj ponownie później.",
        serverError: "Serwer odpowiedział błędem"
    )

    static let english = DropPageTexts(
        language: "en",
        title: "Spray reports and the record of applications",
        intro: "Open the history from the Kalkulator Oprysku app (or one job). The page tells you what the record lacks, then makes the reports, the cab cards, the register and the record as a file.",
        fileLegend: "1. The file from the app",
        fileLabel: "History or job (a .json or .jsonl file)",
        fileHint: "The app's history export, one job, or a season in JSON Lines.",
        dropHere: "You can also drop the file here.",
        onceLegend: "2. The same for every job",
        onceHint: "Type it once: it is added to every job that lacks it. Only this browser keeps it.",
        holding: "Holding number (producer number)",
        holdingHint: "For example 068812345.",
        operatorName: "Who sprayed (name)",
        operatorLicence: "Sprayer operator's certificate number",
        parcels: "Parcels of each field",
        parcelsHint: "One field a line: the field's name, a colon, its cadastral parcel numbers separated by commas. For example: Behind the barn: 0212/3, 0212/4",
        outputsLegend: "3. What to make",
        reports: "Spray reports (PDF, one per job)",
        tankCards: "Cab cards (PDF, one per job)",
        register: "The register to print (PDF)",
        csv: "The record for spreadsheets (CSV)",
        json: "The record for programs (JSON)",
        workbook: "The record as an Excel workbook (XLSX)",
        csvPolish: "The record for a spreadsheet with Polish settings (CSV, semicolons)",
        rememberToken: "Keep the key in this browser (else only in this tab)",
        languageLabel: "Language of the reports",
        recordLabel: "Check the record against the rules of",
        recordPL: "Poland",
        recordEU: "the European Union",
        recordUS: "the United States",
        recordDE: "Germany (PflSchG § 11)",
        token: "Server access key",
        check: "Check what is missing",
        download: "Download",
        checkHeading: "What the record lacks",
        complete: "complete",
        missing: "missing",
        notAJob: "Not a valid job; it will be left out:",
        summary: { entries, valid in "\(entries) \(entries == 1 ? "entry" : "entries"), \(valid) valid \(valid == 1 ? "job" : "jobs")." },
        fillHint: "What is the same for every job you can fill in under 2, the rest for each job below.",
        uploading: "Sending the file…",
        making: "Making the files…",
        downloadingDone: "Done: the file was downloaded.",
        failed: "It did not work:",
        switchLanguage: "Polski",
        otherLanguagePath: "/?lang=pl",
        chooseFile: "Choose a file first.",
        tooLarge: "The file is too large for this server (16 MB at most). Split the season.",
        busy: "The server is busy. Try again in a moment.",
        unavailable: "The server ran out of time or cannot make the files now. Try again later.",
        serverError: "The server answered with an error"
    )

    /// Polish numerals take one form for 1, another for 2–4 (but not 12–14), a third for the rest.
    static func polishPlural(_ count: Int, _ one: String, _ few: String, _ many: String) -> String {
        if count == 1 { return one }
        let (tens, units) = (count % 100, count % 10)
        return (2...4).contains(units) && !(12...14).contains(tens) ? few : many
    }
}
