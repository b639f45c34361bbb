/// The picture of the loads: one tank per group of identical loads, filled to its level with
/// water and a band for each liquid product, with its load numbers and volume beneath, and a
/// legend. Dry products dissolve and take no volume, so they have no band.
struct TankGauges {
    let builder: TemplateBuilder
    let spec: GaugeSpec
    let node: TemplateNode
    let scope: Scope
    let background: Color

    /// A band thinner than this would not be seen: a smaller dose is drawn at this height, boxed,
    /// and its true amount is written beside the tank.
    static let minimumBand = 3.0

    private struct Load {
        let numbers: [Int]
        /// "full" or "partial", in the report's language.
        let kind: String?
        let water: DisplayQuantity
        let products: [DisplayQuantity]
        let contents: DisplayQuantity
    }

    func elements() throws(DefinitionError) -> [any Element] {
        let loads: [Load]
        if spec.single {
            let value = try builder.evaluate(node) { () throws(PatternError) in try scope.value(spec.loads) }
            loads = try load(value).map { [$0] } ?? []
        } else if spec.parts == .legend {
            // A legend needs only which products take volume, the same in every load: the first
            // load tells (reading all of them for each card made a tank-card quadratic in loads).
            let first = try builder.list(spec.loads, node: node, scope: scope).first
            loads = try first.flatMap { value throws(DefinitionError) in try load(value) }.map { [$0] } ?? []
        } else {
            var parsed: [Load] = []
            for value in try builder.list(spec.loads, node: node, scope: scope) {
                if let load = try load(value) { parsed.append(load) }
            }
            loads = Self.grouped(parsed)
        }
        guard !loads.isEmpty else { return [] }
        guard case .quantity(let capacity) = try builder.evaluate(node, { () throws(PatternError) in try scope.value(Self.capacityPath) }) else {
            throw DefinitionError(file: builder.template.file, at: node.path, "tank.capacity is not a quantity")
        }
        let productNames = try builder.list(Self.productsPath, node: node, scope: scope).map { product -> String in
            if case .record(let fields) = product, case .text(let name)? = fields["name"] { return name }
            return ""
        }

        let outline = builder.color("gauge.outline"), water = builder.color("gauge.water")
        let palette = builder.theme.colorLists["gauge.products"] ?? [builder.color("primaryGreen")]
        builder.record(outline, on: background, kind: .graphic, node: node, sample: "tank outline")
        builder.record(water, on: background, kind: .graphic, node: node, sample: "water")
        let liquid = loads[0].products.indices.filter { loads[0].products[$0].unit.isVolume }
        for index in liquid {
            builder.record(palette[index % palette.count], on: background, kind: .graphic, node: node, sample: productNames[index])
        }

        if spec.parts == .legend {
            return [legend(names: productNames, liquid: liquid, water: water, palette: palette)]
        }
        let labelStyle = builder.textStyle(spec.labelStyle, color: builder.color("text.primary"))
        let detailStyle = builder.textStyle("captionSmall", color: builder.color("text.secondary"))
        let loadCount = try builder.list(Self.loadsPath, node: node, scope: scope).count
        var tanks: [any Element] = []
        for load in loads {
            let (commands, enlarged) = tank(load, capacity: capacity, outline: outline, water: water, palette: palette)
            let drawing = Drawing(size: Size(width: spec.width, height: spec.height), commands: commands,
                                  alternativeText: description(of: load, of: loadCount, productNames: productNames))
            guard !spec.single else {
                return [KeepTogether(HStack(spacing: builder.space("lg"), alignment: .top, origin: builder.origin(node),
                                            [HStack.Item(drawing, width: .fixed(spec.width))]))]
            }
            let numbers = load.numbers.count == 1 ? "\(load.numbers[0])" : "\(load.numbers[0])–\(load.numbers[load.numbers.count - 1])"
            let label = "\(builder.locale["load"]) \(numbers)"
            let volume = (load.numbers.count > 1 ? "\(load.numbers.count) × " : "") + builder.locale.text(load.contents)
            builder.record(labelStyle.color, on: background, style: labelStyle, node: node, sample: label)
            builder.record(detailStyle.color, on: background, style: detailStyle, node: node, sample: volume)
            var captionLines: [any Element] = [Text(StyledText(label, style: labelStyle)), Text(StyledText(volume, style: detailStyle))]
            // Bands drawn larger than their dose: each one's pattern, number and true amount, a
            // short line each, so the caption stays as narrow as the tank's label.
            if !enlarged.isEmpty {
                let heading = builder.locale["gauge.enlarged.heading"]
                builder.record(detailStyle.color, on: background, style: detailStyle, node: node, sample: heading)
                captionLines.append(Text(StyledText(heading, style: detailStyle)))
            }
            let notes = enlarged.map { index in
                // "symbol" is given empty for locale files written out before the square was drawn.
                let note = ReportLocale.fill(builder.locale["gauge.enlarged"], ["symbol": "", "number": "\(index + 1)", "amount": builder.locale.text(load.products[index])])
                return (index, String(note.drop(while: \.isWhitespace)))
            }
            let keyedNotes = notes.map { index, note in
                builder.record(detailStyle.color, on: background, style: detailStyle, node: node, sample: note)
                return keyed(Text(StyledText(note, style: detailStyle)), index: index, palette: palette, style: detailStyle)
            }
            // Up to three a line each, beside the tank; more run on side by side, as words do.
            if keyedNotes.count <= 3 {
                captionLines += keyedNotes
            } else {
                captionLines.append(Flow(spacing: builder.space("sm"), lineSpacing: builder.space("xs") / 2, keyedNotes))
            }
            let caption = VStack(spacing: builder.space("xs") / 2, captionLines)
            // The tank with its caption beside it, so a row of tanks stays as low as one tank.
            tanks.append(HStack(spacing: builder.space("sm"), alignment: .bottom, [
                HStack.Item(drawing, width: .fixed(spec.width)), HStack.Item(caption, width: .fraction(1)),
            ]))
        }
        // As many tanks on a line as fit; more wrap onto the next line instead of leaving the page.
        let flow = Flow(spacing: builder.space("lg"), lineSpacing: builder.space("md"), tanks)
        guard spec.parts == .both else { return [flow] }
        return [KeepTogether(HStack(spacing: builder.space("lg"), alignment: .top, origin: builder.origin(node), [
            HStack.Item(flow, width: .natural),
            HStack.Item(legend(names: productNames, liquid: liquid, water: water, palette: palette), width: .fraction(1)),
        ]))]
    }

