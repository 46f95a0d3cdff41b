//! A form's fingerprint, made in one place for every export that gives one.
//!
//! With the `host-sha256` feature (the npm package's full entries, which
//! serve servers and Workers) the form's fingerprint input goes to the
//! host's own SHA-256 in one call once `sha2` has hashed a first stretch of
//! input (`OWN_BYTES_FIRST`, so a cold start does not load the host's
//! hasher): where the host has a synchronous one (Node's `node:crypto`, and
//! Deno, Bun or workerd where they give it) it runs in native code with the
//! CPU's SHA instructions, many times faster than `sha2` in wasm on a large
//! form (docs/performance.md). Where the host has none, or its hasher
//! fails, the digest is `sha2`'s: SHA-256 either way, so the fingerprint is
//! the same text. The ui entries, which a page downloads, leave the import
//! out and keep the streamed digest.

use elicit_form::profile::{ProfiledElicitation, ProfiledForm};

/// What has a fingerprint: a form, or an elicitation's form. A build
/// hashes one way only: streamed into `sha2`, or the input whole to the
/// host.
pub(crate) trait Fingerprinted {
    #[cfg(not(all(feature = "host-sha256", target_arch = "wasm32")))]
    fn streamed(&self) -> String;
    #[cfg(all(feature = "host-sha256", target_arch = "wasm32"))]
    fn input(&self) -> Vec<u8>;
}

impl Fingerprinted for ProfiledForm {
    #[cfg(not(all(feature = "host-sha256", target_arch = "wasm32")))]
    fn streamed(&self) -> String {
        self.fingerprint()
    }

    #[cfg(all(feature = "host-sha256", target_arch = "wasm32"))]
    fn input(&self) -> Vec<u8> {
        self.fingerprint_input()
    }
}

impl Fingerprinted for ProfiledElicitation {
    #[cfg(not(all(feature = "host-sha256", target_arch = "wasm32")))]
    fn streamed(&self) -> String {
        self.fingerprint()
    }

    #[cfg(all(feature = "host-sha256", target_arch = "wasm32"))]
    fn input(&self) -> Vec<u8> {
        self.fingerprint_input()
    }
}

/// The fingerprint of `form`: its input hashed by the host where the build
/// has `host-sha256` and the host gives a digest, else `sha2`'s.
#[cfg(not(all(feature = "host-sha256", target_arch = "wasm32")))]
#[inline]
pub(crate) fn fingerprint(form: &impl Fingerprinted) -> String {
    form.streamed()
}

#[cfg(all(feature = "host-sha256", target_arch = "wasm32"))]
pub(crate) fn fingerprint(form: &impl Fingerprinted) -> String {
    host::fingerprint(form)
}

#[cfg(all(feature = "host-sha256", target_arch = "wasm32"))]
mod host {
    use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

    use super::Fingerprinted;
    use elicit_form::fingerprint::of_input;
    use wasm_bindgen::prelude::wasm_bindgen;

    // pkg-template/host_sha256.js: the build copies it beside the glue of
    // each full entry (scripts/build.mjs), which imports it by this path.
    #[wasm_bindgen(raw_module = "./host_sha256.js")]
    extern "C" {
        /// SHA-256 of `input` as 64 lowercase hex digits, or `None` where
        /// the host has no synchronous SHA-256 (or it failed).
        fn host_sha256_hex(input: &[u8]) -> Option<String>;
    }

    /// How many bytes of fingerprint input `sha2` hashes before the host's
    /// SHA-256 is asked for. The host's first use loads its hasher
    /// (`node:crypto` in Node takes about as long as `sha2` takes for this
    /// many bytes; docs/performance.md): a process that fingerprints a few
    /// forms never pays that load on its cold start, and one that hashes
    /// more pays it once, at most doubling what hashing would have cost it.
    const OWN_BYTES_FIRST: usize = 1 << 20;

    /// Fingerprint input bytes `sha2` has hashed so far in this instance.
    static OWN_BYTES: AtomicUsize = AtomicUsize::new(0);
    /// The host gave no digest: it has no synchronous SHA-256, or it
    /// failed; `sha2` from then on, with no call across.
    static NO_HOST: AtomicBool = AtomicBool::new(false);

    pub(super) fn fingerprint(form: &impl Fingerprinted) -> String {
        let input = form.input();
        let own = OWN_BYTES.load(Relaxed);
        if own < OWN_BYTES_FIRST {
            OWN_BYTES.store(own.saturating_add(input.len()), Relaxed);
        } else if !NO_HOST.load(Relaxed) {
            match host_sha256_hex(&input) {
                // A digest of another length is no host's SHA-256.
                Some(digest) if digest.len() == 64 => return digest,
                _ => NO_HOST.store(true, Relaxed),
            }
        }
        of_input(&input)
    }
}
