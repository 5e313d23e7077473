//! CEL types as the checker sees them, and the Kubernetes *declared types* built from a CRD
//! schema.
//!
//! Two layers, mirroring cel-go and apiserver:
//!
//! * [`Type`] is a CEL type (cel-go `common/types.Type`): primitives, `list(T)`, `map(K, V)`,
//!   `optional_type(T)`, `type(T)`, type parameters, `dyn`, the error type, the well-known
//!   `google.protobuf.Duration`/`Timestamp`, opaque library types (`kubernetes.URL`, `net.IP`, ...)
//!   and object types. Object types are the schema's objects: they carry their [`DeclType`] so that
//!   field lookup needs no registry.
//! * [`DeclType`] is apiserver's `pkg/cel/types.go` `DeclType`: the schema node's CEL shape plus
//!   `max_elements` (an upper bound on list/map entries or string length, used by the cost
//!   estimator) and `min_serialized_size` (the smallest JSON encoding, used to derive bounds when
//!   the schema gives none). [`crate::cel::schema_types`] builds it exactly as `common/schemas.go`
//!   does.
//!
//! Type names appear in checker messages (`found no matching overload for '_+_' applied to
//! '(int, string)'`), so [`Type`]'s `Display` prints cel-go's `FormatCELType` spelling.

use std::fmt;
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::{Arc, OnceLock};

use indexmap::IndexMap;

/// A CEL type. Equality is structural; object types compare by name (apiserver names every
/// object type uniquely: `<root>.<field>`, `<parent>.@idx`, `<parent>.@elem`).
#[derive(Clone, Debug)]
pub enum Type {
    Int,
    Uint,
    Double,
    Bool,
    String,
    Bytes,
    /// `null_type` (printed `null` by cel-go's `FormatCELType`).
    Null,
    /// `google.protobuf.Duration`.
    Duration,
    /// `google.protobuf.Timestamp`.
    Timestamp,
    List(Box<Type>),
    Map(Box<Type>, Box<Type>),
    /// A schema object (cel-go `StructKind` / message type); fields in [`DeclType::fields`].
    Object(Arc<DeclType>),
    Dyn,
    /// A type parameter of an overload (`A`, `K`, `V`) or a fresh checker variable (`_var0`).
    TypeParam(String),
    /// `optional_type(T)`.
    Optional(Box<Type>),
    /// The type of a type value: `type(int)`; `Type(Box::new(Type::Dyn))` prints as `type`.
    Type(Box<Type>),
    /// The checker's error type (printed `*error*`); assignable to and from everything so that one
    /// mistake reports once.
    Error,
    /// An opaque library type (cel-go `OpaqueKind`) with its parameters, e.g.
    /// `Opaque("kubernetes.URL", [])`. Use the constructors below for the Kubernetes ones.
    Opaque(Arc<str>, Vec<Type>),
}

/// Names of the opaque types the Kubernetes libraries declare (apiserver `pkg/cel/library`).
pub mod opaque {
    pub const URL: &str = "kubernetes.URL";
    pub const IP: &str = "net.IP";
    pub const CIDR: &str = "net.CIDR";
    pub const QUANTITY: &str = "kubernetes.Quantity";
    pub const SEMVER: &str = "kubernetes.Semver";
    pub const FORMAT: &str = "kubernetes.NamedFormat";
    pub const AUTHORIZER: &str = "kubernetes.authorization.Authorizer";
    pub const PATH_CHECK: &str = "kubernetes.authorization.PathCheck";
    pub const GROUP_CHECK: &str = "kubernetes.authorization.GroupCheck";
    pub const RESOURCE_CHECK: &str = "kubernetes.authorization.ResourceCheck";
    pub const DECISION: &str = "kubernetes.authorization.Decision";
    pub const FIELD_SELECTOR: &str = "kubernetes.FieldSelector";
    pub const LABEL_SELECTOR: &str = "kubernetes.LabelSelector";
}

impl Type {
    pub fn list(elem: Type) -> Type {
        Type::List(Box::new(elem))
    }
    pub fn map(key: Type, value: Type) -> Type {
        Type::Map(Box::new(key), Box::new(value))
    }
    pub fn optional(t: Type) -> Type {
        Type::Optional(Box::new(t))
    }
    pub fn type_of(t: Type) -> Type {
        Type::Type(Box::new(t))
    }
    pub fn param(name: &str) -> Type {
        Type::TypeParam(name.to_string())
    }
    pub fn opaque(name: &str) -> Type {
        Type::Opaque(Arc::from(name), Vec::new())
    }

