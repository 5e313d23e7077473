//! `crdlint vendor` (issue 30) against sources served from this test only: a small HTTP server
//! on 127.0.0.1 (a CRD file, a chart repository's `index.yaml` and `.tgz`, an OCI registry's
//! manifest and blob behind the distribution spec's token handshake) and git repositories made
//! here with `git`. Nothing reaches beyond the machine.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command as StdCommand;
use std::sync::{Arc, Mutex};

use assert_cmd::Command;

const CHART_LAYER: &str = "application/vnd.cncf.helm.chart.content.v1.tar+gzip";
const TOKEN: &str = "tok-123";

/// What the server answers for a path.
#[derive(Clone)]
struct Route {
    status: u16,
    body: Vec<u8>,
    /// Behind the registry's bearer token.
    token: bool,
}

/// A tiny HTTP/1.1 server: one request per connection, routes by path (query ignored).
struct Server {
    base: String,
    routes: Arc<Mutex<HashMap<String, Route>>>,
    log: Arc<Mutex<Vec<String>>>,
}

impl Server {
    fn start() -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
        let base = format!("http://{}", listener.local_addr().expect("addr"));
        let routes: Arc<Mutex<HashMap<String, Route>>> = Arc::default();
        let log: Arc<Mutex<Vec<String>>> = Arc::default();
        let (r, l, b) = (routes.clone(), log.clone(), base.clone());
        std::thread::spawn(move || {
            // Bounded: a test makes a few dozen requests; the thread ends with the process.
            for stream in listener.incoming().take(10_000) {
                let Ok(mut s) = stream else { continue };
                let _ = s.set_read_timeout(Some(std::time::Duration::from_secs(10)));
                let mut buf = Vec::new();
                let mut chunk = [0u8; 4096];
                while !buf.windows(4).any(|w| w == b"\r\n\r\n") {
                    match s.read(&mut chunk) {
                        Ok(0) | Err(_) => break,
                        Ok(n) => buf.extend_from_slice(&chunk[..n]),
                    }
                }
                let head = String::from_utf8_lossy(&buf).to_string();
                let target = head.split_whitespace().nth(1).unwrap_or("/").to_string();
                let auth = head
                    .lines()
                    .find_map(|l| {
                        let (k, v) = l.split_once(':')?;
                        k.eq_ignore_ascii_case("authorization")
                            .then(|| v.trim().to_string())
                    })
                    .unwrap_or_default();
                l.lock().expect("log").push(format!("{target} auth={auth}"));
                let path = target.split('?').next().unwrap_or("").to_string();
                let route = r.lock().expect("routes").get(&path).cloned();
                let (status, body, extra) = match route {
                    Some(rt) if rt.token && auth != format!("Bearer {TOKEN}") => (
                        401,
                        b"{\"errors\":[{\"code\":\"UNAUTHORIZED\"}]}".to_vec(),
                        format!("WWW-Authenticate: Bearer realm=\"{b}/token\",service=\"test-registry\",scope=\"repository:charts/widgets:pull\"\r\n"),
                    ),
                    Some(rt) => (rt.status, rt.body, String::new()),
                    None => (404, b"no such file".to_vec(), String::new()),
                };
                let _ = write!(
                    s,
                    "HTTP/1.1 {status} X\r\nContent-Length: {}\r\nConnection: close\r\n{extra}\r\n",
                    body.len()
                );
                let _ = s.write_all(&body);
            }
        });
        Server { base, routes, log }
    }

    fn serve(&self, path: &str, body: impl Into<Vec<u8>>) {
        self.route(path, 200, body.into(), false);
    }

    fn route(&self, path: &str, status: u16, body: Vec<u8>, token: bool) {
        self.routes.lock().expect("routes").insert(
            path.to_string(),
            Route {
                status,
                body,
                token,
            },
        );
    }

    fn requests(&self) -> Vec<String> {
        self.log.lock().expect("log").clone()
    }
}

