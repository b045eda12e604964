// `hapsynth-fuzz`: built plainly, it replays inputs (files given as arguments) through the fuzz
// target, to reproduce a finding. Built by `make fuzz` (with `-sanitize=fuzzer,address` and
// `-D HAPSYNTH_FUZZ`), it hands its arguments to libFuzzer's driver, which calls
// `LLVMFuzzerTestOneInput` with each input.
#if canImport(Glibc)
import Glibc
#endif

#if HAPSYNTH_FUZZ
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv, fuzzOneInput))
#else
for path in CommandLine.arguments.dropFirst() {
    guard let file = fopen(path, "rb") else { continue }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes += chunk[0..<count]
    }
    fclose(file)
    FuzzTarget.run(bytes)
    print("ok \(path)")
}
#endif
