//! Decimal text to the nearest `f64`, exactly (ties to even), in little
//! wasm: core's `str::parse::<f64>` is as exact but carries a table of
//! powers of five for its fast paths, and a form reads a handful of numbers
//! (the bytes saved are in docs/architecture.md's table of own code). Both
//! callers' grammars end here: JSON numbers ([`crate::json`]) and Rust's
//! `f64::from_str` for typed answers ([`finite`]).
//!
//! The method is the simple decimal conversion (Go's `strconv`, and core's
//! own fallback): hold up to 800 significant digits and whether any nonzero
//! digit was dropped beyond them (enough to round every `f64` correctly),
//! scale by powers of two until the value is in [1/2, 1), then take 53 bits
//! and round. The unit tests and the `json_reader` fuzz target hold it to
//! core's and serde_json's readings bit for bit.

use alloc::vec::Vec;

/// Significant digits kept; more than the 767 an `f64` halfway point can need.
const MAX_DIGITS: usize = 800;

/// A decimal `0.d₁d₂…dₙ × 10^point`.
struct Decimal {
    digits: Vec<u8>,
    point: i32,
    /// A nonzero digit beyond `MAX_DIGITS` was dropped.
    truncated: bool,
}

impl Decimal {
    /// From the digits before and after the decimal point (ASCII, possibly
    /// empty) and a base-ten exponent.
    fn new(whole: &[u8], fraction: &[u8], exponent: i64) -> Self {
        let mut decimal = Self {
            digits: Vec::new(),
            point: 0,
            truncated: false,
        };
        let mut point: i64 = 0;
        for &digit in whole {
            if !(decimal.digits.is_empty() && digit == b'0') {
                point += 1;
                decimal.keep(digit - b'0');
            }
        }
        for &digit in fraction {
            if decimal.digits.is_empty() && digit == b'0' {
                point -= 1;
            } else {
                decimal.keep(digit - b'0');
            }
        }
        // Far beyond either end of f64's range the value is infinite or zero
        // anyway: clamp so the arithmetic stays small.
        decimal.point = point.saturating_add(exponent).clamp(-100_000, 100_000) as i32;
        decimal.trim();
        decimal
    }

    fn keep(&mut self, digit: u8) {
        if self.digits.len() < MAX_DIGITS {
            self.digits.push(digit);
        } else if digit != 0 {
            self.truncated = true;
        }
    }

    fn trim(&mut self) {
        while self.digits.last() == Some(&0) {
            self.digits.pop();
        }
        if self.digits.is_empty() {
            self.point = 0;
        }
    }

    /// Divide by 2^shift (`shift` at most 60).
    fn shift_right(&mut self, shift: u32) {
        let mask = (1u64 << shift) - 1;
        let mut read = 0;
        let mut n: u64 = 0;
        // Take enough leading digits that the first quotient digit is nonzero.
        while n >> shift == 0 {
            match self.digits.get(read) {
                Some(&digit) => n = n * 10 + u64::from(digit),
                None if n == 0 => {
                    self.digits.clear();
                    return;
                }
                None => n *= 10,
            }
            read += 1;
        }
        self.point -= read as i32 - 1;
        let mut out = Vec::with_capacity(self.digits.len() + 20);
        for &digit in self.digits.get(read..).unwrap_or_default() {
            out.push((n >> shift) as u8);
            n = (n & mask) * 10 + u64::from(digit);
        }
        while n > 0 {
            let digit = (n >> shift) as u8;
            if out.len() < MAX_DIGITS {
                out.push(digit);
            } else if digit > 0 {
                self.truncated = true;
            }
            n = (n & mask) * 10;
        }
        self.digits = out;
        self.trim();
    }

