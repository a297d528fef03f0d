/// A spinner on standard error while something slow runs, drawn only when someone watches.
@MainActor
enum Spinner {
    /// Runs `work`; when it takes longer than 300 ms and `progress` is set (a terminal's standard error),
    /// shows a spinner and `label` until it ends, then erases them. Quick answers and pipes show nothing.
    static func waiting<T>(_ label: String, progress: (@Sendable (String?) -> Void)?, _ work: () async throws -> T)
        async rethrows -> T
    {
        guard let progress else { return try await work() }
        let spinner = Task {
            guard (try? await Task.sleep(for: .milliseconds(300))) != nil else { return false }
            let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")
            var frame = 0
            repeat {
                progress("\(frames[frame % frames.count]) \(label)")
                frame += 1
            } while (try? await Task.sleep(for: .milliseconds(100))) != nil
            return true
        }
        do {
            let value = try await work()
            spinner.cancel()
            if await spinner.value { progress(nil) }
            return value
        } catch {
            spinner.cancel()
            if await spinner.value { progress(nil) }
            throw error
        }
    }
}
