//! Helm charts in OCI registries (`helm: oci://host/repository` with `version:` as the tag),
//! through the OCI distribution API: the manifest, then the chart layer's blob. A registry that
//! answers 401 gets the anonymous token flow of the distribution spec (the `WWW-Authenticate`
//! challenge's realm, service and scope), with the credentials of `~/.docker/config.json`
//! (`$DOCKER_CONFIG`) for that host when it has any (`auths` entries; credential helpers are
//! not run). Loopback registries are spoken to over plain HTTP, as `helm --plain-http`.

use base64::Engine;

use super::helm::{read_chart, Chart};
use super::http::{status_error, Client};

/// The chart layer's media type (Helm's OCI support).
const CHART_LAYER: &str = "application/vnd.cncf.helm.chart.content.v1.tar+gzip";
const MANIFEST_TYPES: &str = "application/vnd.oci.image.manifest.v1+json, application/vnd.docker.distribution.manifest.v2+json";

/// A chart read from a registry.
pub struct OciChart {
    /// The blob's URL.
    pub url: String,
    /// `sha256:<hex>` of the manifest.
    pub manifest_digest: String,
    pub chart: Chart,
}

/// `reference` (`oci://host/path`) at tag `version`.
pub fn chart(http: &Client, reference: &str, version: &str) -> Result<OciChart, String> {
    let rest = reference
        .strip_prefix("oci://")
        .ok_or_else(|| format!("{reference}: an OCI chart is `oci://HOST/REPOSITORY`"))?;
    let (authority, repo) = rest
        .split_once('/')
        .filter(|(h, r)| !h.is_empty() && !r.is_empty())
        .ok_or_else(|| format!("{reference}: an OCI chart is `oci://HOST/REPOSITORY`"))?;
    let repo = repo.trim_end_matches('/');
    let host = super::host_of(reference);
    let scheme = if super::is_loopback(host) {
        "http"
    } else {
        "https"
    };
    let base = format!("{scheme}://{authority}/v2/{repo}");
    let session = Session {
        http,
        host,
        repo,
        auth: std::cell::RefCell::new(None),
    };
    let manifest_url = format!("{base}/manifests/{version}");
    let manifest = session.get(&manifest_url, MANIFEST_TYPES)?;
    let manifest_digest = format!("sha256:{}", super::sha256_hex(&manifest));
    let json: serde_json::Value = serde_json::from_slice(&manifest)
        .map_err(|e| format!("{manifest_url}: not a manifest (JSON): {e}"))?;
    let layer = json
        .get("layers")
        .and_then(|l| l.as_array())
        .and_then(|ls| {
            ls.iter()
                .find(|l| l.get("mediaType").and_then(|m| m.as_str()) == Some(CHART_LAYER))
        })
        .and_then(|l| l.get("digest"))
        .and_then(|d| d.as_str())
        .ok_or_else(|| {
            format!("{manifest_url}: the manifest has no Helm chart layer ({CHART_LAYER})")
        })?;
    let hex = layer
        .strip_prefix("sha256:")
        .filter(|h| h.len() == 64 && h.bytes().all(|b| b.is_ascii_hexdigit()))
        .ok_or_else(|| format!("{manifest_url}: unsupported layer digest {layer}"))?;
    let url = format!("{base}/blobs/{layer}");
    let archive = session.get(&url, "*/*")?;
    let got = super::sha256_hex(&archive);
    if !got.eq_ignore_ascii_case(hex) {
        return Err(format!("{url}: the blob's sha256 is {got}, not {hex}"));
    }
    let read = read_chart(&archive, &format!("{reference}:{version}"))?;
    Ok(OciChart {
        url,
        manifest_digest,
        chart: Chart {
            url: String::new(),
            version: read.version.unwrap_or_else(|| version.to_string()),
            archive,
            crds: read.crds,
            notes: read.notes,
        },
    })
}

/// Requests to one registry repository, with the authorization its challenge asked for.
struct Session<'a> {
    http: &'a Client,
    host: &'a str,
    repo: &'a str,
    auth: std::cell::RefCell<Option<String>>,
}

