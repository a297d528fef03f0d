import Glibc
import Dispatch
import ArgumentParser
import ScoutKit

/// The main actor's queue, served by the main thread itself. An `async` main would call `dispatch_main`, which
/// ends the main thread and hands the queue to a thread libdispatch starts, with its manager thread and two
/// more: 0.6 to 1.3 ms of a do-nothing program's start (the floor with an async main, in two hyperfine runs),
/// and a hand-over between threads at each await. As
/// Foundation's run loop does on Linux, this waits on the queue's wake-up descriptor and drains the queue.
enum MainQueue {
    @_silgen_name("_dispatch_get_main_queue_handle_4CF") private static func handle() -> Int32
    @_silgen_name("_dispatch_main_queue_callback_4CF") private static func drain(_ message: UnsafeMutableRawPointer?)

    static func run(_ body: @escaping @MainActor () async -> Never) -> Never {
        let descriptor = handle()
        Task { @MainActor in await body() }
        var wake = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while true {
            drain(nil)
            while poll(&wake, 1, -1) < 0 && errno == EINTR {}
            var count: UInt64 = 0
            _ = read(descriptor, &count, MemoryLayout<UInt64>.size) // the eventfd's count, back to zero
        }
    }
}
