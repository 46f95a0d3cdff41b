//! JSON text written with serde, byte for byte as `serde_json::to_string`
//! writes it, without serde_json's serializer, its float writer (zmij) or
//! itoa: the wasm build writes every reply (the npm package's bindings,
//! `Reply::to_json` in crates/wasm) and every JSON value an error text shows
//! (`mcp_2026_07_28::schema::shown_value`) here, and those texts must not
//! change when serde_json leaves the `.wasm`.
//!
//! The rule it keeps is serde_json's exact compact text, for the whole serde
//! data model:
//! - `null` for unit, unit structs, `None` and floats that are not finite;
//!   `true`, `false`; integers of every width in decimal;
//! - floats as zmij writes them (`crate::number::float_text::json`): the shortest
//!   digits that read back, ties to even, `1.0`, `0.00001`, `1e+16`, `-0.0`;
//!   an `f32` with its own shortest digits, as serde_json writes an `f32`;
//! - strings in quotes, escaping `"`, `\`, `\b`, `\f`, `\n`, `\r`, `\t` and
//!   the other bytes below 0x20 as `\u00XX` (lowercase hex), everything else
//!   raw UTF-8; a `char` as a one-character string; bytes as an array of
//!   numbers;
//! - newtype structs and `Some` as their content; sequences, tuples and tuple
//!   structs as arrays; maps and structs as objects; enum variants externally
//!   tagged (`"Unit"`, `{"Newtype":1}`, `{"Tuple":[1,2]}`, `{"Struct":{..}}`);
//! - map keys: strings quoted, and integers, bools, chars and finite floats
//!   written as quoted text; any other key is refused with serde_json's
//!   error text (`key must be a string`).
//!
//! One difference, out of reach of any derive or standard impl: a
//! `Serialize` impl that announces a sequence or map of length 0 and then
//! writes elements (against serde's contract) gets well-formed JSON here,
//! `[1]`, where serde_json writes `[],1]`. The announced length is never
//! looked at, so no derive computes it in the wasm.
//!
//! The unit tests and the `json_reader` fuzz target hold it to
//! `serde_json::to_string`. The code is kept small for the wasm (opt-level
//! "s"): the generic impls only dispatch, and the text is written by plain
//! functions (`string`, `unsigned`, ...) compiled once.

use alloc::string::{String, ToString};
use core::fmt;

use serde::ser::{self, Impossible, Serialize};

use crate::number::digits::{push_ascii, signed, unsigned, unsigned_padded};
use crate::number::float_text;
use crate::text::json_run;

/// Why a value could not be written, worded as serde_json words it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WriteError {
    /// A map key that is not a string, a number, a bool or a char.
    KeyMustBeAString,
    /// A float map key that is NaN or infinite.
    FloatKeyMustBeFinite,
    /// A `Serialize` impl's own error (`serde::ser::Error::custom`).
    Custom(String),
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::KeyMustBeAString => "key must be a string",
            Self::FloatKeyMustBeFinite => "float key must be finite (got NaN or +/-inf)",
            Self::Custom(message) => message,
        })
    }
}

impl core::error::Error for WriteError {}

impl ser::Error for WriteError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Self::Custom(message.to_string())
    }
}

/// `value` as compact JSON text: `serde_json::to_string(value)`'s text.
///
/// ```
/// let text = elicit_form::json::write::to_string(&serde_json::json!({"a": [1, 2.5, "\n"]}));
/// assert_eq!(text.unwrap(), r#"{"a":[1,2.5,"\n"]}"#);
/// ```
// `#[inline]` on what the bindings crate calls: inlined there before
// link-time optimisation, the wasm is smaller
// (docs/architecture.md, "The bindings crate").
#[inline]
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, WriteError> {
    to_string_with_capacity(value, 128)
}

/// [`to_string`] into a `String` with room for `capacity` bytes up front.
pub fn to_string_with_capacity<T: Serialize + ?Sized>(
    value: &T,
    capacity: usize,
) -> Result<String, WriteError> {
    appended(String::with_capacity(capacity), value)
}

/// `out` with [`to_string`]'s text of `value` after what it holds.
#[inline]
pub fn appended<T: Serialize + ?Sized>(out: String, value: &T) -> Result<String, WriteError> {
    let mut writer = Writer { out };
    value.serialize(&mut writer)?;
    Ok(writer.out)
}

/// The serializer: appends each value's text to `out`.
struct Writer {
    out: String,
}

