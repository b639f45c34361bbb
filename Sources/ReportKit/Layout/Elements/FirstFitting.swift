/// The first of several layouts of the same content that fits: a table with one column per
/// product, else the same table turned around; a tank card in large type, else in smaller type.
/// Chosen where it is laid out, so the same template adapts to the page and to the data.
///
/// An alternative fits when its narrowest form fits the width; with ``wholePage``, it must also
/// fit on one whole page (the last alternative is used when none does, and splits).
public struct FirstFitting: Element {
    public var alternatives: [any Element]
    /// Where the choice comes from (a template file and node), for the error when none fits.
    public var origin: String?
    /// True when an alternative must also fit on one page to be chosen.
    public var wholePage: Bool

    public init(_ alternatives: [any Element], wholePage: Bool = false, origin: String? = nil) {
        self.alternatives = alternatives
        self.wholePage = wholePage
        self.origin = origin
    }

    /// The first alternative that fits `width` (and, with ``wholePage``, a page's height).
    public func chosen(for width: Double, context: LayoutContext) throws(LayoutError) -> (any Element)? {
        let wideEnough = alternatives.filter { $0.minimumWidth(context: context) <= width + 0.01 }
        guard wholePage, wideEnough.count > 1 else { return wideEnough.first }
        var page = context
        page.atPageTop = true
        for alternative in wideEnough.dropLast() {
            if case .complete = try alternative.layout(in: Size(width: width, height: context.pageContentHeight), context: page) {
                return alternative
            }
        }
        return wideEnough.last
    }

    public var keepsTogether: Bool { alternatives.first?.keepsTogether ?? false }
    public var keepsWithNext: Bool { alternatives.first?.keepsWithNext ?? false }

    public func naturalWidth(context: LayoutContext) -> Double {
        alternatives.first?.naturalWidth(context: context) ?? 0
    }

    public func minimumWidth(context: LayoutContext) -> Double {
        alternatives.map { $0.minimumWidth(context: context) }.min() ?? 0
    }

    public func layout(in space: Size, context: LayoutContext) throws(LayoutError) -> Placement {
        guard !alternatives.isEmpty else { return .complete(.empty) }
        guard let element = try chosen(for: space.width, context: context) else {
            throw LayoutError.tooWide(origin ?? "a choice of layouts", what: "all \(alternatives.count) of its layouts",
                                      needs: minimumWidth(context: context), has: space.width)
        }
        return try element.layout(in: space, context: context)
    }
}