    /// cel-go `isDyn`.
    pub fn is_dyn(&self) -> bool {
        matches!(self, Type::Dyn)
    }
    /// cel-go `isDynOrError`.
    pub fn is_dyn_or_error(&self) -> bool {
        matches!(self, Type::Dyn | Type::Error)
    }
    /// Bool, int, uint, double, string, bytes, duration, timestamp, null: values of these types
    /// have a size of 1 for cost purposes (cel-go `checker/cost.go` `isScalar`).
    pub fn is_scalar(&self) -> bool {
        matches!(
            self,
            Type::Int
                | Type::Uint
                | Type::Double
                | Type::Bool
                | Type::Null
                | Type::Duration
                | Type::Timestamp
        )
    }

    /// The parameters of a parameterised type (list element, map key and value, optional value,
    /// opaque parameters), in order.
    pub fn parameters(&self) -> Vec<&Type> {
        match self {
            Type::List(e) | Type::Optional(e) | Type::Type(e) => vec![e],
            Type::Map(k, v) => vec![k, v],
            Type::Opaque(_, ps) => ps.iter().collect(),
            _ => Vec::new(),
        }
    }

    /// The declared schema type of an object type.
    pub fn decl(&self) -> Option<&Arc<DeclType>> {
        match self {
            Type::Object(d) => Some(d),
            _ => None,
        }
    }

    /// Same kind and same type name, parameters ignored (cel-go: `Kind() == && TypeName() ==`).
    pub fn same_head(&self, other: &Type) -> bool {
        match (self, other) {
            (Type::Object(a), Type::Object(b)) => a.name == b.name,
            (Type::Opaque(a, _), Type::Opaque(b, _)) => a == b,
            (Type::TypeParam(a), Type::TypeParam(b)) => a == b,
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }
}

impl PartialEq for Type {
    fn eq(&self, other: &Type) -> bool {
        match (self, other) {
            (Type::List(a), Type::List(b))
            | (Type::Optional(a), Type::Optional(b))
            | (Type::Type(a), Type::Type(b)) => a == b,
            (Type::Map(a, b), Type::Map(c, d)) => a == c && b == d,
            (Type::Object(a), Type::Object(b)) => a.name == b.name,
            (Type::TypeParam(a), Type::TypeParam(b)) => a == b,
            (Type::Opaque(a, x), Type::Opaque(b, y)) => a == b && x == y,
            _ => {
                std::mem::discriminant(self) == std::mem::discriminant(other)
                    && self.parameters().is_empty()
            }
        }
    }
}

impl Eq for Type {}

impl fmt::Display for Type {
    /// cel-go `FormatCELType`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Int => f.write_str("int"),
            Type::Uint => f.write_str("uint"),
            Type::Double => f.write_str("double"),
            Type::Bool => f.write_str("bool"),
            Type::String => f.write_str("string"),
            Type::Bytes => f.write_str("bytes"),
            Type::Null => f.write_str("null"),
            Type::Duration => f.write_str("duration"),
            Type::Timestamp => f.write_str("timestamp"),
            Type::List(e) => write!(f, "list({e})"),
            Type::Map(k, v) => write!(f, "map({k}, {v})"),
            Type::Object(d) => f.write_str(&d.name),
            Type::Dyn => f.write_str("dyn"),
            Type::TypeParam(n) => f.write_str(n),
            Type::Optional(t) => write!(f, "optional_type({t})"),
            Type::Type(t) => {
                if t.is_dyn() {
                    f.write_str("type")
                } else {
                    write!(f, "type({t})")
                }
            }
            Type::Error => f.write_str("!error!"),
            Type::Opaque(n, ps) => {
                f.write_str(n)?;
                if !ps.is_empty() {
                    f.write_str("(")?;
                    for (i, p) in ps.iter().enumerate() {
                        if i > 0 {
                            f.write_str(", ")?;
                        }
                        write!(f, "{p}")?;
                    }
                    f.write_str(")")?;
                }
                Ok(())
            }
        }
    }
}

/// The shape of a [`DeclType`].
#[derive(Clone, Debug)]
pub enum DeclKind {
    /// A scalar schema: int, double, bool, string, bytes, duration, timestamp, or `dyn`
    /// (int-or-string).
    Scalar(Type),
    /// `type: array` with items.
    List(Arc<DeclType>),
    /// `type: object` with an `additionalProperties` schema; keys are strings.
    Map(Arc<DeclType>),
    /// `type: object` with properties (possibly none).
    Object,
}

