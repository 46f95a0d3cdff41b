//! Generated `requestedSchema`s aimed at acceptance or at one refusal:
//! property names, titles, descriptions, formats, numbers, enums and
//! definitions, each at and one past its bound.

use std::fmt::Write as _;

use crate::json_spelling::{J, lit, s};
use crate::seeds::Rng;
use crate::text::{
    COMBINING, INVISIBLE, NON_ASCII, WHITESPACE, blank_text, phrase, short_text, text_of_len,
};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Aim {
    /// Every refusal path, at a useful rate.
    Anything,
    /// Mostly schemas in profile, to answer.
    Accepted,
    /// Like `Accepted`, with at most four properties and no texts at their
    /// length bounds: for tests about what happens around the schema.
    Small,
}

#[rustfmt::skip]
pub(crate) const NAME_WORDS: &[&str] = &[
    "name", "email", "plan", "seats", "age", "notify", "ratio", "count", "start", "date", "city",
    "zip", "code", "key", "number", "card", "access", "one", "time", "user", "first", "last", "id",
    "url", "color", "size", "level", "api", "security", "verification", "private", "note", "x", "a",
    "b", "Z", "amount", "v2", "2", "token2x", "pinion",
];
#[rustfmt::skip]
pub(crate) const NEAR_MISSES: &[&str] = &[
    "spinner", "opinion", "OTPCode", "HTTPToken", "tokenizer_choice", "keyboard", "pinned",
    "secretary", "passwords", "tokens", "apiKeys", "keyPair", "cardNumbers", "onetime", "pinata",
    "passport", "tokenize", "SSNs", "cvvs", "otpauth", "Secretariat", "credentialing",
    "spinnerSize", "twoFactor", "one_timer", "timeOne", "keyApi", "api.keys", "numberCard",
    "APIKey", "PINCode", "userPIN", "myAPIKey", "accessKeys", "cardNumber2",
];
#[rustfmt::skip]
pub(crate) const CREDENTIAL_NAMES: &[&str] = &[
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

pub(crate) fn composed_name(rng: &mut Rng) -> String {
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

pub(crate) fn property_name(rng: &mut Rng, aim: Aim) -> String {
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
pub(crate) const TITLE_CREDENTIALS: &[&str] = &[
    "Your password", "API key", "Api Key", "Card number", "One-time code", "one time password",
    "Security code", "Verification code", "PIN", "Enter your PIN", "Access token", "Secret", "SSN",
    "2FA code", "MFA", "Private key", "secret key", "Passphrase please", "Your CVV",
];
#[rustfmt::skip]
pub(crate) const TITLE_NEAR_MISSES: &[&str] = &[
    "Spinner speed", "Your opinion", "Keyboard layout", "Tokenizer", "Passport number",
    "Card holder", "Key number", "Time one", "Security", "Pinned tab", "OTPCode", "HTTPToken",
    "Api", "Keys", "Number card",
];

pub(crate) fn title(rng: &mut Rng, aim: Aim) -> J {
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

pub(crate) fn description(rng: &mut Rng, aim: Aim) -> J {
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

pub(crate) fn schema_json(rng: &mut Rng, aim: Aim) -> J {
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

pub(crate) fn server_name(rng: &mut Rng) -> String {
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
