//! Go `net/url`: `url.Parse` and `url.ParseRequestURI`, their error texts, and the accessors
//! the Kubernetes CEL URL library exposes (`Hostname`, `Port`, `EscapedPath`, `Query`,
//! `String`). Used by `format: uri` (`ParseRequestURI`), the CRD linter (webhook URLs with
//! `url.Parse`, approval URLs with `ParseRequestURI`) and CEL `url()`/`isURL()`.
//!
//! The `url` crate implements WHATWG URLs, which accept and reject different strings, so Go's
//! algorithm (`src/net/url/url.go`) is followed step by step. It is the newest patch level of
//! each Go line Kubernetes builds with, which includes two security fixes:
//! * CVE-2025-47912 (Go 1.24.8, 1.25.2): a `[` in the host must open it and enclose an IPv6
//!   address (`netip.ParseAddr`, zone allowed, IPv4 not), else `invalid IP-literal` or
//!   `invalid host: ParseAddr(...)`;
//! * CVE-2025-61726 (Go 1.24.12, 1.25.6): `ParseQuery` refuses more than 10000 parameters
//!   (GODEBUG `urlmaxqueryparams`, on by default from `godebug default=go1.24`).
//!
//! and, from Go 1.26 (`godebug default=go1.26`, Kubernetes 1.36), `urlstrictcolons`: an `http`
//! or `https` host may hold one colon only. [`Options`] carries the two GODEBUG-dependent
//! settings; the decoded fields are bytes because Go strings may hold any byte (`%ff`).

use crate::k8s::Behavior;
use crate::schema::formats::gonetip;

/// The GODEBUG settings of the Go runtime that parses (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// `urlstrictcolons=1`: `http`/`https` hosts with more than one `:` are invalid.
    pub strict_colons: bool,
    /// `urlmaxqueryparams`: `ParseQuery` refuses more than this many `&`-separated parameters.
    pub max_query_params: Option<usize>,
}

impl Options {
    /// The newest Kubernetes minor's runtime.
    pub const NEWEST: Options = Options {
        strict_colons: true,
        max_query_params: Some(10_000),
    };

    /// The runtime of the Kubernetes minor with behaviours `beh` (the
    /// [`crate::k8s::behavior`] rows `UrlStrictColons` and `UrlMaxQueryParams`).
    pub fn of(beh: Behavior) -> Options {
        Options {
            strict_colons: beh.url_strict_colons,
            max_query_params: beh.url_max_query_params.then_some(10_000),
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        Options::NEWEST
    }
}

/// Go's `url.Userinfo` (decoded).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Userinfo {
    pub username: Vec<u8>,
    /// `None` when no `:` was written.
    pub password: Option<Vec<u8>>,
}

impl Userinfo {
    /// `Userinfo.String`: `username[:password]`, re-escaped.
    pub fn to_go_string(&self) -> String {
        let mut s = escape(&self.username, Mode::UserPassword);
        if let Some(p) = &self.password {
            s.push(':');
            s.push_str(&escape(p, Mode::UserPassword));
        }
        s
    }
}

/// Go's `url.URL`: decoded fields as bytes, raw (escaped) hints as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoUrl {
    /// Lower-cased scheme, empty when none.
    pub scheme: String,
    /// Set for `scheme:opaque` forms (no leading `/` after the scheme).
    pub opaque: String,
    pub user: Option<Userinfo>,
    /// `host` or `host:port`, unescaped (`[addr%zone]` for IPv6 literals).
    pub host: Vec<u8>,
    /// Unescaped path.
    pub path: Vec<u8>,
    /// The path as written when its default encoding differs (`setPath`).
    pub raw_path: String,
    /// `scheme:/path`: no `//` was written (`OmitHost`).
    pub omit_host: bool,
    /// A lone trailing `?`.
    pub force_query: bool,
    pub raw_query: String,
    pub fragment: Vec<u8>,
    pub raw_fragment: String,
}

/// `url.ParseRequestURI` with the newest runtime's settings.
pub fn parse_request_uri(raw: &str) -> Result<GoUrl, String> {
    parse_request_uri_with(raw, Options::NEWEST)
}

/// `url.Parse` with the newest runtime's settings.
pub fn parse(raw: &str) -> Result<GoUrl, String> {
    parse_with(raw, Options::NEWEST)
}

