//! Floats as text without core's float formatter, in the wasm build: an
//! `f64` as Rust's `Display` (`{}`) and `Debug` (`{:?}`) write it, and an
//! `f64` or `f32` as serde_json writes it (`serde_json::to_string`), all
//! character for character. The questions show number bounds with `Display`,
//! the backend's fingerprint hashes `Debug`, and the crate's JSON writer
//! (`crate::json::write`) writes replies and error texts as serde_json would.
//! Core's formatter (Grisu with a Dragon fallback, plus an exact-precision
//! mode that `{:.N}` needs and every float format links) and serde_json's
//! writer (zmij) are far more wasm than a form's handful of numbers is worth
//! (measured in docs/architecture.md's table of own code).
//!
//! The digits are the shortest that read back as the same float, and among
//! those the nearest. The two rules part on an exact tie between the two
//! nearest: core rounds it up ([`Ties::Up`]), zmij to the even digit
//! ([`Ties::Even`]), so near 1e15 + k/4, for example, JSON has
//! `1000000000000000.2` where Debug has `1000000000000000.3`. The digits come
//! from the Dragon4 method on exact big integers, as core's fallback computes
//! them. The layouts differ too: JSON writes decimal notation with at least
//! one fraction digit for decimal exponents -5..=15 (-6..=12 for an `f32`),
//! and `1e+16`, `1.5e-7` beyond; Debug switches at 1e-4 and 1e16 and writes
//! `1e16`.
//!
//! The crate writes its floats here in both builds (natively a `Debug` with
//! options, `{:.2?}`, gets core's own text), so the native tests prove what
//! the wasm writes. They hold this module to core and to serde_json over
//! random bit patterns, the binary exponents where ties occur, powers of two
//! and their neighbours, subnormals, whole numbers and every power of ten
//! (the layouts' edges).

use super::digits::{push_digits, push_zeros, signed, unsigned};
use alloc::{string::String, vec::Vec};
use core::fmt;

/// An unsigned integer of up to 40 × 32 bits, enough for every `f64`
/// scaled by a power of ten within its range (as core's `Big32x40`).
#[derive(Clone, PartialEq, Eq)]
struct Big {
    /// Little-endian 32-bit limbs; `limbs[len..]` are zero.
    limbs: [u32; 40],
}

impl Big {
    fn new(value: u64) -> Self {
        let mut limbs = [0; 40];
        let [low, high, ..] = &mut limbs;
        *low = value as u32;
        *high = (value >> 32) as u32;
        Self { limbs }
    }

    fn mul_small(&mut self, factor: u32) -> &mut Self {
        let mut carry = 0u64;
        for limb in &mut self.limbs {
            let product = u64::from(*limb) * u64::from(factor) + carry;
            *limb = product as u32;
            carry = product >> 32;
        }
        self
    }

    fn mul_pow2(&mut self, bits: u32) -> &mut Self {
        let (limbs, bits) = (((bits / 32) as usize).min(40), bits % 32);
        if limbs > 0 {
            self.limbs.copy_within(..40 - limbs, limbs);
            self.limbs.iter_mut().take(limbs).for_each(|limb| *limb = 0);
        }
        if bits > 0 {
            let mut carry = 0;
            for limb in &mut self.limbs {
                let next = *limb >> (32 - bits);
                *limb = (*limb << bits) | carry;
                carry = next;
            }
        }
        self
    }

    fn mul_pow10(&mut self, power: u32) -> &mut Self {
        for _ in 0..power / 9 {
            self.mul_small(1_000_000_000);
        }
        self.mul_small(10u32.pow(power % 9))
    }

    fn add(&self, other: &Self) -> Self {
        let mut sum = self.clone();
        let mut carry = 0u64;
        for (limb, &addend) in sum.limbs.iter_mut().zip(&other.limbs) {
            let total = u64::from(*limb) + u64::from(addend) + carry;
            *limb = total as u32;
            carry = total >> 32;
        }
        sum
    }

