/// A failure in the render stage: fonts, cairo, or writing the output.
public struct RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