fn crd(plural: &str, group: &str, kind: &str, size_schema: &str) -> String {
    format!(
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: {plural}.{group}\nspec:\n  group: {group}\n  scope: Namespaced\n  names: {{kind: {kind}, plural: {plural}, singular: {s}, listKind: {kind}List}}\n  versions:\n  - name: v1\n    served: true\n    storage: true\n    schema:\n      openAPIV3Schema:\n        type: object\n        properties:\n          spec:\n            type: object\n            properties:\n              size: {size_schema}\n",
        s = kind.to_ascii_lowercase()
    )
}

fn sha256(bytes: &[u8]) -> String {
    crdlint::vendor::sha256_hex(bytes)
}

fn tgz(files: &[(&str, &str)]) -> Vec<u8> {
    let gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    let mut b = tar::Builder::new(gz);
    for (p, text) in files {
        let mut h = tar::Header::new_gnu();
        h.set_size(text.len() as u64);
        h.set_mode(0o644);
        h.set_cksum();
        b.append_data(&mut h, p, text.as_bytes()).expect("append");
    }
    b.into_inner().expect("tar").finish().expect("gzip")
}

/// A chart archive with one CRD in `crds/` and one in `templates/` (which is not taken).
fn chart(version: &str, size_schema: &str) -> Vec<u8> {
    chart_of("gadgets", version, size_schema)
}

fn chart_of(plural: &str, version: &str, size_schema: &str) -> Vec<u8> {
    tgz(&[
        (
            "gadgets/Chart.yaml",
            &format!("apiVersion: v2\nname: gadgets\nversion: {version}\n"),
        ),
        (
            "gadgets/crds/gadgets.yaml",
            &crd(plural, "helm.example.com", "Gadget", size_schema),
        ),
        (
            "gadgets/templates/crd.yaml",
            &crd(
                "templated",
                "helm.example.com",
                "Templated",
                "{type: integer}",
            ),
        ),
        (
            "gadgets/templates/deployment.yaml",
            "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ .Release.Name }}\n",
        ),
    ])
}

fn serve_chart_repo(server: &Server, archive: &[u8]) {
    server.serve(
        "/charts/index.yaml",
        format!(
            "apiVersion: v1\nentries:\n  gadgets:\n  - name: gadgets\n    version: 1.2.0\n    digest: {}\n    urls: [gadgets-1.2.0.tgz]\n  - name: gadgets\n    version: 1.1.0\n    urls: [gadgets-1.1.0.tgz]\n",
            sha256(archive)
        ),
    );
    server.serve("/charts/gadgets-1.2.0.tgz", archive.to_vec());
}

fn serve_registry(server: &Server, archive: &[u8]) {
    let digest = format!("sha256:{}", sha256(archive));
    let manifest = format!(
        "{{\"schemaVersion\":2,\"mediaType\":\"application/vnd.oci.image.manifest.v1+json\",\"config\":{{\"mediaType\":\"application/vnd.cncf.helm.config.v1+json\",\"digest\":\"sha256:{}\",\"size\":2}},\"layers\":[{{\"mediaType\":\"{CHART_LAYER}\",\"digest\":\"{digest}\",\"size\":{}}}]}}",
        sha256(b"{}"),
        archive.len()
    );
    server.route(
        "/v2/charts/widgets/manifests/2.0.0",
        200,
        manifest.into_bytes(),
        true,
    );
    server.route(
        &format!("/v2/charts/widgets/blobs/{digest}"),
        200,
        archive.to_vec(),
        true,
    );
    server.serve("/token", format!("{{\"token\":\"{TOKEN}\"}}"));
}

