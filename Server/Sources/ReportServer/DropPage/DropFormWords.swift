import ReportKit

/// The words of the drop page's per-job forms and its season summary, in Polish, English and German.
struct DropFormWords {
    let language: ReportLanguage

    init(language: String) { self.language = ReportLanguage(rawValue: language) ?? .polish }

    private func say(_ pl: String, _ en: String, _ de: String) -> String { language.say(pl: pl, en: en, de: de) }

    func label(_ key: DropAnswers.Key, areaUnit: String) -> String {
        switch key {
        case .field: say("Nazwa pola", "Field name", "Name des Schlags")
        case .crop: say("Uprawa", "Crop", "Kultur")
        case .cropCode: say("Kod EPPO uprawy", "The crop's EPPO code", "EPPO-Code der Kultur")
        case .cropArea: say("Powierzchnia całej uprawy (\(areaUnit))", "Area of the whole crop (\(areaUnit))", "Fläche der ganzen Kultur (\(areaUnit))")
        case .parcels: say("Działki z wniosku o dopłaty (oznaczenia, po przecinku)", "Parcels in the aid application (their labels, separated by commas)",
                           "Schläge im Sammelantrag (FLIK oder Bezeichnung, durch Kommas getrennt)")
        case .cadastral: say("Numery działek ewidencyjnych (po przecinku)", "Cadastral parcel numbers (separated by commas)", "Flurstücksnummern (durch Kommas getrennt)")
        case .target: say("Cel zabiegu: agrofag (choroba, szkodnik, chwasty)", "Target: the pest, disease or weeds", "Grund: Krankheit, Schädling oder Unkraut")
        case .bbch: say("Faza rozwojowa uprawy (BBCH), nieobowiązkowo", "Growth stage of the crop (BBCH), optional", "Entwicklungsstadium der Kultur (BBCH), freiwillig")
        case .end: say("Godzina zakończenia zabiegu (GG:MM)", "Time the spraying ended (HH:MM)", "Uhrzeit des Endes der Anwendung (HH:MM)")
        }
    }

    func hint(_ key: DropAnswers.Key) -> String? {
        switch key {
        case .field: say("Kolejne zabiegi na polu o tej nazwie dostaną jego uprawę i działki.", "Later jobs on a field of this name get its crop and parcels.",
                         "Spätere Anwendungen auf einem Schlag dieses Namens erhalten seine Kultur und Flächen.")
        case .crop: say("Np. pszenica ozima; dla znanej uprawy strona podpowie kod EPPO.", "For example winter wheat; for a known crop the page suggests its EPPO code.",
                        "Zum Beispiel Winterweizen; für eine bekannte Kultur schlägt die Seite den EPPO-Code vor.")
        case .cropCode: say("Np. TRZAW (pszenica ozima); kody: gd.eppo.int", "For example TRZAW (winter wheat); codes: gd.eppo.int",
                            "Zum Beispiel TRZAW (Winterweizen); Codes: gd.eppo.int")
        case .cropArea: say("Co najmniej powierzchnia opryskana.", "At least the area sprayed.", "Mindestens die behandelte Fläche.")
        case .cadastral: say("Np. 0212/3, 0212/4", "For example 0212/3, 0212/4", "Zum Beispiel 0212/3, 0212/4")
        case .target: say("Np. chwasty dwuliścienne albo mączniak prawdziwy.", "For example broadleaf weeds or powdery mildew.",
                          "Zum Beispiel Ackerfuchsschwanz oder Echter Mehltau.")
        case .end: say("Np. 14:30", "For example 14:30", "Zum Beispiel 14:30")
        case .parcels, .bbch: nil
        }
    }

    func label(_ key: DropAnswers.ProductKey, product: String?, number: Int, us: Bool) -> String {
        let which = product.map { say("środka „\($0)”", "of \($0)", "von „\($0)“") } ?? say("środka nr \(number)", "of product \(number)", "von Mittel \(number)")
        switch key {
        case .name: return say("Nazwa \(product == nil ? "środka nr \(number)" : which)", "Name \(which)", "Name \(which)")
        case .authorisation: return us ? say("Numer rejestracji EPA \(which)", "EPA registration number \(which)", "EPA-Registriernummer \(which)")
            : say("Numer zezwolenia \(which)", "Authorisation number \(which)", "Zulassungsnummer \(which)")
        case .ingredients: return say("Substancje czynne \(which) (po przecinku)", "Active ingredients \(which) (separated by commas)",
                                      "Wirkstoffe \(which) (durch Kommas getrennt)")
        case .rei: return say("Okres prewencji \(which) (godziny)", "Restricted-entry interval \(which) (hours)", "Wiederbetretungsfrist \(which) (Stunden)")
        }
    }

    /// A number as the page writes it: a whole one without decimals, a decimal comma in Polish
    /// and German. (Any finite value: an answer "same as above" copies may be far past a job's limits.)
    static func number(_ value: Double, language: ReportLanguage) -> String {
        let text = value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        return language == .english ? text : text.replacingOccurrences(of: ".", with: ",")
    }

