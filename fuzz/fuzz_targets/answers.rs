//! An accepted schema and arbitrary answers: `content_from_answers` either
//! gives content with exactly the schema's property names, each value of the
//! property's kind and from the person's own answer, or an error naming the
//! first misfitting property in sorted order.
#![no_main]

use std::collections::BTreeMap;

use elicit_form::{FormAnswer, FormProperty, FormPropertyKind, FormSchema, parse_requested_schema};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

fuzz_target!(|data: &[u8]| {
    let case = elicit_form_fuzz::split(data);
    let Ok(schema) = serde_json::from_slice::<Value>(case.schema) else {
        return;
    };
    let Ok(form) = parse_requested_schema(&schema) else {
        return;
    };
    let answers = elicit_form_fuzz::answers(case.rest, &form);
    let result = form.content(&answers);

    // Answers for names the schema does not have are ignored.
    let own: BTreeMap<String, FormAnswer> =
        answers.iter().filter(|(name, _)| form.properties.iter().any(|p| &p.name == *name)).map(|(n, a)| (n.clone(), a.clone())).collect();
    assert_eq!(form.content(&own), result);

    match result {
        Ok(content) => {
            let keys: Vec<&String> = content.keys().collect();
            let names: Vec<&String> = form.properties.iter().map(|p| &p.name).collect();
            assert_eq!(keys, names, "content keys are the property names");
            for property in &form.properties {
                fits(property, &answers[&property.name], &content[&property.name]);
            }
        }
        Err(error) => {
            let at = form
                .properties
                .iter()
                .position(|p| p.name == error.property)
                .unwrap_or_else(|| panic!("{error} names no schema property"));
            let text = error.to_string();
            assert!(text.starts_with(&format!("'{}' ", error.property)), "{text}");
            // Every property before it fits; it alone fails the same way.
            let only = |properties: &[FormProperty]| FormSchema { properties: properties.to_vec() };
            if let Err(earlier) = only(&form.properties[..at]).content(&answers) {
                panic!("{earlier} although {error} was reported first");
            }
            assert_eq!(only(&form.properties[at..=at]).content(&answers), Err(error));
        }
    }
});

fn fits(property: &FormProperty, answer: &FormAnswer, value: &Value) {
    let trimmed = answer.other_text.as_deref().map(str::trim);
    match &property.kind {
        FormPropertyKind::Enum { values, labels } => {
            let [label] = answer.selected.as_slice() else { panic!("one choice") };
            let index = labels.iter().position(|l| l == label).expect("an offered label");
            assert_eq!(value.as_str(), Some(values[index].as_str()));
        }
        FormPropertyKind::Boolean { .. } => {
            let expected = if value.as_bool().expect("a boolean") { "Yes" } else { "No" };
            assert_eq!(answer.selected, [expected]);
        }
        FormPropertyKind::Text { .. } => {
            assert!(value.as_str().is_some_and(|text| !text.is_empty() && Some(text) == trimmed));
        }
        FormPropertyKind::Number { integer, minimum, maximum } => {
            let typed: f64 = trimmed.expect("a number text").parse().expect("reads as f64");
            let number = value.as_f64().expect("a number");
            assert!(number.is_finite());
            assert!(minimum.is_none_or(|min| number >= min) && maximum.is_none_or(|max| number <= max));
            if *integer {
                let whole = value.as_i64().expect("an integer within i64");
                assert!(typed.fract() == 0.0);
                assert_eq!(whole, typed as i64);
            } else {
                assert!(value.is_f64(), "a float for `number`");
                assert_eq!(number.to_bits(), typed.to_bits());
            }
        }
    }
}