fn git(dir: &Path, args: &[&str]) -> String {
    let out = StdCommand::new("git")
        .current_dir(dir)
        .args(["-c", "user.name=t", "-c", "user.email=t@example.com"])
        .args([
            "-c",
            "init.defaultBranch=main",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

/// An upstream repository with the Widget CRD at tag v1.0.0 on `main`.
fn upstream(dir: &Path, size_schema: &str) -> PathBuf {
    let up = dir.join("upstream");
    std::fs::create_dir_all(up.join("config/crd")).expect("mkdir");
    git(&up, &["init", "-q"]);
    std::fs::write(
        up.join("config/crd/widgets.yaml"),
        crd("widgets", "git.example.com", "Widget", size_schema),
    )
    .expect("write");
    std::fs::write(up.join("README.md"), "not a CRD\n").expect("write");
    git(&up, &["add", "."]);
    git(&up, &["commit", "-q", "-m", "one"]);
    git(&up, &["tag", "v1.0.0"]);
    up
}

struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

fn crdlint(dir: &Path, args: &[&str], stdin: Option<&str>) -> Out {
    crdlint_env(dir, args, stdin, &[])
}

fn crdlint_env(dir: &Path, args: &[&str], stdin: Option<&str>, env: &[(&str, &str)]) -> Out {
    let mut cmd = Command::cargo_bin("crdlint").expect("binary built");
    cmd.current_dir(dir).args(args).env("HOME", dir);
    for var in [
        "HTTPS_PROXY",
        "https_proxy",
        "HTTP_PROXY",
        "http_proxy",
        "ALL_PROXY",
        "all_proxy",
        "GITHUB_TOKEN",
        "DOCKER_CONFIG",
        "CI",
    ] {
        cmd.env_remove(var);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    if let Some(s) = stdin {
        cmd.write_stdin(s);
    }
    let out = cmd.output().expect("crdlint runs");
    Out {
        code: out.status.code().expect("exited"),
        stdout: String::from_utf8_lossy(&out.stdout).to_string(),
        stderr: String::from_utf8_lossy(&out.stderr).to_string(),
    }
}

/// The lock and every file under `.crdlint/` with its text, by relative path.
fn tree(dir: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if let Ok(lock) = std::fs::read_to_string(dir.join("crdlint.lock")) {
        out.push(("crdlint.lock".to_string(), lock));
    }
    let mut stack = vec![dir.join(".crdlint")];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p
                    .strip_prefix(dir)
                    .expect("inside")
                    .to_string_lossy()
                    .to_string();
                out.push((rel, std::fs::read_to_string(&p).expect("read")));
            }
        }
    }
    out.sort();
    out
}

/// A project with one source of every kind, served or made here.
struct Project {
    _tmp: tempfile::TempDir,
    dir: PathBuf,
    server: Server,
}

fn project() -> Project {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path().to_path_buf();
    let dir = root.join("repo");
    std::fs::create_dir_all(dir.join("manifests")).expect("mkdir");
    std::fs::create_dir_all(root.join("platform")).expect("mkdir");
    upstream(&root, "{type: integer}");
    let server = Server::start();
    let file = format!(
        "# upstream release file\n{}---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: thing-system\n",
        crd("things", "url.example.com", "Thing", "{type: integer}")
    );
    server.serve("/releases/v1/things.yaml", file.clone());
    serve_chart_repo(&server, &chart("1.2.0", "{type: integer}"));
    serve_registry(&server, &chart_of("sprockets", "2.0.0", "{type: string}"));
    std::fs::write(
        root.join("platform/parts.yaml"),
        crd("parts", "path.example.com", "Part", "{type: integer}"),
    )
    .expect("write");
    let base = &server.base;
    let host = base.trim_start_matches("http://");
    let config = format!(
        "version: 1\npaths: [manifests]\nvendor:\n\
- name: things\n  url: {base}/releases/v1/things.yaml\n  sha256: {}\n\
- name: widgets\n  git: ../upstream\n  ref: v1.0.0\n  paths: ['config/crd/*.yaml']\n\
- name: gadgets\n  helm: {base}/charts\n  chart: gadgets\n  version: 1.2.0\n\
- name: oci-gadgets\n  helm: oci://{host}/charts/widgets\n  version: 2.0.0\n\
- name: parts\n  path: ../platform/parts.yaml\n",
        sha256(file.as_bytes())
    );
    std::fs::write(dir.join(".crdlint.yaml"), config).expect("write");
    Project {
        _tmp: tmp,
        dir,
        server,
    }
}

#[test]
fn every_source_kind_is_vendored_and_a_second_run_fetches_nothing() {
    let p = project();
    let first = crdlint(&p.dir, &["vendor"], None);
    assert_eq!(first.code, 0, "{}", first.stderr);
    let lock = std::fs::read_to_string(p.dir.join("crdlint.lock")).expect("lock written");
    for (source, crd) in [
        ("things", "things.url.example.com"),
        ("widgets", "widgets.git.example.com"),
        ("gadgets", "gadgets.helm.example.com"),
        ("parts", "parts.path.example.com"),
    ] {
        let file = format!(".crdlint/vendor/{source}/{crd}.yaml");
        let bytes = std::fs::read(p.dir.join(&file)).unwrap_or_else(|_| panic!("{file}"));
        assert!(
            lock.contains(&format!(
                "file: {file}\n        sha256: {}\n",
                sha256(&bytes)
            )),
            "{lock}"
        );
    }
    // Each type, and what it resolved to.
    for t in ["url", "git", "helm", "oci", "path"] {
        assert!(lock.contains(&format!("    type: {t}\n")), "{t}: {lock}");
    }
    let commit = git(&p.dir.join("../upstream"), &["rev-parse", "HEAD"]);
    assert!(lock.contains(&format!("    commit: {commit}\n")), "{lock}");
    assert!(lock.contains("    chartVersion: 1.2.0\n"), "{lock}");
    assert!(
        lock.contains("    chartVersion: 2.0.0\n    sha256:"),
        "{lock}"
    );
    let manifest_digest = lock
        .lines()
        .find_map(|l| l.strip_prefix("    digest: sha256:"))
        .expect("the OCI manifest digest");
    assert_eq!(manifest_digest.len(), 64);
    // The chart's crds/ folder only: the CRD in templates/ is not taken, and the user is told.
    assert!(!lock.contains("templated.helm.example.com"), "{lock}");
    assert!(
        first.stderr.contains("templates are not rendered"),
        "{}",
        first.stderr
    );
    // The release file's Namespace is left, and said so; the CRD keeps its original bytes.
    assert!(
        first.stderr.contains("left 1 other document"),
        "{}",
        first.stderr
    );
    let things = std::fs::read_to_string(
        p.dir
            .join(".crdlint/vendor/things/things.url.example.com.yaml"),
    )
    .expect("vendored");
    assert!(
        things.starts_with("# upstream release file\napiVersion: apiextensions.k8s.io/v1\n")
            || things.starts_with("apiVersion: apiextensions.k8s.io/v1\n"),
        "{things}"
    );
    assert!(!things.contains("kind: Namespace"), "{things}");
    // The token handshake: a 401, the token, then the manifest with the token.
    let log = p.server.requests();
    let token = log
        .iter()
        .position(|r| r.starts_with("/token?"))
        .expect("a token request");
    assert!(
        log[token].contains("scope=repository%3Acharts%2Fwidgets%3Apull"),
        "{log:?}"
    );
    assert!(log[token].contains("service=test-registry"), "{log:?}");
    assert!(
        log[token].ends_with(" auth="),
        "anonymous without a docker config: {log:?}"
    );
    assert!(p
        .dir
        .join(".crdlint/vendor/oci-gadgets/sprockets.helm.example.com.yaml")
        .exists());

    // A second run: byte-identical lock and folder, and not one request.
    let before = tree(&p.dir);
    let requests = p.server.requests().len();
    let second = crdlint(&p.dir, &["vendor"], None);
    assert_eq!(second.code, 0, "{}", second.stderr);
    assert!(second.stderr.contains("up to date"), "{}", second.stderr);
    assert_eq!(tree(&p.dir), before);
    assert_eq!(p.server.requests().len(), requests);
    // `--verify` fetches everything again and finds the same bytes.
    let verify = crdlint(&p.dir, &["vendor", "--verify"], None);
    assert_eq!(verify.code, 0, "{}", verify.stderr);
    assert!(p.server.requests().len() > requests);
    assert_eq!(tree(&p.dir), before);
}

#[test]
fn a_source_that_fails_half_way_leaves_the_lock_and_folder_as_they_were() {
    let p = project();
    assert_eq!(crdlint(&p.dir, &["vendor"], None).code, 0);
    let before = tree(&p.dir);
    // A new version of the chart whose archive is missing, after a source that resolves.
    let config = std::fs::read_to_string(p.dir.join(".crdlint.yaml")).expect("config");
    let config = config
        .replace("ref: v1.0.0", "ref: main")
        .replace("version: 1.2.0", "version: 1.1.0");
    std::fs::write(p.dir.join(".crdlint.yaml"), config).expect("write");
    let out = crdlint(&p.dir, &["vendor"], None);
    assert_eq!(out.code, 2, "{}", out.stderr);
    let url = format!("{}/charts/gadgets-1.1.0.tgz", p.server.base);
    assert!(
        out.stderr.contains(&format!(
            "vendor source `gadgets`: GET {url}: 404 Not Found: no such file"
        )),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("nothing was written"), "{}", out.stderr);
    assert_eq!(
        tree(&p.dir),
        before,
        "the lock and the vendor folder are unchanged"
    );
}

#[test]
fn verify_fails_when_a_release_was_retagged() {
    let p = project();
    assert_eq!(crdlint(&p.dir, &["vendor"], None).code, 0);
    let before = tree(&p.dir);
    // The same chart version published again with other CRD bytes.
    serve_chart_repo(&p.server, &chart("1.2.0", "{type: integer, maximum: 10}"));
    let out = crdlint(&p.dir, &["vendor", "--verify"], None);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("vendor source `gadgets`: the source no longer gives the locked bytes"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("gadgets.helm.example.com: sha256 "),
        "{}",
        out.stderr
    );
    // The retagged tag of the git source too.
    let up = p.dir.join("../upstream");
    std::fs::write(
        up.join("config/crd/widgets.yaml"),
        crd("widgets", "git.example.com", "Widget", "{type: string}"),
    )
    .expect("write");
    git(&up, &["commit", "-q", "-am", "two"]);
    git(&up, &["tag", "-f", "v1.0.0"]);
    let out = crdlint(&p.dir, &["vendor", "--verify"], None);
    assert_eq!(out.code, 2);
    assert!(out.stderr.contains("vendor source `widgets`: the source no longer gives the locked bytes (a retagged release or a moved ref?): commit "), "{}", out.stderr);
    assert_eq!(tree(&p.dir), before, "--verify writes nothing");
    // A tampered URL download fails its pinned sha256.
    p.server.serve(
        "/releases/v1/things.yaml",
        crd("things", "url.example.com", "Thing", "{type: string}"),
    );
    let out = crdlint(&p.dir, &["vendor", "--verify"], None);
    assert!(
        out.stderr.contains("vendor source `things`: ") && out.stderr.contains("the config pins"),
        "{}",
        out.stderr
    );
}

#[test]
fn update_reports_what_a_breaking_crd_change_breaks_in_the_repository() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path();
    let up = upstream(root, "{type: integer}");
    let dir = root.join("repo");
    std::fs::create_dir_all(dir.join("manifests")).expect("mkdir");
    std::fs::write(
        dir.join(".crdlint.yaml"),
        "version: 1\npaths: [manifests]\nvendor:\n- name: widgets\n  git: ../upstream\n  ref: main\n  paths: ['config/crd/**']\n",
    )
    .expect("write");
    std::fs::write(
        dir.join("manifests/big.yaml"),
        "apiVersion: git.example.com/v1\nkind: Widget\nmetadata:\n  name: big-widget\n  namespace: ns\nspec:\n  size: 50\n",
    )
    .expect("write");
    let first = crdlint(&dir, &["vendor"], None);
    assert_eq!(first.code, 0, "{}", first.stderr);
    let lock = std::fs::read_to_string(dir.join("crdlint.lock")).expect("lock");
    // Upstream tightens `size` to at most 10.
    std::fs::write(
        up.join("config/crd/widgets.yaml"),
        crd(
            "widgets",
            "git.example.com",
            "Widget",
            "{type: integer, maximum: 10}",
        ),
    )
    .expect("write");
    git(&up, &["commit", "-q", "-am", "tighten"]);
    // Without --update the locked commit stays.
    assert_eq!(crdlint(&dir, &["vendor"], None).code, 0);
    assert_eq!(
        std::fs::read_to_string(dir.join("crdlint.lock")).expect("lock"),
        lock
    );
    let out = crdlint(&dir, &["vendor", "--update", "--format", "concise"], None);
    assert_eq!(
        out.code, 1,
        "stdout: {}\nstderr: {}",
        out.stdout, out.stderr
    );
    assert!(out.stderr.contains("1 CRD changed"), "{}", out.stderr);
    // The resource and the change are named.
    assert!(
        out.stdout.contains(
            "manifests/big.yaml:7:9: warning[compat/object-create-fails] Widget big-widget "
        ) || out.stdout.contains(
            "manifests/big.yaml:2:7: warning[compat/object-create-fails] Widget big-widget "
        ),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("spec.size: Invalid value: 50"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("error[compat/bound-tightened]")
            && out.stdout.contains("v1: .spec.size: maximum 10 was added"),
        "{}",
        out.stdout
    );
    let json = crdlint(&dir, &["vendor", "--update", "--format", "json"], None);
    // Already updated: nothing changed the second time.
    assert_eq!(json.code, 0, "{}", json.stderr);
    let new_lock = std::fs::read_to_string(dir.join("crdlint.lock")).expect("lock");
    assert_ne!(new_lock, lock);
    assert!(new_lock.contains(&format!("commit: {}", git(&up, &["rev-parse", "HEAD"]))));
}

#[test]
fn vendor_add_takes_the_crds_of_a_kubectl_list_from_standard_input() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path();
    let indent = |text: &str| -> String {
        text.lines()
            .enumerate()
            .map(|(i, l)| format!("{}{l}\n", if i == 0 { "- " } else { "  " }))
            .collect()
    };
    let a = crd("apples", "fruit.example.com", "Apple", "{type: integer}");
    let b = crd("pears", "fruit.example.com", "Pear", "{type: string}");
    let list = format!(
        "apiVersion: v1\nitems:\n{}{}{}kind: List\nmetadata:\n  resourceVersion: \"\"\n",
        indent(&a),
        indent(&b),
        indent("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: stray\n")
    );
    let out = crdlint(dir, &["vendor", "add", "prod-cluster", "-"], Some(&list));
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("kept 2 CustomResourceDefinitions and left 1 other document"),
        "{}",
        out.stderr
    );
    // Each item is a document of its own, as it was written in the list.
    let apple = std::fs::read_to_string(
        dir.join(".crdlint/vendor/prod-cluster/apples.fruit.example.com.yaml"),
    )
    .expect("vendored");
    assert_eq!(apple, a);
    let lock = std::fs::read_to_string(dir.join("crdlint.lock")).expect("lock");
    assert!(
        lock.contains("  - name: prod-cluster\n") && lock.contains("    type: stdin\n"),
        "{lock}"
    );
    assert!(!lock.contains("    url:"), "{lock}");
    // The same input again: byte-identical.
    let before = tree(dir);
    assert_eq!(
        crdlint(dir, &["vendor", "add", "prod-cluster", "-"], Some(&list)).code,
        0
    );
    assert_eq!(tree(dir), before);
    // A stdin source is kept by a plain `vendor` run and cannot be re-resolved.
    assert_eq!(crdlint(dir, &["vendor"], None).code, 0);
    assert_eq!(tree(dir), before);
    let out = crdlint(
        dir,
        &["vendor", "add", "x", "-"],
        Some("apiVersion: v1\nkind: ConfigMap\n"),
    );
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("vendor source `x`: no CustomResourceDefinition found"),
        "{}",
        out.stderr
    );
    assert_eq!(tree(dir), before);
}

