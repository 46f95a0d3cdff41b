//! The wasm build's JSON values: the shape and the methods of
//! `serde_json::{Value, Map, Number}` that the rules use, in a fraction of
//! the code. The rules are written once, against those names; natively they
//! are serde_json's (the backend's API takes `serde_json::Value`), and in the
//! npm package's wasm (built without the `serde_json` feature) they are
//! these, so serde_json is not in the `.wasm`.
//!
//! What has to hold for the rules to give the same answers over both:
//! - an object's members are in ascending byte order of their keys, one
//!   member a key, as a `BTreeMap<String, _>` (serde_json without
//!   `preserve_order`) keeps them; here they are a sorted `Vec`, searched by
//!   halves, which also makes a small object cheap to build and read;
//! - a number is a `u64`, a negative `i64` or a finite `f64`, the kind kept
//!   as serde_json keeps it, and two numbers are equal as serde_json's are
//!   (same kind, same value; floats by `==`).
//!
//! The reader ([`super::read`]) builds these from text, and the unit tests
//! and the `json_reader` fuzz target hold the reading to serde_json's.

use alloc::{
    string::{String, ToString},
    vec::Vec,
};

/// A JSON value (as `serde_json::Value`).
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Value {
    #[default]
    Null,
    Bool(bool),
    Number(Number),
    String(String),
    Array(Vec<Value>),
    Object(Map<String, Value>),
}

/// A JSON number (as `serde_json::Number`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Number(Kind);

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    /// Zero or more.
    Unsigned(u64),
    /// Below zero.
    Negative(i64),
    /// Finite.
    Float(f64),
}

impl Number {
    /// A float as a number; `None` when it is not finite, as serde_json.
    pub fn from_f64(value: f64) -> Option<Self> {
        value.is_finite().then_some(Self(Kind::Float(value)))
    }

    pub fn as_f64(&self) -> Option<f64> {
        Some(match self.0 {
            Kind::Unsigned(value) => value as f64,
            Kind::Negative(value) => value as f64,
            Kind::Float(value) => value,
        })
    }

    pub fn as_u64(&self) -> Option<u64> {
        match self.0 {
            Kind::Unsigned(value) => Some(value),
            _ => None,
        }
    }

    pub fn as_i64(&self) -> Option<i64> {
        match self.0 {
            Kind::Unsigned(value) => i64::try_from(value).ok(),
            Kind::Negative(value) => Some(value),
            Kind::Float(_) => None,
        }
    }

    pub fn is_f64(&self) -> bool {
        matches!(self.0, Kind::Float(_))
    }

    pub fn is_u64(&self) -> bool {
        matches!(self.0, Kind::Unsigned(_))
    }

    pub fn is_i64(&self) -> bool {
        self.as_i64().is_some()
    }
}

impl From<u64> for Number {
    fn from(value: u64) -> Self {
        Self(Kind::Unsigned(value))
    }
}

impl From<i64> for Number {
    fn from(value: i64) -> Self {
        match u64::try_from(value) {
            Ok(value) => Self(Kind::Unsigned(value)),
            Err(_) => Self(Kind::Negative(value)),
        }
    }
}

impl From<i64> for Value {
    fn from(value: i64) -> Self {
        Self::Number(value.into())
    }
}

impl From<u64> for Value {
    fn from(value: u64) -> Self {
        Self::Number(value.into())
    }
}

impl From<bool> for Value {
    fn from(value: bool) -> Self {
        Self::Bool(value)
    }
}

impl From<String> for Value {
    fn from(value: String) -> Self {
        Self::String(value)
    }
}

impl From<&str> for Value {
    fn from(value: &str) -> Self {
        Self::String(value.to_string())
    }
}

impl Value {
    pub fn as_object(&self) -> Option<&Map<String, Value>> {
        match self {
            Self::Object(map) => Some(map),
            _ => None,
        }
    }

