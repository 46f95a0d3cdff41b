//! What the unit tests share.

/// A xorshift64 generator from `seed` (nonzero): the same cases every run.
pub(crate) fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    }
}

/// Texts of numbers for differential tests: up to 23 characters drawn from
/// digits, points, exponent letters and signs (mostly not numbers), and a
/// well-formed mantissa of 1 to 25 digits with an exponent from -350 to 349.
pub(crate) fn number_texts(next: &mut impl FnMut() -> u64) -> (String, String, i64) {
    let alphabet = b"0123456789012345678901234567890123456789..eE+-";
    let len = (next() % 24) as usize;
    let jumble = (0..len)
        .map(|_| char::from(alphabet[(next() % alphabet.len() as u64) as usize]))
        .collect();
    let digits = 1 + (next() % 25) as usize;
    let exponent = (next() % 700) as i64 - 350;
    let mantissa = (0..digits)
        .map(|_| char::from(b'0' + (next() % 10) as u8))
        .collect();
    (jumble, mantissa, exponent)
}
