//! UTC instants as stored answers write them: RFC 3339 text, as chrono's serde
//! writes a `DateTime<Utc>` (`2026-11-29T21:21:11.123456789Z`, with 0, 3, 6 or
//! 9 fraction digits, whichever is shortest and exact).
//!
//! A few lines of calendar arithmetic instead of a date library keep the wasm
//! build small; the range is years 0000 to 9999.

use alloc::string::{String, ToString};
use core::fmt;

const NANOS_PER_SECOND: i64 = 1_000_000_000;
const SECONDS_PER_DAY: i64 = 86_400;
/// 0000-01-01T00:00:00Z and 10000-01-01T00:00:00Z, in seconds since the epoch.
const MIN_SECONDS: i64 = -62_167_219_200;
const END_SECONDS: i64 = 253_402_300_800;

/// An instant in UTC with nanosecond precision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp {
    seconds: i64,
    nanos: u32,
}

/// Why a text or number is not an instant this crate can hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimestampError(String);

impl fmt::Display for TimestampError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl core::error::Error for TimestampError {}

fn error(text: impl Into<String>) -> TimestampError {
    TimestampError(text.into())
}

impl Timestamp {
    /// From seconds and nanoseconds since 1970-01-01T00:00:00Z.
    pub fn from_unix(seconds: i64, nanos: u32) -> Result<Self, TimestampError> {
        let seconds = seconds
            .checked_add(i64::from(nanos) / NANOS_PER_SECOND)
            .ok_or_else(|| error("time is out of range"))?;
        let nanos = nanos % NANOS_PER_SECOND as u32;
        if !(MIN_SECONDS..END_SECONDS).contains(&seconds) {
            return Err(error("time is outside the years 0000 to 9999"));
        }
        Ok(Self { seconds, nanos })
    }

    /// From milliseconds since the epoch, as JavaScript's `Date` counts them.
    pub fn from_unix_millis(millis: f64) -> Result<Self, TimestampError> {
        if !millis.is_finite() {
            return Err(error("time must be a finite number of milliseconds"));
        }
        // floor(millis), in core alone (the npm package's wasm is `no_std`).
        let truncated = crate::number::truncated(millis);
        let whole = if truncated > millis {
            truncated - 1.0
        } else {
            truncated
        };
        let limit = 1e17;
        if whole.abs() > limit {
            return Err(error("time is outside the years 0000 to 9999"));
        }
        // Exact: |whole| <= 1e17 fits an i64, and the fraction is in [0, 1).
        let whole = whole as i64;
        // Rounded half up (`f64::round` on a value in [0, 1e6], exact below 2^52).
        let micros = (millis - whole as f64) * 1e6;
        let fraction_nanos = micros as i64 + i64::from(micros - (micros as i64) as f64 >= 0.5);
        let nanos_total = whole.rem_euclid(1000) * 1_000_000 + fraction_nanos;
        Self::from_unix(whole.div_euclid(1000), 0).and_then(|start| start.plus_nanos(nanos_total))
    }

