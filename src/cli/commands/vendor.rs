//! `crdlint vendor`: resolves the config's `vendor:` sources with [`crate::vendor`], writes the
//! vendor folder and `crdlint.lock` whole or not at all, and says what it did. `vendor add
//! NAME -` vendors standard input; `--update` re-resolves and runs `diff`'s upgrade check
//! ([`super::diff::diff`]) on every CRD whose bytes changed; `--verify` re-fetches and compares.
//! Every source that fails is reported (which, where, what the server said), and then nothing
//! is written: exit 2.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use crate::cli::args::{VendorAction, VendorAddArgs, VendorArgs};
use crate::cli::input::{Input, Loaded, Origin, Role};
use crate::cli::settings::Settings;
use crate::cli::{say, status, Failure, Status};
use crate::diag::suggest::did_you_mean;
use crate::vendor::lock::{self, Lock};
use crate::vendor::{self, Crd, Declaration, Resolved, SourceType};

/// `crdlint vendor [--update [NAME...] | --verify]` and `crdlint vendor add NAME -`.
pub fn run(settings: &Settings, args: &VendorArgs) -> Result<Status, Failure> {
    let root = root(settings);
    let old = read_lock(&root)?;
    let decls: Vec<Declaration> = settings
        .config
        .as_ref()
        .map(|c| c.vendor.clone())
        .unwrap_or_default();
    let run = Run {
        settings,
        root: &root,
        old: old.as_ref(),
        decls: &decls,
    };
    match &args.action {
        Some(VendorAction::Add(a)) => run.add(a),
        None if args.verify => run.verify(),
        None => run.sync(args.update.as_deref()),
    }
}

/// The lock's folder: the config file's, else the working directory.
fn root(settings: &Settings) -> PathBuf {
    match &settings.config {
        Some(c) if !c.dir.as_os_str().is_empty() => c.dir.clone(),
        _ => PathBuf::from("."),
    }
}

fn read_lock(root: &Path) -> Result<Option<Lock>, Failure> {
    let path = root.join(lock::FILE_NAME);
    match std::fs::read_to_string(&path) {
        // Read as every run reads it, so a broken lock is reported at its line and column.
        Ok(text) => lock::parse(&text)
            .map(Some)
            .map_err(|errors| Failure::Usage(lock::describe(&shown(&path), &text, &errors))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Failure::Usage(format!("{}: {e}", shown(&path)))),
    }
}

fn shown(p: &Path) -> String {
    let s = p.to_string_lossy().replace('\\', "/");
    s.strip_prefix("./").unwrap_or(&s).to_string()
}

struct Run<'a> {
    settings: &'a Settings,
    root: &'a Path,
    old: Option<&'a Lock>,
    decls: &'a [Declaration],
}

