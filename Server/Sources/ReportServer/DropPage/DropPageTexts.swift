/// The drop page's words, in Polish, English and German: plain words, for farmers rather than
/// engineers.
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

    static func texts(for language: String) -> DropPageTexts {
        switch language {
        case "en": english
        case "de": german
        default: polish
        }
    }

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
        otherLanguages: [("English", "en"), ("Deutsch", "de")],
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
        otherLanguages: [("Polski", "pl"), ("Deutsch", "de")],
        chooseFile: "Choose a file first.",
        tooLarge: "The file is too large for this server (16 MB at most). Split the season.",
        busy: "The server is busy. Try again in a moment.",
        unavailable: "The server ran out of time or cannot make the files now. Try again later.",
        serverError: "The server answered with an error"
    )

    static let german = DropPageTexts(
        language: "de",
        title: "Spritzberichte und Aufzeichnung der Anwendungen",
        intro: "Öffnen Sie den Verlauf aus der App Kalkulator Oprysku (oder eine Anwendung). Die Seite sagt, was der Aufzeichnung fehlt, und erstellt dann die Berichte, die Befüllkarten, die Aufzeichnung zum Drucken und die Aufzeichnung als Datei.",
        fileLegend: "1. Die Datei aus der App",
        fileLabel: "Verlauf oder Anwendung (eine .json- oder .jsonl-Datei)",
        fileHint: "Der Export des Verlaufs aus der App, eine Anwendung oder eine Saison in JSON Lines.",
        dropHere: "Sie können die Datei auch hier ablegen.",
        onceLegend: "2. Was für alle Anwendungen gleich ist",
        onceHint: "Einmal eingeben: Es wird jeder Anwendung hinzugefügt, der es fehlt. Nur dieser Browser speichert es.",
        holding: "Betriebsnummer",
        holdingHint: "Zum Beispiel 276120000000001.",
        operatorName: "Wer gespritzt hat (Name des Anwenders)",
        operatorLicence: "Nummer des Sachkundenachweises",
        parcels: "Flurstücke der Schläge",
        parcelsHint: "Ein Schlag je Zeile: der Name des Schlags, ein Doppelpunkt, die Flurstücksnummern durch Kommas getrennt. Zum Beispiel: Hinter der Scheune: 0212/3, 0212/4",
        outputsLegend: "3. Was erstellt werden soll",
        reports: "Spritzberichte (PDF, einer je Anwendung)",
        tankCards: "Befüllkarten für die Kabine (PDF, eine je Anwendung)",
        register: "Die Aufzeichnung zum Drucken (PDF)",
        csv: "Die Aufzeichnung für Tabellen (CSV)",
        json: "Die Aufzeichnung für Programme (JSON)",
        workbook: "Die Aufzeichnung als Excel-Arbeitsmappe (XLSX)",
        csvPolish: "Die Aufzeichnung für eine Tabelle mit deutschen Einstellungen (CSV, Semikolons)",
        rememberToken: "Den Schlüssel in diesem Browser speichern (sonst nur in diesem Tab)",
        languageLabel: "Sprache der Berichte",
        recordLabel: "Die Aufzeichnung prüfen nach den Regeln von",
        recordPL: "Polen",
        recordEU: "der Europäischen Union",
        recordUS: "den Vereinigten Staaten",
        recordDE: "Deutschland (PflSchG § 11)",
        token: "Zugangsschlüssel des Servers",
        check: "Prüfen, was fehlt",
        download: "Herunterladen",
        checkHeading: "Was der Aufzeichnung fehlt",
        complete: "vollständig",
        missing: "es fehlt",
        notAJob: "Keine gültige Anwendung; sie wird weggelassen:",
        summary: { entries, valid in
            "\(entries) \(entries == 1 ? "Eintrag" : "Einträge"), \(valid) \(valid == 1 ? "gültige Anwendung" : "gültige Anwendungen")."
        },
        fillHint: "Was für alle Anwendungen gleich ist, tragen Sie unter 2 ein, den Rest bei jeder Anwendung unten.",
        uploading: "Die Datei wird gesendet …",
        making: "Die Dateien werden erstellt …",
        downloadingDone: "Fertig: Die Datei wurde heruntergeladen.",
        failed: "Das hat nicht geklappt:",
        otherLanguages: [("Polski", "pl"), ("English", "en")],
        chooseFile: "Wählen Sie zuerst eine Datei.",
        tooLarge: "Die Datei ist für diesen Server zu groß (höchstens 16 MB). Teilen Sie die Saison auf.",
        busy: "Der Server ist gerade ausgelastet. Versuchen Sie es gleich noch einmal.",
        unavailable: "Der Server hatte nicht genug Zeit oder kann die Dateien gerade nicht erstellen. Versuchen Sie es später noch einmal.",
        serverError: "Der Server hat mit einem Fehler geantwortet"
    )

    /// Polish numerals take one form for 1, another for 2–4 (but not 12–14), a third for the rest.
    static func polishPlural(_ count: Int, _ one: String, _ few: String, _ many: String) -> String {
        if count == 1 { return one }
        let (tens, units) = (count % 100, count % 10)
        return (2...4).contains(units) && !(12...14).contains(tens) ? few : many
    }
}
