/// A command as its completion script sees it: its name, one line about it, and its options.
public struct CommandOutline: Sendable {
    /// An option: `--name`, its one-letter alias, the value's placeholder (nil for a flag; `a|b`
    /// lists the values), the values a flag may take, and one line of help.
    public struct Option: Sendable {
        public let name: String, short: String?, valueName: String?, choices: [String], help: String
        public init(name: String, short: String?, valueName: String?, choices: [String], help: String) {
            (self.name, self.short, self.valueName, self.choices, self.help) = (name, short, valueName, choices, help)
        }
    }

    public let name: String, abstract: String
    public let options: [Option]
    public init(name: String, abstract: String, options: [Option]) { (self.name, self.abstract, self.options) = (name, abstract, options) }
}

/// `hapsynth --generate-completion-script bash|zsh|fish`: completion scripts made from the same
/// option tables as the help (as swift-argument-parser does).
public enum ShellCompletion {
    public static let shells = ["bash", "zsh", "fish"]

    /// The script for `shell` completing `commands` (nil for a shell not in `shells`).
    public static func script(for shell: String, commands: [CommandOutline]) -> String? {
        switch shell {
        case "bash": return bash(commands)
        case "zsh": return zsh(commands)
        case "fish": return fish(commands)
        default: return nil
        }
    }

    /// The values an option takes when its placeholder lists them (`wav|flac|ogg`).
    private static func choices(_ option: CommandOutline.Option) -> [String] {
        if let valueName = option.valueName, valueName.contains("|") { return valueName.split(separator: "|").map(String.init) }
        return option.choices
    }

    /// Help text safe inside single quotes and zsh's brackets.
    private static func plain(_ text: String) -> String {
        String(text.map { $0 == "'" ? "’" : ("[]:\\\\".contains($0) ? " " : $0) })
    }

    private static func bash(_ commands: [CommandOutline]) -> String {
        var cases: [String] = []
        for command in commands {
            let names = command.options.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) } + ["--help"]
            var valueCases: [String] = []
            for option in command.options where option.valueName != nil {
                let values = choices(option)
                valueCases.append("        \(option.name)) COMPREPLY=($(compgen \(values.isEmpty ? "-f" : "-W '\(values.joined(separator: " "))'") -- \"$cur\")); return ;;")
            }
            cases.append("""
                    \(command.name))
                        case "$prev" in
                \(valueCases.joined(separator: "\n"))
                        esac
                        opts='\(names.joined(separator: " "))' ;;
                """)
        }
        return """
            # bash completion for hapsynth (made by hapsynth --generate-completion-script bash)
            _hapsynth() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" opts=''
                if [[ $COMP_CWORD -eq 1 ]]; then
                    COMPREPLY=($(compgen -W '\((commands.map { $0.name } + ["help", "--help", "--version"]).joined(separator: " "))' -- "$cur"))
                    return
                fi
                case "${COMP_WORDS[1]}" in
            \(cases.joined(separator: "\n"))
                    help) COMPREPLY=($(compgen -W '\(commands.map { $0.name }.joined(separator: " "))' -- "$cur")); return ;;
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -o filenames -F _hapsynth hapsynth

            """
    }

    private static func zsh(_ commands: [CommandOutline]) -> String {
        let commandList = commands.map { "    '\($0.name):\(plain($0.abstract))'" }.joined(separator: "\n")
        var cases: [String] = []
        for command in commands {
            var specs = command.options.map { option -> String in
                let values = choices(option)
                let value = option.valueName == nil ? "" : ":\(option.valueName!.lowercased()):" + (values.isEmpty ? "_files" : "(\(values.joined(separator: " ")))")
                return "'\(option.name)[\(plain(option.help))]\(value)'"
            }
            specs.append("'*:file:_files'")
            cases.append("    \(command.name)) _arguments \(specs.joined(separator: " \\\n        ")) ;;")
        }
        return """
            #compdef hapsynth
            # zsh completion for hapsynth (made by hapsynth --generate-completion-script zsh)
            _hapsynth() {
              local -a commands
              commands=(
            \(commandList)
              )
              if (( CURRENT == 2 )); then
                _describe 'command' commands
                return
              fi
              case $words[2] in
            \(cases.joined(separator: "\n"))
              esac
            }
            _hapsynth "$@"

            """
    }

    private static func fish(_ commands: [CommandOutline]) -> String {
        var lines = ["# fish completion for hapsynth (made by hapsynth --generate-completion-script fish)"]
        for command in commands {
            lines.append("complete -c hapsynth -f -n '__fish_use_subcommand' -a \(command.name) -d '\(plain(command.abstract))'")
            for option in command.options {
                var line = "complete -c hapsynth -n '__fish_seen_subcommand_from \(command.name)' -l \(option.name.dropFirst(2))"
                if let short = option.short { line += " -s \(short.dropFirst())" }
                if option.valueName != nil {
                    let values = choices(option)
                    line += values.isEmpty ? " -r -F" : " -x -a '\(values.joined(separator: " "))'"
                }
                lines.append(line + " -d '\(plain(option.help))'")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