    /// The current time from the system clock. Not available in wasm, where
    /// the host passes the time in.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn now() -> Self {
        let since = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        let seconds = i64::try_from(since.as_secs()).unwrap_or(END_SECONDS - 1);
        Self::from_unix(seconds, since.subsec_nanos()).unwrap_or(Self {
            seconds: END_SECONDS - 1,
            nanos: 0,
        })
    }

    pub fn unix_seconds(&self) -> i64 {
        self.seconds
    }

    pub fn subsec_nanos(&self) -> u32 {
        self.nanos
    }

    /// This instant moved by `nanos` (either sign).
    pub fn plus_nanos(&self, nanos: i64) -> Result<Self, TimestampError> {
        let total = i128::from(self.seconds) * i128::from(NANOS_PER_SECOND)
            + i128::from(self.nanos)
            + i128::from(nanos);
        let seconds = i64::try_from(total.div_euclid(i128::from(NANOS_PER_SECOND)))
            .map_err(|_| error("time is out of range"))?;
        let nanos = u32::try_from(total.rem_euclid(i128::from(NANOS_PER_SECOND)))
            .map_err(|_| error("time is out of range"))?;
        Self::from_unix(seconds, nanos)
    }

    /// Read RFC 3339 text: `YYYY-MM-DDTHH:MM:SS`, an optional fraction of up
    /// to nine digits, and `Z` or a `+HH:MM`/`-HH:MM` offset. `T` and `Z` may
    /// be lowercase and `T` may be a space.
    pub fn parse_rfc3339(text: &str) -> Result<Self, TimestampError> {
        let bad = || {
            error(format!(
                "{} is not an RFC 3339 date-time",
                crate::text::Quoted(text)
            ))
        };
        let bytes = text.as_bytes();
        let digits = |from: usize, len: usize| -> Result<i64, TimestampError> {
            let part = bytes.get(from..from + len).ok_or_else(bad)?;
            part.iter().try_fold(0i64, |total, byte| match byte {
                b'0'..=b'9' => Ok(total * 10 + i64::from(byte - b'0')),
                _ => Err(bad()),
            })
        };
        let byte = |at: usize| bytes.get(at).copied();
        let expect = |at: usize, wanted: &[u8]| match byte(at) {
            Some(found) if wanted.contains(&found) => Ok(()),
            _ => Err(bad()),
        };
        let (year, month, day) = (digits(0, 4)?, digits(5, 2)?, digits(8, 2)?);
        expect(4, b"-")?;
        expect(7, b"-")?;
        expect(10, b"Tt ")?;
        let (hour, minute, second) = (digits(11, 2)?, digits(14, 2)?, digits(17, 2)?);
        expect(13, b":")?;
        expect(16, b":")?;
        let mut at = 19;
        let mut nanos = 0i64;
        if byte(at) == Some(b'.') {
            at += 1;
            let start = at;
            while byte(at).is_some_and(|b| b.is_ascii_digit()) {
                at += 1;
            }
            let count = at - start;
            if count == 0 || count > 9 {
                return Err(bad());
            }
            nanos = digits(start, count)? * 10i64.pow(9 - count as u32);
        }
        let offset_seconds = match byte(at) {
            Some(b'Z' | b'z') if at + 1 == bytes.len() => 0,
            Some(sign @ (b'+' | b'-')) if at + 6 == bytes.len() => {
                expect(at + 3, b":")?;
                let (hours, minutes) = (digits(at + 1, 2)?, digits(at + 4, 2)?);
                if hours > 23 || minutes > 59 {
                    return Err(bad());
                }
                let offset = hours * 3600 + minutes * 60;
                if sign == b'-' { -offset } else { offset }
            }
            _ => return Err(bad()),
        };
        if !(1..=12).contains(&month)
            || day < 1
            || day > days_in_month(year, month)
            || hour > 23
            || minute > 59
            || second > 59
        {
            return Err(bad());
        }
        let seconds = days_from_civil(year, month, day) * SECONDS_PER_DAY
            + hour * 3600
            + minute * 60
            + second
            - offset_seconds;
        Self::from_unix(seconds, 0).and_then(|start| start.plus_nanos(nanos))
    }
}

impl fmt::Display for Timestamp {
    /// RFC 3339 in UTC with `Z`, and 0, 3, 6 or 9 fraction digits.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let days = self.seconds.div_euclid(SECONDS_PER_DAY);
        let clock = self.seconds.rem_euclid(SECONDS_PER_DAY);
        // Each part is in range (years 0000 to 9999), so none is negative.
        let (year, month, day) = civil_from_days(days);
        let (hour, minute, second) = (clock / 3600, clock / 60 % 60, clock % 60);
        write!(
            f,
            "{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}"
        )?;
        let nanos = self.nanos;
        if nanos == 0 {
        } else if nanos.is_multiple_of(1_000_000) {
            write!(f, ".{:03}", nanos / 1_000_000)?;
        } else if nanos.is_multiple_of(1_000) {
            write!(f, ".{:06}", nanos / 1_000)?;
        } else {
            write!(f, ".{nanos:09}")?;
        }
        f.write_str("Z")
    }
}

impl serde::Serialize for Timestamp {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_string())
    }
}

impl<'de> serde::Deserialize<'de> for Timestamp {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <alloc::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Self::parse_rfc3339(&text).map_err(serde::de::Error::custom)
    }
}

fn is_leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

