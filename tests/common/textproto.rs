//! A textproto reader for the subset the cel-spec conformance files use: fields `name: value`,
//! `name { ... }`, `name: { ... }`, `[extension.name] { ... }`, repeated fields as repeated
//! entries, string literals (C escapes, adjacent literals concatenated), numbers and enum
//! identifiers.

#[derive(Clone, Debug)]
pub enum Tp {
    /// A number or an identifier, as written.
    Scalar(String),
    /// A string literal's bytes.
    Str(Vec<u8>),
    Msg(Msg),
}

#[derive(Clone, Debug, Default)]
pub struct Msg(pub Vec<(String, Tp)>);

impl Msg {
    pub fn get(&self, k: &str) -> Option<&Tp> {
        self.0.iter().find(|(n, _)| n == k).map(|(_, v)| v)
    }
    pub fn all<'a>(&'a self, k: &'a str) -> impl Iterator<Item = &'a Tp> + 'a {
        self.0.iter().filter(move |(n, _)| n == k).map(|(_, v)| v)
    }
    pub fn msg(&self, k: &str) -> Option<&Msg> {
        match self.get(k) {
            Some(Tp::Msg(m)) => Some(m),
            _ => None,
        }
    }
    pub fn str(&self, k: &str) -> Option<String> {
        match self.get(k) {
            Some(Tp::Str(b)) => Some(String::from_utf8_lossy(b).into_owned()),
            _ => None,
        }
    }
    pub fn scalar(&self, k: &str) -> Option<&str> {
        match self.get(k) {
            Some(Tp::Scalar(s)) => Some(s),
            _ => None,
        }
    }
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn skip_ws(&mut self) {
        while let Some(&c) = self.s.get(self.i) {
            if c == b'#' {
                while self.s.get(self.i).is_some_and(|&c| c != b'\n') {
                    self.i += 1;
                }
            } else if c.is_ascii_whitespace() {
                self.i += 1;
            } else {
                break;
            }
        }
    }
    fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.s.get(self.i).copied()
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn word(&mut self) -> Result<String, String> {
        self.skip_ws();
        let start = self.i;
        while self
            .s
            .get(self.i)
            .is_some_and(|c| c.is_ascii_alphanumeric() || b"_.+-".contains(c))
        {
            self.i += 1;
        }
        if start == self.i {
            return Err(format!("expected a word at byte {start}"));
        }
        Ok(String::from_utf8_lossy(&self.s[start..self.i]).into_owned())
    }
    /// The body of a message up to `close` (or the end of input for the file itself).
    fn message(&mut self, close: Option<u8>) -> Result<Msg, String> {
        let mut m = Msg::default();
        loop {
            match (self.peek(), close) {
                (None, None) => return Ok(m),
                (None, Some(_)) => return Err("unterminated message".into()),
                (Some(c), Some(cl)) if c == cl => {
                    self.i += 1;
                    return Ok(m);
                }
                _ => {}
            }
            let name = if self.eat(b'[') {
                let start = self.i;
                while self.s.get(self.i).is_some_and(|&c| c != b']') {
                    self.i += 1;
                }
                let n = String::from_utf8_lossy(&self.s[start..self.i]).into_owned();
                self.i += 1;
                format!("[{n}]")
            } else {
                self.word()?
            };
            self.eat(b':');
            if self.eat(b'[') {
                while !self.eat(b']') {
                    let v = self.value()?;
                    m.0.push((name.clone(), v));
                    self.eat(b',');
                }
            } else {
                let v = self.value()?;
                m.0.push((name, v));
            }
            if !self.eat(b',') {
                self.eat(b';');
            }
        }
    }
    fn value(&mut self) -> Result<Tp, String> {
        match self.peek() {
            Some(b'{') => {
                self.i += 1;
                Ok(Tp::Msg(self.message(Some(b'}'))?))
            }
            Some(b'<') => {
                self.i += 1;
                Ok(Tp::Msg(self.message(Some(b'>'))?))
            }
            Some(b'"' | b'\'') => {
                let mut out = Vec::new();
                while let Some(q @ (b'"' | b'\'')) = self.peek() {
                    self.i += 1;
                    self.string(q, &mut out)?;
                }
                Ok(Tp::Str(out))
            }
            _ => Ok(Tp::Scalar(self.word()?)),
        }
    }
    fn string(&mut self, quote: u8, out: &mut Vec<u8>) -> Result<(), String> {
        loop {
            let c = *self.s.get(self.i).ok_or("unterminated string")?;
            self.i += 1;
            if c == quote {
                return Ok(());
            }
            if c != b'\\' {
                out.push(c);
                continue;
            }
            let e = *self.s.get(self.i).ok_or("unterminated escape")?;
            self.i += 1;
            match e {
                b'n' => out.push(b'\n'),
                b'r' => out.push(b'\r'),
                b't' => out.push(b'\t'),
                b'a' => out.push(7),
                b'b' => out.push(8),
                b'f' => out.push(12),
                b'v' => out.push(11),
                b'0'..=b'7' => {
                    let mut v = u32::from(e - b'0');
                    for _ in 0..2 {
                        match self.s.get(self.i) {
                            Some(&d @ b'0'..=b'7') => {
                                v = v * 8 + u32::from(d - b'0');
                                self.i += 1;
                            }
                            _ => break,
                        }
                    }
                    out.push(v as u8);
                }
                b'x' | b'u' | b'U' => {
                    let max = match e {
                        b'x' => 2,
                        b'u' => 4,
                        _ => 8,
                    };
                    let mut v = 0u32;
                    let mut n = 0;
                    while n < max {
                        match self.s.get(self.i).and_then(|&d| (d as char).to_digit(16)) {
                            Some(d) => {
                                v = v * 16 + d;
                                self.i += 1;
                                n += 1;
                            }
                            None => break,
                        }
                    }
                    if e == b'x' {
                        out.push(v as u8);
                    } else {
                        let ch = char::from_u32(v).ok_or("bad \\u escape")?;
                        out.extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes());
                    }
                }
                other => out.push(other),
            }
        }
    }
}

/// Reads a whole file as the fields of its top-level message.
pub fn read_textproto(text: &str) -> Result<Msg, String> {
    Reader {
        s: text.as_bytes(),
        i: 0,
    }
    .message(None)
}
