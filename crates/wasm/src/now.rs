//! The `now` argument of the exports that make or read a record (the forms'
//! and the URLs'), as the package's JS hands it over.

use crate::Timestamp;
use crate::profile::unusable_time;
use crate::view::Failure;

/// The `now` argument as the glue converted it: `undefined`/`null` is the
/// current time (the glue reads the clock) and a `Date` its milliseconds, a
/// number stays milliseconds since the epoch, a string is RFC 3339 text;
/// anything else is `Unusable`, refused here.
#[derive(Debug, Clone, Copy)]
pub enum Now<'a> {
    Millis(f64),
    Text(&'a str),
    Unusable,
}

impl<'a> Now<'a> {
    /// `now` as the package's JS passes it: a kind (0 milliseconds, 1 RFC
    /// 3339 text, anything else neither) with the milliseconds and the text.
    pub(crate) fn from_js(kind: u32, millis: f64, text: Option<&'a str>) -> Self {
        match (kind, text) {
            (0, _) => Now::Millis(millis),
            (1, Some(text)) => Now::Text(text),
            _ => Now::Unusable,
        }
    }
}

pub(crate) fn now(value: Now<'_>) -> Result<Timestamp, Failure> {
    let time = match value {
        Now::Millis(millis) => Timestamp::from_unix_millis(millis),
        Now::Text(text) => Timestamp::parse_rfc3339(text),
        Now::Unusable => {
            return Err(Failure::Type(
                "now must be a Date, milliseconds since the epoch, or RFC 3339 text".into(),
            ));
        }
    };
    time.map_err(|error| Failure::Type(unusable_time(&error)))
}
