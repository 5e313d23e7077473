//! `completions SHELL` and the hidden `manpage`: both generated from the clap definition, so
//! they cannot disagree with the flags. The checked-in scripts in `completions/` are compared
//! with freshly generated ones by a test.

use std::io::{self, Write};

use crate::cli::args::Cli;
use crate::cli::{Failure, Status};

/// The completion script for `shell`, as bytes.
pub fn script(shell: clap_complete::Shell) -> Vec<u8> {
    let mut cmd = Cli::command();
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut cmd, "crdlint", &mut buf);
    buf
}

pub fn completions(shell: clap_complete::Shell) -> Result<Status, Failure> {
    let mut out = io::stdout().lock();
    out.write_all(&script(shell))?;
    out.flush()?;
    Ok(Status::Clean)
}

/// The man page, as roff.
pub fn manpage() -> Result<Status, Failure> {
    let mut buf = Vec::new();
    clap_mangen::Man::new(Cli::command()).render(&mut buf)?;
    let mut out = io::stdout().lock();
    out.write_all(&buf)?;
    out.flush()?;
    Ok(Status::Clean)
}