    pub fn as_object_mut(&mut self) -> Option<&mut Map<String, Value>> {
        match self {
            Self::Object(map) => Some(map),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Self::Array(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Self::String(text) => Some(text),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Self::Bool(value) => Some(*value),
            _ => None,
        }
    }

    pub fn as_number(&self) -> Option<&Number> {
        match self {
            Self::Number(number) => Some(number),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        self.as_number().and_then(Number::as_f64)
    }

    pub fn as_u64(&self) -> Option<u64> {
        self.as_number().and_then(Number::as_u64)
    }

    pub fn as_i64(&self) -> Option<i64> {
        self.as_number().and_then(Number::as_i64)
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Self::Null)
    }

    pub fn is_boolean(&self) -> bool {
        matches!(self, Self::Bool(_))
    }

    pub fn is_number(&self) -> bool {
        matches!(self, Self::Number(_))
    }

    pub fn is_string(&self) -> bool {
        matches!(self, Self::String(_))
    }

    pub fn is_array(&self) -> bool {
        matches!(self, Self::Array(_))
    }

    pub fn is_object(&self) -> bool {
        matches!(self, Self::Object(_))
    }

    pub fn is_f64(&self) -> bool {
        self.as_number().is_some_and(Number::is_f64)
    }

    pub fn is_u64(&self) -> bool {
        self.as_number().is_some_and(Number::is_u64)
    }

    pub fn is_i64(&self) -> bool {
        self.as_number().is_some_and(Number::is_i64)
    }

    /// The member `key` of an object (`None` for any other value).
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_object().and_then(|map| map.get(key))
    }
}

/// An object's members in ascending byte order of their keys (as
/// `serde_json::Map` without `preserve_order`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Map<K, V> {
    members: Vec<(K, V)>,
}

impl Map<String, Value> {
    pub fn new() -> Self {
        Self {
            members: Vec::new(),
        }
    }

    pub fn with_capacity(capacity: usize) -> Self {
        Self {
            members: Vec::with_capacity(capacity),
        }
    }

    /// Where `key` is, or where it would go.
    fn find(&self, key: &str) -> Result<usize, usize> {
        self.members
            .binary_search_by(|(member, _)| member.as_str().cmp(key))
    }

    /// Up to this many members, a lookup compares lengths first, member by
    /// member: cheaper than a binary search's byte comparisons for the
    /// small objects a schema is made of.
    const SCANNED: usize = 8;

    pub fn get(&self, key: &str) -> Option<&Value> {
        if self.members.len() <= Self::SCANNED {
            return self
                .members
                .iter()
                .find(|(member, _)| member == key)
                .map(|(_, value)| value);
        }
        let at = self.find(key).ok()?;
        self.members.get(at).map(|(_, value)| value)
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        let at = self.find(key).ok()?;
        self.members.get_mut(at).map(|(_, value)| value)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.find(key).is_ok()
    }

    /// The value `key` had, if it had one.
    pub fn insert(&mut self, key: String, value: Value) -> Option<Value> {
        match self.find(&key) {
            Ok(at) => self
                .members
                .get_mut(at)
                .map(|(_, old)| core::mem::replace(old, value)),
            Err(at) => {
                self.members.insert(at, (key, value));
                None
            }
        }
    }

    pub fn remove(&mut self, key: &str) -> Option<Value> {
        let at = self.find(key).ok()?;
        Some(self.members.remove(at).1)
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&String, &mut Value) -> bool) {
        self.members.retain_mut(|(key, value)| keep(key, value));
    }

    pub fn len(&self) -> usize {
        self.members.len()
    }

    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    pub fn iter(&self) -> Iter<'_> {
        Iter(self.members.iter())
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &String> + ExactSizeIterator {
        self.members.iter().map(|(key, _)| key)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Value> + ExactSizeIterator {
        self.members.iter().map(|(_, value)| value)
    }

    /// Members in the order they came (the text's), made a map: sorted by
    /// key, the last of a repeated key kept. Also the position, in that
    /// order, of the first member whose key came before it.
    pub(crate) fn from_members(members: Vec<(String, Value)>) -> (Self, Option<usize>) {
        // Most objects are small: each member put in its place by halves
        // costs less than sorting. A large one is sorted, so that no text
        // makes this quadratic.
        if members.len() > SORTED_BY_INSERTION {
            return Self::sorted(members);
        }
        let map = Self::with_capacity(members.len());
        super::inserted(members, map, |map: &mut Self, key, value| {
            map.insert(key, value).is_some()
        })
    }

    fn sorted(members: Vec<(String, Value)>) -> (Self, Option<usize>) {
        let order = key_order(&members);
        let mut slots: Vec<Option<(String, Value)>> = members.into_iter().map(Some).collect();
        let mut sorted: Vec<(String, Value)> = Vec::with_capacity(slots.len());
        let mut repeated: Option<usize> = None;
        for at in order {
            let Some(member) = slots.get_mut(at).and_then(Option::take) else {
                continue;
            };
            match sorted.last_mut() {
                // Stable order: a repeated key comes after its earlier
                // members, so it replaces them (the last counts).
                Some(last) if last.0 == member.0 => {
                    repeated = Some(repeated.map_or(at, |seen| seen.min(at)));
                    *last = member;
                }
                _ => sorted.push(member),
            }
        }
        (Self { members: sorted }, repeated)
    }
}

