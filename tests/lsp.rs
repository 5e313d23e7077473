//! `crdlint lsp` driven over stdio as an editor drives it (Content-Length framing): each
//! feature's exact answer snapshotted, and the diagnostics compared with `crdlint check`'s
//! findings for the same file (one engine).

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

const CRD: &str = include_str!("lsp/widget-crd.yaml");
const RESOURCE: &str = include_str!("lsp/widget.yaml");

/// A running server and what it sent that was not an answer yet.
struct Server {
    child: Child,
    stdin: ChildStdin,
    messages: Receiver<Value>,
    pending: Vec<Value>,
    next_id: i64,
    root: PathBuf,
}

fn uri(path: &Path) -> String {
    format!("file://{}", path.display())
}

impl Server {
    /// Starts `crdlint lsp` in `root` and initializes it with `root` as the workspace folder.
    fn start(root: &Path) -> Server {
        Server::start_with(root, json!(null))
    }

    fn start_with(root: &Path, options: Value) -> Server {
        let mut server = Server::spawn(root);
        let answer = server.request(
            "initialize",
            json!({
                "processId": null,
                "rootUri": uri(root),
                "workspaceFolders": [{"uri": uri(root), "name": "ws"}],
                "capabilities": {},
                "initializationOptions": options,
            }),
        );
        assert!(
            answer["result"]["capabilities"]["hoverProvider"] == json!(true),
            "{answer}"
        );
        server.notify("initialized", json!({}));
        server
    }

    fn spawn(root: &Path) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_crdlint"))
            .arg("lsp")
            .current_dir(root)
            .env("HOME", root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("crdlint lsp starts");
        let stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let (tx, messages) = channel();
        std::thread::spawn(move || loop {
            let mut length = None;
            loop {
                let mut line = String::new();
                if stdout.read_line(&mut line).unwrap_or(0) == 0 {
                    return;
                }
                let line = line.trim_end();
                if line.is_empty() {
                    break;
                }
                if let Some(v) = line.strip_prefix("Content-Length: ") {
                    length = v.parse::<usize>().ok();
                }
            }
            let mut body = vec![0; length.expect("a Content-Length header")];
            if stdout.read_exact(&mut body).is_err() {
                return;
            }
            if tx
                .send(serde_json::from_slice(&body).expect("JSON"))
                .is_err()
            {
                return;
            }
        });
        Server {
            child,
            stdin,
            messages,
            pending: Vec::new(),
            next_id: 0,
            root: root.to_path_buf(),
        }
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    /// `messages` in one write, so the server's reader has them all before it answers the first.
    fn send_together(&mut self, messages: &[Value]) {
        let mut all = String::new();
        for m in messages {
            let body = m.to_string();
            all.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
        }
        self.stdin.write_all(all.as_bytes()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn recv(&mut self) -> Value {
        self.messages
            .recv_timeout(Duration::from_secs(60))
            .expect("the server answers within a minute")
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let m = self.recv();
            if m["id"] == json!(id) && m.get("method").is_none() {
                return m;
            }
            self.pending.push(m);
        }
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({"jsonrpc": "2.0", "method": method, "params": params}));
    }

    /// The next diagnostics published for `path`.
    fn diagnostics(&mut self, path: &Path) -> Value {
        let want = json!(uri(path));
        loop {
            if let Some(i) = self.pending.iter().position(|m| {
                m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == want
            }) {
                return self.pending.remove(i)["params"]["diagnostics"].clone();
            }
            let m = self.recv();
            self.pending.push(m);
        }
    }

    fn open(&mut self, path: &Path, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri(path), "languageId": "yaml", "version": 1, "text": text}}),
        );
    }

    fn change(&mut self, path: &Path, version: i64, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri(path), "version": version},
                   "contentChanges": [{"text": text}]}),
        );
    }

    fn at(&mut self, method: &str, path: &Path, line: u32, character: u32) -> Value {
        self.request(
            method,
            json!({"textDocument": {"uri": uri(path)}, "position": {"line": line, "character": character}}),
        )
    }

    /// The first diagnostics published for `path` that `want` accepts.
    fn diagnostics_until(&mut self, path: &Path, want: impl Fn(&Value) -> bool) -> Value {
        loop {
            let d = self.diagnostics(path);
            if want(&d) {
                return d;
            }
        }
    }

    /// `shutdown` then `exit`; the exit status.
    fn stop(mut self) -> i32 {
        let answer = self.request("shutdown", json!(null));
        assert_eq!(answer["result"], json!(null), "{answer}");
        self.notify("exit", json!(null));
        self.child.wait().unwrap().code().unwrap_or(-1)
    }

    /// A value as text with the workspace's path made `$WS`, for snapshots.
    fn show(&self, v: &Value) -> String {
        let root = self.root.display().to_string();
        serde_json::to_string_pretty(v)
            .unwrap()
            .replace(&root, "$WS")
    }
}

