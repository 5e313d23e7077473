//! The vendored CRDs a run reads (issue 30, "Use, offline"): `crdlint.lock` beside the config
//! in use (or in the working directory without one), its files under `.crdlint/vendor/`
//! verified against the lock, and the findings and hints that come of it.
//!
//! The vendored files enter the run as `--crd` files do ([`Vendored::crds`]): schemas that win
//! over walked copies, never linted as the repository's own unless `--lint-vendored`
//! (`driver/crds.rs`), with an unusable one still reported at its file (`input/crd-unusable`).
//! Nothing here reaches the network: `crdlint vendor` fetches, this only reads and hashes.
//!
//! `--locked` (the default when `CI` is set and not empty) turns every difference between the
//! lock and the folder into a failure of the run (exit 2, naming the file and its source);
//! without it each is a `vendor/modified` warning at the lock's `file:` line and the file on
//! disk is used, so that a local edit can be tried before it is vendored properly.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::args::LockArgs;
use super::driver::RunResult;
use super::input::{normalize, Input, Loaded, Origin, Role};
use super::rules::{MODIFIED, NO_SCHEMA};
use super::settings::Settings;
use super::Failure;
use crate::diag::{Diagnostic, SourceFile, Span};
use crate::vendor::lock::{self, Lock};

/// A run's vendored CRDs: the files to read as schemas, and what the lock said about them.
#[derive(Default)]
pub struct Vendored {
    /// The files (or, without a lock, the vendor folder) read as schemas.
    paths: Vec<PathBuf>,
    /// Without `--locked`, the files whose `lstat` said a regular file inside the lock's
    /// folder: they enter the run as found files ([`Vendored::inputs`]), not as paths to
    /// look at again (issue 34: four `stat`s, two `getcwd` and two `readlink` a file).
    found: Vec<PathBuf>,
    lock: Option<Lock>,
    /// Where the warnings point: the lock file (its name and text) or the vendor folder (its
    /// name and no text).
    place: Option<(String, String)>,
    warnings: Vec<(Span, String)>,
    /// Without `--locked`, for a run that reads only the vendored CRDs its files use
    /// ([`Vendored::load_lazy`]): the files present in the lock's folder whose hash is checked
    /// when a run reads them ([`Vendored::defer_unused`]). They are in `paths` too.
    unverified: Vec<Unverified>,
    /// Vendored files left unread by [`Vendored::defer_unused`]: each is one CRD document,
    /// counted in the summary as if it had been read.
    deferred: usize,
}

/// The texts [`Vendored::defer_unused`] reads to look for groups are kept for the run when
/// small (`check` of one file read it twice), up to this much in all: they stay until the
/// report, where a text the run reads itself is let go once checked (`driver/texts.rs`).
const HOLD_FILE: usize = 16 * 1024;
const HOLD_TOTAL: usize = 1024 * 1024;

/// The groups looked for in a run's texts, and whether each was met. foldhash: SipHash over
/// every dotted word of the texts and 500 groups was a few percent of a vendored run's start.
type Words<'a> = HashMap<&'a str, bool, foldhash::fast::RandomState>;

/// A vendored file whose sha256 is checked only if a run reads it.
struct Unverified {
    path: PathBuf,
    sha256: String,
    /// The lock's `file:` value, where a warning about the file points.
    span: Span,
    source: String,
    /// The API group its CRD defines (from the lock).
    group: String,
}

/// What `--locked`/`--no-locked` and `CI` make of a run: verify strictly or warn.
pub fn locked(lock: &LockArgs) -> bool {
    if lock.locked || lock.no_locked {
        return lock.locked;
    }
    std::env::var_os("CI").is_some_and(|v| !v.is_empty())
}

impl Vendored {
    /// No vendored CRDs (`crdlint lint`, which reads no schema).
    pub fn none() -> Vendored {
        Vendored::default()
    }

    /// Finds and verifies the run's vendored CRDs. A lock that cannot be read, and with
    /// `locked` any difference between it and the files, is a [`Failure`] (exit 2).
    pub fn load(settings: &Settings, locked: bool) -> Result<Vendored, Failure> {
        Vendored::load_in(&config_dir(settings), locked, false)
    }

