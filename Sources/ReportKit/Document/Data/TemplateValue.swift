import Synchronization

/// A value templates can show: the job, its plan and the locale's strings, as one tree that a
/// template reaches by name (`field.name`, `loads`, `t.reportTitle`).
package enum TemplateValue: Sendable {
    /// An optional value the input left out: shows as nothing, and is false in a condition.
    case absent
    case text(String)
    /// A count or index (whole numbers only; measured amounts are quantities).
    case integer(Int)
    case quantity(DisplayQuantity)
    case date(JobDate)
    case bool(Bool)
    case list([TemplateValue])
    case record([String: TemplateValue])
    /// Amounts a table adds up for each page's total, keyed by what and its unit ("area ha").
    case amounts([String: Double])
    /// A value of the report's data made only when a template names it (``DeferredValue``).
    case deferred(DeferredValue)

    /// The value itself, made now when it was deferred.
    package var resolved: TemplateValue {
        if case .deferred(let deferred) = self { return deferred.value }
        return self
    }

    /// True for present, non-empty, non-zero values.
    package var isTruthy: Bool {
        switch self {
        case .absent: false
        case .text(let text): !text.isEmpty
        case .integer(let value): value != 0
        case .quantity(let quantity): quantity.steps != 0
        case .date: true
        case .bool(let value): value
        case .list(let list): !list.isEmpty
        case .record(let record): !record.isEmpty
        case .amounts(let amounts): !amounts.isEmpty
        case .deferred(let deferred): deferred.value.isTruthy
        }
    }

    /// What a person would call this kind of value, for error messages.
    var kindDescription: String {
        switch self {
        case .absent: "an absent value"
        case .text: "text"
        case .integer: "a whole number"
        case .quantity: "a quantity"
        case .date: "a date"
        case .bool: "a yes/no value"
        case .list: "a list"
        case .record: "a group of fields"
        case .amounts: "amounts for a page's total"
        case .deferred(let deferred): deferred.value.kindDescription
        }
    }

    /// A text value, or absent when there is none.
    static func optional(_ text: String?) -> TemplateValue {
        text.map(TemplateValue.text) ?? .absent
    }
}

/// A part of a report's data that only some templates name (the load table's groupings, the
/// record card, the mixing order): made the first time a template asks for it, so a template
/// that never names it never pays for it.
package final class DeferredValue: Sendable {
    private let make: @Sendable () -> TemplateValue
    private let made = Mutex<TemplateValue?>(nil)

    package init(_ make: @escaping @Sendable () -> TemplateValue) {
        self.make = make
    }

    package var value: TemplateValue {
        made.withLock { made in
            if let made { return made }
            let value = make()
            made = value
            return value
        }
    }
}