/// A workspace with the Widget CRD in `crds/` and the resource in `res/w.yaml`.
fn workspace() -> (tempfile::TempDir, PathBuf, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    // Canonical: the URIs the server sends back name the same path.
    let root = dir.path().canonicalize().unwrap();
    std::fs::create_dir_all(root.join("crds")).unwrap();
    std::fs::create_dir_all(root.join("res")).unwrap();
    std::fs::create_dir(root.join(".git")).unwrap();
    let crd = root.join("crds/widget.yaml");
    let res = root.join("res/w.yaml");
    std::fs::write(&crd, CRD).unwrap();
    std::fs::write(&res, RESOURCE).unwrap();
    (dir, crd, res)
}

#[test]
fn lsp_diagnostics_are_checks_findings() {
    let (_dir, _crd, res) = workspace();
    let root = res.parent().unwrap().parent().unwrap().to_path_buf();
    let mut s = Server::start(&root);
    s.open(&res, RESOURCE);
    let found = s.diagnostics(&res);
    insta::assert_snapshot!("lsp_diagnostics", s.show(&found));
    // The same findings as `crdlint check` of the workspace reports for the file: rule, line,
    // column and message.
    let from_check = check_findings(&root, &["."], "res/w.yaml");
    let from_lsp = lsp_findings(&found);
    assert!(!from_check.is_empty());
    assert_eq!(from_lsp, from_check);
    assert_eq!(s.stop(), 0);
}

/// A finding as rule, line, column (both from 0) and message.
type Finding = (String, u64, u64, String);

/// What `crdlint check ARGS --format json` in `root` reports for `file`.
fn check_findings(root: &Path, args: &[&str], file: &str) -> Vec<Finding> {
    let out = Command::new(env!("CARGO_BIN_EXE_crdlint"))
        .arg("check")
        .args(args)
        .args(["--format", "json"])
        .current_dir(root)
        .env("HOME", root)
        .output()
        .unwrap();
    let check: Value = serde_json::from_slice(&out.stdout).unwrap();
    check["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["file"] == file)
        .map(|d| {
            let line = d["line"].as_u64().unwrap() - 1;
            let column = d["column"].as_u64().unwrap() - 1;
            (
                d["rule"].as_str().unwrap().into(),
                line,
                column,
                d["message"].as_str().unwrap().into(),
            )
        })
        .collect()
}

/// Published diagnostics as [`Finding`]s (the message without its help line).
fn lsp_findings(found: &Value) -> Vec<Finding> {
    found
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            let message = d["message"].as_str().unwrap();
            let message = message.split("\nhelp: ").next().unwrap();
            (
                d["code"].as_str().unwrap().into(),
                d["range"]["start"]["line"].as_u64().unwrap(),
                d["range"]["start"]["character"].as_u64().unwrap(),
                message.into(),
            )
        })
        .collect()
}

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
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
}

/// Each buffer is compared with its file's committed version, as `check --old-ref HEAD`
/// compares the file: a transition rule sees `oldSelf`, an edited CRD is compared with its
/// committed revision. The same findings as the CLI's for the same text.
#[test]
fn lsp_compares_with_the_committed_version() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().canonicalize().unwrap();
    std::fs::create_dir_all(root.join("crds")).unwrap();
    std::fs::create_dir_all(root.join("res")).unwrap();
    let crd_text = CRD.replace(
        "                enum: [fast, slow]\n",
        "                enum: [fast, slow]\n                x-kubernetes-validations:\n                - rule: self == oldSelf\n                  message: mode is immutable\n",
    );
    let (crd, res) = (root.join("crds/widget.yaml"), root.join("res/w.yaml"));
    let committed = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: 3\n  mode: fast\n  tags: [a]\n";
    std::fs::write(&crd, &crd_text).unwrap();
    std::fs::write(&res, committed).unwrap();
    git(&root, &["init", "-q"]);
    git(&root, &["add", "."]);
    git(&root, &["commit", "-q", "-m", "one"]);
    let mut s = Server::start(&root);
    // The resource as committed: an update that keeps `mode` passes.
    s.open(&res, committed);
    assert_eq!(s.diagnostics(&res), json!([]));
    // Edited (and saved, so that the CLI reads the same text): the transition rule fails.
    let edited = committed.replace("mode: fast", "mode: slow");
    std::fs::write(&res, &edited).unwrap();
    s.change(&res, 2, &edited);
    let found = s.diagnostics(&res);
    insta::assert_snapshot!("lsp_transition_rule", s.show(&found));
    let from_check = check_findings(&root, &[".", "--old-ref", "HEAD"], "res/w.yaml");
    assert_eq!(lsp_findings(&found), from_check);
    // The CRD edited: compared with its committed revision.
    let narrowed = crd_text.replace("enum: [fast, slow]", "enum: [fast]");
    std::fs::write(&crd, &narrowed).unwrap();
    s.open(&crd, &narrowed);
    let found = s.diagnostics(&crd);
    let from_check = check_findings(&root, &[".", "--old-ref", "HEAD"], "crds/widget.yaml");
    assert!(
        from_check.iter().any(|f| f.0.starts_with("compat/")),
        "{from_check:?}"
    );
    assert_eq!(lsp_findings(&found), from_check);
    assert_eq!(s.stop(), 0);
}

