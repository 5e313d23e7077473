//! Runtime values of the evaluator and the errors evaluation produces.
//!
//! The model follows cel-go's `common/types`: `int`, `uint` and `double` are distinct types that
//! still compare and test equal across each other (Kubernetes enables cross-type numeric
//! comparisons); lists and maps are immutable and shared (`Arc`), so binding `self` to a
//! sub-value or iterating in a comprehension never copies. Lists remember their
//! `x-kubernetes-list-type`, because `==` on `set` and `map` lists ignores order, and `+` on them
//! keeps set/map semantics (Kubernetes `unstructuredSetList` / `unstructuredMapList`).
//!
//! Error texts are cel-go's (`no such key: x`, `integer overflow`, `division by zero`,
//! `no such overload`): the validator copies them verbatim into the field errors it reports.

use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

use chrono::{DateTime, FixedOffset};
use indexmap::IndexMap;

pub use super::error::{ErrorKind, EvalError};
use super::lib::{Cidr, IpAddress, Quantity, Semver, Url};

/// One CEL value.
#[derive(Clone, Debug)]
pub enum Value {
    Null,
    Bool(bool),
    Int(i64),
    Uint(u64),
    Double(f64),
    String(Arc<str>),
    Bytes(Arc<[u8]>),
    /// A duration in nanoseconds (Go `time.Duration`).
    Duration(i64),
    /// A timestamp, always within 0001-01-01 .. 9999-12-31 (UTC). The offset it was written
    /// with is kept because `string()` prints it (Go `time.Time` keeps its location).
    Timestamp(DateTime<FixedOffset>),
    List(Arc<ListValue>),
    Map(Arc<MapValue>),
    /// `optional.of(v)` (`Some`) or `optional.none()` (`None`).
    Optional(Option<Box<Value>>),
    /// A type value (`int`, `list`, `google.protobuf.Duration`, ...).
    Type(Arc<str>),
    Quantity(Arc<Quantity>),
    Url(Arc<Url>),
    Ip(Arc<IpAddress>),
    Cidr(Arc<Cidr>),
    Semver(Arc<Semver>),
    /// A named validator of the format library (`format.dns1123Label()`).
    Format(Arc<str>),
    /// Object data that does not match its schema (`invalid data, expected a map ...`): an
    /// error value that becomes an evaluation error when a rule reaches it.
    Invalid(Arc<str>),
}

/// How `==` and `+` treat a list: Kubernetes `x-kubernetes-list-type`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ListKind {
    #[default]
    Atomic,
    Set,
    /// A map list with its `x-kubernetes-list-map-keys`.
    Map(Arc<[String]>),
}

/// A list. `a + b` on atomic lists is a view over both, as cel-go's `concatList` is: the server
/// charges it a runtime cost of 1, so copying here would let a rule the server accepts (`a + a`
/// inside a comprehension) use memory quadratic in its input. The view's elements are copied
/// only when something reads them ([`ListValue::items`]), which every reader is charged for by
/// its own cost (iteration steps, traversal); `size()` and indexing never copy.
#[derive(Clone, Debug, Default)]
pub struct ListValue {
    /// The elements; for a view, filled on first read.
    items: OnceLock<Vec<Value>>,
    /// A view's two halves, kept while the elements are not copied.
    parts: Option<(Arc<ListValue>, Arc<ListValue>)>,
    len: usize,
    pub kind: ListKind,
    /// Converted from the object (Kubernetes `unstructuredList`): its index errors say
    /// `index out of bounds` instead of cel-go's `index out of range`.
    pub from_object: bool,
}

impl ListValue {
    pub fn new(items: Vec<Value>, kind: ListKind, from_object: bool) -> Self {
        ListValue {
            len: items.len(),
            items: OnceLock::from(items),
            parts: None,
            kind,
            from_object,
        }
    }

