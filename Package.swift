// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "scout",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "scout", targets: ["scout"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CEditLine", path: "CEditLine", pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]),
        // zlib's inflate, for the zip exports ExportFiles reads (ZIPFoundation is only the tests' zip writer); linked
        // statically with the image libraries below (libpng needs it too).
        // libchafa draws images (blocks, sixel, kitty, iTerm2); libjpeg-turbo and libpng decode them, in C
        // (libjpeg reports errors by longjmp). They are linked in statically, glib, pcre2 and zlib with them: as shared
        // libraries the loader would spend about 0.6 ms of every start on them, images or not. Debian's -dev
        // packages carry the archives; the include folders are pkg-config's for chafa (Debian's multiarch).
        .target(
            name: "CScoutImage",
            cSettings: [
                .unsafeFlags(
                    ["-I/usr/include/chafa", "-I/usr/include/glib-2.0"]
                        + ["x86_64-linux-gnu", "aarch64-linux-gnu"].flatMap {
                            ["-I/usr/lib/\($0)/chafa/include", "-I/usr/lib/\($0)/glib-2.0/include"]
                        })
            ],
            linkerSettings: [
                .unsafeFlags(
                    ["-Xlinker", "--push-state", "-Xlinker", "-Bstatic"]
                        + ["chafa", "glib-2.0", "pcre2-8", "jpeg", "png16", "z"].flatMap { ["-Xlinker", "-l\($0)"] }
                        + ["-Xlinker", "--pop-state"]),
                .linkedLibrary("m"),
            ]),
        // HTTP through libcurl, loaded with dlopen on the first request (Sources/CScoutNet/http.c says why);
        // building needs curl's headers (libcurl4-openssl-dev), running needs libcurl4 only to reach the network.
        .target(name: "CScoutNet", linkerSettings: [.linkedLibrary("dl")]),
        // XML (a Letterboxd feed) through libxml2, loaded with dlopen on the first document, as libcurl is
        // (Sources/CScoutXML/xml.c); building needs its headers (libxml2-dev), running needs libxml2.
        .target(
            name: "CScoutXML", cSettings: [.unsafeFlags(["-I/usr/include/libxml2"])],
            linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(
            name: "CScoutZlib", path: "CScoutZlib", providers: [.apt(["zlib1g-dev"])]),
        .target(
            name: "ScoutKit",
            dependencies: [
                "CScoutZlib", "CScoutImage", "CScoutNet", "CScoutXML",
            ],
            // Release builds leave out the run-time checks of exclusive access (debug builds and the tests
            // keep them): in `history search` over a million records they were 8% of the time, on
            // properties no two accesses share.
            swiftSettings: [
                .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]
        ),
        .executableTarget(
            name: "scout",
            dependencies: [
                "ScoutKit", "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]
        ),
        .target(
            name: "ScoutTestSupport",
            dependencies: [
                "ScoutKit", "CScoutZlib",
            ],
            path: "Tests/ScoutTestSupport"
        ),
        // The benchmarks' state generator and start-up floor (scripts/bench).
        .executableTarget(
            name: "scout-bench",
            dependencies: [
                "ScoutKit", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .executableTarget(name: "scout-floor", dependencies: ["CEditLine"]),
        // libFuzzer targets; scripts/fuzz builds them with -sanitize=fuzzer (a plain build gets a stub).
        .executableTarget(name: "scout-fuzz", dependencies: ["ScoutKit", "CScoutNet"]),
        .testTarget(
            name: "ScoutKitTests",
            dependencies: [
                "ScoutKit", "ScoutTestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(name: "ScoutEndToEndTests", dependencies: ["ScoutKit", "ScoutTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
