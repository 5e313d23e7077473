# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_crdlint_global_optspecs
    string join \n format= kube-version= color= q/quiet v/verbose deny-warnings strict exclude= stdin-filename= j/threads= cost-warn= no-cel V/version h/help
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

complete -c crdlint -n "__fish_crdlint_needs_command" -l format -d 'Output format' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per finding'"
complete -c crdlint -n "__fish_crdlint_needs_command" -l kube-version -d 'The Kubernetes version whose API server is emulated (1.X)' -r
complete -c crdlint -n "__fish_crdlint_needs_command" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_needs_command" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_needs_command" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_needs_command" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_needs_command" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)' -r
complete -c crdlint -n "__fish_crdlint_needs_command" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_needs_command" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_needs_command" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_needs_command" -l strict -d 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
complete -c crdlint -n "__fish_crdlint_needs_command" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_needs_command" -s V -l version -d 'Print the version and exit'
complete -c crdlint -n "__fish_crdlint_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "check" -d 'Lint every CRD and validate every resource whose CRD is known (the default job)'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "lint" -d 'Lint CustomResourceDefinitions only'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "validate" -d 'Validate custom resources only (CRDs come from --crd and from the paths)'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "prune" -d 'Print resources as the API server would store them: unknown fields pruned'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "default" -d 'Print resources as the API server would store them: pruned, and defaults filled in'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "versions" -d 'List each CRD\'s versions in Kubernetes priority order'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "cost" -d 'Estimate the cost of every CEL validation rule as the API server does, most expensive first'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "rules" -d 'List every rule: id, default severity and what it finds'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "explain" -d 'Explain a rule: what it finds, why it matters, a bad and a good example'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "manpage" -d 'Print the man page (roff)'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "scan" -d 'Read, parse and classify only, and print the counts (for benchmarks)'
complete -c crdlint -n "__fish_crdlint_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l crd -d 'A CRD file or directory to validate resources against (repeatable)' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l unknown-fields -d 'What to do with fields the schema does not know' -r -f -a "error\t'As `kubectl apply` with strict field validation (its default)'
warn\t'Report them as warnings (the server prunes them and warns)'
ignore\t'Say nothing (the server prunes them)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l version -d 'Validate against this CRD version instead of the one in each resource\'s apiVersion' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l old -d 'Files or directories holding the previous versions of the resources (matched by apiVersion, kind, namespace and name): each match is validated as the server validates an update (transition rules, status kept, metadata update rules, ratcheting)' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l old-ref -d 'Read the previous versions from the YAML/JSON files of this git commit (matched by apiVersion, kind, namespace and name, so renamed files still match), so that the change being committed is validated as an update' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l format -d 'Output format' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per finding'"
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l kube-version -d 'The Kubernetes version whose API server is emulated (1.X)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l strict -d 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l format -d 'Output format' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per finding'"
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l kube-version -d 'The Kubernetes version whose API server is emulated (1.X)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l strict -d 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand lint" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l crd -d 'A CRD file or directory to validate resources against (repeatable)' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l unknown-fields -d 'What to do with fields the schema does not know' -r -f -a "error\t'As `kubectl apply` with strict field validation (its default)'
warn\t'Report them as warnings (the server prunes them and warns)'
ignore\t'Say nothing (the server prunes them)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l version -d 'Validate against this CRD version instead of the one in each resource\'s apiVersion' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l old -d 'Files or directories holding the previous versions of the resources (matched by apiVersion, kind, namespace and name): each match is validated as the server validates an update (transition rules, status kept, metadata update rules, ratcheting)' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l old-ref -d 'Read the previous versions from the YAML/JSON files of this git commit (matched by apiVersion, kind, namespace and name, so renamed files still match), so that the change being committed is validated as an update' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l format -d 'Output format' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per finding'"
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l kube-version -d 'The Kubernetes version whose API server is emulated (1.X)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l strict -d 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand validate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l crd -d 'A CRD file or directory to validate resources against (repeatable)' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l unknown-fields -d 'What to do with fields the schema does not know' -r -f -a "error\t'As `kubectl apply` with strict field validation (its default)'
warn\t'Report them as warnings (the server prunes them and warns)'
ignore\t'Say nothing (the server prunes them)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l version -d 'Validate against this CRD version instead of the one in each resource\'s apiVersion' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l old -d 'Files or directories holding the previous versions of the resources (matched by apiVersion, kind, namespace and name): each match is validated as the server validates an update (transition rules, status kept, metadata update rules, ratcheting)' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l old-ref -d 'Read the previous versions from the YAML/JSON files of this git commit (matched by apiVersion, kind, namespace and name, so renamed files still match), so that the change being committed is validated as an update' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l format -d 'Output format' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per finding'"
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l kube-version -d 'The Kubernetes version whose API server is emulated (1.X)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l write -d 'Rewrite the files in place instead of printing'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l strict -d 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand prune" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l crd -d 'A CRD file or directory to validate resources against (repeatable)' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l unknown-fields -d 'What to do with fields the schema does not know' -r -f -a "error\t'As `kubectl apply` with strict field validation (its default)'
warn\t'Report them as warnings (the server prunes them and warns)'
ignore\t'Say nothing (the server prunes them)'"
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l version -d 'Validate against this CRD version instead of the one in each resource\'s apiVersion' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l old -d 'Files or directories holding the previous versions of the resources (matched by apiVersion, kind, namespace and name): each match is validated as the server validates an update (transition rules, status kept, metadata update rules, ratcheting)' -r -F
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l old-ref -d 'Read the previous versions from the YAML/JSON files of this git commit (matched by apiVersion, kind, namespace and name, so renamed files still match), so that the change being committed is validated as an update' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l format -d 'Output format' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per finding'"
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l kube-version -d 'The Kubernetes version whose API server is emulated (1.X)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l write -d 'Rewrite the files in place instead of printing'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l strict -d 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand default" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l format -d 'Output format' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per finding'"
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l kube-version -d 'The Kubernetes version whose API server is emulated (1.X)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l strict -d 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand versions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l format -d 'Output format' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per finding'"
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l kube-version -d 'The Kubernetes version whose API server is emulated (1.X)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l strict -d 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand cost" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l format -d 'Output format' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per finding'"
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l kube-version -d 'The Kubernetes version whose API server is emulated (1.X)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l strict -d 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand rules" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l format -d 'Output format' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per finding'"
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l kube-version -d 'The Kubernetes version whose API server is emulated (1.X)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l strict -d 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand explain" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l format -d 'Output format' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per finding'"
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l kube-version -d 'The Kubernetes version whose API server is emulated (1.X)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l strict -d 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l format -d 'Output format' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per finding'"
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l kube-version -d 'The Kubernetes version whose API server is emulated (1.X)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l strict -d 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand manpage" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l format -d 'Output format' -r -f -a "human\t'Code frames with a label under each finding, and a summary line'
json\t'One JSON object (the contract in README.md, `"version": 1`)'
sarif\t'SARIF 2.1.0, for code-scanning uploads'
github\t'GitHub Actions workflow commands (annotations)'
junit\t'JUnit XML: one test suite per file, one failing test case per finding'"
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l kube-version -d 'The Kubernetes version whose API server is emulated (1.X)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l color -d 'When to colour human output' -r -f -a "auto\t'Colour when standard output is a terminal and NO_COLOR is unset'
always\t''
never\t''"
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l exclude -d 'Skip files and directories matching this glob while walking directories (repeatable)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l stdin-filename -d 'The file name to report for input read from `-` (standard input)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -s j -l threads -d 'Worker threads for reading, parsing and checking (0: one per core)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l cost-warn -d 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)' -r
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l read-only -d 'Stop after reading the bytes'
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -s q -l quiet -d 'Print findings only: no summary line, no list of skipped documents'
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -s v -l verbose -d 'Also list every document that was skipped, and why'
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l deny-warnings -d 'Exit with status 1 when there are warnings, not only errors'
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l strict -d 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -l no-cel -d 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
complete -c crdlint -n "__fish_crdlint_using_subcommand scan" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions cost rules explain completions manpage scan help" -f -a "check" -d 'Lint every CRD and validate every resource whose CRD is known (the default job)'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions cost rules explain completions manpage scan help" -f -a "lint" -d 'Lint CustomResourceDefinitions only'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions cost rules explain completions manpage scan help" -f -a "validate" -d 'Validate custom resources only (CRDs come from --crd and from the paths)'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions cost rules explain completions manpage scan help" -f -a "prune" -d 'Print resources as the API server would store them: unknown fields pruned'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions cost rules explain completions manpage scan help" -f -a "default" -d 'Print resources as the API server would store them: pruned, and defaults filled in'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions cost rules explain completions manpage scan help" -f -a "versions" -d 'List each CRD\'s versions in Kubernetes priority order'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions cost rules explain completions manpage scan help" -f -a "cost" -d 'Estimate the cost of every CEL validation rule as the API server does, most expensive first'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions cost rules explain completions manpage scan help" -f -a "rules" -d 'List every rule: id, default severity and what it finds'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions cost rules explain completions manpage scan help" -f -a "explain" -d 'Explain a rule: what it finds, why it matters, a bad and a good example'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions cost rules explain completions manpage scan help" -f -a "completions" -d 'Print a shell completion script'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions cost rules explain completions manpage scan help" -f -a "manpage" -d 'Print the man page (roff)'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions cost rules explain completions manpage scan help" -f -a "scan" -d 'Read, parse and classify only, and print the counts (for benchmarks)'
complete -c crdlint -n "__fish_crdlint_using_subcommand help; and not __fish_seen_subcommand_from check lint validate prune default versions cost rules explain completions manpage scan help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
