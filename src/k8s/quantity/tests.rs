//! Tests of quantity parsing, comparison and arithmetic (upstream's parse table included).

use super::*;

fn q(s: &str) -> Quantity {
    Quantity::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn parse_errors() {
    assert_eq!(Quantity::parse("").unwrap_err(), QuantityError::FormatWrong);
    assert_eq!(
        Quantity::parse("1.2.3").unwrap_err(),
        QuantityError::FormatWrong
    );
    assert_eq!(
        Quantity::parse("abc").unwrap_err(),
        QuantityError::FormatWrong
    );
    assert_eq!(
        Quantity::parse("1Zi").unwrap_err(),
        QuantityError::FormatWrong
    );
    assert_eq!(Quantity::parse("1e").unwrap_err(), QuantityError::Suffix);
    assert_eq!(
        Quantity::parse("1Kb").unwrap_err(),
        QuantityError::FormatWrong
    );
    assert_eq!(Quantity::parse("1mi").unwrap_err(), QuantityError::Suffix);
    assert_eq!(
        Quantity::parse("1 ").unwrap_err(),
        QuantityError::FormatWrong
    );
    assert_eq!(
        QuantityError::Suffix.to_string(),
        "unable to parse quantity's suffix"
    );
}

#[test]
fn values_and_comparison() {
    assert_eq!(q("1k"), q("1000"));
    assert_eq!(q("1Ki"), q("1024"));
    assert_eq!(q("1.5Gi"), q("1610612736"));
    assert_eq!(q("500m"), q("0.5"));
    assert_eq!(q("1e3"), q("1k"));
    assert_eq!(q("."), q("0"));
    assert_eq!(q("-0"), q("0"));
    assert!(q("1Mi").cmp_value(&q("1M")) == Ordering::Greater);
    assert!(q("-1").cmp_value(&q("1m")) == Ordering::Less);
    // Below a nanounit rounds away from zero.
    assert_eq!(q("0.0000000001"), q("1n"));
    assert_eq!(q("-0.0000000001"), q("-1n"));
    // Binary quantities are capped at 2^63-1.
    assert_eq!(q("16Ei"), q("9223372036854775807"));
    assert_eq!(
        q("123456789012345678901234567890"),
        q("123456789012345678901234567890.0")
    );
    assert_eq!(q("1e400").sign(), 1);
    assert!(q("1e400").cmp_value(&q("9e399")) == Ordering::Greater);
}

/// apimachinery `TestQuantityParse`: (input, value, scale, format); also checked negated
/// and with an explicit `+`, as upstream does. `None` value = the BinarySI cap.
#[test]
fn upstream_parse_table() {
    use Format::{BinarySI as B, DecimalExponent as X, DecimalSI as D};
    type Row = (&'static str, Option<(i64, i32)>, Format);
    let table: &[Row] = &[
        ("0", Some((0, 0)), D),
        ("0n", Some((0, 0)), D),
        ("0u", Some((0, 0)), D),
        ("0m", Some((0, 0)), D),
        ("0Ki", Some((0, 0)), B),
        ("0k", Some((0, 0)), D),
        ("0Mi", Some((0, 0)), B),
        ("0M", Some((0, 0)), D),
        ("0Gi", Some((0, 0)), B),
        ("0G", Some((0, 0)), D),
        ("0Ti", Some((0, 0)), B),
        ("0T", Some((0, 0)), D),
        ("1", Some((1, 0)), D),
        ("1Ki", Some((1024, 0)), B),
        ("8Ki", Some((8 * 1024, 0)), B),
        ("7Mi", Some((7 << 20, 0)), B),
        ("6Gi", Some((6 << 30, 0)), B),
        ("5Ti", Some((5 << 40, 0)), B),
        ("4Pi", Some((4 << 50, 0)), B),
        ("3Ei", Some((3 << 60, 0)), B),
        ("10Ti", Some((10 << 40, 0)), B),
        ("100Ti", Some((100 << 40, 0)), B),
        ("5n", Some((5, -9)), D),
        ("4u", Some((4, -6)), D),
        ("3m", Some((3, -3)), D),
        ("9", Some((9, 0)), D),
        ("8k", Some((8, 3)), D),
        ("50k", Some((5, 4)), D),
        ("7M", Some((7, 6)), D),
        ("6G", Some((6, 9)), D),
        ("5T", Some((5, 12)), D),
        ("40T", Some((4, 13)), D),
        ("300T", Some((3, 14)), D),
        ("2P", Some((2, 15)), D),
        ("1E", Some((1, 18)), D),
        ("1E-3", Some((1, -3)), X),
        ("1e3", Some((1, 3)), X),
        ("1E6", Some((1, 6)), X),
        ("1e9", Some((1, 9)), X),
        ("1E12", Some((1, 12)), X),
        ("1e15", Some((1, 15)), X),
        ("1E18", Some((1, 18)), X),
        ("1e14", Some((1, 14)), X),
        ("1e13", Some((1, 13)), X),
        ("100.035k", Some((100035, 0)), D),
        ("0.001", Some((1, -3)), D),
        ("0.0005k", Some((5, -1)), D),
        ("0.005", Some((5, -3)), D),
        ("0.05", Some((5, -2)), D),
        ("0.5", Some((5, -1)), D),
        ("0.00050k", Some((5, -1)), D),
        ("0.00500", Some((5, -3)), D),
        ("0.05000", Some((5, -2)), D),
        ("0.50000", Some((5, -1)), D),
        ("0.5e0", Some((5, -1)), X),
        ("0.5e-1", Some((5, -2)), X),
        ("0.5e-2", Some((5, -3)), X),
        ("10.035M", Some((10035, 3)), D),
        ("1.2e3", Some((12, 2)), X),
        ("1.3E+6", Some((13, 5)), X),
        ("1.40e9", Some((14, 8)), X),
        ("1.53E12", Some((153, 10)), X),
        ("1.6e15", Some((16, 14)), X),
        ("1.7E18", Some((17, 17)), X),
        ("9.01", Some((901, -2)), D),
        ("8.1k", Some((81, 2)), D),
        ("7.123456M", Some((7123456, 0)), D),
        ("6.987654321G", Some((6987654321, 0)), D),
        ("5.444T", Some((5444, 9)), D),
        ("40.1T", Some((401, 11)), D),
        ("300.2T", Some((3002, 11)), D),
        ("2.5P", Some((25, 14)), D),
        ("1.01E", Some((101, 16)), D),
        ("3.001n", Some((4, -9)), D),
        ("1.1E-9", Some((2, -9)), X),
        ("0.0000000001", Some((1, -9)), D),
        ("0.0000000005", Some((1, -9)), D),
        ("0.00000000050", Some((1, -9)), D),
        ("0.5e-9", Some((1, -9)), X),
        ("0.9n", Some((1, -9)), D),
        ("0.00000012345", Some((124, -9)), D),
        ("0.00000012354", Some((124, -9)), D),
        ("9Ei", None, B),
        ("9223372036854775807Ki", None, B),
        ("12E", Some((12, 18)), D),
        ("100.035Ki", Some((10243584, -2)), B),
        ("0.5Mi", Some((524288, 0)), B),
        ("0.05Gi", Some((536870912, -1)), B),
        ("0.025Ti", Some((274877906944, -1)), B),
        ("0.000000000001Ki", Some((2, -9)), D),
        (".001", Some((1, -3)), D),
        (".0001k", Some((100, -3)), D),
        ("1.", Some((1, 0)), D),
        ("1.G", Some((1, 9)), D),
    ];
    for &(input, value, format) in table {
        let want = match value {
            Some((v, sc)) => q(&format!("{v}e{sc}")),
            None => q("9223372036854775807"),
        };
        for (prefix, sign) in [("", false), ("-", true), ("+", false)] {
            let text = format!("{prefix}{input}");
            let got = q(&text);
            let want = if sign { want.negated() } else { want.clone() };
            assert_eq!(got.cmp_value(&want), Ordering::Equal, "{text}");
            assert_eq!(got.format, format, "{text}");
        }
    }
    for bad in [
        "1.1.M", "1+1.0M", "0.1mi", "0.1am", "aoeu", ".5i", "1i", "-3.01i", "-3.01e-", " 1", "1 ",
    ] {
        assert!(Quantity::parse(bad).is_err(), "{bad} should not parse");
    }
}

/// `ParseQuantity` reads the number with its own grammar (`parseQuantityString`), not
/// `strconv.ParseFloat`: no hex floats, no infinities, no exponent without digits; a lone
/// `E` is the exa suffix while `E3`/`e3` are exponents (facts from apimachinery
/// `quantity.go` and the `quantity_test.go` tables).
#[test]
fn number_grammar_is_not_parse_float() {
    use Format::{DecimalExponent as X, DecimalSI as D};
    let ok: &[(&str, &str, Format)] = &[
        (".5", "500m", D),
        ("5.", "5", D),
        ("+1", "1", D),
        ("-.5", "-500m", D),
        ("1E", "1000000000000000000", D),
        ("1E3", "1000", X),
        ("1e3", "1000", X),
        ("1e+3", "1000", X),
        ("1E-3", "1m", X),
        ("00001.5", "1.5", D),
    ];
    for &(input, value, format) in ok {
        let got = q(input);
        assert_eq!(got.cmp_value(&q(value)), Ordering::Equal, "{input}");
        assert_eq!(got.format, format, "{input}");
    }
    // ParseFloat would give 1e400 a range error; a quantity keeps it exactly.
    let huge = q("1e400");
    assert_eq!((huge.sign(), huge.as_i64()), (1, None));
    assert!(huge.cmp_value(&q("2e399")) == Ordering::Greater);
    assert_eq!(huge.as_approximate_f64(), f64::INFINITY);
    // The exponent is ParseInt(64 bits) then truncated to int32, as upstream.
    assert_eq!(q("1e4294967297"), q("10"));
    let bad: &[(&str, QuantityError)] = &[
        ("0x1p-2", QuantityError::FormatWrong),
        ("Inf", QuantityError::FormatWrong),
        ("NaN", QuantityError::FormatWrong),
        ("1e3.5", QuantityError::FormatWrong),
        ("1_000", QuantityError::FormatWrong),
        ("1e", QuantityError::Suffix),
        ("1e+", QuantityError::Suffix),
        ("-3.01e-", QuantityError::Suffix),
        ("1e99999999999999999999", QuantityError::Suffix),
        ("1Ee3", QuantityError::Suffix),
    ];
    for &(input, err) in bad {
        assert_eq!(Quantity::parse(input).unwrap_err(), err, "{input}");
    }
}

#[test]
fn as_int64_follows_the_representation() {
    assert_eq!(q("1k").as_i64(), Some(1000));
    assert_eq!(q("1Ki").as_i64(), Some(1024));
    assert_eq!(q("1000m").as_i64(), None);
    assert_eq!(q("1.0").as_i64(), None);
    assert_eq!(q("1.5Ki").as_i64(), None);
    // 19 digits leave the int64 fast path (18 factors), so even int64-sized values fail.
    assert_eq!(
        q("999999999999999999").as_i64(),
        Some(999_999_999_999_999_999)
    );
    assert_eq!(q("9223372036854775807").as_i64(), None);
    assert_eq!(q("10E").as_i64(), None);
}

#[test]
fn arithmetic_and_floats() {
    // From the Kubernetes CEL quantity library tests.
    assert_eq!(q("200M"), q("0.2G"));
    assert_eq!(q("2M"), q("0.002G"));
    assert_eq!(q("2000k"), q("2M"));
    assert_eq!(q("50k").add(&q("20")), q("50.02k"));
    assert_eq!(q("50k").sub(&q("20")), q("49.98k"));
    assert!(q("50Mi").cmp_value(&q("50M")) == Ordering::Greater);
    assert_eq!(q("1").add(&q("500m")), q("1.5"));
    assert_eq!(q("1").sub(&q("2")), q("-1"));
    assert_eq!(
        q("9223372036854775807").add(&q("1")),
        q("9223372036854775808")
    );
    assert_eq!(q("0").add(&q("1Ki")).format, Format::BinarySI);
    assert_eq!(q("1.5").as_approximate_f64(), 1.5);
    assert_eq!(q("1Gi").as_approximate_f64(), 1073741824.0);
    assert_eq!(q("-2.5k").as_approximate_f64(), -2500.0);
    assert_eq!(go_pow10(-3), 0.001);
    assert_eq!(go_pow10(309), f64::INFINITY);
}