    /// [`Vendored::load`] for a run that calls [`Vendored::defer_unused`] before it reads its
    /// files: without `locked`, a vendored file is only looked at (present, inside the folder)
    /// here, and its sha256 checked when the run reads it. With `locked` every file is
    /// verified now, as any difference fails the run.
    pub fn load_lazy(settings: &Settings, locked: bool) -> Result<Vendored, Failure> {
        Vendored::load_in(&config_dir(settings), locked, !locked)
    }

    fn load_in(dir: &Path, locked: bool, lazy: bool) -> Result<Vendored, Failure> {
        let lock_path = dir.join(lock::FILE_NAME);
        let folder = dir.join(lock::VENDOR_DIR);
        if !lock_path.exists() {
            if !folder.is_dir() {
                return Ok(Vendored::none());
            }
            let name = shown(&folder);
            let message = format!(
                "{name} holds vendored CRDs but there is no {} beside it to pin them",
                lock::FILE_NAME
            );
            if locked {
                return Err(Failure::Usage(format!("--locked: {message}")));
            }
            return Ok(Vendored {
                paths: vec![folder],
                lock: None,
                place: Some((name, String::new())),
                warnings: vec![(Span::new(0, 0), message)],
                ..Vendored::default()
            });
        }
        let name = shown(&lock_path);
        let text = super::input::read_regular_file(&lock_path)
            .map_err(|e| Failure::Usage(format!("{name}: cannot read the lock file: {e}")))?;
        let lock = lock::parse(&text)
            .map_err(|errors| Failure::Usage(lock::describe(&name, &text, &errors)))?;
        let mut v = Vendored::default();
        let mut failures = Vec::new();
        let file = SourceFile::new(name.clone(), text.clone());
        let mut looker = Looker::new(dir);
        for source in &lock.sources {
            for crd in &source.crds {
                let path = dir.join(&crd.file);
                // Without `lazy`, read and hashed now; with it, whether `lstat` said a regular
                // file (which enters the run as found, `Vendored::inputs`).
                let checked = if lazy {
                    looker.look(&path)
                } else {
                    looker
                        .look(&path)
                        .and_then(|_| matching(&path, &crd.sha256).map(|_| false))
                };
                if lazy && checked.is_ok() {
                    v.unverified.push(Unverified {
                        path: path.clone(),
                        sha256: crd.sha256.clone(),
                        span: crd.file_span,
                        source: source.name.clone(),
                        group: crd.group.clone(),
                    });
                }
                match checked {
                    Ok(true) => v.found.push(path),
                    Ok(false) => v.paths.push(path),
                    Err(problem) => {
                        let message = problem_message(&path, &source.name, &problem);
                        if problem.usable() {
                            v.paths.push(path);
                        }
                        let at = file.line_col(crd.file_span.start());
                        failures.push(format!("{name}:{}:{}: {message}", at.line, at.column));
                        v.warnings.push((crd.file_span, message));
                    }
                }
            }
        }
        if locked && !failures.is_empty() {
            failures.push(
                "run `crdlint vendor` to restore the vendored files from their sources \
                 (--no-locked uses them as they are, with a warning)"
                    .to_string(),
            );
            return Err(Failure::Usage(format!("--locked: {}", failures.join("\n"))));
        }
        v.lock = Some(lock);
        v.place = Some((name, text));
        Ok(v)
    }

