//! The fingerprint: a SHA-256 digest of what was asked.
//!
//! A recorded answer carries the fingerprint of the questions the person saw
//! and is honoured only when the retry asks the same thing, so a server that
//! swaps its schema between the ask and the retry gets a fresh prompt.
//!
//! # Input, precisely
//!
//! For each property, in the sorted order of [`FormSchema::properties`]
//! (ascending byte order of the names), these bytes are fed to SHA-256:
//!
//! 1. the name, UTF-8, then a `0x00` byte;
//! 2. the title (empty when absent), then `0x00`;
//! 3. the description (empty when absent), then `0x00`;
//! 4. the Rust `Debug` text of [`FormPropertyKind`](crate::FormPropertyKind);
//! 5. one byte `0x01` if the property is required, else `0x00`, then `0xFF`.
//!
//! The digest is written as 64 lowercase hex digits.
//!
//! The `Debug` text is Rust's derived form, for example
//! `Enum { values: ["pro", "team"], labels: ["Pro", "Team"] }`,
//! `Text { format: None }`, `Text { format: Some("email") }`,
//! `Boolean { default: Some(true) }` and
//! `Number { integer: true, minimum: Some(1.0), maximum: None }`:
//!
//! - strings are quoted with `"` and escaped as Rust's `str` `Debug` does:
//!   `\"`, `\\`, `\t`, `\r`, `\n` and `\0`, and as `\u{hex}` (lowercase
//!   hex, no leading zeros) every other character Rust does not count as
//!   printable (controls; format characters such as U+00AD, U+200B and
//!   U+FEFF; U+2028 and U+2029; spaces other than U+0020, such as U+3000;
//!   private-use and unassigned code points) and every grapheme-extending
//!   character (combining marks such as U+0301), wherever it stands; `'` is
//!   not escaped;
//! - numbers (`f64`) are written as Rust's `Debug` for `f64`: the shortest
//!   text that reads back to the same value, with `.0` added to whole
//!   numbers, in exponent form (`1e16`, `1e-7`, `1.5e300`) when the magnitude
//!   is at least 1e16 or below 1e-4 and not zero, and `-0.0` for negative
//!   zero;
//! - lists are `[a, b]`, options `None` or `Some(x)`, booleans `true` or
//!   `false`, fields separated by `, ` inside `{ ` and ` }`.

use super::FormSchema;
use crate::rules::fingerprint::{Hashing, Sink, Text};
use alloc::{string::String, vec::Vec};
use core::fmt::Write as _;

impl FormSchema {
    /// The exact bytes [`fingerprint`](Self::fingerprint) hashes; see the
    /// [module docs](crate::profile::backend::fingerprint).
    pub fn fingerprint_input(&self) -> Vec<u8> {
        self.canonical(Vec::new())
    }

    /// Stable digest of what was asked: 64 lowercase hex digits. See the
    /// [module docs](crate::profile::backend::fingerprint) for the exact input.
    pub fn fingerprint(&self) -> String {
        self.canonical(Hashing::new()).hex()
    }

    /// The fingerprint input, written into `sink`.
    fn canonical<S: Sink>(&self, mut sink: S) -> S {
        for property in &self.properties {
            sink.bytes(property.name.as_bytes());
            sink.byte(0);
            sink.bytes(property.title.as_deref().unwrap_or_default().as_bytes());
            sink.byte(0);
            sink.bytes(
                property
                    .description
                    .as_deref()
                    .unwrap_or_default()
                    .as_bytes(),
            );
            sink.byte(0);
            // Into the sink as it is written; writing to it cannot fail.
            let _ = write!(Text(&mut sink), "{:?}", property.kind);
            sink.bytes(&[u8::from(property.required), 0xff]);
        }
        sink
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::profile::backend::parse_requested_schema;
    use crate::rules::fingerprint::hex;
    use serde_json::json;
    use sha2::{Digest, Sha256};

    fn fingerprint(properties: serde_json::Value) -> String {
        parse_requested_schema(&json!({"type": "object", "properties": properties}))
            .unwrap()
            .fingerprint()
    }

    #[test]
    fn is_the_documented_digest_of_one_property() {
        let mut hasher = Sha256::new();
        hasher.update(b"a\0\0\0Text { format: None }\x00\xff");
        assert_eq!(
            fingerprint(json!({"a": {"type": "string"}})),
            hex(&hasher.finalize())
        );
    }

    #[test]
    fn kinds_hash_the_documented_debug_text() {
        use crate::profile::backend::FormPropertyKind::*;
        let cases = [
            (
                Enum {
                    values: vec!["a\u{301}\"".into()],
                    labels: vec!["x\u{200b}\u{3000}'\\".into()],
                },
                r#"Enum { values: ["a\u{301}\""], labels: ["x\u{200b}\u{3000}'\\"] }"#,
            ),
            (Text { format: None }, "Text { format: None }"),
            (
                Boolean {
                    default: Some(false),
                },
                "Boolean { default: Some(false) }",
            ),
            (
                Number {
                    integer: false,
                    minimum: Some(-0.0),
                    maximum: Some(1e16),
                },
                "Number { integer: false, minimum: Some(-0.0), maximum: Some(1e16) }",
            ),
            (
                Number {
                    integer: true,
                    minimum: Some(1e-5),
                    maximum: Some(999999999999999.9),
                },
                "Number { integer: true, minimum: Some(1e-5), maximum: Some(999999999999999.9) }",
            ),
        ];
        for (kind, text) in cases {
            assert_eq!(format!("{kind:?}"), text);
        }
    }

    #[test]
    fn ignores_key_order_but_not_content() {
        let a = fingerprint(json!({"a": {"type": "string"}, "b": {"type": "boolean"}}));
        let b = fingerprint(json!({"b": {"type": "boolean"}, "a": {"type": "string"}}));
        let c =
            fingerprint(json!({"a": {"type": "string", "title": "t"}, "b": {"type": "boolean"}}));
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(a.len(), 64);
        assert!(
            a.bytes()
                .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
        );
    }
}
