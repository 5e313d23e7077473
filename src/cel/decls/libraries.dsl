# Optional types (cel-go cel/library.go optionalLib, 1.28) are on the overload table
# (src/cel/eval/functions/optional.rs) but for _[_] on optionals, which moves with the
# standard library's _[_].
_[_] optional_list_index_int g 28 (opt(list(V)), int) opt(V)
_[_] optional_map_index_value g 28 (opt(map(K,V)), K) opt(V)
# cel-go ext.Strings v2 is on the overload table (src/cel/eval/functions/strings.rs).
# cel-go ext.Sets (1.29) is on the overload table (src/cel/eval/functions/sets.rs).
# cel-go ext.TwoVarComprehensions (1.32): cel.@mapInsert is on the overload table
# (src/cel/eval/functions/two_var.rs).
# cel-go ext.Lists v3 (1.34) is on the overload table (src/cel/eval/functions/lists.rs).
# The Kubernetes libraries are on the overload table (src/cel/eval/functions/kubernetes.rs).
