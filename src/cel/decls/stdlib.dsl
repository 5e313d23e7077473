_?_:_ conditional g 0 (bool, A, A) A
_&&_ logical_and g 0 (bool, bool) bool
_||_ logical_or g 0 (bool, bool) bool
!_ logical_not g 0 (bool) bool
@not_strictly_false not_strictly_false g 0 (bool) bool
_==_ equals g 0 (A, A) bool
_!=_ not_equals g 0 (A, A) bool
_+_ add_bytes g 0 (bytes, bytes) bytes
_+_ add_double g 0 (double, double) double
_+_ add_duration_duration g 0 (duration, duration) duration
_+_ add_duration_timestamp g 0 (duration, timestamp) timestamp
_+_ add_timestamp_duration g 0 (timestamp, duration) timestamp
_+_ add_int64 g 0 (int, int) int
_+_ add_list g 0 (list(A), list(A)) list(A)
_+_ add_string g 0 (string, string) string
_+_ add_uint64 g 0 (uint, uint) uint
_/_ divide_double g 0 (double, double) double
_/_ divide_int64 g 0 (int, int) int
_/_ divide_uint64 g 0 (uint, uint) uint
_%_ modulo_int64 g 0 (int, int) int
_%_ modulo_uint64 g 0 (uint, uint) uint
_*_ multiply_double g 0 (double, double) double
_*_ multiply_int64 g 0 (int, int) int
_*_ multiply_uint64 g 0 (uint, uint) uint
-_ negate_double g 0 (double) double
-_ negate_int64 g 0 (int) int
_-_ subtract_double g 0 (double, double) double
_-_ subtract_duration_duration g 0 (duration, duration) duration
_-_ subtract_int64 g 0 (int, int) int
_-_ subtract_timestamp_duration g 0 (timestamp, duration) timestamp
_-_ subtract_timestamp_timestamp g 0 (timestamp, timestamp) duration
_-_ subtract_uint64 g 0 (uint, uint) uint
_<_ less_bool g 0 (bool, bool) bool
_<_ less_int64 g 0 (int, int) bool
_<_ less_int64_double g 28 (int, double) bool
_<_ less_int64_uint64 g 28 (int, uint) bool
_<_ less_uint64 g 0 (uint, uint) bool
_<_ less_uint64_double g 28 (uint, double) bool
_<_ less_uint64_int64 g 28 (uint, int) bool
_<_ less_double g 0 (double, double) bool
_<_ less_double_int64 g 28 (double, int) bool
_<_ less_double_uint64 g 28 (double, uint) bool
_<_ less_string g 0 (string, string) bool
_<_ less_bytes g 0 (bytes, bytes) bool
_<_ less_timestamp g 0 (timestamp, timestamp) bool
_<_ less_duration g 0 (duration, duration) bool
_<=_ less_equals_bool g 0 (bool, bool) bool
_<=_ less_equals_int64 g 0 (int, int) bool
_<=_ less_equals_int64_double g 28 (int, double) bool
_<=_ less_equals_int64_uint64 g 28 (int, uint) bool
_<=_ less_equals_uint64 g 0 (uint, uint) bool
_<=_ less_equals_uint64_double g 28 (uint, double) bool
_<=_ less_equals_uint64_int64 g 28 (uint, int) bool
_<=_ less_equals_double g 0 (double, double) bool
_<=_ less_equals_double_int64 g 28 (double, int) bool
_<=_ less_equals_double_uint64 g 28 (double, uint) bool
_<=_ less_equals_string g 0 (string, string) bool
_<=_ less_equals_bytes g 0 (bytes, bytes) bool
_<=_ less_equals_timestamp g 0 (timestamp, timestamp) bool
_<=_ less_equals_duration g 0 (duration, duration) bool
_>_ greater_bool g 0 (bool, bool) bool
_>_ greater_int64 g 0 (int, int) bool
_>_ greater_int64_double g 28 (int, double) bool
_>_ greater_int64_uint64 g 28 (int, uint) bool
_>_ greater_uint64 g 0 (uint, uint) bool
_>_ greater_uint64_double g 28 (uint, double) bool
_>_ greater_uint64_int64 g 28 (uint, int) bool
_>_ greater_double g 0 (double, double) bool
_>_ greater_double_int64 g 28 (double, int) bool
_>_ greater_double_uint64 g 28 (double, uint) bool
_>_ greater_string g 0 (string, string) bool
_>_ greater_bytes g 0 (bytes, bytes) bool
_>_ greater_timestamp g 0 (timestamp, timestamp) bool
_>_ greater_duration g 0 (duration, duration) bool
_>=_ greater_equals_bool g 0 (bool, bool) bool
_>=_ greater_equals_int64 g 0 (int, int) bool
_>=_ greater_equals_int64_double g 28 (int, double) bool
_>=_ greater_equals_int64_uint64 g 28 (int, uint) bool
_>=_ greater_equals_uint64 g 0 (uint, uint) bool
_>=_ greater_equals_uint64_double g 28 (uint, double) bool
_>=_ greater_equals_uint64_int64 g 28 (uint, int) bool
_>=_ greater_equals_double g 0 (double, double) bool
_>=_ greater_equals_double_int64 g 28 (double, int) bool
_>=_ greater_equals_double_uint64 g 28 (double, uint) bool
_>=_ greater_equals_string g 0 (string, string) bool
_>=_ greater_equals_bytes g 0 (bytes, bytes) bool
_>=_ greater_equals_timestamp g 0 (timestamp, timestamp) bool
_>=_ greater_equals_duration g 0 (duration, duration) bool
_[_] index_list g 0 (list(A), int) A
_[_] index_map g 0 (map(A,B), A) B
@in in_list g 0 (A, list(A)) bool
@in in_map g 0 (A, map(A,B)) bool
size size_bytes g 0 (bytes) int
size bytes_size m 0 (bytes) int
size size_list g 0 (list(A)) int
size list_size m 0 (list(A)) int
size size_map g 0 (map(A,B)) int
size map_size m 0 (map(A,B)) int
size size_string g 0 (string) int
size string_size m 0 (string) int
type type g 0 (A) type(A)
bool bool_to_bool g 0 (bool) bool
bool string_to_bool g 0 (string) bool
bytes bytes_to_bytes g 0 (bytes) bytes
bytes string_to_bytes g 0 (string) bytes
double double_to_double g 0 (double) double
double int64_to_double g 0 (int) double
double string_to_double g 0 (string) double
double uint64_to_double g 0 (uint) double
duration duration_to_duration g 0 (duration) duration
duration string_to_duration g 0 (string) duration
dyn to_dyn g 0 (A) dyn
int int64_to_int64 g 0 (int) int
int double_to_int64 g 0 (double) int
int duration_to_int64 g 0 (duration) int
int string_to_int64 g 0 (string) int
int timestamp_to_int64 g 0 (timestamp) int
int uint64_to_int64 g 0 (uint) int
string string_to_string g 0 (string) string
string bool_to_string g 0 (bool) string
string bytes_to_string g 0 (bytes) string
string double_to_string g 0 (double) string
string duration_to_string g 0 (duration) string
string int64_to_string g 0 (int) string
string timestamp_to_string g 0 (timestamp) string
string uint64_to_string g 0 (uint) string
timestamp timestamp_to_timestamp g 0 (timestamp) timestamp
timestamp int64_to_timestamp g 0 (int) timestamp
timestamp string_to_timestamp g 0 (string) timestamp
uint uint64_to_uint64 g 0 (uint) uint
uint double_to_uint64 g 0 (double) uint
uint int64_to_uint64 g 0 (int) uint
uint string_to_uint64 g 0 (string) uint
contains contains_string m 0 (string, string) bool
endsWith ends_with_string m 0 (string, string) bool
startsWith starts_with_string m 0 (string, string) bool
matches matches g 0 (string, string) bool
matches matches_string m 0 (string, string) bool
getFullYear timestamp_to_year m 0 (timestamp) int
getFullYear timestamp_to_year_with_tz m 0 (timestamp, string) int
getMonth timestamp_to_month m 0 (timestamp) int
getMonth timestamp_to_month_with_tz m 0 (timestamp, string) int
getDayOfYear timestamp_to_day_of_year m 0 (timestamp) int
getDayOfYear timestamp_to_day_of_year_with_tz m 0 (timestamp, string) int
getDayOfMonth timestamp_to_day_of_month m 0 (timestamp) int
getDayOfMonth timestamp_to_day_of_month_with_tz m 0 (timestamp, string) int
getDate timestamp_to_day_of_month_1_based m 0 (timestamp) int
getDate timestamp_to_day_of_month_1_based_with_tz m 0 (timestamp, string) int
getDayOfWeek timestamp_to_day_of_week m 0 (timestamp) int
getDayOfWeek timestamp_to_day_of_week_with_tz m 0 (timestamp, string) int
getHours timestamp_to_hours m 0 (timestamp) int
getHours timestamp_to_hours_with_tz m 0 (timestamp, string) int
getHours duration_to_hours m 0 (duration) int
getMinutes timestamp_to_minutes m 0 (timestamp) int
getMinutes timestamp_to_minutes_with_tz m 0 (timestamp, string) int
getMinutes duration_to_minutes m 0 (duration) int
getSeconds timestamp_to_seconds m 0 (timestamp) int
getSeconds timestamp_to_seconds_tz m 0 (timestamp, string) int
getSeconds duration_to_seconds m 0 (duration) int
getMilliseconds timestamp_to_milliseconds m 0 (timestamp) int
getMilliseconds timestamp_to_milliseconds_with_tz m 0 (timestamp, string) int
getMilliseconds duration_to_milliseconds m 0 (duration) int