impl Run<'_> {
    /// A line on standard error (progress and notes), unless `--quiet`.
    fn tell(&self, line: std::fmt::Arguments<'_>) -> Result<(), Failure> {
        if self.settings.quiet {
            return Ok(());
        }
        say(
            &mut io::stderr().lock(),
            format_args!("crdlint vendor: {line}"),
        )?;
        Ok(())
    }

    /// Every error, then the reassurance that nothing was written: exit 2.
    fn failed(&self, errors: &[vendor::Error]) -> Result<Status, Failure> {
        let mut err = io::stderr().lock();
        for e in errors {
            say(&mut err, format_args!("crdlint: error: {e}"))?;
        }
        say(
            &mut err,
            format_args!(
                "crdlint: nothing was written: {} and {} are as they were",
                lock::FILE_NAME,
                lock::VENDOR_DIR
            ),
        )?;
        Ok(Status::IoFailed)
    }

    /// A locked source as resolved, from its vendored files, when the lock has it (with this
    /// declaration digest, when one is given) and every file is there with its locked sha256.
    fn locked(&self, name: &str, declaration: Option<&str>) -> Option<Resolved> {
        let s = self.old?.source(name)?;
        if declaration.is_some_and(|d| d != s.declaration) {
            return None;
        }
        let mut crds = Vec::new();
        for c in &s.crds {
            let bytes = std::fs::read(self.root.join(&c.file)).ok()?;
            if vendor::sha256_hex(&bytes) != c.sha256 {
                return None;
            }
            crds.push(Crd {
                name: c.name.clone(),
                group: c.group.clone(),
                kind: c.kinds.first().cloned().unwrap_or_default(),
                served: c.served.clone(),
                storage: c.storage.clone(),
                bytes,
                origin: c.file.clone(),
            });
        }
        Some(Resolved {
            name: s.name.clone(),
            declaration: s.declaration.clone(),
            kind: s.source_type,
            url: s.url.clone(),
            commit: s.commit.clone(),
            digest: s.digest.clone(),
            chart_version: s.chart_version.clone(),
            sha256: s.sha256.clone(),
            crds,
            notes: Vec::new(),
        })
    }

    /// The `stdin` sources of the lock that the config does not declare: kept as they are.
    fn kept_stdin(&self, skip: &str, errors: &mut Vec<vendor::Error>) -> Vec<Resolved> {
        let Some(old) = self.old else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for s in &old.sources {
            if s.source_type != SourceType::Stdin
                || s.name == skip
                || self.decls.iter().any(|d| d.name == s.name)
            {
                continue;
            }
            match self.locked(&s.name, None) {
                Some(r) => out.push(r),
                None => errors.push(vendor::Error {
                    source: s.name.clone(),
                    message: format!(
                        "read from standard input, and its vendored files are missing or \
                         changed: run `crdlint vendor add {} -` again",
                        s.name
                    ),
                }),
            }
        }
        out
    }

    /// `crdlint vendor [--update [NAME...]]`.
    fn sync(&self, update: Option<&[String]>) -> Result<Status, Failure> {
        let stdin_names: Vec<&str> = self
            .old
            .map(|l| {
                l.sources
                    .iter()
                    .filter(|s| s.source_type == SourceType::Stdin)
                    .map(|s| s.name.as_str())
                    .collect()
            })
            .unwrap_or_default();
        if self.decls.is_empty() && stdin_names.is_empty() {
            return Err(Failure::Usage(format!(
                "nothing to vendor: {} declares no `vendor:` sources (`crdlint explain config`), \
                 and `crdlint vendor add NAME -` reads standard input",
                self.settings
                    .config
                    .as_ref()
                    .map_or("no config file".to_string(), |c| c.name.clone())
            )));
        }
        for n in update.unwrap_or(&[]) {
            if stdin_names.contains(&n.as_str()) && !self.decls.iter().any(|d| &d.name == n) {
                return Err(Failure::Usage(format!(
                    "--update {n}: `{n}` was read from standard input; run `crdlint vendor add {n} -` again"
                )));
            }
            if !self.decls.iter().any(|d| &d.name == n) {
                let names: Vec<&str> = self.decls.iter().map(|d| d.name.as_str()).collect();
                return Err(Failure::Usage(format!(
                    "--update {n}: no vendor source is named `{n}`{}",
                    did_you_mean(n, &names)
                )));
            }
        }
        let http = vendor::http::Client::new();
        let cx = vendor::Context {
            base: self.root,
            http: &http,
        };
        let mut resolved = Vec::new();
        let mut fetched: Vec<String> = Vec::new();
        let mut errors = Vec::new();
        for d in self.decls {
            let forced = update.is_some_and(|n| n.is_empty() || n.contains(&d.name));
            if !forced {
                if let Some(r) = self.locked(&d.name, Some(&d.digest())) {
                    resolved.push(r);
                    continue;
                }
            }
            self.tell(format_args!("fetching `{}` ({})", d.name, d.source.kind()))?;
            match vendor::resolve(d, &cx) {
                Ok(r) => {
                    fetched.push(d.name.clone());
                    resolved.push(r);
                }
                Err(e) => errors.push(e),
            }
        }
        resolved.extend(self.kept_stdin("", &mut errors));
        if !errors.is_empty() {
            return self.failed(&errors);
        }
        let before = self.locked_texts();
        let wrote = self.write(resolved, &fetched)?;
        match update {
            Some(_) if wrote => self.report_update(&before),
            _ => Ok(Status::Clean),
        }
    }

    /// `crdlint vendor add NAME -`.
    fn add(&self, a: &VendorAddArgs) -> Result<Status, Failure> {
        if a.input != "-" {
            return Err(Failure::Usage(format!(
                "vendor add {} {}: only `-` (standard input) is read; declare files, URLs, \
                 repositories and charts as `vendor:` entries in the config",
                a.name, a.input
            )));
        }
        if !vendor::valid_name(&a.name) {
            return Err(Failure::Usage(format!(
                "vendor add: invalid name `{}`: it names a folder, so letters, digits, `.`, `_` and `-` only",
                a.name
            )));
        }
        if self.decls.iter().any(|d| d.name == a.name) {
            return Err(Failure::Usage(format!(
                "vendor add: `{}` is a `vendor:` entry of the config; standard input is vendored under a name of its own",
                a.name
            )));
        }
        let mut bytes = Vec::new();
        io::stdin()
            .lock()
            .take(vendor::http::MAX_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| Failure::Usage(format!("vendor add: reading standard input: {e}")))?;
        if bytes.len() as u64 > vendor::http::MAX_BYTES {
            return Err(Failure::Usage(format!(
                "vendor add: standard input is over the {} MiB limit",
                vendor::http::MAX_BYTES >> 20
            )));
        }
        let mut errors = Vec::new();
        let mut resolved = Vec::new();
        match vendor::from_bytes(&a.name, &bytes) {
            Ok(r) => resolved.push(r),
            Err(e) => errors.push(e),
        }
        // Every other locked source stays as it is.
        for d in self.decls {
            if self.old.and_then(|l| l.source(&d.name)).is_none() {
                continue;
            }
            match self.locked(&d.name, None) {
                Some(r) => resolved.push(r),
                None => errors.push(vendor::Error {
                    source: d.name.clone(),
                    message:
                        "its vendored files are missing or changed: run `crdlint vendor` first"
                            .into(),
                }),
            }
        }
        resolved.extend(self.kept_stdin(&a.name, &mut errors));
        if !errors.is_empty() {
            return self.failed(&errors);
        }
        self.write(resolved, std::slice::from_ref(&a.name))?;
        Ok(Status::Clean)
    }

    /// Settles duplicate CRD names, says what was fetched, and writes the lock and the folder
    /// unless they already are what would be written. Returns whether anything was written.
    fn write(&self, mut resolved: Vec<Resolved>, fetched: &[String]) -> Result<bool, Failure> {
        let overrides = |n: &str| self.decls.iter().any(|d| d.name == n && d.overrides);
        let notes = match vendor::merge_duplicates(&mut resolved, &overrides) {
            Ok(notes) => notes,
            Err(errors) => {
                self.failed(&errors)?;
                return Err(Failure::Usage(
                    "duplicate CRD names across vendor sources".into(),
                ));
            }
        };
        resolved.sort_by(|a, b| a.name.cmp(&b.name));
        for r in resolved.iter().filter(|r| fetched.contains(&r.name)) {
            for n in &r.notes {
                self.tell(format_args!("`{}`: {n}", r.name))?;
            }
            let at = [&r.commit, &r.digest, &r.chart_version]
                .iter()
                .find_map(|x| x.as_deref())
                .map(|x| format!(" at {x}"))
                .unwrap_or_default();
            self.tell(format_args!(
                "`{}`: {} CRD{} from {}{at}",
                r.name,
                r.crds.len(),
                if r.crds.len() == 1 { "" } else { "s" },
                r.url.as_deref().unwrap_or("standard input"),
            ))?;
        }
        for n in &notes {
            self.tell(format_args!("{n}"))?;
        }
        let lock = Lock {
            sources: resolved.iter().map(lock::Source::from_resolved).collect(),
        };
        let files: Vec<(String, Vec<u8>)> = resolved
            .iter()
            .flat_map(|r| {
                r.crds
                    .iter()
                    .map(|c| (lock::file_of(&r.name, &c.name), c.bytes.clone()))
            })
            .collect();
        let same_lock = self.old.is_some_and(|o| o.write() == lock.write());
        let same_files = files
            .iter()
            .all(|(f, b)| std::fs::read(self.root.join(f)).is_ok_and(|d| &d == b));
        if same_lock && same_files && self.folder_holds_only(&files) {
            self.tell(format_args!(
                "{} is up to date ({} source{})",
                lock::FILE_NAME,
                lock.sources.len(),
                if lock.sources.len() == 1 { "" } else { "s" }
            ))?;
            return Ok(false);
        }
        vendor::materialize::materialize(self.root, &lock, &files).map_err(|e| {
            Failure::Io(io::Error::new(
                e.kind(),
                format!(
                    "writing {} and {}: {e} (the previous ones are kept)",
                    lock::FILE_NAME,
                    lock::VENDOR_DIR
                ),
            ))
        })?;
        self.tell(format_args!(
            "wrote {} ({} CRD{} from {} source{})",
            shown(&self.root.join(lock::FILE_NAME)),
            files.len(),
            if files.len() == 1 { "" } else { "s" },
            lock.sources.len(),
            if lock.sources.len() == 1 { "" } else { "s" }
        ))?;
        Ok(true)
    }

    /// Whether the vendor folder holds no file but `files`.
    fn folder_holds_only(&self, files: &[(String, Vec<u8>)]) -> bool {
        let dir = self.root.join(lock::VENDOR_DIR);
        let mut count = 0usize;
        let Ok(sources) = std::fs::read_dir(&dir) else {
            return files.is_empty();
        };
        for s in sources.flatten() {
            match std::fs::read_dir(s.path()) {
                Ok(entries) => count += entries.count(),
                Err(_) => return false,
            }
        }
        count == files.len()
    }

    /// Every locked CRD's file text, by CRD name, read before the folder is replaced.
    fn locked_texts(&self) -> Vec<(String, String, String)> {
        let Some(old) = self.old else {
            return Vec::new();
        };
        old.sources
            .iter()
            .flat_map(|s| &s.crds)
            .filter_map(|c| {
                let text = std::fs::read_to_string(self.root.join(&c.file)).ok()?;
                Some((c.name.clone(), c.sha256.clone(), text))
            })
            .collect()
    }

    /// `--update`'s upgrade check: each CRD whose bytes changed, old → new, with the resources
    /// of the config's `paths` (else the working directory) as the existing objects, printed
    /// as `crdlint diff` prints.
    fn report_update(&self, before: &[(String, String, String)]) -> Result<Status, Failure> {
        let Some(new) = read_lock(self.root)? else {
            return Ok(Status::Clean);
        };
        let vendor_root = self.root.join(lock::VENDOR_DIR);
        let input = |name: String, path: PathBuf| Input {
            name,
            origin: Origin::Path(path),
            role: Role::Target,
            named_crd: false,
            walked: false,
        };
        let mut old_side = Vec::new();
        let mut new_side = Vec::new();
        for c in new.sources.iter().flat_map(|s| &s.crds) {
            let Some((_, _, old_text)) = before
                .iter()
                .find(|(n, sha, _)| *n == c.name && *sha != c.sha256)
            else {
                continue;
            };
            let path = self.root.join(&c.file);
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            old_side.push(Loaded::with_text(
                input(format!("{} (before)", shown(&path)), path.clone()),
                old_text.clone(),
            ));
            new_side.push(Loaded::with_text(input(shown(&path), path), text));
        }
        if new_side.is_empty() {
            self.tell(format_args!("no vendored CRD changed"))?;
            return Ok(Status::Clean);
        }
        self.tell(format_args!(
            "{} CRD{} changed; the upgrade check of `crdlint diff` with the repository's resources:",
            new_side.len(),
            if new_side.len() == 1 { "" } else { "s" }
        ))?;
        let objects = self
            .settings
            .config_paths
            .clone()
            .unwrap_or_else(|| vec![PathBuf::from(".")]);
        let objs = super::gather(self.settings, &objects, &[])?;
        let opts = super::diff::config_options(self.settings);
        let mut result = super::diff::diff(
            (old_side, &vendor_root),
            (new_side, &vendor_root),
            objs,
            &opts,
        );
        result.diagnostics = super::diff::stand_in_for_refusals(
            std::mem::take(&mut result.diagnostics),
            &self.settings.policy,
            &result.files,
        );
        super::finish(self.settings, &mut result);
        let mut out = io::BufWriter::new(io::stdout().lock());
        super::report(self.settings, &result, &mut out, false)?;
        out.flush()?;
        Ok(status(&result, self.settings.deny_warnings))
    }

    /// `crdlint vendor --verify`: every declared source fetched again and compared with the
    /// lock; writes nothing.
    fn verify(&self) -> Result<Status, Failure> {
        let Some(old) = self.old else {
            return Err(Failure::Usage(format!(
                "--verify: there is no {} to verify; run `crdlint vendor` first",
                shown(&self.root.join(lock::FILE_NAME))
            )));
        };
        let http = vendor::http::Client::new();
        let cx = vendor::Context {
            base: self.root,
            http: &http,
        };
        let mut errors = Vec::new();
        let mut fetched = Vec::new();
        for d in self.decls {
            if old
                .source(&d.name)
                .is_none_or(|s| s.declaration != d.digest())
            {
                errors.push(vendor::Error {
                    source: d.name.clone(),
                    message: "the lock does not have this source as declared: run `crdlint vendor`"
                        .into(),
                });
                continue;
            }
            self.tell(format_args!("fetching `{}` ({})", d.name, d.source.kind()))?;
            match vendor::resolve(d, &cx) {
                Ok(r) => fetched.push(r),
                Err(e) => errors.push(e),
            }
        }
        // Overrides settled as `vendor` settles them, so the CRDs compare with the lock's.
        let overrides = |n: &str| self.decls.iter().any(|d| d.name == n && d.overrides);
        if let Err(es) = vendor::merge_duplicates(&mut fetched, &overrides) {
            errors.extend(es);
        }
        for r in &fetched {
            let Some(locked) = old.source(&r.name) else {
                continue;
            };
            let now = lock::Source::from_resolved(r);
            let diffs = differences(locked, &now);
            if diffs.is_empty() {
                self.tell(format_args!(
                    "`{}`: {} CRD{} match the lock",
                    r.name,
                    now.crds.len(),
                    if now.crds.len() == 1 { "" } else { "s" }
                ))?;
            } else {
                errors.push(vendor::Error {
                    source: r.name.clone(),
                    message: format!(
                        "the source no longer gives the locked bytes (a retagged release or a moved ref?): {}",
                        diffs.join("; ")
                    ),
                });
            }
        }
        for s in old
            .sources
            .iter()
            .filter(|s| s.source_type == SourceType::Stdin)
        {
            self.tell(format_args!(
                "`{}`: read from standard input, not fetched again",
                s.name
            ))?;
        }
        if errors.is_empty() {
            return Ok(Status::Clean);
        }
        let mut err = io::stderr().lock();
        for e in &errors {
            say(&mut err, format_args!("crdlint: error: {e}"))?;
        }
        Ok(Status::IoFailed)
    }
}

