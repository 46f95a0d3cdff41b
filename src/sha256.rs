//! SHA-256 (FIPS 180-4), the fingerprints' digest, written as a loop of
//! eight rounds a turn.
//!
//! The `sha2` crate unrolls all 64 rounds: 7.9 KB of wasm code where this loop
//! takes a fifth of that (bench/FINDINGS.md, session 6, has the measurement
//! and the speed). Its API is the part of `sha2`'s the crate used:
//! `new`, `update`, `finalize` and `digest`. The tests hold it to `sha2`
//! (a dev-dependency) on every length up to three blocks and on random
//! splits of random input, and to FIPS 180-4's examples.

/// The first 32 bits of the fractional parts of the cube roots of the first
/// 64 primes.
const ROUND: [u32; 64] = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

/// The first 32 bits of the fractional parts of the square roots of the
/// first 8 primes.
const START: [u32; 8] = [
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];

/// A SHA-256 computation fed piece by piece.
#[derive(Clone)]
pub(crate) struct Sha256 {
    state: [u32; 8],
    /// The bytes of the block not yet full.
    block: [u8; 64],
    filled: usize,
    /// Bytes fed so far.
    length: u64,
}

impl Sha256 {
    pub(crate) fn new() -> Self {
        Sha256 {
            state: START,
            block: [0; 64],
            filled: 0,
            length: 0,
        }
    }

    /// The digest of `data` in one call.
    #[cfg(any(feature = "mcp-2026-07-28", test))]
    pub(crate) fn digest(data: impl AsRef<[u8]>) -> [u8; 32] {
        let mut hasher = Sha256::new();
        hasher.update(data);
        hasher.finalize()
    }

    pub(crate) fn update(&mut self, data: impl AsRef<[u8]>) {
        self.feed(data.as_ref());
    }

    fn feed(&mut self, mut data: &[u8]) {
        self.length = self.length.wrapping_add(data.len() as u64);
        while !data.is_empty() {
            if self.filled == 0
                && let Some((block, rest)) = data.split_first_chunk::<64>()
            {
                compress(&mut self.state, block);
                data = rest;
                continue;
            }
            let room = self.block.get_mut(self.filled..).unwrap_or_default();
            let taken = room.len().min(data.len());
            let Some((head, rest)) = data.split_at_checked(taken) else {
                return;
            };
            for (slot, byte) in room.iter_mut().zip(head) {
                *slot = *byte;
            }
            self.filled += taken;
            data = rest;
            if self.filled == 64 {
                compress(&mut self.state, &self.block);
                self.filled = 0;
            }
        }
    }

    pub(crate) fn finalize(mut self) -> [u8; 32] {
        let bits = self.length.wrapping_mul(8);
        // A 0x80 byte, zeros up to 8 bytes short of a block's end, then the
        // length in bits, big-endian.
        self.feed(&[0x80]);
        let zeros = (120 - self.filled) % 64;
        self.feed([0; 64].get(..zeros).unwrap_or_default());
        self.feed(&bits.to_be_bytes());
        let mut digest = [0u8; 32];
        let bytes = self.state.iter().flat_map(|word| word.to_be_bytes());
        for (slot, byte) in digest.iter_mut().zip(bytes) {
            *slot = byte;
        }
        digest
    }
}

/// One round, `word` the schedule's word plus the round's constant: `d` and
/// `h` are the two working words it changes.
#[inline(always)]
#[allow(clippy::too_many_arguments, clippy::many_single_char_names)]
fn round(a: u32, b: u32, c: u32, d: &mut u32, e: u32, f: u32, g: u32, h: &mut u32, word: u32) {
    let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
    let choice = (e & f) ^ (!e & g);
    let t1 = h.wrapping_add(s1).wrapping_add(choice).wrapping_add(word);
    let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
    let majority = (a & b) ^ (a & c) ^ (b & c);
    *d = d.wrapping_add(t1);
    *h = t1.wrapping_add(s0).wrapping_add(majority);
}

