import Synchronization

/// What a text engine said of one ``Text``, kept with the text. A row asks each child for its
/// natural and narrowest widths before it lays it out, a table asks every cell of a column the
/// same, and a page that tries layouts lays the same text out again: each question a look-up in
/// the engine's cache, which hashes the text's bytes under a lock. The answers are kept here for
/// the engine that gave them (a text laid out by another engine asks that one).
final class TextMeasures: Sendable {
    private struct State {
        var engine: ObjectIdentifier?
        /// On one line, not ellipsized: the natural width.
        var oneLine: TextMeasurement?
        var longest: (word: Double, number: Double)?
        var longestWord: Double?
        /// The last width it was set in.
        var lastSet: (width: Double, ellipsize: Bool, measurement: TextMeasurement)?
    }

    private let state = Mutex(State())

    /// `engine`'s answer, kept when the engine has an identity to keep it for.
    private func kept<Value>(by engine: any TextMeasuring, _ read: (inout State) -> Value?, _ ask: () -> Value,
                             _ keep: (inout State, Value) -> Void) -> Value {
        guard let identity = engine.cacheIdentity else { return ask() }
        let found = state.withLock { state -> Value? in
            if state.engine != identity { state = State(engine: identity) }
            return read(&state)
        }
        if let found { return found }
        let value = ask()
        state.withLock { state in if state.engine == identity { keep(&state, value) } }
        return value
    }

    func measure(_ text: StyledText, width: Double?, alignment: TextAlignment, ellipsize: Bool, engine: any TextMeasuring) -> TextMeasurement {
        let ask = { engine.measure(text, width: width, alignment: alignment, ellipsize: ellipsize) }
        guard let width else {
            guard !ellipsize else { return ask() }
            return kept(by: engine, { $0.oneLine }, ask) { $0.oneLine = $1 }
        }
        return kept(by: engine, { state in
            state.lastSet.flatMap { $0.width == width && $0.ellipsize == ellipsize ? $0.measurement : nil }
        }, ask) { $0.lastSet = (width, ellipsize, $1) }
    }

    func longestWidths(_ text: StyledText, alignment: TextAlignment, engine: any TextMeasuring) -> (word: Double, number: Double) {
        kept(by: engine, { $0.longest }, { engine.longestWidths(text, alignment: alignment) }) { $0.longest = $1 }
    }

    func longestWordWidth(_ text: StyledText, alignment: TextAlignment, engine: any TextMeasuring) -> Double {
        kept(by: engine, { $0.longestWord }, { engine.longestWordWidth(text, alignment: alignment) }) { $0.longestWord = $1 }
    }
}
