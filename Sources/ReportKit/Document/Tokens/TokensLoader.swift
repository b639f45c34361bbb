/// Reads `tokens.json`: semantic colours per theme, component colours defined from them, the type
/// scale, spacing and radii (docs/template-format.md describes the file).
package enum TokensLoader {
    /// Reads the file and resolves it for `theme`. Every problem of the file is reported, for both
    /// themes, so a token that only breaks the dark palette is found while printing light.
    package static func load(_ bytes: [UInt8], file: String, theme: ThemeName) throws(DefinitionError) -> Theme {
        let themes = try DefinitionFile.read(bytes, file: file) { reader, root in read(&reader, root) }
        guard let resolved = themes[theme] else {
            throw DefinitionError(file: file, at: JSONPath.root.appending("themes"), "has no \"\(theme.rawValue)\" theme")
        }
        return resolved
    }

    private static func read(_ reader: inout JSONReader, _ root: JSONReader.Node) -> [ThemeName: Theme]? {
        guard let top = reader.object(root, allowed: ["description", "themes", "components", "typography", "spacing", "radii"]) else { return nil }
        var palettes: [ThemeName: [String: Color]] = [:]
        if let node = reader.required("themes", in: top, expected: "an object with \"light\" and \"dark\" palettes"),
           let object = reader.object(node, allowed: ThemeName.allCases.map(\.rawValue)) {
            for theme in ThemeName.allCases {
                guard let paletteNode = reader.required(theme.rawValue, in: object, expected: "an object of colours") else { continue }
                guard case .object(let members) = paletteNode.value else {
                    reader.error(paletteNode.path, "expected an object of colours, found \(paletteNode.value.typeDescription)")
                    continue
                }
                var palette: [String: Color] = [:]
                for member in members.members {
                    if let color = reader.color(JSONReader.Node(value: member.value, path: paletteNode.path.appending(member.key))) {
                        palette[member.key] = color
                    }
                }
                palettes[theme] = palette
            }
            if let light = palettes[.light], let dark = palettes[.dark], Set(light.keys) != Set(dark.keys) {
                let odd = Set(light.keys).symmetricDifference(dark.keys).sorted()
                reader.error(node.path, "the light and dark palettes must name the same colours; only one has \(odd.joined(separator: ", "))")
            }
        }

        let components = reader.required("components", in: top, expected: "an object of component colours").flatMap { node -> [String: JSONReader.Node]? in
            guard case .object(let object) = node.value else {
                reader.error(node.path, "expected an object, found \(node.value.typeDescription)")
                return nil
            }
            return Dictionary(object.members.map { ($0.key, JSONReader.Node(value: $0.value, path: node.path.appending($0.key))) },
                              uniquingKeysWith: { first, _ in first })
        } ?? [:]

        let typography = reader.required("typography", in: top, expected: "the type scale").flatMap { readTypography(&reader, $0) }
        let spacing = reader.required("spacing", in: top, expected: "an object of spacing steps in points").flatMap { reader.numberMap($0) }
        let radii = reader.required("radii", in: top, expected: "an object of corner radii in points").flatMap { reader.numberMap($0) }

        var themes: [ThemeName: Theme] = [:]
        for theme in ThemeName.allCases {
            guard let palette = palettes[theme] else { continue }
            var resolver = ComponentResolver(theme: theme, palette: palette, components: components)
            var colors = palette
            var lists: [String: [Color]] = [:]
            for name in components.keys.sorted() {
                switch resolver.resolve(name, reader: &reader) {
                case .color(let color)?: colors[name] = color
                case .list(let list)?: lists[name] = list
                case nil: break
                }
            }
            guard let typography, let spacing, let radii else { continue }
            themes[theme] = Theme(name: theme, colors: colors, textStyles: typography.styles, printScale: typography.printScale,
                                  spacing: spacing, radii: radii, colorLists: lists)
        }
        return reader.hasErrors ? nil : themes
    }

    private static func readTypography(_ reader: inout JSONReader, _ node: JSONReader.Node) -> (styles: [String: TextStyle], printScale: Double)? {
        guard let object = reader.object(node, allowed: ["family", "printScale", "tabularFigures", "styles"]) else { return nil }
        let family = reader.required("family", in: object, expected: "a font family name such as \"Inter\"").flatMap { reader.text($0, maximumLength: 100) }
        let printScale = reader.required("printScale", in: object, expected: "the factor printed pages scale the type by, such as 0.75")
            .flatMap { reader.number($0, in: TypeLimits.scale) }
        var tabular = false
        if let node = object.optional("tabularFigures") {
            if case .bool(let value) = node.value { tabular = value } else { reader.error(node.path, "expected true or false, found \(node.value.typeDescription)") }
        }
        guard let stylesNode = reader.required("styles", in: object, expected: "an object of text styles"),
              case .object(let members) = stylesNode.value else {
            if let node = object.optional("styles") { reader.error(node.path, "expected an object of text styles, found \(node.value.typeDescription)") }
            return nil
        }
        var styles: [String: TextStyle] = [:]
        for member in members.members {
            let path = stylesNode.path.appending(member.key)
            guard let style = reader.object(JSONReader.Node(value: member.value, path: path), allowed: ["size", "weight", "lineHeight", "letterSpacing"]) else { continue }
            let size = reader.required("size", in: style, expected: "a size in points").flatMap { reader.number($0, in: TypeLimits.size, unit: "points") }
            let weight = reader.required("weight", in: style, expected: "regular, medium, semibold or bold").flatMap { reader.choice($0, as: FontWeightName.self) }
            let lineHeight = reader.required("lineHeight", in: style, expected: "a multiple of the size, such as 1.4")
                .flatMap { reader.number($0, in: TypeLimits.lineHeight, unit: "times the size") }
            let letterSpacing = style.optional("letterSpacing").flatMap { reader.number($0, in: TypeLimits.letterSpacing, unit: "em") } ?? 0
            if let family, let size, let weight, let lineHeight {
                styles[member.key] = TextStyle(family: family, size: size, weight: weight.weight, lineHeight: lineHeight,
                                               letterSpacing: letterSpacing, tabularFigures: tabular)
            }
        }
        return printScale.map { (styles, $0) }
    }
}