/// One block into the state: the message schedule, then 64 rounds, eight to
/// a turn of the loop so the working words are renamed rather than moved.
#[inline(never)]
#[allow(clippy::many_single_char_names)]
fn compress(state: &mut [u32; 8], block: &[u8; 64]) {
    let mut schedule = [0u32; 64];
    for (word, bytes) in schedule.iter_mut().zip(block.as_chunks::<4>().0) {
        *word = u32::from_be_bytes(*bytes);
    }
    for t in 16..64 {
        let back = |by: usize| schedule.get(t - by).copied().unwrap_or_default();
        let (w2, w15) = (back(2), back(15));
        let s0 = w15.rotate_right(7) ^ w15.rotate_right(18) ^ (w15 >> 3);
        let s1 = w2.rotate_right(17) ^ w2.rotate_right(19) ^ (w2 >> 10);
        let word = s1
            .wrapping_add(back(7))
            .wrapping_add(s0)
            .wrapping_add(back(16));
        if let Some(slot) = schedule.get_mut(t) {
            *slot = word;
        }
    }
    // Each round adds its constant to its word: both at once, up front.
    for (word, constant) in schedule.iter_mut().zip(ROUND) {
        *word = word.wrapping_add(constant);
    }
    let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut h] = *state;
    for words in schedule.as_chunks::<8>().0 {
        let [w0, w1, w2, w3, w4, w5, w6, w7] = *words;
        round(a, b, c, &mut d, e, f, g, &mut h, w0);
        round(h, a, b, &mut c, d, e, f, &mut g, w1);
        round(g, h, a, &mut b, c, d, e, &mut f, w2);
        round(f, g, h, &mut a, b, c, d, &mut e, w3);
        round(e, f, g, &mut h, a, b, c, &mut d, w4);
        round(d, e, f, &mut g, h, a, b, &mut c, w5);
        round(c, d, e, &mut f, g, h, a, &mut b, w6);
        round(b, c, d, &mut e, f, g, h, &mut a, w7);
    }
    for (word, add) in state.iter_mut().zip([a, b, c, d, e, f, g, h]) {
        *word = word.wrapping_add(add);
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::Sha256;
    use sha2::Digest;

    fn reference(data: &[u8]) -> [u8; 32] {
        sha2::Sha256::digest(data).into()
    }

    #[test]
    fn gives_fips_180_4_digests() {
        let hex = |digest: [u8; 32]| crate::rules::hex(&digest);
        assert_eq!(
            hex(Sha256::digest(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            hex(Sha256::digest(b"")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            hex(Sha256::digest(
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
            )),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
        assert_eq!(
            hex(Sha256::digest(vec![b'a'; 1_000_000])),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
        );
    }

    #[test]
    fn agrees_with_sha2_on_every_length_up_to_three_blocks() {
        let data: Vec<u8> = (0..200u32).map(|i| (i * 37 + 11) as u8).collect();
        for length in 0..=data.len() {
            assert_eq!(
                Sha256::digest(&data[..length]),
                reference(&data[..length]),
                "length {length}"
            );
        }
    }

    #[test]
    fn agrees_with_sha2_fed_in_random_pieces() {
        // xorshift64*, so the cases are the same on every run.
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed >> 12;
            seed ^= seed << 25;
            seed ^= seed >> 27;
            seed.wrapping_mul(0x2545_f491_4f6c_dd1d)
        };
        for _ in 0..2_000 {
            let length = (next() % 700) as usize;
            let data: Vec<u8> = (0..length).map(|_| next() as u8).collect();
            let mut hasher = Sha256::new();
            let mut rest = &data[..];
            while !rest.is_empty() {
                let piece = ((next() % 130) as usize).min(rest.len());
                hasher.update(&rest[..piece]);
                rest = &rest[piece..];
            }
            assert_eq!(hasher.finalize(), reference(&data));
        }
    }
}
