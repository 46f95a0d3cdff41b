//! Parity with the published backend: this crate against `everruns-core`
//! 0.43.0's `mcp::form_elicitation`, on seeded, generated inputs.
//!
//! Every case is made from its own seed by a splitmix64 generator, so any
//! difference is reproduced by its seed alone:
//! `PARITY_SEED=<seed> PARITY_CASES=1 cargo test --test parity <test name>`.
//! By default each test runs seeds `0..DEFAULT_CASES`; `PARITY_SEED` moves the
//! start and `PARITY_CASES` sets the count.
//!
//! Schemas are generated as JSON *text* and parsed once with serde_json. Both
//! crates are built against the same serde_json (one version in the
//! dependency graph, `float_roundtrip` on, `preserve_order` off), so the very
//! same `Value` goes to both and `-0.0` or `999999999999999.9` arrive exactly
//! as written.
//!
//! A difference does not stop the run: all are counted, the first few are
//! shown with seed, case index, input and both outputs, and the test fails.
#![cfg(not(target_arch = "wasm32"))]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex};

use chrono::{DateTime, Datelike, Utc};
use elicit_form as ours;
use everruns_core::mcp::form_elicitation as theirs;
use serde_json::{Value, json};

/// Cases per test when `PARITY_CASES` is not set.
const DEFAULT_CASES: u64 = 12_000;

// ---------------------------------------------------------------------------
// Seeded generator
// ---------------------------------------------------------------------------

/// splitmix64: tiny, fast, and good enough to spread consecutive seeds.
struct Rng(u64);

impl Rng {
    fn new(seed: u64, stream: u64) -> Self {
        let mut rng = Self(seed ^ stream.rotate_left(29));
        rng.next();
        rng
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Uniform in `low..=high`.
    fn between(&mut self, low: usize, high: usize) -> usize {
        low + self.below(high - low + 1)
    }

    fn percent(&mut self, chance: u64) -> bool {
        self.next() % 100 < chance
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    fn text(&mut self, items: &[&'static str]) -> &'static str {
        items[self.below(items.len())]
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// Uniform in `low..high` for wide signed ranges.
    fn in_range(&mut self, low: i64, high: i64) -> i64 {
        let span = (high as i128 - low as i128) as u128;
        (low as i128 + (u128::from(self.next()) % span) as i128) as i64
    }
}

// ---------------------------------------------------------------------------
// The run: seeds, differences, report
// ---------------------------------------------------------------------------

fn env_u64(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(text) => text
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={text:?} is not a number")),
        Err(_) => default,
    }
}

/// One generated case: its input (for the report) and what differed.
#[derive(Default)]
struct Case {
    input: String,
    differences: Vec<(String, String, String)>,
}

impl Case {
    fn input(&mut self, label: &str, text: impl AsRef<str>) {
        let _ = writeln!(self.input, "{label}: {}", text.as_ref());
    }

    /// Record a difference unless both outputs are the same text.
    fn same(&mut self, what: &str, ours: impl Into<String>, theirs: impl Into<String>) {
        let (ours, theirs) = (ours.into(), theirs.into());
        if ours != theirs {
            self.differences.push((what.to_string(), ours, theirs));
        }
    }
}

/// What a test saw, by category, to show (and check) that the generator
/// reached the paths it is meant to reach.
#[derive(Default)]
struct Tally(BTreeMap<String, u64>);

impl Tally {
    fn count(&mut self, key: impl Into<String>) {
        *self.0.entry(key.into()).or_default() += 1;
    }

    fn summary(&self) -> String {
        self.0
            .iter()
            .map(|(key, n)| format!("  {n:>6}  {key}\n"))
            .collect()
    }

    fn missing<'a>(&self, expected: &[&'a str]) -> Vec<&'a str> {
        expected
            .iter()
            .copied()
            .filter(|key| !self.0.contains_key(*key))
            .collect()
    }
}

fn clip(text: &str) -> String {
    const LIMIT: usize = 4000;
    if text.chars().count() <= LIMIT {
        return text.to_string();
    }
    let head: String = text.chars().take(LIMIT).collect();
    format!("{head}… ({} chars in all)", text.chars().count())
}

struct Run {
    start: u64,
    cases: u64,
}

impl Run {
    fn from_env() -> Self {
        Self {
            start: env_u64("PARITY_SEED", 0),
            cases: env_u64("PARITY_CASES", DEFAULT_CASES),
        }
    }

    /// Whether the run is big enough to insist that every path was reached.
    fn is_full(&self) -> bool {
        self.cases >= 5_000
    }
}

/// Run `body` once per seed; report every difference (and any panic) with
/// the seed that reproduces it.
fn run(test: &str, stream: u64, mut body: impl FnMut(&mut Rng, &mut Case)) -> Run {
    let run = Run::from_env();
    let started = std::time::Instant::now();
    let mut differences = 0u64;
    let mut shown = Vec::new();
    for index in 0..run.cases {
        let seed = run.start + index;
        let mut rng = Rng::new(seed, stream);
        let mut case = Case::default();
        let outcome = catch_unwind(AssertUnwindSafe(|| body(&mut rng, &mut case)));
        if let Err(panic) = outcome {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_string()))
                .unwrap_or_default();
            case.differences.push((
                "panic (in either crate or in the generator)".into(),
                message,
                String::new(),
            ));
        }
        for (what, ours, theirs) in case.differences {
            differences += 1;
            if shown.len() < 3 {
                // The first in full; later ones cut, as their seeds
                // reproduce them anyway.
                let show = |text: &str| {
                    if shown.is_empty() {
                        text.to_string()
                    } else {
                        clip(text)
                    }
                };
                shown.push(format!(
                    "--- seed {seed} (case {index}): {what} differs\n\
                     reproduce: PARITY_SEED={seed} PARITY_CASES=1 cargo test --test parity {test}\n\
                     input:\n{}ours:   {}\ntheirs: {}\n",
                    show(&case.input),
                    show(&ours),
                    show(&theirs)
                ));
            }
        }
    }
    let end = run.start + run.cases;
    println!(
        "parity: {test}: {} cases, seeds {}..{end}, {differences} differences ({:.1?})",
        run.cases,
        run.start,
        started.elapsed()
    );
    if differences > 0 {
        panic!(
            "parity: {test}: {differences} differences in seeds {}..{end}\n{}",
            run.start,
            shown.join("\n")
        );
    }
    run
}

// ---------------------------------------------------------------------------
// JSON text with varied spelling
// ---------------------------------------------------------------------------

