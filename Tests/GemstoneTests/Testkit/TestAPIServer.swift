import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import Gemstone

/// `tests/server/api_server.py` run as a child process for the length of a test, with a
/// `GemHTTPTransport` over URLSession that talks to it. Foundation is used here, in the tests
/// only, because it is the toolchain's ready HTTP client; the library itself never imports it.
final class TestAPIServer: Sendable {
    let baseURL: String
    private let process: Process

    /// Starts the server on a free port and waits for its `PORT <n>` line; nil when python3 or
    /// the script cannot be found or the server does not come up.
    static func start() -> TestAPIServer? {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("tests/server/api_server.py")
        guard FileManager.default.fileExists(atPath: script.path) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, "--port", "0", "--exit-with-stdin"]
        let output = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        do { try process.run() } catch { return nil }
        var line = Data()
        while let byte = try? output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
            line.append(first)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            process.terminate()
            return nil
        }
        return TestAPIServer(baseURL: "http://127.0.0.1:\(port)", process: process, input: input)
    }

    private let input: Pipe

    private init(baseURL: String, process: Process, input: Pipe) {
        self.baseURL = baseURL
        self.process = process
        self.input = input
    }

    /// Closing its stdin stops the server (`--exit-with-stdin`), even if this process dies first.
    deinit {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    /// Calls a control endpoint (`POST /_control/refuse_next_write`, …) and answers the body.
    @discardableResult
    func control(_ method: GemHTTPMethod, _ path: String, body: String? = nil) async throws -> String {
        let response = try await URLSessionTransport().request(GemHTTPRequest(url: baseURL + path, method: method, body: body))
        guard response.status == 200 else { throw GemServiceError.api(status: response.status, message: response.body) }
        return response.body
    }
}

/// `GemHTTPTransport` over URLSession: a transport failure is `.offline`, any status is an answer.
struct URLSessionTransport: GemHTTPTransport {
    func request(_ request: GemHTTPRequest) async throws(GemServiceError) -> GemHTTPResponse {
        guard let url = URL(string: request.url) else { throw .invalidInput(message: "bad URL \(request.url)") }
        var urlRequest = URLRequest(url: url, timeoutInterval: 10)
        urlRequest.httpMethod = request.method.rawValue
        for header in request.headers { urlRequest.setValue(header.value, forHTTPHeaderField: header.name) }
        urlRequest.httpBody = request.body.map { Data($0.utf8) }
        do {
            let (data, response) = try await URLSession.shared.data(for: urlRequest)
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            return GemHTTPResponse(status: status, body: String(decoding: data, as: UTF8.self))
        } catch {
            throw .offline(message: String(describing: error))
        }
    }
}
