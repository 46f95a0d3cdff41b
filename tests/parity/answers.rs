//! Answers right and wrong in each way for an accepted schema, and the test
//! that both crates convert them to the same content or the same error.

use std::collections::BTreeMap;

use super::theirs;
use elicit_form as ours;
use serde_json::{Value, json};

use super::parse::{accepted_schema, json_text};
use crate::schemas::{Aim, composed_name};
use crate::seeds::{Rng, Tally, run};
use crate::text::{WHITESPACE, blank_text, short_text};

#[derive(Clone)]
pub(crate) struct Answer {
    pub(crate) selected: Vec<String>,
    pub(crate) other_text: Option<String>,
}

pub(crate) fn answers_json(answers: &BTreeMap<String, Answer>) -> String {
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

pub(crate) fn our_answers(
    answers: &BTreeMap<String, Answer>,
) -> BTreeMap<String, ours::FormAnswer> {
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

pub(crate) fn their_answers(
    answers: &BTreeMap<String, Answer>,
) -> BTreeMap<String, theirs::FormAnswer> {
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
pub(crate) fn generate_answers(
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
