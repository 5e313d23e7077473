#!/usr/bin/env bash
# Regenerates everything crdlint derives from upstream data for the supported minors, in one
# command: assembles the spec folder scripts/gen-builtin-bundle.py reads (one folder per minor,
# from the sources below), runs the generator's proofs, rebuilds data/builtin/, and prints the
# `behavior::MINORS` row of each minor from k8s.io/apiserver's go.mod (the version table's
# generated part). docs/new-minor.md is the checklist around it.
#
# Usage: scripts/gen-builtin-data.sh WORK_DIR
#   with git directories (clones or `fetch` mirrors) named by these variables:
#   KUBECTL_VALIDATE_GIT  kubernetes-sigs/kubectl-validate (1.23-1.35 v3 documents)
#   K8S_PB_GIT            kube-rs/k8s-pb                   (1.36 swagger.json)
#   K8S_API_GIT           kubernetes/api                   (Go types: defaults, kinds)
#   K8S_APISERVER_GIT     kubernetes/apiserver             (go.mod per minor; optional)
# and `pip download` reaching PyPI for kubernetes-validate. Nothing fetched is committed: only
# data/builtin/*.z change.
#
# A new minor 1.N is one line in SOURCES: `1.N kv 1.N.0 <k8s.io/api ref>` (and KV_PACKAGE the
# kubernetes-validate release that ships 1.N.0)
# (or `v2 <k8s-pb commit> <api ref>` when kube-rs/k8s-pb has its swagger.json).
set -euo pipefail

KV_PACKAGE=1.37.0
SOURCES='
1.23-1.35 v3 a97ccfaca20b164819afdae780392496f6ed6bbd -
1.36 v2 7d74b0b0eb581c9aedc175e25773226e37446460 v0.36.0
1.37 kv 1.37.0 10b39a39bcee995dfe7cd5e8e7b922be5e46f1e2
'
# The previous minors' proofs: each rebuild method against published v3 documents.
CHECKS='
1.35 kv 1.35.0 v0.35.0
1.34 kv 1.34.0 v0.34.0
1.35 v2 8d5c28e v0.35.0
'

work=${1:?usage: scripts/gen-builtin-data.sh WORK_DIR}
here=$(cd "$(dirname "$0")/.." && pwd)
gen="$here/scripts/gen-builtin-bundle.py"
: "${KUBECTL_VALIDATE_GIT:?}" "${K8S_PB_GIT:?}" "${K8S_API_GIT:?}"
mkdir -p "$work/spec" "$work/api" "$work/kv"

api_tree() { # ref -> folder with the k8s.io/api tree at ref
    local d="$work/api/$1"
    if [ ! -d "$d" ]; then
        mkdir -p "$d"
        git -C "$K8S_API_GIT" archive "$1" | tar x -C "$d"
    fi
    echo "$d"
}
kv_defs() { # Kubernetes version X.Y.Z -> _definitions.json of vX.Y.Z in kubernetes-validate
    # $KV_PACKAGE (the newest release, which ships the last few minors)
    local d="$work/kv/$KV_PACKAGE"
    if [ ! -d "$d" ]; then
        mkdir -p "$d"
        pip download --quiet --no-deps "kubernetes-validate==$KV_PACKAGE" -d "$d"
        (cd "$d" && unzip -q -o ./*.whl)
    fi
    echo "$d/kubernetes_validate/kubernetes-json-schema/v$1-local/_definitions.json"
}
swagger() { # k8s-pb commit -> swagger.json file
    local f="$work/swagger-$1.json"
    [ -f "$f" ] || git -C "$K8S_PB_GIT" show "$1:k8s-pb-codegen/openapi/swagger.json" >"$f"
    echo "$f"
}

v3="$work/kubectl-validate"
echo "$SOURCES" | while read -r minors kind src api; do
    [ -n "$minors" ] || continue
    case $kind in
    v3)
        if [ ! -d "$v3" ]; then
            mkdir -p "$v3"
            git -C "$KUBECTL_VALIDATE_GIT" archive "$src" pkg/openapiclient/builtins | tar x -C "$v3"
        fi
        lo=${minors%-*}; hi=${minors#*-}
        for m in $(seq "${lo#1.}" "${hi#1.}"); do
            ln -sfn "$v3/pkg/openapiclient/builtins/1.$m" "$work/spec/1.$m"
        done
        ;;
    v2)
        mkdir -p "$work/spec/$minors"
        cp "$(swagger "$src")" "$work/spec/$minors/swagger.json"
        ln -sfn "$(api_tree "$api")" "$work/spec/$minors/k8s.io-api"
        ;;
    kv)
        mkdir -p "$work/spec/$minors"
        cp "$(kv_defs "$src")" "$work/spec/$minors/kubernetes-validate.json"
        ln -sfn "$(api_tree "$api")" "$work/spec/$minors/k8s.io-api"
        ;;
    esac
done

# Proofs (each exits 1 on a difference).
echo "$CHECKS" | while read -r minor kind src api; do
    [ -n "$minor" ] || continue
    case $kind in
    kv) python3 "$gen" --check-v2 "$work/spec/$minor" "$(kv_defs "$src")" "$(api_tree "$api")" ;;
    v2) python3 "$gen" --check-v2 "$work/spec/$minor" "$(swagger "$src")" "$(api_tree "$api")" ;;
    esac
done
python3 "$gen" --check-kv "$(kv_defs 1.36.0)" "$(swagger 7d74b0b0eb581c9aedc175e25773226e37446460)"
python3 "$gen" --check-kv "$(kv_defs 1.35.0)" "$(swagger 8d5c28e)"
for m in $(ls "$work/spec" | sort -t. -k2 -n | tail -n +2); do
    prev="1.$(( ${m#1.} - 1 ))"
    if [ -e "$work/spec/$m/k8s.io-api" ] && [ ! -e "$work/spec/$m/kubernetes-validate.json" ]; then
        python3 "$gen" --check-kinds "$work/spec/$prev" "$work/spec/$m"
    fi
done

python3 "$gen" "$work/spec" "$here/data/builtin"

# The version table's generated part: paste into src/k8s/behavior.rs `MINORS` (upstream notes
# are the reviewer's, from docs/new-minor.md).
if [ -n "${K8S_APISERVER_GIT:-}" ]; then
    # The `.0` tags, and $APISERVER_REF_<minor> for a minor without one yet (e.g.
    # APISERVER_REF_37=v0.37.0-beta.0).
    tags=$(git -C "$K8S_APISERVER_GIT" tag -l 'v0.*.0' | grep -E '^v0\.[0-9]+\.0$' | sort -t. -k2 -n)
    for v in $(env | sed -n 's/^APISERVER_REF_[0-9]*=//p'); do tags="$tags $v"; done
    for t in $tags; do
        m=${t#v0.}; m=${m%%.*}
        [ "$m" -ge 25 ] || continue
        mod=$(git -C "$K8S_APISERVER_GIT" show "$t:go.mod")
        go=$(echo "$mod" | awk '/^go /{print "go " $2}')
        dbg=$(echo "$mod" | awk '/^godebug default=/{print ", godebug " $2}')
        cel=$(echo "$mod" | awk '$1=="github.com/google/cel-go"{print $2}')
        commit=$(git -C "$K8S_APISERVER_GIT" rev-parse --short=12 "$t^{commit}")
        echo "Minor { minor: $m, go: \"$go$dbg\", cel_go: \"${cel:-see apiextensions-apiserver}\", upstream: \"apiserver $t $commit\" },"
    done
fi
