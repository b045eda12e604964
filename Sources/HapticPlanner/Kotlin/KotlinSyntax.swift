import HapticCore

/// Where an expression is: its first token's line and column, and the bytes it covers in its
/// file (so a message shows it as written).
struct KotlinSpan: Sendable {
    /// Its position and byte offsets in 32 bits each (a file holds at most 64 MiB): every node of
    /// a parsed file holds one, so 16 bytes rather than 32.
    let position: SourcePosition
    private let startOffset: Int32, endOffset: Int32

    init(position: SourcePosition, start: Int, end: Int) {
        self.position = position
        (startOffset, endOffset) = (Int32(clamping: start), Int32(clamping: end))
    }

    var start: Int { Int(startOffset) }
    var end: Int { Int(endOffset) }
}

/// Why a Kotlin pattern is not read: its value is known only when the app runs, Jindong itself
/// would reject it, or it is written in a form hapsynth does not read (docs/kotlin.md).
public enum KotlinRefusalKind: String, Sendable, Hashable {
    /// A parameter, a `var`, a loop, a call of the app's own code: correct code, known at run time.
    case needsRun = "needs a run"
    /// What Jindong rejects when the pattern is built (`continuous(0.ms)`, a curve past its event).
    case invalid
    /// A form of Kotlin outside what hapsynth reads.
    case notRead = "not read"
}

/// The expressions hapsynth reads (docs/kotlin.md), each with its span.
indirect enum KotlinExpression: Sendable {
    /// A number as written.
    case number(String, KotlinSpan)
    case name(String, KotlinSpan)
    /// `base.name` (and `base?.name`).
    case member(KotlinExpression, String, KotlinSpan)
    /// `callee(arguments) { lambda }`; an infix call `a then b` is `a.then(b)`.
    case call(KotlinExpression, [KotlinArgument], KotlinLambda?, KotlinSpan)
    /// `+ - * / %`, comparisons, `&& ||`, `..` and `..<`.
    case binary(String, KotlinExpression, KotlinExpression, KotlinSpan)
    /// `-x`, `+x`, `!x`.
    case prefix(String, KotlinExpression, KotlinSpan)
    /// `{ … }` as a value (`lazy { … }`'s argument, an enum entry's content).
    case lambda(KotlinLambda, KotlinSpan)
    /// `if (condition) … else …`, its branches as blocks.
    case conditional(KotlinExpression, KotlinLambda, KotlinLambda?, KotlinSpan)
    /// `when (subject) { conditions -> … }`.
    case when(KotlinExpression?, [KotlinWhenBranch], KotlinSpan)
    /// What a run alone knows, or a form not read, as a message names it (`a for loop`); `lead`:
    /// the name an expression refused at one of the reader's limits starts with (`t` of
    /// `t.then(t)…`), which tells whether it was a pattern.
    case unsupported(String, KotlinRefusalKind, KotlinSpan, lead: String? = nil)

    var span: KotlinSpan {
        switch self {
        case .number(_, let s), .name(_, let s), .member(_, _, let s), .call(_, _, _, let s), .binary(_, _, _, let s), .prefix(_, _, let s),
             .lambda(_, let s), .conditional(_, _, _, let s), .when(_, _, let s), .unsupported(_, _, let s, _):
            return s
        }
    }

    var position: SourcePosition { span.position }
}

struct KotlinArgument: Sendable {
    let label: String?
    let value: KotlinExpression
}

/// One branch of a `when`: its conditions (none: `else`) and its body.
struct KotlinWhenBranch: Sendable {
    enum Condition: Sendable {
        case equals(KotlinExpression)
        /// `in range` (`!in` when `negated`).
        case contained(KotlinExpression, negated: Bool)
    }

    let conditions: [Condition]
    let body: KotlinLambda
}

/// `{ a, b -> statements }`, or a branch's block.
struct KotlinLambda: Sendable {
    let parameters: [String]
    let statements: [KotlinStatement]
    let position: SourcePosition
}