    /// Leaves unread the vendored files of `loaded` whose API group no other file of the run
    /// names, and checks the sha256 of the others (issue 34: a `check` of one small file in a
    /// repository with 500 vendored CRDs read, hashed, parsed and compiled all 500 first).
    /// A file left unread keeps its place in `loaded` with no text, so every report lists the
    /// same files, and [`Vendored::report`] counts its CRD.
    ///
    /// "Names" is by the text: a group is met when it appears as a whole word (letters,
    /// digits, `-` and `.`) in some other file of the run, which every object of the group
    /// does (`apiVersion: <group>/<version>`, `"apiVersion":"<group>/v1"`, an anchor's value),
    /// so no resource loses its CRD; a file with an escape that could spell a letter (`\x`,
    /// `\u`, `\U`, or a line continued by `\`) makes every vendored file read. By group, not by
    /// kind: a kind one edit from a kind of its group is a typo reported with its fix
    /// (`driver/check.rs`, `near_kind`), which needs every CRD of the group in the run.
    /// Only for a run from [`Vendored::load_lazy`] without `--locked`; otherwise nothing to do.
    /// `unseen_text`: part of the run's text is not in `loaded` yet (standard input read a chunk
    /// at a time), so any group may be named later and every vendored file is read.
    pub fn defer_unused(&mut self, loaded: &mut Vec<Loaded>, unseen_text: bool) {
        if self.unverified.is_empty() {
            return;
        }
        // Keyed by the path's bytes: hashing a `Path` hashes each of its components.
        let by_path: HashMap<std::ffi::OsString, usize, foldhash::fast::RandomState> = self
            .unverified
            .iter()
            .enumerate()
            .map(|(i, u)| (normalize(&u.path).into_os_string(), i))
            .collect();
        let which: Vec<Option<usize>> = loaded
            .iter()
            .map(|l| match (&l.input.origin, l.input.role) {
                (Origin::Path(p), Role::SchemaOnly) => {
                    by_path.get(normalize(p).as_os_str()).copied()
                }
                _ => None,
            })
            .collect();
        let named = if unseen_text {
            vec![true; self.unverified.len()]
        } else {
            self.named_groups(loaded, &which)
        };
        let mut unusable = vec![false; loaded.len()];
        for (f, l) in loaded.iter_mut().enumerate() {
            let Some(i) = which[f] else { continue };
            let u = &self.unverified[i];
            if !named[i] {
                *l = Loaded::with_text(l.input.clone(), String::new());
                self.deferred += 1;
                continue;
            }
            // The rest of the check `load` makes (it looked at the file already).
            match matching(&u.path, &u.sha256) {
                Ok(text) => *l = Loaded::with_text(l.input.clone(), text),
                Err(problem) => {
                    unusable[f] = !problem.usable();
                    let message = problem_message(&u.path, &u.source, &problem);
                    self.warnings.push((u.span, message));
                }
            }
        }
        let mut f = 0;
        loaded.retain(|_| {
            f += 1;
            !unusable[f - 1]
        });
    }

    /// For each unverified vendored file, whether the other files of `loaded` name its group
    /// (all true when a text may spell a name through an escape). A small file read for this
    /// keeps its text for the run, within a budget, instead of being read again by it.
    fn named_groups(&self, loaded: &mut [Loaded], which: &[Option<usize>]) -> Vec<bool> {
        // Groups that are not one word as the scan splits a text are taken as named.
        let mut wanted = Words::default();
        for u in &self.unverified {
            // (A CRD's group always holds a dot: `mark_words` looks up only such words.)
            let word = u.group.contains('.') && u.group.bytes().all(is_word_byte);
            wanted.insert(&u.group, !word);
        }
        let mut held = 0;
        for (l, w) in loaded.iter_mut().zip(which) {
            if w.is_some() {
                continue;
            }
            // A file that cannot be read names nothing (the run reports it).
            let text = match l.text() {
                Ok(Cow::Owned(text)) => text,
                Ok(Cow::Borrowed(text)) => {
                    if !mark_words(text, &mut wanted) {
                        return vec![true; self.unverified.len()];
                    }
                    continue;
                }
                Err(_) => continue,
            };
            let spelled = mark_words(&text, &mut wanted);
            if text.len() <= HOLD_FILE && held + text.len() <= HOLD_TOTAL {
                held += text.len();
                *l = Loaded::with_text(l.input.clone(), text);
            }
            if !spelled {
                return vec![true; self.unverified.len()];
            }
        }
        self.unverified
            .iter()
            .map(|u| wanted[u.group.as_str()])
            .collect()
    }

    /// The schema paths of a run: `crds` (`--crd` and the config's) and the vendored files
    /// other than [`Vendored::inputs`].
    pub fn crds(&self, mut crds: Vec<PathBuf>) -> Vec<PathBuf> {
        crds.extend(self.paths.iter().cloned());
        crds
    }

    /// The vendored files already looked at, as the run's schema files: with
    /// [`Vendored::crds`], every vendored file of the run.
    pub fn inputs(&self) -> Vec<Input> {
        self.found
            .iter()
            .map(|p| Input::looked_at_schema(p.clone()))
            .collect()
    }