/// What differs between a locked source and the same source fetched again.
fn differences(locked: &lock::Source, now: &lock::Source) -> Vec<String> {
    let mut out = Vec::new();
    let pairs = [
        ("commit", &locked.commit, &now.commit),
        ("digest", &locked.digest, &now.digest),
        ("chartVersion", &locked.chart_version, &now.chart_version),
    ];
    for (key, a, b) in pairs {
        if a != b {
            out.push(format!(
                "{key} {} is now {}",
                a.as_deref().unwrap_or("(none)"),
                b.as_deref().unwrap_or("(none)")
            ));
        }
    }
    if locked.sha256 != now.sha256 {
        out.push(format!("sha256 {} is now {}", locked.sha256, now.sha256));
    }
    for c in &locked.crds {
        match now.crds.iter().find(|n| n.name == c.name) {
            None => out.push(format!("{} is gone", c.name)),
            Some(n) if n.sha256 != c.sha256 => out.push(format!(
                "{}: sha256 {} is now {}",
                c.name, c.sha256, n.sha256
            )),
            Some(_) => {}
        }
    }
    for n in now
        .crds
        .iter()
        .filter(|n| !locked.crds.iter().any(|c| c.name == n.name))
    {
        out.push(format!("{} is new", n.name));
    }
    out
}
