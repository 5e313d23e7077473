use crdlint::cel::types::Type;
use crdlint::cel::{compile_expr, CompileOptions};
use crdlint::k8s::KubeVersion;
#[test]
fn dbg() {
    let opts = CompileOptions::new(KubeVersion::default());
    let vars = [("self".to_string(), Type::Dyn)];
    for src in ["optional.of('a').optMap(v, v)"] {
        let c = compile_expr(src, &vars, &opts).unwrap();
        println!("{:#?}", c.checked.expr);
    }
}
