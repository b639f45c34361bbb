/// The name a misspelt one most likely meant ("bacth" → "batch"), by the same edit distance
/// the input's field names are suggested with, for the command-line tool's own words.
package enum NearestName {
    package static func closest(to word: String, in candidates: [String]) -> String? {
        JSONReader.closest(to: word, in: candidates)
    }
}
