import HapticPlayback
import Dispatch
import FoundationEssentials
import Glibc

/// Checks patterns on several threads while results are reported in suite order, so `--jobs N`
/// prints exactly what `--jobs 1` prints.
enum CheckParallel {
    /// Runs `check` for every entry, `jobs` at a time; `report` sees each outcome in entry order, as
    /// soon as it and every earlier one are done. Ctrl-C stops the remaining work (exit 130).
    static func run(
        _ entries: [CheckSuite.Entry], jobs: Int, check: @escaping @Sendable (CheckSuite.Entry) throws(CLIError) -> CheckOutcome,
        report: (CheckOutcome) -> Void
    ) throws(CLIError) -> [CheckOutcome] {
        let state = State(count: entries.count)
        return try Interruption.deferred { () throws(CLIError) in
            let workers = min(jobs, max(1, entries.count))
            let group = DispatchGroup()
            for _ in 0..<workers {
                DispatchQueue.global().async(group: group) {
                    while let index = state.take(), !Interruption.isRaised {
                        let result: Result<CheckOutcome, CLIError>
                        do throws(CLIError) {
                            result = .success(try check(entries[index]))
                        } catch {
                            result = .failure(error)
                        }
                        state.finish(index, result)
                    }
                }
            }
            var reported = 0
            while reported < entries.count {
                guard let result = state.wait(for: reported) else { break }
                switch result {
                case .success(let outcome): report(outcome)
                case .failure(let error):
                    state.stop()
                    group.wait()
                    throw error
                }
                reported += 1
            }
            group.wait()
            if Interruption.isRaised { throw .interrupted }
            return state.outcomes
        }
    }

    /// The work queue and results, under one lock.
    private final class State: @unchecked Sendable {
        private let condition = ConditionLock()
        private var next = 0
        private var stopped = false
        private var results: [Result<CheckOutcome, CLIError>?]

        init(count: Int) { results = Array(repeating: nil, count: count) }

        func take() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard !stopped, next < results.count else { return nil }
            next += 1
            return next - 1
        }

        func finish(_ index: Int, _ result: Result<CheckOutcome, CLIError>) {
            condition.lock()
            results[index] = result
            condition.broadcast()
            condition.unlock()
        }

        func stop() {
            condition.lock()
            stopped = true
            condition.unlock()
        }

        /// Waits for entry `index`'s result; nil when the work stopped (Ctrl-C) before it.
        func wait(for index: Int) -> Result<CheckOutcome, CLIError>? {
            condition.lock()
            defer { condition.unlock() }
            while results[index] == nil {
                if Interruption.isRaised { return nil }
                condition.wait(milliseconds: 50)
            }
            return results[index]
        }

        var outcomes: [CheckOutcome] {
            condition.lock()
            defer { condition.unlock() }
            return results.compactMap { result in if case .success(let outcome)? = result { return outcome } else { return nil } }
        }
    }
}
