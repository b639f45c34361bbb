/// The values a template node can name: the report's data, and the items of the `each` blocks,
/// tables and repeated columns it is inside.
struct Scope: Sendable {
    let root: [String: TemplateValue]
    var variables: [String: TemplateValue] = [:]

    func binding(_ name: String, to value: TemplateValue) -> Scope {
        var scope = self
        scope.variables[name] = value
        return scope
    }

    /// The value at `path`; a wrong name is an error that names what there is instead.
    func value(_ path: ValuePath) throws(PatternError) -> TemplateValue {
        guard case .name(let first) = path.segments.first else { throw PatternError("a path must start with a name") }
        var current: TemplateValue
        if let variable = variables[first] {
            current = variable
        } else if let value = root[first] {
            current = value.resolved
        } else {
            throw PatternError(Self.unknown(first, in: Array(variables.keys) + Array(root.keys), path: path))
        }
        let segments = path.segments
        var position = 1
        while position < segments.count {
            let segment = segments[position]
            position += 1
            switch (segment, current) {
            case (_, .absent):
                return .absent
            case (.name(let name), .record(let record)):
                // Keys may contain dots ("waterRule.fillToVolume" in a locale): the longest key
                // that the following names spell wins.
                var key = name, names = [name]
                var found = record[name].map { (value: $0, length: 1) }
                while position + names.count - 1 < segments.count, case .name(let more) = segments[position + names.count - 1] {
                    key += "." + more
                    names.append(more)
                    if let value = record[key] { found = (value, names.count) }
                }
                guard let found else {
                    if first == "t" { throw PatternError("the locale has no string \"\(names.joined(separator: "."))\" (in \"\(path)\")") }
                    throw PatternError(Self.unknown(name, in: Array(record.keys), path: path))
                }
                position += found.length - 1
                current = found.value
            case (.index(let index), .list(let list)):
                current = list.indices.contains(index) ? list[index] : .absent
            case (.indexPath(let inner), .list(let list)):
                guard case .integer(let index) = try value(inner) else {
                    throw PatternError("the index \"\(inner)\" in \"\(path)\" is not a whole number")
                }
                current = list.indices.contains(index) ? list[index] : .absent
            case (.name(let name), _):
                throw PatternError("\"\(path)\": cannot take \"\(name)\" of \(current.kindDescription)")
            case (_, _):
                throw PatternError("\"\(path)\": cannot index \(current.kindDescription); only lists have items")
            }
        }
        return current
    }

    private static func unknown(_ name: String, in names: [String], path: ValuePath) -> String {
        var message = "unknown name \"\(name)\" in \"\(path)\""
        if let suggestion = JSONReader.closest(to: name, in: names) { message += "; did you mean \"\(suggestion)\"?" }
        return message + " Known here: \(names.sorted().joined(separator: ", "))"
    }

    /// The text of a pattern with every placeholder filled in.
    func text(_ pattern: TextPattern, locale: ReportLocale) throws(PatternError) -> String {
        var result = ""
        for part in pattern.parts {
            switch part {
            case .literal(let literal): result += literal
            case .value(let path, let format): result += try Self.format(value(path), format, path: path, locale: locale)
            }
        }
        return result
    }

    static func format(_ value: TemplateValue, _ format: ValueFormat, path: ValuePath, locale: ReportLocale) throws(PatternError) -> String {
        switch (value, format) {
        case (.absent, _): return ""
        case (.list(let list), .count): return locale.integer(list.count)
        case (.integer(let count), .plural(let key)):
            guard let text = locale.plural(key, count) else { throw PatternError("the locale has no plural forms \"\(key)\" (in \"\(path)\")") }
            return text
        case (.quantity(let quantity), .number): return locale.number(quantity, trimZeros: false)
        case (.quantity(let quantity), .unit): return locale.symbol(quantity.unit)
        case (.date(let date), .date): return locale.text(date, includeTime: false)
        case (_, .upper): return try Self.format(value, .plain, path: path, locale: locale).uppercased()
        case (.text(let text), .plain): return text
        case (.integer(let value), .plain), (.integer(let value), .number): return locale.integer(value)
        case (.quantity(let quantity), .plain): return locale.text(quantity)
        case (.date(let date), .plain): return locale.text(date)
        case (.bool(let flag), .plain): return locale[flag ? "yes" : "no"]
        case (.list, .plain), (.record, .plain):
            throw PatternError("\"\(path)\" is \(value.kindDescription), not something to print; use it in \"each\", a table's \"rows\" or with |count")
        default:
            throw PatternError("the format of \"\(path)\" does not apply to \(value.kindDescription)")
        }
    }
}
