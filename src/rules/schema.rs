//! What both profiles share in an accepted schema: its properties (generic
//! over the profile's kind), how the top level is read, and how answers
//! become content, property by property.

use alloc::{string::String, vec::Vec};
use core::fmt;

use crate::json::{Map, Value};
use serde::Serialize;

use crate::MAX_FORM_PROPERTIES;
use crate::rules::answer::Answers;
use crate::rules::answer::FormAnswer;
use crate::rules::refusal::FormRefusal;
use crate::rules::{schema_refusal, sort_by_name};

/// One property of a schema that fits a profile; `K` is the profile's kind.
/// `Debug` writes it as the backend's `FormProperty`.
#[derive(Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "FormPropertyOf"))]
pub struct Property<K> {
    pub name: String,
    pub title: Option<String>,
    pub description: Option<String>,
    #[serde(flatten)]
    #[cfg_attr(test, ts(flatten))]
    pub kind: K,
    /// Named in the schema's `required`.
    pub required: bool,
}

/// A `requestedSchema` that passed every rule of a profile. `Debug` writes
/// it as the backend's `FormSchema`.
#[derive(Clone, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "FormSchemaOf"))]
pub struct Schema<K> {
    /// Sorted by name (byte order), so neither the questions nor the
    /// fingerprint depend on the order of the server's object keys.
    pub properties: Vec<Property<K>>,
}

// `Debug` by hand, with the backend's type names, so that what a host logs
// (and the differential fuzz target compares) is the backend's text.
impl<K: fmt::Debug> fmt::Debug for Property<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FormProperty")
            .field("name", &self.name)
            .field("title", &self.title)
            .field("description", &self.description)
            .field("kind", &self.kind)
            .field("required", &self.required)
            .finish()
    }
}

impl<K: fmt::Debug> fmt::Debug for Schema<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FormSchema")
            .field("properties", &self.properties)
            .finish()
    }
}

/// A property's title, description and kind, as a profile reads them.
pub(crate) type ReadProperty<K> = (Option<String>, Option<String>, K);

/// The top level both profiles require: an object with `type: "object"`.
pub(crate) fn schema_object(schema: &Value) -> Result<&Map<String, Value>, FormRefusal> {
    let object = schema
        .as_object()
        .ok_or_else(|| schema_refusal("is not an object"))?;
    if object.get("type").and_then(Value::as_str) != Some("object") {
        return Err(schema_refusal("must have type \"object\""));
    }
    Ok(object)
}

/// The schema's `properties`: an object of 1 to [`MAX_FORM_PROPERTIES`].
pub(crate) fn properties_of(
    object: &Map<String, Value>,
) -> Result<&Map<String, Value>, FormRefusal> {
    let properties = object
        .get("properties")
        .and_then(Value::as_object)
        .filter(|properties| !properties.is_empty())
        .ok_or_else(|| schema_refusal("has no properties"))?;
    if properties.len() > MAX_FORM_PROPERTIES {
        return Err(schema_refusal(format!(
            "asks for {} properties; at most {MAX_FORM_PROPERTIES} are accepted",
            properties.len()
        )));
    }
    Ok(properties)
}

impl<K> Schema<K> {
    /// `ElicitResult.content`: each property's value from `value`, given its
    /// answer (`None` when there is none), in name order. The first misfit
    /// is the error; answers for names the schema does not have are ignored;
    /// `Ok(None)` leaves the property out.
    pub(crate) fn content_by<P>(
        &self,
        answers: &dyn Answers,
        value: impl Fn(&Property<K>, Option<&FormAnswer>) -> Result<Option<Value>, P>,
    ) -> Result<Map<String, Value>, Misfit<P>> {
        let mut content = Map::new();
        for property in &self.properties {
            let given =
                value(property, answers.answer(&property.name)).map_err(|problem| Misfit {
                    property: property.name.clone(),
                    problem,
                })?;
            if let Some(given) = given {
                content.insert(property.name.clone(), given);
            }
        }
        Ok(content)
    }

    /// Each of `properties` read by `read`, in byte order of the names (so a
    /// refusal names the first wrong one in that order), then kept sorted.
    pub(crate) fn read(
        properties: &Map<String, Value>,
        required: &[&str],
        read: impl Fn(&str, &Value) -> Result<ReadProperty<K>, FormRefusal>,
    ) -> Result<Self, FormRefusal> {
        let mut parsed = properties
            .iter()
            .map(|(name, definition)| {
                let (title, description, kind) = read(name, definition)?;
                Ok(Property {
                    required: required.contains(&name.as_str()),
                    name: name.clone(),
                    title,
                    description,
                    kind,
                })
            })
            .collect::<Result<Vec<_>, FormRefusal>>()?;
        sort_by_name(&mut parsed, |property| &property.name);
        Ok(Self { properties: parsed })
    }
}

/// Why an answer set does not fit a schema: the property it is wrong for,
/// and what is wrong, in the profile's terms (`P`). Each profile words it,
/// and names it `AnswerError`.
#[derive(Clone, PartialEq, Eq)]
pub struct Misfit<P> {
    /// The property the answer is wrong for.
    pub property: String,
    pub problem: P,
}

impl<P: fmt::Debug> fmt::Debug for Misfit<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnswerError")
            .field("property", &self.property)
            .field("problem", &self.problem)
            .finish()
    }
}

impl<P: fmt::Debug> core::error::Error for Misfit<P> where Self: fmt::Display {}