/// Days in `month` (1 to 12) of `year`, proleptic Gregorian.
pub(crate) fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's
/// algorithm).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_from_march = (month + 9) % 12;
    let day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The inverse of [`days_from_civil`].
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let days = days + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// What `from_unix_millis` computed with std's `floor` and `round`
    /// (before the `no_std` build): the same results on every input.
    fn with_std_floor_and_round(millis: f64) -> Result<Timestamp, TimestampError> {
        if !millis.is_finite() {
            return Err(error("time must be a finite number of milliseconds"));
        }
        let whole = millis.floor();
        if whole.abs() > 1e17 {
            return Err(error("time is outside the years 0000 to 9999"));
        }
        let whole = whole as i64;
        let fraction_nanos = ((millis - whole as f64) * 1e6).round() as i64;
        let nanos_total = whole.rem_euclid(1000) * 1_000_000 + fraction_nanos;
        Timestamp::from_unix(whole.div_euclid(1000), 0)
            .and_then(|start| start.plus_nanos(nanos_total))
    }

    #[test]
    fn from_unix_millis_floors_and_rounds_as_std() {
        let mut next = crate::testing::xorshift(0x7157_0c10c);
        let named = [
            0.0,
            -0.0,
            -0.5,
            0.5,
            -1.0,
            1.5,
            0.0000005,
            0.0000004999999,
            0.0000015,
            -0.0000005,
            1e17,
            -1e17,
            1e17 + 16.0,
            -1e17 - 16.0,
            253_402_300_799_999.999_5,
            -62_167_219_200_000.0,
            -62_167_219_200_000.000_5,
            4_503_599_627_370_495.5,
            4_503_599_627_370_496.0,
            1e300,
            -1e300,
            f64::NAN,
            f64::INFINITY,
            5e-324,
        ];
        let random = (0..200_000).map(|i| {
            let bits = next();
            match i % 3 {
                0 => f64::from_bits(bits),
                1 => (bits >> 11) as f64 / 4096.0 - 1.1e12,
                _ => {
                    ((bits >> 11) % 2_000_000) as f64 / 1e6 * if bits & 1 == 0 { 1.0 } else { -1.0 }
                }
            }
        });
        for millis in named.into_iter().chain(random) {
            assert_eq!(
                Timestamp::from_unix_millis(millis),
                with_std_floor_and_round(millis),
                "{millis:?}"
            );
        }
    }

    #[test]
    fn writes_the_shortest_exact_fraction_as_chrono_does() {
        let at = |nanos| {
            Timestamp::from_unix(1_764_451_271, nanos)
                .unwrap()
                .to_string()
        };
        assert_eq!(at(0), "2025-11-29T21:21:11Z");
        assert_eq!(at(123_000_000), "2025-11-29T21:21:11.123Z");
        assert_eq!(at(123_456_000), "2025-11-29T21:21:11.123456Z");
        assert_eq!(at(123_456_789), "2025-11-29T21:21:11.123456789Z");
    }

    #[test]
    fn reads_back_what_it_writes_and_applies_offsets() {
        let text = "2026-11-29T21:21:11.123456789Z";
        assert_eq!(Timestamp::parse_rfc3339(text).unwrap().to_string(), text);
        assert_eq!(
            Timestamp::parse_rfc3339("2026-11-29t23:21:11.5+02:00")
                .unwrap()
                .to_string(),
            "2026-11-29T21:21:11.500Z"
        );
        assert_eq!(
            Timestamp::parse_rfc3339("1969-12-31 23:59:59-00:30")
                .unwrap()
                .unix_seconds(),
            1799
        );
    }

    #[test]
    fn refuses_text_that_is_not_a_valid_date_time() {
        for text in [
            "",
            "2026-02-29T00:00:00Z",
            "2026-13-01T00:00:00Z",
            "2026-01-01T24:00:00Z",
            "2026-01-01T00:00:00",
            "2026-01-01T00:00:00.Z",
            "2026-01-01T00:00:00.1234567891Z",
            "2026-01-01T00:00:00+24:00",
            "２026-01-01T00:00:00Z",
            "2026-01-01T00:00:00Zjunk",
        ] {
            assert!(Timestamp::parse_rfc3339(text).is_err(), "{text}");
        }
        assert!(Timestamp::parse_rfc3339("2024-02-29T00:00:00Z").is_ok());
    }

    #[test]
    fn civil_dates_round_trip_across_the_whole_range() {
        for days in (-719_528..2_932_896).step_by(97) {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
        assert_eq!(
            Timestamp::from_unix(MIN_SECONDS, 0).unwrap().to_string(),
            "0000-01-01T00:00:00Z"
        );
        assert!(Timestamp::from_unix(END_SECONDS, 0).is_err());
    }

    #[test]
    fn milliseconds_from_javascript_keep_their_sign_and_fraction() {
        assert_eq!(
            Timestamp::from_unix_millis(-1.0).unwrap().to_string(),
            "1969-12-31T23:59:59.999Z"
        );
        assert_eq!(
            Timestamp::from_unix_millis(1.5).unwrap().to_string(),
            "1970-01-01T00:00:00.001500Z"
        );
        assert!(Timestamp::from_unix_millis(f64::NAN).is_err());
        assert!(Timestamp::from_unix_millis(1e300).is_err());
    }
}