#[test]
fn lsp_config_applies_without_restart_and_suppressions_hold() {
    let (_dir, _crd, res) = workspace();
    let root = res.parent().unwrap().parent().unwrap().to_path_buf();
    let mut s = Server::start(&root);
    let text = RESOURCE.replace(
        "  mdoe: fast\n",
        "  # crdlint: ignore[cr/unknown-field] -- kept for the old operator\n  mdoe: fast\n",
    );
    s.open(&res, &text);
    let codes = |d: &Value| -> Vec<String> {
        d.as_array()
            .unwrap()
            .iter()
            .map(|d| format!("{} {}", d["code"].as_str().unwrap(), d["severity"]))
            .collect()
    };
    let first = s.diagnostics(&res);
    assert!(!codes(&first)
        .iter()
        .any(|c| c.starts_with("cr/unknown-field")));
    // A config written while the server runs: opened in the editor, then edited.
    let config = root.join(".crdlint.yaml");
    let text = "version: 1\nseverity:\n  cr/schema: warning\n";
    std::fs::write(&config, text).unwrap();
    s.open(&config, text);
    let after = s.diagnostics(&res);
    insta::assert_snapshot!("lsp_config_severity", codes(&after).join("\n"));
    // A mistake in it is said on it, at its line.
    s.change(&config, 2, "version: 1\nseverty: {}\n");
    let on_config = s.diagnostics_until(&config, |d| d != &json!([]));
    insta::assert_snapshot!("lsp_config_mistake", s.show(&on_config));
    assert_eq!(s.stop(), 0);
}

#[test]
fn lsp_crd_edit_rechecks_open_resources() {
    let (_dir, crd, res) = workspace();
    let root = res.parent().unwrap().parent().unwrap().to_path_buf();
    let mut s = Server::start(&root);
    s.open(&res, RESOURCE);
    let before = s.diagnostics(&res);
    assert!(
        before.to_string().contains("less than or equal to 10"),
        "{before}"
    );
    s.open(&crd, CRD);
    s.diagnostics(&crd);
    // The bound raised in the CRD's buffer, not on disk: the resource is checked again.
    s.change(&crd, 2, &CRD.replace("maximum: 10", "maximum: 100"));
    let after = s.diagnostics_until(&res, |d| {
        !d.to_string().contains("less than or equal to 10")
    });
    assert!(!after.to_string().contains("spec.size"), "{after}");
    assert_eq!(s.stop(), 0);
}

/// The CRD file is not open: edits of the resource are checked against it (the server keeps
/// what the first run made of it, `driver::SchemaCache`, whose reuse `driver/cache.rs` tests),
/// and a change on disk is picked up.
#[test]
fn lsp_crd_changed_on_disk_rechecks_open_resources() {
    let (_dir, crd, res) = workspace();
    let root = res.parent().unwrap().parent().unwrap().to_path_buf();
    let mut s = Server::start(&root);
    s.open(&res, RESOURCE);
    let first = s.diagnostics(&res);
    assert!(
        first.to_string().contains("less than or equal to 10"),
        "{first}"
    );
    // Edits of the resource alone: the same finding each time, and a fixed one goes away.
    for version in 2..5 {
        s.change(&res, version, RESOURCE);
        assert_eq!(s.diagnostics(&res), first);
    }
    s.change(&res, 5, &RESOURCE.replace("size: 30", "size: 3"));
    let fixed = s.diagnostics(&res);
    assert!(!fixed.to_string().contains("spec.size"), "{fixed}");
    s.change(&res, 6, RESOURCE);
    assert_eq!(s.diagnostics(&res), first);
    // The bound raised on disk, as a checkout or another tool would.
    std::fs::write(&crd, CRD.replace("maximum: 10", "maximum: 100")).unwrap();
    s.notify(
        "workspace/didChangeWatchedFiles",
        json!({"changes": [{"uri": uri(&crd), "type": 2}]}),
    );
    let after = s.diagnostics_until(&res, |d| {
        !d.to_string().contains("less than or equal to 10")
    });
    assert!(!after.to_string().contains("spec.size"), "{after}");
    assert_eq!(s.stop(), 0);
}

