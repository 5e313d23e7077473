//! Table tests from the facts of Go's `src/net/url/url_test.go` (the `Parse` table with its
//! expected fields and round trips, `ParseRequestURI`, `TestParseErrors`, hostname/port,
//! `ParseQuery`, control characters, userinfo) plus the two security fixes and Go 1.26's
//! strict colons. Expected values are Go's, not this implementation's output.

use super::*;

/// One `urltests` row: input, then scheme, opaque, userinfo (`user` or `user:pass`, empty for
/// none), host, path, raw path, raw query, fragment, and the `String()` round trip (empty: the
/// input itself).
type ParseRow = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

#[rustfmt::skip]
const PARSE_TABLE: &[ParseRow] = &[
    ("http://www.google.com", "http", "", "", "www.google.com", "", "", "", "", ""),
    ("http://www.google.com/", "http", "", "", "www.google.com", "/", "", "", "", ""),
    ("http://www.google.com/file%20one%26two", "http", "", "", "www.google.com", "/file one&two", "/file%20one%26two", "", "", ""),
    ("http://www.google.com/#file%20one%26two", "http", "", "", "www.google.com", "/", "", "", "file one&two", ""),
    ("ftp://webmaster@www.google.com/", "ftp", "", "webmaster", "www.google.com", "/", "", "", "", ""),
    ("ftp://john%20doe@www.google.com/", "ftp", "", "john doe", "www.google.com", "/", "", "", "", ""),
    ("http://www.google.com/?", "http", "", "", "www.google.com", "/", "", "", "", ""),
    ("http://www.google.com/?foo=bar?", "http", "", "", "www.google.com", "/", "", "foo=bar?", "", ""),
    ("http://www.google.com/?q=go+language", "http", "", "", "www.google.com", "/", "", "q=go+language", "", ""),
    ("http://www.google.com/?q=go%20language", "http", "", "", "www.google.com", "/", "", "q=go%20language", "", ""),
    ("http://www.google.com/a%20b?q=c+d", "http", "", "", "www.google.com", "/a b", "", "q=c+d", "", ""),
    ("http:www.google.com/?q=go+language", "http", "www.google.com/", "", "", "", "", "q=go+language", "", ""),
    ("http:%2f%2fwww.google.com/?q=go+language", "http", "%2f%2fwww.google.com/", "", "", "", "", "q=go+language", "", ""),
    ("mailto:/webmaster@golang.org", "mailto", "", "", "", "/webmaster@golang.org", "", "", "", ""),
    ("mailto:webmaster@golang.org", "mailto", "webmaster@golang.org", "", "", "", "", "", "", ""),
    ("/foo?query=http://bad", "", "", "", "", "/foo", "", "query=http://bad", "", ""),
    ("//foo", "", "", "", "foo", "", "", "", "", ""),
    ("//user@foo/path?a=b", "", "", "user", "foo", "/path", "", "a=b", "", ""),
    ("///threeslashes", "", "", "", "", "///threeslashes", "", "", "", ""),
    ("http://user:password@google.com", "http", "", "user:password", "google.com", "", "", "", "", ""),
    ("http://j@ne:password@google.com", "http", "", "j@ne:password", "google.com", "", "", "", "", "http://j%40ne:password@google.com"),
    ("http://jane:p@ssword@google.com", "http", "", "jane:p@ssword", "google.com", "", "", "", "", "http://jane:p%40ssword@google.com"),
    ("http://j@ne:password@google.com/p@th?q=@go", "http", "", "j@ne:password", "google.com", "/p@th", "", "q=@go", "", "http://j%40ne:password@google.com/p@th?q=@go"),
    ("http://www.google.com/?q=go+language#foo", "http", "", "", "www.google.com", "/", "", "q=go+language", "foo", ""),
    ("http://www.google.com/?q=go+language#foo&bar", "http", "", "", "www.google.com", "/", "", "q=go+language", "foo&bar", ""),
    ("http://www.google.com/?q=go+language#foo%26bar", "http", "", "", "www.google.com", "/", "", "q=go+language", "foo&bar", ""),
    ("file:///home/adg/rabbits", "file", "", "", "", "/home/adg/rabbits", "", "", "", ""),
    ("file:///C:/FooBar/Baz.txt", "file", "", "", "", "/C:/FooBar/Baz.txt", "", "", "", ""),
    ("MaIlTo:webmaster@golang.org", "mailto", "webmaster@golang.org", "", "", "", "", "", "", "mailto:webmaster@golang.org"),
    ("a/b/c", "", "", "", "", "a/b/c", "", "", "", ""),
    ("http://%3Fam:pa%3Fsword@google.com", "http", "", "?am:pa?sword", "google.com", "", "", "", "", ""),
    ("http://192.168.0.1/", "http", "", "", "192.168.0.1", "/", "", "", "", ""),
    ("http://192.168.0.1:8080/", "http", "", "", "192.168.0.1:8080", "/", "", "", "", ""),
    ("http://[fe80::1]/", "http", "", "", "[fe80::1]", "/", "", "", "", ""),
    ("http://[fe80::1]:8080/", "http", "", "", "[fe80::1]:8080", "/", "", "", "", ""),
    ("http://[fe80::1%25en0]/", "http", "", "", "[fe80::1%en0]", "/", "", "", "", ""),
    ("http://[fe80::1%25en0]:8080/", "http", "", "", "[fe80::1%en0]:8080", "/", "", "", "", ""),
    ("http://[fe80::1%25%65%6e%301-._~]/", "http", "", "", "[fe80::1%en01-._~]", "/", "", "", "", "http://[fe80::1%25en01-._~]/"),
    ("http://[fe80::1%25%65%6e%301-._~]:8080/", "http", "", "", "[fe80::1%en01-._~]:8080", "/", "", "", "", "http://[fe80::1%25en01-._~]:8080/"),
    ("http://rest.rsc.io/foo%2fbar/baz%2Fquux?alt=media", "http", "", "", "rest.rsc.io", "/foo/bar/baz/quux", "/foo%2fbar/baz%2Fquux", "alt=media", "", ""),
    ("mysql://a,b,c/bar", "mysql", "", "", "a,b,c", "/bar", "", "", "", ""),
    ("scheme://!$&'()*+,;=hello!:1/path", "scheme", "", "", "!$&'()*+,;=hello!:1", "/path", "", "", "", ""),
    ("http://host/!$&'()*+,;=:@[hello]", "http", "", "", "host", "/!$&'()*+,;=:@[hello]", "/!$&'()*+,;=:@[hello]", "", "", ""),
    ("http://example.com/oid/[order_id]", "http", "", "", "example.com", "/oid/[order_id]", "/oid/[order_id]", "", "", ""),
    ("http://192.168.0.2:8080/foo", "http", "", "", "192.168.0.2:8080", "/foo", "", "", "", ""),
    ("http://192.168.0.2:/foo", "http", "", "", "192.168.0.2:", "/foo", "", "", "", ""),
    ("http://[2b01:e34:ef40:7730:8e70:5aff:fefe:edac]:8080/foo", "http", "", "", "[2b01:e34:ef40:7730:8e70:5aff:fefe:edac]:8080", "/foo", "", "", "", ""),
    ("http://[2b01:e34:ef40:7730:8e70:5aff:fefe:edac]:/foo", "http", "", "", "[2b01:e34:ef40:7730:8e70:5aff:fefe:edac]:", "/foo", "", "", "", ""),
    ("http://hello.世界.com/foo", "http", "", "", "hello.世界.com", "/foo", "", "", "", "http://hello.%E4%B8%96%E7%95%8C.com/foo"),
    ("http://hello.%e4%b8%96%e7%95%8c.com/foo", "http", "", "", "hello.世界.com", "/foo", "", "", "", "http://hello.%E4%B8%96%E7%95%8C.com/foo"),
    ("http://hello.%E4%B8%96%E7%95%8C.com/foo", "http", "", "", "hello.世界.com", "/foo", "", "", "", ""),
    ("http://example.com//foo", "http", "", "", "example.com", "//foo", "", "", "", ""),
    ("myscheme://authority<\"hi\">/foo", "myscheme", "", "", "authority<\"hi\">", "/foo", "", "", "", ""),
    ("tcp://[2020::2020:20:2020:2020%25Windows%20Loves%20Spaces]:2020", "tcp", "", "", "[2020::2020:20:2020:2020%Windows Loves Spaces]:2020", "", "", "", "", ""),
    ("magnet:?xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a&dn", "magnet", "", "", "", "", "", "xt=urn:btih:c12fe1c06bba254a9dc9f519b335aa7c1367a88a&dn", "", ""),
    ("mailto:?subject=hi", "mailto", "", "", "", "", "", "subject=hi", "", ""),
    // OmitHost (golang.org/issue/46059): `scheme:/path` prints without `//`.
    ("http:/path", "http", "", "", "", "/path", "", "", "", ""),
];

