import Foundation
import Testing
@testable import ScoutKit

/// Which requests go through which proxy, as curl decides it.
@Suite struct NetworkSettingsTests {
    func proxy(_ environment: [String: String], _ url: String) -> String? {
        NetworkSettings(environment: environment).proxy(for: URL(string: url)!).map { "\($0.variable) \($0)" }
    }

    @Test func eachSchemeHasItsVariableAndAllProxyFillsIn() {
        let env = ["http_proxy": "http://web:3128", "HTTPS_PROXY": "secure:8443", "ALL_PROXY": "socks5://any:1080"]
        #expect(proxy(env, "http://omdb.example/?s=x") == "http_proxy web:3128")
        #expect(proxy(env, "https://omdb.example/") == "HTTPS_PROXY secure:8443")
        #expect(proxy(["ALL_PROXY": "socks5h://any"], "http://omdb.example/") == "ALL_PROXY any:1080")
        #expect(proxy(["https_proxy": "a:1", "HTTPS_PROXY": "b:2"], "https://x.example/") == "https_proxy a:1")
    }

    @Test func upperCaseHTTPProxyIsNotRead() {
        #expect(proxy(["HTTP_PROXY": "http://web:3128"], "http://omdb.example/") == nil)
    }

    @Test func anEmptyVariableMeansNoProxy() {
        #expect(proxy(["http_proxy": "", "all_proxy": "http://any:1"], "http://omdb.example/") == nil)
    }

    @Test func loopbackNeverGoesThroughAProxy() {
        let env = ["http_proxy": "http://web:3128"]
        for url in [
            "http://localhost:8080/", "http://api.localhost/", "http://127.0.0.1:9/", "http://127.3.2.1/",
            "http://[::1]:80/",
        ] {
            #expect(proxy(env, url) == nil, "\(url)")
        }
        #expect(proxy(env, "http://128.0.0.1/") == "http_proxy web:3128")
    }

    @Test func noProxyMatchesNamesSuffixesPortsAndRanges() {
        let env = [
            "http_proxy": "http://web:3128",
            "no_proxy": "example.org, .corp.example,*.lan,intranet:8080,10.0.0.0/8,192.168.1.7",
        ]
        let direct = [
            "http://example.org/", "http://www.example.org/", "http://a.corp.example/", "http://corp.example/",
            "http://printer.lan/", "http://intranet:8080/", "http://10.1.2.3/", "http://192.168.1.7/",
        ]
        let proxied = [
            "http://notexample.org/", "http://intranet/", "http://11.0.0.1/", "http://192.168.1.8/",
            "http://example.org.evil/",
        ]
        for url in direct { #expect(proxy(env, url) == nil, "\(url)") }
        for url in proxied { #expect(proxy(env, url) == "http_proxy web:3128", "\(url)") }
        #expect(proxy(["http_proxy": "web:1", "NO_PROXY": "*"], "http://anything.example/") == nil)
    }

    @Test func credentialsAreReadAndNeverShown() throws {
        let settings = NetworkSettings(environment: ["https_proxy": "http://me:p%40ss@proxy.example:3128/"])
        let proxy = try #require(settings.httpsProxy)
        #expect(proxy.user == "me")
        #expect(proxy.password == "p@ss")
        #expect("\(proxy)" == "proxy.example:3128")
    }

    @Test func aProxySchemeScoutCannotUseIsOneLine() {
        let settings = NetworkSettings(environment: ["https_proxy": "https://proxy.example:443"])
        #expect(
            settings.problem
                == "https_proxy names a https://… proxy, which scout cannot use: name an http:// or socks5:// proxy")
    }
}
