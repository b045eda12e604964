import HapticCore
for path in CommandLine.arguments.dropFirst() {
    do { _ = try PatternReader.read(contentsOf: path); print("\(path): OK") } catch { print("\(error)") }
}