    /// The tank in words, for screen readers: "Load 1 of 3, full: 991.5 L water, 7.5 L Roundup 360
    /// SL"; a group of loads names its range and count ("Loads 1–2 of 3 (2 ×), full: …").
    private func description(of load: Load, of count: Int, productNames: [String]) -> String {
        let locale = builder.locale
        let numbers = load.numbers.count == 1 ? "\(load.numbers[0])" : "\(load.numbers[0])–\(load.numbers[load.numbers.count - 1]) (\(load.numbers.count) ×)"
        var text = "\(locale["load"]) \(numbers) \(locale["of"]) \(count)"
        if let kind = load.kind { text += ", \(kind)" }
        var contents = ["\(locale.text(load.water)) \(locale["water"].lowercased())"]
        for (index, amount) in load.products.enumerated() where index < productNames.count {
            contents.append("\(locale.text(amount)) \(productNames[index])")
        }
        return text + ": " + contents.joined(separator: ", ")
    }

    /// Entries that wrap like words: before each name a square in its band's colour and pattern,
    /// drawn as in the tank (water, then "1 Roundup", numbered in the products' order); then a
    /// note naming the dry products, which have no band.
    private func legend(names: [String], liquid: [Int], water: Color, palette: [Color]) -> any Element {
        let style = builder.textStyle("caption", color: builder.color("text.primary"))
        var entries: [any Element] = []
        func entry(_ label: String, _ color: Color, index: Int?) {
            builder.record(style.color, on: background, style: style, node: node, sample: label)
            builder.record(color, on: background, kind: .graphic, node: node, sample: "legend of \(label)")
            let text = Text(StyledText(label, style: style))
            entries.append(index.map { keyed(text, index: $0, palette: palette, style: style) } ?? keyed(text, water: color, style: style))
        }
        entry(builder.locale["water"], water, index: nil)
        // A plain space after the number: joined to a long first word, the two would make one
        // "number" the text engine never breaks, wider than a narrow legend's column.
        for index in liquid { entry("\(index + 1) \(names[index])", palette[index % palette.count], index: index) }
        // Its lines go on over pages: twenty names of two hundred letters are taller than one.
        var lines: [any Element] = [Flow(spacing: builder.space("md"), lineSpacing: builder.space("xs") / 2, splitsBetweenLines: true, entries)]
        if liquid.count < names.count {
            let note = builder.textStyle("captionSmall", color: builder.color("text.secondary"))
            let dry = names.indices.filter { !liquid.contains($0) }.map { "\($0 + 1)" }
            let text = ReportLocale.fill(builder.locale["gauge.dryNote"], ["numbers": dry.joined(separator: ", ")])
            builder.record(note.color, on: background, style: note, node: node, sample: text)
            lines.append(Text(StyledText(text, style: note)))
        }
        return VStack(spacing: builder.space("xs"), lines)
    }