indirect enum KotlinStatement: Sendable {
    case expression(KotlinExpression)
    /// `val name = value` inside a block.
    case value(String, KotlinExpression, SourcePosition)
    /// `var name …`: known only when the app runs, where it is used.
    case variable(String, SourcePosition)
    /// `return value`.
    case returned(KotlinExpression)
    /// A statement outside what is read (a loop, an assignment), as a message names it.
    case unsupported(String, KotlinRefusalKind, SourcePosition)
}

/// A parameter of a function: its name and default value.
struct KotlinParameter: Sendable {
    let name: String
    let defaultValue: KotlinExpression?
}

/// The file a declaration was read from: its name and bytes (to show expressions as written).
final class KotlinSource: Sendable {
    let file: String
    let bytes: [UInt8]

    init(file: String, bytes: [UInt8]) { (self.file, self.bytes) = (file, bytes) }

    /// The text of `span` as written, on one line, at most 60 characters.
    func text(_ span: KotlinSpan) -> String {
        guard span.start >= 0, span.end <= bytes.count, span.start < span.end else { return "" }
        // At most 60 characters are shown: a few hundred bytes are decoded, not a 60 MB expression.
        var text = String(decoding: bytes[span.start..<min(span.end, span.start + 960)], as: UTF8.self)
        text = text.split(whereSeparator: { $0.isNewline }).map { $0.trimmingPrefix(while: { $0 == " " || $0 == "\t" }) }.joined(separator: " ")
        text = String(text.unicodeScalars.filter { KotlinLexer.isPrintable(String($0)) })
        return text.count > 60 ? String(text.prefix(57)) + "…" : text
    }
}

/// A declaration that may be a pattern or a value a pattern uses: top level, or a member of an
/// `object`, `class`, `companion object` or `enum class` (named as Kotlin code refers to it:
/// `AppHaptics.tap`, `Feel.Soft`). A class, so that the scopes of a file's 2,000 patterns share
/// one copy of each.
final class KotlinDeclaration: Sendable {
    enum Body: Sendable {
        case expression(KotlinExpression)
        /// `{ statements }`, whose `return` gives the value.
        case block(KotlinLambda)
    }

    enum Kind: Sendable {
        /// `val` / `const val` / `val … by lazy { … }`: its value.
        case value(KotlinExpression)
        /// `var`: known only when the app runs.
        case variable(KotlinExpression?)
        /// `fun NAME(parameters) = …` or `{ … return … }`.
        case function([KotlinParameter], Body)
        /// `@Composable fun NAME(parameters) { Jindong(…) { … } }`: its body.
        case composable([KotlinParameter], KotlinLambda)
        /// `@Composable fun JindongScope.NAME(parameters) { … }`: content of the Compose DSL.
        case fragment([KotlinParameter], KotlinLambda)
        /// An enum entry `Soft(buildHapticPattern { … })` or `Soft({ Haptic(…) })`: its arguments.
        case enumEntry([KotlinArgument], KotlinLambda?)
    }

    /// The name as Kotlin code outside refers to it (`tap`, `AppHaptics.tap`).
    let name: String
    /// The object, class or enum it is a member of (`AppHaptics`), where its own names are looked up first.
    let container: String?
    let kind: Kind
    let position: SourcePosition
    /// The type written for it (`HapticPattern` in `val p: HapticPattern = …`).
    let declaredType: String?
    let source: KotlinSource
    /// Another `.kt` file it is declared in (nil: the file read).
    let neighbour: String?

    init(name: String, container: String?, kind: Kind, position: SourcePosition, declaredType: String?, source: KotlinSource, neighbour: String? = nil) {
        (self.name, self.container, self.kind, self.position, self.declaredType, self.source, self.neighbour) =
            (name, container, kind, position, declaredType, source, neighbour)
    }

    /// The declaration as one of the file `file` beside the one read.
    func `in`(_ file: String) -> KotlinDeclaration {
        KotlinDeclaration(name: name, container: container, kind: kind, position: position, declaredType: declaredType, source: source, neighbour: file)
    }
}
