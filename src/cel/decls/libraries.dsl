# Optional types (cel-go cel/library.go optionalLib, latest version), Kubernetes 1.28.
optional.of optional_of g 28 (V) opt(V)
optional.ofNonZeroValue optional_ofNonZeroValue g 28 (V) opt(V)
optional.none optional_none g 28 () opt(V)
value optional_value m 28 (opt(V)) V
hasValue optional_hasValue m 28 (opt(V)) bool
or optional_or_optional m 28 (opt(V), opt(V)) opt(V)
orValue optional_orValue_value m 28 (opt(V), V) V
_[?_] list_optindex_optional_int g 28 (list(V), int) opt(V)
_[?_] optional_list_optindex_optional_int g 28 (opt(list(V)), int) opt(V)
_[?_] map_optindex_optional_value g 28 (map(K,V), K) opt(V)
_[?_] optional_map_optindex_optional_value g 28 (opt(map(K,V)), K) opt(V)
_[_] optional_list_index_int g 28 (opt(list(V)), int) opt(V)
_[_] optional_map_index_value g 28 (opt(map(K,V)), K) opt(V)
last list_last m 28 (list(V)) opt(V)
first list_first m 28 (list(V)) opt(V)
optional.unwrap optional_unwrap g 28 (list(opt(V))) list(V)
unwrapOpt optional_unwrapOpt m 28 (list(opt(V))) list(V)
# cel-go ext.Strings v2 is on the overload table (src/cel/eval/functions/strings.rs).
# cel-go ext.Sets (1.29) is on the overload table (src/cel/eval/functions/sets.rs).
# cel-go ext.TwoVarComprehensions (1.32): the helper the transformMap macros call.
cel.@mapInsert @mapInsert_map_key_value g 32 (map(K,V), K, V) map(K,V)
cel.@mapInsert @mapInsert_map_map g 32 (map(K,V), map(K,V)) map(K,V)
# cel-go ext.Lists v3 (1.34) is on the overload table (src/cel/eval/functions/lists.rs).
# The Kubernetes libraries are on the overload table (src/cel/eval/functions/kubernetes.rs)
# but for the overloads whose function names other libraries share, which move with them:
# lists' indexOf/lastIndexOf (with ext.Strings') and IP/CIDR's string (with the standard
# library's conversions).
string ip_to_string g 30 (IP) string
string cidr_to_string g 30 (CIDR) string
