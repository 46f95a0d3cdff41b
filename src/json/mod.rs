//! JSON text read without serde: the same values and the same errors, word
//! for word and at the same line and column, as
//! `serde_json::from_str::<Value>` with `float_roundtrip` (the backend's
//! reading), in a fraction of the code. It builds serde_json's values, or
//! the wasm build's own ([`value`]); the wasm build reads every text it is
//! given (schemas, answers, records) here and writes every reply with
//! [`write`](mod@write), so no serde_json is in the `.wasm`.
//!
//! What serde_json does, and so does this:
//! - whitespace is space, tab, line feed and carriage return;
//! - a number without a fraction or an exponent is a `u64`, or an `i64` when
//!   negative, when it fits (`-0` is the float `-0.0`); any other number is
//!   the nearest `f64` ([`crate::number::decimal`], correctly rounded as serde_json
//!   is with `float_roundtrip`), and one that rounds to infinity is refused;
//! - strings are UTF-8 with the JSON escapes; a control character, a bad
//!   escape or a lone surrogate is refused;
//! - an object keeps the last of duplicate keys, in key order;
//! - arrays and objects nest at most 127 deep;
//! - an error says what and where: `expected value at line 1 column 5`.
//!
//! The differential fuzz target `json_reader` holds this against serde_json.

use alloc::{string::String, vec::Vec};
use core::fmt;

use crate::text::json_run;

pub mod value;
pub mod write;

// The rules' JSON values: serde_json's natively and wherever the `serde_json`
// feature is on (the backend's API), the crate's own in the npm package's
// wasm (see `value`).
#[cfg(any(feature = "serde_json", not(target_arch = "wasm32")))]
pub use serde_json::{Map, Number, Value};
#[cfg(not(any(feature = "serde_json", not(target_arch = "wasm32"))))]
pub use value::{Map, Number, Value};

/// What a reading builds: the rules' values ([`Value`]), or either kind of
/// them where both are compiled (natively, where the tests and the
/// `json_reader` fuzz target hold the wasm build's values to serde_json's).
pub trait Tree: Sized {
    fn null() -> Self;
    fn boolean(value: bool) -> Self;
    fn unsigned(value: u64) -> Self;
    fn negative(value: i64) -> Self;
    /// A finite float.
    fn float(value: f64) -> Self;
    fn string(text: String) -> Self;
    fn array(items: Vec<Self>) -> Self;
    /// An object of `members` in the text's order, and the position (in that
    /// order) of the first member whose key came before it.
    fn object(members: Vec<(String, Self)>) -> (Self, Option<usize>);
}

/// `Tree` for one kind of values: its variants, and `object`, which makes its
/// map of members in text order.
macro_rules! tree {
    ($value:ty, $number:ty, $object:expr) => {
        impl Tree for $value {
            fn null() -> Self {
                Self::Null
            }
            fn boolean(value: bool) -> Self {
                Self::Bool(value)
            }
            fn unsigned(value: u64) -> Self {
                Self::Number(<$number>::from(value))
            }
            fn negative(value: i64) -> Self {
                Self::Number(<$number>::from(value))
            }
            fn float(value: f64) -> Self {
                <$number>::from_f64(value).map_or(Self::Null, Self::Number)
            }
            fn string(text: String) -> Self {
                Self::String(text)
            }
            fn array(items: Vec<Self>) -> Self {
                Self::Array(items)
            }
            fn object(members: Vec<(String, Self)>) -> (Self, Option<usize>) {
                let (map, repeated) = $object(members);
                (Self::Object(map), repeated)
            }
        }
    };
}

#[cfg(any(feature = "serde_json", not(target_arch = "wasm32")))]
tree!(serde_json::Value, serde_json::Number, |members| inserted(
    members,
    serde_json::Map::new(),
    |map: &mut serde_json::Map<String, serde_json::Value>, key, value| map
        .insert(key, value)
        .is_some()
));
tree!(value::Value, value::Number, value::Map::from_members);