/// One visible property of an object [`DeclType`].
#[derive(Clone, Debug)]
pub struct DeclField {
    /// The escaped CEL name (§5.2), e.g. `foo__dash__bar`.
    pub name: String,
    /// The property name as written in the schema.
    pub json_name: String,
    pub ty: Arc<DeclType>,
    /// Listed in the parent's `required`.
    pub required: bool,
}

/// The hasher of [`DeclType::fields`].
pub type FieldHasher = foldhash::fast::RandomState;

/// apiserver `DeclType`: a schema node as CEL sees it.
#[derive(Clone, Debug)]
pub struct DeclType {
    /// The type name: `int`, `string`, `list`, `map`, ... for non-objects; for objects the unique
    /// name (`<root>.<field>`, `<parent>.@idx`, `<parent>.@elem`) that checker messages print.
    pub name: String,
    pub kind: DeclKind,
    /// Object fields by escaped name, in schema order (empty for non-objects). Hashed with
    /// foldhash, like the schema's properties (see Cargo.toml): built for every schema node
    /// CEL sees, and looked up by the checker and the cost estimator.
    pub fields: IndexMap<String, DeclField, FieldHasher>,
    /// For lists and maps: the most entries; for strings and bytes: the longest length (bytes,
    /// maxLength×4 for strings); for int-or-string: as for strings; 0 for other scalars and
    /// objects. Exactly apiserver's `MaxElements`.
    pub max_elements: i64,
    /// The smallest JSON encoding in bytes (apiserver's `MinSerializedSize`).
    pub min_serialized_size: i64,
    /// `x-kubernetes-list-type` of a list (`atomic`, `set`, `map`), for runtime equality.
    pub list_type: Option<String>,
    /// `x-kubernetes-list-map-keys` of a `map` list.
    pub list_map_keys: Vec<String>,
    /// The structural fingerprint, computed on first use ([`DeclType::fingerprint`]).
    pub(crate) fingerprint: FingerprintCell,
}

impl DeclType {
    /// A scalar declared type.
    pub fn scalar(name: &str, ty: Type, min_size: i64, max_elements: i64) -> DeclType {
        DeclType {
            name: name.to_string(),
            kind: DeclKind::Scalar(ty),
            fields: IndexMap::default(),
            max_elements,
            min_serialized_size: min_size,
            list_type: None,
            list_map_keys: Vec::new(),
            fingerprint: FingerprintCell::default(),
        }
    }

    /// The CEL type of values of this declared type.
    pub fn cel_type(self: &Arc<Self>) -> Type {
        match &self.kind {
            DeclKind::Scalar(t) => t.clone(),
            DeclKind::List(e) => Type::list(e.cel_type()),
            DeclKind::Map(v) => Type::map(Type::String, v.cel_type()),
            DeclKind::Object => Type::Object(self.clone()),
        }
    }

    pub fn is_object(&self) -> bool {
        matches!(self.kind, DeclKind::Object)
    }
    pub fn is_list(&self) -> bool {
        matches!(self.kind, DeclKind::List(_))
    }
    pub fn is_map(&self) -> bool {
        matches!(self.kind, DeclKind::Map(_))
    }
    /// The element type of a list, or the value type of a map.
    pub fn elem(&self) -> Option<&Arc<DeclType>> {
        match &self.kind {
            DeclKind::List(e) | DeclKind::Map(e) => Some(e),
            _ => None,
        }
    }
    /// The key type of a map: the shared string type, whose `max_elements` is 0 (apiserver's
    /// `StringType`).
    pub fn key(&self) -> Option<Arc<DeclType>> {
        match &self.kind {
            DeclKind::Map(_) => Some(Arc::new(DeclType::scalar("string", Type::String, 2, 0))),
            _ => None,
        }
    }
    /// A field by escaped name.
    pub fn field(&self, escaped: &str) -> Option<&DeclField> {
        self.fields.get(escaped)
    }

