/// A paragraph of styled text: wraps to the width it is given, and splits between lines.
package struct Text: Element {
    public var content: StyledText { didSet { measures = TextMeasures() } }
    public var alignment: TextAlignment { didSet { measures = TextMeasures() } }
    /// Keep to one line, ending with "…" when it is too long.
    public var ellipsize: Bool { didSet { measures = TextMeasures() } }
    /// What the engine said of this text, kept for the next time it is asked.
    private var measures = TextMeasures()
    /// The tagged-PDF role: a paragraph, or a heading.
    public var role: StructureRole
    public var keepsWithNext: Bool

    public init(_ content: StyledText, alignment: TextAlignment = .leading, ellipsize: Bool = false,
                role: StructureRole = .paragraph, keepsWithNext: Bool = false) {
        self.content = content
        self.alignment = alignment
        self.ellipsize = ellipsize
        self.role = role
        self.keepsWithNext = keepsWithNext
    }

    public init(_ string: String, style: TextStyle, alignment: TextAlignment = .leading, ellipsize: Bool = false,
                role: StructureRole = .paragraph) {
        self.init(StyledText(string, style: style), alignment: alignment, ellipsize: ellipsize, role: role,
                  keepsWithNext: [.heading1, .heading2, .heading3].contains(role))
    }

    public func naturalWidth(context: LayoutContext) -> Double {
        measures.measure(content, width: nil, alignment: alignment, ellipsize: false, engine: context.text).size.width
    }

    /// A word longer than this many ems (about 20 letters) may break inside itself: no real word
    /// is that long, and a validated job may still hold one (a 200-letter name without a space),
    /// which must wrap inside its column rather than make every layout impossible.
    public static let longestUnbreakableWord = 12.0

    /// Where a table too narrow for its columns' words lets words break: past about five letters.
    /// Only a table that could not be laid out otherwise takes it (a season register of a job whose
    /// every field is a 200-letter word), so no report that fits changes.
    public static let shortestUnbreakableWord = 3.0

    /// A word with a digit (an authorisation or a FLIK, a date, a quantity with its unit) up to
    /// this many ems is a number a table keeps whole until no other word can give way: a number
    /// broken in two reads as two numbers. A longer one (a validated job's 200 digits without a
    /// space) breaks as any long word does.
    public static let longestUnbreakableNumber = 12.0

    /// The longest word, up to ``LayoutContext/unbreakableWordEms`` ems, and never less than the
    /// longest word with a digit when it is no longer than ``LayoutContext/unbreakableNumberEms``
    /// ems (an ellipsized line can shrink to its "…").
    public func minimumWidth(context: LayoutContext) -> Double {
        guard !ellipsize, !content.isEmpty else { return 0 }
        let largest = content.runs.reduce(0) { max($0, $1.style.size) }
        let longest = measures.longestWidths(content, alignment: alignment, engine: context.text)
        let words = min(longest.word, context.unbreakableWordEms * largest)
        return max(words, longest.number <= context.unbreakableNumberEms * largest ? longest.number : 0)
    }

    /// The width of the widest word: the narrowest this text can be without breaking inside a word.
    public func longestWordWidth(context: LayoutContext) -> Double {
        measures.longestWordWidth(content, alignment: alignment, engine: context.text)
    }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        guard !content.isEmpty else { return .complete(.empty) }
        let measured = measures.measure(content, width: space.width, alignment: alignment, ellipsize: ellipsize, engine: context.text)
        if measured.size.height <= space.height + 1e-6 {
            if let narrower = balancedWidth(measured, width: space.width, context: context) {
                return .complete(block(content, measured.size, width: space.width, setIn: narrower))
            }
            return .complete(block(content, measured.size, width: space.width))
        }
        let fitting = measured.lines.prefix { $0.top + $0.height <= space.height + 1e-6 }.count
        let lines = measured.lines.count
        // Widows and orphans: leave at least two lines on each side of a break when the paragraph
        // has enough lines, unless the paragraph is taller than a whole page.
        var split = fitting
        if lines >= 4, measured.size.height <= context.pageContentHeight {
            if split < 2 { split = 0 }
            if lines - split < 2 { split = lines - 2 }
        }
        guard split > 0 else { return .nothing }
        let line = measured.lines[split]
        let head = content.prefix(uptoUTF8: line.startByte)
        let tail = content.suffix(fromUTF8: line.startByte)
        var rest = self
        rest.content = tail
        return .partial(block(head, Size(width: measured.size.width, height: line.top), width: space.width), remainder: rest)
    }

    /// A block `width` wide holding the text, set in `measure` of that width (a heading kept
    /// from ending on one word is set narrower, where its alignment puts it).
    private func block(_ text: StyledText, _ size: Size, width: Double, setIn measure: Double? = nil) -> Block {
        let setWidth = measure ?? width
        let x = switch alignment {
        case .leading: 0.0
        case .center: (width - setWidth) / 2
        case .trailing: width - setWidth
        }
        let placed = PlacedText(origin: Point(x: x, y: 0), text: text, width: setWidth, alignment: alignment, ellipsize: ellipsize,
                                size: Size(width: setWidth, height: size.height))
        return Block(size: Size(width: width, height: size.height),
                     commands: [.beginStructure(role), .text(placed), .endStructure(role)])
    }

    /// A heading that wraps does not end on a word alone ("Spray report for the north field by
    /// the / forest"): the narrowest measure, down to two thirds of the width, that keeps its
    /// number of lines and puts two words at least on the last. Nil when it needs none or none does.
    private func balancedWidth(_ measured: TextMeasurement, width: Double, context: LayoutContext) -> Double? {
        guard [.heading1, .heading2, .heading3].contains(role), !ellipsize, measured.lines.count >= 2,
              let last = measured.lines.last, Self.isOneWord(content.suffix(fromUTF8: last.startByte).string) else { return nil }
        for step in 1...11 {
            let narrower = width * (1 - Double(step) * 0.03)
            let trial = context.text.measure(content, width: narrower, alignment: alignment, ellipsize: false)
            guard trial.lines.count == measured.lines.count, let end = trial.lines.last else { return nil }
            if !Self.isOneWord(content.suffix(fromUTF8: end.startByte).string) { return narrower }
        }
        return nil
    }

    private static func isOneWord(_ line: String) -> Bool {
        line.split(whereSeparator: { $0 == " " || $0 == "\n" }).count <= 1
    }
}
