//! The JSON texts' way in: a schema, answers or a record. Such a text can be
//! a few hundred KB, and wasm-bindgen's string argument copies a text into
//! wasm memory one UTF-16 unit at a time in JS until the first non-ASCII
//! character; instead the package's JS (`textsIn` in pkg-template/core.js)
//! asks this buffer for room ([`inbox`]), has the engine's encoder write
//! each text's UTF-8 straight into it (`TextEncoder.encodeInto`), and calls
//! the export with the texts' byte lengths, which the export reads back
//! here (`Texts`). Names and other short texts stay wasm-bindgen strings
//! (docs/performance.md, "The boundary").

use std::cell::Cell;

use wasm_bindgen::prelude::wasm_bindgen;

use crate::reply::Failure;

/// What an export says of texts its lengths do not find in the inbox.
const NOT_WRITTEN: &str = "elicit-form: the texts were not written to the inbox as UTF-8";

/// Room the inbox keeps between calls. Past it, the buffer a call needed is
/// let go when the call ends, so a huge input does not keep its room.
const KEPT_BYTES: usize = 1 << 20;

thread_local! {
    static INBOX: Cell<Vec<u8>> = const { Cell::new(Vec::new()) };
}

/// The address of the inbox, with room for `room` more bytes after the
/// first `written` (the texts of this call JS has written so far, which
/// stay as they are). JS writes at the address plus `written`.
#[wasm_bindgen]
pub fn inbox(written: usize, room: usize) -> *mut u8 {
    let mut inbox = INBOX.take();
    let wanted = written.saturating_add(room);
    if inbox.len() < wanted {
        inbox.resize(wanted, 0);
    }
    let at = inbox.as_mut_ptr();
    INBOX.set(inbox);
    at
}

/// The texts JS wrote into the inbox for one call. The buffer is taken out
/// of the inbox for the call (so a call that reaches the package again, a
/// `Date`'s `getTime` say, finds an empty inbox rather than this call's
/// texts), and goes back when this is dropped.
pub(crate) struct Texts(Vec<u8>);

impl Texts {
    /// The inbox's texts, for the export that reads them.
    pub(crate) fn take() -> Self {
        Self(INBOX.take())
    }

    /// The texts of these byte lengths, one after another from the start.
    /// Lengths past what was written, or bytes that are not UTF-8 (which
    /// `encodeInto` never writes), are a `TypeError`.
    pub(crate) fn read<const N: usize>(&self, lengths: [usize; N]) -> Result<[&str; N], Failure> {
        let mut rest = self.0.as_slice();
        let mut texts = [""; N];
        for (text, length) in texts.iter_mut().zip(lengths) {
            let (bytes, after) = rest.split_at_checked(length).unzip();
            *text = bytes
                .and_then(|bytes| std::str::from_utf8(bytes).ok())
                .ok_or_else(|| Failure::Type(NOT_WRITTEN.into()))?;
            rest = after.unwrap_or_default();
        }
        Ok(texts)
    }
}

impl Drop for Texts {
    fn drop(&mut self) {
        // A huge input's room is let go, not kept for the next call.
        if self.0.capacity() <= KEPT_BYTES {
            INBOX.set(std::mem::take(&mut self.0));
        }
    }
}

/// Writes `texts` into the inbox one after another, as the package's JS
/// does, and gives their byte lengths: how Rust callers (the tests) reach
/// the exports that read their texts from it.
pub fn texts_in<const N: usize>(texts: [&str; N]) -> [usize; N] {
    let mut inbox = Vec::new();
    let lengths = texts.map(|text| {
        inbox.extend_from_slice(text.as_bytes());
        text.len()
    });
    INBOX.set(inbox);
    lengths
}