/// An array or object being written: a comma before every element but the
/// first, and `close` at the end (`]`, `}`, or `]}` / `}}` for a variant).
struct Compound<'a> {
    writer: &'a mut Writer,
    first: bool,
    close: &'static str,
}

impl Compound<'_> {
    fn comma(&mut self) {
        if !self.first {
            push_ascii(&mut self.writer.out, b',');
        }
        self.first = false;
    }

    /// `,"key":` for a struct field.
    fn field(&mut self, key: &str) {
        self.comma();
        string(&mut self.writer.out, key);
        push_ascii(&mut self.writer.out, b':');
    }

    fn end(self) -> Result<(), WriteError> {
        self.writer.out.push_str(self.close);
        Ok(())
    }
}

impl Writer {
    fn open(&mut self, open: &str, close: &'static str) -> Compound<'_> {
        self.out.push_str(open);
        Compound {
            writer: self,
            first: true,
            close,
        }
    }

    /// `{"variant":` before an externally tagged variant's content.
    fn variant(&mut self, variant: &str) {
        push_ascii(&mut self.out, b'{');
        string(&mut self.out, variant);
        push_ascii(&mut self.out, b':');
    }
}

/// A string in quotes with serde_json's escapes.
fn string(out: &mut String, text: &str) {
    const HEX: &str = "0123456789abcdef";
    push_ascii(out, b'"');
    let bytes = text.as_bytes();
    let mut start = 0;
    let mut at = 0;
    loop {
        at += json_run(bytes.get(at..).unwrap_or_default());
        let Some(&byte) = bytes.get(at) else { break };
        let escape = match byte {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            0x08 => "\\b",
            0x0c => "\\f",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            _ => "\\u00",
        };
        // `at` is an ASCII byte's index, so a character boundary.
        out.push_str(text.get(start..at).unwrap_or_default());
        out.push_str(escape);
        if escape.len() == 4 {
            let (high, low) = (usize::from(byte >> 4), usize::from(byte & 0xf));
            out.push_str(HEX.get(high..=high).unwrap_or_default());
            out.push_str(HEX.get(low..=low).unwrap_or_default());
        }
        at += 1;
        start = at;
    }
    out.push_str(text.get(start..).unwrap_or_default());
    push_ascii(out, b'"');
}

fn unsigned_wide(out: &mut String, value: u128) {
    const CHUNK: u128 = 10_000_000_000_000_000_000;
    match u64::try_from(value) {
        Ok(narrow) => unsigned(out, narrow),
        Err(_) => {
            unsigned_wide(out, value / CHUNK);
            unsigned_padded(out, (value % CHUNK) as u64, 19);
        }
    }
}

fn signed_wide(out: &mut String, value: i128) {
    if value < 0 {
        push_ascii(out, b'-');
    }
    unsigned_wide(out, value.unsigned_abs());
}

fn bytes(out: &mut String, value: &[u8]) {
    push_ascii(out, b'[');
    for (index, &byte) in value.iter().enumerate() {
        if index > 0 {
            push_ascii(out, b',');
        }
        unsigned(out, u64::from(byte));
    }
    push_ascii(out, b']');
}

impl<'a> ser::Serializer for &'a mut Writer {
    type Ok = ();
    type Error = WriteError;
    type SerializeSeq = Compound<'a>;
    type SerializeTuple = Compound<'a>;
    type SerializeTupleStruct = Compound<'a>;
    type SerializeTupleVariant = Compound<'a>;
    type SerializeMap = Compound<'a>;
    type SerializeStruct = Compound<'a>;
    type SerializeStructVariant = Compound<'a>;

    fn serialize_bool(self, value: bool) -> Result<(), WriteError> {
        self.out.push_str(if value { "true" } else { "false" });
        Ok(())
    }

    fn serialize_i8(self, value: i8) -> Result<(), WriteError> {
        self.serialize_i64(i64::from(value))
    }

    fn serialize_i16(self, value: i16) -> Result<(), WriteError> {
        self.serialize_i64(i64::from(value))
    }

    fn serialize_i32(self, value: i32) -> Result<(), WriteError> {
        self.serialize_i64(i64::from(value))
    }

    fn serialize_i64(self, value: i64) -> Result<(), WriteError> {
        signed(&mut self.out, value);
        Ok(())
    }

    fn serialize_i128(self, value: i128) -> Result<(), WriteError> {
        signed_wide(&mut self.out, value);
        Ok(())
    }