/// `url.ParseRequestURI`: an absolute URI or an absolute path; the fragment is *not* split off
/// (a `#` stays in the path or the query).
pub fn parse_request_uri_with(raw: &str, opts: Options) -> Result<GoUrl, String> {
    parse_inner(raw, true, opts).map_err(|e| url_error(raw, &e))
}

/// `url.Parse`: a URL reference (relative allowed), fragment split at the first `#`. A parse
/// error quotes the text before the `#`, a fragment error the whole input, as Go does.
pub fn parse_with(raw: &str, opts: Options) -> Result<GoUrl, String> {
    let (u, frag) = match raw.split_once('#') {
        Some((u, f)) => (u, f),
        None => (raw, ""),
    };
    let mut url = parse_inner(u, false, opts).map_err(|e| url_error(u, &e))?;
    if !frag.is_empty() {
        url.set_fragment(frag).map_err(|e| url_error(raw, &e))?;
    }
    Ok(url)
}

/// `*url.Error` for the `parse` operation: `parse "<url>": <err>`.
fn url_error(url: &str, err: &str) -> String {
    format!("parse {}: {err}", quote(url.as_bytes()))
}

fn parse_inner(raw: &str, via_request: bool, opts: Options) -> Result<GoUrl, String> {
    if raw.bytes().any(|b| b < 0x20 || b == 0x7f) {
        return Err("net/url: invalid control character in URL".into());
    }
    if raw.is_empty() && via_request {
        return Err("empty url".into());
    }
    let mut url = GoUrl::default();
    if raw == "*" {
        url.path = b"*".to_vec();
        return Ok(url);
    }
    let (scheme, mut rest) = get_scheme(raw)?;
    url.scheme = scheme.to_ascii_lowercase();

    if rest.ends_with('?') && rest.matches('?').count() == 1 {
        url.force_query = true;
        rest = &rest[..rest.len() - 1];
    } else if let Some((r, q)) = rest.split_once('?') {
        url.raw_query = q.to_string();
        rest = r;
    }

    if !rest.starts_with('/') {
        if !url.scheme.is_empty() {
            // Rootless paths are opaque (RFC 3986).
            url.opaque = rest.to_string();
            return Ok(url);
        }
        if via_request {
            return Err("invalid URI for request".into());
        }
        // A colon in the first segment would read as a malformed scheme.
        let segment = rest.split('/').next().unwrap_or("");
        if segment.contains(':') {
            return Err("first path segment in URL cannot contain colon".into());
        }
    }

    if (!url.scheme.is_empty() || !via_request && !rest.starts_with("///"))
        && rest.starts_with("//")
    {
        let after = &rest[2..];
        let (authority, path) = match after.find('/') {
            Some(i) => (&after[..i], &after[i..]),
            None => (after, ""),
        };
        let (user, host) = parse_authority(&url.scheme, authority, opts)?;
        url.user = user;
        url.host = host;
        rest = path;
    } else if !url.scheme.is_empty() && rest.starts_with('/') {
        url.omit_host = true;
    }
    url.set_path(rest)?;
    Ok(url)
}

/// `getScheme`: `[a-zA-Z][a-zA-Z0-9+.-]*:`; anything else means no scheme.
fn get_scheme(raw: &str) -> Result<(&str, &str), String> {
    for (i, c) in raw.bytes().enumerate() {
        match c {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
            b':' if i == 0 => return Err("missing protocol scheme".into()),
            b':' => return Ok((&raw[..i], &raw[i + 1..])),
            _ => return Ok(("", raw)),
        }
    }
    Ok(("", raw))
}

/// `parseAuthority`: the host is checked first, then the userinfo (split at the first `:`).
fn parse_authority(
    scheme: &str,
    authority: &str,
    opts: Options,
) -> Result<(Option<Userinfo>, Vec<u8>), String> {
    let at = authority.rfind('@');
    let host = parse_host(scheme, &authority[at.map_or(0, |i| i + 1)..], opts)?;
    let Some(i) = at else {
        return Ok((None, host));
    };
    let userinfo = &authority[..i];
    if !userinfo.bytes().all(valid_userinfo_byte) {
        return Err("net/url: invalid userinfo".into());
    }
    let user = match userinfo.split_once(':') {
        None => Userinfo {
            username: unescape(userinfo, Mode::UserPassword)?,
            password: None,
        },
        Some((u, p)) => Userinfo {
            username: unescape(u, Mode::UserPassword)?,
            password: Some(unescape(p, Mode::UserPassword)?),
        },
    };
    Ok((Some(user), host))
}

