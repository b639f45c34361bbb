/// The first of several layouts of the same content that fits: a table with one column per
/// product, else the same table turned around; a tank card in large type, else in smaller type.
/// Chosen where it is laid out, so the same template adapts to the page and to the data.
///
/// An alternative fits when its narrowest form fits the width; with ``Fit/wholePage``, it must
/// also fit on one whole page; with ``Fit/space``, in the space left where it stands (the last
/// alternative wide enough that can go on over pages is used when none does, and splits).
package struct FirstFitting: Element {
    /// What an alternative must fit besides the width.
    package enum Fit: Sendable {
        /// The width alone.
        case width
        /// One whole page: a tank card in large type when a load's amounts fit a page.
        case wholePage
        /// The space left on the page where it stands: the clearer layout when the page has room
        /// for it, a more compact one (the drawings beside a table) to keep a report on one page.
        case space
    }

    public var alternatives: [any Element]
    /// Where the choice comes from (a template file and node), for the error when none fits.
    public var origin: String?
    public var fit: Fit
    /// True when an alternative must also fit on one page to be chosen.
    public var wholePage: Bool { fit == .wholePage }

    public init(_ alternatives: [any Element], wholePage: Bool = false, origin: String? = nil) {
        self.init(alternatives, fit: wholePage ? .wholePage : .width, origin: origin)
    }

    public init(_ alternatives: [any Element], fit: Fit, origin: String? = nil) {
        self.alternatives = alternatives
        self.fit = fit
        self.origin = origin
    }

    /// The first alternative that fits `width` (and, with ``wholePage``, a page's height).
    public func chosen(for width: Double, context: LayoutContext) throws(LayoutError) -> (any Element)? {
        try chosen(for: Size(width: width, height: context.pageContentHeight), context: context)
    }

    /// The first alternative that fits `space` as ``fit`` asks.
    func chosen(for space: Size, context: LayoutContext) throws(LayoutError) -> (any Element)? {
        try choice(for: space, context: context)?.element
    }

    /// The first alternative that fits `space` as ``fit`` asks, and, when it was tried where it
    /// stands (``Fit/space``), its layout there: the same as laying it out again.
    private func choice(for space: Size, context: LayoutContext) throws(LayoutError) -> (element: any Element, placed: Block?)? {
        let wideEnough = alternatives.filter { $0.minimumWidth(context: context) <= space.width + 0.01 }
        guard fit != .width, wideEnough.count > 1 else { return wideEnough.first.map { ($0, nil) } }
        var trial = context
        var height = space.height
        if fit == .wholePage {
            trial.atPageTop = true
            height = context.pageContentHeight
        }
        for alternative in wideEnough.dropLast() {
            if case .complete(let block) = try alternative.layout(in: Size(width: space.width, height: height), context: trial) {
                return (alternative, fit == .space ? block : nil)
            }
        }
        guard fit == .space else { return wideEnough.last.map { ($0, nil) } }
        // None fits here: the last that can go on over pages, not one that keeps together taller
        // than a page (a row beside a drawing, holding a table of two hundred-letter names).
        var fresh = context
        fresh.atPageTop = true
        for alternative in wideEnough.reversed() {
            if case .nothing = try alternative.layout(in: Size(width: space.width, height: context.pageContentHeight), context: fresh) { continue }
            return (alternative, nil)
        }
        return wideEnough.last.map { ($0, nil) }
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
        guard let choice = try choice(for: fit == .space ? space : Size(width: space.width, height: context.pageContentHeight),
                                      context: context) else {
            throw LayoutError.tooWide(origin ?? "a choice of layouts", what: "all \(alternatives.count) of its layouts",
                                      needs: minimumWidth(context: context), has: space.width)
        }
        // Layout is a pure function of the element, the space and the context: the trial's block is
        // the layout (laying the chosen report out twice was a fifth of one report's time).
        if let placed = choice.placed { return .complete(placed) }
        return try choice.element.layout(in: space, context: context)
    }
}