/// Under umask 022 the lock a run creates is 0644 like the vendored files (it is committed and
/// shared; it was once tempfile's 0600), and a lock that existed keeps its mode when rewritten.
#[cfg(unix)]
#[test]
fn a_new_lock_gets_a_new_files_mode_and_an_old_one_keeps_its_own() {
    use std::os::unix::fs::PermissionsExt;
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path();
    let add = |name: &str, text: &str| {
        // The umask is set by a shell that then becomes crdlint, so the test's own is moot.
        let out = StdCommand::new("sh")
            .current_dir(dir)
            .env("HOME", dir)
            .env_remove("CI")
            .args(["-c", "umask 022 && exec \"$0\" \"$@\""])
            .arg(assert_cmd::cargo::cargo_bin("crdlint"))
            .args(["vendor", "add", name, "-"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                child
                    .stdin
                    .take()
                    .expect("stdin")
                    .write_all(text.as_bytes())?;
                child.wait_with_output()
            })
            .expect("crdlint runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let mode = |rel: &str| {
        std::fs::metadata(dir.join(rel))
            .expect("stat")
            .permissions()
            .mode()
            & 0o7777
    };
    add(
        "apples",
        &crd("apples", "fruit.example.com", "Apple", "{type: integer}"),
    );
    assert_eq!(mode("crdlint.lock"), 0o644);
    assert_eq!(
        mode(".crdlint/vendor/apples/apples.fruit.example.com.yaml"),
        0o644
    );
    std::fs::set_permissions(
        dir.join("crdlint.lock"),
        std::fs::Permissions::from_mode(0o640),
    )
    .expect("chmod");
    let before = std::fs::read_to_string(dir.join("crdlint.lock")).expect("lock");
    add(
        "pears",
        &crd("pears", "fruit.example.com", "Pear", "{type: string}"),
    );
    assert_ne!(
        std::fs::read_to_string(dir.join("crdlint.lock")).expect("lock"),
        before,
        "the lock was rewritten"
    );
    assert_eq!(mode("crdlint.lock"), 0o640);
    assert_eq!(
        mode(".crdlint/vendor/pears/pears.fruit.example.com.yaml"),
        0o644
    );
}

#[test]
fn a_broken_lock_is_reported_at_its_place_and_left_as_it_is() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path();
    // The reader every run uses: a mistake is named at its line and column, not just "bad".
    let broken = "version: 1\nsources:\n  - name: x\n    type: svn\n";
    std::fs::write(dir.join("crdlint.lock"), broken).expect("lock");
    let out = crdlint(dir, &["vendor"], None);
    assert_eq!(out.code, 2, "{}", out.stderr);
    assert!(
        out.stderr
            .contains("crdlint.lock:4:11: `type`: unknown source type `svn`"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("crdlint.lock:3:5: missing `declaration`"),
        "{}",
        out.stderr
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("crdlint.lock")).expect("lock"),
        broken
    );
}