#[test]
fn lsp_cel_errors_on_the_rule_and_its_cost_on_hover() {
    let (_dir, crd, _res) = workspace();
    let root = crd.parent().unwrap().parent().unwrap().to_path_buf();
    let mut s = Server::start(&root);
    let bad = CRD.replace(
        "self.tags.all(t, t.size() < 10)",
        "self.tags.all(t, t.size() < 'x')",
    );
    s.open(&crd, &bad);
    let found = s.diagnostics(&crd);
    insta::assert_snapshot!("lsp_cel_diagnostics", s.show(&found));
    let line = CRD.lines().position(|l| l.contains("- rule:")).unwrap() as u32;
    s.change(&crd, 2, CRD);
    let hover = s.at("textDocument/hover", &crd, line, 24);
    insta::assert_snapshot!("lsp_cel_cost_hover", s.show(&hover["result"]));
    assert_eq!(s.stop(), 0);
}

#[test]
fn lsp_hover_completion_definition_symbols() {
    let (_dir, _crd, res) = workspace();
    let root = res.parent().unwrap().parent().unwrap().to_path_buf();
    let mut s = Server::start(&root);
    s.open(&res, RESOURCE);
    s.diagnostics(&res);
    // Hover on `size:` (line 5), on a ConfigMap's `data` (a built-in kind), on a rule id in a
    // suppression comment.
    let size = s.at("textDocument/hover", &res, 5, 3);
    insta::assert_snapshot!("lsp_hover_field", s.show(&size["result"]));
    let data = s.at("textDocument/hover", &res, 12, 1);
    let shown = s.show(&data["result"]);
    assert!(shown.contains("Built-in kind `v1/ConfigMap`"), "{shown}");
    let definition = s.at("textDocument/definition", &res, 5, 3);
    insta::assert_snapshot!("lsp_definition_field", s.show(&definition["result"]));
    let kind = s.at("textDocument/definition", &res, 1, 8);
    insta::assert_snapshot!("lsp_definition_kind", s.show(&kind["result"]));
    let symbols = s.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri(&res)}}),
    );
    insta::assert_snapshot!("lsp_symbols", s.show(&symbols["result"]));

    // Completion mid-edit: keys under `spec:` (required first), an enum's values, kinds.
    let text = "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  \n";
    s.change(&res, 2, text);
    let keys = s.at("textDocument/completion", &res, 5, 2);
    insta::assert_snapshot!("lsp_completion_keys", s.show(&keys["result"]));
    let text = "apiVersion: example.com/v1\nkind: Widget\nspec:\n  mode: \n";
    s.change(&res, 3, text);
    let values = s.at("textDocument/completion", &res, 3, 8);
    insta::assert_snapshot!("lsp_completion_enum", s.show(&values["result"]));
    let text = "apiVersion: example.com/v1\nkind: \n";
    s.change(&res, 4, text);
    let kinds = s.at("textDocument/completion", &res, 1, 6);
    insta::assert_snapshot!("lsp_completion_kind", s.show(&kinds["result"]));
    let text = "apiVersion: v1\nkind: ConfigMap # crdlint: ignore[input/no-schema\n";
    s.change(&res, 5, text);
    let ids = s.at("textDocument/completion", &res, 1, 44);
    let labels: Vec<&str> = ids["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"input/no-schema"), "{labels:?}");
    let hover = s.at("textDocument/hover", &res, 1, 42);
    let shown = s.show(&hover["result"]);
    assert!(shown.contains("input/no-schema"), "{shown}");
    assert_eq!(s.stop(), 0);
}

