//! An `f64` written as Rust's `Display` (`{}`) and `Debug` (`{:?}`) write it,
//! character for character, in the wasm build without core's float
//! formatter. The questions show number bounds with `Display`, and the
//! backend's fingerprint hashes `Debug`; core's formatter (Grisu with a
//! Dragon fallback, plus an exact-precision mode that `{:.N}` needs and every
//! float format links) is about 17 KB of wasm for a handful of numbers.
//!
//! The digits are the shortest that read back as the same `f64`, and among
//! those the nearest, with an exact tie rounded up: core's rule (ryu and
//! zmij, serde_json's writers, round such ties to even, so they differ from
//! core near 1e15 + k/4, for example). They come from the Dragon4 method on
//! exact big integers, as core's fallback computes them. Natively the crate
//! formats with core itself; the unit tests hold this module to core over
//! random bit patterns and over the binary exponents where ties occur.

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
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.limbs.iter().rev().cmp(other.limbs.iter().rev())
    }
}

/// The shortest digits (ASCII, the first nonzero) of a finite, nonzero,
/// positive `f64`, and `k` such that the value is `0.digits × 10^k`.
fn shortest(value: f64) -> (Vec<u8>, i32) {
    // A whole number below 2^53: its own digits, trailing zeros dropped, are
    // the shortest (its neighbours are at most 1 away, and any other text
    // with fewer digits is another whole number).
    if value.fract() == 0.0 && value < 9_007_199_254_740_992.0 {
        let whole = (value as u64).to_string().into_bytes();
        let k = whole.len() as i32;
        let digits = whole
            .iter()
            .rposition(|&digit| digit != b'0')
            .map_or(0, |last| last + 1);
        return (whole.get(..digits).unwrap_or_default().to_vec(), k);
    }
    let bits = value.to_bits();
    let fraction = bits & ((1 << 52) - 1);
    let biased = ((bits >> 52) & 0x7ff) as i32;
    // value = mant × 2^exp, with the neighbours' midpoints at
    // (mant - minus) and (mant + plus) × 2^exp (core's decoding).
    let (mant, minus, plus, exp) = if biased == 0 {
        (fraction << 1, 1, 1, -1074 - 1)
    } else {
        let mantissa = fraction | (1 << 52);
        let exponent = biased - 1075;
        if fraction == 0 {
            (mantissa << 2, 1, 2, exponent - 2)
        } else {
            (mantissa << 1, 1, 1, exponent - 1)
        }
    };
    // Midpoints count as reading back when the mantissa is even.
    let inclusive = fraction & 1 == 0;
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
    // Round up when only rounding up reads back, or when the rest is at
    // least a half (an exact half rounds up, as core does).
    if up && (!down || *mant_big.mul_pow2(1) >= scale) {
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
    let text = |digits: &[u8]| {
        digits
            .iter()
            .map(|&digit| char::from(digit))
            .collect::<String>()
    };
    if k <= 0 {
        let zeros = k.unsigned_abs() as usize;
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', zeros));
        out.push_str(&text(digits));
        if fraction_digits > digits.len() + zeros {
            out.extend(std::iter::repeat_n(
                '0',
                fraction_digits - digits.len() - zeros,
            ));
        }
    } else {
        let point = k as usize;
        if let (true, Some(whole), Some(fraction)) = (
            point < digits.len(),
            digits.get(..point),
            digits.get(point..),
        ) {
            out.push_str(&text(whole));
            out.push('.');
            out.push_str(&text(fraction));
            if fraction_digits > digits.len() - point {
                out.extend(std::iter::repeat_n(
                    '0',
                    fraction_digits - (digits.len() - point),
                ));
            }
        } else {
            out.push_str(&text(digits));
            out.extend(std::iter::repeat_n('0', point - digits.len()));
            if fraction_digits > 0 {
                out.push('.');
                out.extend(std::iter::repeat_n('0', fraction_digits));
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
            let (digits, k) = shortest(magnitude);
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
        let (digits, k) = shortest(magnitude);
        if (1e-4..1e16).contains(&magnitude) {
            decimal(out, &digits, k, 1);
        } else {
            if let Some((first, rest)) = digits.split_first() {
                out.push(char::from(*first));
                if !rest.is_empty() {
                    out.push('.');
                    out.extend(rest.iter().map(|&digit| char::from(digit)));
                }
            }
            out.push('e');
            out.push_str(&(k - 1).to_string());
        }
    });
    out
}

/// An optional `f64` that `Debug`-formats as `Option<f64>` does: the
/// backend's property kind hashes this text into the fingerprint.
pub(crate) struct OptionalFloat(pub Option<f64>);

impl std::fmt::Debug for OptionalFloat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            None => f.write_str("None"),
            Some(value) => f.debug_tuple("Some").field(&Float(value)).finish(),
        }
    }
}

