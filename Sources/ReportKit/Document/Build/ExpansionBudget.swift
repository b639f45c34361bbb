/// The work a template may ask of layout for one report, counted as it expands.
///
/// A template is data, but `each` inside `each`, or a table column per load, multiplies: on a
/// 1,000-load job that is a million elements, minutes of layout and a PDF of hundreds of
/// megabytes. The builder counts every element and every byte of text it makes and stops at
/// these bounds, with the template node that crossed them, before layout starts. The bounds
/// are well above what the built-in templates ask for the largest job accepted (measured): a
/// history cover of 20,000 jobs is 140,025 elements and 2.1 MB of text; the tank card of 1,000
/// loads of 20 products, which builds its four type sizes for every load, about 178,000
/// elements and, with 200-character names, 18.3 MB of text.
struct ExpansionBudget {
    /// Elements (texts, table cells, boxes, drawings) in one report.
    static let maximumElements = 1_000_000
    /// Bytes of text in one report.
    static let maximumTextBytes = 64 * 1024 * 1024
    /// Columns of one table, after repeated columns expand: more can never be read on a page.
    static let maximumTableColumns = 64
    /// Elements of a page's header and footer together, which are built again on every page.
    static let maximumPageFurnitureElements = 500

    private(set) var elements = 0
    private(set) var textBytes = 0

    /// Counts `elements` more elements and `textBytes` more bytes of text made for `node`.
    mutating func spend(elements count: Int = 1, textBytes bytes: Int = 0, for node: TemplateNode, in file: String) throws(DefinitionError) {
        elements += count
        textBytes += bytes
        if elements > Self.maximumElements {
            throw DefinitionError(file: file, at: node.path,
                "this template makes more than \(Self.maximumElements) elements for this report; at most \(Self.maximumElements) are laid out. Look for a list repeated inside another, or split a very large job")
        }
        if textBytes > Self.maximumTextBytes {
            throw DefinitionError(file: file, at: node.path,
                "this template makes more than \(Self.maximumTextBytes / 1_048_576) MB of text for this report; that is the most laid out. Look for a list repeated inside another, or split a very large job")
        }
    }
}
