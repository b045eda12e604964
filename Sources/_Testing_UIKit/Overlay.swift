// Swift Testing declares a cross-import overlay for UIKit, `_Testing_UIKit`, that exists only on
// Apple's systems: a file importing both Testing and hapsynth's UIKit asks for it. This empty module
// answers, so such a test compiles on Linux as it does on an iPhone's SDK (docs/corehaptics.md).
