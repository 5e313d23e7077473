//! Go `net/url` parsing (`url.Parse` and `url.ParseRequestURI`), reduced to what callers need:
//! whether it succeeds, the error text when it does not, and the parts. Used by `format: uri`
//! (`ParseRequestURI`), and available to the CRD linter for webhook URLs (`url.Parse`) and to
//! CEL `url()`/`isURL()` (`ParseRequestURI`).
//!
//! The `url` crate implements WHATWG URLs, which accept and reject different strings, so the Go
//! algorithm is followed step by step instead.

/// The parts of a parsed URL (still escaped where Go keeps them escaped).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoUrl {
    /// Lower-cased scheme, empty when none.
    pub scheme: String,
    /// Set for `scheme:opaque` forms (no leading `/` after the scheme).
    pub opaque: String,
    /// Raw userinfo (`user:pass`) when an `@` was present.
    pub user: Option<String>,
    /// Host with optional `:port`, unescaped.
    pub host: String,
    /// Unescaped path.
    pub path: String,
    pub raw_query: String,
    pub fragment: String,
}

/// `url.ParseRequestURI`: the string must be an absolute URI or an absolute path; the fragment
/// is *not* split off (a `#` stays in the path).
pub fn parse_request_uri(raw: &str) -> Result<GoUrl, String> {
    parse_inner(raw, true).map_err(|e| format!("parse {}: {e}", go_quote_url(raw)))
}

/// `url.Parse`: a URL reference (relative allowed), fragment split at the first `#`.
pub fn parse(raw_url: &str) -> Result<GoUrl, String> {
    let (u, frag) = match raw_url.split_once('#') {
        Some((u, f)) => (u, Some(f)),
        None => (raw_url, None),
    };
    let mut url =
        parse_inner(u, false).map_err(|e| format!("parse {}: {e}", go_quote_url(raw_url)))?;
    if let Some(f) = frag {
        url.fragment = unescape(f, Mode::Fragment)
            .map_err(|e| format!("parse {}: {e}", go_quote_url(raw_url)))?;
    }
    Ok(url)
}

/// Go quotes the URL in `*url.Error` with `%q`.
fn go_quote_url(s: &str) -> String {
    crate::k8s::field::go_quote(s)
}

fn parse_inner(raw: &str, via_request: bool) -> Result<GoUrl, String> {
    if raw.bytes().any(|b| b < 0x20 || b == 0x7f) {
        return Err("net/url: invalid control character in URL".into());
    }
    if raw.is_empty() && via_request {
        return Err("empty url".into());
    }
    let mut url = GoUrl::default();
    if raw == "*" {
        url.path = "*".into();
        return Ok(url);
    }
    let (scheme, mut rest) = get_scheme(raw)?;
    url.scheme = scheme.to_ascii_lowercase();

    if rest.ends_with('?') && rest.matches('?').count() == 1 {
        rest = &rest[..rest.len() - 1];
    } else if let Some((r, q)) = rest.split_once('?') {
        url.raw_query = q.to_string();
        rest = r;
    }

    if !rest.starts_with('/') {
        if !url.scheme.is_empty() {
            url.opaque = rest.to_string();
            return Ok(url);
        }
        if via_request {
            return Err("invalid URI for request".into());
        }
        // A colon before any slash would look like a malformed scheme.
        if let Some(colon) = rest.find(':') {
            if rest.find('/').is_none_or(|slash| colon < slash) {
                return Err("first path segment in URL cannot contain colon".into());
            }
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
        let (user, host) = parse_authority(authority)?;
        url.user = user;
        url.host = host;
        rest = path;
    }
    url.path = unescape(rest, Mode::Path)?;
    Ok(url)
}

fn get_scheme(raw: &str) -> Result<(&str, &str), String> {
    for (i, c) in raw.bytes().enumerate() {
        match c {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' => {
                if i == 0 {
                    return Ok(("", raw));
                }
            }
            b':' => {
                if i == 0 {
                    return Err("missing protocol scheme".into());
                }
                return Ok((&raw[..i], &raw[i + 1..]));
            }
            _ => return Ok(("", raw)),
        }
    }
    Ok(("", raw))
}

fn parse_authority(authority: &str) -> Result<(Option<String>, String), String> {
    match authority.rfind('@') {
        None => Ok((None, parse_host(authority)?)),
        Some(i) => {
            let host = parse_host(&authority[i + 1..])?;
            let userinfo = &authority[..i];
            if !userinfo.bytes().all(valid_userinfo_byte) {
                return Err("net/url: invalid userinfo".into());
            }
            unescape(userinfo, Mode::UserPassword)?;
            Ok((Some(userinfo.to_string()), host))
        }
    }
}

fn valid_userinfo_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric()
        || matches!(
            c,
            b'-' | b'.'
                | b'_'
                | b':'
                | b'~'
                | b'!'
                | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b';'
                | b'='
                | b'%'
                | b'@'
        )
}

fn valid_optional_port(port: &str) -> bool {
    port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|p| p.bytes().all(|b| b.is_ascii_digit()))
}