    /// Multiply by 2^shift (`shift` at most 60).
    fn shift_left(&mut self, shift: u32) {
        // 9 × 2^60 plus a carry below 2^60 fits in a u64; 2^60 < 10^19, so
        // at most 19 new digits.
        let mut out = vec![0u8; self.digits.len() + 19];
        let mut write = out.len();
        let mut n: u64 = 0;
        for &digit in self.digits.iter().rev() {
            n += u64::from(digit) << shift;
            write -= 1;
            if let Some(slot) = out.get_mut(write) {
                *slot = (n % 10) as u8;
            }
            n /= 10;
        }
        while n > 0 {
            write -= 1;
            if let Some(slot) = out.get_mut(write) {
                *slot = (n % 10) as u8;
            }
            n /= 10;
        }
        let grown = out.len() - write - self.digits.len();
        self.point += grown as i32;
        out.drain(..write);
        if out.len() > MAX_DIGITS {
            self.truncated |= out
                .get(MAX_DIGITS..)
                .unwrap_or_default()
                .iter()
                .any(|&digit| digit != 0);
            out.truncate(MAX_DIGITS);
        }
        self.digits = out;
        self.trim();
    }

    fn shift(&mut self, by: i32) {
        let mut by = by;
        while by != 0 && !self.digits.is_empty() {
            let step = by.clamp(-60, 60);
            if step > 0 {
                self.shift_left(step as u32);
            } else {
                self.shift_right((-step) as u32);
            }
            by -= step;
        }
    }

    /// The integer part, rounded half to even (a dropped nonzero digit
    /// makes a half more than half). At most 2^54 here.
    fn rounded_integer(&self) -> u64 {
        // Below 0.1: rounds to zero.
        let Ok(point) = usize::try_from(self.point) else {
            return 0;
        };
        let mut n: u64 = 0;
        for at in 0..point {
            n = n * 10 + u64::from(self.digits.get(at).copied().unwrap_or(0));
        }
        let round_up = match self.digits.get(point) {
            None => false,
            Some(&5) if point + 1 == self.digits.len() => {
                self.truncated
                    || self
                        .digits
                        .get(point.wrapping_sub(1))
                        .is_some_and(|&d| d % 2 == 1)
            }
            Some(&digit) => digit >= 5,
        };
        n + u64::from(round_up)
    }

    /// The nearest `f64` (positive), infinite when beyond the largest.
    fn into_f64(mut self) -> f64 {
        const MANTISSA_BITS: i32 = 52;
        const BIAS: i32 = -1023;
        if self.digits.is_empty() || self.point < -330 {
            return 0.0;
        }
        if self.point > 310 {
            return f64::INFINITY;
        }
        // Powers of two, by how many decimal digits the point is off.
        const STEPS: [i32; 9] = [1, 3, 6, 9, 13, 16, 19, 23, 26];
        let step = |point: i32| {
            STEPS
                .get(point.unsigned_abs() as usize)
                .copied()
                .unwrap_or(27)
        };
        let mut exponent = 0;
        while self.point > 0 {
            let n = step(self.point);
            self.shift(-n);
            exponent += n;
        }
        while self.point < 0 || (self.point == 0 && self.digits.first().is_some_and(|&d| d < 5)) {
            let n = step(self.point);
            self.shift(n);
            exponent -= n;
        }
        // [1/2, 1) to f64's [1, 2).
        exponent -= 1;
        if exponent < BIAS + 1 {
            let n = BIAS + 1 - exponent;
            self.shift(-n);
            exponent += n;
        }
        if exponent - BIAS >= 0x7ff {
            return f64::INFINITY;
        }
        self.shift(1 + MANTISSA_BITS);
        let mut mantissa = self.rounded_integer();
        if mantissa == 2 << MANTISSA_BITS {
            mantissa >>= 1;
            exponent += 1;
            if exponent - BIAS >= 0x7ff {
                return f64::INFINITY;
            }
        }
        if mantissa & (1 << MANTISSA_BITS) == 0 {
            exponent = BIAS;
        }
        let bits = (mantissa & ((1 << MANTISSA_BITS) - 1))
            | (((exponent - BIAS) as u64 & 0x7ff) << MANTISSA_BITS);
        f64::from_bits(bits)
    }
}

