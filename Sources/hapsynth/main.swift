#if canImport(Glibc)
import Glibc
#endif

Interruption.install()
exit(Hapsynth.main(Array(CommandLine.arguments.dropFirst())))
