@_exported import AVFAudio
// As on iOS, AVFoundation brings AudioToolbox's system sounds (`AudioServicesPlaySystemSound`,
// `SystemSoundID`, `kSystemSoundID_Vibrate`): shipped apps import AVFoundation alone for them.
@_exported import AudioToolbox