/// A JSON value to be written as text. Numbers and literals are kept as the
/// exact text to write.
enum J {
    Lit(String),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

fn lit(text: &str) -> J {
    J::Lit(text.to_string())
}

fn s(text: impl Into<String>) -> J {
    J::Str(text.into())
}

impl J {
    fn text(&self, rng: &mut Rng) -> String {
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

// ---------------------------------------------------------------------------
// Text
// ---------------------------------------------------------------------------

/// Unicode White_Space: what Rust's `trim` removes.
#[rustfmt::skip]
const WHITESPACE: &[char] = &[
    ' ', '\t', '\n', '\r', '\u{0B}', '\u{0C}', '\u{85}', '\u{A0}', '\u{1680}', '\u{2000}',
    '\u{2003}', '\u{2007}', '\u{200A}', '\u{2028}', '\u{2029}', '\u{202F}', '\u{205F}', '\u{3000}',
];
/// Invisible or control characters that are not White_Space.
#[rustfmt::skip]
const INVISIBLE: &[char] = &[
    '\u{200B}', '\u{FEFF}', '\u{180E}', '\u{200C}', '\u{200D}', '\u{2060}', '\u{0}', '\u{1}',
    '\u{1B}', '\u{1F}', '\u{7F}', '\u{9F}', '\u{AD}', '\u{E0001}', '\u{FFFF}',
];
#[rustfmt::skip]
const COMBINING: &[char] = &[
    '\u{301}', '\u{300}', '\u{308}', '\u{20DD}', '\u{FE0F}', '\u{1F3FB}',
];
#[rustfmt::skip]
const NON_ASCII: &[char] = &[
    'é', 'ß', 'İ', 'ı', 'Σ', 'ς', '日', '本', '語', '😀', '𝔸', 'Ｐ', '١', '٣', 'ǅ', 'ﬁ', 'Ω', '\u{212A}',
    'ẞ', 'Ǆ', 'ǰ', '…', '«', '€', '\u{10FFFD}',
];
#[rustfmt::skip]
const PUNCTUATION: &[char] = &[
    '"', '\\', '\'', '/', ':', '{', '}', '(', ')', '-', '_', '.', ',', '!', '?', '<', '>', '&',
    '%', '$', '#', '@', '`', '[', ']',
];
const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

fn any_char(rng: &mut Rng) -> char {
    match rng.below(100) {
        0..=51 => char::from(*rng.pick(ALNUM)),
        52..=61 => ' ',
        62..=68 => *rng.pick(PUNCTUATION),
        69..=77 => *rng.pick(NON_ASCII),
        78..=83 => *rng.pick(WHITESPACE),
        84..=88 => *rng.pick(INVISIBLE),
        89..=93 => *rng.pick(COMBINING),
        // Any ASCII character, controls included.
        94..=96 => char::from(rng.below(0x80) as u8),
        // Any scalar value at all.
        _ => loop {
            if let Some(c) = char::from_u32(rng.below(0x11_0000) as u32) {
                break c;
            }
        },
    }
}

/// Exactly `chars` scalar values, many of them multi-byte.
fn text_of_len(rng: &mut Rng, chars: usize) -> String {
    (0..chars).map(|_| any_char(rng)).collect()
}

fn blank_text(rng: &mut Rng) -> String {
    let n = rng.below(4);
    (0..n).map(|_| *rng.pick(WHITESPACE)).collect()
}

#[rustfmt::skip]
const PHRASE_WORDS: &[&str] = &[
    "Which", "plan", "to", "buy", "your", "email", "address", "Seats", "Notify", "me", "how",
    "many", "start", "date", "Colour", "size", "the", "name", "of", "team", "Ünïcödé", "日本語",
    "spinner", "opinion", "keyboard", "token-free", "Pinball", "secretary", "passport",
];

fn phrase(rng: &mut Rng) -> String {
    let n = rng.between(1, 5);
    let words: Vec<&str> = (0..n).map(|_| *rng.pick(PHRASE_WORDS)).collect();
    words.join(" ")
}

/// Short text of every flavour: phrases, random characters, blank, invisible.
fn short_text(rng: &mut Rng) -> String {
    match rng.below(20) {
        0..=9 => phrase(rng),
        10..=15 => {
            let n = rng.between(0, 24);
            text_of_len(rng, n)
        }
        16 => blank_text(rng),
        17 => (0..rng.between(1, 3))
            .map(|_| *rng.pick(INVISIBLE))
            .collect(),
        18 => format!("{}{}", rng.pick(COMBINING), phrase(rng)),
        _ => format!("{}{}{}", blank_text(rng), phrase(rng), blank_text(rng)),
    }
}

// ---------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------

#[derive(Clone, Copy, PartialEq, Eq)]
enum Aim {
    /// Every refusal path, at a useful rate.
    Anything,
    /// Mostly schemas in profile, to answer.
    Accepted,
    /// Like `Accepted`, with at most four properties and no texts at their
    /// length bounds: for tests about what happens around the schema.
    Small,
}

#[rustfmt::skip]
const NAME_WORDS: &[&str] = &[
    "name", "email", "plan", "seats", "age", "notify", "ratio", "count", "start", "date", "city",
    "zip", "code", "key", "number", "card", "access", "one", "time", "user", "first", "last", "id",
    "url", "color", "size", "level", "api", "security", "verification", "private", "note", "x", "a",
    "b", "Z", "amount", "v2", "2", "token2x", "pinion",
];
#[rustfmt::skip]
const NEAR_MISSES: &[&str] = &[
    "spinner", "opinion", "OTPCode", "HTTPToken", "tokenizer_choice", "keyboard", "pinned",
    "secretary", "passwords", "tokens", "apiKeys", "keyPair", "cardNumbers", "onetime", "pinata",
    "passport", "tokenize", "SSNs", "cvvs", "otpauth", "Secretariat", "credentialing",
    "spinnerSize", "twoFactor", "one_timer", "timeOne", "keyApi", "api.keys", "numberCard",
    "APIKey", "PINCode", "userPIN", "myAPIKey", "accessKeys", "cardNumber2",
];
#[rustfmt::skip]
const CREDENTIAL_NAMES: &[&str] = &[
    "password", "Password", "PASSWORD", "passwd", "passphrase", "passcode", "pwd", "secret",
    "token", "apikey", "apiKey", "api_key", "api-key", "API_KEY", "api.key", "ApiKey", "userPin",
    "user_pin", "user-pin", "PIN", "pin", "one_time_code", "oneTimeCode", "one-time", "secretKey",
    "secret_key", "accessKey", "access-key", "privateKey", "private.key", "cardNumber",
    "card_number", "securityCode", "security-code", "verificationCode", "verification_code",
    "myToken", "auth.token", "authToken", "SSN", "ssn", "cvv", "CVC", "2fa", "mfa", "mfaCode",
    "TOTP", "totp", "otp", "credentials", "credential", "userCredentials", "db_password",
    "x-api-key", "user2Pin", "Api-Key",
];
#[rustfmt::skip]
const INVALID_NAMES: &[&str] = &[
    "", "bad name", "é", "名前", "e\u{301}", "cafe\u{301}", "a\u{200B}b", "\u{FEFF}x", "a\u{2028}",
    "tab\t", "x\u{0}", "\u{3000}", "a/b", "a:b", "$ref", "a+b", "ǅ", "Ｐ", "x\u{7F}", "name\u{A0}",
    " name", "name ", "ümlaut", "pass word",
];
const NAME_CHARS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.";

fn valid_name_of_len(rng: &mut Rng, chars: usize) -> String {
    (0..chars)
        .map(|_| char::from(*rng.pick(NAME_CHARS)))
        .collect()
}

fn composed_name(rng: &mut Rng) -> String {
    let n = rng.between(1, 3);
    let style = rng.below(6);
    let mut name = String::new();
    for i in 0..n {
        let word = *rng.pick(NAME_WORDS);
        match style {
            0 => {
                if i > 0 {
                    name.push('_');
                }
                name.push_str(word);
            }
            1 => {
                if i > 0 {
                    name.push('-');
                }
                name.push_str(word);
            }
            2 => {
                if i > 0 {
                    name.push('.');
                }
                name.push_str(word);
            }
            3 => {
                // camelCase
                let mut chars = word.chars();
                if i > 0 {
                    if let Some(first) = chars.next() {
                        name.extend(first.to_uppercase());
                    }
                    name.extend(chars);
                } else {
                    name.push_str(word);
                }
            }
            4 => {
                if i > 0 {
                    name.push('_');
                }
                name.push_str(&word.to_uppercase());
            }
            _ => name.push_str(word),
        }
    }
    if rng.percent(10) {
        let _ = write!(name, "{}", rng.below(100));
    }
    name
}

fn property_name(rng: &mut Rng, aim: Aim) -> String {
    let wild = aim == Aim::Anything;
    match rng.below(100) {
        0..=44 => composed_name(rng),
        45..=54 => (*rng.pick(NEAR_MISSES)).to_string(),
        55..=63 if wild => (*rng.pick(CREDENTIAL_NAMES)).to_string(),
        64..=68 => {
            let chars = *rng.pick(&[1, 63, 64]);
            valid_name_of_len(rng, chars)
        }
        69..=73 if wild => match rng.below(4) {
            0 => valid_name_of_len(rng, 65),
            1 => {
                let n = rng.between(66, 90);
                valid_name_of_len(rng, n)
            }
            2 => "é".repeat(rng.between(64, 70)),
            _ => {
                let n = rng.between(60, 70);
                text_of_len(rng, n)
            }
        },
        74..=82 if wild => match rng.below(3) {
            0 => (*rng.pick(INVALID_NAMES)).to_string(),
            1 => {
                // A valid word with one bad character inside.
                let mut name = composed_name(rng);
                let at = rng.below(name.len() + 1);
                let at = (0..=at)
                    .rev()
                    .find(|i| name.is_char_boundary(*i))
                    .unwrap_or(0);
                let bad = match rng.below(4) {
                    0 => *rng.pick(WHITESPACE),
                    1 => *rng.pick(INVISIBLE),
                    2 => *rng.pick(COMBINING),
                    _ => *rng.pick(NON_ASCII),
                };
                name.insert(at, bad);
                name
            }
            _ => {
                let n = rng.between(1, 12);
                text_of_len(rng, n)
            }
        },
        _ => composed_name(rng),
    }
}

#[rustfmt::skip]
const TITLE_CREDENTIALS: &[&str] = &[
    "Your password", "API key", "Api Key", "Card number", "One-time code", "one time password",
    "Security code", "Verification code", "PIN", "Enter your PIN", "Access token", "Secret", "SSN",
    "2FA code", "MFA", "Private key", "secret key", "Passphrase please", "Your CVV",
];
#[rustfmt::skip]
const TITLE_NEAR_MISSES: &[&str] = &[
    "Spinner speed", "Your opinion", "Keyboard layout", "Tokenizer", "Passport number",
    "Card holder", "Key number", "Time one", "Security", "Pinned tab", "OTPCode", "HTTPToken",
    "Api", "Keys", "Number card",
];

fn title(rng: &mut Rng, aim: Aim) -> J {
    let (wild, long) = (aim == Aim::Anything, aim != Aim::Small);
    match rng.below(100) {
        0..=54 => s(short_text(rng)),
        55..=64 => s(*rng.pick(TITLE_NEAR_MISSES)),
        65..=72 if wild => s(*rng.pick(TITLE_CREDENTIALS)),
        73..=81 if wild || (long && rng.percent(20)) => {
            let chars = if wild {
                *rng.pick(&[199, 200, 201, 201])
            } else {
                *rng.pick(&[199, 200])
            };
            s(text_of_len(rng, chars))
        }
        82..=87 => match rng.below(4) {
            0 => lit("1"),
            1 => lit("null"),
            2 => lit("true"),
            _ => J::Arr(vec![s("Password")]),
        },
        _ => s(composed_name(rng)),
    }
}

fn description(rng: &mut Rng, aim: Aim) -> J {
    let (wild, long) = (aim == Aim::Anything, aim != Aim::Small);
    match rng.below(100) {
        0..=54 => s(short_text(rng)),
        55..=64 => s(blank_text(rng)),
        65..=74 if wild || (long && rng.percent(15)) => {
            let chars = if wild {
                *rng.pick(&[1999, 2000, 2001])
            } else {
                *rng.pick(&[1999, 2000])
            };
            s(text_of_len(rng, chars))
        }
        75..=79 => match rng.below(3) {
            0 => lit("42"),
            1 => lit("null"),
            _ => J::Obj(vec![("text".into(), s("x"))]),
        },
        80..=89 => s(format!("{}\n{}", phrase(rng), phrase(rng))),
        _ => s(*rng.pick(TITLE_CREDENTIALS)),
    }
}

fn format_value(rng: &mut Rng, aim: Aim) -> J {
    let (wild, long) = (aim == Aim::Anything, aim != Aim::Small);
    match rng.below(100) {
        0..=49 => s(*rng.pick(&[
            "email",
            "uri",
            "date",
            "date-time",
            "uuid",
            "Password",
            "PASSWORD",
            "password ",
        ])),
        50..=59 if wild => s("password"),
        60..=69 if long => {
            let chars = if wild { *rng.pick(&[200, 201]) } else { 200 };
            s(text_of_len(rng, chars))
        }
        70..=79 => s(short_text(rng)),
        80..=84 => lit("1"),
        _ => s(""),
    }
}

#[rustfmt::skip]
const INTERESTING_NUMBERS: &[&str] = &[
    "0", "1", "-1", "5", "50", "100", "2.5", "-3.75", "0.5", "1e-7", "1e15", "1e16", "1e21",
    "999999999999999.9", "-0.0", "-0", "0.0", "9007199254740993", "9007199254740992",
    "18446744073709551615", "18446744073709551616", "9223372036854775807", "9223372036854775808",
    "-9223372036854775808", "-9223372036854775809", "1.5e300", "-1.7976931348623157e308",
    "1.7976931348623157e308", "5e-324", "1e-4", "0.0001", "0.00001", "123456789012345678", "1E3",
    "1e+2", "-1e15", "-1e16", "0.1", "0.30000000000000004", "4503599627370496.5", "1e14",
    "999999999999999", "1000000000000000", "-999999999999999.5", "0.000001", "12.0", "1e0",
    "100000000000000000000", "-1e21", "1e-5", "2.2250738585072014e-308",
];

/// A JSON number as text, across signs and exponent ranges.
fn number_text(rng: &mut Rng) -> String {
    let text = match rng.below(100) {
        0..=39 => (*rng.pick(INTERESTING_NUMBERS)).to_string(),
        40..=59 => format!("{}", rng.below(201) as i64 - 100),
        60..=69 => format!("{}.{}", rng.below(1000), rng.below(100_000)),
        70..=79 => {
            let exponent = if rng.percent(70) {
                rng.below(61) as i64 - 30
            } else {
                rng.below(601) as i64 - 300
            };
            let e = *rng.pick(&["e", "E"]);
            let sign = if exponent >= 0 && rng.percent(30) {
                "+"
            } else {
                ""
            };
            if rng.percent(50) {
                format!("{}{e}{sign}{exponent}", rng.between(1, 9))
            } else {
                format!(
                    "{}.{}{e}{sign}{exponent}",
                    rng.between(1, 9),
                    rng.below(1_000_000)
                )
            }
        }
        80..=89 => {
            let value = loop {
                let value = f64::from_bits(rng.next());
                if value.is_finite() {
                    break value;
                }
            };
            match rng.below(3) {
                0 => format!("{value}"),
                1 => format!("{value:?}"),
                _ => format!("{value:e}"),
            }
        }
        _ => {
            if rng.percent(50) {
                format!("{}", rng.next() as i64)
            } else {
                format!("{}", rng.next() >> rng.below(64))
            }
        }
    };
    if !text.starts_with('-') && rng.percent(15) {
        format!("-{text}")
    } else {
        text
    }
}

#[rustfmt::skip]
const VALUE_WORDS: &[&str] = &[
    "pro", "team", "free", "red", "green", "blue", "yes", "no", "Yes", "No", "a", "b", "A", "1",
    "true", "null", "", "über", "日本", "x y", "\"quoted\"", "back\\slash", "Pro", "TEAM",
];

fn enum_text(rng: &mut Rng, aim: Aim, earlier: &[String]) -> String {
    let (wild, long) = (aim == Aim::Anything, aim != Aim::Small);
    match rng.below(100) {
        0..=44 => {
            let word = *rng.pick(VALUE_WORDS);
            if word.is_empty() && !wild {
                "pro".to_string()
            } else {
                word.to_string()
            }
        }
        45..=69 => {
            let text = short_text(rng);
            if !wild && text.trim().is_empty() {
                format!("{text}x")
            } else {
                text
            }
        }
        70..=76 if wild || (long && rng.percent(15)) => {
            let chars = if wild {
                *rng.pick(&[199, 200, 201])
            } else {
                *rng.pick(&[199, 200])
            };
            let text = text_of_len(rng, chars);
            if !wild && text.trim().is_empty() {
                "long".to_string()
            } else {
                text
            }
        }
        77..=82 if wild => blank_text(rng),
        83..=87 => {
            (*rng.pick(&["\u{200B}", "\u{FEFF}", "\u{0}", "\u{301}", "\u{2060}"])).to_string()
        }
        88..=93 if wild && !earlier.is_empty() => rng.pick(earlier).clone(),
        _ => {
            let n = rng.between(1, 8);
            text_of_len(rng, n).replace(|c: char| c.is_whitespace(), "-")
        }
    }
}

fn enum_members(rng: &mut Rng, aim: Aim) -> (J, usize) {
    let (wild, long) = (aim == Aim::Anything, aim != Aim::Small);
    if wild && rng.percent(4) {
        let not_array = match rng.below(4) {
            0 => s("a"),
            1 => lit("null"),
            2 => J::Obj(vec![("a".into(), s("a"))]),
            _ => lit("1"),
        };
        return (not_array, 0);
    }
    let count = match rng.below(100) {
        0..=64 => rng.between(1, 5),
        65..=84 => rng.between(1, if wild { 32 } else { 12 }),
        85..=91 if wild || (long && rng.percent(25)) => 32,
        _ if wild => *rng.pick(&[0, 33, 33, 34, 40]),
        _ => rng.between(1, 8),
    };
    let mut texts: Vec<String> = Vec::new();
    let mut members = Vec::new();
    for i in 0..count {
        if wild && rng.percent(2) {
            members.push(match rng.below(3) {
                0 => lit("1"),
                1 => lit("null"),
                _ => J::Arr(vec![s("a")]),
            });
            continue;
        }
        let mut text = enum_text(rng, aim, &texts);
        if !wild && texts.contains(&text) {
            text = format!("{text} {i}");
        }
        texts.push(text.clone());
        members.push(s(text));
    }
    (J::Arr(members), count)
}

fn enum_names(rng: &mut Rng, aim: Aim, count: usize) -> J {
    let wild = aim == Aim::Anything;
    if wild && rng.percent(8) {
        return match rng.below(4) {
            0 => s("Pro"),
            1 => lit("null"),
            2 => J::Obj(vec![]),
            _ => lit("3"),
        };
    }
    let len = if wild && rng.percent(10) {
        if count > 0 && rng.percent(50) {
            count - 1
        } else {
            count + 1
        }
    } else {
        count
    };
    let mut labels: Vec<String> = Vec::new();
    let mut items = Vec::new();
    for i in 0..len {
        if wild && rng.percent(3) {
            items.push(if rng.percent(50) {
                lit("2")
            } else {
                lit("null")
            });
            continue;
        }
        let mut text = enum_text(rng, aim, &labels);
        if !wild && labels.contains(&text) {
            text = format!("{text} #{i}");
        }
        labels.push(text.clone());
        items.push(s(text));
    }
    J::Arr(items)
}

fn definition(rng: &mut Rng, aim: Aim) -> J {
    let wild = aim == Aim::Anything;
    if wild && rng.percent(3) {
        return match rng.below(5) {
            0 => lit("1"),
            1 => s("string"),
            2 => J::Arr(vec![]),
            3 => lit("null"),
            _ => lit("true"),
        };
    }
    let mut members: Vec<(String, J)> = Vec::new();
    let mut add = |key: &str, value: J| members.push((key.to_string(), value));
    if rng.percent(50) {
        add("title", title(rng, aim));
    }
    if rng.percent(40) {
        add("description", description(rng, aim));
    }
    // 0 text, 1 enum, 2 boolean, 3 number, 4 integer.
    let kind = rng.below(5);
    if (kind == 0 && rng.percent(40)) || rng.percent(5) {
        add("format", format_value(rng, aim));
    }
    if rng.percent(5) {
        let value = if wild {
            match rng.below(4) {
                0 | 1 => lit("true"),
                2 => lit("false"),
                _ => s("true"),
            }
        } else if rng.percent(50) {
            lit("false")
        } else {
            s("true")
        };
        add("writeOnly", value);
    }
    if wild && rng.percent(3) {
        add("$ref", s("#/$defs/x"));
    }
    if wild && rng.percent(6) {
        match rng.below(8) {
            0 => {}
            1 => add("type", s("object")),
            2 => add("type", s("array")),
            3 => add("type", s("null")),
            4 => add("type", s("String")),
            5 => add("type", J::Arr(vec![s("string"), s("null")])),
            6 => add("type", lit("1")),
            _ => add("type", s("")),
        }
    } else {
        let name = match kind {
            0 | 1 => "string",
            2 => "boolean",
            3 => "number",
            _ => "integer",
        };
        add("type", s(name));
    }
    match kind {
        1 => {
            let (enum_json, count) = enum_members(rng, aim);
            add("enum", enum_json);
            if rng.percent(45) {
                add("enumNames", enum_names(rng, aim, count));
            }
        }
        2 if rng.percent(55) => {
            let default = match rng.below(8) {
                0..=2 => lit("true"),
                3..=5 => lit("false"),
                6 => s("true"),
                _ => lit(rng.text(&["1", "null", "0"])),
            };
            add("default", default);
        }
        3 | 4 => {
            let mut bounds = [None, None];
            for bound in &mut bounds {
                if rng.percent(55) {
                    *bound = Some(number_text(rng));
                }
            }
            // Mostly an interval something fits in; sometimes an empty one.
            if let [Some(low), Some(high)] = &mut bounds {
                let value = |text: &str| text.parse::<f64>().expect("a JSON number reads as f64");
                if value(low) > value(high) && (!wild || rng.percent(70)) {
                    std::mem::swap(low, high);
                }
            }
            for (key, bound) in ["minimum", "maximum"].into_iter().zip(bounds) {
                match bound {
                    Some(text) => add(key, J::Lit(text)),
                    None if rng.percent(5) => {
                        add(key, if rng.percent(50) { s("5") } else { lit("null") })
                    }
                    None => {}
                }
            }
        }
        _ => {}
    }
    if rng.percent(8) {
        match rng.below(4) {
            0 => add("default", s("x")),
            1 => add("minLength", lit("1")),
            2 => add("examples", J::Arr(vec![s("e"), lit("1")])),
            _ => add("x-order", lit("3")),
        }
    }
    if wild && rng.percent(2) {
        // A duplicated key: serde_json keeps the last, for both crates alike.
        match rng.below(3) {
            0 => add("type", s("array")),
            1 => add("title", s("Password")),
            _ => add("type", s("string")),
        }
    }
    J::Obj(members)
}

fn schema_json(rng: &mut Rng, aim: Aim) -> J {
    let wild = aim == Aim::Anything;
    if wild && rng.percent(3) {
        return match rng.below(6) {
            0 => lit("null"),
            1 => lit("true"),
            2 => J::Lit(number_text(rng)),
            3 => s("object"),
            4 => J::Arr(vec![]),
            _ => J::Arr(vec![J::Obj(vec![("type".into(), s("object"))])]),
        };
    }
    let mut members: Vec<(String, J)> = Vec::new();
    if wild && rng.percent(4) {
        match rng.below(6) {
            0 => {}
            1 => members.push(("type".into(), s("Object"))),
            2 => members.push(("type".into(), s("array"))),
            3 => members.push(("type".into(), lit("null"))),
            4 => members.push(("type".into(), J::Arr(vec![s("object")]))),
            _ => members.push(("type".into(), s(""))),
        }
    } else {
        members.push(("type".into(), s("object")));
    }
    if wild && rng.percent(4) {
        match rng.below(5) {
            0 => {}
            1 => members.push(("properties".into(), J::Arr(vec![]))),
            2 => members.push(("properties".into(), lit("null"))),
            3 => members.push(("properties".into(), s("x"))),
            _ => members.push(("properties".into(), J::Obj(vec![]))),
        }
    } else {
        let count = match rng.below(100) {
            _ if aim == Aim::Small => rng.between(1, 4),
            0..=64 => rng.between(1, 4),
            65..=89 => rng.between(1, 16),
            90..=94 => 16,
            _ if wild => *rng.pick(&[17, 17, 18, 20]),
            _ => rng.between(5, 16),
        };
        // Which properties may leave the profile: none (the schema is
        // likely accepted), exactly one (its refusal is the one named), or
        // all of them (the first in byte order is named).
        let wild_one = rng.below(count);
        let wildness = if wild { rng.below(100) } else { 0 };
        let mut names: Vec<String> = Vec::new();
        let mut properties = Vec::new();
        for i in 0..count {
            let aim = match wildness {
                _ if !wild => aim,
                0..=34 => Aim::Accepted,
                35..=84 if i != wild_one => Aim::Accepted,
                _ => Aim::Anything,
            };
            let mut name = property_name(rng, aim);
            for _ in 0..4 {
                if !names.contains(&name) {
                    break;
                }
                name = property_name(rng, aim);
            }
            if names.contains(&name) {
                name = format!("p{i}_{}", rng.below(1000));
            }
            names.push(name.clone());
            properties.push((name, definition(rng, aim)));
        }
        if wild && rng.percent(2) && !names.is_empty() {
            // A duplicated property key in the text.
            let name = rng.pick(&names).clone();
            properties.push((name, definition(rng, aim)));
        }
        members.push(("properties".into(), J::Obj(properties)));
        if rng.percent(60) {
            let mut required = Vec::new();
            for name in &names {
                if rng.percent(50) {
                    required.push(s(name.clone()));
                }
            }
            if rng.percent(30) {
                required.push(match rng.below(6) {
                    0 => lit("1"),
                    1 => lit("null"),
                    2 => J::Obj(vec![]),
                    3 => J::Arr(vec![s(names[0].clone())]),
                    4 => lit("true"),
                    _ => s("not-a-property"),
                });
            }
            if rng.percent(10) && !names.is_empty() {
                required.push(s(names[0].to_uppercase()));
            }
            members.push(("required".into(), J::Arr(required)));
        } else if rng.percent(10) {
            let required = match rng.below(3) {
                0 => s(names[0].clone()),
                1 => J::Obj(vec![(names[0].clone(), lit("true"))]),
                _ => lit("true"),
            };
            members.push(("required".into(), required));
        }
    }
    if rng.percent(10) {
        match rng.below(4) {
            0 => members.push((
                "$schema".into(),
                s("https://json-schema.org/draft/2020-12/schema"),
            )),
            1 => members.push(("additionalProperties".into(), lit("false"))),
            2 => members.push(("title".into(), s("Password form"))),
            _ => members.push(("description".into(), s(short_text(rng)))),
        }
    }
    J::Obj(members)
}

fn server_name(rng: &mut Rng) -> String {
    match rng.below(100) {
        0..=34 => (*rng.pick(&[
            "billing",
            "acme",
            "github",
            "Acme Billing",
            "sixteen-chars-ok",
            "seventeen-chars-x",
            "日本語サーバー",
            "ééééééééééééééééé",
            "",
            "billing-server-with-a-long-name",
            "e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}e\u{301}",
            "😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀",
        ]))
        .to_string(),
        35..=64 => {
            let n = rng.between(0, 40);
            text_of_len(rng, n)
        }
        65..=74 => text_of_len(rng, 15),
        75..=84 => text_of_len(rng, 16),
        _ => text_of_len(rng, 17),
    }
}

// ---------------------------------------------------------------------------
// Describing both crates' results in one comparable text
// ---------------------------------------------------------------------------

fn our_refusal(refusal: &ours::FormRefusal) -> String {
    let variant = match refusal {
        ours::FormRefusal::Credential { property } => format!("Credential property={property:?}"),
        ours::FormRefusal::OutOfProfile { property, reason } => {
            format!("OutOfProfile property={property:?} reason={reason:?}")
        }
        ours::FormRefusal::Schema(reason) => format!("Schema reason={reason:?}"),
        // Only the engine-level message check makes this; a schema never does.
        ours::FormRefusal::Message(reason) => format!("Message reason={reason:?}"),
    };
    format!("refused: {variant}; display={:?}", refusal.to_string())
}

fn their_refusal(refusal: &theirs::FormRefusal) -> String {
    let variant = match refusal {
        theirs::FormRefusal::Credential { property } => format!("Credential property={property:?}"),
        theirs::FormRefusal::OutOfProfile { property, reason } => {
            format!("OutOfProfile property={property:?} reason={reason:?}")
        }
        theirs::FormRefusal::Schema(reason) => format!("Schema reason={reason:?}"),
    };
    format!("refused: {variant}; display={:?}", refusal.to_string())
}

/// The refusal path, with numbers and the quoted type elided: a tally key.
fn refusal_path(refusal: &theirs::FormRefusal) -> String {
    let reason = match refusal {
        theirs::FormRefusal::Credential { .. } => return "credential".into(),
        theirs::FormRefusal::OutOfProfile { reason, .. } => format!("property: {reason}"),
        theirs::FormRefusal::Schema(reason) => format!("schema: {reason}"),
    };
    if reason.starts_with("property: type \"") {
        return "property: type \"…\" is not a primitive".into();
    }
    let mut path = String::new();
    for c in reason.chars() {
        if !c.is_ascii_digit() {
            path.push(c);
        } else if !path.ends_with('#') {
            path.push('#');
        }
    }
    path
}

#[rustfmt::skip]
const REFUSAL_PATHS: &[&str] = &[
    "credential", "schema: is not an object", "schema: must have type \"object\"",
    "schema: has no properties", "schema: asks for # properties; at most # are accepted",
    "property: names must be # to # letters, digits, '_', '-' or '.'",
    "property: definition is not an object", "property: title is longer than # characters",
    "property: description is longer than # characters",
    "property: format is longer than # characters", "property: $ref is not supported",
    "property: type \"…\" is not a primitive", "property: has no type",
    "property: enum is not an array", "property: enum is empty",
    "property: enum has # members; at most # are accepted",
    "property: enum members must be strings", "property: enumNames must be strings",
    "property: enumNames does not match enum",
    "property: enum members and names must be # to # characters",
    "property: enum labels must be unique",
];

fn our_properties(form: &ours::FormSchema) -> String {
    form.properties
        .iter()
        .map(|p| {
            format!(
                "{:?} title={:?} description={:?} required={} kind={:?}\n",
                p.name, p.title, p.description, p.required, p.kind
            )
        })
        .collect()
}

fn their_properties(form: &theirs::FormSchema) -> String {
    form.properties
        .iter()
        .map(|p| {
            format!(
                "{:?} title={:?} description={:?} required={} kind={:?}\n",
                p.name, p.title, p.description, p.required, p.kind
            )
        })
        .collect()
}

fn json_text<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("serialisable")
}

/// A schema, generated and parsed by both crates, compared in full.
struct Parsed {
    text: String,
    ours: Result<ours::FormSchema, ours::FormRefusal>,
    theirs: Result<theirs::FormSchema, theirs::FormRefusal>,
}

fn parse_both(rng: &mut Rng, aim: Aim) -> Parsed {
    let text = schema_json(rng, aim).text(rng);
    let value: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("generated JSON does not parse ({e}): {text}"));
    Parsed {
        ours: ours::parse_requested_schema(&value),
        theirs: theirs::parse_requested_schema(&value),
        text,
    }
}

/// Compare the parse outcome; on both accepting, the properties too.
fn compare_parse(case: &mut Case, parsed: &Parsed) {
    match (&parsed.ours, &parsed.theirs) {
        (Ok(o), Ok(t)) => case.same("properties", our_properties(o), their_properties(t)),
        (o, t) => case.same(
            "outcome",
            o.as_ref().map_or_else(our_refusal, |_| "accepted".into()),
            t.as_ref().map_or_else(their_refusal, |_| "accepted".into()),
        ),
    }
}

/// A schema both crates accept (or, rarely, the last refused attempt).
fn accepted_schema(
    rng: &mut Rng,
    case: &mut Case,
    aim: Aim,
) -> Option<(String, ours::FormSchema, theirs::FormSchema)> {
    for _ in 0..20 {
        let parsed = parse_both(rng, aim);
        compare_parse(case, &parsed);
        if let (Ok(o), Ok(t)) = (parsed.ours, parsed.theirs) {
            return Some((parsed.text, o, t));
        }
    }
    None
}

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

#[derive(Clone)]
struct Answer {
    selected: Vec<String>,
    other_text: Option<String>,
}

fn answers_json(answers: &BTreeMap<String, Answer>) -> String {
    let map: serde_json::Map<String, Value> = answers
        .iter()
        .map(|(name, a)| {
            (
                name.clone(),
                json!({"selected": a.selected, "other_text": a.other_text}),
            )
        })
        .collect();
    json_text(&map)
}

fn our_answers(answers: &BTreeMap<String, Answer>) -> BTreeMap<String, ours::FormAnswer> {
    answers
        .iter()
        .map(|(name, a)| {
            (
                name.clone(),
                ours::FormAnswer {
                    selected: a.selected.clone(),
                    other_text: a.other_text.clone(),
                },
            )
        })
        .collect()
}

fn their_answers(answers: &BTreeMap<String, Answer>) -> BTreeMap<String, theirs::FormAnswer> {
    answers
        .iter()
        .map(|(name, a)| {
            (
                name.clone(),
                theirs::FormAnswer {
                    selected: a.selected.clone(),
                    other_text: a.other_text.clone(),
                },
            )
        })
        .collect()
}

/// Surround with White_Space that `trim` removes, sometimes.
fn pad(rng: &mut Rng, text: String) -> String {
    if rng.percent(30) {
        format!("{}{text}{}", blank_text(rng), blank_text(rng))
    } else {
        text
    }
}

fn float_text(rng: &mut Rng, value: f64, integer: bool) -> String {
    if integer && value.fract() == 0.0 && value.abs() < 9e15 && rng.percent(70) {
        return format!("{}", value as i64);
    }
    match rng.below(4) {
        0 => format!("{value}"),
        1 => format!("{value:?}"),
        2 => format!("{value:e}"),
        _ => format!("{value:E}"),
    }
}

/// A number answer meant to fit (whether it does is the crates' business).
fn fitting_number(
    rng: &mut Rng,
    integer: bool,
    minimum: Option<f64>,
    maximum: Option<f64>,
) -> String {
    let mut value = match rng.below(6) {
        0 => minimum.unwrap_or(0.0),
        1 => maximum.unwrap_or(0.0),
        2 => match (minimum, maximum) {
            (Some(low), Some(high)) => low / 2.0 + high / 2.0,
            (Some(low), None) => low + 1.0,
            (None, Some(high)) => high - 1.0,
            (None, None) => 7.0,
        },
        3 => match (minimum, maximum) {
            (Some(low), Some(high)) => low + (high - low) * (rng.below(1001) as f64 / 1000.0),
            _ => rng.below(10_000) as f64 / 8.0,
        },
        4 => 0.0,
        _ => rng.below(201) as f64 - 100.0,
    };
    // Into the interval, when there is one.
    if let Some(low) = minimum {
        value = value.max(low);
    }
    if let Some(high) = maximum {
        value = value.min(high);
    }
    if integer {
        value = value.round();
        if let Some(low) = minimum.filter(|low| value < *low) {
            value = low.ceil();
        }
        if let Some(high) = maximum.filter(|high| value > *high) {
            value = high.floor();
        }
    }
    let text = float_text(rng, value, integer);
    if rng.percent(5) && !text.starts_with('-') {
        format!("+{text}")
    } else {
        text
    }
}

#[rustfmt::skip]
const WRONG_NUMBERS: &[&str] = &[
    "1e3", ".5", "+5", "inf", "-inf", "+inf", "infinity", "Infinity", "INF", "NaN", "nan", "-NaN",
    "-0", "+0", "-0.0", "0x10", "0b1", "0o7", "1_000", "1,5", "1 000", "١٢", "５", "--5", "+-5",
    "5e", "e5", ".", "-", "+", "5.", "-.5", "1E3", "00012", "1e-400", "4.9e-324", "1e999", "-1e999",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
    "18446744073709551616", "1e19", "-1e19", "9007199254740993", "999999999999999.9", "1e15",
    "1e16", "1e21", "2.5", "0.1", "1e-7", "\u{FEFF}5", "5\u{200B}", "5\u{3000}", "\u{A0}5", "\t5\n",
    " 12 ", "1.0", "1.", "3.0000000000000001", "12abc", "abc", "", "  ", "\u{2028}", "0.5e1",
    "5e-1", "1e+3", "1.7976931348623157e308", "1.8e308", "9223372036854775296",
    "9223372036854775295", "-9223372036854775296", "1e18", "0e0",
];

fn wrong_number(
    rng: &mut Rng,
    integer: bool,
    minimum: Option<f64>,
    maximum: Option<f64>,
) -> Option<String> {
    let bounds: Vec<f64> = minimum.into_iter().chain(maximum).collect();
    Some(match rng.below(10) {
        0 => return None,
        1 => blank_text(rng),
        2..=5 => (*rng.pick(WRONG_NUMBERS)).to_string(),
        6 | 7 if !bounds.is_empty() => {
            // At or one step past a bound.
            let bound = *rng.pick(&bounds);
            let value = match rng.below(6) {
                0 => bound,
                1 => bound + 1.0,
                2 => bound - 1.0,
                3 => bound.next_up(),
                4 => bound.next_down(),
                _ => bound + 0.5,
            };
            float_text(rng, value, integer)
        }
        8 => format!("{}.5", rng.below(100)),
        _ => (*rng.pick(&["9223372036854775808", "1e19", "-9.3e18", "2.5", "1e-1"])).to_string(),
    })
}

fn fitting_answer(rng: &mut Rng, kind: &theirs::FormPropertyKind) -> Answer {
    use theirs::FormPropertyKind as K;
    let mut answer = Answer {
        selected: Vec::new(),
        other_text: None,
    };
    match kind {
        K::Enum { labels, .. } => {
            answer.selected.push(rng.pick(labels).clone());
            if rng.percent(20) {
                answer.other_text = Some(short_text(rng));
            }
        }
        K::Boolean { .. } => {
            answer
                .selected
                .push((*rng.pick(&["Yes", "No"])).to_string());
            if rng.percent(10) {
                answer.other_text = Some("No".into());
            }
        }
        K::Text { .. } => {
            let mut text = short_text(rng);
            if text.trim().is_empty() {
                text.push_str(rng.text(&["x", "\u{200B}", "\u{FEFF}", "é"]));
            }
            answer.other_text = Some(pad(rng, text));
            if rng.percent(10) {
                answer.selected.push("Other".into());
            }
        }
        K::Number {
            integer,
            minimum,
            maximum,
        } => {
            let text = fitting_number(rng, *integer, *minimum, *maximum);
            answer.other_text = Some(pad(rng, text));
        }
    }
    answer
}

fn wrong_answer(rng: &mut Rng, kind: &theirs::FormPropertyKind) -> Answer {
    use theirs::FormPropertyKind as K;
    let mut answer = Answer {
        selected: Vec::new(),
        other_text: None,
    };
    match kind {
        K::Enum { values, labels } => match rng.below(7) {
            0 => answer.other_text = Some(rng.pick(labels).clone()),
            1 => {
                // Several selected (possibly the same label twice).
                answer.selected.push(rng.pick(labels).clone());
                answer.selected.push(rng.pick(labels).clone());
            }
            2 => answer.selected.push(short_text(rng)),
            3 => answer.selected.push(rng.pick(values).clone()),
            4 => answer.selected.push(format!(" {}", rng.pick(labels))),
            5 => answer.selected.push(rng.pick(labels).to_uppercase()),
            _ => answer
                .selected
                .push((*rng.pick(&["Yes", "", "Other"])).to_string()),
        },
        K::Boolean { .. } => match rng.below(4) {
            0 => {}
            1 => answer.selected = vec!["Yes".into(), "No".into()],
            2 => answer.other_text = Some("Yes".into()),
            _ => answer.selected.push(
                (*rng.pick(&[
                    "yes",
                    "YES",
                    "true",
                    "Yes ",
                    " No",
                    "Nö",
                    "No\u{200B}",
                    "Y",
                    "Да",
                    "Yes",
                ]))
                .to_string(),
            ),
        },
        K::Text { .. } => match rng.below(4) {
            0 => {}
            1 => answer.other_text = Some(String::new()),
            2 => answer.other_text = Some(blank_text(rng) + &blank_text(rng)),
            _ => {
                answer.selected.push("x".into());
                answer.other_text = Some((*rng.pick(WHITESPACE)).to_string());
            }
        },
        K::Number {
            integer,
            minimum,
            maximum,
        } => {
            answer.other_text = wrong_number(rng, *integer, *minimum, *maximum);
            if rng.percent(10) {
                answer.selected.push("5".into());
            }
        }
    }
    answer
}

/// Answers for `form`: in `wrong_percent` of the sets some are wrong (mostly
/// exactly one, so that every property gets its turn at being the first
/// misfit), in the rest all are meant to fit.
fn generate_answers(
    rng: &mut Rng,
    form: &theirs::FormSchema,
    wrong_percent: u64,
) -> BTreeMap<String, Answer> {
    let wrong_set = rng.percent(wrong_percent);
    let several = rng.percent(25);
    let wrong_at = rng.below(form.properties.len().max(1));
    let mut answers = BTreeMap::new();
    for (i, property) in form.properties.iter().enumerate() {
        let wrong = wrong_set
            && if several {
                rng.percent(30)
            } else {
                i == wrong_at
            };
        if wrong && rng.percent(12) {
            continue; // not answered
        }
        let answer = if wrong {
            wrong_answer(rng, &property.kind)
        } else {
            fitting_answer(rng, &property.kind)
        };
        answers.insert(property.name.clone(), answer);
    }
    if rng.percent(20) {
        // Answers for names the schema does not have are ignored.
        for _ in 0..rng.between(1, 3) {
            let name = match rng.below(3) {
                0 => (*rng.pick(&["unknown", "extra", "", "zzz", "PLAN", "é"])).to_string(),
                1 => composed_name(rng),
                _ => short_text(rng),
            };
            if !form.properties.iter().any(|p| p.name == name) {
                let answer = Answer {
                    selected: vec![short_text(rng)],
                    other_text: Some(short_text(rng)),
                };
                answers.insert(name, answer);
            }
        }
    }
    answers
}

fn answer_error_kind(error: &str) -> String {
    // `'name' <problem>`: names are ASCII letters, digits, '_', '-', '.'.
    let problem = error.splitn(3, '\'').nth(2).unwrap_or(error).trim_start();
    if problem.starts_with("was not offered") {
        "was not offered …".into()
    } else {
        problem.to_string()
    }
}

#[rustfmt::skip]
const ANSWER_PATHS: &[&str] = &[
    "ok", "was not answered", "needs exactly one choice", "was not offered …", "needs yes or no",
    "has no text", "has no number", "is not a number", "is out of range", "is not a whole number",
];

// ---------------------------------------------------------------------------
// Timestamps and records
// ---------------------------------------------------------------------------

/// 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z: the range this crate holds.
const MIN_SECONDS: i64 = -62_167_219_200;
const END_SECONDS: i64 = 253_402_300_800;
const TTL_SECONDS: i64 = 30 * 60;

fn random_instant(rng: &mut Rng) -> (i64, u32) {
    let seconds = match rng.below(10) {
        0..=4 => 1_500_000_000 + rng.below(4_000_000_000) as i64,
        5..=7 => rng.in_range(MIN_SECONDS, END_SECONDS),
        8 => {
            let near = rng.below(2 * 3600) as i64;
            if rng.percent(50) {
                MIN_SECONDS + near
            } else {
                END_SECONDS - 1 - near
            }
        }
        _ => rng.below(200_000) as i64 - 100_000,
    };
    let nanos = match rng.below(6) {
        0 => 0,
        1 => rng.below(1000) as u32 * 1_000_000,
        2 => rng.below(1_000_000) as u32 * 1_000,
        3 => *rng.pick(&[1, 999_999_999, 1_000, 999_999_000, 100_000_000]),
        _ => rng.below(1_000_000_000) as u32,
    };
    (seconds, nanos)
}

fn chrono_at(seconds: i64, nanos: u32) -> DateTime<Utc> {
    DateTime::from_timestamp(seconds, nanos).expect("in chrono's range")
}

fn our_at(seconds: i64, nanos: u32) -> ours::Timestamp {
    ours::Timestamp::from_unix(seconds, nanos).expect("in this crate's range")
}

struct Fields {
    server: String,
    tool: String,
    fingerprint: String,
    accept: bool,
    answers: BTreeMap<String, Answer>,
    at: (i64, u32),
}

fn random_fields(rng: &mut Rng) -> Fields {
    let text = |rng: &mut Rng| match rng.below(4) {
        0 => short_text(rng),
        1 => composed_name(rng),
        _ => {
            let n = rng.between(0, 20);
            text_of_len(rng, n)
        }
    };
    let fingerprint = if rng.percent(60) {
        (0..64)
            .map(|_| char::from(*rng.pick(b"0123456789abcdef")))
            .collect()
    } else {
        text(rng)
    };
    let mut answers = BTreeMap::new();
    for _ in 0..rng.below(5) {
        let name = text(rng);
        let selected = (0..rng.below(4)).map(|_| text(rng)).collect();
        let other_text = if rng.percent(50) {
            Some(text(rng))
        } else {
            None
        };
        answers.insert(
            name,
            Answer {
                selected,
                other_text,
            },
        );
    }
    Fields {
        server: text(rng),
        tool: text(rng),
        fingerprint,
        accept: rng.percent(60),
        answers,
        at: random_instant(rng),
    }
}

fn our_record(fields: &Fields) -> ours::StoredFormAnswer {
    ours::StoredFormAnswer {
        server: fields.server.clone(),
        tool: fields.tool.clone(),
        fingerprint: fields.fingerprint.clone(),
        action: if fields.accept {
            ours::FormAnswerAction::Accept
        } else {
            ours::FormAnswerAction::Decline
        },
        answers: our_answers(&fields.answers),
        expires_at: our_at(fields.at.0, fields.at.1),
    }
}

fn their_record(fields: &Fields) -> theirs::StoredFormAnswer {
    theirs::StoredFormAnswer {
        server: fields.server.clone(),
        tool: fields.tool.clone(),
        fingerprint: fields.fingerprint.clone(),
        action: if fields.accept {
            theirs::FormAnswerAction::Accept
        } else {
            theirs::FormAnswerAction::Decline
        },
        answers: their_answers(&fields.answers),
        expires_at: chrono_at(fields.at.0, fields.at.1),
    }
}

fn describe_our_record(record: &ours::StoredFormAnswer) -> String {
    let action = match record.action {
        ours::FormAnswerAction::Accept => "accept",
        ours::FormAnswerAction::Decline => "decline",
    };
    let answers: Vec<_> = record
        .answers
        .iter()
        .map(|(k, a)| (k, &a.selected, &a.other_text))
        .collect();
    format!(
        "server={:?} tool={:?} fingerprint={:?} action={action} answers={answers:?} expires_at={}+{}ns",
        record.server,
        record.tool,
        record.fingerprint,
        record.expires_at.unix_seconds(),
        record.expires_at.subsec_nanos()
    )
}

fn describe_their_record(record: &theirs::StoredFormAnswer) -> String {
    let action = match record.action {
        theirs::FormAnswerAction::Accept => "accept",
        theirs::FormAnswerAction::Decline => "decline",
    };
    let answers: Vec<_> = record
        .answers
        .iter()
        .map(|(k, a)| (k, &a.selected, &a.other_text))
        .collect();
    format!(
        "server={:?} tool={:?} fingerprint={:?} action={action} answers={answers:?} expires_at={}+{}ns",
        record.server,
        record.tool,
        record.fingerprint,
        record.expires_at.timestamp(),
        record.expires_at.timestamp_subsec_nanos()
    )
}

/// The same instant written another way this crate documents it reads:
/// lowercase `t`/`z`, a space, an offset, or a fixed number of fraction
/// digits (truncating, which both sides then read alike).
fn respelled_instant(rng: &mut Rng, seconds: i64, nanos: u32) -> String {
    let offset_minutes: i64 = match rng.below(3) {
        0 => 0,
        1 => rng.below(24 * 60) as i64,
        _ => -(rng.below(24 * 60) as i64),
    };
    let local = chrono_at(seconds, nanos).naive_utc() + chrono::Duration::minutes(offset_minutes);
    let separator = *rng.pick(&["T", "t", " "]);
    let digits = rng.below(10);
    let fraction = if digits == 0 {
        String::new()
    } else {
        let all = format!("{nanos:09}");
        format!(".{}", &all[..digits])
    };
    let zone = if offset_minutes == 0 && rng.percent(70) {
        (*rng.pick(&["Z", "z", "+00:00", "-00:00"])).to_string()
    } else {
        let sign = if offset_minutes < 0 { '-' } else { '+' };
        let minutes = offset_minutes.abs();
        format!("{sign}{:02}:{:02}", minutes / 60, minutes % 60)
    };
    format!(
        "{}{separator}{}{fraction}{zone}",
        local.format("%Y-%m-%d"),
        local.format("%H:%M:%S")
    )
}

// ---------------------------------------------------------------------------
// One-shot stores for both handlers
// ---------------------------------------------------------------------------

struct OurOneShot {
    record: Mutex<Option<ours::StoredFormAnswer>>,
    unreachable: bool,
}

impl ours::FormAnswerStore for OurOneShot {
    fn take_form_answer<'a>(
        &'a self,
        _server: &'a str,
        _tool: &'a str,
    ) -> ours::handler::BoxFuture<'a, Result<Option<ours::StoredFormAnswer>, ours::StoreError>>
    {
        Box::pin(async move {
            if self.unreachable {
                return Err("store unreachable".into());
            }
            Ok(self.record.lock().unwrap().take())
        })
    }
}

