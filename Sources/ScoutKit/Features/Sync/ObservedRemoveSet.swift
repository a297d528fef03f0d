/// An observed-remove set: each add has its own id, and a removal names the adds it has seen. An add it
/// has not seen (made on another device at the same time) survives it, so a re-add concurrent with a
/// removal wins. Removed ids are kept, so the order the two arrive in does not matter.
struct ObservedRemoveSet<Value> {
    struct Add {
        var order: SyncOp.Order
        var value: Value
    }

    private(set) var adds: [String: [String: Add]] = [:]
    private(set) var removed: Set<String> = []

    mutating func add(_ key: String, id: String, order: SyncOp.Order, value: Value) {
        guard !removed.contains(id) else { return }
        // Two adds under one id (a damaged log): the first in the order of changes, whichever came first.
        if let kept = adds[key]?[id], kept.order <= order { return }
        adds[key, default: [:]][id] = Add(order: order, value: value)
    }

    mutating func remove(_ key: String, observed: [String]) {
        removed.formUnion(observed)
        guard var live = adds[key] else { return }
        for id in observed { live[id] = nil }
        adds[key] = live.isEmpty ? nil : live
    }

    /// The adds of `key` no removal has named.
    func live(_ key: String) -> [String: Add] {
        (adds[key] ?? [:]).filter { !removed.contains($0.key) }
    }

    /// The first add of `key` still in the set: a favourite added on two devices keeps its first date.
    func winner(_ key: String) -> Add? {
        live(key).values.min { $0.order < $1.order }
    }

    func value(_ key: String) -> Value? { winner(key)?.value }

    /// The ids a removal of `key` made now has seen.
    func observed(_ key: String) -> [String] { live(key).keys.sorted() }

    var keys: [String] { adds.keys.filter { !live($0).isEmpty } }
}
