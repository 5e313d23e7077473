
use builtin;
use str;

set edit:completion:arg-completer[crdlint] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'crdlint'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'crdlint'= {
            cand --format 'Output format'
            cand --kube-version 'The Kubernetes version whose API server is emulated (1.X)'
            cand --color 'When to colour human output'
            cand --exclude 'Skip files and directories matching this glob while walking directories (repeatable)'
            cand --stdin-filename 'The file name to report for input read from `-` (standard input)'
            cand -j 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --threads 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --cost-warn 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)'
            cand -q 'Print findings only: no summary line, no list of skipped documents'
            cand --quiet 'Print findings only: no summary line, no list of skipped documents'
            cand -v 'Also list every document that was skipped, and why'
            cand --verbose 'Also list every document that was skipped, and why'
            cand --deny-warnings 'Exit with status 1 when there are warnings, not only errors'
            cand --strict 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
            cand --no-cel 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
            cand -V 'Print the version and exit'
            cand --version 'Print the version and exit'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand check 'Lint every CRD and validate every resource whose CRD is known (the default job)'
            cand lint 'Lint CustomResourceDefinitions only'
            cand validate 'Validate custom resources only (CRDs come from --crd and from the paths)'
            cand prune 'Print resources as the API server would store them: unknown fields pruned'
            cand default 'Print resources as the API server would store them: pruned, and defaults filled in'
            cand versions 'List each CRD''s versions in Kubernetes priority order'
            cand cost 'Estimate the cost of every CEL validation rule as the API server does, most expensive first'
            cand rules 'List every rule: id, default severity and what it finds'
            cand explain 'Explain a rule: what it finds, why it matters, a bad and a good example'
            cand completions 'Print a shell completion script'
            cand manpage 'Print the man page (roff)'
            cand scan 'Read, parse and classify only, and print the counts (for benchmarks)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'crdlint;check'= {
            cand --crd 'A CRD file or directory to validate resources against (repeatable)'
            cand --unknown-fields 'What to do with fields the schema does not know'
            cand --version 'Validate against this CRD version instead of the one in each resource''s apiVersion'
            cand --old 'Files or directories holding the previous versions of the resources (matched by apiVersion, kind, namespace and name): each match is validated as the server validates an update (transition rules, status kept, metadata update rules, ratcheting)'
            cand --old-ref 'Read the previous versions from the YAML/JSON files of this git commit (matched by apiVersion, kind, namespace and name, so renamed files still match), so that the change being committed is validated as an update'
            cand --format 'Output format'
            cand --kube-version 'The Kubernetes version whose API server is emulated (1.X)'
            cand --color 'When to colour human output'
            cand --exclude 'Skip files and directories matching this glob while walking directories (repeatable)'
            cand --stdin-filename 'The file name to report for input read from `-` (standard input)'
            cand -j 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --threads 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --cost-warn 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)'
            cand -q 'Print findings only: no summary line, no list of skipped documents'
            cand --quiet 'Print findings only: no summary line, no list of skipped documents'
            cand -v 'Also list every document that was skipped, and why'
            cand --verbose 'Also list every document that was skipped, and why'
            cand --deny-warnings 'Exit with status 1 when there are warnings, not only errors'
            cand --strict 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
            cand --no-cel 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crdlint;lint'= {
            cand --format 'Output format'
            cand --kube-version 'The Kubernetes version whose API server is emulated (1.X)'
            cand --color 'When to colour human output'
            cand --exclude 'Skip files and directories matching this glob while walking directories (repeatable)'
            cand --stdin-filename 'The file name to report for input read from `-` (standard input)'
            cand -j 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --threads 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --cost-warn 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)'
            cand -q 'Print findings only: no summary line, no list of skipped documents'
            cand --quiet 'Print findings only: no summary line, no list of skipped documents'
            cand -v 'Also list every document that was skipped, and why'
            cand --verbose 'Also list every document that was skipped, and why'
            cand --deny-warnings 'Exit with status 1 when there are warnings, not only errors'
            cand --strict 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
            cand --no-cel 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crdlint;validate'= {
            cand --crd 'A CRD file or directory to validate resources against (repeatable)'
            cand --unknown-fields 'What to do with fields the schema does not know'
            cand --version 'Validate against this CRD version instead of the one in each resource''s apiVersion'
            cand --old 'Files or directories holding the previous versions of the resources (matched by apiVersion, kind, namespace and name): each match is validated as the server validates an update (transition rules, status kept, metadata update rules, ratcheting)'
            cand --old-ref 'Read the previous versions from the YAML/JSON files of this git commit (matched by apiVersion, kind, namespace and name, so renamed files still match), so that the change being committed is validated as an update'
            cand --format 'Output format'
            cand --kube-version 'The Kubernetes version whose API server is emulated (1.X)'
            cand --color 'When to colour human output'
            cand --exclude 'Skip files and directories matching this glob while walking directories (repeatable)'
            cand --stdin-filename 'The file name to report for input read from `-` (standard input)'
            cand -j 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --threads 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --cost-warn 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)'
            cand -q 'Print findings only: no summary line, no list of skipped documents'
            cand --quiet 'Print findings only: no summary line, no list of skipped documents'
            cand -v 'Also list every document that was skipped, and why'
            cand --verbose 'Also list every document that was skipped, and why'
            cand --deny-warnings 'Exit with status 1 when there are warnings, not only errors'
            cand --strict 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
            cand --no-cel 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crdlint;prune'= {
            cand --crd 'A CRD file or directory to validate resources against (repeatable)'
            cand --unknown-fields 'What to do with fields the schema does not know'
            cand --version 'Validate against this CRD version instead of the one in each resource''s apiVersion'
            cand --old 'Files or directories holding the previous versions of the resources (matched by apiVersion, kind, namespace and name): each match is validated as the server validates an update (transition rules, status kept, metadata update rules, ratcheting)'
            cand --old-ref 'Read the previous versions from the YAML/JSON files of this git commit (matched by apiVersion, kind, namespace and name, so renamed files still match), so that the change being committed is validated as an update'
            cand --format 'Output format'
            cand --kube-version 'The Kubernetes version whose API server is emulated (1.X)'
            cand --color 'When to colour human output'
            cand --exclude 'Skip files and directories matching this glob while walking directories (repeatable)'
            cand --stdin-filename 'The file name to report for input read from `-` (standard input)'
            cand -j 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --threads 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --cost-warn 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)'
            cand --write 'Rewrite the files in place instead of printing'
            cand -q 'Print findings only: no summary line, no list of skipped documents'
            cand --quiet 'Print findings only: no summary line, no list of skipped documents'
            cand -v 'Also list every document that was skipped, and why'
            cand --verbose 'Also list every document that was skipped, and why'
            cand --deny-warnings 'Exit with status 1 when there are warnings, not only errors'
            cand --strict 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
            cand --no-cel 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crdlint;default'= {
            cand --crd 'A CRD file or directory to validate resources against (repeatable)'
            cand --unknown-fields 'What to do with fields the schema does not know'
            cand --version 'Validate against this CRD version instead of the one in each resource''s apiVersion'
            cand --old 'Files or directories holding the previous versions of the resources (matched by apiVersion, kind, namespace and name): each match is validated as the server validates an update (transition rules, status kept, metadata update rules, ratcheting)'
            cand --old-ref 'Read the previous versions from the YAML/JSON files of this git commit (matched by apiVersion, kind, namespace and name, so renamed files still match), so that the change being committed is validated as an update'
            cand --format 'Output format'
            cand --kube-version 'The Kubernetes version whose API server is emulated (1.X)'
            cand --color 'When to colour human output'
            cand --exclude 'Skip files and directories matching this glob while walking directories (repeatable)'
            cand --stdin-filename 'The file name to report for input read from `-` (standard input)'
            cand -j 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --threads 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --cost-warn 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)'
            cand --write 'Rewrite the files in place instead of printing'
            cand -q 'Print findings only: no summary line, no list of skipped documents'
            cand --quiet 'Print findings only: no summary line, no list of skipped documents'
            cand -v 'Also list every document that was skipped, and why'
            cand --verbose 'Also list every document that was skipped, and why'
            cand --deny-warnings 'Exit with status 1 when there are warnings, not only errors'
            cand --strict 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
            cand --no-cel 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crdlint;versions'= {
            cand --format 'Output format'
            cand --kube-version 'The Kubernetes version whose API server is emulated (1.X)'
            cand --color 'When to colour human output'
            cand --exclude 'Skip files and directories matching this glob while walking directories (repeatable)'
            cand --stdin-filename 'The file name to report for input read from `-` (standard input)'
            cand -j 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --threads 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --cost-warn 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)'
            cand -q 'Print findings only: no summary line, no list of skipped documents'
            cand --quiet 'Print findings only: no summary line, no list of skipped documents'
            cand -v 'Also list every document that was skipped, and why'
            cand --verbose 'Also list every document that was skipped, and why'
            cand --deny-warnings 'Exit with status 1 when there are warnings, not only errors'
            cand --strict 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
            cand --no-cel 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crdlint;cost'= {
            cand --format 'Output format'
            cand --kube-version 'The Kubernetes version whose API server is emulated (1.X)'
            cand --color 'When to colour human output'
            cand --exclude 'Skip files and directories matching this glob while walking directories (repeatable)'
            cand --stdin-filename 'The file name to report for input read from `-` (standard input)'
            cand -j 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --threads 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --cost-warn 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)'
            cand -q 'Print findings only: no summary line, no list of skipped documents'
            cand --quiet 'Print findings only: no summary line, no list of skipped documents'
            cand -v 'Also list every document that was skipped, and why'
            cand --verbose 'Also list every document that was skipped, and why'
            cand --deny-warnings 'Exit with status 1 when there are warnings, not only errors'
            cand --strict 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
            cand --no-cel 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crdlint;rules'= {
            cand --format 'Output format'
            cand --kube-version 'The Kubernetes version whose API server is emulated (1.X)'
            cand --color 'When to colour human output'
            cand --exclude 'Skip files and directories matching this glob while walking directories (repeatable)'
            cand --stdin-filename 'The file name to report for input read from `-` (standard input)'
            cand -j 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --threads 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --cost-warn 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)'
            cand -q 'Print findings only: no summary line, no list of skipped documents'
            cand --quiet 'Print findings only: no summary line, no list of skipped documents'
            cand -v 'Also list every document that was skipped, and why'
            cand --verbose 'Also list every document that was skipped, and why'
            cand --deny-warnings 'Exit with status 1 when there are warnings, not only errors'
            cand --strict 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
            cand --no-cel 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crdlint;explain'= {
            cand --format 'Output format'
            cand --kube-version 'The Kubernetes version whose API server is emulated (1.X)'
            cand --color 'When to colour human output'
            cand --exclude 'Skip files and directories matching this glob while walking directories (repeatable)'
            cand --stdin-filename 'The file name to report for input read from `-` (standard input)'
            cand -j 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --threads 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --cost-warn 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)'
            cand -q 'Print findings only: no summary line, no list of skipped documents'
            cand --quiet 'Print findings only: no summary line, no list of skipped documents'
            cand -v 'Also list every document that was skipped, and why'
            cand --verbose 'Also list every document that was skipped, and why'
            cand --deny-warnings 'Exit with status 1 when there are warnings, not only errors'
            cand --strict 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
            cand --no-cel 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crdlint;completions'= {
            cand --format 'Output format'
            cand --kube-version 'The Kubernetes version whose API server is emulated (1.X)'
            cand --color 'When to colour human output'
            cand --exclude 'Skip files and directories matching this glob while walking directories (repeatable)'
            cand --stdin-filename 'The file name to report for input read from `-` (standard input)'
            cand -j 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --threads 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --cost-warn 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)'
            cand -q 'Print findings only: no summary line, no list of skipped documents'
            cand --quiet 'Print findings only: no summary line, no list of skipped documents'
            cand -v 'Also list every document that was skipped, and why'
            cand --verbose 'Also list every document that was skipped, and why'
            cand --deny-warnings 'Exit with status 1 when there are warnings, not only errors'
            cand --strict 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
            cand --no-cel 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crdlint;manpage'= {
            cand --format 'Output format'
            cand --kube-version 'The Kubernetes version whose API server is emulated (1.X)'
            cand --color 'When to colour human output'
            cand --exclude 'Skip files and directories matching this glob while walking directories (repeatable)'
            cand --stdin-filename 'The file name to report for input read from `-` (standard input)'
            cand -j 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --threads 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --cost-warn 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)'
            cand -q 'Print findings only: no summary line, no list of skipped documents'
            cand --quiet 'Print findings only: no summary line, no list of skipped documents'
            cand -v 'Also list every document that was skipped, and why'
            cand --verbose 'Also list every document that was skipped, and why'
            cand --deny-warnings 'Exit with status 1 when there are warnings, not only errors'
            cand --strict 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
            cand --no-cel 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crdlint;scan'= {
            cand --format 'Output format'
            cand --kube-version 'The Kubernetes version whose API server is emulated (1.X)'
            cand --color 'When to colour human output'
            cand --exclude 'Skip files and directories matching this glob while walking directories (repeatable)'
            cand --stdin-filename 'The file name to report for input read from `-` (standard input)'
            cand -j 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --threads 'Worker threads for reading, parsing and checking (0: one per core)'
            cand --cost-warn 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires)'
            cand --read-only 'Stop after reading the bytes'
            cand -q 'Print findings only: no summary line, no list of skipped documents'
            cand --quiet 'Print findings only: no summary line, no list of skipped documents'
            cand -v 'Also list every document that was skipped, and why'
            cand --verbose 'Also list every document that was skipped, and why'
            cand --deny-warnings 'Exit with status 1 when there are warnings, not only errors'
            cand --strict 'Report a resource whose kind has no CRD in the run as an error instead of skipping it'
            cand --no-cel 'Do not compile or cost CEL rules while linting (for benchmarks: CEL has its own budget)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
        }
        &'crdlint;help'= {
            cand check 'Lint every CRD and validate every resource whose CRD is known (the default job)'
            cand lint 'Lint CustomResourceDefinitions only'
            cand validate 'Validate custom resources only (CRDs come from --crd and from the paths)'
            cand prune 'Print resources as the API server would store them: unknown fields pruned'
            cand default 'Print resources as the API server would store them: pruned, and defaults filled in'
            cand versions 'List each CRD''s versions in Kubernetes priority order'
            cand cost 'Estimate the cost of every CEL validation rule as the API server does, most expensive first'
            cand rules 'List every rule: id, default severity and what it finds'
            cand explain 'Explain a rule: what it finds, why it matters, a bad and a good example'
            cand completions 'Print a shell completion script'
            cand manpage 'Print the man page (roff)'
            cand scan 'Read, parse and classify only, and print the counts (for benchmarks)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'crdlint;help;check'= {
        }
        &'crdlint;help;lint'= {
        }
        &'crdlint;help;validate'= {
        }
        &'crdlint;help;prune'= {
        }
        &'crdlint;help;default'= {
        }
        &'crdlint;help;versions'= {
        }
        &'crdlint;help;cost'= {
        }
        &'crdlint;help;rules'= {
        }
        &'crdlint;help;explain'= {
        }
        &'crdlint;help;completions'= {
        }
        &'crdlint;help;manpage'= {
        }
        &'crdlint;help;scan'= {
        }
        &'crdlint;help;help'= {
        }
    ]
    $completions[$command]
}