    /// A 128-bit hash of everything in this declared type and below it except the names of
    /// object types (shapes, field names, bounds, list types): equal for structurally equal
    /// types built from different schemas (the linter's, the cost estimator's and the
    /// validator's copies of one CRD, versions that repeat a schema, or a node's type derived
    /// from the node itself and the same node's type derived from the schema root), so
    /// compilations can be shared between them ([`super::cache`]). Object type names are left
    /// out because the checker only compares them with each other, and within one type tree
    /// they name its nodes one-to-one: two trees of one shape check an expression alike, and
    /// the names show only in error messages ([`DeclType::names_fingerprint`] tells those
    /// apart). Computed once per node; a node's children are hashed once and reused by their
    /// parents.
    pub fn fingerprint(&self) -> u128 {
        *self.fingerprint.0.get_or_init(|| {
            // Names are left out: object names (see above), and the others are fixed by the
            // kind and scalar type (`int`, `list`, `map`, ...).
            let mut h = Fingerprinter::new();
            match &self.kind {
                DeclKind::Scalar(t) => {
                    0u8.hash(&mut h);
                    hash_type(t, &mut h);
                }
                DeclKind::List(e) => {
                    1u8.hash(&mut h);
                    e.fingerprint().hash(&mut h);
                }
                DeclKind::Map(e) => {
                    2u8.hash(&mut h);
                    e.fingerprint().hash(&mut h);
                }
                DeclKind::Object => 3u8.hash(&mut h),
            }
            self.fields.len().hash(&mut h);
            // The key is the escaped field name, which also names the field and, escaping
            // being one-to-one, its property.
            for (k, f) in &self.fields {
                k.hash(&mut h);
                f.required.hash(&mut h);
                f.ty.fingerprint().hash(&mut h);
            }
            self.max_elements.hash(&mut h);
            self.min_serialized_size.hash(&mut h);
            self.list_type.hash(&mut h);
            self.list_map_keys.hash(&mut h);
            h.finish128()
        })
    }

    /// A 128-bit hash of the object type names in this declared type and below it, in a fixed
    /// order: with [`DeclType::fingerprint`], it tells apart trees that checker messages would
    /// print differently. Not memoised: it is needed only when a compilation failed.
    pub fn names_fingerprint(&self) -> u128 {
        let mut h = Fingerprinter::new();
        self.hash_names(&mut h);
        h.finish128()
    }

    fn hash_names(&self, h: &mut Fingerprinter) {
        self.name.hash(h);
        if let Some(e) = self.elem() {
            e.hash_names(h);
        }
        for f in self.fields.values() {
            f.ty.hash_names(h);
        }
    }
}

/// The memoised [`DeclType::fingerprint`]. A clone starts empty: clones are made to be edited
/// (the cost estimator's re-estimates change `max_elements` of a copy).
#[derive(Default)]
pub(crate) struct FingerprintCell(OnceLock<u128>);

impl Clone for FingerprintCell {
    fn clone(&self) -> Self {
        FingerprintCell::default()
    }
}

impl fmt::Debug for FingerprintCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("..")
    }
}

/// Two SipHash states with independent per-process random keys: 128 bits, so that an
/// accidental collision between two of a run's (at most some 10^5) types is out of reach, and
/// no input can be crafted to collide without knowing the keys. The input is gathered first
/// and hashed in one piece: a type node feeds many short items (a field name, a flag, a
/// child's fingerprint), and SipHash's cost per item was most of the fingerprint's.
pub(crate) struct Fingerprinter(Vec<u8>);

impl Fingerprinter {
    pub(crate) fn new() -> Self {
        Fingerprinter(Vec::with_capacity(64))
    }
    pub(crate) fn finish128(&self) -> u128 {
        static KEYS: OnceLock<(std::hash::RandomState, std::hash::RandomState)> = OnceLock::new();
        let (a, b) =
            KEYS.get_or_init(|| (std::hash::RandomState::new(), std::hash::RandomState::new()));
        let half = |k: &std::hash::RandomState| {
            let mut h = k.build_hasher();
            h.write(&self.0);
            h.finish()
        };
        (u128::from(half(a)) << 64) | u128::from(half(b))
    }
}

impl Hasher for Fingerprinter {
    fn write(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }
    fn finish(&self) -> u64 {
        let f = self.finish128();
        (f >> 64) as u64 ^ f as u64
    }
}