    /// `a + b` without copying either (an atomic list).
    pub fn concat(a: Arc<ListValue>, b: Arc<ListValue>, kind: ListKind) -> Self {
        ListValue {
            len: a.len.saturating_add(b.len),
            items: OnceLock::new(),
            parts: Some((a, b)),
            kind,
            from_object: false,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The element at `i`, without copying a view.
    pub fn get(&self, mut i: usize) -> Option<&Value> {
        let mut l = self;
        loop {
            if let Some(items) = l.items.get() {
                return items.get(i);
            }
            let (a, b) = l.parts.as_ref()?;
            if i < a.len {
                l = a;
            } else {
                i -= a.len;
                l = b;
            }
        }
    }

    /// The elements (a view copies them once, here).
    pub fn items(&self) -> &[Value] {
        self.items.get_or_init(|| self.flatten())
    }

    /// Appends `more` in place (a view becomes a plain list first).
    pub fn extend(&mut self, more: impl IntoIterator<Item = Value>) {
        if self.items.get().is_none() {
            let items = self.flatten();
            self.items = OnceLock::from(items);
        }
        self.parts = None;
        let items = self.items.get_mut().expect("set above");
        items.extend(more);
        self.len = items.len();
    }

    /// Copies a view's elements in order, with an explicit stack: views of views are as deep as
    /// the expression nests `+`, and nothing here may recurse on input.
    fn flatten(&self) -> Vec<Value> {
        let mut out = Vec::with_capacity(self.len);
        let mut stack: Vec<&ListValue> = vec![self];
        while let Some(l) = stack.pop() {
            if let Some(items) = l.items.get() {
                out.extend(items.iter().cloned());
            } else if let Some((a, b)) = &l.parts {
                stack.push(b);
                stack.push(a);
            }
        }
        out
    }
}

/// The entries of a [`MapValue`], hashed with foldhash (see Cargo.toml): selecting a field
/// hashes its name, once per `.field` in every rule evaluation.
pub type Entries = IndexMap<Key, Value, foldhash::fast::RandomState>;

/// A map or an object. Object fields are stored under their CEL (escaped) names; the order is
/// the source order, which is the iteration order of comprehensions over the map.
#[derive(Clone, Debug, Default)]
pub struct MapValue {
    pub entries: Entries,
    /// `Some(type name)` for schema objects (struct-like: fields are selected, not indexed).
    pub object: Option<Arc<str>>,
}

/// A map key: CEL allows bool, int, uint and string keys; cel-go's map literals also take
/// `null` and doubles (its evaluator keys a Go map by the value, and both are hashable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Key {
    Null,
    Bool(bool),
    Int(i64),
    Uint(u64),
    /// The bits of a double, `-0.0` stored as `0.0` (Go map keys compare `-0 == +0`). Unlike
    /// Go, a NaN key is found again and NaNs with the same bits share one entry.
    Double(u64),
    String(Arc<str>),
}

/// Hashed by hand so that [`StrKey`] can hash as a [`Key::String`] without building one.
impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            Key::Null => state.write_u8(0),
            Key::Bool(b) => {
                state.write_u8(1);
                b.hash(state);
            }
            Key::Int(i) => {
                state.write_u8(2);
                i.hash(state);
            }
            Key::Uint(u) => {
                state.write_u8(3);
                u.hash(state);
            }
            Key::Double(bits) => {
                state.write_u8(4);
                bits.hash(state);
            }
            Key::String(s) => StrKey(s).hash(state),
        }
    }
}

/// A borrowed string key: looks up [`Key::String`] entries without allocating an `Arc<str>`
/// per lookup (field selection does one lookup per `.field`).
struct StrKey<'a>(&'a str);

impl Hash for StrKey<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u8(5);
        self.0.hash(state);
    }
}

impl indexmap::Equivalent<Key> for StrKey<'_> {
    fn equivalent(&self, key: &Key) -> bool {
        matches!(key, Key::String(s) if **s == *self.0)
    }
}

/// The [`Key::Double`] bits of `d`.
fn double_key(d: f64) -> Key {
    Key::Double(if d == 0.0 { 0 } else { d.to_bits() })
}

impl Key {
    pub fn from_value(v: &Value) -> Result<Key, EvalError> {
        Ok(match v {
            Value::Null => Key::Null,
            Value::Bool(b) => Key::Bool(*b),
            Value::Int(i) => Key::Int(*i),
            Value::Uint(u) => Key::Uint(*u),
            Value::Double(d) => double_key(*d),
            Value::String(s) => Key::String(s.clone()),
            _ => return Err(EvalError::new(ErrorKind::Other, "unsupported key type")),
        })
    }
    pub fn to_value(&self) -> Value {
        match self {
            Key::Null => Value::Null,
            Key::Bool(b) => Value::Bool(*b),
            Key::Int(i) => Value::Int(*i),
            Key::Uint(u) => Value::Uint(*u),
            Key::Double(bits) => Value::Double(f64::from_bits(*bits)),
            Key::String(s) => Value::String(s.clone()),
        }
    }
}