#[test]
fn lsp_code_actions() {
    let (_dir, _crd, res) = workspace();
    let root = res.parent().unwrap().parent().unwrap().to_path_buf();
    let mut s = Server::start(&root);
    s.open(&res, RESOURCE);
    s.diagnostics(&res);
    // On the unknown `mdoe:` (line 6): remove, rename to `mode`, suppress.
    let actions = s.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri(&res)},
               "range": {"start": {"line": 6, "character": 3}, "end": {"line": 6, "character": 3}},
               "context": {"diagnostics": []}}),
    );
    insta::assert_snapshot!("lsp_code_actions_unknown", s.show(&actions["result"]));
    let text =
        "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  mode: fast\n";
    s.change(&res, 2, text);
    s.diagnostics(&res);
    let actions = s.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri(&res)},
               "range": {"start": {"line": 5, "character": 2}, "end": {"line": 5, "character": 2}},
               "context": {"diagnostics": []}}),
    );
    let titles: Vec<&str> = actions["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    assert!(
        titles.contains(&"Insert required field `size`"),
        "{titles:?}"
    );
    assert_eq!(s.stop(), 0);
}

#[test]
fn lsp_every_request_is_answered() {
    let (_dir, _crd, res) = workspace();
    let root = res.parent().unwrap().parent().unwrap().to_path_buf();
    let mut s = Server::start(&root);
    s.open(&res, "");
    let unknown = s.request("textDocument/rename", json!({}));
    assert_eq!(unknown["error"]["code"], json!(-32601), "{unknown}");
    let bad = s.request("textDocument/hover", json!({"nonsense": true}));
    assert_eq!(bad["error"]["code"], json!(-32602), "{bad}");
    // Half-typed YAML in every state of a line being typed: every request answered.
    let full = "apiVersion: example.com/v1\nkind: Widget\nspec:\n  tags: [a, {b: \"c\n";
    for end in 0..=full.len() {
        if !full.is_char_boundary(end) {
            continue;
        }
        s.change(&res, end as i64, &full[..end]);
        for method in [
            "textDocument/hover",
            "textDocument/completion",
            "textDocument/definition",
        ] {
            let line = full[..end].matches('\n').count() as u32;
            let a = s.at(method, &res, line, 3);
            assert!(a.get("result").is_some() || a.get("error").is_some(), "{a}");
        }
    }
    assert_eq!(s.stop(), 0);
    // `exit` without `shutdown` is status 1, as the protocol says.
    let mut s = Server::start(&root);
    s.notify("exit", json!(null));
    assert_eq!(s.child.wait().unwrap().code(), Some(1));
}

/// Neovim (Debian's `neovim`, which `.ci/run` installs) with its built-in LSP client attached
/// to `crdlint lsp`: what the editor received. Skipped, saying so, where `nvim` is absent.
#[test]
fn lsp_in_neovim() {
    let Some(nvim) = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join("nvim"))
            .find(|p| p.is_file())
    }) else {
        eprintln!("lsp_in_neovim skipped: no `nvim` on PATH (.ci/run installs Debian's neovim)");
        return;
    };
    let (_dir, crd, res) = workspace();
    let root = res.parent().unwrap().parent().unwrap().to_path_buf();
    std::fs::write(
        crd.with_file_name("gadget.yaml"),
        include_str!("lsp/gadget-crd.yaml"),
    )
    .unwrap();
    let out = root.join("nvim-result.json");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lsp/nvim.lua");
    let status = Command::new(nvim)
        .args(["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c"])
        .arg(format!("luafile {}", script.display()))
        .env("CRDLINT_BIN", env!("CARGO_BIN_EXE_crdlint"))
        .env("CRDLINT_ROOT", &root)
        .env("CRDLINT_OUT", &out)
        .env("HOME", &root)
        .env("XDG_CONFIG_HOME", &root)
        .env("XDG_STATE_HOME", &root)
        .env("XDG_DATA_HOME", &root)
        .current_dir(&root)
        .stdin(Stdio::null())
        .status()
        .expect("nvim runs");
    assert!(status.success(), "nvim: {status}");
    let got: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let text = serde_json::to_string_pretty(&sorted(got))
        .unwrap()
        .replace(&root.display().to_string(), "$WS");
    insta::assert_snapshot!("lsp_in_neovim", text);
}

/// Objects with their keys sorted (Lua tables, which Neovim encodes, have no key order).
fn sorted(v: Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut entries: Vec<(String, Value)> = m.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(entries.into_iter().map(|(k, v)| (k, sorted(v))).collect())
        }
        Value::Array(items) => Value::Array(items.into_iter().map(sorted).collect()),
        other => other,
    }
}