struct TheirOneShot {
    record: Mutex<Option<theirs::StoredFormAnswer>>,
    unreachable: bool,
}

#[async_trait::async_trait]
impl theirs::FormAnswerStore for TheirOneShot {
    async fn take_form_answer(
        &self,
        _server: &str,
        _tool: &str,
    ) -> anyhow::Result<Option<theirs::StoredFormAnswer>> {
        if self.unreachable {
            anyhow::bail!("store unreachable");
        }
        Ok(self.record.lock().unwrap().take())
    }
}

fn our_outcome(outcome: &ours::FormOutcome) -> String {
    match outcome {
        ours::FormOutcome::Accept(content) => format!("accept {}", json_text(content)),
        ours::FormOutcome::Decline => "decline".into(),
        ours::FormOutcome::Ask => "ask".into(),
    }
}

fn their_outcome(outcome: &theirs::FormOutcome) -> String {
    match outcome {
        theirs::FormOutcome::Accept(content) => format!("accept {}", json_text(content)),
        theirs::FormOutcome::Decline => "decline".into(),
        theirs::FormOutcome::Ask => "ask".into(),
    }
}

/// A string equal to `text` most of the time, else a near variant.
fn same_or_near(rng: &mut Rng, text: &str) -> String {
    match rng.below(12) {
        0 => format!("{text} "),
        1 => text.to_uppercase(),
        2 => format!("{text}\u{200B}"),
        3 => short_text(rng),
        _ => text.to_string(),
    }
}

