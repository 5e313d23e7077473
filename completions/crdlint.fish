# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_crdlint_global_optspecs
    string join \n format= config= no-config select= ignore= warn= error= no-suppressions kube-version= color= q/quiet v/verbose deny-warnings missing-schema= strict skip= exclude= force-exclude stdin-filename= j/threads= cost-warn= no-cel V/version h/help
end

function __fish_crdlint_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_crdlint_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_crdlint_using_subcommand
    set -l cmd (__fish_crdlint_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c crdlint -n "__fish_crdlint_needs_command" -l format -d 'Output format [default: human]' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
concise\t'One line per finding: `path:line:col: severity[rule] message`'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per error'"
complete -c crdlint -n "__fish_crdlint_needs_command" -l config -d 'Read settings from this config file instead of the nearest `.crdlint.yaml`' -r -F
complete -c crdlint -n "__fish_crdlint_needs_command" -l select -d 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config\'s `select`)' -r
complete -c crdlint -n "__fish_crdlint_needs_command" -l ignore -d 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config\'s `ignore`)' -r
complete -c crdlint -n "__fish_crdlint_needs_command" -l warn -d 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_needs_command" -l error -d 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_needs_command" -l kube-version -d 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)' -r
complete -c crdlint -n "__fish_crdlint_needs_command" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_needs_command" -l missing-schema -d 'What to say about a custom resource whose CRD is not in the run [default: warn]' -r -f -a "error\t'Each resource of a custom kind with no CRD in the run is an error'
warn\t'Each one is a warning at its `kind:` line'
ignore\t'Skip them silently (counted as skipped)'"
complete -c crdlint -n "__fish_crdlint_needs_command" -l skip -d 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_needs_command" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_needs_command" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_needs_command" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_needs_command" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]' -r
complete -c crdlint -n "__fish_crdlint_needs_command" -l no-config -d 'Ignore every config file'
complete -c crdlint -n "__fish_crdlint_needs_command" -l no-suppressions -d 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations'
complete -c crdlint -n "__fish_crdlint_needs_command" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_needs_command" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_needs_command" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_needs_command" -l strict -d 'Same as `--missing-schema error` (built-in kinds are never reported)'
complete -c crdlint -n "__fish_crdlint_needs_command" -l force-exclude -d 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)'
complete -c crdlint -n "__fish_crdlint_needs_command" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_needs_command" -s V -l version -d 'Print the version and exit'
complete -c crdlint -n "__fish_crdlint_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "check" -d 'Lint every CRD and validate every resource whose CRD is known (the default job)'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "lint" -d 'Lint CustomResourceDefinitions only'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "validate" -d 'Validate custom resources only (CRDs come from --crd and from the paths)'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "prune" -d 'Print resources as the API server would store them: unknown fields pruned'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "default" -d 'Print resources as the API server would store them: pruned, and defaults filled in'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "versions" -d 'List each CRD\'s versions in Kubernetes priority order'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "diff" -d 'Compare two revisions of CRDs: what the new one breaks for objects and clients that exist'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "cost" -d 'Estimate the cost of every CEL validation rule as the API server does, most expensive first'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "test" -d 'Run CRD test suites (openshift/api\'s envtest format) offline: create and update cases with their expected objects and errors'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "rules" -d 'List every rule: id, severity under the current config (and what set it), what it finds'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "explain" -d 'Explain a rule (what it finds, why it matters, a bad and a good example), `config`, or a built-in kind\'s field (`explain apps/v1/Deployment spec.replicas`)'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "lsp" -d 'Run the language server: the findings of `check`, hover, completion, go to definition and quick fixes in an editor, over the Language Server Protocol on standard input and output. Offline: CRDs come from the workspace folders and the config'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "manpage" -d 'Print the man page (roff)'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "scan" -d 'Read, parse and classify only, and print the counts (for benchmarks)'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l crd -d 'A CRD file or directory to validate resources against (repeatable)' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l unknown-fields -d 'What to do with fields the schema does not know [default: error]' -r -f -a "error\t'As `kubectl apply` with strict field validation (its default)'
warn\t'Report them as warnings (the server prunes them and warns)'
ignore\t'Say nothing (the server prunes them)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l crd-version -d 'Validate against this CRD version instead of the one in each resource\'s apiVersion' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l old -d 'Files or directories holding the previous versions of the resources (matched by apiVersion, kind, namespace and name): each match is validated as the server validates an update (transition rules, status kept, metadata update rules, ratcheting)' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l old-ref -d 'Read the previous versions from the YAML/JSON files of this git commit (matched by apiVersion, kind, namespace and name, so renamed files still match), so that the change being committed is validated as an update' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l format -d 'Output format [default: human]' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
concise\t'One line per finding: `path:line:col: severity[rule] message`'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per error'"
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l config -d 'Read settings from this config file instead of the nearest `.crdlint.yaml`' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l select -d 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config\'s `select`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l ignore -d 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config\'s `ignore`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l warn -d 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l error -d 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l kube-version -d 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l missing-schema -d 'What to say about a custom resource whose CRD is not in the run [default: warn]' -r -f -a "error\t'Each resource of a custom kind with no CRD in the run is an error'
warn\t'Each one is a warning at its `kind:` line'
ignore\t'Skip them silently (counted as skipped)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l skip -d 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l lint-vendored -d 'Lint the CRDs read only for `--crd` (or the config\'s `crds`) too: vendored and third-party CRDs are not the user\'s to fix, so their own findings are shown only when asked (a CRD that cannot be used at all is always reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l no-config -d 'Ignore every config file'
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l no-suppressions -d 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations'
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l strict -d 'Same as `--missing-schema error` (built-in kinds are never reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l force-exclude -d 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)'
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l format -d 'Output format [default: human]' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
concise\t'One line per finding: `path:line:col: severity[rule] message`'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per error'"
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l config -d 'Read settings from this config file instead of the nearest `.crdlint.yaml`' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l select -d 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config\'s `select`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l ignore -d 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config\'s `ignore`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l warn -d 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l error -d 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l kube-version -d 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l missing-schema -d 'What to say about a custom resource whose CRD is not in the run [default: warn]' -r -f -a "error\t'Each resource of a custom kind with no CRD in the run is an error'
warn\t'Each one is a warning at its `kind:` line'
ignore\t'Skip them silently (counted as skipped)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l skip -d 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l no-config -d 'Ignore every config file'
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l no-suppressions -d 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations'
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l strict -d 'Same as `--missing-schema error` (built-in kinds are never reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l force-exclude -d 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)'
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l crd -d 'A CRD file or directory to validate resources against (repeatable)' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l unknown-fields -d 'What to do with fields the schema does not know [default: error]' -r -f -a "error\t'As `kubectl apply` with strict field validation (its default)'
warn\t'Report them as warnings (the server prunes them and warns)'
ignore\t'Say nothing (the server prunes them)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l crd-version -d 'Validate against this CRD version instead of the one in each resource\'s apiVersion' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l old -d 'Files or directories holding the previous versions of the resources (matched by apiVersion, kind, namespace and name): each match is validated as the server validates an update (transition rules, status kept, metadata update rules, ratcheting)' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l old-ref -d 'Read the previous versions from the YAML/JSON files of this git commit (matched by apiVersion, kind, namespace and name, so renamed files still match), so that the change being committed is validated as an update' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l format -d 'Output format [default: human]' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
concise\t'One line per finding: `path:line:col: severity[rule] message`'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per error'"
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l config -d 'Read settings from this config file instead of the nearest `.crdlint.yaml`' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l select -d 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config\'s `select`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l ignore -d 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config\'s `ignore`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l warn -d 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l error -d 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l kube-version -d 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l missing-schema -d 'What to say about a custom resource whose CRD is not in the run [default: warn]' -r -f -a "error\t'Each resource of a custom kind with no CRD in the run is an error'
warn\t'Each one is a warning at its `kind:` line'
ignore\t'Skip them silently (counted as skipped)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l skip -d 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l lint-vendored -d 'Lint the CRDs read only for `--crd` (or the config\'s `crds`) too: vendored and third-party CRDs are not the user\'s to fix, so their own findings are shown only when asked (a CRD that cannot be used at all is always reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l no-config -d 'Ignore every config file'
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l no-suppressions -d 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations'
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l strict -d 'Same as `--missing-schema error` (built-in kinds are never reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l force-exclude -d 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)'
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l crd -d 'A CRD file or directory to validate resources against (repeatable)' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l unknown-fields -d 'What to do with fields the schema does not know [default: error]' -r -f -a "error\t'As `kubectl apply` with strict field validation (its default)'
warn\t'Report them as warnings (the server prunes them and warns)'
ignore\t'Say nothing (the server prunes them)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l crd-version -d 'Validate against this CRD version instead of the one in each resource\'s apiVersion' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l old -d 'Files or directories holding the previous versions of the resources (matched by apiVersion, kind, namespace and name): each match is validated as the server validates an update (transition rules, status kept, metadata update rules, ratcheting)' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l old-ref -d 'Read the previous versions from the YAML/JSON files of this git commit (matched by apiVersion, kind, namespace and name, so renamed files still match), so that the change being committed is validated as an update' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l format -d 'Output format [default: human]' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
concise\t'One line per finding: `path:line:col: severity[rule] message`'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per error'"
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l config -d 'Read settings from this config file instead of the nearest `.crdlint.yaml`' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l select -d 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config\'s `select`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l ignore -d 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config\'s `ignore`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l warn -d 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l error -d 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l kube-version -d 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l missing-schema -d 'What to say about a custom resource whose CRD is not in the run [default: warn]' -r -f -a "error\t'Each resource of a custom kind with no CRD in the run is an error'
warn\t'Each one is a warning at its `kind:` line'
ignore\t'Skip them silently (counted as skipped)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l skip -d 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l lint-vendored -d 'Lint the CRDs read only for `--crd` (or the config\'s `crds`) too: vendored and third-party CRDs are not the user\'s to fix, so their own findings are shown only when asked (a CRD that cannot be used at all is always reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l write -d 'Rewrite the files in place instead of printing. Exits 0 when what was found is fixed: pruned unknown fields no longer count, other findings and files that could not be rewritten still do'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l no-config -d 'Ignore every config file'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l no-suppressions -d 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l strict -d 'Same as `--missing-schema error` (built-in kinds are never reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l force-exclude -d 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l crd -d 'A CRD file or directory to validate resources against (repeatable)' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l unknown-fields -d 'What to do with fields the schema does not know [default: error]' -r -f -a "error\t'As `kubectl apply` with strict field validation (its default)'
warn\t'Report them as warnings (the server prunes them and warns)'
ignore\t'Say nothing (the server prunes them)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l crd-version -d 'Validate against this CRD version instead of the one in each resource\'s apiVersion' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l old -d 'Files or directories holding the previous versions of the resources (matched by apiVersion, kind, namespace and name): each match is validated as the server validates an update (transition rules, status kept, metadata update rules, ratcheting)' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l old-ref -d 'Read the previous versions from the YAML/JSON files of this git commit (matched by apiVersion, kind, namespace and name, so renamed files still match), so that the change being committed is validated as an update' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l format -d 'Output format [default: human]' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
concise\t'One line per finding: `path:line:col: severity[rule] message`'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per error'"
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l config -d 'Read settings from this config file instead of the nearest `.crdlint.yaml`' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l select -d 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config\'s `select`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l ignore -d 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config\'s `ignore`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l warn -d 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l error -d 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l kube-version -d 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l missing-schema -d 'What to say about a custom resource whose CRD is not in the run [default: warn]' -r -f -a "error\t'Each resource of a custom kind with no CRD in the run is an error'
warn\t'Each one is a warning at its `kind:` line'
ignore\t'Skip them silently (counted as skipped)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l skip -d 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l lint-vendored -d 'Lint the CRDs read only for `--crd` (or the config\'s `crds`) too: vendored and third-party CRDs are not the user\'s to fix, so their own findings are shown only when asked (a CRD that cannot be used at all is always reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l write -d 'Rewrite the files in place instead of printing. Exits 0 when what was found is fixed: pruned unknown fields no longer count, other findings and files that could not be rewritten still do'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l no-config -d 'Ignore every config file'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l no-suppressions -d 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l strict -d 'Same as `--missing-schema error` (built-in kinds are never reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l force-exclude -d 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l format -d 'Output format [default: human]' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l config -d 'Read settings from this config file instead of the nearest `.crdlint.yaml`' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l select -d 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config\'s `select`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l ignore -d 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config\'s `ignore`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l warn -d 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l error -d 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l kube-version -d 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l missing-schema -d 'What to say about a custom resource whose CRD is not in the run [default: warn]' -r -f -a "error\t'Each resource of a custom kind with no CRD in the run is an error'
warn\t'Each one is a warning at its `kind:` line'
ignore\t'Skip them silently (counted as skipped)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l skip -d 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l no-config -d 'Ignore every config file'
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l no-suppressions -d 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations'
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l strict -d 'Same as `--missing-schema error` (built-in kinds are never reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l force-exclude -d 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)'
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l objects -d 'Existing objects (files or directories): report which would fail their next update, or a fresh create, under the new revision' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l enum-additions -d 'Whether adding an enum value is breaking (`compat/enum-value-added`) [default: the config\'s `compat.enum-additions`, else allow]' -r -f -a "allow\t'Adding an enum value is compatible'
disallow\t'Adding an enum value is reported as breaking'"
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l allow-tightening-unstored -d 'Let a served version that status.storedVersions shows has no stored objects tighten its schema (bounds, patterns, formats, enums, required fields, CEL rules); `=false` overrides the config\'s `compat.allow-tightening-unstored`' -r -f -a "true\t''
false\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l enforce -d 'Set a compat rule\'s level: `RULE=error|warning|off` (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l format -d 'Output format [default: human]' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
concise\t'One line per finding: `path:line:col: severity[rule] message`'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per error'"
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l config -d 'Read settings from this config file instead of the nearest `.crdlint.yaml`' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l select -d 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config\'s `select`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l ignore -d 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config\'s `ignore`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l warn -d 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l error -d 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l kube-version -d 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l missing-schema -d 'What to say about a custom resource whose CRD is not in the run [default: warn]' -r -f -a "error\t'Each resource of a custom kind with no CRD in the run is an error'
warn\t'Each one is a warning at its `kind:` line'
ignore\t'Skip them silently (counted as skipped)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l skip -d 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l no-config -d 'Ignore every config file'
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l no-suppressions -d 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations'
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l strict -d 'Same as `--missing-schema error` (built-in kinds are never reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l force-exclude -d 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)'
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand diff" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l format -d 'Output format [default: human]' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l config -d 'Read settings from this config file instead of the nearest `.crdlint.yaml`' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l select -d 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config\'s `select`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l ignore -d 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config\'s `ignore`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l warn -d 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l error -d 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l kube-version -d 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l missing-schema -d 'What to say about a custom resource whose CRD is not in the run [default: warn]' -r -f -a "error\t'Each resource of a custom kind with no CRD in the run is an error'
warn\t'Each one is a warning at its `kind:` line'
ignore\t'Skip them silently (counted as skipped)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l skip -d 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l no-config -d 'Ignore every config file'
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l no-suppressions -d 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations'
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l strict -d 'Same as `--missing-schema error` (built-in kinds are never reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l force-exclude -d 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)'
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l crd -d 'A CRD file or directory the suites\' `crdName`s are looked up in (repeatable); CRDs among the paths count too' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l filter -d 'Run only the cases whose `<suite name> / <case name>` contains this text' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l format -d 'Output format [default: human]' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
concise\t'One line per finding: `path:line:col: severity[rule] message`'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per error'"
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l config -d 'Read settings from this config file instead of the nearest `.crdlint.yaml`' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l select -d 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config\'s `select`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l ignore -d 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config\'s `ignore`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l warn -d 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l error -d 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l kube-version -d 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l missing-schema -d 'What to say about a custom resource whose CRD is not in the run [default: warn]' -r -f -a "error\t'Each resource of a custom kind with no CRD in the run is an error'
warn\t'Each one is a warning at its `kind:` line'
ignore\t'Skip them silently (counted as skipped)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l skip -d 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l update -d 'Rewrite the `expected` and `expectedError` of failing cases from the actual results, in place'
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l no-config -d 'Ignore every config file'
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l no-suppressions -d 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations'
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l strict -d 'Same as `--missing-schema error` (built-in kinds are never reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l force-exclude -d 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)'
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand test" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l format -d 'Output format [default: human]' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l config -d 'Read settings from this config file instead of the nearest `.crdlint.yaml`' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l select -d 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config\'s `select`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l ignore -d 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config\'s `ignore`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l warn -d 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l error -d 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l kube-version -d 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l missing-schema -d 'What to say about a custom resource whose CRD is not in the run [default: warn]' -r -f -a "error\t'Each resource of a custom kind with no CRD in the run is an error'
warn\t'Each one is a warning at its `kind:` line'
ignore\t'Skip them silently (counted as skipped)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l skip -d 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l no-config -d 'Ignore every config file'
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l no-suppressions -d 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations'
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l strict -d 'Same as `--missing-schema error` (built-in kinds are never reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l force-exclude -d 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)'
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l format -d 'Output format [default: human]' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l config -d 'Read settings from this config file instead of the nearest `.crdlint.yaml`' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l select -d 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config\'s `select`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l ignore -d 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config\'s `ignore`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l warn -d 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l error -d 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l kube-version -d 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l missing-schema -d 'What to say about a custom resource whose CRD is not in the run [default: warn]' -r -f -a "error\t'Each resource of a custom kind with no CRD in the run is an error'
warn\t'Each one is a warning at its `kind:` line'
ignore\t'Skip them silently (counted as skipped)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l skip -d 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l no-config -d 'Ignore every config file'
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l no-suppressions -d 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations'
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l strict -d 'Same as `--missing-schema error` (built-in kinds are never reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l force-exclude -d 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)'
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l crd -d 'A CRD file or directory to validate resources against (repeatable; relative to the working directory), beside the workspace\'s own CRDs and the config\'s `crds`' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l unknown-fields -d 'What to do with fields the schema does not know [default: error]' -r -f -a "error\t'As `kubectl apply` with strict field validation (its default)'
warn\t'Report them as warnings (the server prunes them and warns)'
ignore\t'Say nothing (the server prunes them)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l format -d 'Output format [default: human]' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
concise\t'One line per finding: `path:line:col: severity[rule] message`'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per error'"
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l config -d 'Read settings from this config file instead of the nearest `.crdlint.yaml`' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l select -d 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config\'s `select`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l ignore -d 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config\'s `ignore`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l warn -d 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l error -d 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l kube-version -d 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l missing-schema -d 'What to say about a custom resource whose CRD is not in the run [default: warn]' -r -f -a "error\t'Each resource of a custom kind with no CRD in the run is an error'
warn\t'Each one is a warning at its `kind:` line'
ignore\t'Skip them silently (counted as skipped)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l skip -d 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l lint-vendored -d 'Lint the CRDs read only for `--crd` (or the config\'s `crds`) too'
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l stdio -d 'Accepted because editors\' clients pass it; standard input and output is the only transport'
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l no-config -d 'Ignore every config file'
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l no-suppressions -d 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations'
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l strict -d 'Same as `--missing-schema error` (built-in kinds are never reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l force-exclude -d 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)'
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand lsp" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l format -d 'Output format [default: human]' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
concise\t'One line per finding: `path:line:col: severity[rule] message`'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per error'"
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l config -d 'Read settings from this config file instead of the nearest `.crdlint.yaml`' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l select -d 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config\'s `select`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l ignore -d 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config\'s `ignore`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l warn -d 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l error -d 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l kube-version -d 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l missing-schema -d 'What to say about a custom resource whose CRD is not in the run [default: warn]' -r -f -a "error\t'Each resource of a custom kind with no CRD in the run is an error'
warn\t'Each one is a warning at its `kind:` line'
ignore\t'Skip them silently (counted as skipped)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l skip -d 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l no-config -d 'Ignore every config file'
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l no-suppressions -d 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations'
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l strict -d 'Same as `--missing-schema error` (built-in kinds are never reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l force-exclude -d 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)'
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l format -d 'Output format [default: human]' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
concise\t'One line per finding: `path:line:col: severity[rule] message`'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per error'"
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l config -d 'Read settings from this config file instead of the nearest `.crdlint.yaml`' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l select -d 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config\'s `select`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l ignore -d 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config\'s `ignore`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l warn -d 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l error -d 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l kube-version -d 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l missing-schema -d 'What to say about a custom resource whose CRD is not in the run [default: warn]' -r -f -a "error\t'Each resource of a custom kind with no CRD in the run is an error'
warn\t'Each one is a warning at its `kind:` line'
ignore\t'Skip them silently (counted as skipped)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l skip -d 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l no-config -d 'Ignore every config file'
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l no-suppressions -d 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations'
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l strict -d 'Same as `--missing-schema error` (built-in kinds are never reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l force-exclude -d 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)'
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l format -d 'Output format [default: human]' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
concise\t'One line per finding: `path:line:col: severity[rule] message`'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per error'"
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l config -d 'Read settings from this config file instead of the nearest `.crdlint.yaml`' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l select -d 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config\'s `select`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l ignore -d 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config\'s `ignore`)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l warn -d 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l error -d 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l kube-version -d 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l missing-schema -d 'What to say about a custom resource whose CRD is not in the run [default: warn]' -r -f -a "error\t'Each resource of a custom kind with no CRD in the run is an error'
warn\t'Each one is a warning at its `kind:` line'
ignore\t'Skip them silently (counted as skipped)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l skip -d 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l read-only -d 'Stop after reading the bytes'
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l no-config -d 'Ignore every config file'
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l no-suppressions -d 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations'
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l strict -d 'Same as `--missing-schema error` (built-in kinds are never reported)'
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l force-exclude -d 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)'
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions diff cost test rules explain lsp completions manpage scan help" -f -a "check" -d 'Lint every CRD and validate every resource whose CRD is known (the default job)'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions diff cost test rules explain lsp completions manpage scan help" -f -a "lint" -d 'Lint CustomResourceDefinitions only'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions diff cost test rules explain lsp completions manpage scan help" -f -a "validate" -d 'Validate custom resources only (CRDs come from --crd and from the paths)'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions diff cost test rules explain lsp completions manpage scan help" -f -a "prune" -d 'Print resources as the API server would store them: unknown fields pruned'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions diff cost test rules explain lsp completions manpage scan help" -f -a "default" -d 'Print resources as the API server would store them: pruned, and defaults filled in'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions diff cost test rules explain lsp completions manpage scan help" -f -a "versions" -d 'List each CRD\'s versions in Kubernetes priority order'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions diff cost test rules explain lsp completions manpage scan help" -f -a "diff" -d 'Compare two revisions of CRDs: what the new one breaks for objects and clients that exist'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions diff cost test rules explain lsp completions manpage scan help" -f -a "cost" -d 'Estimate the cost of every CEL validation rule as the API server does, most expensive first'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions diff cost test rules explain lsp completions manpage scan help" -f -a "test" -d 'Run CRD test suites (openshift/api\'s envtest format) offline: create and update cases with their expected objects and errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions diff cost test rules explain lsp completions manpage scan help" -f -a "rules" -d 'List every rule: id, severity under the current config (and what set it), what it finds'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions diff cost test rules explain lsp completions manpage scan help" -f -a "explain" -d 'Explain a rule (what it finds, why it matters, a bad and a good example), `config`, or a built-in kind\'s field (`explain apps/v1/Deployment spec.replicas`)'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions diff cost test rules explain lsp completions manpage scan help" -f -a "lsp" -d 'Run the language server: the findings of `check`, hover, completion, go to definition and quick fixes in an editor, over the Language Server Protocol on standard input and output. Offline: CRDs come from the workspace folders and the config'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions diff cost test rules explain lsp completions manpage scan help" -f -a "completions" -d 'Print a shell completion script'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions diff cost test rules explain lsp completions manpage scan help" -f -a "manpage" -d 'Print the man page (roff)'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions diff cost test rules explain lsp completions manpage scan help" -f -a "scan" -d 'Read, parse and classify only, and print the counts (for benchmarks)'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions diff cost test rules explain lsp completions manpage scan help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
