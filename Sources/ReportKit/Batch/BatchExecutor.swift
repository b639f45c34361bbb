/// Where the parts of a batch run: `report-gen batch`'s worker threads, or a server's render
/// slots. The batch engine (``run(makeState:next:work:deliver:)``) reads its inputs, hands them to
/// the executor one part at a time, never more than a window of them unfinished, and gives the
/// results back in the inputs' order, so what a batch writes never depends on where or how widely
/// it ran.
public protocol BatchExecutor: Sendable {
    /// How many parts may run at once. The engine keeps at most twice as many started and not yet
    /// handed back (just one when this is 1), so that memory stays flat however long the input.
    var width: Int { get }

    /// Runs `part` once, on a thread of the executor's (it may block: it draws a report), and
    /// returns without waiting for it. An executor that cannot run it (a deadline passed, the
    /// batch was cancelled) calls it with the reason instead, and the part then does no work: the
    /// engine stops reading, lets the parts already started finish, and throws that reason.
    func start(_ part: @escaping @Sendable (_ refusal: (any Error)?) -> Void)
}
