/* UIKit.UIFeedbackGenerator: the submodule apps name; its declarations are the Swift module UIKit. */
