//! Go `net/mail.ParseAddress`, which `format: email` uses: RFC 5322 `address` with Go's
//! leniencies (an addr-spec is tried first, then `display-name <addr-spec>`, then a group with
//! exactly one member; comments are skipped). RFC 2047 encoded words in display names are not
//! decoded (they are accepted as plain atoms), which only matters for malformed encodings.

/// Parses one address; `Ok(addr_spec)` on success, Go's error text otherwise.
pub fn parse_address(s: &str) -> Result<String, String> {
    let mut p = Parser { s };
    let addrs = p.parse_address(true)?;
    if !p.skip_cfws() {
        return Err("mail: misformatted parenthetical comment".into());
    }
    if !p.s.is_empty() {
        return Err(format!(
            "mail: expected single address, got {}",
            crate::k8s::field::go_quote(p.s)
        ));
    }
    match addrs.len() {
        0 => Err("mail: empty group".into()),
        1 => Ok(addrs.into_iter().next().unwrap_or_default()),
        _ => Err("mail: group with multiple addresses".into()),
    }
}

struct Parser<'a> {
    s: &'a str,
}

fn is_vchar(c: char) -> bool {
    ('!'..='~').contains(&c) || (c as u32) >= 0x80
}

fn is_atext(c: char, dot: bool) -> bool {
    match c {
        '.' => dot,
        '(' | ')' | '<' | '>' | '[' | ']' | ':' | ';' | '@' | '\\' | ',' | '"' => false,
        c => is_vchar(c),
    }
}

fn is_qtext(c: char) -> bool {
    c != '\\' && c != '"' && is_vchar(c)
}

fn is_wsp(c: char) -> bool {
    c == ' ' || c == '\t'
}

