import Foundation
import Testing
@testable import ScoutKit

/// What the certificate diagnosis reads of the fields libcurl gives for a server's certificate.
@Suite struct TLSDiagnosisTests {
    /// As libcurl 7.88 with OpenSSL gives them for the fixture server's certificate (`curl -w '%{certs}'`),
    /// less the PEM, which scout's C side leaves out.
    let openSSL = """
        Subject:CN = localhost
        Issuer:CN = Scout Test CA
        Version:2
        Serial Number:02
        Signature Algorithm:ecdsa-with-SHA256
        Public Key Algorithm:id-ecPublicKey
        X509v3 Subject Alternative Name:DNS:localhost, DNS:Omdb.test, IP Address:127.0.0.1
        X509v3 Basic Constraints:CA:FALSE
        X509v3 Extended Key Usage:TLS Web Server Authentication
        Start date:Jan  1 00:00:00 2020 GMT
        Expire date:Feb  1 13:05:09 2120 GMT
        Signature:30:45:02:20:7c:33:3c:c1:18:6f:b1:f5:71:44:be:fe:6e:d4:51:eb:99:1c:dd:c6:77:00:b8:b6:2e:2a:bd:8d
        """

    @Test func readsOpenSSLsDatesAndNames() {
        let certificate = TLSDiagnosis.Certificate(openSSL)
        #expect(certificate.notBefore.map(ISODate.string) == "2020-01-01T00:00:00Z")
        #expect(certificate.notAfter.map(ISODate.string) == "2120-02-01T13:05:09Z")
        #expect(certificate.names == ["localhost", "omdb.test", "127.0.0.1"])
    }

    @Test func readsTheDatesOtherBackEndsWrite() {
        let certificate = TLSDiagnosis.Certificate(
            "Start date:2020-01-01 00:00:00 GMT\nExpire date:2020-02-01 00:00:00 GMT\n")
        #expect(certificate.notBefore.map(ISODate.string) == "2020-01-01T00:00:00Z")
        #expect(certificate.notAfter.map(ISODate.string) == "2020-02-01T00:00:00Z")
        #expect(certificate.names.isEmpty)
    }

    @Test func damagedFieldsReadAsUnknown() {
        let certificate = TLSDiagnosis.Certificate("Start date:Foo 99 xx 2020 GMT\nExpire date:\nno colon here\n:\n")
        #expect(certificate.notBefore == nil)
        #expect(certificate.notAfter == nil)
    }

    @Test func aWildcardCoversOneLabel() {
        #expect(TLSDiagnosis.name("*.example.com", matches: "www.Example.com"))
        #expect(!TLSDiagnosis.name("*.example.com", matches: "a.b.example.com"))
        #expect(!TLSDiagnosis.name("*.example.com", matches: "example.com"))
    }
}
