import FoundationEssentials
import Glibc

/// One foreground drawn on one background somewhere in a report, for the WCAG 2.1 AA check.
package struct ContrastUse: Sendable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// Text of this size (points, as printed) and weight.
        case text(size: Double, weight: FontWeight)
        /// A graphical part that carries meaning (a tank's outline, its water, a product's share).
        case graphic
    }

    public let foreground: Color
    public let background: Color
    public let kind: Kind
    /// The template file and the path of the node that drew it.
    public var location: String { place.map { "\($0.file): \($0.path)" } ?? givenLocation }
    /// The text drawn (its first 40 characters), or what the graphic is.
    public var sample: String { fullSample.utf8.count <= Self.sampleLength ? fullSample : String(fullSample.prefix(Self.sampleLength)) }

    // Every text of every report is recorded and few fail: the location and sample are only put
    // into words when asked for.
    private let place: (file: String, path: JSONPath)?
    private let givenLocation: String
    private let fullSample: String
    private static let sampleLength = 40

    public init(foreground: Color, background: Color, kind: Kind, location: String, sample: String) {
        self.init(foreground: foreground, background: background, kind: kind, place: nil, location: location, sample: sample)
    }

    init(foreground: Color, background: Color, kind: Kind, file: String, path: JSONPath, sample: String) {
        self.init(foreground: foreground, background: background, kind: kind, place: (file, path), location: "", sample: sample)
    }

    private init(foreground: Color, background: Color, kind: Kind, place: (file: String, path: JSONPath)?, location: String, sample: String) {
        self.foreground = foreground
        self.background = background
        self.kind = kind
        self.place = place
        givenLocation = location
        fullSample = sample
    }

    /// WCAG's contrast ratio, from 1 to 21, of the foreground composited over the background.
    public var ratio: Double { Contrast.ratio(foreground.composited(over: background), background) }

    /// What WCAG 2.1 AA asks: 4.5:1 for body text; 3:1 for large text (18 pt, or 14 pt bold) and
    /// for meaningful graphics.
    public var requiredRatio: Double {
        switch kind {
        case .graphic: 3
        case .text(let size, let weight): size >= 18 || (size >= 14 && weight == .bold) ? 3 : 4.5
        }
    }

    public var passes: Bool { ratio >= requiredRatio }

    public var description: String {
        let ratioText = (ratio * 100).rounded() / 100
        return "\(location): \"\(sample)\" has contrast \(ratioText):1, needs \(requiredRatio):1"
    }
}

/// WCAG 2.1 relative luminance and contrast ratio.
package enum Contrast {
    package static func ratio(_ a: Color, _ b: Color) -> Double {
        // Each luminance once: a report checks every text it draws, and each is six powers.
        let (first, second) = (luminance(a), luminance(b))
        return (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }

    package static func luminance(_ color: Color) -> Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055).power(2.4)
        }
        return 0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    }
}

extension Color {
    /// This colour painted over an opaque `background` (its alpha mixes the two).
    package func composited(over background: Color) -> Color {
        func mix(_ top: Double, _ bottom: Double) -> Double { top * alpha + bottom * (1 - alpha) }
        return Color(red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue))
    }
}

private extension Double {
    func power(_ exponent: Double) -> Double { Glibc.pow(self, exponent) }
}