/// `members`, in the text's order, inserted one by one into `map` (so the
/// last of a repeated key counts; `insert` says whether the key was there),
/// and the position of the first member whose key came before it.
fn inserted<M, V>(
    members: Vec<(String, V)>,
    mut map: M,
    insert: impl Fn(&mut M, String, V) -> bool,
) -> (M, Option<usize>) {
    let mut repeated = None;
    for (at, (key, value)) in members.into_iter().enumerate() {
        if insert(&mut map, key, value) && repeated.is_none() {
            repeated = Some(at);
        }
    }
    (map, repeated)
}

/// What is wrong with a JSON text, worded as serde_json words it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SyntaxCode {
    EofWhileParsingList,
    EofWhileParsingObject,
    EofWhileParsingString,
    EofWhileParsingValue,
    ExpectedColon,
    ExpectedListCommaOrEnd,
    ExpectedObjectCommaOrEnd,
    ExpectedSomeIdent,
    ExpectedSomeValue,
    InvalidEscape,
    InvalidNumber,
    NumberOutOfRange,
    ControlCharacterWhileParsingString,
    KeyMustBeAString,
    LoneLeadingSurrogateInHexEscape,
    TrailingComma,
    TrailingCharacters,
    UnexpectedEndOfHexEscape,
    RecursionLimitExceeded,
    /// Only when the reading asks for [`Keys::Unique`]; serde_json has no
    /// such error.
    DuplicateKey,
}

impl SyntaxCode {
    fn text(self) -> &'static str {
        match self {
            Self::EofWhileParsingList => "EOF while parsing a list",
            Self::EofWhileParsingObject => "EOF while parsing an object",
            Self::EofWhileParsingString => "EOF while parsing a string",
            Self::EofWhileParsingValue => "EOF while parsing a value",
            Self::ExpectedColon => "expected `:`",
            Self::ExpectedListCommaOrEnd => "expected `,` or `]`",
            Self::ExpectedObjectCommaOrEnd => "expected `,` or `}`",
            Self::ExpectedSomeIdent => "expected ident",
            Self::ExpectedSomeValue => "expected value",
            Self::InvalidEscape => "invalid escape",
            Self::InvalidNumber => "invalid number",
            Self::NumberOutOfRange => "number out of range",
            Self::ControlCharacterWhileParsingString => {
                "control character (\\u0000-\\u001F) found while parsing a string"
            }
            Self::KeyMustBeAString => "key must be a string",
            Self::LoneLeadingSurrogateInHexEscape => "lone leading surrogate in hex escape",
            Self::TrailingComma => "trailing comma",
            Self::TrailingCharacters => "trailing characters",
            Self::UnexpectedEndOfHexEscape => "unexpected end of hex escape",
            Self::RecursionLimitExceeded => "recursion limit exceeded",
            Self::DuplicateKey => "duplicate key",
        }
    }
}

/// A JSON text that could not be read: what, and where (1-based line, and
/// the bytes before the position on its line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    pub code: SyntaxCode,
    pub line: usize,
    pub column: usize,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at line {} column {}",
            self.code.text(),
            self.line,
            self.column
        )
    }
}

impl core::error::Error for SyntaxError {}

/// What an object with a key twice means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keys {
    /// The last value counts, as serde_json (and the backend) read it.
    LastWins,
    /// The text is refused ([`SyntaxCode::DuplicateKey`]): for texts this
    /// crate's own JS writes (answers, records), where a repeated key can only
    /// be a forgery.
    Unique,
}

/// `value` as the rules' JSON value, as `serde_json::to_value` makes it:
/// `None` where serde_json would give an error (a map key that is not a
/// string, say). In the wasm build, by way of its text.
pub fn to_value<T: serde::Serialize + ?Sized>(value: &T) -> Option<Value> {
    #[cfg(any(feature = "serde_json", not(target_arch = "wasm32")))]
    return serde_json::to_value(value).ok();
    #[cfg(not(any(feature = "serde_json", not(target_arch = "wasm32"))))]
    return read(&write::to_string(value).ok()?, Keys::LastWins).ok();
}

/// `text` read as one JSON value.
// `#[inline]` on what the bindings crate calls: inlined there before
// link-time optimisation, the wasm is smaller
// (docs/architecture.md, "The bindings crate").
#[inline]
pub fn read(text: &str, keys: Keys) -> Result<Value, SyntaxError> {
    read_as(text, keys)
}