// ---------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------

#[test]
fn generated_schemas_parse_question_and_fingerprint_as_the_backend_does() {
    let mut paths = Tally::default();
    let run = run(
        "generated_schemas_parse_question_and_fingerprint_as_the_backend_does",
        1,
        |rng, case| {
            let parsed = parse_both(rng, Aim::Anything);
            let server = server_name(rng);
            case.input("schema", &parsed.text);
            case.input("server", format!("{server:?}"));
            compare_parse(case, &parsed);
            match (&parsed.ours, &parsed.theirs) {
                (Ok(o), Ok(t)) => {
                    paths.count("accepted");
                    case.same(
                        "questions",
                        json_text(&o.questions(&server)),
                        json_text(&t.questions(&server)),
                    );
                    case.same("fingerprint", o.fingerprint(), t.fingerprint());
                }
                (_, Err(t)) => paths.count(refusal_path(t)),
                (Err(_), Ok(_)) => {}
            }
        },
    );
    println!("outcomes:\n{}", paths.summary());
    if run.is_full() {
        let missing = paths.missing(REFUSAL_PATHS);
        assert!(
            missing.is_empty(),
            "the generator never reached: {missing:?}"
        );
        assert!(
            paths.0.get("accepted").copied().unwrap_or_default() > run.cases / 4,
            "too few accepted schemas"
        );
    }
}