fn user_text(u: &Option<Userinfo>) -> String {
    match u {
        None => String::new(),
        Some(u) => match &u.password {
            None => lossy(&u.username),
            Some(p) => format!("{}:{}", lossy(&u.username), lossy(p)),
        },
    }
}

#[test]
fn parse_table_fields_and_round_trips() {
    for &(input, scheme, opaque, user, host, path, raw_path, query, frag, round) in PARSE_TABLE {
        let u = parse(input).unwrap_or_else(|e| panic!("{input}: {e}"));
        let got = (
            u.scheme.as_str(),
            u.opaque.as_str(),
            user_text(&u.user),
            lossy(&u.host),
            lossy(&u.path),
            u.raw_path.as_str(),
            u.raw_query.as_str(),
            lossy(&u.fragment),
        );
        let want = (
            scheme,
            opaque,
            user.to_string(),
            host.to_string(),
            path.to_string(),
            raw_path,
            query,
            frag.to_string(),
        );
        assert_eq!(got, want, "{input}");
        let round = if round.is_empty() { input } else { round };
        assert_eq!(u.to_go_string(), round, "String() of {input}");
    }
}

/// The rows of the `Parse` table that `ParseRequestURI` also reads the same way: absolute or
/// absolute-path, without a fragment and without a leading `//` lacking a scheme.
#[test]
fn request_uri_agrees_with_parse_where_it_applies() {
    for &(input, ..) in PARSE_TABLE {
        let absolute =
            input.starts_with('/') || get_scheme(input).is_ok_and(|(s, _)| !s.is_empty());
        if input.contains('#') || input.starts_with("//") || !absolute {
            continue;
        }
        assert_eq!(parse_request_uri(input), parse(input), "{input}");
    }
}

