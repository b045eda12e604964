// A plain program for CoreHapticsTests' process tests: an app whose callback exits the process
// while another callback waits, run with the realtime clock and a capture at exit.
import CoreHaptics
import Foundation

let engine = try CHHapticEngine()
try engine.start()
let pattern = try CHHapticPattern(events: [CHHapticEvent(eventType: .hapticTransient, parameters: [], relativeTime: 0.05)], parameters: [])
let first = try engine.makeAdvancedPlayer(with: pattern)
let second = try engine.makeAdvancedPlayer(with: pattern)
// Both complete at the same frame: the first exits, the second's completion is still waiting.
first.completionHandler = { _ in exit(0) }
second.completionHandler = { _ in print("second completion") }
let start = engine.currentTime + 0.1
try first.start(atTime: start)
try second.start(atTime: start)
Thread.sleep(forTimeInterval: 30)
print("the callback never exited")
exit(3)
