/// A link as drawn, for the finishing stage to make into a link annotation tagged in the
/// structure tree (PDF/UA-1, 7.18.5).
public struct LinkAnnotation: Sendable, Hashable {
    /// The page's index in the document.
    public var page: Int
    /// The clickable area in PDF's coordinates (points, y up from the page's bottom).
    public var rect: Rect
    public var target: LinkTarget
    /// Where the link goes, in words (the annotation's /Contents).
    public var description: String
    /// The structure element the link is in, by its place in the tree's depth-first order.
    public var element: Int?
}
