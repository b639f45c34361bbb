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

    /// A white square, then each row's runs of dark modules as one rectangle each.
    var commands: [DrawCommand] {
        let module = size / Double(code.width + 2 * Self.quietZone)
        let origin = module * Double(Self.quietZone)
        var commands: [DrawCommand] = [.fill(.rectangle(Rect(x: 0, y: 0, width: size, height: size)), Color(red: 1, green: 1, blue: 1))]
        var dark = Path()
        for row in 0..<code.width {
            var column = 0
            while column < code.width {
                guard code[row, column] else { column += 1; continue }
                let start = column
                while column < code.width, code[row, column] { column += 1 }
                dark.append(rectangle: Rect(x: origin + Double(start) * module, y: origin + Double(row) * module,
                                            width: Double(column - start) * module, height: module))
            }
        }
        commands.append(.fill(dark, Color(red: 0, green: 0, blue: 0)))
        return commands
    }
}
