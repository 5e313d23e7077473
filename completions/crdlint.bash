_crdlint() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="crdlint"
                ;;
            crdlint,check)
                cmd="crdlint__subcmd__check"
                ;;
            crdlint,completions)
                cmd="crdlint__subcmd__completions"
                ;;
            crdlint,cost)
                cmd="crdlint__subcmd__cost"
                ;;
            crdlint,default)
                cmd="crdlint__subcmd__default"
                ;;
            crdlint,diff)
                cmd="crdlint__subcmd__diff"
                ;;
            crdlint,explain)
                cmd="crdlint__subcmd__explain"
                ;;
            crdlint,help)
                cmd="crdlint__subcmd__help"
                ;;
            crdlint,lint)
                cmd="crdlint__subcmd__lint"
                ;;
            crdlint,lsp)
                cmd="crdlint__subcmd__lsp"
                ;;
            crdlint,prune)
                cmd="crdlint__subcmd__prune"
                ;;
            crdlint,rules)
                cmd="crdlint__subcmd__rules"
                ;;
            crdlint,test)
                cmd="crdlint__subcmd__test"
                ;;
            crdlint,validate)
                cmd="crdlint__subcmd__validate"
                ;;
            crdlint,vendor)
                cmd="crdlint__subcmd__vendor"
                ;;
            crdlint,versions)
                cmd="crdlint__subcmd__versions"
                ;;
            crdlint__subcmd__help,check)
                cmd="crdlint__subcmd__help__subcmd__check"
                ;;
            crdlint__subcmd__help,completions)
                cmd="crdlint__subcmd__help__subcmd__completions"
                ;;
            crdlint__subcmd__help,cost)
                cmd="crdlint__subcmd__help__subcmd__cost"
                ;;
            crdlint__subcmd__help,default)
                cmd="crdlint__subcmd__help__subcmd__default"
                ;;
            crdlint__subcmd__help,diff)
                cmd="crdlint__subcmd__help__subcmd__diff"
                ;;
            crdlint__subcmd__help,explain)
                cmd="crdlint__subcmd__help__subcmd__explain"
                ;;
            crdlint__subcmd__help,help)
                cmd="crdlint__subcmd__help__subcmd__help"
                ;;
            crdlint__subcmd__help,lint)
                cmd="crdlint__subcmd__help__subcmd__lint"
                ;;
            crdlint__subcmd__help,lsp)
                cmd="crdlint__subcmd__help__subcmd__lsp"
                ;;
            crdlint__subcmd__help,prune)
                cmd="crdlint__subcmd__help__subcmd__prune"
                ;;
            crdlint__subcmd__help,rules)
                cmd="crdlint__subcmd__help__subcmd__rules"
                ;;
            crdlint__subcmd__help,test)
                cmd="crdlint__subcmd__help__subcmd__test"
                ;;
            crdlint__subcmd__help,validate)
                cmd="crdlint__subcmd__help__subcmd__validate"
                ;;
            crdlint__subcmd__help,vendor)
                cmd="crdlint__subcmd__help__subcmd__vendor"
                ;;
            crdlint__subcmd__help,versions)
                cmd="crdlint__subcmd__help__subcmd__versions"
                ;;
            crdlint__subcmd__help__subcmd__vendor,add)
                cmd="crdlint__subcmd__help__subcmd__vendor__subcmd__add"
                ;;
            crdlint__subcmd__vendor,add)
                cmd="crdlint__subcmd__vendor__subcmd__add"
                ;;
            crdlint__subcmd__vendor,help)
                cmd="crdlint__subcmd__vendor__subcmd__help"
                ;;
            crdlint__subcmd__vendor__subcmd__help,add)
                cmd="crdlint__subcmd__vendor__subcmd__help__subcmd__add"
                ;;
            crdlint__subcmd__vendor__subcmd__help,help)
                cmd="crdlint__subcmd__vendor__subcmd__help__subcmd__help"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        crdlint)
            opts="-q -v -j -V -h --format --config --no-config --no-suppressions --kube-version --color --quiet --verbose --deny-warnings --missing-schema --strict --skip --exclude --force-exclude --stdin-filename --threads --cost-warn --version --select --ignore --warn --error --help check lint validate prune default versions diff cost test vendor rules lsp completions explain help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "human json sarif concise github junit" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --missing-schema)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --skip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cost-warn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --warn)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__check)
            opts="-q -v -j -h --crd --unknown-fields --crd-version --old --old-ref --lint-vendored --admission-user --admission-group --admission-authorizer --locked --no-locked --fix --diff --format --config --no-config --no-suppressions --kube-version --color --quiet --verbose --deny-warnings --missing-schema --strict --skip --exclude --force-exclude --stdin-filename --threads --cost-warn --select --ignore --warn --error --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --crd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unknown-fields)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --crd-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --old)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --old-ref)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --admission-user)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --admission-group)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --admission-authorizer)
                    COMPREPLY=($(compgen -W "allow deny not-decidable" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json sarif concise github junit" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --missing-schema)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --skip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cost-warn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --warn)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__completions)
            opts="-q -v -j -h --format --config --no-config --no-suppressions --kube-version --color --quiet --verbose --deny-warnings --missing-schema --strict --skip --exclude --force-exclude --stdin-filename --threads --cost-warn --select --ignore --warn --error --help bash elvish fish powershell zsh"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "human json sarif concise github junit" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --missing-schema)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --skip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cost-warn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --warn)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__cost)
            opts="-q -v -j -h --format --config --no-config --no-suppressions --kube-version --color --quiet --verbose --deny-warnings --missing-schema --strict --skip --exclude --force-exclude --stdin-filename --threads --cost-warn --select --ignore --warn --error --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "human json" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --missing-schema)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --skip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cost-warn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --warn)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__default)
            opts="-q -v -j -h --crd --unknown-fields --crd-version --old --old-ref --lint-vendored --admission-user --admission-group --admission-authorizer --locked --no-locked --write --prune-typos --format --config --no-config --no-suppressions --kube-version --color --quiet --verbose --deny-warnings --missing-schema --strict --skip --exclude --force-exclude --stdin-filename --threads --cost-warn --select --ignore --warn --error --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --crd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unknown-fields)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --crd-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --old)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --old-ref)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --admission-user)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --admission-group)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --admission-authorizer)
                    COMPREPLY=($(compgen -W "allow deny not-decidable" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json sarif concise github junit" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --missing-schema)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --skip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cost-warn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --warn)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__diff)
            opts="-q -v -j -h --objects --enum-additions --allow-tightening-unstored --enforce --format --config --no-config --no-suppressions --kube-version --color --quiet --verbose --deny-warnings --missing-schema --strict --skip --exclude --force-exclude --stdin-filename --threads --cost-warn --select --ignore --warn --error --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --objects)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --enum-additions)
                    COMPREPLY=($(compgen -W "allow disallow" -- "${cur}"))
                    return 0
                    ;;
                --allow-tightening-unstored)
                    COMPREPLY=($(compgen -W "true false" -- "${cur}"))
                    return 0
                    ;;
                --enforce)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json sarif concise github junit" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --missing-schema)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --skip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cost-warn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --warn)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__explain)
            opts="-q -v -j -h --crd --api-version --recursive --format --config --no-config --no-suppressions --kube-version --color --quiet --verbose --deny-warnings --missing-schema --strict --skip --exclude --force-exclude --stdin-filename --threads --cost-warn --select --ignore --warn --error --help admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large config"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --crd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --api-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --missing-schema)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --skip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cost-warn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --warn)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__help)
            opts="check lint validate prune default versions diff cost test vendor rules lsp completions explain help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__help__subcmd__check)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__help__subcmd__completions)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__help__subcmd__cost)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__help__subcmd__default)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__help__subcmd__diff)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__help__subcmd__explain)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__help__subcmd__lint)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__help__subcmd__lsp)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__help__subcmd__prune)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__help__subcmd__rules)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__help__subcmd__test)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__help__subcmd__validate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__help__subcmd__vendor)
            opts="add"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__help__subcmd__vendor__subcmd__add)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__help__subcmd__versions)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__lint)
            opts="-q -v -j -h --format --config --no-config --no-suppressions --kube-version --color --quiet --verbose --deny-warnings --missing-schema --strict --skip --exclude --force-exclude --stdin-filename --threads --cost-warn --select --ignore --warn --error --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "human json sarif concise github junit" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --missing-schema)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --skip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cost-warn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --warn)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__lsp)
            opts="-q -v -j -h --crd --unknown-fields --lint-vendored --stdio --format --config --no-config --no-suppressions --kube-version --color --quiet --verbose --deny-warnings --missing-schema --strict --skip --exclude --force-exclude --stdin-filename --threads --cost-warn --select --ignore --warn --error --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --crd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unknown-fields)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json sarif concise github junit" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --missing-schema)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --skip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cost-warn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --warn)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__prune)
            opts="-q -v -j -h --crd --unknown-fields --crd-version --old --old-ref --lint-vendored --admission-user --admission-group --admission-authorizer --locked --no-locked --write --prune-typos --format --config --no-config --no-suppressions --kube-version --color --quiet --verbose --deny-warnings --missing-schema --strict --skip --exclude --force-exclude --stdin-filename --threads --cost-warn --select --ignore --warn --error --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --crd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unknown-fields)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --crd-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --old)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --old-ref)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --admission-user)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --admission-group)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --admission-authorizer)
                    COMPREPLY=($(compgen -W "allow deny not-decidable" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json sarif concise github junit" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --missing-schema)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --skip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cost-warn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --warn)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__rules)
            opts="-q -v -j -h --format --config --no-config --no-suppressions --kube-version --color --quiet --verbose --deny-warnings --missing-schema --strict --skip --exclude --force-exclude --stdin-filename --threads --cost-warn --select --ignore --warn --error --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "human json" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --missing-schema)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --skip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cost-warn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --warn)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__test)
            opts="-q -v -j -h --crd --filter --update --admission-user --admission-group --admission-authorizer --locked --no-locked --format --config --no-config --no-suppressions --kube-version --color --quiet --verbose --deny-warnings --missing-schema --strict --skip --exclude --force-exclude --stdin-filename --threads --cost-warn --select --ignore --warn --error --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --crd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --filter)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --admission-user)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --admission-group)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --admission-authorizer)
                    COMPREPLY=($(compgen -W "allow deny not-decidable" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json sarif concise github junit" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --missing-schema)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --skip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cost-warn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --warn)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__validate)
            opts="-q -v -j -h --crd --unknown-fields --crd-version --old --old-ref --lint-vendored --admission-user --admission-group --admission-authorizer --locked --no-locked --fix --diff --format --config --no-config --no-suppressions --kube-version --color --quiet --verbose --deny-warnings --missing-schema --strict --skip --exclude --force-exclude --stdin-filename --threads --cost-warn --select --ignore --warn --error --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --crd)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --unknown-fields)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --crd-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --old)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --old-ref)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --admission-user)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --admission-group)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --admission-authorizer)
                    COMPREPLY=($(compgen -W "allow deny not-decidable" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json sarif concise github junit" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --missing-schema)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --skip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cost-warn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --warn)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__vendor)
            opts="-q -v -j -h --update --verify --format --config --no-config --no-suppressions --kube-version --color --quiet --verbose --deny-warnings --missing-schema --strict --skip --exclude --force-exclude --stdin-filename --threads --cost-warn --select --ignore --warn --error --help add help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --update)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json sarif concise github junit" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --missing-schema)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --skip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cost-warn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --warn)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__vendor__subcmd__add)
            opts="-q -v -j -h --format --config --no-config --no-suppressions --kube-version --color --quiet --verbose --deny-warnings --missing-schema --strict --skip --exclude --force-exclude --stdin-filename --threads --cost-warn --select --ignore --warn --error --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "human json sarif concise github junit" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --missing-schema)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --skip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cost-warn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --warn)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__vendor__subcmd__help)
            opts="add help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__vendor__subcmd__help__subcmd__add)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__vendor__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        crdlint__subcmd__versions)
            opts="-q -v -j -h --format --config --no-config --no-suppressions --kube-version --color --quiet --verbose --deny-warnings --missing-schema --strict --skip --exclude --force-exclude --stdin-filename --threads --cost-warn --select --ignore --warn --error --help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "human json" -- "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kube-version)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                --missing-schema)
                    COMPREPLY=($(compgen -W "error warn ignore" -- "${cur}"))
                    return 0
                    ;;
                --skip)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --exclude)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --stdin-filename)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --threads)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --cost-warn)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --select)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --ignore)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --warn)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -W "admission/audit admission/cost admission/denied admission/expression admission/invalid admission/kinds-unresolved admission/mutation-failed admission/not-decidable admission/type-check admission/warned api/alpha-version api/deprecated-version api/removed-version api/unknown-kind builtin/config-data builtin/container-name builtin/container-required builtin/env-name builtin/port builtin/resources builtin/selector-mismatch builtin/service-port builtin/template-metadata cel/compile cel/cost-exceeded cel/cost-high cel/crd-cost-exceeded cel/message-expression cel/no-type-info cel/old-self-uncorrelatable cel/optional-old-self-unused compat/bound-tightened compat/cel-cost-exceeded compat/cel-message-changed compat/cel-rule-added compat/cel-transition-uncorrelatable compat/column-path-removed compat/combinator-changed compat/crd-removed compat/default-changed compat/embedded-resource-changed compat/enum-value-added compat/enum-value-removed compat/field-removed compat/format-changed compat/int-or-string-removed compat/list-type-changed compat/multiple-of-changed compat/names-changed compat/not-compared compat/nullable-removed compat/object-create-fails compat/object-update-fails compat/pattern-changed compat/preserve-unknown-fields-removed compat/required-added compat/scope-changed compat/selectable-field-removed compat/served-versions-differ compat/storage-version-changed compat/stored-version-removed compat/type-changed compat/version-removed compat/version-unserved cr/cel-not-checked cr/cel-rule cr/cel-rules-skipped cr/embedded-resource cr/finalizer-name cr/list-duplicate cr/metadata cr/not-an-object cr/ratcheted cr/scale-replicas cr/schema cr/type-meta cr/unknown-field cr/version-not-served cr/version-schema-differs crd/api-approval crd/conversion crd/decode crd/deprecation-warning crd/field-not-in-version crd/group crd/last-applied-too-large crd/metadata crd/metadata-name crd/names crd/per-version-fields crd/preserve-unknown-fields crd/preserve-unknown-fields-deprecated crd/printer-column-path crd/printer-columns crd/request-too-large crd/schema-required crd/scope crd/selectable-fields crd/stored-versions crd/subresources crd/unknown-field crd/v1beta1-deprecated crd/versions input/crd-unusable input/duplicate-crd input/missing-type-meta input/no-manifests input/no-schema input/not-a-manifest io/read meta/blanket-suppression meta/missing-reason meta/unused-suppression schema/additional-properties schema/default schema/default-forbidden schema/embedded-resource schema/forbidden-keyword schema/list-type schema/map-type schema/non-scalar-set schema/not-checked schema/nullable-root schema/pattern-too-complex schema/preserve-unknown-fields schema/status-root schema/structural schema/type schema/unique-items schema/unrecognized-format schema/validation-rule suite/case-failed suite/invalid suite/no-crd suite/unused-file vendor/modified versions/deprecated-storage versions/non-kube-version-name versions/schema-drift-without-conversion versions/storage-not-preferred versions/unserved-storage write/not-rewritten yaml/alias-budget yaml/duplicate-key yaml/suspicious yaml/syntax yaml/too-deep yaml/too-large admission/ api/ builtin/ cel/ compat/ cr/ crd/ input/ io/ meta/ schema/ suite/ vendor/ versions/ write/ yaml/" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _crdlint -o nosort -o bashdefault -o default crdlint
else
    complete -F _crdlint -o bashdefault -o default crdlint
fi