#[test]
fn request_uri_validity() {
    let cases: &[(&str, bool)] = &[
        ("http://foo.com", true),
        ("http://foo.com/", true),
        ("http://foo.com/path", true),
        ("/", true),
        ("//not.a.user@not.a.host/just/a/path", true),
        ("//not.a.user@%66%6f%6f.com/just/a/path/also", true),
        ("*", true),
        ("http://192.168.0.1/", true),
        ("http://192.168.0.1:8080/", true),
        ("http://[fe80::1]/", true),
        ("http://[fe80::1]:8080/", true),
        ("http://[fe80::1%25en0]/", true),
        ("http://[fe80::1%25en0]:8080/", true),
        ("http://[fe80::1%25%65%6e%301-._~]/", true),
        ("http://[fe80::1%25%65%6e%301-._~]:8080/", true),
        ("foo.html", false),
        ("../dir/", false),
        (" http://foo.com", false),
        ("http://192.168.0.%31/", false),
        ("http://192.168.0.%31:8080/", false),
        ("http://[fe80::%31]/", false),
        ("http://[fe80::%31]:8080/", false),
        ("http://[fe80::%31%25en0]/", false),
        ("http://[fe80::%31%25en0]:8080/", false),
        ("http://[fe80::1%en0]/", false),
        ("http://[fe80::1%en0]:8080/", false),
    ];
    for &(input, valid) in cases {
        assert_eq!(parse_request_uri(input).is_ok(), valid, "{input}");
    }
    // Without a scheme, `//` does not start an authority here: it is all path.
    let u = parse_request_uri("//not.a.user@not.a.host/just/a/path").unwrap();
    assert_eq!(u.path, b"//not.a.user@not.a.host/just/a/path");
    assert!(u.host.is_empty());
    // The fragment is not split off: it stays in the path or the query.
    let u = parse_request_uri("https://h/p#f").unwrap();
    assert_eq!(
        (u.path.as_slice(), u.fragment.as_slice()),
        (&b"/p#f"[..], &b""[..])
    );
    let u = parse_request_uri("https://h/p?q=1#f").unwrap();
    assert_eq!(u.raw_query, "q=1#f");
}