    /// `self -= other`, for `other <= self`.
    fn sub(&mut self, other: &Self) {
        let mut borrow = 0i64;
        for (limb, &subtrahend) in self.limbs.iter_mut().zip(&other.limbs) {
            let difference = i64::from(*limb) - i64::from(subtrahend) - borrow;
            *limb = difference as u32;
            borrow = i64::from(difference < 0);
        }
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.limbs.iter().rev().cmp(other.limbs.iter().rev())
    }
}

/// How an exact tie between the two nearest shortest texts is broken.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ties {
    /// Up, as core's `Display` and `Debug` do.
    Up,
    /// To the even last digit, as zmij (serde_json's writer) does.
    Even,
}

/// A finite positive float as Dragon4 takes it: the value is
/// `mant × 2^exp`, and the midpoints to its neighbours are at
/// `(mant - minus) × 2^exp` and `(mant + plus) × 2^exp` (core's decoding).
struct Decoded {
    mant: u64,
    minus: u64,
    plus: u64,
    exp: i32,
    /// Midpoints count as reading back when the mantissa is even.
    inclusive: bool,
}

impl Decoded {
    /// `fraction` and `biased` exponent fields of a float whose fraction has
    /// `bits` bits and whose exponent `bias` (1023 or 127).
    fn new(fraction: u64, biased: i32, bits: u32, bias: i32) -> Self {
        let inclusive = fraction & 1 == 0;
        let lowest = 1 - bias - bits as i32;
        if biased == 0 {
            return Self {
                mant: fraction << 1,
                minus: 1,
                plus: 1,
                exp: lowest - 1,
                inclusive,
            };
        }
        let mantissa = fraction | (1 << bits);
        let exponent = biased + lowest - 1;
        if fraction == 0 {
            Self {
                mant: mantissa << 2,
                minus: 1,
                plus: 2,
                exp: exponent - 2,
                inclusive,
            }
        } else {
            Self {
                mant: mantissa << 1,
                minus: 1,
                plus: 1,
                exp: exponent - 1,
                inclusive,
            }
        }
    }
}

/// A whole number below 2^53 (`f64`) or 2^24 (`f32`): its own digits,
/// trailing zeros dropped, are the shortest (its neighbours are at most 1
/// away, and any other text with fewer digits is another whole number), and
/// no tie arises. The digits (ASCII, the first nonzero) and `k` such that
/// the value is `0.digits × 10^k`.
fn whole(value: u64) -> (Vec<u8>, i32) {
    let mut whole = String::new();
    unsigned(&mut whole, value);
    let whole = whole.into_bytes();
    let k = whole.len() as i32;
    let digits = whole
        .iter()
        .rposition(|&digit| digit != b'0')
        .map_or(0, |last| last + 1);
    (whole.get(..digits).unwrap_or_default().to_vec(), k)
}

/// The shortest digits (ASCII, the first nonzero) of a finite, nonzero,
/// positive `f64`, and `k` such that the value is `0.digits × 10^k`.
///
/// Inlined into each caller, so that a whole number, what most bounds in a
/// schema are, never calls [`fractional`]: V8 compiles a wasm function on
/// its first call, and a first call that meets only whole numbers leaves
/// Dragon4 uncompiled (measured in bench/FINDINGS.md).
#[inline(always)]
fn shortest(value: f64, ties: Ties) -> (Vec<u8>, i32) {
    if super::is_whole(value) && value < 9_007_199_254_740_992.0 {
        whole(value as u64)
    } else {
        fractional(value, ties)
    }
}

/// [`shortest`] of a value that is not a whole number below 2^53.
#[inline(never)]
fn fractional(value: f64, ties: Ties) -> (Vec<u8>, i32) {
    let bits = value.to_bits();
    let biased = ((bits >> 52) & 0x7ff) as i32;
    dragon4(
        &Decoded::new(bits & ((1 << 52) - 1), biased, 52, 1023),
        ties,
    )
}

/// [`shortest`] for an `f32`: the shortest digits that read back as the same
/// `f32`, ties to even as zmij writes them.
fn shortest_f32(value: f32) -> (Vec<u8>, i32) {
    if super::is_whole(f64::from(value)) && value < 16_777_216.0 {
        return whole(value as u64);
    }
    let bits = value.to_bits();
    let biased = ((bits >> 23) & 0xff) as i32;
    let fraction = u64::from(bits & ((1 << 23) - 1));
    dragon4(&Decoded::new(fraction, biased, 23, 127), Ties::Even)
}

