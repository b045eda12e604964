import IPhoneEmulation

/// The device, as far as apps reach for it beside their haptics: `UIDevice.current`, which apps
/// extend with their own `vibrate()`, and what identifies the emulated device (an iPad when the
/// device the calling task plays on is the `ipad` catalogue device, else an iPhone). Spelled as the
/// iOS SDK has it (a main-actor class imported from Objective-C).
@preconcurrency @MainActor
open class UIDevice: NSObject {
    /// The kind of interface (Apple's raw values).
    public enum UserInterfaceIdiom: Int, Sendable {
        case unspecified = -1, phone = 0, pad = 1, tv = 2, carPlay = 3, mac = 5, vision = 6
    }

    private static let device = UIDevice()

    /// The device the app runs on.
    open class var current: UIDevice { device }

    /// `iPhone`, or `iPad`.
    open var model: String { isPad ? "iPad" : "iPhone" }
    open var localizedModel: String { model }
    /// `iOS`.
    open var systemName: String { "iOS" }
    /// The emulated device's name.
    open var name: String { "hapsynth emulated \(model)" }
    /// The iOS version whose surface hapsynth's is spelled after (assumed: the SDK its docs cite).
    open var systemVersion: String { "18.0" }
    open var userInterfaceIdiom: UserInterfaceIdiom { isPad ? .pad : .phone }

    private var isPad: Bool {
        let phone = EmulatedPhone.shared
        return phone.locked { phone.settings.device == "ipad" }
    }
}
