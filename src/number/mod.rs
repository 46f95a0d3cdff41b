//! Numbers as text, both ways, without core's float formatter or parser in
//! the wasm build: digits for integers ([`digits`]), an `f64` as Rust's
//! `Display`/`Debug` and serde_json write it ([`float_text`]), and decimal
//! text read as an `f64` ([`decimal`]). Nothing here knows about forms.

pub mod decimal;
pub(crate) mod digits;
pub(crate) mod float_text;

/// `value.trunc()` for a finite `value` (but for the sign of a zero), in
/// core alone: the npm package's wasm is `no_std`, where `f64::trunc`,
/// `fract` and `floor` are not.
pub(crate) fn truncated(value: f64) -> f64 {
    // From 2^52 on, every finite `f64` is whole; below, `as i64` is exact
    // truncation.
    if value.abs() >= 4_503_599_627_370_496.0 {
        value
    } else {
        value as i64 as f64
    }
}

/// Whether `value` is a finite whole number: `value.fract() == 0.0`.
pub(crate) fn is_whole(value: f64) -> bool {
    value.is_finite() && truncated(value) == value
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// Values around every boundary `is_whole` has, and random bits.
    fn edge_floats() -> impl Iterator<Item = f64> {
        let named = [
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.0,
            -1.0,
            0.49999999999999994,
            1.5,
            2.5,
            4_503_599_627_370_495.5,
            4_503_599_627_370_496.0,
            4_503_599_627_370_497.0,
            9_007_199_254_740_993.0,
            9.223_372_036_854_776e18,
            -9.223_372_036_854_776e18,
            1e300,
            -1e300,
            f64::MIN_POSITIVE,
            5e-324,
            f64::MAX,
            f64::MIN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            f64::EPSILON,
        ];
        let mut next = crate::testing::xorshift(0x5eed_f10a7);
        let nudged = named.into_iter().flat_map(|value: f64| {
            let bits = value.to_bits();
            [bits.wrapping_sub(1), bits, bits.wrapping_add(1)].map(f64::from_bits)
        });
        let random = (0..200_000).map(move |i| {
            let bits = next();
            // Half of them in the range where whole and not whole both occur.
            if i % 2 == 0 {
                f64::from_bits(bits)
            } else {
                (bits >> 11) as f64 / 1024.0 - 4e12
            }
        });
        nudged.chain(random)
    }

    #[test]
    fn is_whole_is_std_fract_zero() {
        for value in edge_floats() {
            assert_eq!(is_whole(value), value.fract() == 0.0, "{value:?}");
        }
    }

    #[test]
    fn truncated_is_std_trunc_on_finite_values() {
        for value in edge_floats().filter(|value| value.is_finite()) {
            // Equal as numbers: a zero's sign is the one difference allowed.
            assert_eq!(truncated(value), value.trunc(), "{value:?}");
        }
    }
}