#[test]
fn generated_answers_convert_as_the_backend_does() {
    let mut paths = Tally::default();
    let run = run(
        "generated_answers_convert_as_the_backend_does",
        2,
        |rng, case| {
            let Some((text, o, t)) = accepted_schema(rng, case, Aim::Accepted) else {
                paths.count("no accepted schema");
                return;
            };
            let answers = generate_answers(rng, &t, 60);
            case.input("schema", &text);
            case.input("answers", answers_json(&answers));
            let ours_content = o.content_from_answers(&our_answers(&answers));
            let their_content = t.content_from_answers(&their_answers(&answers));
            match &their_content {
                Ok(_) => paths.count("ok"),
                Err(error) => paths.count(answer_error_kind(error)),
            }
            case.same(
                "content",
                format!(
                    "{:?}",
                    ours_content
                        .map(|c| json_text(&c))
                        .map_err(|e| e.to_string())
                ),
                format!("{:?}", their_content.map(|c| json_text(&c))),
            );
        },
    );
    println!("outcomes:\n{}", paths.summary());
    if run.is_full() {
        let missing = paths.missing(ANSWER_PATHS);
        assert!(
            missing.is_empty(),
            "the generator never reached: {missing:?}"
        );
    }
}

#[test]
fn credential_words_are_recognised_as_the_backend_recognises_them() {
    let mut seen = Tally::default();
    let run = run(
        "credential_words_are_recognised_as_the_backend_recognises_them",
        3,
        |rng, case| {
            let text = match rng.below(5) {
                0 => property_name(rng, Aim::Anything),
                1 => (*rng.pick(TITLE_CREDENTIALS)).to_string(),
                2 => (*rng.pick(TITLE_NEAR_MISSES)).to_string(),
                3 => {
                    // Credential words and pairs run together in every style.
                    let pool: Vec<&str> = CREDENTIAL_NAMES
                        .iter()
                        .chain(NEAR_MISSES)
                        .chain(NAME_WORDS)
                        .copied()
                        .collect();
                    let n = rng.between(1, 4);
                    let separators = [
                        "", "_", "-", ".", " ", "\u{3000}", "é", "İ", "1", "\u{301}", "\u{200B}",
                        "/",
                    ];
                    let mut text = String::new();
                    for i in 0..n {
                        if i > 0 {
                            text.push_str(rng.text(&separators));
                        }
                        let word = *rng.pick(&pool);
                        match rng.below(5) {
                            0 => text.push_str(&word.to_uppercase()),
                            1 => text.push_str(&word.to_lowercase()),
                            2 => {
                                let mut chars = word.chars();
                                if let Some(first) = chars.next() {
                                    text.extend(first.to_uppercase());
                                    text.extend(chars);
                                }
                            }
                            _ => text.push_str(word),
                        }
                    }
                    text
                }
                _ => short_text(rng),
            };
            case.input("text", format!("{text:?}"));
            let answer = theirs::names_a_credential(&text);
            seen.count(if answer {
                "a credential"
            } else {
                "not a credential"
            });
            case.same(
                "names_a_credential",
                ours::names_a_credential(&text).to_string(),
                answer.to_string(),
            );
        },
    );
    println!("outcomes:\n{}", seen.summary());
    if run.is_full() {
        let missing = seen.missing(&["a credential", "not a credential"]);
        assert!(
            missing.is_empty(),
            "the generator never reached: {missing:?}"
        );
    }
}