/// `text` read as one JSON value of either kind (see [`Tree`]).
pub fn read_as<T: Tree>(text: &str, keys: Keys) -> Result<T, SyntaxError> {
    let mut reader = Reader {
        text,
        bytes: text.as_bytes(),
        index: 0,
        depth_left: 128,
        keys,
    };
    let value = reader.value()?;
    match reader.whitespace() {
        Some(_) => Err(reader.peek_error(SyntaxCode::TrailingCharacters)),
        None => Ok(value),
    }
}

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    index: usize,
    /// serde_json's `remaining_depth`: an array or object that brings it to
    /// zero is refused.
    depth_left: u8,
    keys: Keys,
}

impl Reader<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.index).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let byte = self.peek()?;
        self.index += 1;
        Some(byte)
    }

    fn at(&self, index: usize, code: SyntaxCode) -> SyntaxError {
        let before = self.bytes.get(..index).unwrap_or(self.bytes);
        let start_of_line = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |newline| newline + 1);
        let line = 1 + before
            .iter()
            .take(start_of_line)
            .filter(|&&b| b == b'\n')
            .count();
        SyntaxError {
            code,
            line,
            column: index - start_of_line,
        }
    }

    /// An error about a byte already taken (serde_json's `error`).
    fn error(&self, code: SyntaxCode) -> SyntaxError {
        self.at(self.index, code)
    }

    /// An error about the byte looked at (serde_json's `peek_error`).
    fn peek_error(&self, code: SyntaxCode) -> SyntaxError {
        self.at(self.bytes.len().min(self.index + 1), code)
    }

    fn whitespace(&mut self) -> Option<u8> {
        while let Some(byte) = self.peek() {
            if !matches!(byte, b' ' | b'\n' | b'\t' | b'\r') {
                return Some(byte);
            }
            self.index += 1;
        }
        None
    }

    fn value<T: Tree>(&mut self) -> Result<T, SyntaxError> {
        let Some(peek) = self.whitespace() else {
            return Err(self.peek_error(SyntaxCode::EofWhileParsingValue));
        };
        match peek {
            b'n' => self.ident(b"null").map(|()| T::null()),
            b't' => self.ident(b"true").map(|()| T::boolean(true)),
            b'f' => self.ident(b"false").map(|()| T::boolean(false)),
            b'-' => {
                self.index += 1;
                self.number(false)
            }
            b'0'..=b'9' => self.number(true),
            b'"' => {
                self.index += 1;
                self.string().map(T::string)
            }
            b'[' => self.nested(Self::array_items),
            b'{' => self.nested(Self::object_members),
            _ => Err(self.peek_error(SyntaxCode::ExpectedSomeValue)),
        }
    }

    fn ident(&mut self, word: &[u8]) -> Result<(), SyntaxError> {
        self.index += 1;
        for &expected in word.get(1..).unwrap_or_default() {
            match self.next() {
                None => return Err(self.error(SyntaxCode::EofWhileParsingValue)),
                Some(byte) if byte != expected => {
                    return Err(self.error(SyntaxCode::ExpectedSomeIdent));
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// An array or object, its opening bracket looked at, one level deeper.
    fn nested<T: Tree>(
        &mut self,
        items: fn(&mut Self) -> Result<T, SyntaxError>,
    ) -> Result<T, SyntaxError> {
        self.depth_left -= 1;
        if self.depth_left == 0 {
            return Err(self.peek_error(SyntaxCode::RecursionLimitExceeded));
        }
        self.index += 1;
        let value = items(self);
        self.depth_left += 1;
        // Each loop stops only at its closing bracket, which is taken here.
        self.index += 1;
        value
    }

    fn array_items<T: Tree>(&mut self) -> Result<T, SyntaxError> {
        let mut items = Vec::new();
        loop {
            match self.whitespace() {
                None => return Err(self.peek_error(SyntaxCode::EofWhileParsingList)),
                Some(b']') => return Ok(T::array(items)),
                Some(_) if items.is_empty() => {}
                Some(b',') => {
                    self.index += 1;
                    match self.whitespace() {
                        Some(b']') => return Err(self.peek_error(SyntaxCode::TrailingComma)),
                        Some(_) => {}
                        None => return Err(self.peek_error(SyntaxCode::EofWhileParsingValue)),
                    }
                }
                Some(_) => return Err(self.peek_error(SyntaxCode::ExpectedListCommaOrEnd)),
            }
            items.push(self.value()?);
        }
    }

    fn object_members<T: Tree>(&mut self) -> Result<T, SyntaxError> {
        let mut members = Vec::new();
        // Where each key starts, for the error on a repeated one.
        let mut key_starts = Vec::new();
        let mut first = true;
        loop {
            match self.whitespace() {
                None => return Err(self.peek_error(SyntaxCode::EofWhileParsingObject)),
                Some(b'}') => {
                    let (object, repeated) = T::object(members);
                    return match repeated.and_then(|at| key_starts.get(at)) {
                        // At the key's second appearance: the first in the
                        // text, once the whole object has been read.
                        Some(&start) if self.keys == Keys::Unique => {
                            Err(self.at(start + 1, SyntaxCode::DuplicateKey))
                        }
                        _ => Ok(object),
                    };
                }
                Some(b'"') if first => {}
                Some(_) if first => return Err(self.peek_error(SyntaxCode::KeyMustBeAString)),
                Some(b',') => {
                    self.index += 1;
                    match self.whitespace() {
                        Some(b'"') => {}
                        Some(b'}') => return Err(self.peek_error(SyntaxCode::TrailingComma)),
                        Some(_) => return Err(self.peek_error(SyntaxCode::KeyMustBeAString)),
                        None => return Err(self.peek_error(SyntaxCode::EofWhileParsingValue)),
                    }
                }
                Some(_) => return Err(self.peek_error(SyntaxCode::ExpectedObjectCommaOrEnd)),
            }
            first = false;
            let key_at = self.index;
            self.index += 1;
            let key = self.string()?;
            match self.whitespace() {
                Some(b':') => self.index += 1,
                Some(_) => return Err(self.peek_error(SyntaxCode::ExpectedColon)),
                None => return Err(self.peek_error(SyntaxCode::EofWhileParsingObject)),
            }
            let value = self.value()?;
            members.push((key, value));
            if self.keys == Keys::Unique {
                key_starts.push(key_at);
            }
        }
    }

    /// The rest of a string, its opening quote taken.
    fn string(&mut self) -> Result<String, SyntaxError> {
        let mut out = String::new();
        let mut start = self.index;
        loop {
            self.index += json_run(self.bytes.get(self.index..).unwrap_or_default());
            // Stopped at an ASCII byte (or the end), so both ends are on
            // character boundaries of the text.
            out.push_str(self.text.get(start..self.index).unwrap_or_default());
            match self.next() {
                None => return Err(self.error(SyntaxCode::EofWhileParsingString)),
                Some(b'"') => return Ok(out),
                Some(b'\\') => self.escape(&mut out)?,
                Some(_) => return Err(self.error(SyntaxCode::ControlCharacterWhileParsingString)),
            }
            start = self.index;
        }
    }

    fn escape(&mut self, out: &mut String) -> Result<(), SyntaxError> {
        let Some(byte) = self.next() else {
            return Err(self.error(SyntaxCode::EofWhileParsingString));
        };
        out.push(match byte {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => return self.unicode_escape(out),
            _ => return Err(self.error(SyntaxCode::InvalidEscape)),
        });
        Ok(())
    }

    /// `\u` and its four hex digits, and a second `\uXXXX` after a leading
    /// surrogate; `\u` taken.
    fn unicode_escape(&mut self, out: &mut String) -> Result<(), SyntaxError> {
        let unit = self.hex_escape()?;
        if (0xDC00..=0xDFFF).contains(&unit) {
            return Err(self.error(SyntaxCode::LoneLeadingSurrogateInHexEscape));
        }
        let code = if (0xD800..=0xDBFF).contains(&unit) {
            for expected in [b'\\', b'u'] {
                match self.peek() {
                    None => return Err(self.error(SyntaxCode::EofWhileParsingString)),
                    Some(byte) => {
                        self.index += 1;
                        if byte != expected {
                            return Err(self.error(SyntaxCode::UnexpectedEndOfHexEscape));
                        }
                    }
                }
            }
            let trailing = self.hex_escape()?;
            if !(0xDC00..=0xDFFF).contains(&trailing) {
                return Err(self.error(SyntaxCode::LoneLeadingSurrogateInHexEscape));
            }
            ((u32::from(unit) - 0xD800) << 10 | (u32::from(trailing) - 0xDC00)) + 0x1_0000
        } else {
            u32::from(unit)
        };
        // Never a surrogate here, so always a char.
        out.push(char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER));
        Ok(())
    }

    fn hex_escape(&mut self) -> Result<u16, SyntaxError> {
        let Some(digits) = self.bytes.get(self.index..self.index + 4) else {
            self.index = self.bytes.len();
            return Err(self.error(SyntaxCode::EofWhileParsingString));
        };
        self.index += 4;
        let mut unit = 0u16;
        for &digit in digits {
            let Some(value) = char::from(digit).to_digit(16) else {
                return Err(self.error(SyntaxCode::InvalidEscape));
            };
            unit = unit << 4 | value as u16;
        }
        Ok(unit)
    }

    /// A number, its `-` (when `!positive`) taken: serde_json's grammar and
    /// error positions, then its value.
    fn number<T: Tree>(&mut self, positive: bool) -> Result<T, SyntaxError> {
        let start = if positive { self.index } else { self.index - 1 };
        let digits = |reader: &mut Self| {
            while reader.peek().is_some_and(|byte| byte.is_ascii_digit()) {
                reader.index += 1;
            }
        };
        match self.next() {
            None => return Err(self.error(SyntaxCode::EofWhileParsingValue)),
            Some(b'0') => {
                if self.peek().is_some_and(|byte| byte.is_ascii_digit()) {
                    return Err(self.peek_error(SyntaxCode::InvalidNumber));
                }
            }
            Some(b'1'..=b'9') => digits(self),
            Some(_) => return Err(self.error(SyntaxCode::InvalidNumber)),
        }
        let integer_end = self.index;
        let mut fraction = integer_end..integer_end;
        if self.peek() == Some(b'.') {
            self.index += 1;
            let fraction_start = self.index;
            digits(self);
            if self.index == fraction_start {
                let code = match self.peek() {
                    Some(_) => SyntaxCode::InvalidNumber,
                    None => SyntaxCode::EofWhileParsingValue,
                };
                return Err(self.peek_error(code));
            }
            fraction = fraction_start..self.index;
        }
        let mut exponent: i64 = 0;
        if matches!(self.peek(), Some(b'e' | b'E')) {
            let mantissa_end = self.index;
            self.index += 1;
            let positive_exponent = match self.peek() {
                Some(b'+') => {
                    self.index += 1;
                    true
                }
                Some(b'-') => {
                    self.index += 1;
                    false
                }
                _ => true,
            };
            match self.next() {
                None => return Err(self.error(SyntaxCode::EofWhileParsingValue)),
                Some(b'0'..=b'9') => {}
                Some(_) => return Err(self.error(SyntaxCode::InvalidNumber)),
            }
            // serde_json reads the exponent into an i32; a longer one is
            // out of range (positive, with a digit other than 0) or zero.
            let exponent_start = self.index - 1;
            let mantissa = self.bytes.get(start..mantissa_end).unwrap_or_default();
            let mut read: i32 = 0;
            let mut at = exponent_start;
            while let Some(digit @ b'0'..=b'9') = self.bytes.get(at).copied() {
                at += 1;
                match read
                    .checked_mul(10)
                    .and_then(|e| e.checked_add(i32::from(digit - b'0')))
                {
                    Some(next) => read = next,
                    None => {
                        if positive_exponent && mantissa.iter().any(|&b| matches!(b, b'1'..=b'9')) {
                            self.index = at;
                            return Err(self.error(SyntaxCode::NumberOutOfRange));
                        }
                        digits(self);
                        return Ok(T::float(if positive { 0.0 } else { -0.0 }));
                    }
                }
            }
            self.index = at;
            exponent = if positive_exponent {
                i64::from(read)
            } else {
                -i64::from(read)
            };
        } else if self.index == integer_end
            && let Some(integer) = self.integer(start, positive)
        {
            return Ok(integer);
        }
        let whole = self
            .bytes
            .get(start + usize::from(!positive)..integer_end)
            .unwrap_or_default();
        let fraction = self.bytes.get(fraction).unwrap_or_default();
        let value = crate::number::decimal::nearest(!positive, whole, fraction, exponent);
        if value.is_finite() {
            Ok(T::float(value))
        } else {
            Err(self.error(SyntaxCode::NumberOutOfRange))
        }
    }

    /// An integer's value when serde_json keeps it as one: a `u64`, or a
    /// negative `i64` (`-0` and those below `i64::MIN` are floats).
    fn integer<T: Tree>(&self, start: usize, positive: bool) -> Option<T> {
        let digits = self.text.get(start + usize::from(!positive)..self.index)?;
        let magnitude: u64 = digits.parse().ok()?;
        if positive {
            return Some(T::unsigned(magnitude));
        }
        let negative = (magnitude as i64).wrapping_neg();
        if negative >= 0 {
            return Some(T::float(-(magnitude as f64)));
        }
        Some(T::negative(negative))
    }
}

/// Whether two readings are the same to the bit: numbers of the same kind
/// (integer or float) and value, floats by their bits (so `-0.0` is not
/// `0.0`), members in the same order. What the tests and the `json_reader`
/// fuzz target compare readings with.
pub fn identical(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(a), Value::Number(b)) => {
            a.is_f64() == b.is_f64()
                && a.as_u64() == b.as_u64()
                && a.as_i64() == b.as_i64()
                && a.as_f64().map(f64::to_bits) == b.as_f64().map(f64::to_bits)
        }
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| identical(a, b))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|((ka, a), (kb, b))| ka == kb && identical(a, b))
        }
        _ => a == b,
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// Ours and serde_json's reading agree: the same value (floats to the
    /// bit, including the sign of zero) or the same error text.
    pub(crate) fn agrees(text: &str) {
        let ours = read(text, Keys::LastWins).map_err(|error| error.to_string());
        let theirs = serde_json::from_str::<Value>(text).map_err(|error| error.to_string());
        match (&ours, &theirs) {
            (Ok(a), Ok(b)) => assert!(identical(a, b), "{text:?}: {a:?} vs {b:?}"),
            _ => assert_eq!(ours, theirs, "{text:?}"),
        }
        // The wasm build's values, read from the same text, are the same.
        let lite = read_as::<value::Value>(text, Keys::LastWins)
            .map(|lite| Value::from(&lite))
            .map_err(|error| error.to_string());
        match (&lite, &theirs) {
            (Ok(a), Ok(b)) => assert!(identical(a, b), "{text:?}: lite {a:?} vs {b:?}"),
            _ => assert_eq!(lite, theirs, "{text:?}"),
        }
        for keys in [Keys::Unique, Keys::LastWins] {
            assert_eq!(
                read_as::<value::Value>(text, keys).map(|lite| Value::from(&lite)),
                read(text, keys),
                "{text:?} {keys:?}"
            );
        }
    }

    #[test]
    fn reads_as_serde_json_reads() {
        for text in [
            "",
            " ",
            "null",
            "nul",
            "nulx",
            "n",
            "true",
            "tru",
            "trux",
            "false",
            "fals",
            "falsy",
            "0",
            "-0",
            "-0.0",
            "-",
            "-x",
            "01",
            "-01",
            "00",
            "1.",
            "1.x",
            "1.5",
            ".5",
            "1e",
            "1e+",
            "1e-",
            "1ex",
            "1e5",
            "1E+5",
            "1e-5",
            "-1e-5",
            "1.5e300",
            "1e309",
            "-1e309",
            "1e-400",
            "1e2147483647",
            "1e2147483648",
            "0e2147483648",
            "1e-2147483648",
            "-1e99999999999",
            "0.0e99999999999",
            "1.0e99999999999x",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "-9223372036854775809",
            "123456789012345678901234567890",
            "1234567890123456789012.5e3",
            "0.000000000000000000000001",
            "4.9e-324",
            "2.4703282292062327e-324",
            "2.4703282292062328e-324",
            "1.7976931348623157e308",
            "1.7976931348623158e308",
            "1.7976931348623159e308",
            "9007199254740993",
            "[9007199254740993.0]",
            "\"\"",
            "\"a",
            "\"\\",
            "\"\\x\"",
            "\"\\u\"",
            "\"\\u12\"",
            "\"\\u12g4\"",
            "\"\\u00e9\"",
            "\"\\uD83D\\uDE00\"",
            "\"\\uD83D\"",
            "\"\\uD83Dx\"",
            "\"\\uD83D\\x\"",
            "\"\\uD83D\\u0041\"",
            "\"\\uDE00\"",
            "\"\\uD83D\\uD83D\"",
            "\"\\uD83D",
            "\"\\uD83D\\",
            "\"\u{1}\"",
            "\"\t\"",
            "\"é\u{7f}\"",
            "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"",
            "[",
            "[1",
            "[1,",
            "[1,]",
            "[,1]",
            "[1 2]",
            "[]",
            "[ ]",
            "[[]]x",
            "{",
            "{\"a\"",
            "{\"a\":",
            "{\"a\":1",
            "{\"a\":1,",
            "{\"a\":1,}",
            "{\"a\" 1}",
            "{1:1}",
            "{,}",
            "{\"a\":1 \"b\":2}",
            "{\"a\":1,\"a\":2}",
            "{\"b\":1,\"a\":2}",
            "{}",
            "{} x",
            "\n\n  [1,\n x]",
            "é",
            "\"é\" é",
            "[\"é\",\ntrue,\r\n nul]",
            "1 2",
            "-\n1",
            "[-]",
            "[1e]",
            "[01]",
            "{\"a\":-}",
        ] {
            agrees(text);
        }
        for depth in [126, 127, 128, 129, 300] {
            agrees(&"[".repeat(depth));
            agrees(&format!("{}{}", "[".repeat(depth), "]".repeat(depth)));
            agrees(&format!("{}{}", "{\"a\":".repeat(depth), "}".repeat(depth)));
            agrees(&format!(
                "{}1{}",
                "{\"a\":".repeat(depth),
                "}".repeat(depth)
            ));
        }
        agrees(&format!("9007199254740993{}", "0".repeat(300)));
        agrees(&format!("0.{}1e-300", "0".repeat(500)));
        agrees(&format!("1.{}1", "0".repeat(800)));
        agrees(&format!("1{}e-400", "0".repeat(400)));
    }

    #[test]
    fn numbers_of_every_magnitude_read_as_serde_json_reads_them() {
        let mut next = crate::testing::xorshift(0x2545_f491_4f6c_dd1d);
        for _ in 0..20_000 {
            let number = f64::from_bits(next());
            if number.is_finite() {
                agrees(&format!("{number:?}"));
                agrees(&format!("{number:e}"));
                agrees(&format!("{number:.3e}"));
                agrees(&format!("{}", next() as i64));
            }
            let (jumble, mantissa, exponent) = crate::testing::number_texts(&mut next);
            agrees(&jumble);
            agrees(&format!("-{jumble}"));
            agrees(&format!("{mantissa}e{exponent}"));
            agrees(&format!("0.{mantissa}E{exponent}"));
        }
    }

    #[test]
    fn unique_keys_refuse_a_repeated_key() {
        let error = read("{\"a\":1,\n\"a\":2}", Keys::Unique).unwrap_err();
        assert_eq!(error.to_string(), "duplicate key at line 2 column 1");
        assert!(read("{\"a\":{\"a\":1},\"b\":[{\"a\":2}]}", Keys::Unique).is_ok());
        // The first repeat in the text, whichever key it is, once the object
        // is read (so a later error inside it is the one reported).
        for text in [
            "{\"b\":1,\"a\":2,\"a\":3,\"b\":4}",
            "{\"b\":1,\"a\":2,\"b\":3,\"a\":4}",
            "{\"a\":1,\"a\":2,\"b\":[}",
            "{\"a\":{\"x\":1,\"x\":2},\"a\":3}",
        ] {
            agrees(text);
        }
        assert_eq!(
            read("{\"b\":1,\"a\":2,\"b\":3,\"a\":4}", Keys::Unique)
                .unwrap_err()
                .column,
            14
        );
        assert_eq!(
            read("{\"a\":1,\"a\":2,\"b\":[}", Keys::Unique)
                .unwrap_err()
                .code,
            SyntaxCode::ExpectedSomeValue
        );
    }
}
