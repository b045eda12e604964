#if canImport(Glibc)
import Glibc
#endif
import HapsynthKit

Interruption.install()
exit(RootCommand.main(Array(CommandLine.arguments.dropFirst())))
