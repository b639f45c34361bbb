import FoundationEssentials

/// The order of a season register, the same in the printed register and the workbook's holding
/// sheets, so that both number an application alike: a section per holding, in the order the
/// holdings first appear (jobs that name none last), its applications by the instant they
/// started (undated last), then as given. Numbers run from 1 in each holding's section.
enum RegisterOrder {
    /// The holdings of `items` in the order they first appear; nil (no holding) last.
    static func holdings<Item>(_ items: [Item], holding: (Item) -> String?) -> [String?] {
        var holdings: [String?] = []
        for item in items where !holdings.contains(holding(item)) { holdings.append(holding(item)) }
        if let unnamed = holdings.firstIndex(of: nil) { holdings.append(holdings.remove(at: unnamed)) }
        return holdings
    }

    /// `items` by the instant they started (undated last), ties as given.
    static func byStart<Item>(_ items: [Item], start: (Item) -> Date?) -> [Item] {
        items.enumerated().sorted { a, b in
            switch (start(a.element), start(b.element)) {
            case let (x?, y?) where x != y: return x < y
            case (nil, _?): return false
            case (_?, nil): return true
            default: return a.offset < b.offset
            }
        }.map(\.element)
    }
}