/// The shortest digits and `k` of a decoded value, as [`shortest`] gives.
fn dragon4(decoded: &Decoded, ties: Ties) -> (Vec<u8>, i32) {
    let &Decoded {
        mant,
        minus,
        plus,
        exp,
        inclusive,
    } = decoded;
    let within = |a: &Big, b: &Big| if inclusive { a <= b } else { a < b };

    // k with 10^(k-1) < high <= 10^(k+1) (core's estimate).
    let high_bits = 64 - i64::from((mant + plus - 1).leading_zeros());
    let mut k = (((high_bits + i64::from(exp)) * 1_292_913_986) >> 32) as i32;

    let mut mant_big = Big::new(mant);
    let mut minus_big = Big::new(minus);
    let mut plus_big = Big::new(plus);
    let mut scale = Big::new(1);
    if exp < 0 {
        scale.mul_pow2(exp.unsigned_abs());
    } else {
        for big in [&mut mant_big, &mut minus_big, &mut plus_big] {
            big.mul_pow2(exp.unsigned_abs());
        }
    }
    if k >= 0 {
        scale.mul_pow10(k.unsigned_abs());
    } else {
        for big in [&mut mant_big, &mut minus_big, &mut plus_big] {
            big.mul_pow10(k.unsigned_abs());
        }
    }
    if within(&scale, &mant_big.add(&plus_big)) {
        k += 1;
    } else {
        for big in [&mut mant_big, &mut minus_big, &mut plus_big] {
            big.mul_small(10);
        }
    }
    let mut scale2 = scale.clone();
    scale2.mul_pow2(1);
    let mut scale4 = scale.clone();
    scale4.mul_pow2(2);
    let mut scale8 = scale.clone();
    scale8.mul_pow2(3);

    let mut digits = Vec::with_capacity(17);
    let (down, up) = loop {
        let mut digit = 0;
        for (multiple, weight) in [(&scale8, 8), (&scale4, 4), (&scale2, 2), (&scale, 1)] {
            if mant_big >= *multiple {
                mant_big.sub(multiple);
                digit += weight;
            }
        }
        digits.push(b'0' + digit);
        let down = within(&mant_big, &minus_big);
        let up = within(&scale, &mant_big.add(&plus_big));
        if down || up {
            break (down, up);
        }
        for big in [&mut mant_big, &mut minus_big, &mut plus_big] {
            big.mul_small(10);
        }
    };
    // Round up when only rounding up reads back, or when the rest is more
    // than a half, or exactly a half and the tie rule says so.
    let odd = digits.last().is_some_and(|digit| digit % 2 == 1);
    let rounds_up = up
        && (!down
            || match (*mant_big.mul_pow2(1)).cmp(&scale) {
                core::cmp::Ordering::Greater => true,
                core::cmp::Ordering::Equal => ties == Ties::Up || odd,
                core::cmp::Ordering::Less => false,
            });
    if rounds_up {
        match digits.iter().rposition(|&digit| digit != b'9') {
            Some(at) => {
                for (index, digit) in digits.iter_mut().enumerate().skip(at) {
                    *digit = if index == at { *digit + 1 } else { b'0' };
                }
            }
            None => {
                digits.fill(b'0');
                if let Some(first) = digits.first_mut() {
                    *first = b'1';
                }
                digits.push(b'0');
                k += 1;
            }
        }
    }
    (digits, k)
}