    /// The `vendor/modified` warnings, at the lock (or the vendor folder), which is added to
    /// `files` when there is one to say.
    pub fn findings(&self, files: &mut Vec<SourceFile>) -> Vec<Diagnostic> {
        let Some((name, text)) = self.place.as_ref().filter(|_| !self.warnings.is_empty()) else {
            return Vec::new();
        };
        files.push(SourceFile::new(name.clone(), text.clone()));
        let at = files.len() - 1;
        self.warnings
            .iter()
            .map(|(span, message)| {
                Diagnostic::new(&MODIFIED, *span, message.clone())
                    .with_help(
                        "run `crdlint vendor` to restore it from its source; `--locked` (the \
                         default when CI is set) fails the run instead",
                    )
                    .with_file(at)
            })
            .collect()
    }

    /// Adds the warnings to a finished run, and to each `input/no-schema` finding of a custom
    /// resource a hint: the source the lock says provides the kind, or how to vendor it.
    pub fn report(&self, result: &mut RunResult) {
        // The files left unread are counted as read (one CRD document each), so a summary
        // does not depend on which groups the run met.
        result.summary.documents += self.deferred;
        result.summary.crds += self.deferred;
        let found = self.findings(&mut result.files);
        result.paths.resize(result.files.len(), None);
        result.diagnostics.extend(found);
        for d in &mut result.diagnostics {
            // A kind with a fix is a typo of a kind the run has: its help says which. One with
            // a related place has its CRD in the run, which cannot be used: it says so.
            if d.rule.id != NO_SCHEMA.id || d.fix().is_some() || !d.related().is_empty() {
                continue;
            }
            let Some(o) = d.object.as_deref().filter(|o| !o.kind.is_empty()) else {
                continue;
            };
            let group = o.api_version.rsplit_once('/').map_or("", |(g, _)| g);
            if group.is_empty() {
                continue;
            }
            d.help = Some(no_schema_help(self.lock.as_ref(), group, &o.kind));
        }
        super::driver::sort_diagnostics(&mut result.diagnostics);
    }
}

/// The help of an `input/no-schema` finding for `group`/`kind`: the lock's source when it
/// lists the kind (its file was missing or did not define it), else the command that vendors
/// the CRD from a cluster that has it.
pub fn no_schema_help(lock: Option<&Lock>, group: &str, kind: &str) -> String {
    if let Some((source, crd)) = lock.and_then(|l| l.provider(group, kind)) {
        return format!(
            "{} lists it in vendor source `{}` ({}), but this run could not use that file: run \
             `crdlint vendor` to restore it",
            lock::FILE_NAME,
            source.name,
            crd.file
        );
    }
    format!(
        "give its CRD with --crd, vendor it from a cluster that has it with `kubectl get crd \
         {}.{group} -o yaml | crdlint vendor add {group} -`, or skip the kind with --skip",
        guess_plural(kind)
    )
}

/// The resource name a kind most likely has, as apimachinery guesses it
/// (`meta.UnsafeGuessKindToResource`, k8s.io/apimachinery `pkg/api/meta/restmapper.go`):
/// lower case, `-s` → `-ses`, `-y` → `-ies`, else `-s`. A CRD may choose another plural; the
/// hint is a command to try, and `kubectl get crd` lists the real names.
pub(crate) fn guess_plural(kind: &str) -> String {
    let singular = kind.to_lowercase();
    if singular.ends_with("endpoints") {
        singular
    } else if singular.ends_with('s') {
        format!("{singular}es")
    } else if let Some(stem) = singular.strip_suffix('y') {
        format!("{stem}ies")
    } else {
        format!("{singular}s")
    }
}

/// Why a vendored file does not match the lock.
enum Problem {
    Missing,
    Outside,
    Unreadable(String),
    Differs(String),
}

impl Problem {
    /// The file can still be read as a schema (without `--locked`).
    fn usable(&self) -> bool {
        matches!(self, Problem::Differs(_))
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::Missing => write!(f, "is missing"),
            Problem::Outside => write!(
                f,
                "leads outside the lock file's folder (a link), so it is not read"
            ),
            Problem::Unreadable(e) => write!(f, "cannot be read: {e}"),
            Problem::Differs(actual) => write!(
                f,
                "does not match {}: its sha256 is {actual}",
                lock::FILE_NAME
            ),
        }
    }
}

/// A byte of a word as [`mark_words`] splits a text: what an API group may hold (a DNS-1123
/// subdomain, in lower case; upper case too, as a word is looked up as written).
fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'-' || b == b'.'
}

