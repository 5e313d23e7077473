//! `additionalPrinterColumns` (digest §1.11). The server checks name, type, format and that the
//! JSONPath starts with `.`; it does not look the path up in the schema (see
//! `crd/printer-column-path` in the warnings).

use super::crd::Place;
use super::ctx::{get_str, value_span, Bad, ErrType, FErr, Sink};
use crate::diag::{Rule, Severity};
use crate::yaml::Node;

pub static PRINTER_COLUMNS: Rule = Rule {
    id: "crd/printer-columns",
    severity: Severity::Error,
    summary: "A printer column without a name, with an unknown type or format, or with a JSONPath not starting with `.`",
    docs: "`kubectl get` prints one column per entry. The server requires a `name`, a `type` among \
`integer`, `number`, `string`, `boolean`, `date`, an optional `format` among the OpenAPI formats it \
knows, and a `jsonPath` that starts with `.`.",
    bad: "additionalPrinterColumns:\n- name: Ready\n  type: bool\n  jsonPath: status.ready\n",
    good: "additionalPrinterColumns:\n- name: Ready\n  type: boolean\n  jsonPath: .status.ready\n",
};

const TYPES: &str = "boolean,date,integer,number,string";
const FORMATS: &str = "byte,date,date-time,double,float,int32,int64,password";

pub(crate) fn validate(p: &Place, v1: bool, sink: &mut Sink) {
    let items: &[Node] = p.node.as_seq().unwrap_or(&[]);
    for (j, col) in items.iter().enumerate() {
        let loc = p.loc.index(j);
        let name = get_str(col, "name").unwrap_or("");
        if name.is_empty() {
            sink.push(FErr::new(
                &PRINTER_COLUMNS,
                ErrType::Required,
                &loc.child("name"),
                value_span(col, "name"),
                Bad::none(),
                "",
            ));
        }
        let ty = get_str(col, "type").unwrap_or("");
        if ty.is_empty() {
            sink.push(FErr::new(
                &PRINTER_COLUMNS,
                ErrType::Required,
                &loc.child("type"),
                value_span(col, "type"),
                Bad::none(),
                format!("must be one of {TYPES}"),
            ));
        } else if !TYPES.split(',').any(|t| t == ty) {
            sink.push(FErr::new(
                &PRINTER_COLUMNS,
                ErrType::Invalid,
                &loc.child("type"),
                value_span(col, "type"),
                Bad::str(ty),
                format!("must be one of {TYPES}"),
            ));
        }
        let format = get_str(col, "format").unwrap_or("");
        if !format.is_empty() && !FORMATS.split(',').any(|f| f == format) {
            sink.push(FErr::new(
                &PRINTER_COLUMNS,
                ErrType::Invalid,
                &loc.child("format"),
                value_span(col, "format"),
                Bad::str(format),
                format!("must be one of {FORMATS}"),
            ));
        }
        let key = if v1 { "jsonPath" } else { "JSONPath" };
        let jloc = loc.child2(key, "JSONPath");
        let jp = get_str(col, key).unwrap_or("");
        if jp.is_empty() {
            sink.push(FErr::new(
                &PRINTER_COLUMNS,
                ErrType::Required,
                &jloc,
                value_span(col, key),
                Bad::none(),
                "",
            ));
        } else if let Some(n) = col.get(key) {
            super::subresources::simple_json_path(jp, &jloc, n, &PRINTER_COLUMNS, sink);
        }
    }
}
