
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'crdlint' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'crdlint'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'crdlint' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: human]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read settings from this config file instead of the nearest `.crdlint.yaml`')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--missing-schema', '--missing-schema', [CompletionResultType]::ParameterName, 'What to say about a custom resource whose CRD is not in the run [default: warn]')
            [CompletionResult]::new('--skip', '--skip', [CompletionResultType]::ParameterName, 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Skip files and directories matching this glob while walking directories (repeatable)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The file name to report for input read from `-` (standard input)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--cost-warn', '--cost-warn', [CompletionResultType]::ParameterName, 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config''s `select`)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config''s `ignore`)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('--no-suppressions', '--no-suppressions', [CompletionResultType]::ParameterName, 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Exit with status 1 when there are warnings, not only errors')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Same as `--missing-schema error` (built-in kinds are never reported)')
            [CompletionResult]::new('--force-exclude', '--force-exclude', [CompletionResultType]::ParameterName, 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print the version and exit')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print the version and exit')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Lint every CRD and validate every resource whose CRD is known: the everyday command')
            [CompletionResult]::new('lint', 'lint', [CompletionResultType]::ParameterValue, 'Lint CustomResourceDefinitions only')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Validate custom resources only (CRDs come from --crd and from the paths)')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Print resources as the API server would store them: unknown fields pruned')
            [CompletionResult]::new('default', 'default', [CompletionResultType]::ParameterValue, 'Print resources as the API server would store them: pruned, and defaults filled in')
            [CompletionResult]::new('versions', 'versions', [CompletionResultType]::ParameterValue, 'List each CRD''s versions in Kubernetes priority order')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Compare two revisions of CRDs: what the new one breaks for objects and clients that exist')
            [CompletionResult]::new('cost', 'cost', [CompletionResultType]::ParameterValue, 'Estimate the cost of every CEL validation rule as the API server does, most expensive first')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Run CRD test suites (openshift/api''s envtest format) offline: create and update cases with their expected objects and errors')
            [CompletionResult]::new('vendor', 'vendor', [CompletionResultType]::ParameterValue, 'Fetch the CRDs the config''s `vendor:` entries declare into `.crdlint/vendor/`, pinned in `crdlint.lock` (the only command that uses the network)')
            [CompletionResult]::new('rules', 'rules', [CompletionResultType]::ParameterValue, 'List every rule: id, severity under the current config (and what set it), what it finds')
            [CompletionResult]::new('lsp', 'lsp', [CompletionResultType]::ParameterValue, 'Run the language server: the findings of `check`, hover, completion, go to definition and quick fixes in an editor, over the Language Server Protocol on standard input and output. Offline: CRDs come from the workspace folders and the config')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain a rule (what it finds, why it matters, a bad and a good example), `config`, or a kind''s field, built-in or from a CRD (`explain apps/v1/Deployment spec.replicas`, `explain certificate.spec.dnsNames --crd crds/`)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'crdlint;check' {
            [CompletionResult]::new('--crd', '--crd', [CompletionResultType]::ParameterName, 'A CRD file or directory to validate resources against (repeatable)')
            [CompletionResult]::new('--unknown-fields', '--unknown-fields', [CompletionResultType]::ParameterName, 'What to do with fields the schema does not know [default: error]')
            [CompletionResult]::new('--crd-version', '--crd-version', [CompletionResultType]::ParameterName, 'Validate against this CRD version instead of the one in each resource''s apiVersion')
            [CompletionResult]::new('--old', '--old', [CompletionResultType]::ParameterName, 'Files or directories holding the previous versions of the resources (matched by apiVersion, kind, namespace and name): each match is validated as the server validates an update (transition rules, status kept, metadata update rules, ratcheting)')
            [CompletionResult]::new('--old-ref', '--old-ref', [CompletionResultType]::ParameterName, 'Read the previous versions from the YAML/JSON files of this git commit (matched by apiVersion, kind, namespace and name, so renamed files still match), so that the change being committed is validated as an update')
            [CompletionResult]::new('--admission-user', '--admission-user', [CompletionResultType]::ParameterName, 'The user admission policies run as (`request.userInfo.username`) [default: the config''s `admission.user`, else system:serviceaccount:default:crdlint]')
            [CompletionResult]::new('--admission-group', '--admission-group', [CompletionResultType]::ParameterName, 'A group of that user (repeatable) [default: the config''s `admission.groups`, else a service account''s groups as its token gives them]; `system:authenticated` is added as the server adds it')
            [CompletionResult]::new('--admission-authorizer', '--admission-authorizer', [CompletionResultType]::ParameterName, 'What an admission policy''s `authorizer` checks answer, which only a cluster knows [default: the config''s `admission.authorizer`, else not-decidable]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: human]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read settings from this config file instead of the nearest `.crdlint.yaml`')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--missing-schema', '--missing-schema', [CompletionResultType]::ParameterName, 'What to say about a custom resource whose CRD is not in the run [default: warn]')
            [CompletionResult]::new('--skip', '--skip', [CompletionResultType]::ParameterName, 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Skip files and directories matching this glob while walking directories (repeatable)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The file name to report for input read from `-` (standard input)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--cost-warn', '--cost-warn', [CompletionResultType]::ParameterName, 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config''s `select`)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config''s `ignore`)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)')
            [CompletionResult]::new('--lint-vendored', '--lint-vendored', [CompletionResultType]::ParameterName, 'Lint the CRDs read only for `--crd` (or the config''s `crds`) and the vendored ones (`crdlint.lock`) too: vendored and third-party CRDs are not the user''s to fix, so their own findings are shown only when asked (a CRD that cannot be used at all is always reported). `check` only: `validate`, `prune` and `default` lint no CRD, and refuse it')
            [CompletionResult]::new('--locked', '--locked', [CompletionResultType]::ParameterName, 'Fail (exit 2) when a vendored CRD is missing or differs from `crdlint.lock`, naming the file and its source [default: on when the CI environment variable is set and not empty]; otherwise each is a `vendor/modified` warning and the file on disk is used')
            [CompletionResult]::new('--no-locked', '--no-locked', [CompletionResultType]::ParameterName, 'Do not fail on vendored CRDs that differ from `crdlint.lock` (even with CI set)')
            [CompletionResult]::new('--fix', '--fix', [CompletionResultType]::ParameterName, 'Apply the safe fixes in place: rename a key one edit from its object''s missing schema field, a kind one edit from a kind of its group, quote a YAML 1.1 boolean (`yes`, `on`) where the schema wants a string. Files are replaced as `prune --write` replaces them; fixed findings become notes and the exit status counts what remains')
            [CompletionResult]::new('--diff', '--diff', [CompletionResultType]::ParameterName, 'With --fix: print the fixes as a unified diff instead of writing them (findings go to standard error; the exit status is `check`''s)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('--no-suppressions', '--no-suppressions', [CompletionResultType]::ParameterName, 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Exit with status 1 when there are warnings, not only errors')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Same as `--missing-schema error` (built-in kinds are never reported)')
            [CompletionResult]::new('--force-exclude', '--force-exclude', [CompletionResultType]::ParameterName, 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crdlint;lint' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: human]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read settings from this config file instead of the nearest `.crdlint.yaml`')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--missing-schema', '--missing-schema', [CompletionResultType]::ParameterName, 'What to say about a custom resource whose CRD is not in the run [default: warn]')
            [CompletionResult]::new('--skip', '--skip', [CompletionResultType]::ParameterName, 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Skip files and directories matching this glob while walking directories (repeatable)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The file name to report for input read from `-` (standard input)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--cost-warn', '--cost-warn', [CompletionResultType]::ParameterName, 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config''s `select`)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config''s `ignore`)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('--no-suppressions', '--no-suppressions', [CompletionResultType]::ParameterName, 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Exit with status 1 when there are warnings, not only errors')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Same as `--missing-schema error` (built-in kinds are never reported)')
            [CompletionResult]::new('--force-exclude', '--force-exclude', [CompletionResultType]::ParameterName, 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crdlint;validate' {
            [CompletionResult]::new('--crd', '--crd', [CompletionResultType]::ParameterName, 'A CRD file or directory to validate resources against (repeatable)')
            [CompletionResult]::new('--unknown-fields', '--unknown-fields', [CompletionResultType]::ParameterName, 'What to do with fields the schema does not know [default: error]')
            [CompletionResult]::new('--crd-version', '--crd-version', [CompletionResultType]::ParameterName, 'Validate against this CRD version instead of the one in each resource''s apiVersion')
            [CompletionResult]::new('--old', '--old', [CompletionResultType]::ParameterName, 'Files or directories holding the previous versions of the resources (matched by apiVersion, kind, namespace and name): each match is validated as the server validates an update (transition rules, status kept, metadata update rules, ratcheting)')
            [CompletionResult]::new('--old-ref', '--old-ref', [CompletionResultType]::ParameterName, 'Read the previous versions from the YAML/JSON files of this git commit (matched by apiVersion, kind, namespace and name, so renamed files still match), so that the change being committed is validated as an update')
            [CompletionResult]::new('--admission-user', '--admission-user', [CompletionResultType]::ParameterName, 'The user admission policies run as (`request.userInfo.username`) [default: the config''s `admission.user`, else system:serviceaccount:default:crdlint]')
            [CompletionResult]::new('--admission-group', '--admission-group', [CompletionResultType]::ParameterName, 'A group of that user (repeatable) [default: the config''s `admission.groups`, else a service account''s groups as its token gives them]; `system:authenticated` is added as the server adds it')
            [CompletionResult]::new('--admission-authorizer', '--admission-authorizer', [CompletionResultType]::ParameterName, 'What an admission policy''s `authorizer` checks answer, which only a cluster knows [default: the config''s `admission.authorizer`, else not-decidable]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: human]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read settings from this config file instead of the nearest `.crdlint.yaml`')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--missing-schema', '--missing-schema', [CompletionResultType]::ParameterName, 'What to say about a custom resource whose CRD is not in the run [default: warn]')
            [CompletionResult]::new('--skip', '--skip', [CompletionResultType]::ParameterName, 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Skip files and directories matching this glob while walking directories (repeatable)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The file name to report for input read from `-` (standard input)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--cost-warn', '--cost-warn', [CompletionResultType]::ParameterName, 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config''s `select`)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config''s `ignore`)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)')
            [CompletionResult]::new('--lint-vendored', '--lint-vendored', [CompletionResultType]::ParameterName, 'Lint the CRDs read only for `--crd` (or the config''s `crds`) and the vendored ones (`crdlint.lock`) too: vendored and third-party CRDs are not the user''s to fix, so their own findings are shown only when asked (a CRD that cannot be used at all is always reported). `check` only: `validate`, `prune` and `default` lint no CRD, and refuse it')
            [CompletionResult]::new('--locked', '--locked', [CompletionResultType]::ParameterName, 'Fail (exit 2) when a vendored CRD is missing or differs from `crdlint.lock`, naming the file and its source [default: on when the CI environment variable is set and not empty]; otherwise each is a `vendor/modified` warning and the file on disk is used')
            [CompletionResult]::new('--no-locked', '--no-locked', [CompletionResultType]::ParameterName, 'Do not fail on vendored CRDs that differ from `crdlint.lock` (even with CI set)')
            [CompletionResult]::new('--fix', '--fix', [CompletionResultType]::ParameterName, 'Apply the safe fixes in place: rename a key one edit from its object''s missing schema field, a kind one edit from a kind of its group, quote a YAML 1.1 boolean (`yes`, `on`) where the schema wants a string. Files are replaced as `prune --write` replaces them; fixed findings become notes and the exit status counts what remains')
            [CompletionResult]::new('--diff', '--diff', [CompletionResultType]::ParameterName, 'With --fix: print the fixes as a unified diff instead of writing them (findings go to standard error; the exit status is `check`''s)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('--no-suppressions', '--no-suppressions', [CompletionResultType]::ParameterName, 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Exit with status 1 when there are warnings, not only errors')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Same as `--missing-schema error` (built-in kinds are never reported)')
            [CompletionResult]::new('--force-exclude', '--force-exclude', [CompletionResultType]::ParameterName, 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crdlint;prune' {
            [CompletionResult]::new('--crd', '--crd', [CompletionResultType]::ParameterName, 'A CRD file or directory to validate resources against (repeatable)')
            [CompletionResult]::new('--unknown-fields', '--unknown-fields', [CompletionResultType]::ParameterName, 'What to do with fields the schema does not know [default: error]')
            [CompletionResult]::new('--crd-version', '--crd-version', [CompletionResultType]::ParameterName, 'Validate against this CRD version instead of the one in each resource''s apiVersion')
            [CompletionResult]::new('--old', '--old', [CompletionResultType]::ParameterName, 'Files or directories holding the previous versions of the resources (matched by apiVersion, kind, namespace and name): each match is validated as the server validates an update (transition rules, status kept, metadata update rules, ratcheting)')
            [CompletionResult]::new('--old-ref', '--old-ref', [CompletionResultType]::ParameterName, 'Read the previous versions from the YAML/JSON files of this git commit (matched by apiVersion, kind, namespace and name, so renamed files still match), so that the change being committed is validated as an update')
            [CompletionResult]::new('--admission-user', '--admission-user', [CompletionResultType]::ParameterName, 'The user admission policies run as (`request.userInfo.username`) [default: the config''s `admission.user`, else system:serviceaccount:default:crdlint]')
            [CompletionResult]::new('--admission-group', '--admission-group', [CompletionResultType]::ParameterName, 'A group of that user (repeatable) [default: the config''s `admission.groups`, else a service account''s groups as its token gives them]; `system:authenticated` is added as the server adds it')
            [CompletionResult]::new('--admission-authorizer', '--admission-authorizer', [CompletionResultType]::ParameterName, 'What an admission policy''s `authorizer` checks answer, which only a cluster knows [default: the config''s `admission.authorizer`, else not-decidable]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: human]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read settings from this config file instead of the nearest `.crdlint.yaml`')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--missing-schema', '--missing-schema', [CompletionResultType]::ParameterName, 'What to say about a custom resource whose CRD is not in the run [default: warn]')
            [CompletionResult]::new('--skip', '--skip', [CompletionResultType]::ParameterName, 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Skip files and directories matching this glob while walking directories (repeatable)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The file name to report for input read from `-` (standard input)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--cost-warn', '--cost-warn', [CompletionResultType]::ParameterName, 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config''s `select`)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config''s `ignore`)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)')
            [CompletionResult]::new('--lint-vendored', '--lint-vendored', [CompletionResultType]::ParameterName, 'Lint the CRDs read only for `--crd` (or the config''s `crds`) and the vendored ones (`crdlint.lock`) too: vendored and third-party CRDs are not the user''s to fix, so their own findings are shown only when asked (a CRD that cannot be used at all is always reported). `check` only: `validate`, `prune` and `default` lint no CRD, and refuse it')
            [CompletionResult]::new('--locked', '--locked', [CompletionResultType]::ParameterName, 'Fail (exit 2) when a vendored CRD is missing or differs from `crdlint.lock`, naming the file and its source [default: on when the CI environment variable is set and not empty]; otherwise each is a `vendor/modified` warning and the file on disk is used')
            [CompletionResult]::new('--no-locked', '--no-locked', [CompletionResultType]::ParameterName, 'Do not fail on vendored CRDs that differ from `crdlint.lock` (even with CI set)')
            [CompletionResult]::new('--write', '--write', [CompletionResultType]::ParameterName, 'Rewrite the files in place instead of printing. Exits 0 when what was found is fixed: pruned unknown fields no longer count, other findings and files that could not be rewritten still do. An unknown field one edit from a field its object lacks (a likely typo: `dnsName` for `dnsNames`) is kept, with a warning, unless --prune-typos')
            [CompletionResult]::new('--prune-typos', '--prune-typos', [CompletionResultType]::ParameterName, 'With --write: delete likely typos too (unknown fields one edit from a schema field)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('--no-suppressions', '--no-suppressions', [CompletionResultType]::ParameterName, 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Exit with status 1 when there are warnings, not only errors')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Same as `--missing-schema error` (built-in kinds are never reported)')
            [CompletionResult]::new('--force-exclude', '--force-exclude', [CompletionResultType]::ParameterName, 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crdlint;default' {
            [CompletionResult]::new('--crd', '--crd', [CompletionResultType]::ParameterName, 'A CRD file or directory to validate resources against (repeatable)')
            [CompletionResult]::new('--unknown-fields', '--unknown-fields', [CompletionResultType]::ParameterName, 'What to do with fields the schema does not know [default: error]')
            [CompletionResult]::new('--crd-version', '--crd-version', [CompletionResultType]::ParameterName, 'Validate against this CRD version instead of the one in each resource''s apiVersion')
            [CompletionResult]::new('--old', '--old', [CompletionResultType]::ParameterName, 'Files or directories holding the previous versions of the resources (matched by apiVersion, kind, namespace and name): each match is validated as the server validates an update (transition rules, status kept, metadata update rules, ratcheting)')
            [CompletionResult]::new('--old-ref', '--old-ref', [CompletionResultType]::ParameterName, 'Read the previous versions from the YAML/JSON files of this git commit (matched by apiVersion, kind, namespace and name, so renamed files still match), so that the change being committed is validated as an update')
            [CompletionResult]::new('--admission-user', '--admission-user', [CompletionResultType]::ParameterName, 'The user admission policies run as (`request.userInfo.username`) [default: the config''s `admission.user`, else system:serviceaccount:default:crdlint]')
            [CompletionResult]::new('--admission-group', '--admission-group', [CompletionResultType]::ParameterName, 'A group of that user (repeatable) [default: the config''s `admission.groups`, else a service account''s groups as its token gives them]; `system:authenticated` is added as the server adds it')
            [CompletionResult]::new('--admission-authorizer', '--admission-authorizer', [CompletionResultType]::ParameterName, 'What an admission policy''s `authorizer` checks answer, which only a cluster knows [default: the config''s `admission.authorizer`, else not-decidable]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: human]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read settings from this config file instead of the nearest `.crdlint.yaml`')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--missing-schema', '--missing-schema', [CompletionResultType]::ParameterName, 'What to say about a custom resource whose CRD is not in the run [default: warn]')
            [CompletionResult]::new('--skip', '--skip', [CompletionResultType]::ParameterName, 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Skip files and directories matching this glob while walking directories (repeatable)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The file name to report for input read from `-` (standard input)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--cost-warn', '--cost-warn', [CompletionResultType]::ParameterName, 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config''s `select`)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config''s `ignore`)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)')
            [CompletionResult]::new('--lint-vendored', '--lint-vendored', [CompletionResultType]::ParameterName, 'Lint the CRDs read only for `--crd` (or the config''s `crds`) and the vendored ones (`crdlint.lock`) too: vendored and third-party CRDs are not the user''s to fix, so their own findings are shown only when asked (a CRD that cannot be used at all is always reported). `check` only: `validate`, `prune` and `default` lint no CRD, and refuse it')
            [CompletionResult]::new('--locked', '--locked', [CompletionResultType]::ParameterName, 'Fail (exit 2) when a vendored CRD is missing or differs from `crdlint.lock`, naming the file and its source [default: on when the CI environment variable is set and not empty]; otherwise each is a `vendor/modified` warning and the file on disk is used')
            [CompletionResult]::new('--no-locked', '--no-locked', [CompletionResultType]::ParameterName, 'Do not fail on vendored CRDs that differ from `crdlint.lock` (even with CI set)')
            [CompletionResult]::new('--write', '--write', [CompletionResultType]::ParameterName, 'Rewrite the files in place instead of printing. Exits 0 when what was found is fixed: pruned unknown fields no longer count, other findings and files that could not be rewritten still do. An unknown field one edit from a field its object lacks (a likely typo: `dnsName` for `dnsNames`) is kept, with a warning, unless --prune-typos')
            [CompletionResult]::new('--prune-typos', '--prune-typos', [CompletionResultType]::ParameterName, 'With --write: delete likely typos too (unknown fields one edit from a schema field)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('--no-suppressions', '--no-suppressions', [CompletionResultType]::ParameterName, 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Exit with status 1 when there are warnings, not only errors')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Same as `--missing-schema error` (built-in kinds are never reported)')
            [CompletionResult]::new('--force-exclude', '--force-exclude', [CompletionResultType]::ParameterName, 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crdlint;versions' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: human]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read settings from this config file instead of the nearest `.crdlint.yaml`')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--missing-schema', '--missing-schema', [CompletionResultType]::ParameterName, 'What to say about a custom resource whose CRD is not in the run [default: warn]')
            [CompletionResult]::new('--skip', '--skip', [CompletionResultType]::ParameterName, 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Skip files and directories matching this glob while walking directories (repeatable)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The file name to report for input read from `-` (standard input)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--cost-warn', '--cost-warn', [CompletionResultType]::ParameterName, 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config''s `select`)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config''s `ignore`)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('--no-suppressions', '--no-suppressions', [CompletionResultType]::ParameterName, 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Exit with status 1 when there are warnings, not only errors')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Same as `--missing-schema error` (built-in kinds are never reported)')
            [CompletionResult]::new('--force-exclude', '--force-exclude', [CompletionResultType]::ParameterName, 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crdlint;diff' {
            [CompletionResult]::new('--objects', '--objects', [CompletionResultType]::ParameterName, 'Existing objects (files or directories): report which would fail their next update, or a fresh create, under the new revision')
            [CompletionResult]::new('--enum-additions', '--enum-additions', [CompletionResultType]::ParameterName, 'Whether adding an enum value is breaking (`compat/enum-value-added`) [default: the config''s `compat.enum-additions`, else allow]')
            [CompletionResult]::new('--allow-tightening-unstored', '--allow-tightening-unstored', [CompletionResultType]::ParameterName, 'Let a served version that status.storedVersions shows has no stored objects tighten its schema (bounds, patterns, formats, enums, required fields, CEL rules); `=false` overrides the config''s `compat.allow-tightening-unstored`')
            [CompletionResult]::new('--enforce', '--enforce', [CompletionResultType]::ParameterName, 'Set a compat rule''s level: `RULE=error|warning|off` (repeatable)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: human]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read settings from this config file instead of the nearest `.crdlint.yaml`')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--missing-schema', '--missing-schema', [CompletionResultType]::ParameterName, 'What to say about a custom resource whose CRD is not in the run [default: warn]')
            [CompletionResult]::new('--skip', '--skip', [CompletionResultType]::ParameterName, 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Skip files and directories matching this glob while walking directories (repeatable)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The file name to report for input read from `-` (standard input)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--cost-warn', '--cost-warn', [CompletionResultType]::ParameterName, 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config''s `select`)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config''s `ignore`)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('--no-suppressions', '--no-suppressions', [CompletionResultType]::ParameterName, 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Exit with status 1 when there are warnings, not only errors')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Same as `--missing-schema error` (built-in kinds are never reported)')
            [CompletionResult]::new('--force-exclude', '--force-exclude', [CompletionResultType]::ParameterName, 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crdlint;cost' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: human]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read settings from this config file instead of the nearest `.crdlint.yaml`')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--missing-schema', '--missing-schema', [CompletionResultType]::ParameterName, 'What to say about a custom resource whose CRD is not in the run [default: warn]')
            [CompletionResult]::new('--skip', '--skip', [CompletionResultType]::ParameterName, 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Skip files and directories matching this glob while walking directories (repeatable)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The file name to report for input read from `-` (standard input)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--cost-warn', '--cost-warn', [CompletionResultType]::ParameterName, 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config''s `select`)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config''s `ignore`)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('--no-suppressions', '--no-suppressions', [CompletionResultType]::ParameterName, 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Exit with status 1 when there are warnings, not only errors')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Same as `--missing-schema error` (built-in kinds are never reported)')
            [CompletionResult]::new('--force-exclude', '--force-exclude', [CompletionResultType]::ParameterName, 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crdlint;test' {
            [CompletionResult]::new('--crd', '--crd', [CompletionResultType]::ParameterName, 'A CRD file or directory the suites'' `crdName`s are looked up in (repeatable); CRDs among the paths count too')
            [CompletionResult]::new('--filter', '--filter', [CompletionResultType]::ParameterName, 'Run only the cases whose `<suite name> / <case name>` contains this text')
            [CompletionResult]::new('--admission-user', '--admission-user', [CompletionResultType]::ParameterName, 'The user admission policies run as (`request.userInfo.username`) [default: the config''s `admission.user`, else system:serviceaccount:default:crdlint]')
            [CompletionResult]::new('--admission-group', '--admission-group', [CompletionResultType]::ParameterName, 'A group of that user (repeatable) [default: the config''s `admission.groups`, else a service account''s groups as its token gives them]; `system:authenticated` is added as the server adds it')
            [CompletionResult]::new('--admission-authorizer', '--admission-authorizer', [CompletionResultType]::ParameterName, 'What an admission policy''s `authorizer` checks answer, which only a cluster knows [default: the config''s `admission.authorizer`, else not-decidable]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: human]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read settings from this config file instead of the nearest `.crdlint.yaml`')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--missing-schema', '--missing-schema', [CompletionResultType]::ParameterName, 'What to say about a custom resource whose CRD is not in the run [default: warn]')
            [CompletionResult]::new('--skip', '--skip', [CompletionResultType]::ParameterName, 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Skip files and directories matching this glob while walking directories (repeatable)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The file name to report for input read from `-` (standard input)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--cost-warn', '--cost-warn', [CompletionResultType]::ParameterName, 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config''s `select`)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config''s `ignore`)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)')
            [CompletionResult]::new('--update', '--update', [CompletionResultType]::ParameterName, 'Rewrite the `expected` and `expectedError` of failing cases from the actual results, in place')
            [CompletionResult]::new('--locked', '--locked', [CompletionResultType]::ParameterName, 'Fail (exit 2) when a vendored CRD is missing or differs from `crdlint.lock`, naming the file and its source [default: on when the CI environment variable is set and not empty]; otherwise each is a `vendor/modified` warning and the file on disk is used')
            [CompletionResult]::new('--no-locked', '--no-locked', [CompletionResultType]::ParameterName, 'Do not fail on vendored CRDs that differ from `crdlint.lock` (even with CI set)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('--no-suppressions', '--no-suppressions', [CompletionResultType]::ParameterName, 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Exit with status 1 when there are warnings, not only errors')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Same as `--missing-schema error` (built-in kinds are never reported)')
            [CompletionResult]::new('--force-exclude', '--force-exclude', [CompletionResultType]::ParameterName, 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crdlint;vendor' {
            [CompletionResult]::new('--update', '--update', [CompletionResultType]::ParameterName, 'Re-resolve these sources (every one when none is named), and run the upgrade check of `crdlint diff` for each CRD whose bytes changed, with the resources of the config''s `paths` as the existing objects')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: human]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read settings from this config file instead of the nearest `.crdlint.yaml`')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--missing-schema', '--missing-schema', [CompletionResultType]::ParameterName, 'What to say about a custom resource whose CRD is not in the run [default: warn]')
            [CompletionResult]::new('--skip', '--skip', [CompletionResultType]::ParameterName, 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Skip files and directories matching this glob while walking directories (repeatable)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The file name to report for input read from `-` (standard input)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--cost-warn', '--cost-warn', [CompletionResultType]::ParameterName, 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config''s `select`)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config''s `ignore`)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)')
            [CompletionResult]::new('--verify', '--verify', [CompletionResultType]::ParameterName, 'Re-fetch every source and fail (exit 2) when any bytes differ from the lock; writes nothing')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('--no-suppressions', '--no-suppressions', [CompletionResultType]::ParameterName, 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Exit with status 1 when there are warnings, not only errors')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Same as `--missing-schema error` (built-in kinds are never reported)')
            [CompletionResult]::new('--force-exclude', '--force-exclude', [CompletionResultType]::ParameterName, 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Vendor the CRDs read from standard input under NAME, as a `stdin` source of the lock: `kubectl get crd -o yaml | crdlint vendor add prod-cluster -`')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'crdlint;vendor;add' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: human]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read settings from this config file instead of the nearest `.crdlint.yaml`')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--missing-schema', '--missing-schema', [CompletionResultType]::ParameterName, 'What to say about a custom resource whose CRD is not in the run [default: warn]')
            [CompletionResult]::new('--skip', '--skip', [CompletionResultType]::ParameterName, 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Skip files and directories matching this glob while walking directories (repeatable)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The file name to report for input read from `-` (standard input)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--cost-warn', '--cost-warn', [CompletionResultType]::ParameterName, 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config''s `select`)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config''s `ignore`)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('--no-suppressions', '--no-suppressions', [CompletionResultType]::ParameterName, 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Exit with status 1 when there are warnings, not only errors')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Same as `--missing-schema error` (built-in kinds are never reported)')
            [CompletionResult]::new('--force-exclude', '--force-exclude', [CompletionResultType]::ParameterName, 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crdlint;vendor;help' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Vendor the CRDs read from standard input under NAME, as a `stdin` source of the lock: `kubectl get crd -o yaml | crdlint vendor add prod-cluster -`')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'crdlint;vendor;help;add' {
            break
        }
        'crdlint;vendor;help;help' {
            break
        }
        'crdlint;rules' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: human]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read settings from this config file instead of the nearest `.crdlint.yaml`')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--missing-schema', '--missing-schema', [CompletionResultType]::ParameterName, 'What to say about a custom resource whose CRD is not in the run [default: warn]')
            [CompletionResult]::new('--skip', '--skip', [CompletionResultType]::ParameterName, 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Skip files and directories matching this glob while walking directories (repeatable)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The file name to report for input read from `-` (standard input)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--cost-warn', '--cost-warn', [CompletionResultType]::ParameterName, 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config''s `select`)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config''s `ignore`)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('--no-suppressions', '--no-suppressions', [CompletionResultType]::ParameterName, 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Exit with status 1 when there are warnings, not only errors')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Same as `--missing-schema error` (built-in kinds are never reported)')
            [CompletionResult]::new('--force-exclude', '--force-exclude', [CompletionResultType]::ParameterName, 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crdlint;lsp' {
            [CompletionResult]::new('--crd', '--crd', [CompletionResultType]::ParameterName, 'A CRD file or directory to validate resources against (repeatable; relative to the working directory), beside the workspace''s own CRDs and the config''s `crds`')
            [CompletionResult]::new('--unknown-fields', '--unknown-fields', [CompletionResultType]::ParameterName, 'What to do with fields the schema does not know [default: error]')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: human]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read settings from this config file instead of the nearest `.crdlint.yaml`')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--missing-schema', '--missing-schema', [CompletionResultType]::ParameterName, 'What to say about a custom resource whose CRD is not in the run [default: warn]')
            [CompletionResult]::new('--skip', '--skip', [CompletionResultType]::ParameterName, 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Skip files and directories matching this glob while walking directories (repeatable)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The file name to report for input read from `-` (standard input)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--cost-warn', '--cost-warn', [CompletionResultType]::ParameterName, 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config''s `select`)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config''s `ignore`)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)')
            [CompletionResult]::new('--lint-vendored', '--lint-vendored', [CompletionResultType]::ParameterName, 'Lint the CRDs read only for `--crd` (or the config''s `crds`) too')
            [CompletionResult]::new('--stdio', '--stdio', [CompletionResultType]::ParameterName, 'Accepted because editors'' clients pass it; standard input and output is the only transport')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('--no-suppressions', '--no-suppressions', [CompletionResultType]::ParameterName, 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Exit with status 1 when there are warnings, not only errors')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Same as `--missing-schema error` (built-in kinds are never reported)')
            [CompletionResult]::new('--force-exclude', '--force-exclude', [CompletionResultType]::ParameterName, 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crdlint;completions' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: human]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read settings from this config file instead of the nearest `.crdlint.yaml`')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--missing-schema', '--missing-schema', [CompletionResultType]::ParameterName, 'What to say about a custom resource whose CRD is not in the run [default: warn]')
            [CompletionResult]::new('--skip', '--skip', [CompletionResultType]::ParameterName, 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Skip files and directories matching this glob while walking directories (repeatable)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The file name to report for input read from `-` (standard input)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--cost-warn', '--cost-warn', [CompletionResultType]::ParameterName, 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config''s `select`)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config''s `ignore`)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('--no-suppressions', '--no-suppressions', [CompletionResultType]::ParameterName, 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Exit with status 1 when there are warnings, not only errors')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Same as `--missing-schema error` (built-in kinds are never reported)')
            [CompletionResult]::new('--force-exclude', '--force-exclude', [CompletionResultType]::ParameterName, 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crdlint;explain' {
            [CompletionResult]::new('--crd', '--crd', [CompletionResultType]::ParameterName, 'A CRD file or directory whose kinds can be explained (repeatable), beside the config''s `crds` and the vendored CRDs')
            [CompletionResult]::new('--api-version', '--api-version', [CompletionResultType]::ParameterName, 'The group/version to explain (`apps/v1`, `v1`, `cert-manager.io/v1`), as kubectl''s flag; without it, the one in the kind''s id or else the preferred version (served, of the highest priority)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format [default: human]')
            [CompletionResult]::new('--config', '--config', [CompletionResultType]::ParameterName, 'Read settings from this config file instead of the nearest `.crdlint.yaml`')
            [CompletionResult]::new('--kube-version', '--kube-version', [CompletionResultType]::ParameterName, 'The Kubernetes version whose API server is emulated: 1.25 to 1.37 (default 1.37)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour human output')
            [CompletionResult]::new('--missing-schema', '--missing-schema', [CompletionResultType]::ParameterName, 'What to say about a custom resource whose CRD is not in the run [default: warn]')
            [CompletionResult]::new('--skip', '--skip', [CompletionResultType]::ParameterName, 'Skip documents of this kind silently: `KIND`, `GROUP/KIND` or `GROUP/VERSION/KIND` (repeatable)')
            [CompletionResult]::new('--exclude', '--exclude', [CompletionResultType]::ParameterName, 'Skip files and directories matching this glob while walking directories (repeatable)')
            [CompletionResult]::new('--stdin-filename', '--stdin-filename', [CompletionResultType]::ParameterName, 'The file name to report for input read from `-` (standard input)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--threads', '--threads', [CompletionResultType]::ParameterName, 'Worker threads for reading, parsing and checking (0: one per core)')
            [CompletionResult]::new('--cost-warn', '--cost-warn', [CompletionResultType]::ParameterName, 'Warn about CEL rules whose estimated cost uses at least this share of the per-rule limit (`cel/cost-high`; above 100 it never fires) [default: 50]')
            [CompletionResult]::new('--select', '--select', [CompletionResultType]::ParameterName, 'Report only these rules: ids or group prefixes such as `cel/` (comma-separated, repeatable; replaces the config''s `select`)')
            [CompletionResult]::new('--ignore', '--ignore', [CompletionResultType]::ParameterName, 'Never report these rules: ids or group prefixes (comma-separated, repeatable; replaces the config''s `ignore`)')
            [CompletionResult]::new('--warn', '--warn', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as warnings (comma-separated, repeatable)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'Report these rules (ids or prefixes) as errors (comma-separated, repeatable)')
            [CompletionResult]::new('--recursive', '--recursive', [CompletionResultType]::ParameterName, 'Every field below the one explained, indented (as `kubectl explain --recursive`), for built-in and custom kinds')
            [CompletionResult]::new('--no-config', '--no-config', [CompletionResultType]::ParameterName, 'Ignore every config file')
            [CompletionResult]::new('--no-suppressions', '--no-suppressions', [CompletionResultType]::ParameterName, 'Show findings silenced by `# crdlint: ignore[...]` comments and annotations')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print findings only: no summary line, no list of skipped documents')
            [CompletionResult]::new('-v', '-v', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--verbose', '--verbose', [CompletionResultType]::ParameterName, 'Also list every document that was skipped, and why')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Exit with status 1 when there are warnings, not only errors')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Same as `--missing-schema error` (built-in kinds are never reported)')
            [CompletionResult]::new('--force-exclude', '--force-exclude', [CompletionResultType]::ParameterName, 'Apply `--exclude` to files named on the command line too (for pre-commit hooks)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            break
        }
        'crdlint;help' {
            [CompletionResult]::new('check', 'check', [CompletionResultType]::ParameterValue, 'Lint every CRD and validate every resource whose CRD is known: the everyday command')
            [CompletionResult]::new('lint', 'lint', [CompletionResultType]::ParameterValue, 'Lint CustomResourceDefinitions only')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Validate custom resources only (CRDs come from --crd and from the paths)')
            [CompletionResult]::new('prune', 'prune', [CompletionResultType]::ParameterValue, 'Print resources as the API server would store them: unknown fields pruned')
            [CompletionResult]::new('default', 'default', [CompletionResultType]::ParameterValue, 'Print resources as the API server would store them: pruned, and defaults filled in')
            [CompletionResult]::new('versions', 'versions', [CompletionResultType]::ParameterValue, 'List each CRD''s versions in Kubernetes priority order')
            [CompletionResult]::new('diff', 'diff', [CompletionResultType]::ParameterValue, 'Compare two revisions of CRDs: what the new one breaks for objects and clients that exist')
            [CompletionResult]::new('cost', 'cost', [CompletionResultType]::ParameterValue, 'Estimate the cost of every CEL validation rule as the API server does, most expensive first')
            [CompletionResult]::new('test', 'test', [CompletionResultType]::ParameterValue, 'Run CRD test suites (openshift/api''s envtest format) offline: create and update cases with their expected objects and errors')
            [CompletionResult]::new('vendor', 'vendor', [CompletionResultType]::ParameterValue, 'Fetch the CRDs the config''s `vendor:` entries declare into `.crdlint/vendor/`, pinned in `crdlint.lock` (the only command that uses the network)')
            [CompletionResult]::new('rules', 'rules', [CompletionResultType]::ParameterValue, 'List every rule: id, severity under the current config (and what set it), what it finds')
            [CompletionResult]::new('lsp', 'lsp', [CompletionResultType]::ParameterValue, 'Run the language server: the findings of `check`, hover, completion, go to definition and quick fixes in an editor, over the Language Server Protocol on standard input and output. Offline: CRDs come from the workspace folders and the config')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('explain', 'explain', [CompletionResultType]::ParameterValue, 'Explain a rule (what it finds, why it matters, a bad and a good example), `config`, or a kind''s field, built-in or from a CRD (`explain apps/v1/Deployment spec.replicas`, `explain certificate.spec.dnsNames --crd crds/`)')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'crdlint;help;check' {
            break
        }
        'crdlint;help;lint' {
            break
        }
        'crdlint;help;validate' {
            break
        }
        'crdlint;help;prune' {
            break
        }
        'crdlint;help;default' {
            break
        }
        'crdlint;help;versions' {
            break
        }
        'crdlint;help;diff' {
            break
        }
        'crdlint;help;cost' {
            break
        }
        'crdlint;help;test' {
            break
        }
        'crdlint;help;vendor' {
            [CompletionResult]::new('add', 'add', [CompletionResultType]::ParameterValue, 'Vendor the CRDs read from standard input under NAME, as a `stdin` source of the lock: `kubectl get crd -o yaml | crdlint vendor add prod-cluster -`')
            break
        }
        'crdlint;help;vendor;add' {
            break
        }
        'crdlint;help;rules' {
            break
        }
        'crdlint;help;lsp' {
            break
        }
        'crdlint;help;completions' {
            break
        }
        'crdlint;help;explain' {
            break
        }
        'crdlint;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
