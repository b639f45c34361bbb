import ArgumentParser
import ReportKit

/// `report-gen completions bash|zsh|fish`: the completion script for a shell. It is
/// swift-argument-parser's, with one addition that library cannot know of: a first word that is
/// no command is a job for the default command (`report-gen job.json --th<Tab>` completes
/// render's options), and the first word completes as a job file as well as a command.
struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print the completion script for bash, zsh or fish.",
        discussion: """
            Examples (docs/install.md):
              dir=~/.local/share/bash-completion/completions
              report-gen completions bash > $dir/report-gen
              report-gen completions zsh > ~/.zfunc/_report-gen   (a folder on $fpath)
              report-gen completions fish > ~/.config/fish/completions/report-gen.fish

            Paths complete by type (jobs and histories: .json, .jsonl, .pdf), --template with the built-in \
            names and template files, and every choice (--theme, --locale, --paper, …) with its values.

            Exit status: 0 printed, 64 no such shell.
            """
    )

    enum Shell: String, CaseIterable, ExpressibleByArgument {
        case bash, zsh, fish
    }

    @Argument(help: "The shell: bash, zsh or fish.", completion: Choice.completion(Shell.self), transform: Choice.parse)
    var shell: Shell

    func run() throws {
        try FileHandleOutput.print(Self.script(for: shell))
    }

    /// The commands, for the adapters: any other first word is a job.
    private static var commands: String { ReportGen.commandNames.joined(separator: " ") }

    static func script(for shell: Shell) -> String {
        switch shell {
        case .bash:
            // The generated script hands a custom completion's candidates to `compgen -W`, which
            // expands each word as shell code: a file named `x$(touch PWNED).json` beside the
            // job ran its command on Tab. Candidates are taken here as lines, literally, instead.
            let generated = ReportGen.completionScript(for: .bash)
                .replacing("__report-gen_add_completions -W \"$(__report-gen_custom_complete", with: "__report-gen_add_literal_completions \"$(__report-gen_custom_complete")
            return generated.replacing("complete -o filenames -F _report-gen report-gen", with: "") + """

                # report-gen: candidates as lines of text, never expanded, kept when they start with
                # the word typed (and quoted by readline on insertion, under -o filenames).
                __report-gen_add_literal_completions() {
                    local completion
                    while IFS='' read -r completion; do
                        [[ -n "${completion}" && "${completion}" == "${cur}"* ]] && COMPREPLY+=("${completion}")
                    done <<< "${1}"
                }

                # report-gen: a first word that is no command is a job for the default command, render.
                _report-gen_with_default() {
                    local -r commands=" \(commands) "
                    if [[ ${COMP_CWORD} -gt 1 && ${COMP_WORDS[1]} != -* && ${commands} != *" ${COMP_WORDS[1]} "* ]]; then
                        COMP_WORDS=("${COMP_WORDS[0]}" render "${COMP_WORDS[@]:1}")
                        COMP_LINE="${COMP_WORDS[0]} render${COMP_LINE#"${COMP_WORDS[0]}"}"
                        ((COMP_POINT += 7))
                        ((COMP_CWORD += 1))
                    fi
                    _report-gen "$@"
                    if [[ ${COMP_CWORD} -eq 1 && ${2} != -* ]]; then
                        local cur="${2}" extglob_was_on=true
                        shopt -q extglob || extglob_was_on=false
                        shopt -s extglob
                        __report-gen_add_completions -o plusdirs -fX '!*.@(json|jsonl|pdf)'
                        "${extglob_was_on}" || shopt -u extglob
                    fi
                }
                complete -o filenames -F _report-gen_with_default report-gen

                """
        case .zsh:
            // zsh loads the file as the body of `_report-gen`, which then replaces itself with
            // what the file defines: the generated function is renamed so that `_report-gen`
            // stays the adapter on every later completion, not only the first.
            let generated = ReportGen.completionScript(for: .zsh).replacing("\n_report-gen() {\n", with: "\n_report-gen_generated() {\n")
            let dispatch = """
                if [[ "${funcstack[1]}" = _report-gen ]]; then
                    _report-gen "${@}"
                else
                    compdef _report-gen report-gen
                fi
                """
            return generated.replacing(dispatch, with: "") + """

                # report-gen: a first word that is no command is a job for the default command, render.
                _report-gen() {
                    local -ar commands=(\(commands))
                    if (( CURRENT > 2 )) && [[ ${words[2]} != -* ]] && (( ! ${commands[(Ie)${words[2]}]} )); then
                        words=("${words[1]}" render "${(@)words[2,-1]}")
                        (( CURRENT += 1 ))
                    fi
                    if (( CURRENT == 2 )) && [[ ${PREFIX} != -* ]]; then
                        _files -g '*.(json|jsonl|pdf)(-.)'
                    fi
                    _report-gen_generated "${@}"
                }

                if [[ "${funcstack[1]}" = _report-gen ]]; then
                    _report-gen "${@}"
                else
                    compdef _report-gen report-gen
                fi

                """
        case .fish:
            return ReportGen.completionScript(for: .fish) + #"""

                # report-gen: a first word that is no command is a job for the default command, render.
                functions --copy __report-gen_tokens __report-gen_tokens_as_typed
                function __report-gen_tokens
                    # fish 3 has no "cursor position within the token" (its -C moves the cursor and
                    # fails outside an interactive line): the token's length up to the cursor is it.
                    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -le 3; and test "$argv" = -tC
                        string length -- (commandline -ct); or echo 0
                        return
                    end
                    set -l tokens (__report-gen_tokens_as_typed $argv)
                    if contains -- -p $argv; or contains -- -pc $argv
                        if test (count $tokens) -ge 2; and not string match -q -- '-*' $tokens[2]; and not contains -- $tokens[2] \#(commands)
                            set tokens $tokens[1] render $tokens[2..]
                        end
                    end
                    string join \n -- $tokens
                end
                # The first word: a job, a history or a report, or a folder on the way to one.
                function __report-gen_job_files
                    set -l token (commandline -ct)
                    for file in $token*.json $token*.jsonl $token*.pdf
                        printf '%s\n' $file
                    end
                    __fish_complete_directories "$token" ''
                end
                complete -c report-gen -n '__report-gen_should_offer_completions_for_positional "report-gen" -eq 1' -fa '(__report-gen_job_files)'

                """#
        }
    }
}