    /// `text` after a square drawn in product `index`'s colour and pattern, the square centred on
    /// the text's first line. A drawing, not a character: a font's square (U+25A0) would cost a
    /// report a font subset of its own, and fonts have only a few patterned squares.
    private func keyed(_ text: Text, index: Int, palette: [Color], style: TextStyle) -> any Element {
        keyed(text, style: style) { BandPattern.commands(index: index, in: $0, color: palette[index % palette.count]) }
    }

    /// `text` after a square of water.
    private func keyed(_ text: Text, water: Color, style: TextStyle) -> any Element {
        keyed(text, style: style) { [.fill(.rectangle($0), water)] }
    }

    private func keyed(_ text: Text, style: TextStyle, square: (Rect) -> [DrawCommand]) -> any Element {
        let side = (style.size * 0.9).rounded()
        let lineHeight = style.size * style.lineHeight
        let rect = Rect(x: 0, y: ((lineHeight - side) / 2).rounded(), width: side, height: side)
        let drawing = Drawing(size: Size(width: side, height: lineHeight), commands: square(rect))
        return Keyed(drawing, spacing: (style.size * 0.35).rounded(), text)
    }

    /// The tank: outline, level marks at quarters, water from the bottom, product bands on top, to
    /// scale; with the products whose band had to be drawn larger than scale (boxed). Every liquid
    /// product has a band and the water shows beneath them, however small the load: a band (and
    /// the water) is at least ``minimumBand`` tall, or less when that many bands would not fit in
    /// the tank, and the fill rises above its level when its bands need the room.
    private func tank(_ load: Load, capacity: DisplayQuantity, outline: Color, water: Color, palette: [Color]) -> ([DrawCommand], enlarged: [Int]) {
        let width = spec.width, height = spec.height
        let inset = 3.0, lineWidth = 1.5
        let inner = Rect(x: inset, y: inset, width: width - 2 * inset, height: height - 2 * inset)
        let level = min(1, max(0, load.contents.value / max(capacity.value, 1e-9)))
        var commands: [DrawCommand] = []
        var enlarged: [Int] = []
        let liquids = load.products.indices.filter { load.products[$0].unit.isVolume }
        if level > 0 {
            let contents = max(load.contents.value / load.contents.unit.perInternalUnit, 1e-9)
            let scaledFill = inner.height * level
            let scaled = liquids.map { scaledFill * load.products[$0].value / load.products[$0].unit.perInternalUnit / contents }
            let minimum = min(Self.minimumBand, inner.height / Double(liquids.count + 1))
            var bands = scaled.map { max(minimum, $0) }
            // Products that fill the tank leave no room for the minimum bands and the water: the
            // bands drawn to scale give up the room, in proportion.
            let excess = bands.reduce(0, +) + minimum - inner.height
            if excess > 0 {
                let shrinkable = bands.map { $0 - minimum }.reduce(0, +)
                bands = bands.map { minimum + ($0 - minimum) * max(0, 1 - excess / max(shrinkable, 1e-9)) }
            }
            let fillHeight = min(inner.height, max(scaledFill, bands.reduce(0, +) + minimum))
            commands.append(.fill(.roundedRectangle(Rect(x: inner.minX, y: inner.minY + inner.height - fillHeight, width: inner.width, height: fillHeight),
                                                    radius: min(3, fillHeight / 2)), water))
            // Bands from the top of the fill down.
            var top = inner.minY + inner.height - fillHeight
            for (position, index) in liquids.enumerated() {
                let rect = Rect(x: inner.minX, y: top, width: inner.width, height: bands[position])
                commands += BandPattern.commands(index: index, in: rect, color: palette[index % palette.count])
                if scaled[position] < minimum - 1e-9 {
                    enlarged.append(index)
                    commands.append(.stroke(.rectangle(rect), outline, lineWidth: 0.6))
                }
                top += bands[position]
            }
        }
        // The three quarter marks are one path: cairo's cost is mostly by drawing operation, and
        // one stroke of three lines draws the same as three strokes.
        var marks = Path()
        for quarter in 1...3 {
            let y = inner.minY + inner.height * (1 - Double(quarter) / 4)
            marks.move(to: Point(x: 0, y: y))
            marks.line(to: Point(x: inset + 5, y: y))
        }
        commands.append(.stroke(marks, outline, lineWidth: 1))
        commands.append(.stroke(.roundedRectangle(Rect(x: lineWidth / 2, y: lineWidth / 2, width: width - lineWidth, height: height - lineWidth),
                                                  radius: 6), outline, lineWidth: lineWidth))
        return (commands, enlarged)
    }