/// `TestParseErrors`, plus the bracket rules of CVE-2025-47912.
#[test]
fn parse_errors() {
    let cases: &[(&str, bool)] = &[
        ("http://[::1]", false),
        ("http://[::1]:80", false),
        ("http://[::1]:namedport", true),
        ("http://x:namedport", true),
        ("http://[::1]/", false),
        ("http://[::1]a", true),
        ("http://[::1]%23", true),
        ("http://[::1%25en0]", false),
        ("http://[::1]:", false),
        ("http://x:", false),
        ("http://[::1]:%38%30", true),
        ("http://[::1%25%41]", false),
        ("http://[%10::1]", true),
        ("http://[::1]/%48", false),
        ("http://%41:8080/", true),
        ("mysql://x@y(z:123)/foo", true),
        ("mysql://x@y(1.2.3.4:123)/foo", true),
        (" http://foo.com", true),
        ("ht tp://foo.com", true),
        ("ahttp://foo.com", false),
        ("1http://foo.com", true),
        (
            "http://[]%20%48%54%54%50%2f%31%2e%31%0a%4d%79%48%65%61%64%65%72%3a%20%31%32%33%0a%0a/",
            true,
        ),
        ("http://a b.com/", true),
        ("cache_object://foo", true),
        ("cache_object:foo", true),
        ("cache_object:foo/bar", true),
        ("cache_object/:foo/bar", false),
        // CVE-2025-47912: brackets only around a whole IPv6 host.
        ("http://[1.2.3.4]/", true),
        ("http://[::ffff:1.2.3.4]/", false),
        ("http://a[::1]/", true),
        ("http://[google.com]/", true),
    ];
    for &(input, want_err) in cases {
        assert_eq!(
            parse(input).is_err(),
            want_err,
            "{input}: {:?}",
            parse(input)
        );
    }
}

