use crdlint::cel::*;
#[test]
fn probe() {
    let which = std::env::var("W").unwrap();
    let n: usize = std::env::var("N").unwrap().parse().unwrap();
    let src = match which.as_str() {
        "lists" => format!("{}1{} == [[1]]", "[".repeat(n), "]".repeat(n)),
        "nots" => format!("{}true", "!".repeat(n)),
        "neg" => format!("{}1 == 1", "-".repeat(n)),
        "ands" => format!("true{}", " && true".repeat(n)),
        "plus" => format!("1{} == 1", " + 1".repeat(n)),
        _ => unreachable!(),
    };
    let r = parse::parse(&src, parse::MacroSet::Standard);
    println!("parsed {which} {n}: {:?}", r.as_ref().err().map(|e| e[0].message.chars().take(100).collect::<String>()));
    let r = compile_expr(&src, &[], &CompileOptions::default());
    println!("{which} {n}: {:?}", r.err().map(|e| e.to_string().chars().take(100).collect::<String>()));
}
