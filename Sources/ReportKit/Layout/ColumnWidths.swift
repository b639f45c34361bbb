/// Shares a width out among the columns of a row or a table.
///
/// Every column gets at least its minimum (its longest word, its widest drawing): a column is
/// never crushed to a letter a line. Fixed columns get their width; natural ("auto") and values
/// columns their natural width; fraction columns share what is left by their shares. When that
/// is more than there is, natural columns give up width first, down to their minimums, so that
/// each fraction column keeps the smaller of its natural width and its fair share, counting each
/// natural column as one share (a long date beside a title must not squeeze the title to one
/// word a line, nor a long legend the tank drawings beside it); then fraction columns come
/// down to their minimums too. When even the minimums do not fit, the result says so and the
/// caller refuses to lay out, rather than drawing past its frame.
enum ColumnWidths {
    struct Resolution {
        /// Each column's width.
        var widths: [Double]
        /// False when the columns' minimums (and the spacing) are wider than the space.
        var fits: Bool
        /// The narrowest the columns and their spacing can be.
        var minimumTotal: Double
    }

    /// Tolerance for float noise in the sums.
    private static let epsilon = 0.01

    static func resolve(_ kinds: [ColumnWidth], total: Double, spacing: Double,
                        natural: (Int) -> Double, minimum: (Int) -> Double) -> Resolution {
        let gaps = spacing * Double(max(0, kinds.count - 1))
        let available = max(0, total - gaps)
        let minimums = kinds.indices.map { index -> Double in
            if case .fixed(let points) = kinds[index] { return points }
            return minimum(index)
        }
        let minimumTotal = minimums.reduce(0, +) + gaps
        guard minimums.reduce(0, +) <= available + epsilon else {
            return Resolution(widths: minimums, fits: false, minimumTotal: minimumTotal)
        }

        let shares = kinds.map { kind -> Double in
            if case .fraction(let share) = kind { return max(0, share) }
            return 0
        }
        let totalShares = shares.reduce(0, +)
        var widths = kinds.indices.map { index -> Double in
            switch kinds[index] {
            case .fixed(let points): points
            case .natural, .values: max(minimums[index], natural(index))
            case .fraction: 0
            }
        }
        let flexible = kinds.indices.filter { if case .natural = kinds[$0] { true } else if case .values = kinds[$0] { true } else { false } }
        // What each fraction column should keep before natural columns may take the rest: its
        // natural width, or its fair share, where every natural column counts as one share.
        let fairShares = totalShares + Double(flexible.count)
        var floors = kinds.indices.map { index -> Double in
            guard shares[index] > 0 else { return 0 }
            return max(minimums[index], min(natural(index), available * shares[index] / fairShares))
        }
        let fractions = kinds.indices.filter { shares[$0] > 0 }

        var over = widths.reduce(0, +) + floors.reduce(0, +) - available
        if over > epsilon {
            over -= shrink(&widths, toward: minimums, at: flexible, by: over)
        }
        if over > epsilon {
            shrink(&floors, toward: minimums, at: fractions, by: over)
        }

        // Fraction columns share what is left by their shares, none below its floor.
        var pool = max(0, available - widths.reduce(0, +))
        var open = fractions
        while !open.isEmpty {
            let openShares = open.reduce(0) { $0 + shares[$1] }
            let below = open.filter { pool * shares[$0] / openShares < floors[$0] - epsilon }
            if below.isEmpty {
                for index in open { widths[index] = pool * shares[index] / openShares }
                break
            }
            for index in below {
                widths[index] = floors[index]
                pool = max(0, pool - floors[index])
            }
            open.removeAll { below.contains($0) }
        }
        // Shares computed in floating point may land a hair under a minimum; a minimum is a floor.
        return Resolution(widths: zip(widths, minimums).map { max($0, $1) }, fits: true, minimumTotal: minimumTotal)
    }

    /// Takes up to `amount` from the columns `indices`, each in proportion to how far it is above
    /// its minimum; returns what was taken.
    @discardableResult
    private static func shrink(_ widths: inout [Double], toward minimums: [Double], at indices: [Int], by amount: Double) -> Double {
        let slack = indices.reduce(0) { $0 + max(0, widths[$1] - minimums[$1]) }
        guard slack > 0 else { return 0 }
        let taken = min(amount, slack)
        for index in indices {
            widths[index] -= max(0, widths[index] - minimums[index]) * taken / slack
        }
        return taken
    }
}
