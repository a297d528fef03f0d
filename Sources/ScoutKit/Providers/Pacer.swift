/// Spaces requests to one service: at most `limit` in any `window`, waiting (not failing) past that.
///
/// Each request takes its slot as it asks, before it waits, so that requests asking at once (`load all`'s
/// pages) queue one behind the other instead of all waking for the same freed slot.
public actor Pacer {
    let limit: Int
    let window: Duration
    /// When each request went or will go, oldest first: the slots taken within the last window and ahead.
    private var slots: [ContinuousClock.Instant] = []
    /// How many requests are waiting for their slot now.
    private var waiting = 0

    public init(limit: Int = 20, window: Duration = .seconds(60)) {
        self.limit = limit
        self.window = window
    }

    /// Its pace as a message says it: `20 requests a minute`, `40 requests a second`.
    nonisolated var rate: String {
        let seconds = Double(window.components.seconds) + Double(window.components.attoseconds) / 1e18
        return seconds >= 60
            ? "\(Int((Double(limit) * 60 / seconds).rounded())) requests a minute"
            : "\(Int((Double(limit) / seconds).rounded())) requests a second"
    }

    /// Waits until one more request may go; `announce` hears how long first, when there is a wait and no
    /// other request is already waiting (whose wait was said).
    func wait(announce: (@Sendable (Duration) -> Void)? = nil) async {
        let clock = ContinuousClock()
        let now = clock.now
        slots.removeAll { now - $0 > window }
        let slot = slots.count >= limit ? max(now, slots[slots.count - limit] + window) : now
        slots.append(slot)
        guard slot > now else { return }
        if waiting == 0 { announce?(slot - now) }
        waiting += 1
        try? await clock.sleep(until: slot)
        waiting -= 1
    }
}
