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

use std::path::{Path, PathBuf};

use super::args::LockArgs;
use super::driver::RunResult;
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
    lock: Option<Lock>,
    /// Where the warnings point: the lock file (its name and text) or the vendor folder (its
    /// name and no text).
    place: Option<(String, String)>,
    warnings: Vec<(Span, String)>,
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
        let dir = settings
            .config
            .as_ref()
            .map(|c| c.dir.clone())
            .unwrap_or_default();
        Vendored::load_in(&dir, locked)
    }

    fn load_in(dir: &Path, locked: bool) -> Result<Vendored, Failure> {
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
            });
        }
        let name = shown(&lock_path);
        let text = super::input::read_regular_file(&lock_path)
            .map_err(|e| Failure::Usage(format!("{name}: cannot read the lock file: {e}")))?;
        let lock = lock::parse(&text)
            .map_err(|errors| Failure::Usage(lock::describe(&name, &text, &errors)))?;
        let mut v = Vendored {
            paths: Vec::new(),
            lock: None,
            place: None,
            warnings: Vec::new(),
        };
        let mut failures = Vec::new();
        let file = SourceFile::new(name.clone(), text.clone());
        for source in &lock.sources {
            for crd in &source.crds {
                let path = dir.join(&crd.file);
                match verify(dir, &path, &crd.sha256) {
                    Ok(()) => v.paths.push(path),
                    Err(problem) => {
                        let message = format!(
                            "{} (vendor source `{}`) {problem}",
                            shown(&path),
                            source.name
                        );
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

    /// The schema paths of a run: `crds` (`--crd` and the config's) and the vendored files.
    pub fn crds(&self, mut crds: Vec<PathBuf>) -> Vec<PathBuf> {
        crds.extend(self.paths.iter().cloned());
        crds
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
        let found = self.findings(&mut result.files);
        result.paths.resize(result.files.len(), None);
        result.diagnostics.extend(found);
        for d in &mut result.diagnostics {
            // A kind with a fix is a typo of a kind the run has: its help says which.
            if d.rule.id != NO_SCHEMA.id || d.fix().is_some() {
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
fn guess_plural(kind: &str) -> String {
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

/// Checks one vendored file against the lock's sha256.
fn verify(dir: &Path, path: &Path, expected: &str) -> Result<(), Problem> {
    if !path.exists() {
        return Err(Problem::Missing);
    }
    // The lock's paths stay inside its folder by their text (`lock::parse`); a link must too.
    if !super::config::within(dir, path.strip_prefix(dir).unwrap_or(path)) {
        return Err(Problem::Outside);
    }
    let text = super::input::read_regular_file(path).map_err(Problem::Unreadable)?;
    let actual = crate::vendor::sha256_hex(text.as_bytes());
    if actual == expected {
        Ok(())
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
