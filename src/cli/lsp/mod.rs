//! `crdlint lsp`: the language server, a second front end to the engine `check` runs.
//!
//! It sits in `cli` beside `commands/` because it needs what they need (settings, config,
//! policy, suppressions, the driver) and nothing below `cli` may use those; the one way it
//! reaches the checks is `engine::check_buffers`, which runs the driver over the open buffers
//! with the workspace's CRDs beside them and applies the policy and suppressions as `check`
//! does. Everything else here is about the protocol or reads the buffers' YAML for the
//! editor's questions (hover, completion, definition, quick fixes, outline).
//!
//! The protocol crates are rust-analyzer's: `lsp-server` (the stdio transport and message
//! framing, synchronous, on crossbeam channels) and `lsp-types` (the types of the protocol).
//!
//! One thread serves the messages in order. Before each batch of work it takes every message
//! already waiting, so a burst of edits is checked once, and a request cancelled while it
//! waited (also while the check before its answer ran) is answered as `RequestCanceled`.
//! Every request gets an answer: an unknown method is `MethodNotFound`, and a panic while answering (or checking) is caught, logged and answered
//! as an internal error; the server goes on.

use std::collections::{BTreeMap, BTreeSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use lsp_types::{notification as n, request as r, Uri};

use crate::cli::args::{GlobalArgs, LspArgs};
use crate::cli::{Failure, Status};

mod actions;
mod configcomp;
mod costfix;
mod crdnav;
mod diagnostics;
pub(crate) mod engine;
mod incremental;
mod schema;
mod symbols;
pub(crate) mod text;
mod workspace;

use text::{path_uri, uri_path};
use workspace::{Folder, Setup};

/// Serves the protocol on standard input and output until the client says `exit`.
pub fn run(global: &GlobalArgs, args: &LspArgs) -> Result<Status, Failure> {
    let (stdio, io) = Connection::stdio();
    let conn = read_ahead(&stdio)?;
    let status = serve(&conn, global, args);
    drop(conn);
    drop(stdio);
    io.join()?;
    status
}

/// The connection the main loop serves: `Connection::stdio` hands a message over only when
/// the loop asks for one (a rendezvous channel), so its reader cannot read the next message
/// while the loop is busy: a cancellation written right after its request was read only after
/// the request was answered, and a burst of edits was taken one at a time. One more thread
/// takes each message as soon as it is read, into a queue the loop drains (`take_waiting`).
fn read_ahead(stdio: &Connection) -> Result<Connection, Failure> {
    let (queue, receiver) = crossbeam_channel::unbounded();
    let read = stdio.receiver.clone();
    std::thread::Builder::new()
        .name("crdlint-lsp-read-ahead".into())
        .spawn(move || {
            for m in read {
                if queue.send(m).is_err() {
                    break;
                }
            }
        })
        .map_err(Failure::Io)?;
    Ok(Connection {
        sender: stdio.sender.clone(),
        receiver,
    })
}

fn protocol(e: lsp_server::ProtocolError) -> Failure {
    Failure::Io(std::io::Error::other(e.to_string()))
}

fn serve(conn: &Connection, global: &GlobalArgs, args: &LspArgs) -> Result<Status, Failure> {
    let (id, params) = conn.initialize_start().map_err(protocol)?;
    let params: lsp_types::InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let mut setup = Setup::new(global, args);
    let options = params.initialization_options.clone();
    apply_client_settings(&mut setup, options.as_ref());
    let init = serde_json::json!({
        "capabilities": capabilities(),
        "serverInfo": {"name": "crdlint", "version": env!("CARGO_PKG_VERSION")},
    });
    conn.initialize_finish(id, init).map_err(protocol)?;
    let mut server = Server::new(conn, setup, &params);
    server.register_watchers(&params);
    server.main_loop()
}

/// What the server can do.
fn capabilities() -> lsp_types::ServerCapabilities {
    use lsp_types::*;
    ServerCapabilities {
        position_encoding: Some(PositionEncodingKind::UTF16),
        text_document_sync: Some(TextDocumentSyncCapability::Options(
            TextDocumentSyncOptions {
                open_close: Some(true),
                change: Some(TextDocumentSyncKind::INCREMENTAL),
                save: Some(TextDocumentSyncSaveOptions::Supported(true)),
                ..Default::default()
            },
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec![":".into(), "[".into(), ",".into(), " ".into()]),
            ..Default::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        code_action_provider: Some(CodeActionProviderCapability::Options(CodeActionOptions {
            code_action_kinds: Some(vec![CodeActionKind::QUICKFIX]),
            ..Default::default()
        })),
        document_symbol_provider: Some(OneOf::Left(true)),
        workspace: Some(WorkspaceServerCapabilities {
            workspace_folders: Some(WorkspaceFoldersServerCapabilities {
                supported: Some(true),
                change_notifications: Some(OneOf::Left(true)),
            }),
            file_operations: None,
        }),
        ..Default::default()
    }
}

/// The client's settings (`initializationOptions` or `workspace/didChangeConfiguration`):
/// `{"kubeVersion": "1.30"}`, alone or under `crdlint`.
fn apply_client_settings(setup: &mut Setup, value: Option<&serde_json::Value>) {
    let Some(v) = value else { return };
    let v = v.get("crdlint").unwrap_or(v);
    if let Some(k) = v.get("kubeVersion").and_then(|k| k.as_str()) {
        setup.global.kube_version = (!k.is_empty()).then(|| k.to_string());
    }
}

/// An open document.
pub(crate) struct Doc {
    pub uri: Uri,
    pub text: String,
}

struct Server<'a> {
    conn: &'a Connection,
    setup: Setup,
    folders: Vec<Folder>,
    /// Folders made for open files outside every workspace folder (their directories).
    loose: Vec<Folder>,
    docs: BTreeMap<PathBuf, Doc>,
    /// Open documents to check before the next request is answered.
    dirty: BTreeSet<PathBuf>,
    /// Folders to load again (a config or a CRD file changed on disk).
    reload: bool,
    /// The last findings published for each open document (for quick fixes).
    published: BTreeMap<PathBuf, Vec<crate::diag::Diagnostic>>,
    /// Each open document's last check by chunk, so an edit re-checks only its documents;
    /// cleared whenever the schemas or the settings change.
    caches: BTreeMap<PathBuf, incremental::Cache>,
    /// The committed versions the documents are compared with (`check --old-ref HEAD`).
    committed: engine::Committed,
    next_id: i32,
    shut_down: bool,
}

impl<'a> Server<'a> {
    fn new(conn: &'a Connection, setup: Setup, params: &lsp_types::InitializeParams) -> Self {
        let mut roots: Vec<PathBuf> = params
            .workspace_folders
            .iter()
            .flatten()
            .filter_map(|f| uri_path(&f.uri))
            .collect();
        #[allow(deprecated)]
        if roots.is_empty() {
            roots.extend(params.root_uri.as_ref().and_then(uri_path));
        }
        let no_docs = |_: &Path| None;
        let folders = roots
            .into_iter()
            .map(|root| Folder::load(root, true, &setup, &no_docs))
            .collect();
        let server = Server {
            conn,
            setup,
            folders,
            loose: Vec::new(),
            docs: BTreeMap::new(),
            dirty: BTreeSet::new(),
            reload: false,
            published: BTreeMap::new(),
            caches: BTreeMap::new(),
            committed: engine::Committed::default(),
            next_id: 0,
            shut_down: false,
        };
        server.publish_config_errors();
        server
    }

    /// Asks the client to tell about changed files (configs and CRDs edited outside it).
    fn register_watchers(&mut self, params: &lsp_types::InitializeParams) {
        let dynamic = params
            .capabilities
            .workspace
            .as_ref()
            .and_then(|w| w.did_change_watched_files.as_ref())
            .and_then(|d| d.dynamic_registration)
            .unwrap_or(false);
        if !dynamic {
            return;
        }
        let watchers: Vec<_> = ["**/*.yaml", "**/*.yml", "**/*.json"]
            .iter()
            .map(|g| lsp_types::FileSystemWatcher {
                glob_pattern: lsp_types::GlobPattern::String(g.to_string()),
                kind: None,
            })
            .collect();
        let registration = lsp_types::Registration {
            id: "crdlint-watch".into(),
            method: n::DidChangeWatchedFiles::METHOD.into(),
            register_options: serde_json::to_value(
                lsp_types::DidChangeWatchedFilesRegistrationOptions { watchers },
            )
            .ok(),
        };
        self.request::<r::RegisterCapability>(lsp_types::RegistrationParams {
            registrations: vec![registration],
        });
    }

    fn request<R: r::Request>(&mut self, params: R::Params) {
        self.next_id += 1;
        let req = Request::new(RequestId::from(self.next_id), R::METHOD.into(), params);
        let _ = self.conn.sender.send(req.into());
    }

    fn notify<N: n::Notification>(&self, params: N::Params) {
        let note = Notification::new(N::METHOD.into(), params);
        let _ = self.conn.sender.send(note.into());
    }

    fn log(&self, message: String) {
        self.notify::<n::LogMessage>(lsp_types::LogMessageParams {
            typ: lsp_types::MessageType::ERROR,
            message,
        });
    }

    fn main_loop(&mut self) -> Result<Status, Failure> {
        let mut waiting: std::collections::VecDeque<Message> = Default::default();
        let mut cancelled: BTreeSet<RequestId> = BTreeSet::new();
        loop {
            if waiting.is_empty() {
                // Everything already waiting is taken: edits are applied in order, checked once.
                self.flush();
                match self.conn.receiver.recv() {
                    Ok(m) => waiting.push_back(m),
                    // The client went away without `exit`.
                    Err(_) => return Ok(Status::Findings),
                }
            }
            self.take_waiting(&mut waiting, &mut cancelled, None);
            let Some(message) = waiting.pop_front() else {
                continue;
            };
            match message {
                Message::Notification(note) if note.method == n::Exit::METHOD => {
                    // `exit` after `shutdown` is a clean end; before it, status 1.
                    return Ok(if self.shut_down {
                        Status::Clean
                    } else {
                        Status::Findings
                    });
                }
                Message::Notification(note) => self.on_notification(note),
                Message::Request(req) => {
                    // The check before the answer may take a while: a cancellation sent
                    // meanwhile is honoured too.
                    if !cancelled.contains(&req.id) {
                        self.flush();
                        self.take_waiting(&mut waiting, &mut cancelled, Some(&req.id));
                    }
                    if cancelled.remove(&req.id) {
                        self.respond_error(req.id, ErrorCode::RequestCanceled, "cancelled".into());
                    } else {
                        self.on_request(req);
                    }
                }
                Message::Response(_) => {}
            }
        }
    }

    /// Moves the messages that arrived into `waiting`, noting the requests they cancel: those
    /// waiting and `current` (being answered). A cancellation of a request already answered
    /// is dropped, so the set stays small however long the session.
    fn take_waiting(
        &self,
        waiting: &mut std::collections::VecDeque<Message>,
        cancelled: &mut BTreeSet<RequestId>,
        current: Option<&RequestId>,
    ) {
        for m in self.conn.receiver.try_iter() {
            if let Message::Notification(n) = &m {
                if n.method == n::Cancel::METHOD {
                    if let Ok(c) =
                        serde_json::from_value::<lsp_types::CancelParams>(n.params.clone())
                    {
                        let id = match c.id {
                            lsp_types::NumberOrString::Number(i) => RequestId::from(i),
                            lsp_types::NumberOrString::String(s) => RequestId::from(s),
                        };
                        let pending = current == Some(&id)
                            || waiting
                                .iter()
                                .any(|w| matches!(w, Message::Request(r) if r.id == id));
                        if pending {
                            cancelled.insert(id);
                        }
                    }
                    continue;
                }
            }
            waiting.push_back(m);
        }
    }

    fn respond_error(&self, id: RequestId, code: ErrorCode, message: String) {
        let resp = Response::new_err(id, code as i32, message);
        let _ = self.conn.sender.send(resp.into());
    }

    fn on_request(&mut self, req: Request) {
        if self.shut_down {
            return self.respond_error(
                req.id,
                ErrorCode::InvalidRequest,
                "the server is shut down".into(),
            );
        }
        let id = req.id.clone();
        let method = req.method.clone();
        let answer = catch_unwind(AssertUnwindSafe(|| self.answer(req)));
        let resp = match answer {
            Ok(Ok(value)) => Response::new_ok(id, value),
            Ok(Err((code, message))) => Response::new_err(id, code as i32, message),
            Err(panic) => {
                let what = panic_text(&panic);
                self.log(format!("crdlint: panic while answering {method}: {what}"));
                Response::new_err(
                    id,
                    ErrorCode::InternalError as i32,
                    format!("crdlint failed while answering {method}: {what}"),
                )
            }
        };
        let _ = self.conn.sender.send(resp.into());
    }

    fn answer(&mut self, req: Request) -> Result<serde_json::Value, (ErrorCode, String)> {
        fn params<P: serde::de::DeserializeOwned>(req: Request) -> Result<P, (ErrorCode, String)> {
            serde_json::from_value(req.params)
                .map_err(|e| (ErrorCode::InvalidParams, e.to_string()))
        }
        let json = |v: serde_json::Result<serde_json::Value>| {
            v.map_err(|e| (ErrorCode::InternalError, e.to_string()))
        };
        match req.method.as_str() {
            r::Shutdown::METHOD => {
                self.shut_down = true;
                Ok(serde_json::Value::Null)
            }
            r::DocumentSymbolRequest::METHOD => {
                let p: lsp_types::DocumentSymbolParams = params(req)?;
                let symbols = self
                    .doc(&p.text_document.uri)
                    .map(|d| symbols::document_symbols(&d.text));
                json(serde_json::to_value(symbols))
            }
            r::HoverRequest::METHOD => {
                let p: lsp_types::HoverParams = params(req)?;
                let at = p.text_document_position_params;
                let hover = self.with_doc(&at.text_document.uri, |s, path, doc| {
                    schema::hover(&s.context(path), doc, at.position)
                });
                json(serde_json::to_value(hover.flatten()))
            }
            r::Completion::METHOD => {
                let p: lsp_types::CompletionParams = params(req)?;
                let at = p.text_document_position;
                let items = self.with_doc(&at.text_document.uri, |s, path, doc| {
                    if is_config(path) {
                        configcomp::complete(doc, at.position)
                    } else {
                        schema::complete(&s.context(path), doc, at.position)
                    }
                });
                json(serde_json::to_value(items))
            }
            r::GotoDefinition::METHOD => {
                let p: lsp_types::GotoDefinitionParams = params(req)?;
                let at = p.text_document_position_params;
                let found = self.with_doc(&at.text_document.uri, |s, path, doc| {
                    schema::definition(&s.context(path), doc, at.position)
                });
                json(serde_json::to_value(found.flatten()))
            }
            r::CodeActionRequest::METHOD => {
                let p: lsp_types::CodeActionParams = params(req)?;
                let found = self.with_doc(&p.text_document.uri, |s, path, doc| {
                    let published = s.published.get(path).map(Vec::as_slice).unwrap_or(&[]);
                    actions::code_actions(&s.context(path), doc, published, &p)
                });
                json(serde_json::to_value(found.unwrap_or_default()))
            }
            _ => Err((
                ErrorCode::MethodNotFound,
                format!("crdlint lsp does not handle {}", req.method),
            )),
        }
    }

    fn doc(&self, uri: &Uri) -> Option<&Doc> {
        uri_path(uri).and_then(|p| self.docs.get(&p))
    }

    fn with_doc<T>(&self, uri: &Uri, f: impl FnOnce(&Self, &Path, &Doc) -> T) -> Option<T> {
        let path = uri_path(uri)?;
        let doc = self.docs.get(&path)?;
        Some(f(self, &path, doc))
    }

    /// What the editor's questions about `path` are answered from.
    fn context<'b>(&'b self, path: &'b Path) -> schema::Context<'b> {
        let folder = self.folder_of(path);
        schema::Context {
            schemas: folder.map(|f| f.schemas.as_slice()).unwrap_or(&[]),
            open: &self.docs,
            kube_version: folder.map(|f| f.settings.kube_version).unwrap_or_default(),
            cost_warn_percent: folder.map_or(50, |f| f.settings.cost_warn_percent),
        }
    }

    fn folder_of(&self, path: &Path) -> Option<&Folder> {
        self.folders
            .iter()
            .chain(&self.loose)
            .filter(|f| f.holds(path))
            .max_by_key(|f| f.root.as_os_str().len())
    }

    fn on_notification(&mut self, note: Notification) {
        let method = note.method.clone();
        let handled = catch_unwind(AssertUnwindSafe(|| self.notification(note)));
        if let Err(panic) = handled {
            let what = panic_text(&panic);
            self.log(format!("crdlint: panic while handling {method}: {what}"));
        }
    }

    fn notification(&mut self, note: Notification) {
        fn params<P: serde::de::DeserializeOwned>(note: Notification) -> Option<P> {
            serde_json::from_value(note.params).ok()
        }
        match note.method.as_str() {
            n::DidOpenTextDocument::METHOD => {
                let Some(p) = params::<lsp_types::DidOpenTextDocumentParams>(note) else {
                    return;
                };
                let Some(path) = uri_path(&p.text_document.uri) else {
                    return;
                };
                self.ensure_folder(&path);
                self.caches.remove(&path);
                self.committed.forget(&path);
                self.docs.insert(
                    path.clone(),
                    Doc {
                        uri: p.text_document.uri,
                        text: p.text_document.text,
                    },
                );
                self.changed(&path);
            }
            n::DidChangeTextDocument::METHOD => {
                let Some(p) = params::<lsp_types::DidChangeTextDocumentParams>(note) else {
                    return;
                };
                let Some(path) = uri_path(&p.text_document.uri) else {
                    return;
                };
                if let Some(doc) = self.docs.get_mut(&path) {
                    for c in p.content_changes {
                        text::apply_change(&mut doc.text, c.range, &c.text);
                    }
                }
                self.changed(&path);
            }
            n::DidSaveTextDocument::METHOD => {
                let Some(p) = params::<lsp_types::DidSaveTextDocumentParams>(note) else {
                    return;
                };
                if let Some(path) = uri_path(&p.text_document.uri) {
                    self.committed.forget(&path);
                    self.changed_on_disk(&path);
                }
            }
            n::DidCloseTextDocument::METHOD => {
                let Some(p) = params::<lsp_types::DidCloseTextDocumentParams>(note) else {
                    return;
                };
                let Some(path) = uri_path(&p.text_document.uri) else {
                    return;
                };
                if self.docs.remove(&path).is_some() {
                    self.dirty.remove(&path);
                    self.published.remove(&path);
                    self.caches.remove(&path);
                    self.notify::<n::PublishDiagnostics>(lsp_types::PublishDiagnosticsParams {
                        uri: p.text_document.uri,
                        diagnostics: Vec::new(),
                        version: None,
                    });
                    // Its text on disk is the schema again, and the config again.
                    self.changed_on_disk(&path);
                }
            }
            n::DidChangeWatchedFiles::METHOD => {
                let Some(p) = params::<lsp_types::DidChangeWatchedFilesParams>(note) else {
                    return;
                };
                for change in p.changes {
                    if let Some(path) = uri_path(&change.uri) {
                        self.changed_on_disk(&path);
                    }
                }
            }
            n::DidChangeConfiguration::METHOD => {
                let Some(p) = params::<lsp_types::DidChangeConfigurationParams>(note) else {
                    return;
                };
                apply_client_settings(&mut self.setup, Some(&p.settings));
                self.reload = true;
            }
            n::DidChangeWorkspaceFolders::METHOD => {
                let Some(p) = params::<lsp_types::DidChangeWorkspaceFoldersParams>(note) else {
                    return;
                };
                let removed: Vec<PathBuf> = p
                    .event
                    .removed
                    .iter()
                    .filter_map(|f| uri_path(&f.uri))
                    .collect();
                self.folders.retain(|f| !removed.contains(&f.root));
                let no_docs = |_: &Path| None;
                for f in &p.event.added {
                    if let Some(root) = uri_path(&f.uri) {
                        self.folders
                            .push(Folder::load(root, true, &self.setup, &no_docs));
                    }
                }
                self.reload = true;
            }
            _ => {}
        }
    }

    /// A file outside every workspace folder gets its directory's config (not walked).
    fn ensure_folder(&mut self, path: &Path) {
        if self.folder_of(path).is_some() {
            return;
        }
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let docs = &self.docs;
        let open = |p: &Path| docs.get(p).map(|d| d.text.clone());
        let folder = Folder::load(dir, false, &self.setup, &open);
        self.loose.push(folder);
    }

    /// An open document's text changed: check it again, and every open document when it may
    /// define CRDs or is a config.
    fn changed(&mut self, path: &Path) {
        if is_config(path) {
            self.reload = true;
            return;
        }
        let defines_crds = self
            .docs
            .get(path)
            .is_some_and(|d| crate::cli::classify::may_hold_crd(&d.text))
            || self.folder_of(path).is_some_and(|f| f.is_schema(path));
        if defines_crds {
            // A file that newly holds a CRD joins the schemas when its folder is loaded again.
            if !self.folder_of(path).is_some_and(|f| f.is_schema(path)) {
                self.reload = true;
            }
            self.dirty.extend(self.docs.keys().cloned());
            self.caches.clear();
        } else {
            self.dirty.insert(path.to_path_buf());
        }
    }

    /// A file changed on disk (saved, closed, or changed outside the editor).
    fn changed_on_disk(&mut self, path: &Path) {
        let relevant = is_config(path)
            || self.folder_of(path).is_some_and(|f| f.is_schema(path))
            || std::fs::read_to_string(path).is_ok_and(|t| crate::cli::classify::may_hold_crd(&t));
        if relevant {
            self.reload = true;
        }
    }

    /// Loads the folders again if asked, and checks the dirty documents.
    fn flush(&mut self) {
        if self.reload {
            self.reload = false;
            let docs = &self.docs;
            let open = |p: &Path| docs.get(p).map(|d| d.text.clone());
            let setup = &self.setup;
            self.folders = self
                .folders
                .iter()
                .map(|f| f.reload(setup, &open))
                .collect();
            self.loose = self.loose.iter().map(|f| f.reload(setup, &open)).collect();
            self.dirty.extend(self.docs.keys().cloned());
            self.caches.clear();
            self.committed.clear();
            self.publish_config_errors();
        }
        if self.dirty.is_empty() {
            return;
        }
        let dirty: Vec<PathBuf> = std::mem::take(&mut self.dirty).into_iter().collect();
        let checked = catch_unwind(AssertUnwindSafe(|| self.check(&dirty)));
        if let Err(panic) = checked {
            let what = panic_text(&panic);
            self.log(format!("crdlint: panic while checking: {what}"));
            // What the run kept may be half made (a schema whose preparation panicked): the
            // next run starts from the files again.
            for f in self.folders.iter().chain(&self.loose) {
                if let Some(cache) = &f.opts.schema_cache {
                    cache.clear();
                }
            }
        }
    }

    /// Checks open documents, one run per folder, and publishes their findings.
    fn check(&mut self, paths: &[PathBuf]) {
        let mut by_folder: BTreeMap<usize, Vec<(PathBuf, String)>> = BTreeMap::new();
        let mut plans: BTreeMap<PathBuf, incremental::Plan> = BTreeMap::new();
        let all: Vec<&Folder> = self.folders.iter().chain(&self.loose).collect();
        for path in paths {
            let Some(doc) = self.docs.get(path) else {
                continue;
            };
            if !is_manifest(path) || is_config(path) {
                continue;
            }
            let Some(i) = all
                .iter()
                .enumerate()
                .filter(|(_, f)| f.holds(path))
                .max_by_key(|(_, f)| f.root.as_os_str().len())
                .map(|(i, _)| i)
            else {
                continue;
            };
            let plan = self.caches.get(path).and_then(|c| c.plan(&doc.text));
            let text = plan
                .as_ref()
                .map_or_else(|| doc.text.clone(), |p| p.text.clone());
            if let Some(plan) = plan {
                plans.insert(path.clone(), plan);
            }
            by_folder.entry(i).or_default().push((path.clone(), text));
        }
        let docs = &self.docs;
        let open = |p: &Path| docs.get(p).map(|d| d.text.clone());
        let mut results = Vec::new();
        for (i, targets) in by_folder {
            let f = all[i];
            results.extend(super::lsp::engine::check_buffers(
                &f.settings,
                &f.opts,
                &self.setup.validation,
                &mut self.committed,
                &f.schemas,
                &targets,
                &open,
            ));
        }
        for mut found in results {
            let Some(doc) = self.docs.get(&found.path) else {
                continue;
            };
            if let Some(plan) = plans.remove(&found.path) {
                found.diagnostics = plan.merge(found.diagnostics, doc.text.len());
            }
            self.caches.insert(
                found.path.clone(),
                incremental::Cache::new(&doc.text, &found.diagnostics),
            );
            let diagnostics = diagnostics::to_lsp(&found, &doc.text, &self.docs);
            self.notify::<n::PublishDiagnostics>(lsp_types::PublishDiagnosticsParams {
                uri: doc.uri.clone(),
                diagnostics,
                version: None,
            });
            self.published.insert(found.path, found.diagnostics);
        }
    }

    /// A config file that cannot be used is said on the file, at the mistake.
    fn publish_config_errors(&self) {
        let mut seen = BTreeSet::new();
        for f in self.folders.iter().chain(&self.loose) {
            let Some(path) = &f.config_path else { continue };
            if !seen.insert(path.clone()) {
                continue;
            }
            let diagnostics = f
                .config_error
                .as_ref()
                .map(diagnostics::config_errors)
                .unwrap_or_default();
            self.notify::<n::PublishDiagnostics>(lsp_types::PublishDiagnosticsParams {
                uri: path_uri(path),
                diagnostics,
                version: None,
            });
        }
    }
}

/// The files `check` reads: YAML and JSON.
fn is_manifest(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("yaml" | "yml" | "json")
    )
}

fn is_config(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|n| n == crate::cli::config::FILE_NAME)
}

fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic".into())
}
