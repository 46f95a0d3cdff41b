//! JSON text with varied spelling: key order, white space, `\uXXXX`
//! escapes and `\/`, so that both crates read the very same text however
//! it is written.

use std::fmt::Write as _;

use crate::seeds::Rng;

/// A JSON value to be written as text. Numbers and literals are kept as the
/// exact text to write.
pub(crate) enum J {
    Lit(String),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

pub(crate) fn lit(text: &str) -> J {
    J::Lit(text.to_string())
}

pub(crate) fn s(text: impl Into<String>) -> J {
    J::Str(text.into())
}

impl J {
    pub(crate) fn text(&self, rng: &mut Rng) -> String {
        let mut out = String::new();
        self.write(rng, &mut out);
        out
    }

    fn write(&self, rng: &mut Rng, out: &mut String) {
        match self {
            J::Lit(text) => out.push_str(text),
            J::Str(text) => write_string(rng, text, out),
            J::Arr(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                        space(rng, out);
                    }
                    item.write(rng, out);
                }
                out.push(']');
            }
            J::Obj(members) => {
                // Key order varies: as generated, shuffled, or reversed.
                let mut order: Vec<usize> = (0..members.len()).collect();
                match rng.below(3) {
                    0 => {}
                    1 => rng.shuffle(&mut order),
                    _ => order.reverse(),
                }
                out.push('{');
                space(rng, out);
                for (n, i) in order.into_iter().enumerate() {
                    if n > 0 {
                        out.push(',');
                        space(rng, out);
                    }
                    let (key, value) = &members[i];
                    write_string(rng, key, out);
                    out.push(':');
                    space(rng, out);
                    value.write(rng, out);
                }
                space(rng, out);
                out.push('}');
            }
        }
    }
}

fn space(rng: &mut Rng, out: &mut String) {
    if rng.percent(8) {
        out.push_str(rng.text(&[" ", "\n", "\t", "  ", "\r\n "]));
    }
}

/// A JSON string, sometimes with `\uXXXX` escapes (surrogate pairs too) and
/// `\/` where plain characters would do.
fn write_string(rng: &mut Rng, text: &str, out: &mut String) {
    let escape_all = rng.percent(4);
    let escape_some = rng.percent(15);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c if escape_all || (escape_some && rng.percent(30)) => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    if rng.percent(50) {
                        let _ = write!(out, "\\u{unit:04x}");
                    } else {
                        let _ = write!(out, "\\u{unit:04X}");
                    }
                }
            }
            '/' if rng.percent(30) => out.push_str("\\/"),
            c => out.push(c),
        }
    }
    out.push('"');
}
