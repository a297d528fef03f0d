import FoundationEssentials

// The `--json` shape of this feature; `Schemas/scout-output.v1.json` describes each field further.

/// A device that syncs, as `sync status` lists it.
enum DeviceField: String, JSONRowShape {
    case device, host, this, lastChange, lastSync, digest
    static let schemaName = "deviceRow"
    static let listing = TypedJSON.Listing.devices
    var kind: JSONKind {
        switch self {
        case .device, .host: .string
        case .this: .boolean
        case .lastChange, .lastSync: .shapeOrNull("date")
        case .digest: .stringOrNull
        }
    }
    var required: Bool { true }
}
