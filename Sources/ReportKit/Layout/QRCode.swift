/// A QR code's modules (ISO/IEC 18004), row by row, dark where true; made by a ``QREncoding``.
package struct QRCode: Sendable, Hashable {
    public let width: Int
    public let modules: [Bool]

    public init(width: Int, modules: [Bool]) {
        self.width = width
        self.modules = modules
    }

    public subscript(row: Int, column: Int) -> Bool { modules[row * width + column] }
}

/// How much a QR code may be damaged and still read (ISO/IEC 18004, error correction level).
package enum QRErrorCorrection: String, Sendable, CaseIterable {
    case low = "L", medium = "M", quartile = "Q", high = "H"
}

/// Makes QR codes; the render stage's ``LibQREncoder`` does it with libqrencode. The document
/// stage asks for a code while it builds, to choose what fits.
package protocol QREncoding: Sendable {
    /// The smallest code holding `text` as bytes, at most `maximumWidth` modules wide (a side,
    /// without the quiet zone), or nil when no such code can.
    func encode(_ text: String, errorCorrection: QRErrorCorrection, maximumWidth: Int) -> QRCode?
}

/// A QR code drawn as vector squares in a fixed square, with the quiet zone scanners need
/// (four modules, ISO/IEC 18004 7.3.7), dark on white whatever the theme.
package struct QRCodeElement: Element {
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

    /// A white square, then the code's modules inside its quiet zone.
    var commands: [DrawCommand] {
        let module = size / Double(code.width + 2 * Self.quietZone)
        let origin = module * Double(Self.quietZone)
        let side = module * Double(code.width)
        var dark: [Bool] = []
        dark.reserveCapacity(code.width * code.width)
        for row in 0..<code.width {
            for column in 0..<code.width { dark.append(code[row, column]) }
        }
        return [
            .fill(.rectangle(Rect(x: 0, y: 0, width: size, height: size)), Color(red: 1, green: 1, blue: 1)),
            .modules(PlacedModules(rect: Rect(x: origin, y: origin, width: side, height: side), columns: code.width, dark: dark,
                                   color: Color(red: 0, green: 0, blue: 0))),
        ]
    }
}
