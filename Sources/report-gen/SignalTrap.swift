import Dispatch
import ReportKit
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Turns the signals that end a program from a terminal or a supervisor (Ctrl-C's SIGINT,
/// SIGTERM, SIGHUP when the terminal or SSH session goes away, Ctrl-\\'s SIGQUIT) into a stop that
/// leaves no partial or temporary file, ending with 128 + the signal's number, as a shell expects
/// of a process a signal ended.
///
/// A batch stops in turn (``Stop/afterCurrentJobs``): it starts no new job, lets the jobs already
/// started finish their files, and removes any file not finished. A single report, or a second
/// signal, stops at once (``Stop/now``): the temporary files being written are removed first.
final class SignalTrap {
    enum Stop {
        case afterCurrentJobs
        case now
    }

    let cancellation = BatchCancellation()
    private let received = FirstSignal()
    private let sources: [any DispatchSourceSignal]

    init(_ stop: Stop) {
        let signals = Self.signals
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            // Dispatch sees the signal only if its default action (ending the process) is off.
            Glibc.signal(number, SIG_IGN)
            sources.append(DispatchSource.makeSignalSource(signal: number, queue: .global()))
        }
        self.sources = sources
        for (source, number) in zip(sources, signals) {
            source.setEventHandler { [cancellation, received] in
                // A second signal means "now": when a stop takes too long (a read from a terminal
                // that never ends), the user gets the shell back at once.
                if stop == .now || cancellation.isCancelled {
                    StagedFile.discardUnfinished()
                    _exit(128 + number)
                }
                received.record(number)
                cancellation.cancel()
            }
            source.resume()
        }
    }

    /// The signals trapped.
    static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// How a person knows the signal: "Ctrl-C", "SIGTERM".
    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGINT: "Ctrl-C"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP (the terminal went away)"
        case SIGQUIT: "SIGQUIT"
        default: "signal \(signal)"
        }
    }

    /// The first signal received, if any.
    var receivedSignal: Int32? {
        received.number
    }

    /// Puts the default actions back.
    func remove() {
        for source in sources { source.cancel() }
        for number in Self.signals { Glibc.signal(number, SIG_DFL) }
    }
}

/// The number of the first signal received, shared with the handler's thread.
private final class FirstSignal: Sendable {
    private let value = Atomic<Int32>(0)

    func record(_ number: Int32) {
        _ = value.compareExchange(expected: 0, desired: number, ordering: .relaxed)
    }

    var number: Int32? {
        let number = value.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }
}
