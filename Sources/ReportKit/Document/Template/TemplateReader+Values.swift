/// The template's values as their nodes write them: patterns, links, paths, names, conditions,
/// widths and the theme's tokens, each checked with the JSON path of what is wrong.
extension TemplateReader {
    mutating func pattern(_ node: JSONReader.Node) -> TextPattern? {
        guard let text = reader.text(node, maximumLength: 4_000, multiline: true) else { return nil }
        switch TextPattern.parse(text) {
        case .success(let pattern): return pattern
        case .failure(let error):
            reader.error(node.path, error.message)
            return nil
        }
    }

    /// A link's target. One that starts with written text is checked now, so a template with a
    /// `javascript:` link is refused when it loads; the builder checks every target it makes.
    mutating func linkPattern(_ node: JSONReader.Node) -> TextPattern? {
        guard let pattern = pattern(node) else { return nil }
        if case .literal(let text)? = pattern.parts.first, !text.hasPrefix("#"), let colon = text.firstIndex(of: ":") {
            let scheme = text[...colon].lowercased()
            if !TemplateBuilder.linkSchemes.contains(scheme) {
                reader.error(node.path, "links to \"\(scheme)\" addresses are not allowed; a link goes to #name (a place in this report) or to an address starting with \(TemplateBuilder.linkSchemes.joined(separator: ", "))")
                return nil
            }
        }
        return pattern
    }

    mutating func valuePath(_ node: JSONReader.Node) -> ValuePath? {
        guard let text = reader.text(node, maximumLength: 200) else { return nil }
        switch ValuePath.parse(text) {
        case .success(let path): return path
        case .failure(let error):
            reader.error(node.path, error.message)
            return nil
        }
    }

    mutating func identifier(_ node: JSONReader.Node) -> String? {
        guard let path = valuePath(node) else { return nil }
        guard path.segments.count == 1, case .name(let name) = path.segments[0] else {
            reader.error(node.path, "expected a plain name such as \"load\", found \"\(path)\"")
            return nil
        }
        return name
    }

    /// The object's `if` or `unless` (a node, a span, a column); both at once is an error.
    mutating func condition(_ fields: JSONReader.ObjectNode) -> Condition? {
        let positive = fields.optional("if"), negative = fields.optional("unless")
        if positive != nil, let negative {
            reader.error(negative.path, "a node has \"if\" or \"unless\", not both")
            return nil
        }
        guard let node = positive ?? negative, let path = valuePath(node) else { return nil }
        return Condition(path: path, negated: positive == nil)
    }

    mutating func bool(_ node: JSONReader.Node) -> Bool? {
        guard case .bool(let value) = node.value else {
            reader.error(node.path, "expected true or false, found \(node.value.typeDescription)")
            return nil
        }
        return value
    }

    mutating func columnWidth(_ node: JSONReader.Node) -> ColumnWidth? {
        if case .number = node.value {
            // No content area is wider than an A3 page; a wider column could never be laid out.
            return reader.number(node, in: 1...1_200, unit: "points").map { .fixed($0) }
        }
        guard case .string(let text) = node.value else {
            reader.error(node.path, "expected a width: \"auto\", \"values\", a share such as \"2fr\", or points as a number; found \(node.value.typeDescription)")
            return nil
        }
        if text == "auto" { return .natural }
        if text == "values" { return .values }
        if text.hasSuffix("fr"), let share = Double(text.dropLast(2)), share > 0, share <= 100 { return .fraction(share) }
        reader.error(node.path, "unknown width \"\(text)\"; expected \"auto\", \"values\" (tables: as wide as the values, the header wraps), a share such as \"2fr\", or points as a number")
        return nil
    }

    mutating func token(_ node: JSONReader.Node, kind: String, names: some Collection<String>) -> String? {
        guard case .string(let name) = node.value else {
            reader.error(node.path, "expected the name of a \(kind) token, found \(node.value.typeDescription)")
            return nil
        }
        guard names.contains(name) else {
            var message = "unknown \(kind) token \"\(name)\""
            if let suggestion = JSONReader.closest(to: name, in: Array(names)) { message += "; did you mean \"\(suggestion)\"?" }
            reader.error(node.path, message + " Expected one of: \(names.sorted().joined(separator: ", "))")
            return nil
        }
        return name
    }

    mutating func color(_ node: JSONReader.Node) -> String? { token(node, kind: "colour", names: theme.colors.keys) }
    mutating func textStyle(_ node: JSONReader.Node) -> String? { token(node, kind: "text style", names: theme.textStyles.keys) }
    mutating func spacingToken(_ node: JSONReader.Node) -> String? { token(node, kind: "spacing", names: theme.spacing.keys) }
    mutating func radius(_ node: JSONReader.Node) -> String? { token(node, kind: "radius", names: theme.radii.keys) }

    mutating func spacing(_ fields: JSONReader.ObjectNode, default fallback: String) -> String {
        fields.optional("spacing").flatMap { spacingToken($0) } ?? fallback
    }
}