fn parse_host(host: &str) -> Result<String, String> {
    if host.starts_with('[') {
        let Some(i) = host.rfind(']') else {
            return Err("missing ']' in host".into());
        };
        let colon_port = &host[i + 1..];
        if !valid_optional_port(colon_port) {
            return Err(format!(
                "invalid port {} after host",
                go_quote_url(colon_port)
            ));
        }
        // Zones (`%25eth0`) are unescaped separately; the address itself must be IPv6.
        let inside = &host[1..i];
        let (addr, zone) = match inside.find("%25") {
            Some(z) => (&inside[..z], Some(&inside[z..])),
            None => (inside, None),
        };
        if addr.parse::<std::net::Ipv6Addr>().is_err() {
            return Err(format!("invalid IP-literal {}", go_quote_url(&host[..=i])));
        }
        let mut out = String::from("[");
        out.push_str(&unescape(addr, Mode::Host)?);
        if let Some(z) = zone {
            out.push_str(&unescape(z, Mode::Zone)?);
        }
        out.push(']');
        out.push_str(colon_port);
        return Ok(out);
    }
    if let Some(i) = host.rfind(':') {
        let colon_port = &host[i..];
        if !valid_optional_port(colon_port) {
            return Err(format!(
                "invalid port {} after host",
                go_quote_url(colon_port)
            ));
        }
    }
    unescape(host, Mode::Host)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Path,
    Host,
    Zone,
    UserPassword,
    Fragment,
}

fn should_escape_host(c: u8) -> bool {
    !(c.is_ascii_alphanumeric()
        || matches!(
            c,
            b'-' | b'_'
                | b'.'
                | b'~'
                | b'!'
                | b'$'
                | b'&'
                | b'\''
                | b'('
                | b')'
                | b'*'
                | b'+'
                | b','
                | b';'
                | b'='
                | b':'
                | b'['
                | b']'
                | b'<'
                | b'>'
                | b'"'
        ))
}

/// Go `unescape`: `%XX` sequences must be complete hex; in hosts only non-ASCII bytes (or
/// `%25`) may be percent-encoded and ASCII characters that would need escaping are rejected.
fn unescape(s: &str, mode: Mode) -> Result<String, String> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' => {
                let hex = |c: u8| (c as char).is_ascii_hexdigit();
                if i + 2 >= b.len() || !hex(b[i + 1]) || !hex(b[i + 2]) {
                    let end = (i + 3).min(b.len());
                    return Err(format!(
                        "invalid URL escape {}",
                        go_quote_url(&String::from_utf8_lossy(&b[i..end]))
                    ));
                }
                if mode == Mode::Host {
                    let v = (b[i + 1] as char).to_digit(16).unwrap_or(0);
                    if v < 8 && &s[i..i + 3] != "%25" {
                        return Err(format!("invalid URL escape {}", go_quote_url(&s[i..i + 3])));
                    }
                }
                if mode == Mode::Zone {
                    let v = u32::from_str_radix(&s[i + 1..i + 3], 16).unwrap_or(0);
                    if &s[i..i + 3] != "%25" && v != u32::from(b' ') && should_escape_host(v as u8)
                    {
                        return Err(format!("invalid URL escape {}", go_quote_url(&s[i..i + 3])));
                    }
                }
                i += 3;
            }
            c => {
                if matches!(mode, Mode::Host | Mode::Zone) && c < 0x80 && should_escape_host(c) {
                    return Err(format!(
                        "invalid character {} in host name",
                        go_quote_url(&(c as char).to_string())
                    ));
                }
                i += 1;
            }
        }
    }
    // Decode (the validation above guarantees well-formed escapes).
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let v = u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap_or(0);
            out.push(v);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_uris() {
        assert!(parse_request_uri("http://somewhereelse.com").is_ok());
        assert!(parse_request_uri("/just/a/path").is_ok());
        assert_eq!(
            parse_request_uri("somewhere.com").unwrap_err(),
            r#"parse "somewhere.com": invalid URI for request"#
        );
        assert!(parse_request_uri("").is_err());
        assert!(parse_request_uri("http://a b.com/").is_err());
        assert!(parse_request_uri("http://host:port/").is_err());
        assert!(parse_request_uri("http://[::1]:8080/x").is_ok());
        assert!(parse_request_uri("http://x/%zz").is_err());
        assert!(parse_request_uri("mailto:a@b").is_ok());
        let u = parse_request_uri("HTTPS://user@h:1/p?q=1#f").unwrap();
        assert_eq!(
            (
                u.scheme.as_str(),
                u.host.as_str(),
                u.path.as_str(),
                u.raw_query.as_str()
            ),
            ("https", "h:1", "/p", "q=1#f")
        );
        assert_eq!(u.user.as_deref(), Some("user"));
    }

    #[test]
    fn references() {
        let u = parse("https://h/p#frag").unwrap();
        assert_eq!(u.fragment, "frag");
        assert!(parse("a:b").is_ok());
        assert!(parse("rel/path").is_ok());
        assert!(parse("1a:b").is_err());
    }
}
