import HapsynthKit

extension Interruption {
    /// Runs `body` with the end on a signal deferred; a signal before it starts is `.interrupted`.
    func deferred<T>(_ body: () throws(CLIError) -> T) throws(CLIError) -> T { try deferred(stopped: CLIError.interrupted, body) }

    /// Commits outputs with the end on a signal deferred, then settles when `settles`; one that
    /// cannot be written is its exit code.
    func committing(settles: Bool = false, _ body: () throws(OutputError) -> Void) throws(CLIError) {
        do throws(OutputError) {
            try deferred(stopped: OutputError.stopped) { () throws(OutputError) in
                try body()
                if settles { settle() }
            }
        } catch {
            throw CLIError(error)
        }
    }
}
