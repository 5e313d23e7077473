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
# cel-go ext.Strings v0 (Kubernetes 1.0) and v2 additions (1.29).
charAt string_char_at_int m 0 (string, int) string
indexOf string_index_of_string m 0 (string, string) int
indexOf string_index_of_string_int m 0 (string, string, int) int
lastIndexOf string_last_index_of_string m 0 (string, string) int
lastIndexOf string_last_index_of_string_int m 0 (string, string, int) int
lowerAscii string_lower_ascii m 0 (string) string
replace string_replace_string_string m 0 (string, string, string) string
replace string_replace_string_string_int m 0 (string, string, string, int) string
split string_split_string m 0 (string, string) list(string)
split string_split_string_int m 0 (string, string, int) list(string)
substring string_substring_int m 0 (string, int) string
substring string_substring_int_int m 0 (string, int, int) string
trim string_trim m 0 (string) string
upperAscii string_upper_ascii m 0 (string) string
strings.quote strings_quote g 29 (string) string
join list_join m 29 (list(string)) string
join list_join_string m 29 (list(string), string) string
# cel-go ext.Sets (1.29) is on the overload table (src/cel/eval/functions/sets.rs).
# cel-go ext.TwoVarComprehensions (1.32): the helper the transformMap macros call.
cel.@mapInsert @mapInsert_map_key_value g 32 (map(K,V), K, V) map(K,V)
cel.@mapInsert @mapInsert_map_map g 32 (map(K,V), map(K,V)) map(K,V)
# cel-go ext.Lists v3 (1.34).
slice list_slice m 34 (list(T), int, int) list(T)
flatten list_flatten m 34 (list(list(T))) list(T)
flatten list_flatten_int m 34 (list(dyn), int) list(dyn)
sort list_int_sort m 34 (list(int)) list(int)
sort list_uint_sort m 34 (list(uint)) list(uint)
sort list_double_sort m 34 (list(double)) list(double)
sort list_bool_sort m 34 (list(bool)) list(bool)
sort list_google.protobuf.Duration_sort m 34 (list(duration)) list(duration)
sort list_google.protobuf.Timestamp_sort m 34 (list(timestamp)) list(timestamp)
sort list_string_sort m 34 (list(string)) list(string)
sort list_bytes_sort m 34 (list(bytes)) list(bytes)
@sortByAssociatedKeys list_int_sortByAssociatedKeys m 34 (list(T), list(int)) list(T)
@sortByAssociatedKeys list_uint_sortByAssociatedKeys m 34 (list(T), list(uint)) list(T)
@sortByAssociatedKeys list_double_sortByAssociatedKeys m 34 (list(T), list(double)) list(T)
@sortByAssociatedKeys list_bool_sortByAssociatedKeys m 34 (list(T), list(bool)) list(T)
@sortByAssociatedKeys list_google.protobuf.Duration_sortByAssociatedKeys m 34 (list(T), list(duration)) list(T)
@sortByAssociatedKeys list_google.protobuf.Timestamp_sortByAssociatedKeys m 34 (list(T), list(timestamp)) list(T)
@sortByAssociatedKeys list_string_sortByAssociatedKeys m 34 (list(T), list(string)) list(T)
@sortByAssociatedKeys list_bytes_sortByAssociatedKeys m 34 (list(T), list(bytes)) list(T)
lists.range lists_range g 34 (int) list(int)
reverse list_reverse m 34 (list(T)) list(T)
distinct list_distinct m 34 (list(T)) list(T)
# Kubernetes lists library v0 (apiserver pkg/cel/library/lists.go), 1.0.
isSorted list_int_is_sorted_bool m 0 (list(int)) bool
isSorted list_uint_is_sorted_bool m 0 (list(uint)) bool
isSorted list_double_is_sorted_bool m 0 (list(double)) bool
isSorted list_bool_is_sorted_bool m 0 (list(bool)) bool
isSorted list_duration_is_sorted_bool m 0 (list(duration)) bool
isSorted list_timestamp_is_sorted_bool m 0 (list(timestamp)) bool
isSorted list_string_is_sorted_bool m 0 (list(string)) bool
isSorted list_bytes_is_sorted_bool m 0 (list(bytes)) bool
sum list_int_sum_int m 0 (list(int)) int
sum list_uint_sum_uint m 0 (list(uint)) uint
sum list_double_sum_double m 0 (list(double)) double
sum list_duration_sum_duration m 0 (list(duration)) duration
max list_int_max_int m 0 (list(int)) int
max list_uint_max_uint m 0 (list(uint)) uint
max list_double_max_double m 0 (list(double)) double
max list_bool_max_bool m 0 (list(bool)) bool
max list_duration_max_duration m 0 (list(duration)) duration
max list_timestamp_max_timestamp m 0 (list(timestamp)) timestamp
max list_string_max_string m 0 (list(string)) string
max list_bytes_max_bytes m 0 (list(bytes)) bytes
min list_int_min_int m 0 (list(int)) int
min list_uint_min_uint m 0 (list(uint)) uint
min list_double_min_double m 0 (list(double)) double
min list_bool_min_bool m 0 (list(bool)) bool
min list_duration_min_duration m 0 (list(duration)) duration
min list_timestamp_min_timestamp m 0 (list(timestamp)) timestamp
min list_string_min_string m 0 (list(string)) string
min list_bytes_min_bytes m 0 (list(bytes)) bytes
indexOf list_a_index_of_int m 0 (list(A), A) int
lastIndexOf list_a_last_index_of_int m 0 (list(A), A) int
# Kubernetes regex library (1.0).
find string_find_string m 0 (string, string) string
findAll string_find_all_string m 0 (string, string) list(string)
findAll string_find_all_string_int m 0 (string, string, int) list(string)
# Kubernetes URL library (1.0).
url string_to_url g 0 (string) URL
getScheme url_get_scheme m 0 (URL) string
getHost url_get_host m 0 (URL) string
getHostname url_get_hostname m 0 (URL) string
getPort url_get_port m 0 (URL) string
getEscapedPath url_get_escaped_path m 0 (URL) string
getQuery url_get_query m 0 (URL) map(string,list(string))
isURL is_url_string g 0 (string) bool
# Kubernetes authorizer library (1.27; CRD rules have no authorizer variable).
path authorizer_path m 27 (Authorizer, string) PathCheck
group authorizer_group m 27 (Authorizer, string) GroupCheck
serviceAccount authorizer_serviceaccount m 27 (Authorizer, string, string) Authorizer
resource groupcheck_resource m 27 (GroupCheck, string) ResourceCheck
subresource resourcecheck_subresource m 27 (ResourceCheck, string) ResourceCheck
namespace resourcecheck_namespace m 27 (ResourceCheck, string) ResourceCheck
name resourcecheck_name m 27 (ResourceCheck, string) ResourceCheck
check pathcheck_check m 27 (PathCheck, string) Decision
check resourcecheck_check m 27 (ResourceCheck, string) Decision
errored decision_errored m 27 (Decision) bool
error decision_error m 27 (Decision) string
allowed decision_allowed m 27 (Decision) bool
reason decision_reason m 27 (Decision) string
fieldSelector authorizer_fieldselector m 31 (ResourceCheck, string) ResourceCheck
labelSelector authorizer_labelselector m 31 (ResourceCheck, string) ResourceCheck
# Kubernetes quantity library (1.28).
quantity string_to_quantity g 28 (string) Quantity
isQuantity is_quantity_string g 28 (string) bool
sign quantity_sign g 28 (Quantity) int
isGreaterThan quantity_is_greater_than m 28 (Quantity, Quantity) bool
isLessThan quantity_is_less_than m 28 (Quantity, Quantity) bool
compareTo quantity_compare_to m 28 (Quantity, Quantity) int
asApproximateFloat quantity_get_float m 28 (Quantity) double
asInteger quantity_get_int m 28 (Quantity) int
isInteger quantity_is_integer m 28 (Quantity) bool
add quantity_add m 28 (Quantity, Quantity) Quantity
add quantity_add_int m 28 (Quantity, int) Quantity
sub quantity_sub m 28 (Quantity, Quantity) Quantity
sub quantity_sub_int m 28 (Quantity, int) Quantity
# Kubernetes IP and CIDR libraries (1.30).
ip string_to_ip g 30 (string) IP
family ip_family m 30 (IP) int
ip.isCanonical ip_is_canonical g 30 (string) bool
isUnspecified ip_is_unspecified m 30 (IP) bool
isLoopback ip_is_loopback m 30 (IP) bool
isLinkLocalMulticast ip_is_link_local_multicast m 30 (IP) bool
isLinkLocalUnicast ip_is_link_local_unicast m 30 (IP) bool
isGlobalUnicast ip_is_global_unicast m 30 (IP) bool
isIP is_ip g 30 (string) bool
string ip_to_string g 30 (IP) string
cidr string_to_cidr g 30 (string) CIDR
containsIP cidr_contains_ip_string m 30 (CIDR, string) bool
containsIP cidr_contains_ip_ip m 30 (CIDR, IP) bool
containsCIDR cidr_contains_cidr_string m 30 (CIDR, string) bool
containsCIDR cidr_contains_cidr m 30 (CIDR, CIDR) bool
ip cidr_ip m 30 (CIDR) IP
prefixLength cidr_prefix_length m 30 (CIDR) int
masked cidr_masked m 30 (CIDR) CIDR
isCIDR is_cidr g 30 (string) bool
string cidr_to_string g 30 (CIDR) string
# Kubernetes format library (1.31).
validate format-validate m 31 (Format, string) opt(list(string))
format.named format-named g 31 (string) opt(Format)
format.dns1123Label format.dns1123Label g 31 () Format
format.dns1123Subdomain format.dns1123Subdomain g 31 () Format
format.dns1035Label format.dns1035Label g 31 () Format
format.qualifiedName format.qualifiedName g 31 () Format
format.dns1123LabelPrefix format.dns1123LabelPrefix g 31 () Format
format.dns1123SubdomainPrefix format.dns1123SubdomainPrefix g 31 () Format
format.dns1035LabelPrefix format.dns1035LabelPrefix g 31 () Format
format.labelValue format.labelValue g 31 () Format
format.uri format.uri g 31 () Format
format.uuid format.uuid g 31 () Format
format.byte format.byte g 31 () Format
format.date format.date g 31 () Format
format.datetime format.datetime g 31 () Format
# Kubernetes semver library v1 (1.33).
semver string_to_semver g 33 (string) Semver
semver string_bool_to_semver g 33 (string, bool) Semver
isSemver is_semver_string g 33 (string) bool
isSemver is_semver_string_bool g 33 (string, bool) bool
isGreaterThan semver_is_greater_than m 33 (Semver, Semver) bool
isLessThan semver_is_less_than m 33 (Semver, Semver) bool
compareTo semver_compare_to m 33 (Semver, Semver) int
major semver_major m 33 (Semver) int
minor semver_minor m 33 (Semver) int
patch semver_patch m 33 (Semver) int
# Kubernetes lists library v1 (1.37).
includes list_includes_dyn_dyn m 37 (dyn, dyn) bool
# Kubernetes JSONPatch library: not in the base environment (mutating admission only).
jsonpatch.escapeKey string_jsonpatch_escapeKey_string g 9999 (string) string
