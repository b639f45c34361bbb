extension ReportLocale {
    /// Reads a locale file. Every problem is reported with its path; units the calculator can
    /// produce and plural categories the language needs must all be there.
    public static func load(_ bytes: [UInt8], file: String) throws(DefinitionError) -> ReportLocale {
        try DefinitionFile.read(bytes, file: file) { reader, root in
            guard let top = reader.object(root, allowed: ["language", "numbers", "units", "dates", "plurals", "strings"]) else { return nil }
            let language = reader.required("language", in: top, expected: "\"en\" or \"pl\"").flatMap { reader.choice($0, as: ReportLanguage.self) }

            var numbers: NumberStyle?
            var unitSeparator: String?
            if let node = reader.required("numbers", in: top, expected: "an object with the number separators"),
               let object = reader.object(node, allowed: ["decimalSeparator", "groupingSeparator", "unitSeparator"]) {
                let decimal = reader.required("decimalSeparator", in: object, expected: "a string such as \",\"").flatMap { reader.text($0, maximumLength: 4) }
                let grouping = reader.required("groupingSeparator", in: object, expected: "a string such as \" \"").flatMap { reader.text($0, maximumLength: 4) }
                unitSeparator = reader.required("unitSeparator", in: object, expected: "a string, usually a no-break space").flatMap { reader.text($0, maximumLength: 4) }
                if let decimal, let grouping { numbers = NumberStyle(decimalSeparator: decimal, groupingSeparator: grouping) }
            }

            let units = reader.required("units", in: top, expected: "an object of unit symbols").flatMap {
                reader.stringMap($0, requiredKeys: DisplayUnit.allCases.map(\.rawValue) + ProductRateUnit.allCases.map(\.rawValue)
                    + SprayRateUnit.allCases.map(\.rawValue) + TankUnit.allCases.map(\.rawValue) + AreaUnit.allCases.map(\.rawValue))
            }

            var months: [String]?
            var datePattern: String?
            var dateTimePattern: String?
            if let node = reader.required("dates", in: top, expected: "an object with month names and date patterns"),
               let object = reader.object(node, allowed: ["months", "date", "dateTime"]) {
                if let list = reader.required("months", in: object, expected: "the 12 month names").flatMap({ reader.array($0) }) {
                    if list.count != 12 { reader.error(object.path.appending("months"), "has \(list.count) names; expected 12") }
                    let names = list.compactMap { reader.text($0, maximumLength: 40) }
                    if names.count == 12 { months = names }
                }
                datePattern = reader.required("date", in: object, expected: "a pattern such as \"{day} {month} {year}\"").flatMap { reader.text($0, maximumLength: 80) }
                dateTimePattern = reader.required("dateTime", in: object, expected: "a pattern such as \"{day} {month} {year}, {hour}:{minute}\"").flatMap { reader.text($0, maximumLength: 80) }
            }

            var plurals: [String: [String: String]] = [:]
            if let node = top.optional("plurals"), case .object(let members) = node.value {
                for member in members.members {
                    let path = node.path.appending(member.key)
                    let categories = language.map(pluralCategories) ?? ["other"]
                    if let forms = reader.stringMap(JSONReader.Node(value: member.value, path: path), requiredKeys: categories) {
                        plurals[member.key] = forms
                    }
                }
            } else if let node = top.optional("plurals") {
                reader.error(node.path, "expected an object of plural forms, found \(node.value.typeDescription)")
            }

            let strings = reader.required("strings", in: top, expected: "an object of the strings templates show").flatMap {
                reader.stringMap($0, requiredKeys: requiredStrings)
            }

            guard let language, let numbers, let unitSeparator, let units, let months, let datePattern,
                  let dateTimePattern, let strings else { return nil }
            return ReportLocale(language: language, numbers: numbers, unitSeparator: unitSeparator, unitSymbols: units,
                                months: months, datePattern: datePattern, dateTimePattern: dateTimePattern,
                                strings: strings, plurals: plurals)
        }
    }
}

extension ReportLocale {
    /// Reads a messages file (`locales/messages/<language>.json`): the words report-gen says beyond a
    /// report, by key. Apart from the locale file, so a report never reads them.
    static func loadMessages(_ bytes: [UInt8], file: String, language: ReportLanguage) throws(DefinitionError) -> [String: String] {
        try DefinitionFile.read(bytes, file: file) { reader, root in
            guard let top = reader.object(root, allowed: ["language", "messages"]) else { return nil }
            let stated = reader.required("language", in: top, expected: "\"\(language.rawValue)\"").flatMap { reader.choice($0, as: ReportLanguage.self) }
            if let stated, stated != language, let path = top.optional("language")?.path {
                reader.error(path, "says \"\(stated.rawValue)\"; expected \"\(language.rawValue)\" for this file")
            }
            return reader.required("messages", in: top, expected: "an object of the messages' words by key").flatMap { reader.stringMap($0, requiredKeys: []) }
        }
    }
}

extension JSONReader {
    /// An object whose values are all strings, with `requiredKeys` present.
    mutating func stringMap(_ node: Node, requiredKeys: [String]) -> [String: String]? {
        guard case .object(let object) = node.value else {
            error(node.path, "expected an object of strings, found \(node.value.typeDescription)")
            return nil
        }
        var result: [String: String] = [:]
        for member in object.members {
            if let text = text(Node(value: member.value, path: node.path.appending(member.key)), maximumLength: 2_000, multiline: true) {
                result[member.key] = text
            }
        }
        let missing = requiredKeys.filter { object[$0] == nil }
        if !missing.isEmpty {
            error(node.path, "is missing \(missing.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        return result
    }
}
