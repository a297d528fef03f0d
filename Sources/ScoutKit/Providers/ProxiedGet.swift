import FoundationEssentials
import NIOCore
import NIOHTTP1
import NIOPosix

/// A plain-HTTP GET through an HTTP proxy as curl sends it: to the proxy, with the whole URL in the
/// request line (`GET http://host/path HTTP/1.1`), and `Proxy-Authorization` from the variable.
/// AsyncHTTPClient tunnels plain HTTP through CONNECT, which a proxy commonly allows only to port 443.
enum ProxiedGet {
    static func get(_ url: URL, through proxy: Proxy, headers: [(String, String)], maxBodyBytes: Int) async throws
        -> HTTPResponse
    {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .connect(host: proxy.host, port: proxy.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(
                        wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: url.absoluteString)
            head.headers.add(name: "Host", value: url.port.map { "\(url.host ?? ""):\($0)" } ?? (url.host ?? ""))
            for (name, value) in headers { head.headers.add(name: name, value: value) }
            if let user = proxy.user {
                let credentials = Data("\(user):\(proxy.password ?? "")".utf8).base64EncodedString()
                head.headers.add(name: "Proxy-Authorization", value: "Basic \(credentials)")
            }
            head.headers.add(name: "Connection", value: "close")
            try await outbound.write(.head(head))
            try await outbound.write(.end(nil))
            var response = HTTPResponse(status: 0, retryAfter: nil, cacheControl: nil, body: Data())
            for try await part in inbound {
                switch part {
                case .head(let answer):
                    response.status = Int(answer.status.code)
                    response.retryAfter = answer.headers.first(name: "Retry-After")
                    response.cacheControl = answer.headers[canonicalForm: "Cache-Control"].joined(separator: ",")
                case .body(let chunk):
                    if response.body.count + chunk.readableBytes > maxBodyBytes {
                        throw SourceError.tooLarge(limit: maxBodyBytes)
                    }
                    response.body.append(contentsOf: chunk.readableBytesView)
                case .end:
                    return response
                }
            }
            throw ChannelError.eof
        }
    }
}