/// The nearest `f64` to `[-]whole.fraction × 10^exponent` (digits as ASCII;
/// `exponent` saturated by the caller), or infinity when beyond the range.
pub(crate) fn nearest(negative: bool, whole: &[u8], fraction: &[u8], exponent: i64) -> f64 {
    let magnitude = exact_product(whole, fraction, exponent)
        .unwrap_or_else(|| Decimal::new(whole, fraction, exponent).into_f64());
    if negative { -magnitude } else { magnitude }
}

/// Clinger's fast path, for the short numbers forms mostly see (`12`,
/// `0.5`, `1e3`): digits that make an integer of at most 2^53 and a power
/// of ten of at most 10^22 are both exact as `f64`, so one multiplication or
/// division, rounded to nearest even as IEEE 754 rounds it, is the nearest
/// `f64` to their product. `None` for any other number.
fn exact_product(whole: &[u8], fraction: &[u8], exponent: i64) -> Option<f64> {
    let mut integer: u64 = 0;
    for &digit in whole.iter().chain(fraction) {
        integer = integer
            .checked_mul(10)?
            .checked_add(u64::from(digit.wrapping_sub(b'0')))?;
    }
    if integer > 1 << 53 {
        return None;
    }
    let scale = exponent.checked_sub(i64::try_from(fraction.len()).ok()?)?;
    if !(-22..=22).contains(&scale) {
        return None;
    }
    // Each 10^k up to 10^22 is exact, and so is each product on the way.
    let power = (0..scale.unsigned_abs()).fold(1.0_f64, |power, _| power * 10.0);
    Some(if scale >= 0 {
        integer as f64 * power
    } else {
        integer as f64 / power
    })
}

/// `text` read as Rust's `f64::from_str` reads it, when finite: an optional
/// sign, digits with an optional point (at least one digit), an optional
/// exponent. (`inf`, `NaN` and the like are not finite, so `None`.)
pub fn finite(text: &str) -> Option<f64> {
    let bytes = text.as_bytes();
    let (negative, rest) = match bytes.first() {
        Some(b'-') => (true, bytes.get(1..)?),
        Some(b'+') => (false, bytes.get(1..)?),
        _ => (false, bytes),
    };
    let digits = |from: &[u8]| from.iter().take_while(|b| b.is_ascii_digit()).count();
    let (whole, rest) = rest.split_at(digits(rest));
    let (fraction, rest) = match rest.split_first() {
        Some((b'.', after)) => after.split_at(digits(after)),
        _ => (&[][..], rest),
    };
    if whole.is_empty() && fraction.is_empty() {
        return None;
    }
    let exponent = match rest.split_first() {
        None => 0,
        Some((b'e' | b'E', after)) => {
            let (negative_exponent, exponent_digits) = match after.split_first() {
                Some((b'-', digits)) => (true, digits),
                Some((b'+', digits)) => (false, digits),
                _ => (false, after),
            };
            if exponent_digits.is_empty() || digits(exponent_digits) != exponent_digits.len() {
                return None;
            }
            let magnitude = saturated(exponent_digits);
            if negative_exponent {
                -magnitude
            } else {
                magnitude
            }
        }
        Some(_) => return None,
    };
    Some(nearest(negative, whole, fraction, exponent)).filter(|number| number.is_finite())
}

