import HapsynthKit
import Testing

/// `DeviceChoice` (issue 52, one device name everywhere): a catalogue device named as the Android
/// device is that device, actuator and all, as a device profile names it; names that contradict
/// each other, or name nothing, are refused with what there is.
@Suite struct DeviceChoiceTests {
    static func choice(profile: String? = nil, platform: String? = nil, android: String? = nil) -> DeviceChoice {
        var choice = DeviceChoice()
        (choice.deviceProfile, choice.platform, choice.androidDevice) = (profile, platform, android)
        return choice
    }

    @Test func aCatalogueDeviceIsOneDeviceByEitherName() throws {
        let byProfile = try Self.choice(profile: "pixel-5").resolve()
        let byAndroid = try Self.choice(platform: "android", android: "pixel-5").resolve()
        for chosen in [byProfile, byAndroid] {
            #expect(chosen.device?.name == "pixel-5" && chosen.platform == byProfile.platform && chosen.platform.name == "android")
        }
        let profile = try DeviceChoice.profile(byAndroid.device, over: ActuatorProfile())
        #expect(profile == (try DeviceChoice.profile(byProfile.device, over: ActuatorProfile())) && profile != ActuatorProfile())
        // Android's own named devices keep the default actuator.
        let named = try Self.choice(platform: "android", android: "phone-api26").resolve()
        #expect(named.device == nil && named.platform == .android(.amplitudePhone))
        #expect(try DeviceChoice.profile(named.device, over: ActuatorProfile()) == ActuatorProfile())
    }

    @Test func theRecordedPlatformIsTheDefault() throws {
        var choice = DeviceChoice()
        choice.recorded = .android(.amplitudePhone)
        #expect(try choice.resolve().platform == .android(.amplitudePhone))
        choice.platform = "ios"
        #expect(try choice.resolve().platform == .ios)
        choice.platform = "both"
        #expect(throws: DeviceChoiceError.self) { try choice.resolve() }
        choice.allowsBoth = true
        #expect(try choice.resolve().platform == .both(.amplitudePhone))
    }

    @Test func namesThatContradictOrNameNothingAreRefused() throws {
        func refusal(_ choice: DeviceChoice) -> DeviceChoiceError? {
            do {
                _ = try choice.resolve()
                return nil
            } catch {
                return error
            }
        }
        // An Android device goes with the Android platform, named or not a catalogue device.
        for platform in ["ios", nil] {
            guard case .androidDeviceOnIOS? = refusal(Self.choice(platform: platform, android: "pixel-5")) else { Issue.record("ios with an Android device"); return }
        }
        guard case .iosCatalogueDevice("iphone")? = refusal(Self.choice(platform: "android", android: "iphone")) else { Issue.record("iphone"); return }
        guard case .unknownAndroidDevice(let name, let names)? = refusal(Self.choice(platform: "android", android: "pixel5")) else {
            Issue.record("pixel5")
            return
        }
        #expect(name == "pixel5" && names.contains("pixel-5") && names.contains("phone-api26"))
        guard case .deviceProfileWithAndroidDevice? = refusal(Self.choice(profile: "pixel-5", android: "pixel-5")) else { Issue.record("both named"); return }
        guard case .deviceProfileOnOtherPlatform(_, "android", "ios")? = refusal(Self.choice(profile: "pixel-5", platform: "ios")) else {
            Issue.record("other platform")
            return
        }
        guard case .unknownDeviceProfile? = refusal(Self.choice(profile: "pixel")) else { Issue.record("unknown profile"); return }
    }
}