impl MapValue {
    /// Looks a key up with CEL's heterogeneous numeric key equality (`m[1u]` finds key `1`),
    /// as cel-go's `Find`: the key itself first; a double then as an int or a uint (but an
    /// int or uint key is never looked up as a double).
    pub fn get(&self, key: &Value) -> Option<&Value> {
        match key {
            Value::Double(d) => {
                if let Some(v) = self.entries.get(&double_key(*d)) {
                    return Some(v);
                }
                if d.fract() == 0.0 {
                    if *d >= -9.223_372_036_854_776e18 && *d < 9.223_372_036_854_776e18 {
                        if let Some(v) = self.entries.get(&Key::Int(*d as i64)) {
                            return Some(v);
                        }
                    }
                    if *d >= 0.0 && *d < 1.844_674_407_370_955_2e19 {
                        return self.entries.get(&Key::Uint(*d as u64));
                    }
                }
                None
            }
            Value::Int(i) => self.entries.get(&Key::Int(*i)).or_else(|| {
                u64::try_from(*i)
                    .ok()
                    .and_then(|u| self.entries.get(&Key::Uint(u)))
            }),
            Value::Uint(u) => self.entries.get(&Key::Uint(*u)).or_else(|| {
                i64::try_from(*u)
                    .ok()
                    .and_then(|i| self.entries.get(&Key::Int(i)))
            }),
            _ => Key::from_value(key).ok().and_then(|k| self.entries.get(&k)),
        }
    }
    #[inline]
    pub fn get_str(&self, key: &str) -> Option<&Value> {
        // A converted object has a few fields: comparing lengths, then bytes, is cheaper than
        // hashing the name (every `.field` and `has()` looks one up, ~300,000 times on the
        // 10,000-resource workload). Keys are unique, so the first match is the entry.
        if self.entries.len() <= SCAN_UP_TO {
            return self
                .entries
                .iter()
                .find(|(k, _)| matches!(k, Key::String(s) if same_str(s, key)))
                .map(|(_, v)| v);
        }
        self.entries.get(&StrKey(key))
    }
}

/// Where a plan's field name was last found in a map ([`MapValue::get_str_at`]): objects
/// converted from documents of one kind keep their fields in one order, so a field is most
/// often where it was in the previous object. Only a hint: a wrong one costs one comparison.
/// Atomic (relaxed) because a plan is shared by the threads that evaluate it.
#[derive(Debug, Default)]
pub struct Hint(std::sync::atomic::AtomicU32);

impl Clone for Hint {
    fn clone(&self) -> Self {
        Hint(std::sync::atomic::AtomicU32::new(
            self.0.load(std::sync::atomic::Ordering::Relaxed),
        ))
    }
}

impl MapValue {
    /// [`Self::get_str`], looking first where `hint` says the key was last found and
    /// remembering where it is otherwise.
    #[inline]
    pub fn get_str_at(&self, key: &str, hint: &Hint) -> Option<&Value> {
        use std::sync::atomic::Ordering::Relaxed;
        let h = hint.0.load(Relaxed) as usize;
        if let Some((Key::String(k), v)) = self.entries.get_index(h) {
            if same_str(k, key) {
                return Some(v);
            }
        }
        let (i, v) = self.get_str_full(key)?;
        hint.0.store(i as u32, Relaxed);
        Some(v)
    }

    /// [`Self::get_str`] with the entry's position.
    #[inline(never)]
    fn get_str_full(&self, key: &str) -> Option<(usize, &Value)> {
        if self.entries.len() <= SCAN_UP_TO {
            return self
                .entries
                .iter()
                .enumerate()
                .find(|(_, (k, _))| matches!(k, Key::String(s) if same_str(s, key)))
                .map(|(i, (_, v))| (i, v));
        }
        self.entries.get_full(&StrKey(key)).map(|(i, _, v)| (i, v))
    }
}

/// A string's [`Value::actual_size`]: its length in characters.
#[inline]
pub fn str_size(s: &str) -> u64 {
    // ASCII (almost every string) has one character a byte: checked a word at a time.
    if s.is_ascii() {
        s.len() as u64
    } else {
        s.chars().count() as u64
    }
}

