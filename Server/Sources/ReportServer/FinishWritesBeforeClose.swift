import NIOCore

/// Keeps a connection open until what was written to it has reached the socket.
///
/// When the server stops (SIGTERM) Hummingbird 2.28 lets a request in flight finish, then, on
/// the response's last part, writes and flushes it and closes the connection at once. Closing a
/// NIO channel fails the writes still waiting for the socket, so a large response (a season's
/// ZIP of 7 MB) reached its client cut short when the client read more slowly than the server
/// wrote: 4 of 10 SIGTERMs during a season in the tests. Placed between the HTTP codec and
/// Hummingbird's connection handler, this holds such a close until every write has completed,
/// or at most `limit`, so a client that stops reading cannot hold the server open.
package final class FinishWritesBeforeClose: ChannelOutboundHandler, RemovableChannelHandler {
    package typealias OutboundIn = Any
    package typealias OutboundOut = Any

    private let limit: TimeAmount
    private var pending = 0
    private var heldClose: EventLoopPromise<Void>??

    package init(limit: TimeAmount = .seconds(30)) {
        self.limit = limit
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        pending += 1
        let written = promise ?? context.eventLoop.makePromise()
        written.futureResult.assumeIsolated().whenComplete { _ in
            self.pending -= 1
            if self.pending == 0 { self.closeIfHeld(context) }
        }
        context.write(data, promise: written)
    }

    package func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard mode == .all, pending > 0, heldClose == nil else {
            context.close(mode: mode, promise: promise)
            return
        }
        heldClose = .some(promise)
        context.eventLoop.assumeIsolated().scheduleTask(in: limit) { self.closeIfHeld(context) }
    }

    private func closeIfHeld(_ context: ChannelHandlerContext) {
        guard let held = heldClose else { return }
        heldClose = nil
        context.close(mode: .all, promise: held)
    }
}
