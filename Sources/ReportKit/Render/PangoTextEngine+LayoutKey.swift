import FoundationEssentials
import Glibc

/// The key of the engine's cache of laid-out text. Every element asks for its text's layout
/// several times a report (natural width, narrowest width, layout at a width, drawing), so finding
/// it is on the hot path: keys are hashed and compared on the text's bytes where they lie.
extension PangoTextEngine {
    /// Texts are compared and hashed by their UTF-8 bytes, which is what Pango shapes: String's
    /// own equality would take canonically equivalent texts for one layout, and its hashing
    /// normalises every non-ASCII text (most Polish ones) on each lookup.
    struct LayoutKey: Hashable {
        let text: StyledText
        let width: Double?
        let alignment: TextAlignment
        let ellipsize: Bool

        // Runs are read in place by index: iterating them copied each run (its text and its style's
        // family, a retain and a release each) on every look-up.
        static func == (a: LayoutKey, b: LayoutKey) -> Bool {
            a.width == b.width && a.alignment == b.alignment && a.ellipsize == b.ellipsize && a.text.runs.count == b.text.runs.count
                && a.text.runs.indices.allSatisfy { a.text.runs[$0].style == b.text.runs[$0].style && sameBytes(a.text.runs[$0].text, b.text.runs[$0].text) }
        }

        /// Hashes the bytes and the style's size and weight: enough to tell a page's texts apart
        /// (equality still compares whole styles), at a fraction of hashing every style field.
        func hash(into hasher: inout Hasher) {
            hasher.combine(width)
            hasher.combine(alignment)
            hasher.combine(ellipsize)
            for index in text.runs.indices {
                hasher.combine(text.runs[index].style.size)
                hasher.combine(text.runs[index].style.weight)
                Self.withBytes(of: text.runs[index].text) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
                // Ends each run, so that moving a byte from one run to the next changes the hash.
                hasher.combine(0xFF as UInt8)
            }
        }

        private static func sameBytes(_ a: String, _ b: String) -> Bool {
            withBytes(of: a) { a in withBytes(of: b) { b in a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) } }
        }

        /// The UTF-8 bytes of `text` where they lie, without the copy (a retain and a release, each
        /// an atomic operation) that `withUTF8` on a `var` makes; a few hundred lookups a report
        /// made that a measurable share of its time. A string that is not stored as UTF-8 (bridged)
        /// is copied.
        private static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
            var copy = text
            return copy.withUTF8(body)
        }
    }
}
