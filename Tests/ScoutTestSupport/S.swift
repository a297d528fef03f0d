import ScoutKit