    fn serialize_u8(self, value: u8) -> Result<(), WriteError> {
        self.serialize_u64(u64::from(value))
    }

    fn serialize_u16(self, value: u16) -> Result<(), WriteError> {
        self.serialize_u64(u64::from(value))
    }

    fn serialize_u32(self, value: u32) -> Result<(), WriteError> {
        self.serialize_u64(u64::from(value))
    }

    fn serialize_u64(self, value: u64) -> Result<(), WriteError> {
        unsigned(&mut self.out, value);
        Ok(())
    }

    fn serialize_u128(self, value: u128) -> Result<(), WriteError> {
        unsigned_wide(&mut self.out, value);
        Ok(())
    }

    fn serialize_f32(self, value: f32) -> Result<(), WriteError> {
        float_text::json_f32(&mut self.out, value);
        Ok(())
    }

    fn serialize_f64(self, value: f64) -> Result<(), WriteError> {
        float_text::json(&mut self.out, value);
        Ok(())
    }

    fn serialize_char(self, value: char) -> Result<(), WriteError> {
        self.serialize_str(value.encode_utf8(&mut [0; 4]))
    }

    fn serialize_str(self, value: &str) -> Result<(), WriteError> {
        string(&mut self.out, value);
        Ok(())
    }

    fn serialize_bytes(self, value: &[u8]) -> Result<(), WriteError> {
        bytes(&mut self.out, value);
        Ok(())
    }

    fn serialize_none(self) -> Result<(), WriteError> {
        self.serialize_unit()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), WriteError> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), WriteError> {
        self.out.push_str("null");
        Ok(())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), WriteError> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), WriteError> {
        self.serialize_str(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), WriteError> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), WriteError> {
        self.variant(variant);
        value.serialize(&mut *self)?;
        push_ascii(&mut self.out, b'}');
        Ok(())
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a>, WriteError> {
        Ok(self.open("[", "]"))
    }

    fn serialize_tuple(self, _len: usize) -> Result<Compound<'a>, WriteError> {
        Ok(self.open("[", "]"))
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, WriteError> {
        Ok(self.open("[", "]"))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, WriteError> {
        self.variant(variant);
        Ok(self.open("[", "]}"))
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'a>, WriteError> {
        Ok(self.open("{", "}"))
    }

    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, WriteError> {
        Ok(self.open("{", "}"))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a>, WriteError> {
        self.variant(variant);
        Ok(self.open("{", "}}"))
    }
}

impl ser::SerializeSeq for Compound<'_> {
    type Ok = ();
    type Error = WriteError;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), WriteError> {
        self.comma();
        value.serialize(&mut *self.writer)
    }

    fn end(self) -> Result<(), WriteError> {
        Compound::end(self)
    }
}

impl ser::SerializeTuple for Compound<'_> {
    type Ok = ();
    type Error = WriteError;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), WriteError> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result<(), WriteError> {
        Compound::end(self)
    }
}

impl ser::SerializeTupleStruct for Compound<'_> {
    type Ok = ();
    type Error = WriteError;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), WriteError> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result<(), WriteError> {
        Compound::end(self)
    }
}

impl ser::SerializeTupleVariant for Compound<'_> {
    type Ok = ();
    type Error = WriteError;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), WriteError> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result<(), WriteError> {
        Compound::end(self)
    }
}

impl ser::SerializeMap for Compound<'_> {
    type Ok = ();
    type Error = WriteError;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), WriteError> {
        self.comma();
        key.serialize(Key(&mut self.writer.out))?;
        push_ascii(&mut self.writer.out, b':');
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), WriteError> {
        value.serialize(&mut *self.writer)
    }

    fn end(self) -> Result<(), WriteError> {
        Compound::end(self)
    }
}

impl ser::SerializeStruct for Compound<'_> {
    type Ok = ();
    type Error = WriteError;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), WriteError> {
        self.field(key);
        value.serialize(&mut *self.writer)
    }

    fn end(self) -> Result<(), WriteError> {
        Compound::end(self)
    }
}

impl ser::SerializeStructVariant for Compound<'_> {
    type Ok = ();
    type Error = WriteError;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), WriteError> {
        ser::SerializeStruct::serialize_field(self, key, value)
    }

    fn end(self) -> Result<(), WriteError> {
        Compound::end(self)
    }
}

/// A map key: a string, or a number, bool or char written as a string.
struct Key<'a>(&'a mut String);