/// `0.digits × 10^k` in decimal notation with at least `fraction_digits`
/// digits after the point (core's `digits_to_dec_str`).
fn decimal(out: &mut String, digits: &[u8], k: i32, fraction_digits: usize) {
    if k <= 0 {
        let zeros = k.unsigned_abs() as usize;
        out.push_str("0.");
        push_zeros(out, zeros);
        push_digits(out, digits);
        if fraction_digits > digits.len() + zeros {
            push_zeros(out, fraction_digits - digits.len() - zeros);
        }
    } else {
        let point = k as usize;
        if let (true, Some(whole), Some(fraction)) = (
            point < digits.len(),
            digits.get(..point),
            digits.get(point..),
        ) {
            push_digits(out, whole);
            out.push('.');
            push_digits(out, fraction);
            if fraction_digits > digits.len() - point {
                push_zeros(out, fraction_digits - (digits.len() - point));
            }
        } else {
            push_digits(out, digits);
            push_zeros(out, point - digits.len());
            if fraction_digits > 0 {
                out.push('.');
                push_zeros(out, fraction_digits);
            }
        }
    }
}

/// Sign, then a finite value's digits by `write`, or the text of a value that
/// is not finite.
fn write(value: f64, out: &mut String, finite: impl FnOnce(&mut String, f64)) {
    if value.is_nan() {
        out.push_str("NaN");
        return;
    }
    if value.is_sign_negative() {
        out.push('-');
    }
    if value.is_infinite() {
        out.push_str("inf");
    } else {
        finite(out, value.abs());
    }
}

/// `format!("{value}")`.
pub(crate) fn display(value: f64) -> String {
    let mut out = String::new();
    write(value, &mut out, |out, magnitude| {
        if magnitude == 0.0 {
            out.push('0');
        } else {
            let (digits, k) = shortest(magnitude, Ties::Up);
            decimal(out, &digits, k, 0);
        }
    });
    out
}

/// `format!("{value:?}")`: decimal with at least one fraction digit from
/// 1e-4 up to 1e16, otherwise exponent form (`1e16`, `1.5e-7`).
pub(crate) fn debug(value: f64) -> String {
    let mut out = String::new();
    write(value, &mut out, |out, magnitude| {
        if magnitude == 0.0 {
            out.push_str("0.0");
            return;
        }
        let (digits, k) = shortest(magnitude, Ties::Up);
        if (1e-4..1e16).contains(&magnitude) {
            decimal(out, &digits, k, 1);
        } else {
            if let Some((first, rest)) = digits.split_first() {
                out.push(char::from(*first));
                if !rest.is_empty() {
                    out.push('.');
                    push_digits(out, rest);
                }
            }
            out.push('e');
            signed(out, i64::from(k - 1));
        }
    });
    out
}

/// An `f64` in a text as `{}` writes it (`format!("{}", FloatText(x))` is
/// `format!("{x}")`), through [`display`]: a text that shows a float names it
/// through this, so core's float formatter stays out of the wasm.
#[derive(Clone, Copy)]
pub(crate) struct FloatText(pub(crate) f64);

impl fmt::Display for FloatText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&display(self.0))
    }
}

/// An `f64` in a text as `{:?}` writes it, through [`debug`].
#[derive(Clone, Copy)]
pub(crate) struct FloatDebug(pub(crate) f64);

impl fmt::Display for FloatDebug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&debug(self.0))
    }
}

/// `serde_json::to_string(&value)` of an `f64`: `null` when not finite,
/// otherwise zmij's text (`1.0`, `-0.0`, `0.00001`, `1000000000000000.0`,
/// `1e+16`, `1.5e-7`).
pub(crate) fn json(out: &mut String, value: f64) {
    json_text(out, value, -5..=15, |magnitude| {
        shortest(magnitude, Ties::Even)
    });
}

/// `serde_json::to_string(&value)` of an `f32`: as [`json`], with the
/// shortest digits that read back as the same `f32`, and decimal notation
/// for decimal exponents -6..=12 (zmij's layout for `f32`).
pub(crate) fn json_f32(out: &mut String, value: f32) {
    json_text(out, f64::from(value), -6..=12, |_| {
        shortest_f32(value.abs())
    });
}

