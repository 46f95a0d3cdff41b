//! A person's answer as `ask_user` gives it, the shape both profiles take,
//! and how a typed number is read.

use serde::{Deserialize, Serialize};

/// One answer, in `ask_user`'s answer shape: chosen labels, or free text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "RecordedFormAnswer"))]
pub struct FormAnswer {
    #[serde(default)]
    pub selected: Vec<String>,
    #[serde(default)]
    pub other_text: Option<String>,
}

/// `text` read as Rust's `f64::from_str` reads it, when finite. The reading
/// is serde_json's (exact with `float_roundtrip`), after rewriting Rust's
/// grammar (`+`, leading zeros, `5.`, `.5`) as a JSON float literal, so the
/// wasm carries one decimal-to-float reader instead of two.
pub(crate) fn finite_number(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    let (negative, rest) = match bytes.first() {
        Some(b'-') => (true, bytes.get(1..)?),
        Some(b'+') => (false, bytes.get(1..)?),
        _ => (false, bytes),
    };
    let digits = |from: &[u8]| from.iter().take_while(|b| b.is_ascii_digit()).count();
    let whole_len = digits(rest);
    let (whole, rest) = rest.split_at(whole_len);
    let (fraction, rest) = match rest.split_first() {
        Some((b'.', after)) => {
            let len = digits(after);
            after.split_at(len)
        }
        _ => (&[][..], rest),
    };
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    let exponent = match rest.split_first() {
        None => &[][..],
        Some((b'e' | b'E', after)) => {
            let signed = matches!(after.first(), Some(b'+' | b'-'));
            let len = digits(after.get(usize::from(signed)..)?);
            if len == 0 || usize::from(signed) + len != after.len() {
                return None;
            }
            after
        }
        Some(_) => return None,
    };
    let mut json = String::with_capacity(text.len() + 4);
    if negative {
        json.push('-');
    }
    let whole = whole
        .iter()
        .position(|b| *b != b'0')
        .and_then(|at| whole.get(at..))
        .unwrap_or(b"0");
    json.push_str(std::str::from_utf8(whole).ok()?);
    json.push('.');
    json.push_str(if fraction.is_empty() {
        "0"
    } else {
        std::str::from_utf8(fraction).ok()?
    });
    if !exponent.is_empty() {
        json.push('e');
        json.push_str(std::str::from_utf8(exponent).ok()?);
    }
    serde_json::from_str::<f64>(&json)
        .ok()
        .filter(|number| number.is_finite())
}

/// An answer's number as content: a float for `number` properties, and for
/// `integer` ones a JSON integer, or `None` when it is not whole or its
/// magnitude is beyond `limit` (the backend's `i64::MAX as f64`, which itself
/// saturates to `i64::MAX` as upstream; 2^53 - 1 under MCP 2026-07-28).
pub(crate) fn json_number(number: f64, integer: bool, limit: f64) -> Option<serde_json::Value> {
    if !integer {
        return serde_json::Number::from_f64(number).map(serde_json::Value::Number);
    }
    if number.fract() != 0.0 || number.abs() > limit {
        return None;
    }
    Some(serde_json::Value::from(number as i64))
}

#[cfg(test)]
mod finite_number_differential {
    use super::finite_number;

    fn core(text: &str) -> Option<f64> {
        text.parse::<f64>().ok().filter(|n| n.is_finite())
    }

    fn check(text: &str) {
        let ours = finite_number(text).map(f64::to_bits);
        let want = core(text).map(f64::to_bits);
        assert_eq!(ours, want, "{text:?}");
    }

    #[test]
    fn agrees_with_f64_from_str() {
        for text in [
            "0",
            "-0",
            "+0",
            "-0.0",
            "00012",
            "5.",
            ".5",
            "-.5",
            "+.5e3",
            ".",
            "-",
            "+",
            "e5",
            "1e",
            "1e+",
            "1e-",
            "1e5",
            "1E5",
            "1e+5",
            "1e-5",
            "1.5e300",
            "1e309",
            "1e-400",
            "0e999999999999999999999",
            "1e-99999999999999999999",
            "1e99999999999999999999",
            "inf",
            "-infinity",
            "NaN",
            "1_000",
            "0x10",
            "1.2.3",
            "12a",
            " 1",
            "1 ",
            "٣",
            "4.9e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "9007199254740993",
            "0.1",
            "123456789012345678901234567890",
            "-00.000e-0",
            "1e0000000000000000000000000000001",
            "..5",
            "5..",
            "1e1.5",
        ] {
            check(text);
        }
        // Long mantissas near halfway points.
        check(&format!("9007199254740993{}", "0".repeat(300)));
        check(&format!("0.{}1e-300", "0".repeat(500)));
        check(&format!("1.{}1", "0".repeat(800)));
        let mut state: u64 = 0x9e3779b97f4a7c15;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let alphabet = b"0123456789012345678901234567890123456789..eE+-";
        for _ in 0..300_000 {
            let len = (next() % 24) as usize;
            let text: String = (0..len)
                .map(|_| alphabet[(next() % alphabet.len() as u64) as usize] as char)
                .collect();
            check(&text);
            // And well-formed numbers of every magnitude.
            let bits = next();
            let number = f64::from_bits(bits);
            if number.is_finite() {
                check(&format!("{number:e}"));
                check(&format!("{number}"));
                check(&format!("{:.3e}", number));
                let digits = 1 + (next() % 25) as usize;
                let exponent = (next() % 700) as i64 - 350;
                let mantissa: String = (0..digits)
                    .map(|_| (b'0' + (next() % 10) as u8) as char)
                    .collect();
                check(&format!("{mantissa}e{exponent}"));
                check(&format!("0.{mantissa}e{exponent}"));
            }
        }
    }
}
