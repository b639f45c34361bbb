import Foundation

/// The threads renders run on: one a render slot, kept while the queue lives. A thread kept for
/// rendering keeps its allocator caches and its generators warm (``GeneratorPool`` gives a thread
/// back the generator it used last); on Dispatch's pool each render met another thread, and
/// malloc alone took a quarter more time a report than in `report-gen batch`.
final class RenderThreads: Sendable {
    private let inbox = Inbox()

    init(count: Int) {
        for index in 0..<count {
            let thread = Thread { [inbox] in
                // Named by the thread itself, through /proc (Swift's Glibc has no
                // pthread_setname_np, and Foundation does not pass on a name given before the
                // start): `top -H` and perf then show which threads render.
                try? "render-\(index + 1)".write(toFile: "/proc/thread-self/comm", atomically: false, encoding: .utf8)
                inbox.serve()
            }
            // Layout recurses through nested elements; the room report-gen's workers have.
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    deinit {
        inbox.close()
    }

    /// Runs `work` on the first thread free. The render queue never gives more work at once than
    /// there are threads, so work never waits here.
    func run(_ work: @escaping @Sendable () -> Void) {
        inbox.put(work)
    }

    /// Work waiting for a thread; the threads end when it is closed.
    private final class Inbox: @unchecked Sendable {
        private let condition = NSCondition()
        // Guarded by `condition`.
        private var work: [@Sendable () -> Void] = []
        private var closed = false

        func put(_ item: @escaping @Sendable () -> Void) {
            condition.withLock {
                work.append(item)
                condition.signal()
            }
        }

        func close() {
            condition.withLock {
                closed = true
                condition.broadcast()
            }
        }

        func serve() {
            while let item = take() { item() }
        }

        private func take() -> (@Sendable () -> Void)? {
            condition.withLock {
                while work.isEmpty && !closed { condition.wait() }
                return work.isEmpty ? nil : work.removeFirst()
            }
        }
    }
}