#[test]
fn two_sources_with_one_crd_name_are_an_error_unless_one_overrides() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path();
    std::fs::create_dir_all(dir.join("a")).expect("mkdir");
    std::fs::create_dir_all(dir.join("b")).expect("mkdir");
    std::fs::write(
        dir.join("a/x.yaml"),
        crd("dups", "d.example.com", "Dup", "{type: integer}"),
    )
    .expect("write");
    std::fs::write(
        dir.join("b/x.yaml"),
        crd("dups", "d.example.com", "Dup", "{type: string}"),
    )
    .expect("write");
    let config = "version: 1\nvendor:\n- name: first\n  path: a\n- name: second\n  path: b\n";
    std::fs::write(dir.join(".crdlint.yaml"), config).expect("write");
    let out = crdlint(dir, &["vendor"], None);
    assert_eq!(out.code, 2);
    assert!(
        out.stderr
            .contains("the CRD dups.d.example.com comes from `first` and `second`"),
        "{}",
        out.stderr
    );
    assert!(!dir.join("crdlint.lock").exists() && !dir.join(".crdlint/vendor").exists());
    std::fs::write(
        dir.join(".crdlint.yaml"),
        format!("{config}  override: true\n"),
    )
    .expect("write");
    let out = crdlint(dir, &["vendor"], None);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(dir
        .join(".crdlint/vendor/second/dups.d.example.com.yaml")
        .exists());
    assert!(!dir
        .join(".crdlint/vendor/first/dups.d.example.com.yaml")
        .exists());
}