    private func load(_ value: TemplateValue) throws(DefinitionError) -> Load? {
        guard case .record(let fields) = value, case .quantity(let water)? = fields["water"],
              case .quantity(let contents)? = fields["tankContents"], case .list(let products)? = fields["products"] else {
            throw DefinitionError(file: builder.template.file, at: node.path, "\"\(spec.loads)\" is not a tank load; expected an item of \"loads\"")
        }
        let number: Int
        if case .integer(let value)? = fields["number"] { number = value } else { number = 0 }
        var kind: String?
        if case .text(let text)? = fields["kind"] { kind = text }
        return Load(numbers: [number], kind: kind, water: water, products: products.compactMap {
            if case .quantity(let amount) = $0 { return amount }
            return nil
        }, contents: contents)
    }

    /// Consecutive loads that are the same (all full loads, all equal loads) share one tank.
    private static func grouped(_ loads: [Load]) -> [Load] {
        var groups: [Load] = []
        for load in loads {
            if let last = groups.last, last.water.steps == load.water.steps, last.contents.steps == load.contents.steps,
               last.products.map(\.steps) == load.products.map(\.steps) {
                groups[groups.count - 1] = Load(numbers: last.numbers + load.numbers, kind: last.kind, water: last.water,
                                                products: last.products, contents: last.contents)
            } else {
                groups.append(load)
            }
        }
        return groups
    }

    private static let capacityPath = ValuePath(segments: [.name("tank"), .name("capacity")], description: "tank.capacity")
    private static let loadsPath = ValuePath(segments: [.name("loads")], description: "loads")
    private static let productsPath = ValuePath(segments: [.name("products")], description: "products")
}

extension DisplayUnit {
    /// True for units of volume (a liquid takes room in the tank); false for mass and area.
    var isVolume: Bool {
        switch self {
        case .litre, .millilitre, .usGallon, .usFluidOunce: true
        default: false
        }
    }
}