/// The ranges of the type scale's numbers. Far wider than any design needs, and narrow enough
/// that the largest type a page can ask for (size × print scale × a template's type scale)
/// stays a number Pango's 32-bit units hold.
package enum TypeLimits {
    /// A style's size, in points.
    package static let size: ClosedRange<Double> = 1...200
    /// A print or template type scale.
    package static let scale: ClosedRange<Double> = 0.1...4
    /// Line height, as a multiple of the size.
    package static let lineHeight: ClosedRange<Double> = 0.5...5
    /// Letter spacing, in em.
    package static let letterSpacing: ClosedRange<Double> = -0.5...2
}

/// Weight names as token files write them.
enum FontWeightName: String, CaseIterable {
    case regular, medium, semibold, bold

    var weight: FontWeight {
        switch self {
        case .regular: .regular
        case .medium: .medium
        case .semibold: .semibold
        case .bold: .bold
        }
    }
}

/// Resolves component tokens for one theme. A component is a colour name (semantic or another
/// component), `{"light": …, "dark": …}`, `{"color": name, "opacity": number or per theme}`, or a
/// list of any of these.
private struct ComponentResolver {
    enum Resolved {
        case color(Color)
        case list([Color])
    }

    let theme: ThemeName
    let palette: [String: Color]
    let components: [String: JSONReader.Node]
    private var resolved: [String: Resolved] = [:]
    private var resolving: [String] = []

    init(theme: ThemeName, palette: [String: Color], components: [String: JSONReader.Node]) {
        self.theme = theme
        self.palette = palette
        self.components = components
    }

    mutating func resolve(_ name: String, reader: inout JSONReader) -> Resolved? {
        if let done = resolved[name] { return done }
        guard let node = components[name] else { return nil }
        if resolving.contains(name) {
            reader.error(node.path, "refers to itself through \((resolving + [name]).joined(separator: " → "))")
            return nil
        }
        resolving.append(name)
        defer { resolving.removeLast() }
        let value = value(node, reader: &reader)
        if let value { resolved[name] = value }
        return value
    }