#[test]
fn storage_keys_fold_as_the_backend_folds_them() {
    run(
        "storage_keys_fold_as_the_backend_folds_them",
        4,
        |rng, case| {
            let part = |rng: &mut Rng| match rng.below(4) {
                0 => server_name(rng),
                1 => composed_name(rng),
                2 => format!("{}/{}", composed_name(rng), short_text(rng)),
                _ => {
                    let n = rng.between(0, 30);
                    text_of_len(rng, n)
                }
            };
            let server = part(rng);
            let tool = part(rng);
            case.input("server", format!("{server:?}"));
            case.input("tool", format!("{tool:?}"));
            case.same(
                "form_answer_storage_key",
                ours::form_answer_storage_key(&server, &tool),
                theirs::form_answer_storage_key(&server, &tool),
            );
        },
    );
}

#[test]
fn stored_answers_round_trip_between_the_two_crates() {
    run(
        "stored_answers_round_trip_between_the_two_crates",
        5,
        |rng, case| {
            // The backend's record, read and rewritten by this crate.
            let fields = random_fields(rng);
            let record = their_record(&fields);
            let text = json_text(&record);
            case.input("backend record", &text);
            match serde_json::from_str::<ours::StoredFormAnswer>(&text) {
                Ok(read) => {
                    case.same(
                        "fields read from the backend",
                        describe_our_record(&read),
                        describe_their_record(&record),
                    );
                    case.same("rewritten backend record", json_text(&read), text.clone());
                }
                Err(error) => case.same(
                    "reading the backend record",
                    format!("error: {error}"),
                    "ok",
                ),
            }

            // This crate's record, read and rewritten by the backend.
            let fields = random_fields(rng);
            let record = our_record(&fields);
            let text = json_text(&record);
            case.input("our record", &text);
            match serde_json::from_str::<theirs::StoredFormAnswer>(&text) {
                Ok(read) => {
                    case.same(
                        "fields read by the backend",
                        describe_our_record(&record),
                        describe_their_record(&read),
                    );
                    case.same(
                        "record rewritten by the backend",
                        text.clone(),
                        json_text(&read),
                    );
                }
                Err(error) => case.same(
                    "the backend reading our record",
                    "ok",
                    format!("error: {error}"),
                ),
            }

            // The same text altered: both must read it alike, or both refuse it.
            if rng.percent(60) {
                let mut value: Value = serde_json::from_str(&text).unwrap();
                let object = value.as_object_mut().unwrap();
                let first_answer = object["answers"]
                    .as_object()
                    .and_then(|a| a.keys().next().cloned());
                let structural = match rng.below(12) {
                    0 => {
                        object.remove("answers");
                        true
                    }
                    1 | 2 => {
                        if let Some(name) = &first_answer {
                            let key = if rng.percent(50) {
                                "selected"
                            } else {
                                "other_text"
                            };
                            object["answers"][name].as_object_mut().unwrap().remove(key);
                        }
                        true
                    }
                    3 => {
                        object.insert("extra".into(), json!([1, {"x": null}]));
                        true
                    }
                    4 => {
                        object.insert(
                            "action".into(),
                            json!(rng.pick(&["Accept", "ACCEPT", "declined", "cancel", ""])),
                        );
                        true
                    }
                    5 => {
                        object.insert(
                            (*rng.pick(&["server", "tool", "fingerprint", "action"])).into(),
                            json!(1),
                        );
                        true
                    }
                    6 => {
                        object.insert("answers".into(), json!(null));
                        true
                    }
                    7 => {
                        if let Some(name) = &first_answer {
                            object["answers"][name]["other_text"] = json!(5);
                        }
                        true
                    }
                    8 => {
                        object.remove(*rng.pick(&[
                            "server",
                            "tool",
                            "fingerprint",
                            "action",
                            "expires_at",
                        ]));
                        true
                    }
                    _ => {
                        // The instant spelled another documented way, away from
                        // the ends of the year range an offset could cross.
                        let (seconds, nanos) = fields.at;
                        if seconds > MIN_SECONDS + 86_400 && seconds < END_SECONDS - 86_400 {
                            object.insert(
                                "expires_at".into(),
                                json!(respelled_instant(rng, seconds, nanos)),
                            );
                        }
                        false
                    }
                };
                let altered = json_text(&value);
                case.input("altered", &altered);
                let read_ours = serde_json::from_str::<ours::StoredFormAnswer>(&altered);
                let read_theirs = serde_json::from_str::<theirs::StoredFormAnswer>(&altered);
                match (&read_ours, &read_theirs) {
                    (Ok(o), Ok(t)) => {
                        case.same(
                            "altered record fields",
                            describe_our_record(o),
                            describe_their_record(t),
                        );
                        case.same("altered record rewritten", json_text(o), json_text(t));
                    }
                    (Err(o), Err(t)) if structural => {
                        case.same("altered record error", o.to_string(), t.to_string())
                    }
                    (Err(_), Err(_)) => {}
                    (o, t) => case.same(
                        "reading the altered record",
                        o.as_ref()
                            .map_or_else(|e| format!("error: {e}"), |_| "ok".into()),
                        t.as_ref()
                            .map_or_else(|e| format!("error: {e}"), |_| "ok".into()),
                    ),
                }
            }
        },
    );
}

