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
///
/// The signals are blocked in every thread and taken by one thread of the trap's own, waiting in
/// `sigwait`, so what a stop does (removing files, under a lock) runs as ordinary code, never in
/// a signal handler. (It used Dispatch's signal sources before: libdispatch and its thread cost
/// every run of report-gen time at start.) Made before any other thread starts, as the threads
/// started later inherit the blocked signals.
final class SignalTrap {
    enum Stop {
        case afterCurrentJobs
        case now
    }

    let cancellation = BatchCancellation()
    private let received = FirstSignal()
    private let removed = RemovedFlag()

    init(_ stop: Stop) {
        var trapped = Self.signalSet
        pthread_sigmask(SIG_BLOCK, &trapped, nil)
        let started = WorkerThread.start(stackSize: 256 << 10) { [cancellation, received, removed] in
            while true {
                var waitedFor = Self.signalSet
                var number: Int32 = 0
                guard sigwait(&waitedFor, &number) == 0 else { continue }
                if removed.isSet {
                    // The trap is gone: the signal does what it does by default.
                    Self.deliverByDefault(number)
                }
                // A second signal means "now": when a stop takes too long (a read from a terminal
                // that never ends), the user gets the shell back at once.
                if stop == .now || cancellation.isCancelled {
                    StagedFile.discardUnfinished()
                    _exit(128 + number)
                }
                received.record(number)
                cancellation.cancel()
            }
        }
        // Without a thread to take them, the signals keep their default action.
        if !started { pthread_sigmask(SIG_UNBLOCK, &trapped, nil) }
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

    /// Puts the default actions back: a signal from now on ends the process as it would have
    /// without the trap.
    func remove() {
        removed.set()
        var trapped = Self.signalSet
        pthread_sigmask(SIG_UNBLOCK, &trapped, nil)
    }

    private static var signalSet: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        return set
    }

    /// Ends the process by `number`'s default action, from the trap's thread.
    private static func deliverByDefault(_ number: Int32) -> Never {
        signal(number, SIG_DFL)
        var one = sigset_t()
        sigemptyset(&one)
        sigaddset(&one, number)
        pthread_sigmask(SIG_UNBLOCK, &one, nil)
        raise(number)
        _exit(128 + number)
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

/// Whether the trap was removed, shared with the trap's thread.
private final class RemovedFlag: Sendable {
    private let value = Atomic<Bool>(false)

    func set() {
        value.store(true, ordering: .releasing)
    }

    var isSet: Bool {
        value.load(ordering: .acquiring)
    }
}
