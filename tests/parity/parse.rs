//! Schemas parsed by both crates: refusals and properties described in one
//! comparable text, and the test that questions and fingerprints agree.

use super::theirs;
use elicit_form as ours;
use serde_json::Value;

use crate::schemas::{Aim, schema_json, server_name};
use crate::seeds::{Case, Rng, Tally, run};

/// A refusal as text, written once over either crate's `FormRefusal`: the
/// variant, its fields and its `Display`.
macro_rules! refusal_text {
    ($krate:ident, $refusal:expr) => {{
        let refusal: &$krate::FormRefusal = $refusal;
        let variant = match refusal {
            $krate::FormRefusal::Credential { property } => {
                format!("Credential property={property:?}")
            }
            $krate::FormRefusal::OutOfProfile { property, reason } => {
                format!("OutOfProfile property={property:?} reason={reason:?}")
            }
            $krate::FormRefusal::Schema(reason) => format!("Schema reason={reason:?}"),
        };
        format!("refused: {variant}; display={:?}", refusal.to_string())
    }};
}

fn our_refusal(refusal: &ours::FormRefusal) -> String {
    refusal_text!(ours, refusal)
}

fn their_refusal(refusal: &theirs::FormRefusal) -> String {
    refusal_text!(theirs, refusal)
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

/// Each property of a schema read by either crate, as one text.
macro_rules! properties_text {
    ($krate:ident, $form:expr) => {{
        let form: &$krate::FormSchema = $form;
        form.properties
            .iter()
            .map(|p| {
                format!(
                    "{:?} title={:?} description={:?} required={} kind={:?}\n",
                    p.name, p.title, p.description, p.required, p.kind
                )
            })
            .collect::<String>()
    }};
}

pub(crate) fn json_text<T: serde::Serialize>(value: &T) -> String {
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
        (Ok(o), Ok(t)) => case.same(
            "properties",
            properties_text!(ours, o),
            properties_text!(theirs, t),
        ),
        (o, t) => case.same(
            "outcome",
            o.as_ref().map_or_else(our_refusal, |_| "accepted".into()),
            t.as_ref().map_or_else(their_refusal, |_| "accepted".into()),
        ),
    }
}

/// A schema both crates accept (or, rarely, the last refused attempt).
pub(crate) fn accepted_schema(
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