/// Feeds the object type names of a [`Type`] into a fingerprint
/// ([`DeclType::names_fingerprint`]).
pub(crate) fn hash_type_names(t: &Type, h: &mut Fingerprinter) {
    match t {
        Type::List(e) | Type::Optional(e) | Type::Type(e) => hash_type_names(e, h),
        Type::Map(k, v) => {
            hash_type_names(k, h);
            hash_type_names(v, h);
        }
        Type::Object(d) => d.names_fingerprint().hash(h),
        Type::Opaque(_, ps) => {
            for p in ps {
                hash_type_names(p, h);
            }
        }
        _ => {}
    }
}

/// Feeds a [`Type`] into a fingerprint: its full structure, objects by their declared type's
/// fingerprint (their fields matter to the checker, not only their name).
pub(crate) fn hash_type(t: &Type, h: &mut Fingerprinter) {
    std::mem::discriminant(t).hash(h);
    match t {
        Type::List(e) | Type::Optional(e) | Type::Type(e) => hash_type(e, h),
        Type::Map(k, v) => {
            hash_type(k, h);
            hash_type(v, h);
        }
        Type::Object(d) => d.fingerprint().hash(h),
        Type::TypeParam(n) => n.hash(h),
        Type::Opaque(n, ps) => {
            n.hash(h);
            ps.len().hash(h);
            for p in ps {
                hash_type(p, h);
            }
        }
        _ => {}
    }
}

/// The parameter list of the declaration notation split at its top-level commas.
pub fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(s[start..].trim());
    out
}

/// Parses a type written in the notation of the declaration tables (`list(A)`, `opt(V)`,
/// `Quantity`; a single capital letter is a type parameter, added to `params`).
pub fn parse_type(s: &str, params: &mut Vec<String>) -> Option<Type> {
    let s = s.trim();
    if let Some(open) = s.find('(') {
        let head = &s[..open];
        let inner = s.get(open + 1..s.len() - 1)?;
        let args: Vec<Type> = split_top(inner)
            .into_iter()
            .map(|a| parse_type(a, params))
            .collect::<Option<_>>()?;
        return match (head, args.as_slice()) {
            ("list", [e]) => Some(Type::list(e.clone())),
            ("map", [k, v]) => Some(Type::map(k.clone(), v.clone())),
            ("opt", [t]) => Some(Type::optional(t.clone())),
            ("type", [t]) => Some(Type::type_of(t.clone())),
            _ => None,
        };
    }
    Some(match s {
        "int" => Type::Int,
        "uint" => Type::Uint,
        "double" => Type::Double,
        "bool" => Type::Bool,
        "string" => Type::String,
        "bytes" => Type::Bytes,
        "null" => Type::Null,
        "dyn" => Type::Dyn,
        "duration" => Type::Duration,
        "timestamp" => Type::Timestamp,
        "URL" => Type::opaque(opaque::URL),
        "IP" => Type::opaque(opaque::IP),
        "CIDR" => Type::opaque(opaque::CIDR),
        "Quantity" => Type::opaque(opaque::QUANTITY),
        "Semver" => Type::opaque(opaque::SEMVER),
        "Format" => Type::opaque(opaque::FORMAT),
        "Authorizer" => Type::opaque(opaque::AUTHORIZER),
        "PathCheck" => Type::opaque(opaque::PATH_CHECK),
        "GroupCheck" => Type::opaque(opaque::GROUP_CHECK),
        "ResourceCheck" => Type::opaque(opaque::RESOURCE_CHECK),
        "Decision" => Type::opaque(opaque::DECISION),
        p if p.len() == 1 && p.chars().all(|c| c.is_ascii_uppercase()) => {
            if !params.iter().any(|x| x == p) {
                params.push(p.to_string());
            }
            Type::param(p)
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_like_cel_go() {
        assert_eq!(
            Type::map(Type::String, Type::list(Type::Int)).to_string(),
            "map(string, list(int))"
        );
        assert_eq!(Type::optional(Type::Dyn).to_string(), "optional_type(dyn)");
        assert_eq!(Type::type_of(Type::Dyn).to_string(), "type");
        assert_eq!(Type::type_of(Type::Int).to_string(), "type(int)");
        assert_eq!(Type::Null.to_string(), "null");
        assert_eq!(Type::Timestamp.to_string(), "timestamp");
        assert_eq!(Type::opaque(opaque::URL).to_string(), "kubernetes.URL");
    }

    #[test]
    fn equality_is_structural() {
        assert_eq!(Type::list(Type::Int), Type::list(Type::Int));
        assert_ne!(Type::list(Type::Int), Type::list(Type::Uint));
        assert_ne!(Type::Int, Type::Dyn);
    }
}