/// Sign and `0.0`, or `null`, around `digits`' text of a finite nonzero
/// magnitude, laid out as zmij does: decimal notation with at least one
/// fraction digit when the decimal exponent is in `fixed`, otherwise
/// `d.ddde+X` or `d.ddde-X` (no `.` after one digit, no leading zeros).
fn json_text(
    out: &mut String,
    value: f64,
    fixed: core::ops::RangeInclusive<i32>,
    digits: impl FnOnce(f64) -> (Vec<u8>, i32),
) {
    if !value.is_finite() {
        out.push_str("null");
        return;
    }
    write(value, out, |out, magnitude| {
        if magnitude == 0.0 {
            out.push_str("0.0");
            return;
        }
        let (digits, k) = digits(magnitude);
        let exponent = k - 1;
        if fixed.contains(&exponent) {
            decimal(out, &digits, k, 1);
            return;
        }
        if let Some((first, rest)) = digits.split_first() {
            out.push(char::from(*first));
            if !rest.is_empty() {
                out.push('.');
                push_digits(out, rest);
            }
        }
        out.push_str(if exponent < 0 { "e-" } else { "e+" });
        unsigned(out, u64::from(exponent.unsigned_abs()));
    });
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::{debug, display, json, json_f32};

    fn check(value: f64) {
        assert_eq!(
            debug(value),
            format!("{value:?}"),
            "Debug of {:#x}",
            value.to_bits()
        );
        assert_eq!(
            display(value),
            format!("{value}"),
            "Display of {:#x}",
            value.to_bits()
        );
    }

    fn check_json(value: f64) {
        let mut ours = String::new();
        json(&mut ours, value);
        assert_eq!(
            ours,
            serde_json::to_string(&value).unwrap(),
            "JSON of {:#x}",
            value.to_bits()
        );
    }

    fn check_json_f32(value: f32) {
        let mut ours = String::new();
        json_f32(&mut ours, value);
        assert_eq!(
            ours,
            serde_json::to_string(&value).unwrap(),
            "JSON of the f32 {:#x}",
            value.to_bits()
        );
    }

    /// `cargo test --release` checks ten times as many random cases.
    fn rounds() -> u32 {
        if cfg!(debug_assertions) { 1 } else { 10 }
    }

    /// Every `f64` case both writers are held to: named values, random bit
    /// patterns, the tie ranges, powers of two and their neighbours,
    /// subnormals and whole numbers.
    #[allow(clippy::excessive_precision)] // the texts name the exact values
    fn each_case(mut check: impl FnMut(f64)) {
        for value in [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.1,
            0.5,
            1.5,
            10.0,
            100.0,
            1e15,
            1e16,
            1e17,
            1e21,
            1e22,
            1e-4,
            1e-5,
            1e-6,
            1e-7,
            9.9999e-5,
            9.9999e-6,
            1.5e-7,
            123456.789,
            999999999999999.9,
            9999999999999998.0,
            9.999999999999999e15,
            1.2345678901234568e20,
            1e20,
            1.5e300,
            1e300,
            1e308,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            5e-324,
            1e-323,
            2.2250738585072009e-308,
            f64::EPSILON,
            1.0 / 3.0,
            2.0 / 3.0,
            9007199254740993.0,
            1000000000000000.25,
            1000000000000000.75,
            0.3,
            1e23,
            8.41e21,
            5e-310,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ] {
            check(value);
        }
        let rounds = rounds();
        let mut next = crate::testing::xorshift(0x853c_49e6_748f_ea9b);
        for _ in 0..20_000 * rounds {
            check(f64::from_bits(next()));
        }
        // Where ties rounded up (core) and to even (zmij) part: every binary
        // exponent from 2^30 to 2^60, and 1e15 + k/4, 1e15 - k/8.
        for exponent in 1023 + 30..=1023 + 60u64 {
            for _ in 0..300 * rounds {
                check(f64::from_bits(exponent << 52 | (next() & ((1 << 52) - 1))));
            }
        }
        for k in 0..4_000 * rounds {
            check(1e15 + f64::from(k) / 4.0);
            check(1e15 - f64::from(k) / 8.0);
        }
        // Powers of two, whose lower neighbour is nearer, their neighbours,
        // and subnormals.
        for exponent in 0..2046u64 {
            check(f64::from_bits(exponent << 52));
            check(f64::from_bits(exponent << 52 | 1));
            check(f64::from_bits((exponent << 52).saturating_sub(1)));
        }
        for bits in 1..5_000u64 {
            check(f64::from_bits(bits));
            check(f64::from_bits((1 << 52) - bits));
        }
        // Whole numbers, small and up to 2^53, and just past it.
        for whole in 1..20_000u64 {
            check(whole as f64);
            check((next() >> 11) as f64);
            check(((1u64 << 53) - whole) as f64);
            check(((1u64 << 53) + 2 * whole) as f64);
        }
        // The edges of each layout: each power of ten from 1e-330 to 1e308
        // and its neighbours.
        for power in -330..=308 {
            let value: f64 = format!("1e{power}").parse().unwrap();
            check(value);
            check(f64::from_bits(value.to_bits() + 1));
            check(f64::from_bits(value.to_bits().saturating_sub(1)));
        }
    }

    #[test]
    fn writes_what_core_writes() {
        each_case(check);
    }

    #[test]
    fn json_writes_what_serde_json_writes_with_ties_to_even() {
        each_case(check_json);
        // Negative values, all of them through the sign alone.
        let mut next = crate::testing::xorshift(0x2545_f491_4f6c_dd1d);
        for _ in 0..5_000 * rounds() {
            check_json(-f64::from_bits(next() >> 1));
        }
    }

    #[test]
    #[allow(clippy::excessive_precision)] // the texts name the exact values
    fn json_lays_out_the_edges_as_serde_json_does() {
        for (value, text) in [
            (1e-5, "0.00001"),
            (1e-6, "1e-6"),
            (1e-7, "1e-7"),
            (1e15, "1000000000000000.0"),
            // 9.999999999999999e15 reads as 1e16 (the f64 next to 1e16 below
            // is 9999999999999998).
            (9.999999999999999e15, "1e+16"),
            (9999999999999998.0, "9999999999999998.0"),
            (1e16, "1e+16"),
            (1e20, "1e+20"),
            (1.5e300, "1.5e+300"),
            (1.2345678901234568e20, "1.2345678901234568e+20"),
            (1000000000000000.25, "1000000000000000.2"),
            (-0.0, "-0.0"),
            (f64::NAN, "null"),
        ] {
            let mut ours = String::new();
            json(&mut ours, value);
            assert_eq!(ours, text);
            check_json(value);
        }
    }

    #[test]
    fn json_f32_writes_what_serde_json_writes_for_an_f32() {
        for value in [
            0.0f32,
            -0.0,
            1.0,
            0.1,
            0.3,
            1e-6,
            1e-7,
            9.99999e-7,
            1e12,
            1e13,
            9.999999e12,
            16_777_216.0,
            16_777_217.0,
            f32::MAX,
            f32::MIN,
            f32::MIN_POSITIVE,
            f32::EPSILON,
            1e-45,
            f32::INFINITY,
            f32::NAN,
        ] {
            check_json_f32(value);
        }
        let rounds = rounds();
        let mut next = crate::testing::xorshift(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20_000 * rounds {
            check_json_f32(f32::from_bits(next() as u32));
        }
        for exponent in 0..255u32 {
            for _ in 0..100 * rounds {
                check_json_f32(f32::from_bits(
                    exponent << 23 | (next() as u32 & ((1 << 23) - 1)),
                ));
            }
            check_json_f32(f32::from_bits(exponent << 23));
            check_json_f32(f32::from_bits(exponent << 23 | 1));
            check_json_f32(f32::from_bits((exponent << 23).saturating_sub(1)));
        }
        for bits in 1..5_000u32 {
            check_json_f32(f32::from_bits(bits));
        }
        for whole in 1..20_000u32 {
            check_json_f32(whole as f32);
            check_json_f32(((1u32 << 24) - whole) as f32);
            check_json_f32(((1u32 << 24) + 2 * whole) as f32);
        }
        for power in -46..=38 {
            let value: f32 = format!("1e{power}").parse().unwrap();
            check_json_f32(value);
            check_json_f32(f32::from_bits(value.to_bits() + 1));
            check_json_f32(f32::from_bits(value.to_bits().saturating_sub(1)));
        }
    }
}
