//! Timestamps and stored answers: records made by either crate read by the
//! other, and when a record applies and when it expires.

use std::collections::BTreeMap;

use super::theirs;
use chrono::{DateTime, Datelike, Utc};
use elicit_form as ours;
use serde_json::{Value, json};

use super::answers::{Answer, our_answers, their_answers};
use super::parse::json_text;
use crate::schemas::composed_name;
use crate::seeds::{Rng, Tally, run};
use crate::text::{short_text, text_of_len};

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

pub(crate) struct Fields {
    pub(crate) server: String,
    pub(crate) tool: String,
    pub(crate) fingerprint: String,
    pub(crate) accept: bool,
    pub(crate) answers: BTreeMap<String, Answer>,
    pub(crate) at: (i64, u32),
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

pub(crate) fn our_record(fields: &Fields) -> ours::StoredFormAnswer {
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

pub(crate) fn their_record(fields: &Fields) -> theirs::StoredFormAnswer {
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

/// A record as text, written once over either crate's `StoredFormAnswer`;
/// `$seconds` and `$nanos` read its expiry (this crate's `Timestamp`,
/// chrono's `DateTime` for everruns-core).
macro_rules! record_text {
    ($krate:ident, $record:expr, $seconds:ident, $nanos:ident) => {{
        let record: &$krate::StoredFormAnswer = $record;
        let action = match record.action {
            $krate::FormAnswerAction::Accept => "accept",
            $krate::FormAnswerAction::Decline => "decline",
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
            record.expires_at.$seconds(),
            record.expires_at.$nanos()
        )
    }};
}

fn describe_our_record(record: &ours::StoredFormAnswer) -> String {
    record_text!(ours, record, unix_seconds, subsec_nanos)
}

fn describe_their_record(record: &theirs::StoredFormAnswer) -> String {
    record_text!(theirs, record, timestamp, timestamp_subsec_nanos)
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

/// A string equal to `text` most of the time, else a near variant.
pub(crate) fn same_or_near(rng: &mut Rng, text: &str) -> String {
    match rng.below(12) {
        0 => format!("{text} "),
        1 => text.to_uppercase(),
        2 => format!("{text}\u{200B}"),
        3 => short_text(rng),
        _ => text.to_string(),
    }
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