/// `a == b` without a call to `memcmp` for strings up to 16 bytes (field and variable names:
/// every `.field` compares the name with an object's keys, every identifier with the
/// variables' names, several times per evaluation).
#[inline(always)]
pub(crate) fn same_str(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let n = a.len();
    if n != b.len() {
        return false;
    }
    // The first and the last eight (four) bytes, overlapping when shorter than sixteen
    // (eight).
    match n {
        8..=16 => word8(a, 0) == word8(b, 0) && word8(a, n - 8) == word8(b, n - 8),
        4..=7 => word4(a, 0) == word4(b, 0) && word4(a, n - 4) == word4(b, n - 4),
        0..=3 => a.iter().zip(b).all(|(x, y)| x == y),
        _ => a == b,
    }
}

/// The eight bytes of `s` from `at` as one word (one bounds check, one load).
#[inline(always)]
fn word8(s: &[u8], at: usize) -> u64 {
    match s[at..].first_chunk::<8>() {
        Some(w) => u64::from_ne_bytes(*w),
        None => 0,
    }
}

/// The four bytes of `s` from `at` as one word.
#[inline(always)]
fn word4(s: &[u8], at: usize) -> u32 {
    match s[at..].first_chunk::<4>() {
        Some(w) => u32::from_ne_bytes(*w),
        None => 0,
    }
}

/// Up to this many entries [`MapValue::get_str`] scans instead of hashing.
const SCAN_UP_TO: usize = 8;

pub type EvalResult = Result<Value, EvalError>;

impl Value {
    pub fn string(s: &str) -> Value {
        Value::String(Arc::from(s))
    }
    pub fn list(items: Vec<Value>) -> Value {
        Value::List(Arc::new(ListValue::new(items, ListKind::Atomic, false)))
    }
    pub fn map(entries: Entries) -> Value {
        Value::Map(Arc::new(MapValue {
            entries,
            object: None,
        }))
    }
    pub fn none() -> Value {
        Value::Optional(None)
    }
    pub fn some(v: Value) -> Value {
        Value::Optional(Some(Box::new(v)))
    }

    /// The CEL type name, as `type(x)` and error messages spell it.
    pub fn type_name(&self) -> &str {
        match self {
            Value::Null => "null_type",
            Value::Bool(_) => "bool",
            Value::Int(_) => "int",
            Value::Uint(_) => "uint",
            Value::Double(_) => "double",
            Value::String(_) => "string",
            Value::Bytes(_) => "bytes",
            Value::Duration(_) => "google.protobuf.Duration",
            Value::Timestamp(_) => "google.protobuf.Timestamp",
            Value::List(_) => "list",
            Value::Map(m) => m.object.as_deref().unwrap_or("map"),
            Value::Optional(_) => "optional_type",
            Value::Type(_) => "type",
            Value::Quantity(_) => "kubernetes.Quantity",
            Value::Url(_) => "kubernetes.URL",
            Value::Ip(_) => "net.IP",
            Value::Cidr(_) => "net.CIDR",
            Value::Semver(_) => "kubernetes.Semver",
            Value::Format(_) => "kubernetes.NamedFormat",
            Value::Invalid(_) => "error",
        }
    }

    /// cel-go `actualSize`: the size of sized values (strings in code points, bytes, lists, maps),
    /// 1 for everything else; optionals count their content.
    pub fn actual_size(&self) -> u64 {
        match self {
            Value::String(s) => str_size(s),
            Value::Bytes(b) => b.len() as u64,
            Value::List(l) => l.len() as u64,
            Value::Map(m) => m.entries.len() as u64,
            Value::Optional(Some(v)) => v.actual_size(),
            _ => 1,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(i) => Some(*i),
            _ => None,
        }
    }
    pub fn as_list(&self) -> Option<&ListValue> {
        match self {
            Value::List(l) => Some(l),
            _ => None,
        }
    }
}