/// Marks the keys of `wanted` that occur in `text` as whole words (also without the dots a
/// sentence may end one with). False when the text holds an escape that could spell a letter
/// of a word (YAML's and JSON's `\x`, `\u`, `\U`, a double-quoted line continued by `\`):
/// then a word may be in it without its letters. Any other escape ends a word with the
/// letter after its `\` (`\tfoo.io` is a tab and `foo.io`).
fn mark_words(text: &str, wanted: &mut Words<'_>) -> bool {
    let bytes = text.as_bytes();
    for at in memchr::memchr_iter(b'\\', bytes) {
        if matches!(bytes.get(at + 1), Some(b'x' | b'u' | b'U' | b'\n' | b'\r')) {
            return false;
        }
    }
    let mut start = None;
    let mut escaped = false;
    for (i, &b) in bytes.iter().chain(std::iter::once(&b' ')).enumerate() {
        let word = is_word_byte(b) && !escaped;
        escaped = b == b'\\' && !escaped;
        match (word, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                start = None;
                // Groups hold a dot: most words are looked up in no table.
                let w = &bytes[s..i];
                if memchr::memchr(b'.', w).is_none() {
                    continue;
                }
                let trimmed = &w[..w.iter().rposition(|&b| b != b'.').map_or(0, |e| e + 1)];
                for w in [w, trimmed] {
                    // Only ASCII bytes make a word: it is UTF-8.
                    if let Some(seen) = std::str::from_utf8(w).ok().and_then(|w| wanted.get_mut(w))
                    {
                        *seen = true;
                    }
                }
            }
            _ => {}
        }
    }
    true
}

/// What a warning or failure says about one vendored file.
fn problem_message(path: &Path, source: &str, problem: &Problem) -> String {
    format!("{} (vendor source `{source}`) {problem}", shown(path))
}

/// The folder of the config in use (the working directory without one): where the lock is.
fn config_dir(settings: &Settings) -> PathBuf {
    settings
        .config
        .as_ref()
        .map(|c| c.dir.clone())
        .unwrap_or_default()
}

/// Looks at the vendored files of one lock, resolving the lock's folder and each folder of
/// files once.
struct Looker<'d> {
    dir: &'d Path,
    /// The lock's folder, resolved (`None` when it does not resolve).
    root: Option<Option<PathBuf>>,
    /// Each folder of files (one a source) and whether it resolves inside `root`, by the
    /// folder's bytes.
    inside: Vec<(PathBuf, Option<bool>)>,
}

impl<'d> Looker<'d> {
    fn new(dir: &'d Path) -> Looker<'d> {
        Looker {
            dir,
            root: None,
            inside: Vec::new(),
        }
    }

    /// Checks that a vendored file is there to read, inside the lock's folder: true when it
    /// is a regular file (not a link), which one `lstat` tells with its folder resolved once;
    /// anything else (a link, a folder, nothing) as [`present`] says.
    fn look(&mut self, path: &Path) -> Result<bool, Problem> {
        let regular = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_file());
        let parent = path.parent().filter(|p| !p.as_os_str().is_empty());
        match (regular, parent) {
            (true, Some(parent)) => match self.folder_inside(parent) {
                Some(true) => Ok(true),
                Some(false) => Err(Problem::Outside),
                None => present(self.dir, path).map(|()| false),
            },
            _ => present(self.dir, path).map(|()| false),
        }
    }

    /// Whether `folder` resolves inside the lock's folder, as `config::within` says of the
    /// files in it that are not links (`None` when it does not resolve).
    fn folder_inside(&mut self, folder: &Path) -> Option<bool> {
        let bytes = folder.as_os_str();
        if let Some((_, known)) = self
            .inside
            .iter()
            .rev()
            .find(|(f, _)| f.as_os_str() == bytes)
        {
            return *known;
        }
        let dir = self.dir;
        let root = self
            .root
            .get_or_insert_with(|| {
                std::fs::canonicalize(if dir.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    dir
                })
                .ok()
            })
            .clone();
        // A lock's folder that does not resolve holds nothing inside it (`within`).
        let inside = match root {
            None => Some(false),
            Some(root) => std::fs::canonicalize(folder)
                .ok()
                .map(|real| real.starts_with(root)),
        };
        self.inside.push((folder.to_path_buf(), inside));
        inside
    }
}