/// An edit of one document of a multi-document file re-checks that document only; what is
/// published is what a full check of the edited text publishes, also when the documents after
/// the edit moved.
#[test]
fn lsp_edit_of_one_document_matches_a_full_check() {
    let (_dir, _crd, res) = workspace();
    let root = res.parent().unwrap().parent().unwrap().to_path_buf();
    let mut s = Server::start(&root);
    s.open(&res, RESOURCE);
    s.diagnostics(&res);
    let edits = [
        RESOURCE.replace("  a: 1\n", "  a: \"1\"\n  b: 2\n"),
        RESOURCE
            .replace("  a: 1\n", "  a: \"1\"\n  b: 2\n")
            .replace("  size: 30\n", "  size: 3\n  tags: [x]\n"),
        RESOURCE.replace("  size: 30\n", "  size: 300\n  mode: 7\n"),
    ];
    for (n, text) in edits.iter().enumerate() {
        s.change(&res, n as i64 + 2, text);
        let after = s.diagnostics(&res);
        let mut fresh = Server::start(&root);
        fresh.open(&res, text);
        let full = fresh.diagnostics(&res);
        assert_eq!(after, full, "edit {n}");
        assert_eq!(fresh.stop(), 0);
    }
    assert_eq!(s.stop(), 0);
}

/// Go to definition inside a CRD: from a printer column's and a selectable field's
/// `jsonPath`, a CEL rule's `self.a`/`oldSelf.a` and its `fieldPath` to the schema node named
/// (the segment under the cursor), in the CRD's own file.
#[test]
fn lsp_definition_inside_a_crd() {
    let (_dir, crd, _res) = workspace();
    let root = crd.parent().unwrap().parent().unwrap().to_path_buf();
    let text = format!(
        "{}    additionalPrinterColumns:\n    - name: Size\n      type: integer\n      jsonPath: .spec.size\n    selectableFields:\n    - jsonPath: .spec.mode\n",
        CRD.replace(
            "              message: short tags\n",
            "              message: short tags\n            - rule: self.size <= 10 || oldSelf.size == self.size\n              fieldPath: .size\n",
        )
    );
    let mut s = Server::start(&root);
    s.open(&crd, &text);
    s.diagnostics(&crd);
    // (what, the text the cursor is on, which occurrence of it, offset into it)
    let asks = [
        (
            "printer column .spec.size on `size`",
            "jsonPath: .spec.size",
            0,
            16,
        ),
        (
            "printer column .spec.size on `spec`",
            "jsonPath: .spec.size",
            0,
            11,
        ),
        (
            "selectable field .spec.mode on `mode`",
            "jsonPath: .spec.mode",
            0,
            17,
        ),
        ("rule self.tags on `tags`", "self.tags.all", 0, 6),
        ("rule oldSelf.size on `size`", "oldSelf.size", 0, 9),
        ("rule on `self`", "self.size <=", 0, 1),
        ("fieldPath .size", "fieldPath: .size", 0, 13),
        ("rule on `t.size()`: no field", "t.size()", 0, 3),
    ];
    let mut shown = String::new();
    for (what, needle, nth, into) in asks {
        let at = text.match_indices(needle).nth(nth).unwrap().0 + into;
        let line = text[..at].matches('\n').count() as u32;
        let character = (at - text[..at].rfind('\n').map_or(0, |i| i + 1)) as u32;
        let found = s.at("textDocument/definition", &crd, line, character);
        let r = &found["result"];
        let target = if r.is_null() {
            "none".to_string()
        } else {
            let l = r["range"]["start"]["line"].as_u64().unwrap() as usize;
            assert_eq!(r["uri"], json!(uri(&crd)), "{found}");
            format!(
                "line {l} ({}) {}:{}-{}:{}",
                text.lines().nth(l).unwrap().trim(),
                r["range"]["start"]["line"],
                r["range"]["start"]["character"],
                r["range"]["end"]["line"],
                r["range"]["end"]["character"]
            )
        };
        writeln!(shown, "{what} -> {target}").unwrap();
    }
    insta::assert_snapshot!("lsp_definition_inside_crd", shown);
    assert_eq!(s.stop(), 0);
}