/// `validUserinfo`: RFC 3986 unreserved, sub-delims, `:`, `%` and `@` (Go also lets `@` in).
fn valid_userinfo_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"-._:~!$&'()*+,;=%@".contains(&c)
}

/// `validOptionalPort`: empty, or `:` followed by digits only.
fn valid_optional_port(port: &str) -> bool {
    port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|p| p.bytes().all(|b| b.is_ascii_digit()))
}

fn invalid_port(colon_port: &str) -> String {
    format!("invalid port {} after host", quote(colon_port.as_bytes()))
}

/// `parseHost`: `host[:port]` with Go's IP-literal, port and escape rules.
fn parse_host(scheme: &str, host: &str, opts: Options) -> Result<Vec<u8>, String> {
    match host.rfind('[') {
        Some(i) if i > 0 => Err("invalid IP-literal".into()),
        Some(_) => parse_ip_literal(host),
        None => {
            if let Some(first) = host.find(':') {
                let last = host.rfind(':').unwrap_or(first);
                // Before Go 1.26 (and for schemes other than http/https), the port is
                // whatever follows the last colon; with strict colons it follows the first.
                let strict = opts.strict_colons && (scheme == "http" || scheme == "https");
                let i = if strict { first } else { last };
                if !valid_optional_port(&host[i..]) {
                    return Err(invalid_port(&host[i..]));
                }
            }
            unescape(host, Mode::Host)
        }
    }
}

/// The `[...]` branch of `parseHost`: the bracketed text, unescaped (a `%25` starts the zone),
/// must be an IPv6 address (`netip.ParseAddr`), not an IPv4 one.
fn parse_ip_literal(host: &str) -> Result<Vec<u8>, String> {
    let Some(close) = host.rfind(']') else {
        return Err("missing ']' in host".into());
    };
    let colon_port = &host[close + 1..];
    if !valid_optional_port(colon_port) {
        return Err(invalid_port(colon_port));
    }
    let port = unescape(colon_port, Mode::Host)?;
    let hostname = &host[1..close];
    let mut unescaped = match hostname.find("%25") {
        Some(z) => {
            let mut h = unescape(&hostname[..z], Mode::Host)?;
            h.extend(unescape(&hostname[z..], Mode::Zone)?);
            h
        }
        None => unescape(hostname, Mode::Host)?,
    };
    // netip reads bytes; a non-UTF-8 host cannot be an address, and its message quotes the
    // text lossily here (Go would print \x escapes).
    let addr = gonetip::parse_addr(&String::from_utf8_lossy(&unescaped))
        .map_err(|e| format!("invalid host: {e}"))?;
    if addr.ip.is_ipv4() {
        return Err("invalid IP-literal".into());
    }
    unescaped.insert(0, b'[');
    unescaped.push(b']');
    unescaped.extend(port);
    Ok(unescaped)
}

/// The `encoding` modes of Go's `shouldEscape`/`unescape`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Path,
    Host,
    Zone,
    UserPassword,
    QueryComponent,
    Fragment,
}

/// `shouldEscape` (RFC 3986 with Go's exceptions).
fn should_escape(c: u8, mode: Mode) -> bool {
    if c.is_ascii_alphanumeric() {
        return false;
    }
    if matches!(mode, Mode::Host | Mode::Zone) && b"!$&'()*+,;=:[]<>\"".contains(&c) {
        return false;
    }
    match c {
        b'-' | b'_' | b'.' | b'~' => return false,
        b'$' | b'&' | b'+' | b',' | b'/' | b':' | b';' | b'=' | b'?' | b'@' => match mode {
            Mode::Path => return c == b'?',
            Mode::UserPassword => return matches!(c, b'@' | b'/' | b'?' | b':'),
            Mode::QueryComponent => return true,
            Mode::Fragment => return false,
            Mode::Host | Mode::Zone => {}
        },
        _ => {}
    }
    if mode == Mode::Fragment && matches!(c, b'!' | b'(' | b')' | b'*') {
        return false;
    }
    true
}

fn unhex(c: u8) -> u8 {
    (c as char).to_digit(16).unwrap_or(0) as u8
}

