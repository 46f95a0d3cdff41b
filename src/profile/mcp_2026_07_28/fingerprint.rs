//! The fingerprint of the MCP 2026-07-28 profile: SHA-256 over a domain
//! string and a canonical encoding of every property.
//!
//! # Input, precisely
//!
//! The bytes `elicit-form/mcp-2026-07-28` and one `0x00` byte (the domain),
//! then for each property in the sorted order of
//! [`FormSchema::properties`] its tokens, then one `\n` (`0x0A`). The
//! tokens are self-delimiting:
//!
//! - a string: `S`, its length in UTF-8 bytes in decimal, `:`, its bytes;
//! - nothing (an absent title, default or bound): `N`;
//! - a boolean: `T` or `F`;
//! - a number (`f64`): `D` and the 16 lowercase hex digits of its IEEE 754
//!   bits, big-endian, with negative zero written as zero;
//! - a count (length or item bound): `U`, the count in decimal, `;`;
//! - a list: `L`, the element count in decimal, `;`, then the elements.
//!
//! A property is: name, `T`/`F` for required, title, description, then the
//! kind's name as a string and its fields:
//!
//! - `text`: format name (`email`, `uri`, `date`, `date-time`) or `N`,
//!   minLength, maxLength, default;
//! - `number` or `integer`: minimum, maximum, default;
//! - `boolean`: default (`T`, `F` or `N`);
//! - `single`: a list of options, each value then label; default value;
//! - `multi`: minItems, maxItems, a list of options (value then label), and
//!   the default as a list of values in option order, or `N`.
//!
//! So `{"a": {"type": "string"}}` hashes
//! `elicit-form/mcp-2026-07-28\0S1:aFNNS4:textNNNN\n`.
//!
//! The backend profile's input starts with a property name, which cannot hold
//! `/`, so no input of one profile is an input of the other: a record made
//! under one profile never applies under the other. What is hashed is what is
//! asked and what may be sent, not how the server spelled it: `enum` with
//! `enumNames`, `oneOf` and key order give equal fingerprints when they give
//! equal questions and values.

use super::{Choice, FormPropertyKind, FormSchema};
use crate::rules::fingerprint::{Hashing, Sink, hex_digit};
use alloc::{string::String, vec::Vec};

/// The domain string that starts every fingerprint input of this profile
/// (followed by one `0x00` byte).
pub const FINGERPRINT_DOMAIN: &str = "elicit-form/mcp-2026-07-28";

struct Canonical<S>(S);

impl<S: Sink> Canonical<S> {
    fn byte(&mut self, byte: u8) {
        self.0.bytes(&[byte]);
    }

    fn text(&mut self, text: &str) {
        self.byte(b'S');
        self.decimal(text.len() as u64);
        self.byte(b':');
        self.0.bytes(text.as_bytes());
    }

    /// `value` in decimal, as `{}` writes it.
    fn decimal(&mut self, mut value: u64) {
        let mut digits = [0; 20];
        let mut start = digits.len();
        loop {
            start -= 1;
            if let Some(digit) = digits.get_mut(start) {
                *digit = b'0' + (value % 10) as u8;
            }
            value /= 10;
            if value == 0 {
                break;
            }
        }
        self.0.bytes(digits.get(start..).unwrap_or_default());
    }

    fn none(&mut self) {
        self.byte(b'N');
    }

    fn flag(&mut self, value: bool) {
        self.byte(if value { b'T' } else { b'F' });
    }

    fn number(&mut self, value: f64) {
        let value = if value == 0.0 { 0.0 } else { value };
        // `D` and `{:016x}` of the bits: 16 lowercase hex digits.
        let mut text = [b'D'; 17];
        for (slot, shift) in text.iter_mut().skip(1).zip((0..64).step_by(4).rev()) {
            *slot = hex_digit((value.to_bits() >> shift) as u8 & 0x0f);
        }
        self.0.bytes(&text);
    }

    fn count(&mut self, value: u64) {
        self.byte(b'U');
        self.decimal(value);
        self.byte(b';');
    }

    fn list(&mut self, len: usize) {
        self.byte(b'L');
        self.decimal(len as u64);
        self.byte(b';');
    }

    fn optional<T>(&mut self, value: Option<T>, write: impl FnOnce(&mut Self, T)) {
        match value {
            Some(value) => write(self, value),
            None => self.none(),
        }
    }

    fn options(&mut self, options: &[Choice]) {
        self.list(options.len());
        for option in options {
            self.text(&option.value);
            self.text(&option.label);
        }
    }
}

impl FormSchema {
    /// The exact bytes [`fingerprint`](Self::fingerprint) hashes; see the
    /// [module docs](crate::profile::mcp_2026_07_28::fingerprint).
    pub fn fingerprint_input(&self) -> Vec<u8> {
        self.canonical(Vec::new())
    }

    /// Stable digest of what was asked: 64 lowercase hex digits of SHA-256
    /// over [`fingerprint_input`](Self::fingerprint_input), fed to the
    /// digest as it is written.
    pub fn fingerprint(&self) -> String {
        self.canonical(Hashing::new()).hex()
    }

    /// The canonical input, written into `sink`.
    fn canonical<S: Sink>(&self, sink: S) -> S {
        let mut out = Canonical(sink);
        out.0.bytes(FINGERPRINT_DOMAIN.as_bytes());
        out.byte(0);
        for property in &self.properties {
            out.text(&property.name);
            out.flag(property.required);
            out.optional(property.title.as_deref(), Canonical::text);
            out.optional(property.description.as_deref(), Canonical::text);
            match &property.kind {
                FormPropertyKind::Text {
                    format,
                    min_length,
                    max_length,
                    default,
                } => {
                    out.text("text");
                    out.optional(format.map(|format| format.name()), Canonical::text);
                    out.optional(*min_length, Canonical::count);
                    out.optional(*max_length, Canonical::count);
                    out.optional(default.as_deref(), Canonical::text);
                }
                FormPropertyKind::Number {
                    integer,
                    minimum,
                    maximum,
                    default,
                } => {
                    out.text(if *integer { "integer" } else { "number" });
                    out.optional(*minimum, Canonical::number);
                    out.optional(*maximum, Canonical::number);
                    out.optional(*default, Canonical::number);
                }
                FormPropertyKind::Boolean { default } => {
                    out.text("boolean");
                    out.optional(*default, Canonical::flag);
                }
                FormPropertyKind::SingleSelect { options, default } => {
                    out.text("single");
                    out.options(options);
                    out.optional(default.as_deref(), Canonical::text);
                }
                FormPropertyKind::MultiSelect {
                    options,
                    min_items,
                    max_items,
                    default,
                } => {
                    out.text("multi");
                    out.optional(*min_items, Canonical::count);
                    out.optional(*max_items, Canonical::count);
                    out.options(options);
                    out.optional(default.as_deref(), |out, values| {
                        out.list(values.len());
                        for value in values {
                            out.text(value);
                        }
                    });
                }
            }
            out.byte(b'\n');
        }
        out.0
    }
}
