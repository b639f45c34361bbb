import FoundationEssentials

extension TimeZoneRules {
    /// The offsets a wall-clock time can have in this zone, largest first; `local` is the wall
    /// clock's seconds since 1970 read as if it were UTC. One for most times; two in the hour
    /// repeated when clocks go back (summer time first, it comes first); none in the hour skipped
    /// when they go forward.
    func offsets(ofLocal local: Int64) -> [Int] {
        // The offsets in force a day either side are the only ones a wall-clock time can be in.
        let around = Set([offset(at: Date(timeIntervalSince1970: Double(local - 86_400))),
                          offset(at: Date(timeIntervalSince1970: Double(local + 86_400)))])
        return around.filter { offset(at: Date(timeIntervalSince1970: Double(local - Int64($0)))) == $0 }.sorted(by: >)
    }

    /// The offset of a wall-clock time that a writer gave without one, and whether another was
    /// possible (`ambiguous`, the repeated hour) or none was (`skipped`, the hour that does not
    /// exist: read with the offset in force before it, as a clock not yet put forward shows it).
    func resolvedOffset(ofLocal local: Int64) -> (offset: Int, ambiguous: Bool, skipped: Bool) {
        let offsets = offsets(ofLocal: local)
        if let first = offsets.first { return (first, offsets.count > 1, false) }
        return (offset(at: Date(timeIntervalSince1970: Double(local - 86_400))), false, true)
    }
}
