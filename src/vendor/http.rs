//! The one HTTP client of `crdlint vendor`: HTTPS verified against the system's trust roots
//! (the platform verifier), `HTTPS_PROXY`/`HTTP_PROXY`/`ALL_PROXY` and `NO_PROXY` from the
//! environment, `GITHUB_TOKEN` sent to GitHub's hosts only, timeouts, retries with backoff on
//! what may pass (connection failures, timeouts, 429 and 5xx), and a size cap per download.
//! Every failure is one message naming the URL and what the server said.

use std::time::Duration;

/// The most bytes one download may have (a chart archive, an `index.yaml`, a CRD file).
pub const MAX_BYTES: u64 = 64 << 20;

/// Attempts per request (the first and two retries), waiting 0.5 s and then 1 s between them.
const ATTEMPTS: u32 = 3;
const BACKOFF: Duration = Duration::from_millis(500);

/// A response read whole (status, the headers asked for, body).
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub bytes: Vec<u8>,
}

impl Response {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// A successful download, with the plain-HTTP warning when there is one.
#[derive(Debug)]
pub struct Fetched {
    pub bytes: Vec<u8>,
    pub warning: Option<String>,
}

/// The client; one per run.
pub struct Client {
    agent: ureq::Agent,
    github_token: Option<String>,
}

impl Default for Client {
    fn default() -> Self {
        Client::new()
    }
}

impl Client {
    pub fn new() -> Client {
        let tls = ureq::tls::TlsConfig::builder()
            .root_certs(ureq::tls::RootCerts::PlatformVerifier)
            .build();
        let config = ureq::Agent::config_builder()
            .tls_config(tls)
            // Statuses are read, not raised: a registry's 401 starts its token handshake, and
            // every other one is worded with the server's own message.
            .http_status_as_error(false)
            .timeout_connect(Some(Duration::from_secs(30)))
            .timeout_recv_response(Some(Duration::from_secs(60)))
            .timeout_global(Some(Duration::from_secs(300)))
            .user_agent(concat!("crdlint/", env!("CARGO_PKG_VERSION")))
            .build();
        Client {
            agent: config.into(),
            github_token: std::env::var("GITHUB_TOKEN").ok().filter(|t| !t.is_empty()),
        }
    }

    /// GETs `url` and returns its body; any status but 2xx is an error.
    pub fn get(&self, url: &str) -> Result<Fetched, String> {
        let warning = check_scheme(url)?;
        let r = self.request(url, &[])?;
        if !(200..300).contains(&r.status) {
            return Err(status_error(url, &r));
        }
        Ok(Fetched {
            bytes: r.bytes,
            warning,
        })
    }

    /// GETs `url` with extra headers and returns whatever the server answered (for the OCI
    /// token handshake, which reads a 401).
    pub fn request(&self, url: &str, headers: &[(&str, &str)]) -> Result<Response, String> {
        check_scheme(url)?;
        let mut last = String::new();
        for attempt in 0..ATTEMPTS {
            if attempt > 0 {
                std::thread::sleep(BACKOFF * 2u32.pow(attempt - 1));
            }
            match self.once(url, headers) {
                Ok(r) if retried_status(r.status) && attempt + 1 < ATTEMPTS => {
                    last = status_error(url, &r);
                }
                Ok(r) => return Ok(r),
                Err((message, transient)) => {
                    last = message;
                    if !transient {
                        break;
                    }
                }
            }
        }
        Err(last)
    }

    fn once(&self, url: &str, headers: &[(&str, &str)]) -> Result<Response, (String, bool)> {
        let mut req = self.agent.get(url);
        let mut authorized = false;
        for (k, v) in headers {
            authorized |= k.eq_ignore_ascii_case("authorization");
            req = req.header(*k, *v);
        }
        if let (Some(token), false) = (&self.github_token, authorized) {
            if is_github(super::host_of(url)) {
                req = req.header("Authorization", &format!("Bearer {token}"));
            }
        }
        let mut resp = req.call().map_err(|e| {
            let transient = matches!(
                e,
                ureq::Error::Io(_) | ureq::Error::Timeout(_) | ureq::Error::ConnectionFailed
            );
            (format!("GET {url}: {e}"), transient)
        })?;
        let status = resp.status().as_u16();
        let headers = resp
            .headers()
            .iter()
            .filter_map(|(k, v)| Some((k.as_str().to_string(), v.to_str().ok()?.to_string())))
            .collect();
        let bytes = resp
            .body_mut()
            .with_config()
            .limit(MAX_BYTES)
            .read_to_vec()
            .map_err(|e| match e {
                ureq::Error::BodyExceedsLimit(_) => (
                    format!(
                        "GET {url}: the response is larger than the {} MiB limit of a download",
                        MAX_BYTES >> 20
                    ),
                    false,
                ),
                e => (format!("GET {url}: reading the response: {e}"), true),
            })?;
        Ok(Response {
            status,
            headers,
            bytes,
        })
    }
}

/// Only `https://` and `http://`; plain HTTP is accepted (the lock's hashes pin the bytes) with
/// a warning unless the host is this machine.
fn check_scheme(url: &str) -> Result<Option<String>, String> {
    let lower = url.to_ascii_lowercase();
    if lower.starts_with("https://") {
        return Ok(None);
    }
    if lower.starts_with("http://") {
        let host = super::host_of(url);
        if super::is_loopback(host) {
            return Ok(None);
        }
        return Ok(Some(format!(
            "{url}: plain HTTP: anyone on the way can read or change the bytes; the lock's \
             sha256 pins them, but prefer https://"
        )));
    }
    Err(format!("{url}: not an http:// or https:// address"))
}

fn is_github(host: &str) -> bool {
    matches!(
        host.to_ascii_lowercase().as_str(),
        "github.com" | "api.github.com" | "raw.githubusercontent.com"
    )
}

fn retried_status(status: u16) -> bool {
    status == 429 || (500..600).contains(&status)
}

/// `GET URL: 404 Not Found: <the start of what the server said>`.
pub fn status_error(url: &str, r: &Response) -> String {
    let reason = reason(r.status);
    let body = String::from_utf8_lossy(&r.bytes);
    let said: String = body.split_whitespace().collect::<Vec<_>>().join(" ");
    let said: String = said.chars().take(200).collect();
    if said.is_empty() {
        format!("GET {url}: {} {reason}", r.status)
    } else {
        format!("GET {url}: {} {reason}: {said}", r.status)
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_http_warns_unless_loopback_and_other_schemes_fail() {
        assert_eq!(check_scheme("https://example.com/x"), Ok(None));
        assert_eq!(check_scheme("http://127.0.0.1:8080/x"), Ok(None));
        assert!(check_scheme("http://mirror.internal/x")
            .expect("accepted")
            .expect("a warning")
            .contains("plain HTTP"));
        assert!(check_scheme("ftp://x/y").is_err());
    }

    #[test]
    fn the_github_token_is_for_githubs_hosts_only() {
        assert!(is_github("github.com") && is_github("API.GitHub.com"));
        assert!(is_github("raw.githubusercontent.com"));
        for other in [
            "127.0.0.1",
            "github.com.evil.io",
            "ghcr.io",
            "objects.githubusercontent.com",
        ] {
            assert!(!is_github(other), "{other}");
        }
    }

    #[test]
    fn a_status_error_says_what_the_server_said() {
        let r = Response {
            status: 404,
            headers: Vec::new(),
            bytes: b"no such\n  release".to_vec(),
        };
        assert_eq!(
            status_error("https://h/x", &r),
            "GET https://h/x: 404 Not Found: no such release"
        );
    }
}
