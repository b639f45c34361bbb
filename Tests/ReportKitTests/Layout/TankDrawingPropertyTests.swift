import Foundation
import PropertyBased
import Testing
import CLITestSupport
@testable import ReportKit

/// The tank drawings and their legend over the accepted range (issue 54, item 4): 1–20 products,
/// liquid and dry, 1–1,000 loads, a last load of a few litres, both languages and themes. Every
/// liquid product of every load has a band in that load's drawing, the water shows beneath the
/// bands, a band drawn larger than its dose is named beside its tank, the dry products are named
/// under the legend, and every legend entry is a square of its product's own pattern, at least 3:1
/// against the page in grey.
@Suite("Tank drawings show every product")
struct TankDrawingPropertyTests {
    struct Shape: CustomStringConvertible {
        var products: Int
        var loads: Int
        /// The last load a two-hundredth of a tank (5 L of 1,000 L).
        var tinyLastLoad: Bool
        var polish: Bool
        var template: String

        var description: String {
            "\(products) products, \(loads) loads\(tinyLastLoad ? " (the last one tiny)" : ""), \(polish ? "pl" : "en"), \(template)"
        }

        /// Liquid (L/ha, mL/ha, %) and dry (kg/ha, g/ha) products in turn, doses from a few
        /// millilitres a tank to a tenth of it.
        static let units = ["L/ha", "kg/ha", "mL/ha", "%", "g/ha", "L/ha", "L/ha"]
        static let values = [1.5, 0.8, 40, 0.05, 300, 12, 0.02]

        func isLiquid(_ index: Int) -> Bool { ["L/ha", "mL/ha", "%"].contains(Self.units[index % Self.units.count]) }

        var json: String {
            let area = 40.0, rate = 200.0
            let liquid = area * rate
            let capacity = loads == 1 ? liquid * 1.25 : liquid / (Double(loads) - (tinyLastLoad ? 0.995 : 0.5))
            let list = (0..<products).map { index in
                #"{"name": "\#(LayoutRangePropertyTests.names[index]) \#(index + 1)", "rate": {"value": \#(Self.values[index % Self.values.count]), "unit": "\#(Self.units[index % Self.units.count])"}}"#
            }
            return """
                {"version": 1, "locale": "\(polish ? "pl" : "en")", "title": "Oprysk", "date": "2026-04-14T07:30:00+02:00",
                 "field": {"name": "Działka 12", "crop": "pszenica ozima", "area": {"value": \(area), "unit": "ha"}},
                 "sprayRate": {"value": \(rate), "unit": "L/ha"}, "tank": {"capacity": {"value": \(capacity), "unit": "L"}},
                 "products": [\(list.joined(separator: ", "))]}
                """
        }
    }

    static let loadCounts = [1, 2, 3, 12, 97, 1_000]

    static let shapes = zip(Gen.int(in: 1...20), Gen.int(in: 0...(loadCounts.count - 1)), Gen.int(in: 0...7)).map { products, loadIndex, flags in
        let loads = loadCounts[loadIndex]
        // The tank card draws a page a load: only short jobs, which are the ones it is for.
        return Shape(products: products, loads: loads, tinyLastLoad: flags & 1 != 0 && loads > 1, polish: flags & 2 != 0,
                     template: flags & 4 != 0 && loads <= 12 ? "tank-card" : "spray-report")
    }

    /// A tank: its figure's commands, in the order drawn.
    struct Tank {
        var commands: [DrawCommand]
        var description: String
    }

    static func tanks(on page: Page) -> [Tank] {
        var tanks: [Tank] = []
        var open: Tank?
        for command in page.commands {
            switch command {
            case .beginStructure(.figure, let details):
                open = Tank(commands: [], description: details.alternativeText ?? "")
            case .endStructure(.figure):
                if let tank = open { tanks.append(tank) }
                open = nil
            default:
                open?.commands.append(command)
            }
        }
        return tanks
    }

    @Test func everyLoadShowsEveryProductAndItsWater() async throws {
        await propertyCheck(count: TestRun.cases(24), input: Self.shapes) { shape in
            for theme in ThemeName.allCases {
                do {
                    try Self.check(shape, theme: theme)
                } catch {
                    Issue.record("\(shape), \(theme): \(error)")
                }
            }
        }
    }

