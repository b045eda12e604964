#if canImport(Glibc)
import Glibc
#endif

Interruption.install()
exit(RootCommand.main(Array(CommandLine.arguments.dropFirst())))
