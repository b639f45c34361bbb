/// A point in PDF points (1/72 inch), y growing downwards from the top of the page.
package struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public func offset(by delta: Point) -> Point { Point(x: x + delta.x, y: y + delta.y) }
}

package struct Size: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)
    /// ISO A4 portrait: 210 × 297 mm.
    public static let a4 = Size(width: 595.276, height: 841.89)
    /// US Letter, 8.5 × 11 in.
    public static let letter = Size(width: 612, height: 792)

    /// The same size turned on its side (landscape from portrait).
    public var turned: Size { Size(width: height, height: width) }
}

package struct Rect: Sendable, Hashable {
    public var origin: Point
    public var size: Size

    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x: x, y: y)
        size = Size(width: width, height: height)
    }

    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var width: Double { size.width }
    public var height: Double { size.height }

    public func offset(by delta: Point) -> Rect {
        Rect(x: origin.x + delta.x, y: origin.y + delta.y, width: size.width, height: size.height)
    }

    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(x: minX + insets.left, y: minY + insets.top,
             width: max(0, width - insets.horizontal), height: max(0, height - insets.vertical))
    }
}

package struct EdgeInsets: Sendable, Hashable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    public static let zero = EdgeInsets()
    public var horizontal: Double { left + right }
    public var vertical: Double { top + bottom }
}