impl Key<'_> {
    /// `text` (a number's or a bool's, needing no escapes) in quotes.
    fn quoted(self, text: impl FnOnce(&mut String)) -> Result<(), WriteError> {
        push_ascii(self.0, b'"');
        text(self.0);
        push_ascii(self.0, b'"');
        Ok(())
    }
}

impl ser::Serializer for Key<'_> {
    type Ok = ();
    type Error = WriteError;
    type SerializeSeq = Impossible<(), WriteError>;
    type SerializeTuple = Impossible<(), WriteError>;
    type SerializeTupleStruct = Impossible<(), WriteError>;
    type SerializeTupleVariant = Impossible<(), WriteError>;
    type SerializeMap = Impossible<(), WriteError>;
    type SerializeStruct = Impossible<(), WriteError>;
    type SerializeStructVariant = Impossible<(), WriteError>;

    fn serialize_bool(self, value: bool) -> Result<(), WriteError> {
        self.quoted(|out| out.push_str(if value { "true" } else { "false" }))
    }

    fn serialize_i8(self, value: i8) -> Result<(), WriteError> {
        self.serialize_i64(i64::from(value))
    }

    fn serialize_i16(self, value: i16) -> Result<(), WriteError> {
        self.serialize_i64(i64::from(value))
    }

    fn serialize_i32(self, value: i32) -> Result<(), WriteError> {
        self.serialize_i64(i64::from(value))
    }

    fn serialize_i64(self, value: i64) -> Result<(), WriteError> {
        self.quoted(|out| signed(out, value))
    }

    fn serialize_i128(self, value: i128) -> Result<(), WriteError> {
        self.quoted(|out| signed_wide(out, value))
    }

    fn serialize_u8(self, value: u8) -> Result<(), WriteError> {
        self.serialize_u64(u64::from(value))
    }

    fn serialize_u16(self, value: u16) -> Result<(), WriteError> {
        self.serialize_u64(u64::from(value))
    }

    fn serialize_u32(self, value: u32) -> Result<(), WriteError> {
        self.serialize_u64(u64::from(value))
    }

    fn serialize_u64(self, value: u64) -> Result<(), WriteError> {
        self.quoted(|out| unsigned(out, value))
    }

    fn serialize_u128(self, value: u128) -> Result<(), WriteError> {
        self.quoted(|out| unsigned_wide(out, value))
    }

    fn serialize_f32(self, value: f32) -> Result<(), WriteError> {
        if !value.is_finite() {
            return Err(WriteError::FloatKeyMustBeFinite);
        }
        self.quoted(|out| float_text::json_f32(out, value))
    }

    fn serialize_f64(self, value: f64) -> Result<(), WriteError> {
        if !value.is_finite() {
            return Err(WriteError::FloatKeyMustBeFinite);
        }
        self.quoted(|out| float_text::json(out, value))
    }

    fn serialize_char(self, value: char) -> Result<(), WriteError> {
        self.serialize_str(value.encode_utf8(&mut [0; 4]))
    }

    fn serialize_str(self, value: &str) -> Result<(), WriteError> {
        string(self.0, value);
        Ok(())
    }

    fn serialize_bytes(self, _value: &[u8]) -> Result<(), WriteError> {
        Err(WriteError::KeyMustBeAString)
    }

    fn serialize_none(self) -> Result<(), WriteError> {
        Err(WriteError::KeyMustBeAString)
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), WriteError> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), WriteError> {
        Err(WriteError::KeyMustBeAString)
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), WriteError> {
        Err(WriteError::KeyMustBeAString)
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), WriteError> {
        self.serialize_str(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), WriteError> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), WriteError> {
        Err(WriteError::KeyMustBeAString)
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, WriteError> {
        Err(WriteError::KeyMustBeAString)
    }

    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, WriteError> {
        Err(WriteError::KeyMustBeAString)
    }

    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, WriteError> {
        Err(WriteError::KeyMustBeAString)
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, WriteError> {
        Err(WriteError::KeyMustBeAString)
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, WriteError> {
        Err(WriteError::KeyMustBeAString)
    }

    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, WriteError> {
        Err(WriteError::KeyMustBeAString)
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, WriteError> {
        Err(WriteError::KeyMustBeAString)
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use alloc::collections::BTreeMap;

    use serde::Serialize;
    use serde::ser::{Error as _, SerializeMap, Serializer};
    use serde_json::{Map, Number, Value};

    use super::{WriteError, to_string, to_string_with_capacity};

    /// Ours and serde_json's text (or error text) for `value`, which must be
    /// the same; ours is returned.
    fn same<T: Serialize + ?Sized>(value: &T) -> Result<String, WriteError> {
        let ours = to_string(value);
        match (&ours, serde_json::to_string(value)) {
            (Ok(a), Ok(b)) => assert_eq!(*a, b),
            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
            (a, b) => panic!("ours {a:?}, serde_json {b:?}"),
        }
        ours
    }

    /// A string of `len` characters from every class the escapes treat
    /// differently: plain ASCII, `"` and `\`, the short escapes, other
    /// control characters, DEL, and two-, three- and four-byte characters.
    fn random_string(next: &mut impl FnMut() -> u64, len: u64) -> String {
        (0..len)
            .map(|_| {
                let pick = next();
                match pick % 8 {
                    0 | 1 => char::from(b' ' + (pick >> 8) as u8 % 95),
                    2 => ['"', '\\', '/'][(pick >> 8) as usize % 3],
                    3 => ['\u{8}', '\u{c}', '\n', '\r', '\t'][(pick >> 8) as usize % 5],
                    4 => char::from((pick >> 8) as u8 % 0x20),
                    5 => ['\u{7f}', '\u{80}', '\u{ff}', 'é', '\u{2028}'][(pick >> 8) as usize % 5],
                    // Any scalar value (surrogates are not chars: skipped).
                    _ => char::from_u32((pick >> 8) as u32 % 0x11_0000).unwrap_or('\u{fffd}'),
                }
            })
            .collect()
    }

    /// A number of every magnitude: `u64`, negative `i64`, or a finite `f64`
    /// from random bits, a whole number or a short decimal.
    fn random_number(next: &mut impl FnMut() -> u64) -> Number {
        let pick = next();
        let bits = next();
        match pick % 6 {
            0 => Number::from(bits >> ((pick >> 8) % 64)),
            1 => Number::from(-((bits >> 1 >> ((pick >> 8) % 63)) as i64) - 1),
            2 => Number::from_f64(f64::from_bits(bits)).unwrap_or_else(|| Number::from(0)),
            3 => Number::from_f64((bits >> ((pick >> 8) % 64)) as f64).unwrap_or_else(|| 0.into()),
            4 => Number::from_f64((bits % 1_000_000) as f64 / 10f64.powi((pick >> 8) as i32 % 25))
                .unwrap_or_else(|| 0.into()),
            _ => Number::from_f64(-f64::from_bits(bits >> 2)).unwrap_or_else(|| 0.into()),
        }
    }

    fn random_value(next: &mut impl FnMut() -> u64, depth: u32) -> Value {
        let pick = next();
        match pick % if depth == 0 { 5 } else { 7 } {
            0 => Value::Null,
            1 => Value::Bool(pick & 256 != 0),
            2 => Value::Number(random_number(next)),
            3 | 4 => Value::String(random_string(next, (pick >> 8) & 15)),
            5 => Value::Array(
                (0..(pick >> 8) & 7)
                    .map(|_| random_value(next, depth - 1))
                    .collect(),
            ),
            _ => Value::Object(
                (0..(pick >> 8) & 7)
                    .map(|_| {
                        let len = next() & 7;
                        (random_string(next, len), random_value(next, depth - 1))
                    })
                    .collect::<Map<_, _>>(),
            ),
        }
    }

    #[test]
    fn random_value_trees_are_written_as_serde_json_writes_them() {
        let rounds = if cfg!(debug_assertions) { 1 } else { 10 };
        let mut next = crate::testing::xorshift(0x6a09_e667_f3bc_c908);
        for _ in 0..20_000 * rounds {
            let value = random_value(&mut next, 4);
            let text = same(&value).unwrap();
            // What serde_json reads back is the value, so the text is JSON.
            assert!(crate::json::identical(
                &serde_json::from_str(&text).unwrap(),
                &value
            ));
        }
    }

    #[test]
    fn every_character_is_escaped_or_written_raw_as_serde_json_does() {
        let every: Vec<char> = (0..=0x10_ffff).filter_map(char::from_u32).collect();
        for chunk in every.chunks(256) {
            let text: String = chunk.iter().collect();
            same(&text).unwrap();
            for &c in chunk.iter().take(8) {
                same(&c).unwrap();
            }
        }
        for c in '\0'..='\u{7f}' {
            same(&c).unwrap();
            same(&format!("a{c}b{c}")).unwrap();
        }
        assert_eq!(
            to_string("\"\\\u{8}\u{c}\n\r\t\u{0}\u{1f}\u{7f}é/").unwrap(),
            r#""\"\\\b\f\n\r\t\u0000\u001f"#.to_string() + "\u{7f}é/\""
        );
    }

    #[derive(Serialize)]
    struct Unit;

    #[derive(Serialize)]
    struct Newtype(u8);

    #[derive(Serialize)]
    struct Pair(i32, &'static str);

    #[derive(Serialize)]
    struct Empty {}

    #[derive(Serialize)]
    struct Fields {
        number: u8,
        text: Option<String>,
        units: Vec<Unit>,
        #[serde(skip_serializing_if = "Option::is_none")]
        skipped: Option<u8>,
        #[serde(rename = "renamed \"key\"")]
        renamed: (),
        #[serde(flatten)]
        flattened: BTreeMap<String, u8>,
    }

    fn fields() -> Fields {
        Fields {
            number: 7,
            text: Some("a\nb".into()),
            units: vec![Unit, Unit],
            skipped: None,
            renamed: (),
            flattened: BTreeMap::from([("x".into(), 1), ("y".into(), 2)]),
        }
    }

    #[derive(Serialize)]
    enum External {
        Unit,
        Newtype(Fields),
        Tuple(u8, char),
        EmptyTuple(),
        Struct {
            x: f64,
            y: (),
        },
        EmptyStruct {},
        #[serde(rename = "ré\tnamed")]
        Renamed,
    }

    #[derive(Serialize)]
    #[serde(tag = "type")]
    enum Internal {
        Unit,
        Struct { a: u8 },
        Newtype(Fields),
    }

    #[derive(Serialize)]
    #[serde(tag = "t", content = "c")]
    enum Adjacent {
        Unit,
        Tuple(u8, u8),
        Struct { a: u8 },
    }

    #[derive(Serialize)]
    #[serde(untagged)]
    enum Untagged {
        Unit,
        Number(f64),
        Struct { a: Vec<Untagged> },
    }

    /// `serialize_bytes`, as `serde_bytes` would call it.
    struct Bytes(&'static [u8]);

    impl Serialize for Bytes {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.serialize_bytes(self.0)
        }
    }

    /// A map whose keys are any serializable value, in the given order.
    struct Entries<K>(Vec<K>);

    impl<K: Serialize> Serialize for Entries<K> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            let mut map = serializer.serialize_map(Some(self.0.len()))?;
            for (index, key) in self.0.iter().enumerate() {
                map.serialize_entry(key, &index)?;
            }
            map.end()
        }
    }

    /// A value whose `Serialize` fails with its own message.
    struct Refuses;

    impl Serialize for Refuses {
        fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
            Err(S::Error::custom("Refuses is never written"))
        }
    }

    #[test]
    fn each_serde_form_is_written_as_serde_json_writes_it() {
        same(&()).unwrap();
        same(&Unit).unwrap();
        same(&Newtype(3)).unwrap();
        same(&Pair(-4, "p")).unwrap();
        same(&Empty {}).unwrap();
        same(&fields()).unwrap();
        same(&(
            1u8,
            "two",
            3.5f64,
            '4',
            [(); 2],
            Some(5),
            None::<u8>,
            Some(Some(())),
        ))
        .unwrap();
        same(&Vec::<u8>::new()).unwrap();
        same(&BTreeMap::<String, u8>::new()).unwrap();
        same(&[[[1u8]]]).unwrap();
        same(&Bytes(&[])).unwrap();
        same(&Bytes(&[0, 1, 127, 128, 255])).unwrap();
        for value in [
            External::Unit,
            External::Newtype(fields()),
            External::Tuple(9, '\n'),
            External::EmptyTuple(),
            External::Struct { x: 1e21, y: () },
            External::EmptyStruct {},
            External::Renamed,
        ] {
            same(&value).unwrap();
        }
        for value in [
            Internal::Unit,
            Internal::Struct { a: 1 },
            Internal::Newtype(fields()),
        ] {
            same(&value).unwrap();
        }
        for value in [
            Adjacent::Unit,
            Adjacent::Tuple(1, 2),
            Adjacent::Struct { a: 3 },
        ] {
            same(&value).unwrap();
        }
        same(&Untagged::Struct {
            a: vec![
                Untagged::Unit,
                Untagged::Number(f64::NAN),
                Untagged::Number(-0.0),
            ],
        })
        .unwrap();
        assert_eq!(
            to_string(&External::Struct { x: 0.5, y: () }).unwrap(),
            r#"{"Struct":{"x":0.5,"y":null}}"#
        );
    }

    #[test]
    fn every_integer_width_is_written_in_decimal_as_serde_json_does() {
        same(&[i8::MIN, -1, 0, i8::MAX]).unwrap();
        same(&[i16::MIN, -1, 0, i16::MAX]).unwrap();
        same(&[i32::MIN, -1, 0, i32::MAX]).unwrap();
        same(&[i64::MIN, -1, 0, i64::MAX]).unwrap();
        same(&[i128::MIN, -1, 0, i128::MAX]).unwrap();
        same(&[0, u8::MAX]).unwrap();
        same(&[0, u16::MAX]).unwrap();
        same(&[0, u32::MAX]).unwrap();
        same(&[0, u64::MAX]).unwrap();
        same(&[0, u128::MAX]).unwrap();
        let mut next = crate::testing::xorshift(0xbb67_ae85_84ca_a73b);
        for _ in 0..10_000 {
            let wide = u128::from(next()) << 64 | u128::from(next());
            let shift = next() % 128;
            same(&(wide >> shift)).unwrap();
            same(&((wide >> shift) as i128)).unwrap();
            same(&(next() >> (shift % 64))).unwrap();
            same(&((next() >> (shift % 64)) as i64)).unwrap();
            // Just past u64, where the wide digits are written in two parts.
            same(&(u128::from(u64::MAX) + u128::from(next() % 1_000))).unwrap();
            same(&(10u128.pow(19 + (shift % 20) as u32) - u128::from(next() % 3))).unwrap();
        }
    }

    #[test]
    fn map_keys_are_quoted_as_serde_json_quotes_them() {
        assert_eq!(
            same(&Entries(vec!["a", "\"", "é\n"])).unwrap(),
            r#"{"a":0,"\"":1,"é\n":2}"#
        );
        same(&Entries(vec!['a', '"', '\0'])).unwrap();
        assert_eq!(
            same(&Entries(vec![true, false])).unwrap(),
            r#"{"true":0,"false":1}"#
        );
        same(&Entries(vec![i8::MIN, i8::MAX])).unwrap();
        same(&Entries(vec![i16::MIN, i16::MAX])).unwrap();
        same(&Entries(vec![i32::MIN, i32::MAX])).unwrap();
        assert_eq!(
            same(&Entries(vec![i64::MIN, 0])).unwrap(),
            r#"{"-9223372036854775808":0,"0":1}"#
        );
        same(&Entries(vec![i128::MIN, i128::MAX])).unwrap();
        same(&Entries(vec![u8::MAX])).unwrap();
        same(&Entries(vec![u16::MAX])).unwrap();
        same(&Entries(vec![u32::MAX])).unwrap();
        same(&Entries(vec![u64::MAX])).unwrap();
        same(&Entries(vec![u128::MAX])).unwrap();
        assert_eq!(
            same(&Entries(vec![1.5f64, -0.0, 1e21, 5e-324])).unwrap(),
            r#"{"1.5":0,"-0.0":1,"1e+21":2,"5e-324":3}"#
        );
        same(&Entries(vec![1.5f32, 0.1, 1e-7])).unwrap();
        same(&Entries(vec![Newtype(1)])).unwrap();
        same(&Entries(vec![Some("some")])).unwrap();
        same(&Entries(vec![External::Unit, External::Renamed])).unwrap();
        same(&BTreeMap::from([(1u8, "a"), (2, "b")])).unwrap();
        same(&BTreeMap::from([('x', "a")])).unwrap();
    }

    #[test]
    fn other_map_keys_are_refused_with_serde_json_s_error() {
        let key_must_be_a_string = Err(WriteError::KeyMustBeAString);
        assert_eq!(same(&Entries(vec![()])), key_must_be_a_string);
        assert_eq!(same(&Entries(vec![Unit])), key_must_be_a_string);
        assert_eq!(same(&Entries(vec![None::<u8>])), key_must_be_a_string);
        assert_eq!(same(&Entries(vec![vec![1]])), key_must_be_a_string);
        assert_eq!(same(&Entries(vec![(1, 2)])), key_must_be_a_string);
        assert_eq!(same(&Entries(vec![Pair(1, "")])), key_must_be_a_string);
        assert_eq!(same(&Entries(vec![Empty {}])), key_must_be_a_string);
        assert_eq!(
            same(&Entries(vec![BTreeMap::<u8, u8>::new()])),
            key_must_be_a_string
        );
        assert_eq!(same(&Entries(vec![Bytes(b"k")])), key_must_be_a_string);
        assert_eq!(
            same(&Entries(vec![External::Tuple(1, 'c')])),
            key_must_be_a_string
        );
        assert_eq!(
            same(&Entries(vec![External::EmptyStruct {}])),
            key_must_be_a_string
        );
        assert_eq!(
            same(&Entries(vec![External::Newtype(fields())])),
            key_must_be_a_string
        );
        assert_eq!(
            WriteError::KeyMustBeAString.to_string(),
            "key must be a string"
        );
        for key in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            assert_eq!(
                same(&Entries(vec![key])),
                Err(WriteError::FloatKeyMustBeFinite)
            );
            assert_eq!(
                same(&Entries(vec![key as f32])),
                Err(WriteError::FloatKeyMustBeFinite)
            );
        }
    }

    #[test]
    fn a_serialize_impl_s_own_error_is_passed_on_word_for_word() {
        assert_eq!(
            same(&vec![Refuses]),
            Err(WriteError::Custom("Refuses is never written".into()))
        );
        assert!(same(&Entries(vec![Refuses])).is_err());
        assert!(same(&BTreeMap::from([("a", Refuses)])).is_err());
    }

    /// Each compound form in a sequence, every one announcing the length
    /// `.0` and then writing two elements.
    struct Announces(usize);

    /// One compound form (`.1`: tuple, map, struct, tuple variant, struct
    /// variant) announcing `.0` and writing two elements.
    struct Form(usize, u8);

    impl Serialize for Announces {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeSeq;
            let mut forms = serializer.serialize_seq(Some(self.0))?;
            for form in 0..5 {
                forms.serialize_element(&Form(self.0, form))?;
            }
            forms.end()
        }
    }

    impl Serialize for Form {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            use serde::ser::{
                SerializeStruct, SerializeStructVariant, SerializeTuple, SerializeTupleVariant,
            };
            let Self(len, form) = *self;
            match form {
                0 => {
                    let mut tuple = serializer.serialize_tuple(len)?;
                    tuple.serialize_element(&1)?;
                    tuple.serialize_element(&2)?;
                    tuple.end()
                }
                1 => {
                    let mut map = serializer.serialize_map(Some(len))?;
                    map.serialize_entry("a", &1)?;
                    map.serialize_entry("b", &2)?;
                    map.end()
                }
                2 => {
                    let mut fields = serializer.serialize_struct("Form", len)?;
                    fields.serialize_field("a", &1)?;
                    fields.serialize_field("b", &2)?;
                    fields.end()
                }
                3 => {
                    let mut tuple = serializer.serialize_tuple_variant("Form", 3, "T", len)?;
                    tuple.serialize_field(&1)?;
                    tuple.serialize_field(&2)?;
                    tuple.end()
                }
                _ => {
                    let mut fields = serializer.serialize_struct_variant("Form", 4, "S", len)?;
                    fields.serialize_field("a", &1)?;
                    fields.serialize_field("b", &2)?;
                    fields.end()
                }
            }
        }
    }

    #[test]
    fn a_length_announced_wrongly_still_gives_well_formed_json() {
        // Derives and the standard impls announce the length they write:
        // the same text as serde_json.
        same(&Announces(2)).unwrap();
        // An impl that announces 0 and writes more breaks serde's contract;
        // serde_json then writes `[],1,2]`, not JSON, and this writer the
        // elements it was given, in well-formed JSON (the length is not
        // looked at: computing it costs every derive's code in the wasm).
        let ours = to_string(&Announces(0)).unwrap();
        assert_eq!(ours, to_string(&Announces(2)).unwrap());
        assert!(serde_json::from_str::<Value>(&ours).is_ok());
        let theirs = serde_json::to_string(&Announces(0)).unwrap();
        assert!(theirs.starts_with("[],[],1,2],"), "{theirs}");
        assert!(serde_json::from_str::<Value>(&theirs).is_err());
    }

    #[test]
    fn a_capacity_given_up_front_is_reserved_and_the_text_is_the_same() {
        let value = fields();
        let text = to_string_with_capacity(&value, 4096).unwrap();
        assert!(text.capacity() >= 4096);
        assert_eq!(text, serde_json::to_string(&value).unwrap());
        assert_eq!(to_string_with_capacity(&7u8, 0).unwrap(), "7");
    }
}
