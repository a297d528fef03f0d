import Glibc
import Dispatch
import ArgumentParser
import ScoutKit

/// Cancels the running command when SIGINT arrives (Ctrl-C while a search waits on the network).
final class CommandInterrupter: @unchecked Sendable {
    private let lock = Lock()
    private var current: Task<[Output], Never>?
    private let source: any DispatchSourceSignal

    init() {
        // Ignored first, so that a Ctrl-C before the source is armed (while a restored search is fetched
        // at launch) cannot end scout; the source then takes every SIGINT.
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in self?.interrupt() }
        source.resume()
    }

    func watch(_ task: Task<[Output], Never>?) {
        lock.withLock { current = task }
    }

    private func interrupt() {
        lock.withLock { current?.cancel() }
    }
}
