//! Pruning while copying: the pipeline validates a pruned copy of the resource, and copying
//! only what pruning keeps walks the resource once instead of twice (a whole copy, then the
//! pruning walk over it, was ~110 M instructions of the 10,000-resource bench workload). The
//! path is kept as links on the stack and written out only for an unknown field (writing
//! every key into a path string was ~7 M instructions of that workload).

use super::*;

/// Where the copy is: the keys and indices from the root.
#[derive(Clone, Copy)]
pub(super) enum At<'a> {
    Root,
    /// A key, and whether the path written so far is not empty (the walk's "not at the
    /// root" test, as the path string's length was).
    Key(&'a At<'a>, &'a str, bool),
    Index(&'a At<'a>, usize),
}

impl<'a> At<'a> {
    /// Whether the written path would not be empty.
    fn nonempty(&self) -> bool {
        match self {
            At::Root => false,
            At::Key(_, _, n) => *n,
            At::Index(..) => true,
        }
    }
    fn key(&'a self, k: &'a str) -> At<'a> {
        At::Key(self, k, self.nonempty() || !k.is_empty())
    }
    /// The path as [`push_key`] and [`push_index`] write it.
    fn write(&self, out: &mut String) {
        match *self {
            At::Root => {}
            At::Key(p, k, _) => {
                p.write(out);
                push_key(out, k);
            }
            At::Index(p, i) => {
                p.write(out);
                push_index(out, i);
            }
        }
    }
}

impl Pruner {
    /// `x` pruned as [`Pruner::node`] prunes it in place, as a new tree.
    pub(super) fn copy(
        &mut self,
        x: &Node,
        s: Option<&Schema>,
        at: &At<'_>,
        root: bool,
        depth: usize,
    ) -> Node {
        if depth > MAX_DEPTH {
            return x.clone();
        }
        if let Some(s) = s {
            if s.preserves_unknown_fields() {
                return self.copy_preserving(x, s, at, root, depth);
            }
        }
        let value = match &x.value {
            Value::Map(m) => {
                let Some(s) = s else {
                    for e in m.entries.iter() {
                        self.unknown_at(&at.key(&e.key), e.key_span, &e.value);
                    }
                    return Node::new(Value::Map(Map::default()), x.span(), x.style());
                };
                let embedded = s.x_embedded_resource || root;
                let mut kept = Vec::with_capacity(m.entries.len());
                for e in m.entries.iter() {
                    if embedded && META_FIELDS.contains(&e.key.as_str()) {
                        let mut e = e.clone();
                        if self.meta_field(&mut e, s, depth) {
                            kept.push(e);
                        }
                        continue;
                    }
                    let field = if let Some(p) = s.property(&e.key) {
                        Some(Some(p))
                    } else {
                        ap_schema(s)
                    };
                    let here = at.key(&e.key);
                    match field {
                        Some(fs) if !(self.nulls && drops_null(&e.value, fs)) => {
                            let value = self.copy(&e.value, fs, &here, false, depth + 1);
                            kept.push(entry(e, value));
                        }
                        Some(_) => {}
                        None => {
                            if !META_FIELDS.contains(&e.key.as_str()) || at.nonempty() {
                                self.unknown_at(&here, e.key_span, &e.value);
                            }
                        }
                    }
                }
                Value::Map(Map::from(kept))
            }
            Value::Seq(items) => {
                let item_schema = s.and_then(|s| s.items.as_deref());
                let mut copied = Vec::with_capacity(items.len());
                for (i, it) in items.iter().enumerate() {
                    let here = At::Index(at, i);
                    copied.push(self.copy(it, item_schema, &here, false, depth + 1));
                }
                Value::Seq(copied.into_boxed_slice())
            }
            _ => return x.clone(),
        };
        Node::new(value, x.span(), x.style())
    }

    /// `x` pruned as [`Pruner::preserving`] prunes it in place, as a new tree.
    fn copy_preserving(
        &mut self,
        x: &Node,
        s: &Schema,
        at: &At<'_>,
        root: bool,
        depth: usize,
    ) -> Node {
        if depth > MAX_DEPTH {
            return x.clone();
        }
        let value = match &x.value {
            Value::Map(m) => {
                let embedded = s.x_embedded_resource || root;
                let mut kept = Vec::with_capacity(m.entries.len());
                for e in m.entries.iter() {
                    if embedded && META_FIELDS.contains(&e.key.as_str()) {
                        let mut e = e.clone();
                        if self.meta_field(&mut e, s, depth) {
                            kept.push(e);
                        }
                        continue;
                    }
                    let fs = if let Some(p) = s.property(&e.key) {
                        Some(p)
                    } else if let Some(ap) = ap_schema(s) {
                        ap
                    } else {
                        // Unknown and kept whole.
                        kept.push(e.clone());
                        continue;
                    };
                    if self.nulls && drops_null(&e.value, fs) {
                        continue;
                    }
                    let value = self.copy(&e.value, fs, &at.key(&e.key), false, depth + 1);
                    kept.push(entry(e, value));
                }
                Value::Map(Map::from(kept))
            }
            Value::Seq(items) => {
                let Some(is) = s.items.as_deref() else {
                    return x.clone();
                };
                let mut copied = Vec::with_capacity(items.len());
                for (i, it) in items.iter().enumerate() {
                    let here = At::Index(at, i);
                    copied.push(self.copy_preserving(it, is, &here, false, depth + 1));
                }
                Value::Seq(copied.into_boxed_slice())
            }
            _ => return x.clone(),
        };
        Node::new(value, x.span(), x.style())
    }

    /// A pruned field at `at`.
    fn unknown_at(&mut self, at: &At<'_>, key_span: Span, value: &Node) {
        let mut path = String::new();
        at.write(&mut path);
        self.out.push(UnknownField {
            path,
            span: entry_span(key_span, value),
        });
    }
}

/// `e` with a new value.
fn entry(e: &Entry, value: Node) -> Entry {
    Entry {
        key: e.key.clone(),
        key_span: e.key_span,
        value,
    }
}