    static func check(_ shape: Shape, theme: ThemeName) throws {
        let generator = try ReportGenerator(options: ReportOptions(template: shape.template, theme: theme))
        let plan = try generator.plan(try JobDecoder.decodeJob(Array(shape.json.utf8)))
        let composed = try generator.compose(plan)
        // Every band's colour and the water's at least 3:1 against what they are drawn on.
        let faint = composed.contrast.filter { $0.kind == .graphic && !$0.passes }
        #expect(faint.isEmpty, "\(shape), \(theme): \(faint.map(\.description))")
        let document = try generator.layout(composed)
        let palette = generator.theme.colorLists["gauge.products"] ?? []
        let water = try #require(generator.theme.colors["gauge.water"])
        let liquid = (0..<shape.products).filter(shape.isLiquid)
        let texts = document.pages.flatMap(\.commands).compactMap { command -> String? in
            if case .text(let placed) = command { return placed.text.string }
            return nil
        }
        let locale = try generator.locale(shape.polish ? .polish : .english)
        // Figures that are loads (not the boxes to tick).
        let tanks = document.pages.flatMap(Self.tanks).filter { $0.description.hasPrefix(locale["load"]) }
        if tanks.isEmpty, shape.template == "tank-card" {
            // A card of many products gives the page to its checklist: each product named with its amount.
            for index in 0..<shape.products {
                let name = "\(index + 1) \(LayoutRangePropertyTests.names[index]) \(index + 1)"
                #expect(texts.contains { $0.replacingOccurrences(of: "\u{A0}", with: " ") == name }, "\(shape): product \(index + 1) neither drawn nor named")
            }
        }
        #expect(!tanks.isEmpty || shape.template == "tank-card", "\(shape): no tank drawn")
        for tank in tanks {
            let fills = tank.commands.compactMap { command -> (Path, Color)? in
                if case .fill(let path, let color) = command { return (path, color) }
                return nil
            }
            let waterFill = try #require(fills.first { $0.1 == water }, "\(shape): \(tank.description) has no water")
            // The bands: rectangles as wide as the water, in the products' colours, top down.
            let waterBox = waterFill.0.bounds
            let bands = fills.filter { $0.1 != water && abs($0.0.bounds.width - waterBox.width) < 0.01 }.map(\.0.bounds)
            #expect(bands.count == liquid.count, "\(shape): \(tank.description): \(bands.count) bands for \(liquid.count) liquid products")
            for (band, index) in zip(bands, liquid) {
                #expect(band.height >= 1, "\(shape): \(tank.description): product \(index + 1)'s band is \(band.height) pt")
                #expect(fills.contains { $0.0.bounds == band && $0.1 == palette[index % palette.count] }, "\(shape): product \(index + 1)'s colour")
            }
            let lowestBand = bands.map(\.maxY).max() ?? waterBox.minY
            #expect(waterBox.maxY - lowestBand >= 1, "\(shape): \(tank.description): the water shows \(waterBox.maxY - lowestBand) pt")
        }
        // A band drawn larger than its dose: its number and true amount beside the tank (the tank
        // card's checklist names every product's amount beside its one tank).
        if shape.template == "spray-report", tanks.contains(where: { tank in tank.commands.contains { if case .stroke(_, _, lineWidth: 0.6) = $0 { true } else { false } } }) {
            #expect(texts.contains(locale["gauge.enlarged.heading"]), "\(shape): enlarged bands are not said")
        }
        if shape.template == "spray-report", shape.products > liquid.count {
            let dry = (0..<shape.products).filter { !shape.isLiquid($0) }.map { "\($0 + 1)" }.joined(separator: ", ")
            #expect(texts.contains { $0.contains(dry) }, "\(shape): the dry products \(dry) are not named")
        }
        if shape.template == "spray-report" { try checkLegend(document, shape: shape, palette: palette, liquid: liquid) }
    }

    /// The legend: each liquid product's entry ("3 Name") follows a square drawn in its own
    /// pattern, the pattern its bands have.
    static func checkLegend(_ document: LaidOutDocument, shape: Shape, palette: [Color], liquid: [Int]) throws {
        for page in document.pages {
            let commands = page.commands
            for (position, command) in commands.enumerated() {
                guard case .text(let placed) = command, let index = liquid.first(where: { placed.text.string == "\($0 + 1) \(LayoutRangePropertyTests.names[$0]) \($0 + 1)" })
                else { continue }
                let square = try #require(commands[..<position].lastIndex { if case .fill(_, palette[index % palette.count]) = $0 { true } else { false } })
                guard case .fill(let path, _) = commands[square] else { continue }
                let expected = BandPattern.commands(index: index, in: path.bounds, color: palette[index % palette.count])
                let drawn = Array(commands[square..<min(position, square + expected.count)])
                #expect(Self.pattern(drawn, from: path.bounds) == Self.pattern(expected, from: path.bounds), "\(shape): product \(index + 1)'s legend square")
            }
        }
    }

    /// Twenty products, twenty patterns: drawn in the same square, no two alike, whatever their
    /// colours (the legend is read in grey).
    @Test func noTwoProductsShareAPattern() {
        let square = Rect(x: 0, y: 0, width: 9, height: 9)
        let black = Color(red: 0, green: 0, blue: 0)
        let patterns = (0..<JobLimits.maximumProducts).map { Self.pattern(BandPattern.commands(index: $0, in: square, color: black), from: square) }
        #expect(Set(patterns).count == JobLimits.maximumProducts)
        // The first product's pattern is its colour alone; every other one draws lines or dots.
        #expect(patterns.dropFirst().allSatisfy { $0.count > 1 })
    }

    /// What a square's commands draw, colours left out, as lines of text: each command's kind, line
    /// width and points, relative to the square and to a thousandth of a point.
    static func pattern(_ commands: [DrawCommand], from square: Rect) -> [String] {
        func points(_ path: Path) -> String {
            path.elements.map { element -> String in
                switch element {
                case .move(let p), .line(let p): String(format: "%.3f,%.3f", p.x - square.minX, p.y - square.minY)
                case .curve(_, _, let p): String(format: "c%.3f,%.3f", p.x - square.minX, p.y - square.minY)
                case .close: "z"
                }
            }.joined(separator: " ")
        }
        return commands.map { command in
            switch command {
            case .fill(let path, _): "fill " + points(path)
            case .stroke(let path, _, let width): String(format: "stroke %.3f ", width) + points(path)
            default: "\(command)"
            }
        }
    }
}