    private mutating func value(_ node: JSONReader.Node, reader: inout JSONReader) -> Resolved? {
        switch node.value {
        case .string(let name):
            if let color = palette[name] { return .color(color) }
            if components[name] != nil { return resolve(name, reader: &reader) }
            var message = "unknown colour token \"\(name)\""
            if let suggestion = JSONReader.closest(to: name, in: Array(palette.keys) + Array(components.keys)) { message += "; did you mean \"\(suggestion)\"?" }
            reader.error(node.path, message + " Expected a semantic colour of the palette or another component")
            return nil
        case .array(let elements):
            var colors: [Color] = []
            for (index, element) in elements.enumerated() {
                guard case .color(let color)? = value(JSONReader.Node(value: element, path: node.path.appending(index: index)), reader: &reader) else { return nil }
                colors.append(color)
            }
            guard !colors.isEmpty else {
                reader.error(node.path, "is an empty list; expected at least one colour")
                return nil
            }
            return .list(colors)
        case .object(let object) where object["color"] != nil:
            guard let fields = reader.object(node, allowed: ["color", "opacity"]),
                  let base = reader.required("color", in: fields, expected: "a colour token").flatMap({ value($0, reader: &reader) }),
                  case .color(let color) = base,
                  let opacityNode = reader.required("opacity", in: fields, expected: "a number from 0 to 1, or one per theme") else { return nil }
            var chosen = opacityNode
            if case .object = opacityNode.value {
                guard let perTheme = reader.object(opacityNode, allowed: ThemeName.allCases.map(\.rawValue)),
                      let node = reader.required(theme.rawValue, in: perTheme, expected: "a number from 0 to 1") else { return nil }
                chosen = node
            }
            guard let opacity = reader.number(chosen) else { return nil }
            guard (0...1).contains(opacity) else {
                reader.error(chosen.path, "must be from 0 to 1, got \(JSONReader.format(opacity))")
                return nil
            }
            return .color(color.withAlpha(opacity))
        case .object:
            guard let perTheme = reader.object(node, allowed: ThemeName.allCases.map(\.rawValue)),
                  let chosen = reader.required(theme.rawValue, in: perTheme, expected: "a colour token for the \(theme.rawValue) theme") else { return nil }
            return value(chosen, reader: &reader)
        default:
            reader.error(node.path, "expected a colour token name, {\"light\": …, \"dark\": …}, {\"color\": …, \"opacity\": …} or a list, found \(node.value.typeDescription)")
            return nil
        }
    }
}

extension JSONReader {
    /// `[red, green, blue]`, sRGB components from 0 to 1.
    mutating func color(_ node: Node) -> Color? {
        guard case .array(let elements) = node.value, elements.count == 3 else {
            error(node.path, "expected [red, green, blue] with sRGB components from 0 to 1, found \(node.value.typeDescription)")
            return nil
        }
        var components: [Double] = []
        for (index, element) in elements.enumerated() {
            let path = node.path.appending(index: index)
            guard let value = number(Node(value: element, path: path)) else { return nil }
            guard (0...1).contains(value) else {
                error(path, "must be from 0 to 1, got \(JSONReader.format(value))")
                return nil
            }
            components.append(value)
        }
        return Color(red: components[0], green: components[1], blue: components[2])
    }

    /// An object of non-negative numbers by name.
    mutating func numberMap(_ node: Node) -> [String: Double]? {
        guard case .object(let object) = node.value else {
            error(node.path, "expected an object of numbers, found \(node.value.typeDescription)")
            return nil
        }
        var result: [String: Double] = [:]
        for member in object.members {
            let path = node.path.appending(member.key)
            guard let value = number(Node(value: member.value, path: path)) else { continue }
            guard value >= 0, value <= 1_000 else {
                error(path, "must be from 0 to 1000 points, got \(JSONReader.format(value))")
                continue
            }
            result[member.key] = value
        }
        return result
    }
}