struct Float(f64);

impl std::fmt::Debug for Float {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // A formatter with options (`{:.2?}`, `{:+?}`, a width) gets core's
        // own text natively, as a derive would; plain `{:?}`, what the
        // fingerprint hashes, is this module's, the same text. (The wasm
        // formats only plainly, and so leaves core's formatter out.)
        #[cfg(not(target_arch = "wasm32"))]
        if f.precision().is_some() || f.width().is_some() || f.sign_plus() {
            return std::fmt::Debug::fmt(&self.0, f);
        }
        f.write_str(&debug(self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::{OptionalFloat, debug, display};

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

    #[test]
    fn an_optional_float_is_written_as_option_f64_is() {
        for value in [
            None,
            Some(1.0),
            Some(-0.0),
            Some(1e16),
            Some(1.5e-7),
            Some(f64::MAX),
        ] {
            assert_eq!(format!("{:?}", OptionalFloat(value)), format!("{value:?}"));
            assert_eq!(
                format!("{:#?}", OptionalFloat(value)),
                format!("{value:#?}")
            );
            assert_eq!(
                format!("{:.2?}", OptionalFloat(value)),
                format!("{value:.2?}")
            );
            assert_eq!(
                format!("{:+?}", OptionalFloat(value)),
                format!("{value:+?}")
            );
        }
    }

    #[test]
    #[allow(clippy::excessive_precision)] // the texts name the exact values
    fn writes_what_core_writes() {
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
            9.9999e-5,
            1e-7,
            1.5e-7,
            123456.789,
            999999999999999.9,
            9999999999999998.0,
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
        // `cargo test --release` checks ten times as many.
        let rounds: u32 = if cfg!(debug_assertions) { 1 } else { 10 };
        let mut next = crate::testing::xorshift(0x853c_49e6_748f_ea9b);
        for _ in 0..20_000 * rounds {
            check(f64::from_bits(next()));
        }
        // Where core's ties (rounded up) and round-half-even writers part:
        // every binary exponent from 2^30 to 2^60, and 1e15 + k/4.
        for exponent in 1023 + 30..=1023 + 60u64 {
            for _ in 0..300 * rounds {
                check(f64::from_bits(exponent << 52 | (next() & ((1 << 52) - 1))));
            }
        }
        for k in 0..4_000 * rounds {
            check(1e15 + f64::from(k) / 4.0);
            check(1e15 - f64::from(k) / 8.0);
        }
        // Powers of two, whose lower neighbour is nearer, and subnormals.
        for exponent in 0..2046u64 {
            check(f64::from_bits(exponent << 52));
            check(f64::from_bits(exponent << 52 | 1));
        }
        for bits in 1..5_000u64 {
            check(f64::from_bits(bits));
        }
        // Whole numbers, small and up to 2^53, and just past it.
        for whole in 1..20_000u64 {
            check(whole as f64);
            check((next() >> 11) as f64);
            check(((1u64 << 53) - whole) as f64);
            check(((1u64 << 53) + 2 * whole) as f64);
        }
    }
}
