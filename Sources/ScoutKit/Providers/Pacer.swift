import FoundationEssentials

/// Spaces requests to one service: at most `limit` in any `window`, waiting (not failing) past that.
public actor Pacer {
    let limit: Int
    let window: Duration
    private var sent: [ContinuousClock.Instant] = []

    public init(limit: Int = 20, window: Duration = .seconds(60)) {
        self.limit = limit
        self.window = window
    }

    /// Waits until one more request may go; `announce` hears how long first, when there is a wait.
    func wait(announce: (@Sendable (Duration) -> Void)? = nil) async {
        let clock = ContinuousClock()
        sent.removeAll { clock.now - $0 > window }
        if sent.count >= limit, let oldest = sent.first {
            announce?(oldest + window - clock.now)
            try? await clock.sleep(until: oldest + window)
            sent.removeFirst()
        }
        sent.append(clock.now)
    }
}
