import FoundationEssentials
import Glibc

/// A vector outline: enough for rules, rounded cards, tank gauges and simple charts.
package struct Path: Sendable, Hashable {
    package enum Element: Sendable, Hashable {
        case move(Point)
        case line(Point)
        case curve(Point, Point, Point)
        case close
    }

    public private(set) var elements: [Element] = []

    public init() {}

    public mutating func move(to point: Point) { elements.append(.move(point)) }
    public mutating func line(to point: Point) { elements.append(.line(point)) }
    public mutating func curve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(control1, control2, point))
    }
    public mutating func close() { elements.append(.close) }

    /// Adds a closed rectangle to the path (a QR code's modules are one path of many).
    public mutating func append(rectangle rect: Rect) {
        move(to: Point(x: rect.minX, y: rect.minY))
        line(to: Point(x: rect.maxX, y: rect.minY))
        line(to: Point(x: rect.maxX, y: rect.maxY))
        line(to: Point(x: rect.minX, y: rect.maxY))
        close()
    }

    public static func rectangle(_ rect: Rect) -> Path {
        roundedRectangle(rect, radius: 0)
    }

    /// A rectangle with circular corners of `radius` (clamped to half the shorter side).
    public static func roundedRectangle(_ rect: Rect, radius: Double) -> Path {
        var path = Path()
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        // Sized once: a page draws dozens of boxes, and growing an array element by element
        // reallocates it four times.
        path.elements.reserveCapacity(r > 0 ? 10 : 5)
        guard r > 0 else {
            path.move(to: rect.origin)
            path.line(to: Point(x: rect.maxX, y: rect.minY))
            path.line(to: Point(x: rect.maxX, y: rect.maxY))
            path.line(to: Point(x: rect.minX, y: rect.maxY))
            path.close()
            return path
        }
        // A quarter circle as one cubic Bézier: the control points sit at 0.5523 r (4/3·(√2−1)).
        let k = r * 0.552_284_749_831
        path.move(to: Point(x: rect.minX + r, y: rect.minY))
        path.line(to: Point(x: rect.maxX - r, y: rect.minY))
        path.curve(to: Point(x: rect.maxX, y: rect.minY + r), control1: Point(x: rect.maxX - r + k, y: rect.minY),
                   control2: Point(x: rect.maxX, y: rect.minY + r - k))
        path.line(to: Point(x: rect.maxX, y: rect.maxY - r))
        path.curve(to: Point(x: rect.maxX - r, y: rect.maxY), control1: Point(x: rect.maxX, y: rect.maxY - r + k),
                   control2: Point(x: rect.maxX - r + k, y: rect.maxY))
        path.line(to: Point(x: rect.minX + r, y: rect.maxY))
        path.curve(to: Point(x: rect.minX, y: rect.maxY - r), control1: Point(x: rect.minX + r - k, y: rect.maxY),
                   control2: Point(x: rect.minX, y: rect.maxY - r + k))
        path.line(to: Point(x: rect.minX, y: rect.minY + r))
        path.curve(to: Point(x: rect.minX + r, y: rect.minY), control1: Point(x: rect.minX, y: rect.minY + r - k),
                   control2: Point(x: rect.minX + r - k, y: rect.minY))
        path.close()
        return path
    }

    /// A straight line from `start` to `end`.
    public static func line(from start: Point, to end: Point) -> Path {
        var path = Path()
        path.elements.reserveCapacity(2)
        path.move(to: start)
        path.line(to: end)
        return path
    }

    /// The same path moved by `delta`.
    public func offset(by delta: Point) -> Path {
        moved { $0.offset(by: delta) }
    }

    /// The same path with each of its points given by `move`.
    func moved(_ move: (Point) -> Point) -> Path {
        var moved = Path()
        moved.elements = elements.map { element in
            switch element {
            case .move(let p): .move(move(p))
            case .line(let p): .line(move(p))
            case .curve(let a, let b, let c): .curve(move(a), move(b), move(c))
            case .close: .close
            }
        }
        return moved
    }
}
