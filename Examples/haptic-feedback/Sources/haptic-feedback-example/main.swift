// An unmodified program that plays the game's haptics and exits. Run it with
// HAPSYNTH_COREHAPTICS_CAPTURE=DIR and hapsynth writes what the iPhone would have done to DIR.
import HapticFeedback

let haptics = HapticManager(bundle: HapticManager.resources)
haptics.playOpening()
print(haptics.notices.isEmpty ? "played the opening" : haptics.notices.joined(separator: "\n"))