/// cel-go `Equal`: numeric values compare across int/uint/double, everything else only within
/// its own type (different types are simply not equal). Set and map lists ignore order.
pub fn equals(a: &Value, b: &Value) -> bool {
    use Value::*;
    match (a, b) {
        (Null, Null) => true,
        (Bool(x), Bool(y)) => x == y,
        (Int(_) | Uint(_) | Double(_), Int(_) | Uint(_) | Double(_)) => {
            numeric_cmp(a, b) == Some(std::cmp::Ordering::Equal)
        }
        (String(x), String(y)) => x == y,
        (Bytes(x), Bytes(y)) => x == y,
        (Duration(x), Duration(y)) => x == y,
        (Timestamp(x), Timestamp(y)) => x == y,
        (List(x), List(y)) => lists_equal(x, y),
        (Map(x), Map(y)) => {
            x.entries.len() == y.entries.len()
                && x.entries.iter().all(|(k, v)| match y.get(&k.to_value()) {
                    Some(w) => equals(v, w),
                    None => false,
                })
        }
        (Optional(x), Optional(y)) => match (x, y) {
            (None, None) => true,
            (Some(x), Some(y)) => equals(x, y),
            _ => false,
        },
        (Type(x), Type(y)) => x == y,
        (Quantity(x), Quantity(y)) => x.cmp_value(y) == std::cmp::Ordering::Equal,
        (Url(x), Url(y)) => x.same(y),
        (Ip(x), Ip(y)) => x == y,
        (Cidr(x), Cidr(y)) => x == y,
        (Semver(x), Semver(y)) => x.compare(y) == std::cmp::Ordering::Equal,
        (Format(x), Format(y)) => x == y,
        _ => false,
    }
}

fn lists_equal(x: &ListValue, y: &ListValue) -> bool {
    if x.len() != y.len() {
        return false;
    }
    match (&x.kind, &y.kind) {
        (ListKind::Set, _) | (_, ListKind::Set) => {
            // Kubernetes unstructuredSetList.Equal: same size and every element of one is in the
            // other. Sets of scalars are small in practice; quadratic in the worst case like Go.
            x.items()
                .iter()
                .all(|e| y.items().iter().any(|f| equals(e, f)))
        }
        (ListKind::Map(keys), _) | (_, ListKind::Map(keys)) => {
            // unstructuredMapList.Equal: match elements by their key fields.
            let keys = keys.clone();
            x.items().iter().all(|e| {
                y.items()
                    .iter()
                    .find(|f| same_map_keys(e, f, &keys))
                    .is_some_and(|f| equals(e, f))
            })
        }
        _ => x.items().iter().zip(y.items()).all(|(a, b)| equals(a, b)),
    }
}

fn same_map_keys(a: &Value, b: &Value, keys: &[String]) -> bool {
    let (Value::Map(a), Value::Map(b)) = (a, b) else {
        return false;
    };
    keys.iter()
        .all(|k| match (map_key_field(a, k), map_key_field(b, k)) {
            (Some(x), Some(y)) => equals(x, y),
            (None, None) => true,
            _ => false,
        })
}

/// A list-map key field of an element: objects store fields under their escaped names, and
/// under the raw name when it cannot be escaped.
pub fn map_key_field<'a>(m: &'a MapValue, key: &str) -> Option<&'a Value> {
    match crate::cel::escaping::escape(key) {
        Some(e) => m.get_str(&e),
        None => m.get_str(key),
    }
}

/// Orders two numbers of any numeric type exactly (no precision loss for large ints).
pub fn numeric_cmp(a: &Value, b: &Value) -> Option<std::cmp::Ordering> {
    use std::cmp::Ordering;
    use Value::*;
    match (a, b) {
        (Int(x), Int(y)) => Some(x.cmp(y)),
        (Uint(x), Uint(y)) => Some(x.cmp(y)),
        (Double(x), Double(y)) => x.partial_cmp(y),
        (Int(x), Uint(y)) => Some(if *x < 0 {
            Ordering::Less
        } else {
            (*x as u64).cmp(y)
        }),
        (Uint(_), Int(_)) => numeric_cmp(b, a).map(Ordering::reverse),
        (Int(x), Double(y)) => cmp_i64_f64(*x, *y),
        (Double(_), Int(_)) => numeric_cmp(b, a).map(Ordering::reverse),
        (Uint(x), Double(y)) => {
            // cel-go's compareDoubleUint: out of range decides, otherwise the uint is converted
            // to double (lossy above 2^53), as the server compares.
            if y.is_nan() {
                None
            } else if *y < 0.0 {
                Some(Ordering::Greater)
            } else if *y > u64::MAX as f64 {
                Some(Ordering::Less)
            } else {
                (*x as f64).partial_cmp(y)
            }
        }
        (Double(_), Uint(_)) => numeric_cmp(b, a).map(Ordering::reverse),
        _ => None,
    }
}

