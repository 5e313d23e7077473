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

use granit_parser::{Event, Span as GSpan};

use super::build::DocBuilder;
use super::Loader;
use crate::yaml::scan::{self, Sink};
use crate::yaml::{Span, YamlError};

struct FastSink<'l, 'a> {
    loader: &'l mut Loader<'a>,
    doc: Option<DocBuilder>,
    /// A document whose tree building failed, with the error, until its end.
    failed: Option<(DocBuilder, YamlError)>,
}

impl<'a> Sink<'a> for FastSink<'_, 'a> {
    fn event(&mut self, ev: Event<'a>, span: GSpan) {
        let range = span.byte_range().unwrap_or(0..0);
        let sp = Span::new(range.start, range.end);
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
                if let Err(fatal) = d.event(ev, sp, None, self.loader) {
                    let d = self.doc.take().expect("document is open");
                    self.failed = Some((d, fatal));
                }
            }
        }
    }
}

impl Loader<'_> {
    /// Reads the stream with the fast scanner. Returns where granit must go on (the start of
    /// the first document it declined), or `None` when it read everything.
    pub(super) fn run_fast(&mut self) -> Option<usize> {
        let src = self.src;
        let mut sink = FastSink {
            loader: self,
            doc: None,
            failed: None,
        };
        scan::scan(src, &mut sink).err().map(|d| d.at)
    }
}

#[cfg(test)]
mod tests {
    use crate::yaml::flow;

    #[test]
    fn empty_flow_collections_read_the_same_for_go_yaml() {
        // The fast path reads `{}` and `[]` without the loader's go-yaml flow check; that check
        // has nothing to change or refuse in them.
        for (text, open) in [
            ("a: {}\n", 3),
            ("a: []\n", 3),
            ("- {}  # c\n", 2),
            ("- []", 2),
        ] {
            let scan = flow::scan(text, open);
            assert!(scan.error.is_none() && scan.rewrites.is_empty(), "{text:?}");
        }
    }

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
        ] {
            let fast = load_with(src, &LoadOptions::default());
            let slow = load_with(src, &granit);
            assert_eq!(format!("{fast:?}"), format!("{slow:?}"), "{src:?}");
        }
    }
}