/// Go `unescape`: every `%` needs two hex digits; hosts may percent-encode only non-ASCII bytes
/// (and `%25`), zones only bytes a host could hold (or a space); hosts reject ASCII bytes that
/// would need escaping; query components turn `+` into a space.
fn unescape(s: &str, mode: Mode) -> Result<Vec<u8>, String> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                if i + 2 >= b.len()
                    || !b[i + 1].is_ascii_hexdigit()
                    || !b[i + 2].is_ascii_hexdigit()
                {
                    let end = (i + 3).min(b.len());
                    return Err(escape_error(&b[i..end]));
                }
                let triple = &b[i..i + 3];
                if mode == Mode::Host && unhex(b[i + 1]) < 8 && triple != b"%25" {
                    return Err(escape_error(triple));
                }
                if mode == Mode::Zone {
                    let v = unhex(b[i + 1]) << 4 | unhex(b[i + 2]);
                    if triple != b"%25" && v != b' ' && should_escape(v, Mode::Host) {
                        return Err(escape_error(triple));
                    }
                }
                i += 3;
            }
            c => {
                if matches!(mode, Mode::Host | Mode::Zone) && c < 0x80 && should_escape(c, mode) {
                    return Err(format!(
                        "invalid character {} in host name",
                        quote(&b[i..=i])
                    ));
                }
                i += 1;
            }
        }
    }
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                out.push(unhex(b[i + 1]) << 4 | unhex(b[i + 2]));
                i += 3;
            }
            b'+' if mode == Mode::QueryComponent => {
                out.push(b' ');
                i += 1;
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(out)
}

fn escape_error(s: &[u8]) -> String {
    format!("invalid URL escape {}", quote(s))
}

/// Go `escape`: bytes that `should_escape` become `%XX` (upper-case hex); spaces become `+` in
/// query components. The result is ASCII.
fn escape(s: &[u8], mode: Mode) -> String {
    let mut out = String::with_capacity(s.len());
    for &c in s {
        if c == b' ' && mode == Mode::QueryComponent {
            out.push('+');
        } else if should_escape(c, mode) {
            const HEX: &[u8; 16] = b"0123456789ABCDEF";
            out.push('%');
            out.push(HEX[usize::from(c >> 4)] as char);
            out.push(HEX[usize::from(c & 15)] as char);
        } else {
            out.push(c as char);
        }
    }
    out
}

/// `validEncoded`: `s` holds no byte that encoding would escape (sub-delims, `:`, `@`, `[`,
/// `]` and `%` are fine).
fn valid_encoded(s: &str, mode: Mode) -> bool {
    s.bytes()
        .all(|c| b"!$&'()*+,;=:@[]%".contains(&c) || !should_escape(c, mode))
}

/// Go `strconv.Quote` of bytes: invalid UTF-8 bytes print as `\xNN`.
fn quote(b: &[u8]) -> String {
    let mut out = String::from("\"");
    for chunk in b.utf8_chunks() {
        let valid = crate::k8s::field::go_quote(chunk.valid());
        out.push_str(&valid[1..valid.len() - 1]);
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02x}"));
        }
    }
    out.push('"');
    out
}

/// A Go string (any bytes) as Rust text: invalid UTF-8 becomes U+FFFD.
pub fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

impl GoUrl {
    /// `setPath`: `path` unescaped; `raw_path` kept only when the default encoding differs.
    fn set_path(&mut self, p: &str) -> Result<(), String> {
        self.path = unescape(p, Mode::Path)?;
        self.raw_path = if escape(&self.path, Mode::Path) == p {
            String::new()
        } else {
            p.to_string()
        };
        Ok(())
    }

    /// `setFragment`, like `setPath`.
    fn set_fragment(&mut self, f: &str) -> Result<(), String> {
        self.fragment = unescape(f, Mode::Fragment)?;
        self.raw_fragment = if escape(&self.fragment, Mode::Fragment) == f {
            String::new()
        } else {
            f.to_string()
        };
        Ok(())
    }

    /// `EscapedPath`: the path as written when that is a valid encoding of it, else Go's.
    pub fn escaped_path(&self) -> String {
        if !self.raw_path.is_empty()
            && valid_encoded(&self.raw_path, Mode::Path)
            && unescape(&self.raw_path, Mode::Path).is_ok_and(|p| p == self.path)
        {
            return self.raw_path.clone();
        }
        if self.path == b"*" {
            return "*".into();
        }
        escape(&self.path, Mode::Path)
    }

