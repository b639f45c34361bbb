/// The light (print) or dark palette.
public enum ThemeName: String, Sendable, CaseIterable {
    case light
    case dark
}

/// The design tokens of one theme, resolved: every semantic and component colour by name, the
/// type scale, spacing steps and corner radii. Templates name these; they never hold raw values.
public struct Theme: Sendable {
    public let name: ThemeName
    /// Semantic colours (`primaryGreen`) and component colours (`card.background`), by name.
    package let colors: [String: Color]
    /// The type scale at screen size, by style name (`title`, `body`).
    package let textStyles: [String: TextStyle]
    /// The factor a printed page scales the whole type scale by (the design brief allows one).
    public let printScale: Double
    public let spacing: [String: Double]
    public let radii: [String: Double]
    /// Component tokens that are lists of colour names (`gauge.products`), resolved.
    package let colorLists: [String: [Color]]

    /// A text style by name, scaled by `scale`, in `color`.
    package func textStyle(_ name: String, scale: Double, color: Color) -> TextStyle? {
        guard var style = textStyles[name] else { return nil }
        style.size *= scale
        style.color = color
        return style
    }
}
