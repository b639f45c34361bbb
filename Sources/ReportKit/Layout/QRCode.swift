/// A QR code's modules (ISO/IEC 18004), row by row, dark where true; made by a ``QREncoding``.
public struct QRCode: Sendable, Hashable {
    public let width: Int
    public let modules: [Bool]

    public init(width: Int, modules: [Bool]) {
        self.width = width
        self.modules = modules
    }

    public subscript(row: Int, column: Int) -> Bool { modules[row * width + column] }
}

/// How much a QR code may be damaged and still read (ISO/IEC 18004, error correction level).
public enum QRErrorCorrection: String, Sendable, CaseIterable {
    case low = "L", medium = "M", quartile = "Q", high = "H"
}

/// Makes QR codes; the render stage's ``LibQREncoder`` does it with libqrencode. The document
/// stage asks for a code while it builds, to choose what fits.
public protocol QREncoding: Sendable {
    /// The smallest code holding `text` as bytes, or nil when no code can.
    func encode(_ text: String, errorCorrection: QRErrorCorrection) -> QRCode?
}

/// A QR code drawn as vector squares in a fixed square, with the quiet zone scanners need
/// (four modules, ISO/IEC 18004 7.3.7), dark on white whatever the theme.
public struct QRCodeElement: Element {
    public var code: QRCode
    public var size: Double
    /// What the code holds, in words, for screen readers.
    public var alternativeText: String

    public init(code: QRCode, size: Double, alternativeText: String) {
        self.code = code
        self.size = size
        self.alternativeText = alternativeText
    }

    /// Modules of margin around the code.
    public static let quietZone = 4

    public var keepsTogether: Bool { true }
    public func naturalWidth(context: LayoutContext) -> Double { size }
    public func minimumWidth(context: LayoutContext) -> Double { size }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        try Drawing(size: Size(width: size, height: size), commands: commands, alternativeText: alternativeText)
            .layout(in: space, context: context)
    }

    /// A white square, then the dark modules as few rectangles as a greedy cover gives: each
    /// from an uncovered dark module, as wide as the dark run, then as tall as rows below repeat
    /// that run (fewer path operators to write, compress and read back than one per run).
    var commands: [DrawCommand] {
        let module = size / Double(code.width + 2 * Self.quietZone)
        let origin = module * Double(Self.quietZone)
        var commands: [DrawCommand] = [.fill(.rectangle(Rect(x: 0, y: 0, width: size, height: size)), Color(red: 1, green: 1, blue: 1))]
        var covered = [Bool](repeating: false, count: code.width * code.width)
        var dark = Path()
        for row in 0..<code.width {
            var column = 0
            while column < code.width {
                guard code[row, column], !covered[row * code.width + column] else { column += 1; continue }
                var end = column
                while end < code.width, code[row, end], !covered[row * code.width + end] { end += 1 }
                var bottom = row + 1
                while bottom < code.width, (column..<end).allSatisfy({ code[bottom, $0] && !covered[bottom * code.width + $0] }) { bottom += 1 }
                for coveredRow in row..<bottom {
                    for coveredColumn in column..<end { covered[coveredRow * code.width + coveredColumn] = true }
                }
                dark.append(rectangle: Rect(x: origin + Double(column) * module, y: origin + Double(row) * module,
                                            width: Double(end - column) * module, height: Double(bottom - row) * module))
                column = end
            }
        }
        commands.append(.fill(dark, Color(red: 0, green: 0, blue: 0)))
        return commands
    }
}