/// ASCII digits as a number, saturating far beyond any f64 exponent.
pub(crate) fn saturated(digits: &[u8]) -> i64 {
    digits.iter().fold(0i64, |n, &digit| {
        (n * 10 + i64::from(digit - b'0')).min(1 << 40)
    })
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::finite;

    fn core(text: &str) -> Option<f64> {
        text.parse::<f64>().ok().filter(|n| n.is_finite())
    }

    fn check(text: &str) {
        let ours = finite(text).map(f64::to_bits);
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
            "2.4703282292062326e-324",
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
            "2.2250738585072011e-308",
            "2.2250738585072012e-308",
            "2.225073858507201e-308",
            "9007199254740992.5",
            "9007199254740993.5",
            "9007199254740994.5",
            "1000000000000000.25",
            "8.988465674311579e307",
            "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791.9999999999999999999999999999999999999999999999999999999999999999999999",
        ] {
            check(text);
        }
        // Long mantissas near halfway points, and past MAX_DIGITS.
        check(&format!("9007199254740993{}", "0".repeat(300)));
        check(&format!("9007199254740993{}1", "0".repeat(900)));
        check(&format!("0.{}1e-300", "0".repeat(500)));
        check(&format!("1.{}1", "0".repeat(800)));
        check(&format!("4.9406564584124654{}e-324", "0".repeat(790)));
        check(&format!(
            "2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125e-324{}1",
            "0".repeat(10)
        ));
        // `cargo test --release` checks ten times as many.
        let rounds: u32 = if cfg!(debug_assertions) { 1 } else { 10 };
        let mut next = crate::testing::xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..15_000 * rounds {
            let (jumble, mantissa, exponent) = crate::testing::number_texts(&mut next);
            check(&jumble);
            check(&format!("{mantissa}e{exponent}"));
            check(&format!("0.{mantissa}e{exponent}"));
            let number = f64::from_bits(next());
            if number.is_finite() {
                check(&format!("{number:e}"));
                check(&format!("{number:?}"));
                check(&format!("{:.3e}", number));
                check(&format!("{:.25e}", number));
            }
            // Exactly halfway between two neighbours, and a hair either side.
            let below = f64::from_bits(next() >> 2);
            if below.is_finite() && below > 0.0 {
                let above = f64::from_bits(below.to_bits() + 1);
                let half = exact_midpoint(below, above);
                check(&half);
                check(&format!("{half}1"));
                if let Some(stripped) = decrement(&half) {
                    check(&stripped);
                }
            }
        }
    }

    /// The exact decimal text of (a + b) / 2 for neighbouring finite floats.
    fn exact_midpoint(a: f64, b: f64) -> String {
        // a/2 + b/2 exactly: every f64 has a finite decimal expansion;
        // `{:.1100}` writes it in full (core's exact mode).
        let (a, b) = (format!("{:.1100e}", a), format!("{:.1100e}", b));
        let digits = |text: &str| -> (Vec<u8>, i64) {
            let (mantissa, exponent) = text.split_once('e').unwrap();
            let digits: Vec<u8> = mantissa
                .bytes()
                .filter(u8::is_ascii_digit)
                .map(|d| d - b'0')
                .collect();
            (digits, exponent.parse().unwrap())
        };
        let (mut da, ea) = digits(&a);
        let (mut db, eb) = digits(&b);
        // Align to the larger exponent.
        let e = ea.max(eb);
        for _ in ea..e {
            da.insert(0, 0);
        }
        for _ in eb..e {
            db.insert(0, 0);
        }
        let len = da.len().max(db.len()) + 1;
        da.resize(len, 0);
        db.resize(len, 0);
        // Sum, then halve.
        let mut sum = vec![0u8; len + 1];
        let mut carry = 0;
        for i in (0..len).rev() {
            let s = da[i] + db[i] + carry;
            sum[i + 1] = s % 10;
            carry = s / 10;
        }
        sum[0] = carry;
        let mut half = Vec::with_capacity(sum.len() + 1);
        let mut rest = 0;
        for &d in &sum {
            let v = rest * 10 + d;
            half.push(v / 2);
            rest = v % 2;
        }
        half.push(rest * 5);
        let text: String = half.iter().map(|d| (b'0' + d) as char).collect();
        // sum has one digit before the point (index 0) shifted by the carry slot.
        format!("0.{text}e{}", e + 2)
    }

    /// The same digits with the last nonzero one lowered (a hair below).
    fn decrement(text: &str) -> Option<String> {
        let (mantissa, exponent) = text.split_once('e')?;
        let mut bytes = mantissa.as_bytes().to_vec();
        let at = bytes.iter().rposition(|&b| (b'1'..=b'9').contains(&b))?;
        bytes[at] -= 1;
        Some(format!("{}9e{exponent}", String::from_utf8(bytes).ok()?))
    }
}