#[test]
fn a_chart_version_range_stays_locked_until_update_moves_it() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path();
    let server = Server::start();
    let publish = |versions: &[&str]| {
        let mut index = String::from("apiVersion: v1\nentries:\n  gadgets:\n");
        for v in versions {
            let archive = chart(v, "{type: integer}");
            index.push_str(&format!(
                "  - name: gadgets\n    version: {v}\n    digest: {}\n    urls: [gadgets-{v}.tgz]\n",
                sha256(&archive)
            ));
            server.serve(&format!("/charts/gadgets-{v}.tgz"), archive);
        }
        server.serve("/charts/index.yaml", index);
    };
    publish(&["1.1.0", "1.2.0", "2.0.0-rc.1"]);
    std::fs::write(
        dir.join(".crdlint.yaml"),
        format!(
            "version: 1\nvendor:\n- name: gadgets\n  helm: {}/charts\n  chart: gadgets\n  version: '~1.1'\n",
            server.base
        ),
    )
    .expect("write");
    let first = crdlint(dir, &["vendor"], None);
    assert_eq!(first.code, 0, "{}", first.stderr);
    let lock = || std::fs::read_to_string(dir.join("crdlint.lock")).expect("lock");
    assert!(lock().contains("    chartVersion: 1.1.0\n"), "{}", lock());
    // A new release in the range: the lock holds until --update.
    publish(&["1.1.0", "1.1.7", "1.2.0"]);
    assert_eq!(crdlint(dir, &["vendor"], None).code, 0);
    assert!(lock().contains("    chartVersion: 1.1.0\n"), "{}", lock());
    let out = crdlint(dir, &["vendor", "--update", "gadgets"], None);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(lock().contains("    chartVersion: 1.1.7\n"), "{}", lock());
    assert!(lock().contains("gadgets-1.1.7.tgz"), "{}", lock());
}

#[test]
fn registry_credentials_come_from_the_docker_config_and_the_github_token_stays_home() {
    let p = project();
    let host = p.server.base.trim_start_matches("http://").to_string();
    std::fs::create_dir_all(p.dir.join(".docker")).expect("mkdir");
    // base64("robot:s3cret")
    std::fs::write(
        p.dir.join(".docker/config.json"),
        format!("{{\"auths\": {{\"{host}\": {{\"auth\": \"cm9ib3Q6czNjcmV0\"}}}}}}"),
    )
    .expect("write");
    let out = crdlint_env(
        &p.dir,
        &["vendor"],
        None,
        &[("GITHUB_TOKEN", "gh-secret-token")],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let log = p.server.requests();
    let token = log
        .iter()
        .find(|r| r.starts_with("/token?"))
        .expect("a token request");
    assert!(token.ends_with("auth=Basic cm9ib3Q6czNjcmV0"), "{log:?}");
    assert!(
        log.iter().all(|r| !r.contains("gh-secret-token")),
        "{log:?}"
    );
    // The manifest and blob were fetched with the token the handshake gave.
    assert!(
        log.iter()
            .any(|r| r.contains("/manifests/2.0.0 auth=Bearer tok-123")),
        "{log:?}"
    );
}
