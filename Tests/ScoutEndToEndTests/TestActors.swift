import Foundation
@testable import ScoutKit
import ScoutTestSupport
import Testing

/// A switch a test flips while its fixture server runs.
actor Flag {
    private(set) var isSet = false
    func set() { isSet = true }
}

/// Counts requests in flight at once on the fixture server.
actor InFlight {
    private var now = 0
    private(set) var peak = 0
    func enter() {
        now += 1
        peak = max(peak, now)
    }
    func leave() { now -= 1 }
}
