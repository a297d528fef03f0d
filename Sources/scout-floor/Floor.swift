import ArgumentParser
import AsyncHTTPClient
import CEditLine
import Foundation

/// The start-up floor for `scripts/bench`: a Swift program that links what `scout` links (Foundation,
/// swift-argument-parser, AsyncHTTPClient and its NIO stack, libedit) and does nothing else. Scout's own
/// start-up is measured against this.
@main
struct Floor: ParsableCommand {
    mutating func run() {
        // Touch each library so that nothing is dropped at link time.
        _ = HTTPClient.Configuration.self
        _ = el_init
        _ = ProcessInfo.processInfo.environment["HOME"]
    }
}
