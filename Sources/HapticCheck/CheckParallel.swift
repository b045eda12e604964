import Dispatch
import HapticPlayback

/// Checks patterns on several threads while results are reported in suite order, so that `jobs`
/// threads report exactly what one thread reports.
enum CheckParallel {
    /// Runs `check` for every entry, `jobs` at a time; `report` sees each outcome in entry order, as
    /// soon as it and every earlier one are done. When `isInterrupted` says so, the remaining work
    /// stops (`CheckError.interrupted`).
    static func run(
        _ entries: [CheckSuite.Entry], jobs: Int, isInterrupted: @escaping @Sendable () -> Bool,
        check: @escaping @Sendable (CheckSuite.Entry) throws(CheckError) -> CheckOutcome, report: (CheckOutcome) -> Void
    ) throws(CheckError) -> [CheckOutcome] {
        let state = State(count: entries.count, isInterrupted: isInterrupted)
        let workers = min(jobs, max(1, entries.count))
        let group = DispatchGroup()
        for _ in 0..<workers {
            DispatchQueue.global().async(group: group) {
                while let index = state.take(), !isInterrupted() {
                    let result: Result<CheckOutcome, CheckError>
                    do throws(CheckError) {
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
        if isInterrupted() { throw .interrupted }
        return state.outcomes
    }

    /// The work queue and results, under one lock.
    private final class State: @unchecked Sendable {
        private let condition = ConditionLock()
        private var next = 0
        private var stopped = false
        private var results: [Result<CheckOutcome, CheckError>?]
        private let isInterrupted: @Sendable () -> Bool

        init(count: Int, isInterrupted: @escaping @Sendable () -> Bool) {
            results = Array(repeating: nil, count: count)
            self.isInterrupted = isInterrupted
        }

        func take() -> Int? {
            condition.lock()
            defer { condition.unlock() }
            guard !stopped, next < results.count else { return nil }
            next += 1
            return next - 1
        }

        func finish(_ index: Int, _ result: Result<CheckOutcome, CheckError>) {
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
        func wait(for index: Int) -> Result<CheckOutcome, CheckError>? {
            condition.lock()
            defer { condition.unlock() }
            while results[index] == nil {
                if isInterrupted() { return nil }
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