    /// `EscapedFragment`, like `escaped_path`.
    pub fn escaped_fragment(&self) -> String {
        if !self.raw_fragment.is_empty()
            && valid_encoded(&self.raw_fragment, Mode::Fragment)
            && unescape(&self.raw_fragment, Mode::Fragment).is_ok_and(|f| f == self.fragment)
        {
            return self.raw_fragment.clone();
        }
        escape(&self.fragment, Mode::Fragment)
    }

    /// `String`: the URL reassembled (what the CEL library compares URLs by).
    pub fn to_go_string(&self) -> String {
        let mut buf = String::new();
        if !self.scheme.is_empty() {
            buf.push_str(&self.scheme);
            buf.push(':');
        }
        if !self.opaque.is_empty() {
            buf.push_str(&self.opaque);
        } else {
            let has_authority =
                !self.scheme.is_empty() || !self.host.is_empty() || self.user.is_some();
            let omitted = self.omit_host && self.host.is_empty() && self.user.is_none();
            if has_authority && !omitted {
                if !self.host.is_empty() || !self.path.is_empty() || self.user.is_some() {
                    buf.push_str("//");
                }
                if let Some(u) = &self.user {
                    buf.push_str(&u.to_go_string());
                    buf.push('@');
                }
                buf.push_str(&escape(&self.host, Mode::Host));
            }
            let path = self.escaped_path();
            if !path.is_empty() && !path.starts_with('/') && !self.host.is_empty() {
                buf.push('/');
            }
            if buf.is_empty() && path.split('/').next().is_some_and(|s| s.contains(':')) {
                // A first segment with a colon would read as a scheme.
                buf.push_str("./");
            }
            buf.push_str(&path);
        }
        if self.force_query || !self.raw_query.is_empty() {
            buf.push('?');
            buf.push_str(&self.raw_query);
        }
        if !self.fragment.is_empty() {
            buf.push('#');
            buf.push_str(&self.escaped_fragment());
        }
        buf
    }

    /// `Hostname`: the host without a valid `:port`, without IPv6 brackets.
    pub fn hostname(&self) -> &[u8] {
        split_host_port(&self.host).0
    }

    /// `Port`: the digits after the last colon when they form a valid port, else empty.
    pub fn port(&self) -> &[u8] {
        split_host_port(&self.host).1
    }

    /// `Query()`: `ParseQuery` of the raw query with its error dropped (pairs that do not
    /// decode and pairs with a `;` are skipped; over the parameter limit, nothing is kept).
    /// Keys in first-seen order, values in order.
    pub fn query(&self, opts: Options) -> Vec<(Vec<u8>, Vec<Vec<u8>>)> {
        parse_query(&self.raw_query, opts)
    }
}

/// `splitHostPort`.
fn split_host_port(host_port: &[u8]) -> (&[u8], &[u8]) {
    let mut host = host_port;
    let mut port: &[u8] = b"";
    if let Some(colon) = host.iter().rposition(|&c| c == b':') {
        if host[colon + 1..].iter().all(u8::is_ascii_digit) {
            port = &host[colon + 1..];
            host = &host[..colon];
        }
    }
    if host.len() >= 2 && host.starts_with(b"[") && host.ends_with(b"]") {
        host = &host[1..host.len() - 1];
    }
    (host, port)
}

/// `ParseQuery` without its error.
pub fn parse_query(query: &str, opts: Options) -> Vec<(Vec<u8>, Vec<Vec<u8>>)> {
    let mut out: Vec<(Vec<u8>, Vec<Vec<u8>>)> = Vec::new();
    let params = query.matches('&').count() + 1;
    if opts.max_query_params.is_some_and(|max| params > max) {
        return out;
    }
    for pair in query.split('&') {
        if pair.is_empty() || pair.contains(';') {
            continue;
        }
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let (Ok(k), Ok(v)) = (
            unescape(k, Mode::QueryComponent),
            unescape(v, Mode::QueryComponent),
        ) else {
            continue;
        };
        match out.iter_mut().find(|(kk, _)| *kk == k) {
            Some((_, vs)) => vs.push(v),
            None => out.push((k, vec![v])),
        }
    }
    out
}

#[cfg(test)]
mod tests;