/// Go's words, with `parse "<url>": ` in front.
#[test]
fn error_texts() {
    let cases: &[(&str, &str)] = &[
        ("", "empty url"),
        ("somewhere.com", "invalid URI for request"),
        ("://x", "missing protocol scheme"),
        ("http://a\nb/", "net/url: invalid control character in URL"),
        ("http://us{er}@example.com/", "net/url: invalid userinfo"),
        (
            "http://user^:passwo^rd@foo.com/",
            "net/url: invalid userinfo",
        ),
        ("http://host:port/", r#"invalid port ":port" after host"#),
        ("http://[::1]:8x/", r#"invalid port ":8x" after host"#),
        ("http://[::1/", "missing ']' in host"),
        ("http://x/%zz", r#"invalid URL escape "%zz""#),
        ("http://x/%zé", r#"invalid URL escape "%z\xc3""#),
        ("http://x/%", r#"invalid URL escape "%""#),
        ("http://a b.com/", r#"invalid character " " in host name"#),
        ("https://a{b}/", r#"invalid character "{" in host name"#),
        ("http://%41/", r#"invalid URL escape "%41""#),
        ("https://[1.2.3.4]/", "invalid IP-literal"),
        ("https://x[::1]/", "invalid IP-literal"),
        (
            "https://[v1.x]/",
            r#"invalid host: ParseAddr("v1.x"): unexpected character (at "v1.x")"#,
        ),
        ("http://u%zz@h/", r#"invalid URL escape "%zz""#),
    ];
    for &(input, msg) in cases {
        let want = format!("parse {}: {msg}", quote(input.as_bytes()));
        assert_eq!(parse_request_uri(input).unwrap_err(), want, "{input}");
    }
    // `url.Parse` quotes the text before the `#` for a parse error, the whole input for a bad
    // fragment.
    assert_eq!(
        parse("1a:b#x").unwrap_err(),
        r#"parse "1a:b": first path segment in URL cannot contain colon"#
    );
    assert_eq!(
        parse("http://h/#%zz").unwrap_err(),
        r#"parse "http://h/#%zz": invalid URL escape "%zz""#
    );
    // Control bytes are ASCII only; a byte above 0x7f is fine.
    assert!(parse("http://foo.com/ctl\u{80}").is_ok());
    for s in [
        "http://foo.com/?foo\nbar",
        "http\r://foo.com/",
        "http://foo\x7f.com/",
    ] {
        assert!(
            parse(s).unwrap_err().contains("invalid control character"),
            "{s}"
        );
    }
}

/// Go 1.26 `urlstrictcolons`: one colon in an http/https host; other schemes (database URLs
/// with host lists) and older runtimes take the port after the last colon.
#[test]
fn strict_colons_for_http_hosts() {
    let old = Options {
        strict_colons: false,
        ..Options::NEWEST
    };
    assert_eq!(
        parse("http://a:b:80/").unwrap_err(),
        r#"parse "http://a:b:80/": invalid port ":b:80" after host"#
    );
    assert_eq!(
        parse("http://::1/").unwrap_err(),
        r#"parse "http://::1/": invalid port "::1" after host"#
    );
    assert_eq!(parse_with("http://a:b:80/", old).unwrap().host, b"a:b:80");
    assert!(parse("postgres://h1:5432,h2:5433/db").is_ok());
    assert!(parse("http://2b01:e34:ef40:7730:8e70:5aff:fefe:edac:8080/foo").is_err());
    assert!(parse_with(
        "http://2b01:e34:ef40:7730:8e70:5aff:fefe:edac:8080/foo",
        old
    )
    .is_ok());
    // Both runtimes reject the example of the Kubernetes URL library's documentation.
    assert!(parse_request_uri("https://a:b:c/").is_err());
    assert!(parse_request_uri_with("https://a:b:c/", old).is_err());
}

/// `TestURLHostnameAndPort` (on hosts as stored).
#[test]
fn hostname_and_port() {
    let cases: &[(&str, &str, &str)] = &[
        ("foo.com:80", "foo.com", "80"),
        ("foo.com", "foo.com", ""),
        ("foo.com:", "foo.com", ""),
        ("FOO.COM", "FOO.COM", ""),
        ("1.2.3.4", "1.2.3.4", ""),
        ("1.2.3.4:80", "1.2.3.4", "80"),
        ("[1:2:3:4]", "1:2:3:4", ""),
        ("[1:2:3:4]:80", "1:2:3:4", "80"),
        ("[::1]:80", "::1", "80"),
        ("[::1]", "::1", ""),
        ("[::1]:", "::1", ""),
        ("localhost", "localhost", ""),
        ("localhost:443", "localhost", "443"),
        (
            "[2001:0db8:85a3:0000:0000:8a2e:0370:7334]:17000",
            "2001:0db8:85a3:0000:0000:8a2e:0370:7334",
            "17000",
        ),
        ("[google.com]:80", "google.com", "80"),
        ("google.com]:80", "google.com]", "80"),
        (
            "google.com:80_invalid_port",
            "google.com:80_invalid_port",
            "",
        ),
        ("[::1]extra]:80", "::1]extra", "80"),
        ("google.com]extra:extra", "google.com]extra:extra", ""),
    ];
    for &(host, name, port) in cases {
        let u = GoUrl {
            host: host.as_bytes().to_vec(),
            ..GoUrl::default()
        };
        assert_eq!(
            (u.hostname(), u.port()),
            (name.as_bytes(), port.as_bytes()),
            "{host}"
        );
    }
}

/// `TestParseQuery` (the map Go returns; the error is dropped by `Query()`).
#[test]
fn query_values() {
    type Q = &'static [(&'static str, &'static [&'static str])];
    let cases: &[(&str, Q)] = &[
        ("a=1", &[("a", &["1"])]),
        ("a=1&b=2", &[("a", &["1"]), ("b", &["2"])]),
        ("a=1&a=2&a=banana", &[("a", &["1", "2", "banana"])]),
        ("ascii=%3Ckey%3A+0x90%3E", &[("ascii", &["<key: 0x90>"])]),
        ("a=1;b=2", &[]),
        ("a;b=1", &[]),
        ("a=%3B", &[("a", &[";"])]),
        ("a%3Bb=1", &[("a;b", &["1"])]),
        ("a=1&a=2;a=banana", &[("a", &["1"])]),
        ("a;b&c=1", &[("c", &["1"])]),
        ("a=1&b=2;a=3&c=4", &[("a", &["1"]), ("c", &["4"])]),
        ("a=1&b=2;c=3", &[("a", &["1"])]),
        (";", &[]),
        ("a=1;", &[]),
        ("a=1&;", &[("a", &["1"])]),
        (";a=1&b=2", &[("b", &["2"])]),
        ("a=1&b=2;", &[("a", &["1"])]),
        ("%gh&%ij", &[]),
        (
            "foo=bar&bar=1&bar=2&baz",
            &[("foo", &["bar"]), ("bar", &["1", "2"]), ("baz", &[""])],
        ),
        (
            "key with spaces=value with spaces",
            &[("key with spaces", &["value with spaces"])],
        ),
    ];
    for &(query, want) in cases {
        let got = parse_query(query, Options::NEWEST);
        let want: Vec<(Vec<u8>, Vec<Vec<u8>>)> = want
            .iter()
            .map(|(k, vs)| {
                (
                    k.as_bytes().to_vec(),
                    vs.iter().map(|v| v.as_bytes().to_vec()).collect(),
                )
            })
            .collect();
        assert_eq!(got, want, "{query}");
    }
    // CVE-2025-61726: more than 10000 parameters, and Query() is empty.
    let at_limit = "a=1&".repeat(9_999) + "a=1";
    assert_eq!(parse_query(&at_limit, Options::NEWEST)[0].1.len(), 10_000);
    let over = at_limit.clone() + "&b=2";
    assert!(parse_query(&over, Options::NEWEST).is_empty());
    let unlimited = Options {
        max_query_params: None,
        ..Options::NEWEST
    };
    assert_eq!(parse_query(&over, unlimited).len(), 2);
}

/// `EscapedPath` keeps a valid raw path and re-encodes otherwise (the Kubernetes library's
/// `getEscapedPath` examples, and Go's `RequestURI` table facts).
#[test]
fn escaped_paths() {
    let cases: &[(&str, &str)] = &[
        ("https://example.com/path", "/path"),
        (
            "https://example.com/path with spaces/",
            "/path%20with%20spaces/",
        ),
        ("https://example.com", ""),
        ("http://x/foo%2fbar", "/foo%2fbar"),
        ("http://x/a%20b", "/a%20b"),
        ("http://x/%ff", "/%ff"),
        ("http://x/%7e", "/%7e"),
        ("http://x/é", "/%C3%A9"),
        ("*", "*"),
    ];
    for &(input, want) in cases {
        assert_eq!(
            parse_request_uri(input).unwrap().escaped_path(),
            want,
            "{input}"
        );
    }
}

#[test]
fn userinfo_strings() {
    let u = parse("http://j@ne:p%3Ass@h/").unwrap().user.unwrap();
    assert_eq!(u.username, b"j@ne");
    assert_eq!(u.password.as_deref(), Some(&b"p:ss"[..]));
    assert_eq!(u.to_go_string(), "j%40ne:p%3Ass");
    let u = parse("http://:@h/").unwrap().user.unwrap();
    assert_eq!(
        (u.to_go_string().as_str(), u.password.is_some()),
        (":", true)
    );
}
