import ExplorerREPL

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(await Explorer.main().rawValue)