impl Session<'_> {
    fn get(&self, url: &str, accept: &str) -> Result<Vec<u8>, String> {
        let mut tried_auth = false;
        loop {
            let auth = self.auth.borrow().clone();
            let mut headers = vec![("Accept", accept)];
            if let Some(a) = &auth {
                headers.push(("Authorization", a.as_str()));
            }
            let r = self.http.request(url, &headers)?;
            if (200..300).contains(&r.status) {
                return Ok(r.bytes);
            }
            if r.status != 401 || tried_auth {
                return Err(status_error(url, &r));
            }
            tried_auth = true;
            let challenge = r.header("www-authenticate").unwrap_or("").to_string();
            *self.auth.borrow_mut() = Some(self.authorize(url, &challenge)?);
        }
    }

    /// The `Authorization` value a 401's challenge asks for: a bearer token from its realm
    /// (anonymous, or with the docker config's credentials), or basic credentials.
    fn authorize(&self, url: &str, challenge: &str) -> Result<String, String> {
        let basic = docker_credentials(self.host);
        let (scheme, params) = challenge.split_once(' ').unwrap_or((challenge, ""));
        if scheme.eq_ignore_ascii_case("basic") {
            return basic
                .map(|b| format!("Basic {b}"))
                .ok_or_else(|| format!("GET {url}: 401 Unauthorized, and ~/.docker/config.json has no credentials for {}", self.host));
        }
        if !scheme.eq_ignore_ascii_case("bearer") {
            return Err(format!(
                "GET {url}: 401 Unauthorized with an unknown challenge `{challenge}`"
            ));
        }
        let params = challenge_params(params);
        let realm = params
            .iter()
            .find(|(k, _)| k == "realm")
            .map(|(_, v)| v.clone())
            .ok_or_else(|| format!("GET {url}: 401 Unauthorized: the challenge has no realm"))?;
        let mut query: Vec<String> = Vec::new();
        if let Some((_, s)) = params.iter().find(|(k, _)| k == "service") {
            query.push(format!("service={}", encode(s)));
        }
        let scope = params
            .iter()
            .find(|(k, _)| k == "scope")
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| format!("repository:{}:pull", self.repo));
        query.push(format!("scope={}", encode(&scope)));
        let sep = if realm.contains('?') { '&' } else { '?' };
        let token_url = format!("{realm}{sep}{}", query.join("&"));
        let basic_header = basic.map(|b| format!("Basic {b}"));
        let mut headers: Vec<(&str, &str)> = Vec::new();
        if let Some(b) = &basic_header {
            headers.push(("Authorization", b.as_str()));
        }
        let r = self.http.request(&token_url, &headers)?;
        if !(200..300).contains(&r.status) {
            return Err(format!(
                "the registry's token service refused: {}",
                status_error(&token_url, &r)
            ));
        }
        let json: serde_json::Value = serde_json::from_slice(&r.bytes)
            .map_err(|e| format!("{token_url}: not a token answer (JSON): {e}"))?;
        let token = json
            .get("token")
            .or_else(|| json.get("access_token"))
            .and_then(|t| t.as_str())
            .ok_or_else(|| format!("{token_url}: the answer has no token"))?;
        Ok(format!("Bearer {token}"))
    }
}

/// `realm="…",service="…",scope="…"` as pairs.
fn challenge_params(s: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = s.trim();
    while !rest.is_empty() {
        let Some((key, after)) = rest.split_once('=') else {
            break;
        };
        let key = key
            .trim()
            .trim_start_matches(',')
            .trim()
            .to_ascii_lowercase();
        let (value, next) = if let Some(q) = after.strip_prefix('"') {
            let end = q.find('"').unwrap_or(q.len());
            (q[..end].to_string(), q.get(end + 1..).unwrap_or(""))
        } else {
            let end = after.find(',').unwrap_or(after.len());
            (after[..end].trim().to_string(), &after[end..])
        };
        out.push((key, value));
        rest = next.trim_start_matches(',').trim();
    }
    out
}

/// Percent-encodes a query value (all but unreserved characters).
fn encode(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The base64 `user:password` of the docker config's `auths` entry for `host`, if any.
fn docker_credentials(host: &str) -> Option<String> {
    let dir = std::env::var_os("DOCKER_CONFIG")
        .map(std::path::PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|h| std::path::PathBuf::from(h).join(".docker"))
        })?;
    let text = std::fs::read(dir.join("config.json")).ok()?;
    let json: serde_json::Value = serde_json::from_slice(&text).ok()?;
    let auths = json.get("auths")?.as_object()?;
    let (_, entry) = auths.iter().find(|(k, _)| {
        k.as_str() == host || super::host_of(k) == host || k.split('/').next() == Some(host)
    })?;
    if let Some(a) = entry
        .get("auth")
        .and_then(|a| a.as_str())
        .filter(|a| !a.is_empty())
    {
        return Some(a.to_string());
    }
    let user = entry.get("username")?.as_str()?;
    let pass = entry.get("password")?.as_str()?;
    Some(base64::engine::general_purpose::STANDARD.encode(format!("{user}:{pass}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bearer_challenge_is_read() {
        let p = challenge_params(
            r#"realm="https://ghcr.io/token",service="ghcr.io",scope="repository:a/b:pull""#,
        );
        assert_eq!(
            p,
            [
                ("realm".to_string(), "https://ghcr.io/token".to_string()),
                ("service".to_string(), "ghcr.io".to_string()),
                ("scope".to_string(), "repository:a/b:pull".to_string())
            ]
        );
        assert_eq!(encode("repository:a/b:pull"), "repository%3Aa%2Fb%3Apull");
    }
}
