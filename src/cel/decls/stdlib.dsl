# The standard library's operators the evaluator plans itself (cel-go common/stdlib/standard.go:
# logical operators, ?:, +, indexing, in), not yet on the overload table; its other functions
# and operators are (src/cel/eval/functions/standard.rs).
_?_:_ conditional g 0 (bool, A, A) A
_&&_ logical_and g 0 (bool, bool) bool
_||_ logical_or g 0 (bool, bool) bool
@not_strictly_false not_strictly_false g 0 (bool) bool
_+_ add_bytes g 0 (bytes, bytes) bytes
_+_ add_double g 0 (double, double) double
_+_ add_duration_duration g 0 (duration, duration) duration
_+_ add_duration_timestamp g 0 (duration, timestamp) timestamp
_+_ add_timestamp_duration g 0 (timestamp, duration) timestamp
_+_ add_int64 g 0 (int, int) int
_+_ add_list g 0 (list(A), list(A)) list(A)
_+_ add_string g 0 (string, string) string
_+_ add_uint64 g 0 (uint, uint) uint
_[_] index_list g 0 (list(A), int) A
_[_] index_map g 0 (map(A,B), A) B
@in in_list g 0 (A, list(A)) bool
@in in_map g 0 (A, map(A,B)) bool