/// Completion in `.crdlint.yaml`: keys not written yet (with their value form), a key's
/// values, a section's keys and values, rule ids where rules are named.
#[test]
fn lsp_completion_in_the_config() {
    let (_dir, _crd, res) = workspace();
    let root = res.parent().unwrap().parent().unwrap().to_path_buf();
    let config = root.join(".crdlint.yaml");
    let mut s = Server::start(&root);
    // (text, line, character)
    let asks = [
        ("version: 1\n\n", 1, 0),
        ("version: 1\nunknown-fields: \n", 1, 16),
        ("version: 1\nkube-version: \n", 1, 14),
        ("version: 1\ncompat:\n  \n", 2, 2),
        ("version: 1\ncompat:\n  enum-additions: \n", 2, 18),
        ("version: 1\nseverity:\n  cel/cost-high: \n", 2, 17),
        ("version: 1\nper-file:\n- paths: [a]\n  \n", 3, 2),
        ("version: 1\nrecognize:\n  helm: \n", 2, 8),
    ];
    let mut shown = String::new();
    for (n, (text, line, character)) in asks.into_iter().enumerate() {
        if n == 0 {
            s.open(&config, text);
        } else {
            s.change(&config, n as i64 + 1, text);
        }
        let items = s.at("textDocument/completion", &config, line, character);
        let mut items = items["result"].as_array().unwrap().clone();
        items.sort_by_key(|i| i["sortText"].as_str().unwrap_or("").to_string());
        let labels: Vec<String> = items
            .iter()
            .map(|i| match i["detail"].as_str() {
                Some(d) if n == 0 => format!("{} ({d})", i["label"].as_str().unwrap()),
                _ => i["label"].as_str().unwrap().to_string(),
            })
            .collect();
        writeln!(
            shown,
            "{:?} @{line}:{character}\n  {}",
            text,
            labels.join("\n  ")
        )
        .unwrap();
    }
    // Rule ids in a select list: every rule (counted against `crdlint rules`) and the groups.
    s.change(&config, 20, "version: 1\nselect:\n- \n");
    let ids = s.at("textDocument/completion", &config, 2, 2);
    let labels: Vec<&str> = ids["result"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    assert!(
        labels.contains(&"cr/unknown-field") && labels.contains(&"cel/"),
        "{labels:?}"
    );
    insta::assert_snapshot!("lsp_completion_config", shown);
    assert_eq!(s.stop(), 0);
}

/// A request cancelled before it is answered (here while the check of a large document that
/// precedes its answer runs) is answered with `RequestCanceled`; the next one is answered.
#[test]
fn lsp_cancellation_is_honoured() {
    let (_dir, _crd, res) = workspace();
    let root = res.parent().unwrap().parent().unwrap().to_path_buf();
    let mut s = Server::start(&root);
    let large = RESOURCE.repeat(2000);
    s.next_id += 1;
    let id = s.next_id;
    // The document, the request and its cancellation in one write: the request waits for the
    // check of the large document, and the cancellation is read meanwhile. (Sent one by one,
    // the check could end before the request is written on a busy machine, and the request be
    // answered before its cancellation is written.)
    s.send_together(&[
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen",
        "params": {"textDocument": {"uri": uri(&res), "languageId": "yaml", "version": 1, "text": large}}}),
        json!({"jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
        "params": {"textDocument": {"uri": uri(&res)}, "position": {"line": 5, "character": 3}}}),
        json!({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": id}}),
    ]);
    let answer = loop {
        let m = s.recv();
        if m["id"] == json!(id) {
            break m;
        }
    };
    assert_eq!(answer["error"]["code"], json!(-32800), "{answer}");
    let after = s.at("textDocument/hover", &res, 5, 3);
    assert!(after["result"]["contents"].is_object(), "{after}");
    assert_eq!(s.stop(), 0);
}

/// A CRD whose rule is over the per-expression cost budget: an unbounded list of unbounded
/// strings, compared pairwise.
const COSTLY_CRD: &str = "apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gadgets.example.com
spec:
  group: example.com
  names:
    kind: Gadget
    plural: gadgets
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        properties:
          spec:
            type: object
            properties:
              hosts:
                type: array
                items:
                  type: string
                x-kubernetes-validations:
                - rule: self.all(x, self.exists_one(y, x == y))
";

/// `text` with the code action's edits applied (ASCII text: UTF-16 columns are bytes).
fn apply_edits(text: &str, action: &Value) -> String {
    let offset = |p: &Value| {
        let (line, col) = (
            p["line"].as_u64().unwrap(),
            p["character"].as_u64().unwrap(),
        );
        let start: usize = text
            .split_inclusive('\n')
            .take(line as usize)
            .map(str::len)
            .sum();
        start + col as usize
    };
    let mut edits: Vec<(usize, usize, String)> = action["edit"]["documentChanges"][0]["edits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let r = &e["range"];
            (
                offset(&r["start"]),
                offset(&r["end"]),
                e["newText"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    // Last first, so that earlier offsets stay valid.
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut out = text.to_string();
    for (start, end, new) in edits {
        out.replace_range(start..end, &new);
    }
    out
}

#[test]
fn lsp_cost_fix_inserts_the_explained_bounds() {
    let (_dir, crd, _res) = workspace();
    let root = crd.parent().unwrap().parent().unwrap().to_path_buf();
    let gadget = root.join("crds/gadget.yaml");
    std::fs::write(&gadget, COSTLY_CRD).unwrap();
    let mut s = Server::start(&root);
    s.open(&gadget, COSTLY_CRD);
    let found = s.diagnostics(&gadget);
    let cost = found
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "cel/cost-exceeded")
        .unwrap_or_else(|| panic!("a cost finding: {found}"))
        .clone();
    let actions = s.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri(&gadget)}, "range": cost["range"],
               "context": {"diagnostics": []}}),
    );
    let fix = actions["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| {
            a["title"]
                .as_str()
                .unwrap()
                .starts_with("Bound the CEL cost")
        })
        .unwrap_or_else(|| panic!("a bound fix: {actions}"))
        .clone();
    insta::assert_snapshot!("lsp_code_action_cost_bound", s.show(&fix));
    // The bounds the action inserts are the ones `lint`'s explanation names, and applying
    // them makes the finding (and the warning under the budget's threshold) go away.
    let fixed = apply_edits(COSTLY_CRD, &fix);
    insta::assert_snapshot!("lsp_code_action_cost_bound_applied", fixed);
    s.change(&gadget, 2, &fixed);
    let after = s.diagnostics(&gadget);
    let codes: Vec<&str> = after
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap_or_default())
        .collect();
    assert!(
        !codes
            .iter()
            .any(|c| c.starts_with("cel/cost") || c.starts_with("cel/crd-cost")),
        "{after}"
    );
    assert_eq!(s.stop(), 0);
}

