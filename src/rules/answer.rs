//! A person's answer as `ask_user` gives it, the shape both profiles take,
//! and how a typed number is read.

use alloc::collections::BTreeMap;
use alloc::{string::String, vec::Vec};
use core::fmt;

use crate::json::Value;
use serde::{Deserialize, Serialize};

use crate::rules::fields;

/// One answer, in `ask_user`'s answer shape: chosen labels, or free text.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "RecordedFormAnswer"))]
pub struct FormAnswer {
    #[serde(default)]
    pub selected: Vec<String>,
    #[serde(default)]
    pub other_text: Option<String>,
}

impl FormAnswer {
    /// `{ selected?: string[], other_text?: string | null }`, read as its
    /// serde derive reads it (unknown members are ignored); `path` names the
    /// value in errors.
    pub(crate) fn from_json(value: &Value, path: &dyn fmt::Display) -> Result<Self, String> {
        let object = fields::object(value, path)?;
        let selected = match object.get("selected") {
            None => Vec::new(),
            Some(Value::Array(items)) => items
                .iter()
                .enumerate()
                .map(|(at, item)| match item {
                    Value::String(label) => Ok(label.clone()),
                    other => {
                        let member = format!(".selected[{at}]");
                        Err(fields::must_be(path, &member, "a string", other))
                    }
                })
                .collect::<Result<_, _>>()?,
            Some(other) => {
                let shape = "an array of strings";
                return Err(fields::must_be(path, ".selected", shape, other));
            }
        };
        let other_text = match object.get("other_text") {
            None | Some(Value::Null) => None,
            Some(Value::String(text)) => Some(text.clone()),
            Some(other) => {
                let shape = "a string or null";
                return Err(fields::must_be(path, ".other_text", shape, other));
            }
        };
        Ok(Self {
            selected,
            other_text,
        })
    }

    /// An object of answers keyed by property name, as the derive reads a
    /// `BTreeMap<String, FormAnswer>` (but an answer must be an object, not
    /// an array of its fields). The wasm build reads answers this way,
    /// without serde's deserializer.
    pub fn map_from_json(value: &Value) -> Result<BTreeMap<String, Self>, String> {
        Self::map_at(value, "answers")
    }

    pub(crate) fn map_at(value: &Value, path: &str) -> Result<BTreeMap<String, Self>, String> {
        // Inserted one by one, in the object's (sorted) order: collecting
        // into a map would sort again, and bring a sort into the wasm.
        let mut answers = BTreeMap::new();
        Self::each_at(value, path, |name, answer| {
            answers.insert(name, answer);
        })?;
        Ok(answers)
    }

    /// Each answer of an object of answers, in its members' order: sorted by
    /// name, each name once (the last of a repeated one).
    fn each_at(
        value: &Value,
        path: &str,
        mut each: impl FnMut(String, Self),
    ) -> Result<(), String> {
        for (name, answer) in fields::object(value, &path)? {
            each(
                name.clone(),
                Self::from_json(answer, &fields::Member { path, key: name })?,
            );
        }
        Ok(())
    }
}

/// Moves each answer's `other_text` out of an object of answers, leaving an
/// empty text in its place (so reading the answers finds the same shapes and
/// gives the same errors), with the name it answers. Anything that is not
/// an object of answers is left as it is, for the reading to refuse.
// `#[inline]` on what the bindings crate calls: inlined there before
// link-time optimisation, the wasm is smaller
// (docs/architecture.md, "The bindings crate").
#[inline]
pub fn take_texts(value: &mut Value) -> Vec<(String, String)> {
    let mut texts = Vec::new();
    if let Some(object) = value.as_object_mut() {
        object.retain(|name, answer| {
            let text = answer
                .as_object_mut()
                .and_then(|answer| answer.get_mut("other_text"));
            if let Some(Value::String(text)) = text {
                texts.push((name.clone(), core::mem::take(text)));
            }
            true
        });
    }
    texts
}

/// Answers keyed by property name, as the rules look them up: the backend's
/// `BTreeMap<String, FormAnswer>`, or an [`AnswerList`] read from JSON.
pub trait Answers {
    /// The answer given for the property `name`, if any.
    fn answer(&self, name: &str) -> Option<&FormAnswer>;
}

impl Answers for BTreeMap<String, FormAnswer> {
    fn answer(&self, name: &str) -> Option<&FormAnswer> {
        self.get(name)
    }
}

/// Answers read from a JSON object, in its members' order: sorted by name,
/// each name once. What the wasm build checks answers with, so that no
/// `BTreeMap` is in its `.wasm`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AnswerList(Vec<(String, FormAnswer)>);

impl AnswerList {
    /// An object of answers keyed by property name, read as
    /// [`FormAnswer::map_from_json`] reads it, with the same errors.
    #[inline]
    pub fn from_json(value: &Value) -> Result<Self, String> {
        Self::at(value, "answers")
    }

    /// Sets the text of the answer for `name`, if there is one.
    #[inline]
    pub fn set_text(&mut self, name: &str, text: String) {
        if let Some((_, answer)) = self.0.iter_mut().find(|(answered, _)| answered == name) {
            answer.other_text = Some(text);
        }
    }

    fn at(value: &Value, path: &str) -> Result<Self, String> {
        let mut answers = Vec::new();
        FormAnswer::each_at(value, path, |name, answer| answers.push((name, answer)))?;
        // The crate's own map (the npm package's wasm) keeps its members
        // sorted; serde_json's does unless some crate in the build turns on
        // its `preserve_order`, so with it the list is sorted here (its keys
        // are unique either way).
        #[cfg(any(feature = "serde_json", not(target_arch = "wasm32")))]
        answers.sort_by(|(a, _), (b, _)| a.cmp(b));
        Ok(Self(answers))
    }
}

impl Answers for AnswerList {
    fn answer(&self, name: &str) -> Option<&FormAnswer> {
        self.0
            .binary_search_by(|(key, _)| key.as_str().cmp(name))
            .ok()
            .and_then(|at| self.0.get(at))
            .map(|(_, answer)| answer)
    }
}

/// `text` read as Rust's `f64::from_str` reads it (as the backend does),
/// when finite ([`crate::number::decimal::finite`]).
pub(crate) use crate::number::decimal::finite as finite_number;

/// An answer's number as content: a float for `number` properties, and for
/// `integer` ones a JSON integer, or `None` when it is not whole or its
/// magnitude is beyond `limit` (the backend's `i64::MAX as f64`, which itself
/// saturates to `i64::MAX` as upstream; 2^53 - 1 under MCP 2026-07-28).
pub(crate) fn json_number(number: f64, integer: bool, limit: f64) -> Option<Value> {
    if !integer {
        return crate::json::Number::from_f64(number).map(Value::Number);
    }
    if !crate::number::is_whole(number) || number.abs() > limit {
        return None;
    }
    Some(Value::from(number as i64))
}
