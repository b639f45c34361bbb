/// An element of ISO 11783-10 task data: its short name (`TSK`), its attributes in order (the
/// standard names them A, B, C…) and its children. The mapping builds these; the finishing stage
/// writes them with libxml2 (``TaskDataWriter``).
package struct TaskDataElement: Sendable, Equatable {
    public var name: String
    public var attributes: [(key: String, value: String)]
    public var children: [TaskDataElement]

    /// An element named `name` (`PDT`); attributes whose value is nil are left out, in order.
    public init(_ name: String, _ attributes: [(String, String?)], children: [TaskDataElement] = []) {
        self.name = name
        self.attributes = attributes.compactMap { key, value in value.map { (key, $0) } }
        self.children = children
    }

    /// The same name, attributes in the same order, and the same children.
    public static func == (lhs: TaskDataElement, rhs: TaskDataElement) -> Bool {
        lhs.name == rhs.name && lhs.children == rhs.children
            && lhs.attributes.map(\.key) == rhs.attributes.map(\.key) && lhs.attributes.map(\.value) == rhs.attributes.map(\.value)
    }

    /// The value of attribute `key`.
    public subscript(key: String) -> String? { attributes.first { $0.key == key }?.value }
}
