#if canImport(Glibc)
import Glibc
#endif

exit(Hapsynth.main(Array(CommandLine.arguments.dropFirst())))
