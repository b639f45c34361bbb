import Glibc
import ReportKit
import Synchronization

/// The first report's one-time work that needs nothing from the job or the options, done on a
/// thread of its own from a program's first moment while the program parses its arguments and
/// loads the theme and template: the text engine made (the private font configuration, the font
/// map, the family's first font), and the colour profile of PDF/A compressed.
///
/// A C program calling Pango gets a similar overlap from Pango's own threads (it loads the
/// system's font configuration in one); ReportKit uses a private configuration, so it does this
/// itself. The output is the same with it and without: the engine is the same engine, made
/// before anything is laid out. (Warming the type scale's fonts here as well was measured and
/// left out: a single report reaches layout about 5 ms after it starts, too soon for it to pay.)
///
/// report-gen starts one for a command that makes a report (``beginForProcess(fonts:)``), and
/// hands its engine to the first `ReportGenerator` it makes (``takeEngine(for:)``); the library
/// knows nothing of it.
final class WarmStart: @unchecked Sendable {
    private let fonts: FontSet
    // Every property below is read and written only with `state` locked.
    private let state = ConditionLock()
    private var made: Result<PangoTextEngine, RenderError>?
    private var threadRunning = false
    private var taken = false

    private init(fonts: FontSet) {
        self.fonts = fonts
    }

    /// The warm start of this process.
    private static let process = Mutex<WarmStart?>(nil)

    /// Starts the work on a thread of its own, for the first ``ReportGenerator`` of the process
    /// to take. Whatever way the process ends, the thread's work ends first, so no library is
    /// left in the middle of a call at exit.
    static func beginForProcess(fonts: FontSet = .inter) {
        let start = WarmStart(fonts: fonts)
        // Set before the thread exists (starting it orders this write before its first step),
        // so the thread's own "done" can never be overwritten.
        start.threadRunning = true
        guard WorkerThread.start(stackSize: 1 << 20, { start.run() }) else {
            start.threadRunning = false
            return
        }
        process.withLock { $0 = start }
        atexit { WarmStart.process.withLock { $0 }?.finish() }
    }

    /// The engine made ahead for `fonts`, once (a second generator makes its own); nil when none
    /// was started, its fonts differ, or it failed (the generator then makes one and reports why).
    static func takeEngine(for fonts: FontSet) -> PangoTextEngine? {
        try? take(for: fonts)?.engine()
    }

    /// The process's warm start for `fonts`, taken.
    private static func take(for fonts: FontSet) -> WarmStart? {
        guard let start = process.withLock({ $0 }), start.fonts == fonts else { return nil }
        return start.state.withLock {
            guard !start.taken else { return nil }
            start.taken = true
            return start
        }
    }

    /// The engine, once made; waits for it.
    private func engine() throws(RenderError) -> PangoTextEngine {
        let result = state.withLock {
            while made == nil { state.wait() }
            return made!
        }
        return try result.get()
    }

    /// Waits for the thread's work to end.
    func finish() {
        state.withLock {
            while threadRunning { state.wait() }
        }
    }

    private func run() {
        let result: Result<PangoTextEngine, RenderError>
        do {
            result = .success(try PangoTextEngine(fonts: fonts))
        } catch {
            result = .failure(error)
        }
        state.withLock {
            made = result
            state.broadcast()
        }
        // Finishing's one-time work (a missing profile is reported where the PDF is finished).
        _ = try? ColorProfile.compressedSRGB()
        state.withLock {
            threadRunning = false
            state.broadcast()
        }
    }
}