#[test]
fn records_apply_and_expire_as_the_backend_decides() {
    let mut past_9999 = 0u64;
    let mut seen = Tally::default();
    let run = run(
        "records_apply_and_expire_as_the_backend_decides",
        6,
        |rng, case| {
            let fields = random_fields(rng);
            let (our, their) = (our_record(&fields), their_record(&fields));
            let delta: i64 = match rng.below(9) {
                0 => 0,
                1 => -1,
                2 => 1,
                3 => *rng.pick(&[-1_000_000_000, 1_000_000_000]),
                4 => -TTL_SECONDS * 1_000_000_000,
                5 => rng.in_range(-1_000_000_000_000, 1_000_000_000_000),
                6 => rng.in_range(-3_000_000_000_000_000_000, 3_000_000_000_000_000_000),
                _ => rng.in_range(-10_000_000_000_000_000, 10_000_000_000_000_000),
            };
            let now = our.expires_at.plus_nanos(delta).unwrap_or(our.expires_at);
            let their_now = chrono_at(now.unix_seconds(), now.subsec_nanos());
            let server = same_or_near(rng, &fields.server);
            let tool = same_or_near(rng, &fields.tool);
            let fingerprint = same_or_near(rng, &fields.fingerprint);
            case.input("record", json_text(&their));
            case.input(
                "asked",
                format!(
                    "server={server:?} tool={tool:?} fingerprint={fingerprint:?} now={their_now:?}"
                ),
            );
            let applies = their.applies_to(&server, &tool, &fingerprint, their_now);
            seen.count(if applies { "applies" } else { "does not apply" });
            case.same(
                "applies_to",
                our.applies_to(&server, &tool, &fingerprint, now)
                    .to_string(),
                applies.to_string(),
            );

            // A record made at `now` expires thirty minutes later, written alike.
            let answers = fields.answers.clone();
            let made_ours = ours::StoredFormAnswer::new(
                &server,
                &tool,
                &fingerprint,
                ours::FormAnswerAction::Decline,
                our_answers(&answers),
                now,
            );
            let made_theirs = theirs::StoredFormAnswer::new(
                &server,
                &tool,
                &fingerprint,
                theirs::FormAnswerAction::Decline,
                their_answers(&answers),
                their_now,
            );
            // This crate holds the years 0000 to 9999 and says so: a record made
            // in the last half hour of 9999 is refused, where chrono writes year
            // +10000.
            let theirs_text = if made_theirs.expires_at.year() > 9999 {
                "expires after the year 9999".to_string()
            } else {
                json_text(&made_theirs)
            };
            let ours_text = match made_ours {
                Ok(record) => json_text(&record),
                Err(_) => {
                    past_9999 += 1;
                    "expires after the year 9999".to_string()
                }
            };
            case.same("StoredFormAnswer::new", ours_text, theirs_text);
        },
    );
    println!(
        "records made in the last half hour of 9999 (this crate refuses them, chrono writes year +10000): {past_9999}"
    );
    println!("outcomes:\n{}", seen.summary());
    if run.is_full() {
        let missing = seen.missing(&["applies", "does not apply"]);
        assert!(
            missing.is_empty(),
            "the generator never reached: {missing:?}"
        );
        assert!(
            past_9999 > 0,
            "no record was made in the last half hour of 9999"
        );
    }
}