/// Checks that a vendored file is there to read, inside the lock's folder.
fn present(dir: &Path, path: &Path) -> Result<(), Problem> {
    if !path.exists() {
        return Err(Problem::Missing);
    }
    // The lock's paths stay inside its folder by their text (`lock::parse`); a link must too.
    if !super::config::within(dir, path.strip_prefix(dir).unwrap_or(path)) {
        return Err(Problem::Outside);
    }
    Ok(())
}

/// The text of a vendored file, if its sha256 is the lock's.
fn matching(path: &Path, expected: &str) -> Result<String, Problem> {
    let text = super::input::read_regular_file(path).map_err(Problem::Unreadable)?;
    let actual = crate::vendor::sha256_hex(text.as_bytes());
    if actual == expected {
        Ok(text)
    } else {
        Err(Problem::Differs(actual))
    }
}

/// A path as messages name it.
fn shown(path: &Path) -> String {
    let s = path.to_string_lossy();
    s.strip_prefix("./").unwrap_or(&s).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_met_as_whole_words_and_escapes_meet_every_group() {
        let marked = |text: &str| {
            let mut wanted: Words<'_> = [
                ("example.com", false),
                ("acme.example.org", false),
                ("cert-manager.io", false),
            ]
            .into_iter()
            .collect();
            let plain = mark_words(text, &mut wanted);
            let mut met: Vec<&str> = wanted
                .iter()
                .filter(|(_, m)| **m)
                .map(|(k, _)| *k)
                .collect();
            met.sort_unstable();
            (plain, met)
        };
        assert_eq!(
            marked("apiVersion: example.com/v1\n"),
            (true, vec!["example.com"])
        );
        assert_eq!(
            marked("{\"apiVersion\":\"cert-manager.io\\/v1\"}"),
            (true, vec!["cert-manager.io"])
        );
        // Part of a longer word is not the group; a sentence's full stop leaves it whole.
        assert_eq!(
            marked("x.example.com/v1 example.community www-example.com"),
            (true, vec![])
        );
        assert_eq!(
            marked("# see cert-manager.io."),
            (true, vec!["cert-manager.io"])
        );
        // An escape other than a letter's ends the word before the letter after it.
        assert_eq!(
            marked("\"\\tacme.example.org/v1\""),
            (true, vec!["acme.example.org"])
        );
        // The last word of the text counts too.
        assert_eq!(
            marked("a: [example.com, cert-manager.io]\nb: acme.example.org"),
            (
                true,
                vec!["acme.example.org", "cert-manager.io", "example.com"]
            )
        );
        for escape in [
            "\"\\x65xample.com/v1\"",
            "\"\\u0065xample.com/v1\"",
            "\"example.\\\ncom/v1\"",
        ] {
            assert!(!marked(escape).0, "{escape}");
        }
        assert!(marked("pattern: \"^\\d+$\"").0);
    }

    #[test]
    fn plurals_as_apimachinery_guesses_them() {
        for (kind, plural) in [
            ("Certificate", "certificates"),
            ("HelmRelease", "helmreleases"),
            ("Ingress", "ingresses"),
            ("NetworkPolicy", "networkpolicies"),
            ("Endpoints", "endpoints"),
        ] {
            assert_eq!(guess_plural(kind), plural);
        }
    }

    #[test]
    fn the_hint_names_the_lock_source_or_the_vendor_add_command() {
        let help = no_schema_help(None, "cert-manager.io", "Issuer");
        assert!(help.contains(
            "kubectl get crd issuers.cert-manager.io -o yaml | crdlint vendor add cert-manager.io -"
        ));
        let hex = "a".repeat(64);
        let text = format!(
            "version: 1\nsources:\n- name: cm\n  declaration: sha256:{hex}\n  type: stdin\n  sha256: {hex}\n  crds:\n  - name: issuers.cert-manager.io\n    group: cert-manager.io\n    kinds: [Issuer]\n    served: [v1]\n    storage: v1\n    file: .crdlint/vendor/cm/issuers.cert-manager.io.yaml\n    sha256: {hex}\n"
        );
        let lock = lock::parse(&text).expect("lock");
        let help = no_schema_help(Some(&lock), "cert-manager.io", "Issuer");
        assert!(help.contains("vendor source `cm`"), "{help}");
    }
}