    /// An area with its unit as the page writes it: "12,5 ha".
    static func area(_ area: Quantity<AreaUnit>, language: ReportLanguage) -> String {
        number(area.value, language: language) + " " + unit(area.unit)
    }

    /// An area unit as a farmer writes it: m², not m2.
    static func unit(_ unit: AreaUnit) -> String { unit == .squareMetre ? "m²" : unit.rawValue }

    var sameAsAbove: String { say("Tak samo jak zabieg wyżej (puste pola)", "Same as the job above (for the empty fields)", "Wie die Anwendung darüber (für die leeren Felder)") }
    var fromEarlierJob: String {
        say("Z wcześniejszego zabiegu na tym polu – sprawdź.", "From the earlier job on this field: check it.", "Aus der früheren Anwendung auf diesem Schlag: bitte prüfen.")
    }
    func cropCodeSuggestion(_ code: String, crop: String) -> String {
        say("Dla „\(crop)” w bazie EPPO: \(code) (gd.eppo.int/taxon/\(code)).", "For \"\(crop)\" the EPPO database has \(code) (gd.eppo.int/taxon/\(code)).",
            "Für „\(crop)“ nennt die EPPO-Datenbank \(code) (gd.eppo.int/taxon/\(code)).")
    }
    func suggested(_ count: Int) -> String {
        say("podpowiedziano: \(count) – sprawdź", "\(count) suggested: check", "\(count) vorgeschlagen: bitte prüfen")
    }
    var completeFor: String { say("Kompletne zabiegi", "Complete jobs", "Vollständige Anwendungen") }
    func of(_ count: Int, _ total: Int) -> String { say("\(count) z \(total)", "\(count) of \(total)", "\(count) von \(total)") }
    var mostMissing: String { say("Najczęściej brakuje", "Most often missing", "Am häufigsten fehlt") }
    func jobs(_ count: Int) -> String {
        say("\(count) \(DropPageTexts.polishPlural(count, "zabieg", "zabiegi", "zabiegów"))", "\(count) \(count == 1 ? "job" : "jobs")",
            "\(count) \(count == 1 ? "Anwendung" : "Anwendungen")")
    }
    func missingCount(_ count: Int) -> String { say("brakuje: \(count)", "\(count) missing", "es fehlen: \(count)") }
    var fillBelow: String {
        say("Uzupełnij niżej to, czego brakuje w każdym zabiegu, i sprawdź jeszcze raz albo pobierz pliki – wpisane dane trafią do raportów, ewidencji i arkusza. Dane wspólne dla wszystkich zabiegów wpiszesz w punkcie 2.",
            "Fill in below what each job lacks, then check again or download: what you type goes into the reports, the record and the workbook. What every job shares goes under 2.",
            "Ergänzen Sie unten, was jeder Anwendung fehlt, und prüfen Sie erneut oder laden Sie herunter: Was Sie eingeben, kommt in die Berichte, die Aufzeichnung und die Arbeitsmappe. Was für alle Anwendungen gleich ist, gehört unter 2.")
    }
    var onlyInApp: String {
        say("Tego nie da się uzupełnić tutaj – popraw w aplikacji:", "This cannot be filled in here; correct it in the app:",
            "Das lässt sich hier nicht ergänzen; korrigieren Sie es in der App:")
    }
    var checkAgain: String { say("Sprawdź jeszcze raz", "Check again", "Erneut prüfen") }
    var answersRefused: String {
        say("Niektórych wpisanych danych nie da się przyjąć – popraw pola zaznaczone niżej.", "Some of what you typed cannot be taken: correct the fields marked below.",
            "Einiges von dem, was Sie eingegeben haben, lässt sich nicht übernehmen: Korrigieren Sie die unten markierten Felder.")
    }
    var invalidField: String { say("Błąd", "Error", "Fehler") }

    func jurisdiction(_ jurisdiction: RecordJurisdiction) -> String {
        switch jurisdiction {
        case .pl: say("Polska", "Poland", "Polen")
        case .eu: say("UE", "EU", "EU")
        case .us: say("USA", "US", "USA")
        case .de: say("Niemcy", "Germany", "Deutschland")
        }
    }

    /// An entry that is not a job: the app's own field names, never JSON paths.
    func problem(_ diagnostic: Diagnostic) -> String {
        let path = diagnostic.path.description
        let names: [(String, String, String, String)] = [
            ("fieldArea", "powierzchnia pola", "the field's area", "die Fläche des Schlags"), ("areaUnit", "jednostka powierzchni", "the area's unit", "die Flächeneinheit"),
            ("sprayRate", "dawka cieczy", "the spray volume", "die Wasseraufwandmenge"), ("chemicalRate", "dawka środka", "the product's rate", "die Aufwandmenge des Mittels"),
            ("tankCapacity", "pojemność zbiornika", "the tank's capacity", "der Tankinhalt"), ("date", "data", "the date", "das Datum"),
        ]
        let name = names.first { path.contains("." + $0.0) }.map { say($0.1, $0.2, $0.3) }
        let what = name ?? say("zapis zabiegu", "the entry", "der Eintrag")
        return "\(what): \(diagnostic.message(in: language))"
    }
}
