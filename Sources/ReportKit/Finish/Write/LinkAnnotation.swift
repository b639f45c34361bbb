/// A link as drawn, for the finishing stage to make into a link annotation tagged in the
/// structure tree (PDF/UA-1, 7.18.5).
package struct LinkAnnotation: Sendable, Hashable {
    /// The page's index in the document.
    package var page: Int
    /// The clickable area in PDF's coordinates (points, y up from the page's bottom).
    package var rect: Rect
    package var target: LinkTarget
    /// Where the link goes, in words (the annotation's /Contents).
    package var description: String
    /// The structure element the link is in, by its place in the tree's depth-first order.
    package var element: Int?
}