/// The vendored CRDs of `crdlint.lock` are the folder's schemas (looked at, not hashed, on each
/// folder load): a resource of a vendored kind is validated against it.
#[test]
fn lsp_validates_against_vendored_crds() {
    let dir = tempfile::tempdir().unwrap();
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("testdata/rules/vendor/modified/good");
    let ok = Command::new("cp")
        .arg("-r")
        .arg(src.join("."))
        .arg(dir.path())
        .status()
        .unwrap();
    assert!(ok.success());
    let res = dir.path().join("widget.yaml");
    let mut s = Server::start(dir.path());
    s.open(
        &res,
        "apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: three\n",
    );
    let found = s.diagnostics_until(&res, |d| d.as_array().is_some_and(|a| !a.is_empty()));
    let text = found.to_string();
    assert!(text.contains("spec.size"), "{text}");
    assert!(
        !text.contains("missing-schema") && !text.contains("no-schema"),
        "{text}"
    );
    assert_eq!(s.stop(), 0);
}

/// A finding's safe fixes (what `check --fix` writes) are a quick fix: metadata that does not
/// decode has every bare YAML 1.1 boolean of its string fields quoted by one action, and the
/// finding is gone once it is applied.
#[test]
fn lsp_offers_the_safe_fixes_of_check_fix() {
    let (_dir, crd, _res) = workspace();
    let root = crd.parent().unwrap().parent().unwrap().to_path_buf();
    let cm = root.join("res/cm.yaml");
    let text =
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  labels: {a: yes, b: x, c: on}\n";
    std::fs::write(&cm, text).unwrap();
    let mut s = Server::start(&root);
    s.open(&cm, text);
    let found = s.diagnostics(&cm);
    let decode = found
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "cr/not-an-object")
        .unwrap_or_else(|| panic!("a decode finding: {found}"))
        .clone();
    let actions = s.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri(&cm)}, "range": decode["range"],
               "context": {"diagnostics": []}}),
    );
    let fix = actions["result"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["title"].as_str().unwrap().contains("quoted"))
        .unwrap_or_else(|| panic!("a quoting fix: {actions}"))
        .clone();
    assert_eq!(
        fix["title"],
        "`yes` quoted: a YAML 1.1 boolean where the schema wants a string (and 1 more)"
    );
    assert_eq!(fix["isPreferred"], true);
    let fixed = apply_edits(text, &fix);
    assert!(
        fixed.ends_with("  labels: {a: \"yes\", b: x, c: \"on\"}\n"),
        "{fixed}"
    );
    s.change(&cm, 2, &fixed);
    let after = s.diagnostics(&cm);
    assert!(!after.to_string().contains("cr/not-an-object"), "{after}");
    assert_eq!(s.stop(), 0);
}
