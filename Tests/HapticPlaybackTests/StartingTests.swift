import Testing
import HapticCore
import HapticPlanner
@testable import HapticPlayback
import HapticPlaybackTesting

/// Starting a session: engine reuse, one start time, startup failures (docs/playback.md "Starting").
@Suite struct StartingTests {
    @Test func allPlayersStartOnceAtOneTimeTenMillisecondsAhead() throws {
        let rig = Rig()
        _ = try rig.executor.play(try threePlayerPattern())
        #expect(rig.driver.players.count == 3)
        #expect(rig.driver.players.map(\.startTimes) == [[12.01], [12.01], [12.01]])
        #expect(rig.driver.engineStartCount == 1)
    }

    @Test func engineIsReusedWhileValid() throws {
        let rig = Rig()
        _ = try rig.executor.play(try transientPattern())
        _ = try rig.executor.play(try transientPattern())
        #expect(rig.driver.engines.count == 1)
        #expect(rig.driver.engineStartCount == 1)
    }

    @Test func replacingASessionCancelsItsPlayersFirst() throws {
        let rig = Rig()
        let first = try rig.executor.play(try threePlayerPattern())
        let second = try rig.executor.play(try transientPattern())
        #expect(!first.isActive && second.isActive)
        #expect(rig.driver.players.map(\.cancelCount) == [1, 1, 1, 0])
        #expect(first.failure == nil)
    }

    @Test func silentPlanMakesNoEngineAndLastsItsDuration() throws {
        let rig = Rig()
        let handle = try rig.executor.play(try Pattern.delay(ms: 100))
        #expect(rig.driver.engines.isEmpty)
        rig.clock.advance(byMilliseconds: 50)
        #expect(handle.isActive)
        rig.clock.advance(byMilliseconds: 50)
        #expect(!handle.isActive)
    }

    @Test func unsupportedPlanGivesAnInactiveHandleWithoutThrowing() throws {
        let rig = Rig(supportsHaptics: false)
        #expect(!rig.executor.isSupported && !rig.executor.hasAmplitudeControl)
        let handle = try rig.executor.play(try transientPattern())
        #expect(!handle.isActive && handle.failure == nil)
        #expect(rig.driver.engines.isEmpty)
    }

    @Test func diagnoseDoesNotTouchTheEngine() throws {
        let rig = Rig()
        let diagnostics = try rig.executor.diagnose(try threePlayerPattern())
        #expect(diagnostics.estimatedNativeDurationMs == 160)
        #expect(rig.driver.engines.isEmpty)
    }

    @Test func engineCreationFailureThrowsAndTheNextPlayWorks() throws {
        let rig = Rig()
        rig.driver.failures.engineCreation[0] = ScriptedError("no media server")
        #expect(performing: { try rig.executor.play(try transientPattern()) }, throws: { error in
            texts(error) == ["Could not create haptic engine: no media server"]
        })
        #expect(try rig.executor.play(try transientPattern()).isActive)
    }

    @Test func engineWhoseStartFailsIsDisposedOnceAndNotKept() throws {
        let rig = Rig()
        rig.driver.failures.engineStart[0] = ScriptedError("busy")
        #expect(performing: { try rig.executor.play(try transientPattern()) }, throws: { error in
            texts(error) == ["Could not start haptic engine: busy"]
        })
        #expect(rig.driver.engines[0].stopCount == 1)
        let handle = try rig.executor.play(try transientPattern())
        #expect(handle.isActive)
        #expect(rig.driver.engines.count == 2 && rig.driver.engines[1].startCount == 1)
    }

    @Test func failingCreationOfTheSecondPlayerCancelsTheFirstOnce() throws {
        let rig = Rig()
        rig.driver.failures.playerCreation[1] = ScriptedError("out of players")
        #expect(performing: { try rig.executor.play(try threePlayerPattern()) }, throws: { error in
            texts(error) == ["Could not create haptic player: out of players"]
        })
        #expect(rig.driver.players.count == 1)
        #expect(rig.driver.players[0].cancelCount == 1)
        #expect(rig.driver.playerStartCount == 0)
        #expect(rig.executor.current == nil)
        #expect(try rig.executor.play(try transientPattern()).isActive)
    }

    @Test func failingStartOfTheSecondPlayerCancelsEveryCreatedPlayerOnce() throws {
        let rig = Rig()
        rig.driver.failures.playerStart[1] = ScriptedError("late")
        #expect(performing: { try rig.executor.play(try threePlayerPattern()) }, throws: { error in
            texts(error) == ["Could not start haptic player: late"]
        })
        #expect(rig.driver.players.map(\.cancelCount) == [1, 1, 1])
        #expect(rig.executor.current == nil)
        let handle = try rig.executor.play(try transientPattern())
        #expect(handle.isActive && rig.driver.players[3].startTimes.count == 1)
    }

    @Test func cancelErrorsDuringStartupAreSuppressedOntoTheThrownError() throws {
        let rig = Rig()
        rig.driver.failures.playerCreation[2] = ScriptedError("no more")
        rig.driver.failures.playerCancel[0] = ScriptedError("stuck")
        #expect(performing: { try rig.executor.play(try threePlayerPattern()) }, throws: { error in
            texts(error) == ["Could not create haptic player: no more", "Could not stop haptic player: stuck"]
        })
        #expect(rig.driver.players.map(\.cancelCount) == [1, 1])
    }

    @Test func playAfterReleaseThrows() throws {
        let rig = Rig()
        _ = try rig.executor.play(try transientPattern())
        rig.executor.release()
        rig.executor.release()
        #expect(rig.driver.engineDisposalCount == 1)
        #expect(performing: { try rig.executor.play(try transientPattern()) }, throws: { error in
            "\(error)" == "HapticExecutor has been released"
        })
    }
}