/// cel-go's compareDoubleInt, reversed: out of range decides, otherwise the int is converted to
/// double (lossy above 2^53: `dyn(9223372036854775807) < 9223372036854775808.0` is false there).
fn cmp_i64_f64(x: i64, y: f64) -> Option<std::cmp::Ordering> {
    use std::cmp::Ordering;
    if y.is_nan() {
        return None;
    }
    if y > i64::MAX as f64 {
        return Some(Ordering::Less);
    }
    if y < i64::MIN as f64 {
        return Some(Ordering::Greater);
    }
    (x as f64).partial_cmp(&y)
}

/// `<` and friends: numbers across types, strings (bytewise, as Go), bytes, bools, durations,
/// timestamps. Anything else is `no such overload`.
pub fn compare(a: &Value, b: &Value) -> Result<std::cmp::Ordering, EvalError> {
    use Value::*;
    let o = match (a, b) {
        (Int(_) | Uint(_) | Double(_), Int(_) | Uint(_) | Double(_)) => numeric_cmp(a, b),
        (String(x), String(y)) => Some(x.as_bytes().cmp(y.as_bytes())),
        (Bytes(x), Bytes(y)) => Some(x.cmp(y)),
        (Bool(x), Bool(y)) => Some(x.cmp(y)),
        (Duration(x), Duration(y)) => Some(x.cmp(y)),
        (Timestamp(x), Timestamp(y)) => Some(x.cmp(y)),
        _ => return Err(EvalError::no_such_overload()),
    };
    // NaN compares false with everything; callers map `None` to false.
    o.ok_or_else(|| EvalError::new(ErrorKind::Other, "NaN"))
}

/// Go's `%g` rendering that cel-go uses for `string(double)` is the same as Go's `%v` of a
/// float64, which field errors print too.
pub use crate::k8s::field::go_float as format_double;

/// Go `time.Duration.String()`-independent rendering cel-go uses for `string(duration)`:
/// seconds with the shortest fraction and an `s` suffix (`1.5s`, `3600s`).
pub fn format_duration(nanos: i64) -> String {
    let secs = nanos / 1_000_000_000;
    let frac = (nanos % 1_000_000_000).unsigned_abs();
    let mut s = String::new();
    if nanos < 0 && secs == 0 {
        s.push('-');
    }
    s.push_str(&secs.to_string());
    if frac != 0 {
        let f = format!("{frac:09}");
        s.push('.');
        s.push_str(f.trim_end_matches('0'));
    }
    s.push('s');
    s
}

/// RFC 3339 with nanoseconds as Go's `time.RFC3339Nano` prints it (trailing zeros trimmed).
pub fn format_timestamp(t: &DateTime<FixedOffset>) -> String {
    let mut s = t.format("%Y-%m-%dT%H:%M:%S").to_string();
    let nanos = t.timestamp_subsec_nanos();
    if nanos != 0 {
        let f = format!("{nanos:09}");
        s.push('.');
        s.push_str(f.trim_end_matches('0'));
    }
    let off = t.offset().local_minus_utc();
    if off == 0 {
        s.push('Z');
    } else {
        let a = off.unsigned_abs();
        s.push_str(&format!(
            "{}{:02}:{:02}",
            if off < 0 { '-' } else { '+' },
            a / 3600,
            (a % 3600) / 60
        ));
    }
    s
}

/// How a scalar is printed as the `<value>` of a field error (Go `%#v`-ish as apimachinery
/// renders it): strings quoted, numbers and bools bare.
pub fn render_field_value(v: &Value) -> Option<String> {
    Some(match v {
        Value::String(s) => quote(s),
        Value::Int(i) => i.to_string(),
        Value::Uint(u) => u.to_string(),
        Value::Double(d) => format_double(*d),
        Value::Bool(b) => b.to_string(),
        Value::Null => "null".into(),
        _ => return None,
    })
}