fn is_dtext(c: char) -> bool {
    c != '[' && c != ']' && c != '\\' && is_vchar(c)
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<char> {
        self.s.chars().next()
    }

    fn consume(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.s = &self.s[c.len_utf8()..];
            true
        } else {
            false
        }
    }

    fn skip_space(&mut self) {
        self.s = self.s.trim_start_matches([' ', '\t']);
    }

    /// Skips folding white space and (nested) comments; false on an unclosed comment.
    fn skip_cfws(&mut self) -> bool {
        self.skip_space();
        loop {
            if !self.consume('(') {
                break;
            }
            if self.consume_comment().is_err() {
                return false;
            }
            self.skip_space();
        }
        true
    }

    /// After the opening `(`: runs to the matching `)`.
    fn consume_comment(&mut self) -> Result<String, String> {
        let mut depth = 1;
        let mut comment = String::new();
        let mut chars = self.s.char_indices();
        loop {
            let Some((i, c)) = chars.next() else {
                return Err("mail: misformatted parenthetical comment".into());
            };
            match c {
                '\\' => {
                    if let Some((_, e)) = chars.next() {
                        comment.push(e);
                    }
                    continue;
                }
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        self.s = &self.s[i + 1..];
                        return Ok(comment);
                    }
                }
                _ => {}
            }
            comment.push(c);
        }
    }

    fn parse_address(&mut self, handle_group: bool) -> Result<Vec<String>, String> {
        self.skip_space();
        if self.s.is_empty() {
            return Err("mail: no address".into());
        }
        if let Ok(spec) = self.consume_addr_spec() {
            self.skip_space();
            if self.peek() == Some('(') {
                self.consume('(');
                self.consume_comment()?;
            }
            return Ok(vec![spec]);
        }
        let mut display = String::new();
        if self.peek() != Some('<') {
            display = self.consume_phrase()?;
        }
        self.skip_space();
        if handle_group && self.consume(':') {
            return self.consume_group_list();
        }
        if !self.consume('<') {
            if display.chars().all(|c| is_atext(c, true)) {
                return Err("mail: missing '@' or angle-addr".into());
            }
            return Err("mail: no angle-addr".into());
        }
        let spec = self.consume_addr_spec()?;
        if !self.consume('>') {
            return Err("mail: unclosed angle-addr".into());
        }
        Ok(vec![spec])
    }

    fn consume_group_list(&mut self) -> Result<Vec<String>, String> {
        let mut group = Vec::new();
        self.skip_space();
        if self.consume(';') {
            if !self.skip_cfws() {
                return Err("mail: misformatted parenthetical comment".into());
            }
            return Ok(group);
        }
        loop {
            self.skip_space();
            group.extend(self.parse_address(false)?);
            if !self.skip_cfws() {
                return Err("mail: misformatted parenthetical comment".into());
            }
            if self.consume(';') {
                if !self.skip_cfws() {
                    return Err("mail: misformatted parenthetical comment".into());
                }
                break;
            }
            if !self.consume(',') {
                return Err("mail: expected comma".into());
            }
        }
        Ok(group)
    }

    /// `local-part "@" domain`; restores the input on failure.
    fn consume_addr_spec(&mut self) -> Result<String, String> {
        let orig = self.s;
        let r = self.addr_spec_inner();
        if r.is_err() {
            self.s = orig;
        }
        r
    }

    fn addr_spec_inner(&mut self) -> Result<String, String> {
        self.skip_space();
        if self.s.is_empty() {
            return Err("mail: no addr-spec".into());
        }
        let local = if self.peek() == Some('"') {
            let q = self.consume_quoted_string()?;
            if q.is_empty() {
                return Err("mail: empty quoted-string in addr-spec".into());
            }
            q
        } else {
            self.consume_atom(true, false)?
        };
        if !self.consume('@') {
            return Err("mail: missing @ in addr-spec".into());
        }
        self.skip_space();
        if self.s.is_empty() {
            return Err("mail: no domain in addr-spec".into());
        }
        let domain = if self.peek() == Some('[') {
            self.consume_domain_literal()?
        } else {
            self.consume_atom(true, false)?
        };
        Ok(format!("{local}@{domain}"))
    }

    fn consume_atom(&mut self, dot: bool, permissive: bool) -> Result<String, String> {
        let n: usize = self
            .s
            .chars()
            .take_while(|&c| is_atext(c, dot))
            .map(char::len_utf8)
            .sum();
        if n == 0 {
            return Err("mail: invalid string".into());
        }
        let atom = &self.s[..n];
        self.s = &self.s[n..];
        if !permissive {
            if atom.starts_with('.') {
                return Err("mail: leading dot in atom".into());
            }
            if atom.contains("..") {
                return Err("mail: double dot in atom".into());
            }
            if atom.ends_with('.') {
                return Err("mail: trailing dot in atom".into());
            }
        }
        Ok(atom.to_string())
    }

    fn consume_quoted_string(&mut self) -> Result<String, String> {
        let mut out = String::new();
        let mut escaped = false;
        let mut it = self.s.char_indices().skip(1);
        loop {
            let Some((i, c)) = it.next() else {
                return Err("mail: unclosed quoted-string".into());
            };
            if escaped {
                if !is_vchar(c) && !is_wsp(c) {
                    return Err(format!("mail: bad character in quoted-string: {c:?}"));
                }
                out.push(c);
                escaped = false;
            } else if is_qtext(c) || is_wsp(c) {
                out.push(c);
            } else if c == '"' {
                self.s = &self.s[i + 1..];
                return Ok(out);
            } else if c == '\\' {
                escaped = true;
            } else {
                return Err(format!("mail: bad character in quoted-string: {c:?}"));
            }
        }
    }

    fn consume_domain_literal(&mut self) -> Result<String, String> {
        if !self.consume('[') {
            return Err("mail: missing \"[\" in domain-literal".into());
        }
        let n: usize = self
            .s
            .chars()
            .take_while(|&c| c != ']')
            .map(char::len_utf8)
            .sum();
        let dtext = &self.s[..n];
        if n == self.s.len() {
            return Err("mail: unclosed domain-literal".into());
        }
        if let Some(c) = dtext.chars().find(|&c| !is_dtext(c)) {
            return Err(format!("mail: bad character in domain-literal: {c:?}"));
        }
        self.s = &self.s[n + 1..];
        if super::gonet::parse_ip(dtext).is_none() {
            return Err(format!(
                "mail: invalid IP address in domain-literal: {}",
                crate::k8s::field::go_quote(dtext)
            ));
        }
        Ok(format!("[{dtext}]"))
    }

    fn consume_phrase(&mut self) -> Result<String, String> {
        let mut words: Vec<String> = Vec::new();
        let mut err = None;
        loop {
            if !words.is_empty() && !self.skip_cfws() {
                return Err("mail: misformatted parenthetical comment".into());
            }
            self.skip_space();
            if self.s.is_empty() {
                break;
            }
            let w = if self.peek() == Some('"') {
                self.consume_quoted_string()
            } else {
                self.consume_atom(true, true)
            };
            match w {
                Ok(w) => words.push(w),
                Err(e) => {
                    err = Some(e);
                    break;
                }
            }
        }
        match err {
            Some(e) if words.is_empty() => Err(format!("mail: missing word in phrase: {e}")),
            _ => Ok(words.join(" ")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses() {
        for ok in [
            "a@b",
            "\"Fred Bloggs\"@example.com",
            "John Doe <john@example.com>",
            "a@[127.0.0.1]",
            "a@b (comment)",
            "group: a@b;",
        ] {
            assert!(parse_address(ok).is_ok(), "{ok}");
        }
        for bad in [
            "",
            "a@b@c",
            "a",
            "John Doe",
            ".a@b",
            "a..b@c",
            "a@[1.2.3]",
            "<a@b",
            "g: a@b, c@d;",
            "g: ;",
            "\"\"@b",
        ] {
            assert!(parse_address(bad).is_err(), "{bad}");
        }
    }
}