#[test]
fn recorded_answers_are_sent_declined_or_asked_again_as_the_backend_decides() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let mut paths = Tally::default();
    run(
        "recorded_answers_are_sent_declined_or_asked_again_as_the_backend_decides",
        7,
        |rng, case| {
            let Some((text, o, t)) = accepted_schema(rng, case, Aim::Small) else {
                return;
            };
            let answers = generate_answers(rng, &t, 35);
            let server = server_name(rng);
            let tool = composed_name(rng);
            let message = short_text(rng);
            case.input("schema", &text);
            case.input("answers", answers_json(&answers));
            case.input("server, tool", format!("{server:?}, {tool:?}"));
            let fingerprint = t.fingerprint();
            let our_elicitation = ours::FormElicitation {
                server_name: server.clone(),
                tool_name: tool.clone(),
                key: "input".into(),
                message: message.clone(),
                schema: o,
            };
            let their_elicitation = theirs::FormElicitation {
                server_name: server.clone(),
                tool_name: tool.clone(),
                key: "input".into(),
                message,
                schema: t,
            };

            // (A quarter of the cases: questions and fingerprints are compared
            // on every accepted schema by the schema test already.)
            if rng.percent(25) {
                let (p, q) = (our_elicitation.pending(), their_elicitation.pending());
                case.same(
                    "pending",
                    format!(
                        "{p} | {:?} | {:?} | {:?} | {} | {}",
                        p.server_name,
                        p.tool_name,
                        p.message,
                        json_text(&p.questions),
                        p.fingerprint
                    ),
                    format!(
                        "{q} | {:?} | {:?} | {:?} | {} | {}",
                        q.server_name,
                        q.tool_name,
                        q.message,
                        json_text(&q.questions),
                        q.fingerprint
                    ),
                );
            }

            // The record, far from its expiry either way, since the backend
            // reads the clock itself.
            let record = match rng.below(20) {
                0 | 1 => None,
                _ => {
                    let hours = rng.between(1, 50 * 365 * 24) as i64;
                    let expires = if rng.percent(15) {
                        Utc::now() - chrono::Duration::hours(hours)
                    } else {
                        Utc::now() + chrono::Duration::hours(hours)
                    };
                    let expires =
                        expires + chrono::Duration::nanoseconds(rng.below(1_000_000_000) as i64);
                    let record_fingerprint = match rng.below(12) {
                        0 => "stale".to_string(),
                        1 => fingerprint.to_uppercase(),
                        2 => format!("{}0", &fingerprint[..63]),
                        _ => fingerprint.clone(),
                    };
                    let accept = rng.percent(80);
                    Some(Fields {
                        server: if rng.percent(8) {
                            same_or_near(rng, &server)
                        } else {
                            server.clone()
                        },
                        tool: if rng.percent(8) {
                            same_or_near(rng, &tool)
                        } else {
                            tool.clone()
                        },
                        fingerprint: record_fingerprint,
                        accept,
                        answers,
                        at: (expires.timestamp(), expires.timestamp_subsec_nanos()),
                    })
                }
            };
            let unreachable = rng.percent(5);
            let second_call = rng.percent(25);
            if let Some(fields) = &record {
                case.input("record", json_text(&their_record(fields)));
            }
            case.input("store unreachable", unreachable.to_string());

            let decided = if unreachable {
                our_elicitation.decide(None, ours::Timestamp::now())
            } else {
                our_elicitation.decide(
                    record.as_ref().map(our_record).as_ref(),
                    ours::Timestamp::now(),
                )
            };
            let our_handler = ours::StoredFormAnswers::new(Arc::new(OurOneShot {
                record: Mutex::new(record.as_ref().map(our_record)),
                unreachable,
            }));
            let their_handler = theirs::StoredFormAnswers::new(Arc::new(TheirOneShot {
                record: Mutex::new(record.as_ref().map(their_record)),
                unreachable,
            }));
            runtime.block_on(async {
                use ours::FormElicitationHandler as _;
                use theirs::FormElicitationHandler as _;
                let first_ours = our_handler
                    .answer_form(&our_elicitation)
                    .await
                    .map(|o| our_outcome(&o))
                    .map_err(|e| e.to_string());
                let first_theirs = their_handler
                    .answer_form(&their_elicitation)
                    .await
                    .map(|o| their_outcome(&o))
                    .map_err(|e| e.to_string());
                if let Ok(outcome) = &first_theirs {
                    paths.count(outcome.split(' ').next().unwrap_or_default());
                }
                case.same(
                    "decide",
                    format!("{:?}", Ok::<_, String>(our_outcome(&decided))),
                    format!("{first_theirs:?}"),
                );
                case.same(
                    "handler",
                    format!("{first_ours:?}"),
                    format!("{first_theirs:?}"),
                );
                if !second_call {
                    return;
                }
                // One answer is sent at most once.
                let again_ours = our_handler
                    .answer_form(&our_elicitation)
                    .await
                    .map(|o| our_outcome(&o))
                    .map_err(|e| e.to_string());
                let again_theirs = their_handler
                    .answer_form(&their_elicitation)
                    .await
                    .map(|o| their_outcome(&o))
                    .map_err(|e| e.to_string());
                case.same(
                    "handler, second call",
                    format!("{again_ours:?}"),
                    format!("{again_theirs:?}"),
                );
            });
        },
    );
    println!("outcomes:\n{}", paths.summary());
}