/// Most members an object is built of by insertion rather than by sorting.
const SORTED_BY_INSERTION: usize = 32;

/// The members' positions in ascending order of their keys, equal keys in
/// the order they came: a merge sort by runs that double, small in code
/// (core's sort is several KB of wasm) and `n log n` for any input.
fn key_order(members: &[(String, Value)]) -> Vec<usize> {
    let key = |at: usize| members.get(at).map_or("", |(key, _)| key.as_str());
    let count = members.len();
    let mut order: Vec<usize> = (0..count).collect();
    let mut merged: Vec<usize> = Vec::with_capacity(count);
    let mut width = 1;
    while width < count {
        merged.clear();
        for start in (0..count).step_by(2 * width) {
            let middle = (start + width).min(count);
            let end = (start + 2 * width).min(count);
            let (mut left, mut right) = (start, middle);
            while left < middle || right < end {
                let take_left = right >= end
                    || (left < middle
                        && order.get(left).map(|&a| key(a)) <= order.get(right).map(|&b| key(b)));
                let from = if take_left { &mut left } else { &mut right };
                merged.extend(order.get(*from));
                *from += 1;
            }
        }
        core::mem::swap(&mut order, &mut merged);
        width *= 2;
    }
    order
}

impl FromIterator<(String, Value)> for Map<String, Value> {
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(members: I) -> Self {
        Self::from_members(members.into_iter().collect()).0
    }
}

impl Extend<(String, Value)> for Map<String, Value> {
    fn extend<I: IntoIterator<Item = (String, Value)>>(&mut self, members: I) {
        for (key, value) in members {
            self.insert(key, value);
        }
    }
}

/// The members of a [`Map`], by reference, in key order.
pub struct Iter<'a>(core::slice::Iter<'a, (String, Value)>);

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a String, &'a Value);

    fn next(&mut self) -> Option<Self::Item> {
        self.0.next().map(|(key, value)| (key, value))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.0.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.0.next_back().map(|(key, value)| (key, value))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a Map<String, Value> {
    type Item = (&'a String, &'a Value);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl IntoIterator for Map<String, Value> {
    type Item = (String, Value);
    type IntoIter = alloc::vec::IntoIter<(String, Value)>;

    fn into_iter(self) -> Self::IntoIter {
        self.members.into_iter()
    }
}

impl serde::Serialize for Number {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Kind::Unsigned(value) => serializer.serialize_u64(value),
            Kind::Negative(value) => serializer.serialize_i64(value),
            Kind::Float(value) => serializer.serialize_f64(value),
        }
    }
}

impl serde::Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Null => serializer.serialize_unit(),
            Self::Bool(value) => serializer.serialize_bool(*value),
            Self::Number(number) => number.serialize(serializer),
            Self::String(text) => serializer.serialize_str(text),
            Self::Array(items) => serializer.collect_seq(items),
            Self::Object(map) => map.serialize(serializer),
        }
    }
}

impl serde::Serialize for Map<String, Value> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.iter())
    }
}

