//! The loader fed by the fast scanner ([`scan`]): the same tree building as for granit's
//! events, for the documents the scanner reads.
//!
//! The scanner only delivers documents granit reads without a syntax error, with the very
//! events granit would produce, so the run_segment cases for errors, flow collections, `...`
//! and directives never arise here. A document whose tree building fails (too deep, a budget,
//! a value JSON cannot hold) is finished with that error once its events are over, as granit's
//! `proceed_next_document` would skip them. When the scanner declines a document, everything
//! built for it is dropped (tree building only reads the loader), and granit reads the stream
//! from that document's start.

use std::borrow::Cow;

use granit_parser::{Event, ScalarStyle, StructureStyle};

use super::doc::DocBuilder;
use super::Loader;
use crate::yaml::scan::{self, Sink};
use crate::yaml::{Span, YamlError};

struct FastSink<'l, 'a> {
    loader: &'l mut Loader<'a>,
    /// Where the scanned text starts in the file.
    offset: usize,
    doc: Option<DocBuilder>,
    /// A document whose tree building failed, with the error, until its end.
    failed: Option<(DocBuilder, YamlError)>,
}

impl<'a> Sink<'a> for FastSink<'_, 'a> {
    fn event(&mut self, ev: Event<'a>, start: usize, end: usize, _indent: Option<usize>) {
        let sp = Span::new(self.offset + start, self.offset + end);
        match ev {
            Event::StreamStart | Event::StreamEnd => {}
            Event::DocumentStart(..) => self.doc = Some(self.loader.new_doc(sp.start())),
            Event::DocumentEnd => {
                if let Some((d, fatal)) = self.failed.take() {
                    let end = fatal.span.end().max(d.start);
                    self.loader.finish(d, end, Some(fatal));
                } else if let Some(d) = self.doc.take() {
                    let end = if sp.is_empty() {
                        d.content_end()
                    } else {
                        sp.end()
                    };
                    self.loader.finish(d, end, None);
                }
            }
            ev => {
                let Some(d) = self.doc.as_mut() else {
                    return;
                };
                let result = d.event(ev, sp, None, self.loader);
                self.fail_on(result);
            }
        }
    }

    // The common events go to the tree builder directly: no `Event` is made and matched for
    // them (that and the builder's own dispatch were ~60 instructions a node).

    fn scalar(
        &mut self,
        text: Cow<'a, str>,
        style: ScalarStyle,
        start: usize,
        end: usize,
        _indent: Option<usize>,
    ) {
        let sp = Span::new(self.offset + start, self.offset + end);
        let Some(d) = self.doc.as_mut() else {
            return;
        };
        let result = match d.string_key(text, style, sp, self.loader) {
            Ok(Some(text)) => d.scalar_event(text, style, 0, None, sp, sp, self.loader),
            Ok(None) => Ok(()),
            Err(e) => Err(e),
        };
        self.fail_on(result);
    }

    fn collection_start(&mut self, map: bool, style: StructureStyle, start: usize, end: usize) {
        let sp = Span::new(self.offset + start, self.offset + end);
        let Some(d) = self.doc.as_mut() else {
            return;
        };
        let kind = if map { d.pool.map() } else { d.pool.seq() };
        let result = d.open(kind, style, 0, (None, sp), sp, self.loader);
        self.fail_on(result);
    }

    fn collection_end(&mut self, _map: bool, start: usize, end: usize) {
        let sp = Span::new(self.offset + start, self.offset + end);
        let Some(d) = self.doc.as_mut() else {
            return;
        };
        let result = d.close(sp, self.loader);
        self.fail_on(result);
    }
}

impl FastSink<'_, '_> {
    /// Keeps the document whose tree building failed, with its error, until its end.
    #[inline(always)]
    fn fail_on(&mut self, result: Result<(), YamlError>) {
        if let Err(fatal) = result {
            let d = self.doc.take().expect("document is open");
            self.failed = Some((d, fatal));
        }
    }
}

impl Loader<'_> {
    /// Reads the stream from `from` (0, or a `---` line where granit had just finished a
    /// document cleanly) with the fast scanner. Returns where granit must go on (the start of
    /// the first document it declined), or `None` when it read everything.
    pub(super) fn run_fast(&mut self, from: usize) -> Option<usize> {
        if self.fast_text.is_none() {
            return Some(from);
        }
        let src = &self.src[from..];
        let mut sink = FastSink {
            loader: self,
            offset: from,
            doc: None,
            failed: None,
        };
        scan::scan_checked(src, &mut sink)
            .err()
            .map(|d| from + d.at)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_fast_path_loads_what_granit_loads() {
        use crate::yaml::{load_with, LoadOptions};
        let granit = LoadOptions {
            fast_scan: false,
            ..LoadOptions::default()
        };
        for src in [
            "a: 1\nb: {}\nc: []\n---\n- x\n- y: 'z'\n",
            "a: &x 1\n---\nb: 2\n",
            "a: 1\n---\nb: [1, 2]\n---\nc: 3\n",
            "a: 1\na: 2\n",
            "a: 0x1f\nb: yes\nc: |\n  t\n",
            // Granit reads a declined document, the fast path the ones after it.
            "a: 1\n---\nb: [1, 2]\n---\nc: 3\n---\nd: &x 4\ne: *x\n---\nf: 5\n",
            "a: 1\n---\nb: [1\n---\nc: 2\n---\nd: {\n",
            "---\na: 1\n...\n---\nb: 2\n---\nc: 3\n",
            "a: {x: 1}\n---\nb:\tc\n---\nd: 1\n",
            "a: [x]\n--- |\n  t\n---\nb: 2\n---\n",
            "a: [x]\n---\n---\nb: 2\n",
            // Flow collections, and ones go-yaml reads otherwise than granit (the loader
            // reparses or fails those).
            "a: [1, \"2\", {b: [c]}]\nd: {e: yes, f: [0x1f, ~]}\n",
            "a: {b: 1, b: 2}\n",
            "a: [fe80::, 1]\n---\nb: [::1]\n---\nc: {d: e?}\n---\nf: [g]\n",
            // JSON documents.
            "{\"a\": [1, {\"b\": null}], \"c\": \"d\"}\n",
            "[1]\n---\n{\"a\": 1} # c\n---\nb: 2\n---\n{\"a\": 1, \"a\": 2}\n",
        ] {
            let fast = load_with(src, &LoadOptions::default());
            let slow = load_with(src, &granit);
            assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "{src:?}");
        }
    }
}
