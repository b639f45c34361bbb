import FoundationEssentials
import Glibc
import ReportKit

#if canImport(Glibc)
import Glibc
#endif

/// The batch's progress on one line of a terminal, redrawn at most ten times a second:
/// `writing  340/1000  34%  85.2 jobs/s  0:08 left`. Messages printed meanwhile clear it first.
final class ProgressLine {
    private let start = Date()
    private var lastDrawn = Date.distantPast
    private var shown = false
    private var phaseStart = Date()
    private var phase: BatchProgress.Phase?

    /// Draws the line, unless it was drawn less than a tenth of a second ago.
    func update(_ newPhase: BatchProgress.Phase, done: Int, total: Int?) {
        let now = Date()
        if newPhase != phase {
            // The first phase counts from the start of the run (reading and loading are part of it).
            phaseStart = phase == nil ? start : now
            phase = newPhase
        }
        let finished = total.map { done >= $0 } ?? false
        guard finished || now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
        lastDrawn = now
        let elapsed = max(now.timeIntervalSince(phaseStart), 0.001)
        let rate = Double(done) / elapsed
        var text = "\(newPhase.rawValue)  "
        if let total, total > 0 {
            text += "\(done)/\(total)  \(done * 100 / total)%"
        } else {
            text += "\(done)"
        }
        // A rate over less than half a second says little.
        if done > 0, now.timeIntervalSince(phaseStart) >= 0.5 {
            text += "  " + String(printf: "%.1f", rate) + " jobs/s"
            if let total, rate > 0, done < total {
                text += "  \(Self.duration(Double(total - done) / rate)) left"
            }
        }
        FileHandleOutput.standardError.write("\r\u{1B}[2K" + text)
        shown = true
    }

    /// Clears the line so a message can be printed in its place.
    func clear() {
        guard shown else { return }
        FileHandleOutput.standardError.write("\r\u{1B}[2K")
        shown = false
        lastDrawn = .distantPast
    }

    var elapsed: TimeInterval { Date().timeIntervalSince(start) }

    /// `0:08`, `12:40`, `1:02:03`.
    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }

    /// Whether standard error is a terminal a person watches.
    static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