/// The same value as serde_json's, member for member: what the native tests
/// and the `json_reader` fuzz target compare the two readings with.
#[cfg(not(target_arch = "wasm32"))]
impl From<&Value> for serde_json::Value {
    fn from(value: &Value) -> Self {
        match value {
            Value::Null => Self::Null,
            Value::Bool(value) => Self::Bool(*value),
            Value::Number(Number(Kind::Unsigned(value))) => Self::from(*value),
            Value::Number(Number(Kind::Negative(value))) => Self::from(*value),
            Value::Number(Number(Kind::Float(value))) => {
                serde_json::Number::from_f64(*value).map_or(Self::Null, Self::Number)
            }
            Value::String(text) => Self::String(text.clone()),
            Value::Array(items) => Self::Array(items.iter().map(Self::from).collect()),
            Value::Object(map) => Self::Object(
                map.iter()
                    .map(|(key, value)| (key.clone(), Self::from(value)))
                    .collect(),
            ),
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn members(keys: &[&str]) -> Vec<(String, Value)> {
        keys.iter()
            .enumerate()
            .map(|(at, key)| (key.to_string(), Value::from(at as u64)))
            .collect()
    }

    /// The map serde_json (a `BTreeMap`) makes of the same members.
    fn theirs(members: &[(String, Value)]) -> Vec<(String, serde_json::Value)> {
        let mut map = alloc::collections::BTreeMap::new();
        for (key, value) in members {
            map.insert(key.clone(), serde_json::Value::from(value));
        }
        map.into_iter().collect()
    }

    fn ours(map: &Map<String, Value>) -> Vec<(String, serde_json::Value)> {
        map.iter()
            .map(|(key, value)| (key.clone(), serde_json::Value::from(value)))
            .collect()
    }

    #[test]
    fn members_are_kept_in_key_order_and_the_last_of_a_repeated_key_counts() {
        let mut next = crate::testing::xorshift(0x9e37_79b9_7f4a_7c15);
        for count in [0, 1, 2, 3, 7, 8, 9, 64, 65, 300] {
            for _ in 0..20 {
                let given: Vec<(String, Value)> = (0..count)
                    .map(|at| {
                        let key = match next() % 4 {
                            0 => String::new(),
                            1 => format!("k{}", next() % 5),
                            2 => format!("é{}", next() % 1000),
                            _ => format!("{:x}", next()),
                        };
                        (key, Value::from(at as u64))
                    })
                    .collect();
                let (map, repeated) = Map::from_members(given.clone());
                assert_eq!(ours(&map), theirs(&given));
                // Looked up by scan (up to `SCANNED` members) or by halves.
                for (key, value) in theirs(&given) {
                    let found = map.get(&key).map(serde_json::Value::from);
                    assert_eq!(found, Some(value), "{key:?} in {given:?}");
                }
                assert_eq!(map.get("not a key"), None);
                let first_repeat = given
                    .iter()
                    .enumerate()
                    .position(|(at, (key, _))| given.iter().take(at).any(|(k, _)| k == key));
                assert_eq!(repeated, first_repeat, "{given:?}");
            }
        }
    }

    #[test]
    fn a_map_is_read_and_changed_as_serde_json_s_is() {
        let (mut map, repeated) = Map::from_members(members(&["b", "a", "c", "a"]));
        assert_eq!(repeated, Some(3));
        assert_eq!(map.get("a"), Some(&Value::from(3u64)));
        assert_eq!(map.keys().collect::<Vec<_>>(), ["a", "b", "c"]);
        assert_eq!(map.insert("a".into(), Value::Null), Some(Value::from(3u64)));
        assert_eq!(map.insert("aa".into(), Value::Bool(true)), None);
        assert_eq!(map.keys().collect::<Vec<_>>(), ["a", "aa", "b", "c"]);
        assert_eq!(map.remove("b"), Some(Value::from(0u64)));
        assert_eq!(map.remove("b"), None);
        assert!(map.contains_key("c") && !map.contains_key("b"));
        map.retain(|key, _| key != "c");
        assert_eq!(map.len(), 2);
        let collected: Map<String, Value> = members(&["z", "y", "z"]).into_iter().collect();
        assert_eq!(
            collected.into_iter().collect::<Vec<_>>(),
            [
                ("y".to_string(), Value::from(1u64)),
                ("z".to_string(), Value::from(2u64))
            ]
        );
    }

    #[test]
    fn numbers_keep_their_kind_as_serde_json_s_do() {
        for (ours, theirs) in [
            (Number::from(7u64), serde_json::Number::from(7u64)),
            (Number::from(-7i64), serde_json::Number::from(-7i64)),
            (Number::from(7i64), serde_json::Number::from(7i64)),
            (Number::from(u64::MAX), serde_json::Number::from(u64::MAX)),
            (Number::from(i64::MIN), serde_json::Number::from(i64::MIN)),
            (
                Number::from_f64(-0.0).unwrap(),
                serde_json::Number::from_f64(-0.0).unwrap(),
            ),
            (
                Number::from_f64(2.5).unwrap(),
                serde_json::Number::from_f64(2.5).unwrap(),
            ),
        ] {
            assert_eq!(ours.as_u64(), theirs.as_u64());
            assert_eq!(ours.as_i64(), theirs.as_i64());
            assert_eq!(
                ours.as_f64().map(f64::to_bits),
                theirs.as_f64().map(f64::to_bits)
            );
            assert_eq!(
                (ours.is_u64(), ours.is_i64(), ours.is_f64()),
                (theirs.is_u64(), theirs.is_i64(), theirs.is_f64())
            );
        }
        assert!(Number::from_f64(f64::NAN).is_none() && Number::from_f64(f64::INFINITY).is_none());
        assert_eq!(Number::from(1u64), Number::from(1i64));
        assert_ne!(Number::from(1u64), Number::from_f64(1.0).unwrap());
        assert_eq!(Number::from_f64(0.0), Number::from_f64(-0.0));
        assert_eq!(
            serde_json::Number::from_f64(0.0),
            serde_json::Number::from_f64(-0.0)
        );
    }
}
