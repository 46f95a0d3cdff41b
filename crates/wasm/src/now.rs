//! The `now` argument of the exports that make or read a record (the forms'
//! and the URLs'), as the package's JS hands it over.

use elicit_form::Timestamp;
use elicit_form::time::TimestampError;

use crate::reply::Failure;

/// `now` as the glue converted it: a kind (0 milliseconds, 1 RFC 3339 text,
/// anything else neither) with the milliseconds and the text. By then
/// `undefined`/`null` is the current time (the glue reads the clock) and a
/// `Date` its milliseconds; anything else is refused here.
pub(crate) fn now(kind: u32, millis: f64, text: Option<&str>) -> Result<Timestamp, Failure> {
    let time = match (kind, text) {
        (0, _) => Timestamp::from_unix_millis(millis),
        (1, Some(text)) => Timestamp::parse_rfc3339(text),
        _ => {
            return Err(Failure::Type(
                "now must be a Date, milliseconds since the epoch, or RFC 3339 text".into(),
            ));
        }
    };
    time.map_err(|error| Failure::Type(unusable_time(&error)))
}

/// `now is not a usable time: ...`, for a time that is not an instant or
/// whose record would expire after the year 9999.
pub(crate) fn unusable_time(error: &TimestampError) -> String {
    format!("now is not a usable time: {error}")
}
