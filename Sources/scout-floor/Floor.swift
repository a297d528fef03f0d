import CEditLine
import FoundationEssentials

/// The start-up floor for `scripts/bench`: a Swift program that links what every start of scout needs,
/// FoundationEssentials (no ICU) and libedit, built as scout is (`scripts/build-release scout-floor`:
/// release, the Swift runtime linked in statically, stripped), that touches each and exits. Scout's start-up
/// and a cached search are measured against it.
@main
enum Floor {
    static func main() {
        // Touch each library so that nothing is dropped at link time.
        _ = el_init
        _ = ProcessInfo.processInfo.environment["HOME"]
    }
}