/// Go `strconv.Quote`-like quoting that `strings.quote` uses and errors show strings with.
pub(crate) fn quote(st: &str) -> std::string::String {
    let mut out = std::string::String::from("\"");
    for c in st.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\x0c' => out.push_str("\\f"),
            '\x0b' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups_with_a_hint_find_what_lookups_without_find() {
        // Maps scanned and maps hashed, one hint shared by all of them (as a plan shares it
        // between objects), names present at other positions and missing.
        let maps: Vec<MapValue> = [3usize, 12, 1, 0]
            .iter()
            .map(|&n| {
                let mut entries = Entries::default();
                entries.insert(Key::Int(7), Value::Int(-1));
                for i in (0..n).rev() {
                    entries.insert(
                        Key::String(Arc::from(format!("k{i}"))),
                        Value::Int(i as i64),
                    );
                }
                MapValue {
                    entries,
                    object: None,
                }
            })
            .collect();
        let hint = Hint::default();
        for _ in 0..2 {
            for m in &maps {
                for i in 0..14 {
                    let k = format!("k{i}");
                    let found = m.get_str_at(&k, &hint).map(|v| format!("{v:?}"));
                    assert_eq!(found, m.get_str(&k).map(|v| format!("{v:?}")), "{k}");
                }
                assert!(m.get_str_at("", &hint).is_none());
            }
        }
    }

    #[test]
    fn int_and_uint_against_double_convert_like_cel_go() {
        use std::cmp::Ordering::*;
        // In range, the integer becomes a double (lossy above 2^53), as cel-go compares.
        let big = Value::Double(9_223_372_036_854_775_808.0);
        assert_eq!(numeric_cmp(&Value::Int(i64::MAX), &big), Some(Equal));
        assert_eq!(
            numeric_cmp(
                &Value::Uint(u64::MAX),
                &Value::Double(1.8446744073709552e19)
            ),
            Some(Equal)
        );
        assert_eq!(
            numeric_cmp(
                &Value::Int((1 << 53) + 1),
                &Value::Double(9007199254740992.0)
            ),
            Some(Equal)
        );
        // Out of range decides without converting.
        assert_eq!(
            numeric_cmp(&Value::Int(i64::MAX), &Value::Double(1e19)),
            Some(Less)
        );
        assert_eq!(
            numeric_cmp(&Value::Uint(0), &Value::Double(-0.5)),
            Some(Greater)
        );
        assert_eq!(
            numeric_cmp(&Value::Uint(1), &Value::Double(1e20)),
            Some(Less)
        );
        assert_eq!(numeric_cmp(&Value::Int(1), &Value::Double(f64::NAN)), None);
    }

    #[test]
    fn numbers_compare_across_types() {
        assert!(equals(&Value::Int(1), &Value::Double(1.0)));
        assert!(equals(&Value::Uint(1), &Value::Int(1)));
        assert!(!equals(&Value::Int(-1), &Value::Uint(u64::MAX)));
        assert!(!equals(&Value::Double(f64::NAN), &Value::Double(f64::NAN)));
        assert_eq!(
            compare(&Value::Int(i64::MAX), &Value::Double(9.3e18)).unwrap(),
            std::cmp::Ordering::Less
        );
        assert!(!equals(&Value::Int(1), &Value::string("1")));
    }

    #[test]
    fn set_lists_ignore_order() {
        let set = |v: Vec<i64>| {
            Value::List(Arc::new(ListValue::new(
                v.into_iter().map(Value::Int).collect(),
                ListKind::Set,
                true,
            )))
        };
        assert!(equals(&set(vec![1, 2]), &set(vec![2, 1])));
        assert!(!equals(
            &Value::list(vec![Value::Int(1), Value::Int(2)]),
            &Value::list(vec![Value::Int(2), Value::Int(1)])
        ));
    }

    #[test]
    fn doubles_print_like_go() {
        assert_eq!(format_double(1.0), "1");
        assert_eq!(format_double(0.5), "0.5");
        assert_eq!(format_double(1e21), "1e+21");
        assert_eq!(format_double(123456.0), "123456");
        assert_eq!(format_double(1234567.0), "1.234567e+06");
        assert_eq!(format_double(1e-5), "1e-05");
        assert_eq!(format_double(-2.5), "-2.5");
        assert_eq!(format_duration(1_500_000_000), "1.5s");
        assert_eq!(format_duration(3_600_000_000_000), "3600s");
    }
}
