//! Which profile a form is read under, and everything that differs by
//! profile, dispatched once: the schema read under a [`Profile`]
//! ([`ProfiledForm`]), the elicitation built on it ([`ProfiledElicitation`])
//! and the records made and read for it ([`ProfiledRecord`]), and what a
//! decision gives ([`Outcome`]). A host (the npm package's bindings, JS)
//! names a profile; this module is the one place that turns the name into
//! the profile's types.

pub mod backend;
#[cfg(feature = "mcp-2026-07-28")]
pub mod mcp_2026_07_28;
mod outcome;

pub use outcome::{Outcome, PendingView, ProfileMismatch};

use alloc::{
    string::{String, ToString},
    vec::Vec,
};
use core::fmt;
use core::str::FromStr;

use crate::json::{Map, Value};
use serde::{Deserialize, Serialize};

use crate::json::{self, Keys};
use crate::profile::backend::stored::{FormOutcome, StoredFormAnswer};
use crate::profile::backend::{AnswerError, FormElicitation, FormSchema};
#[cfg(feature = "mcp-2026-07-28")]
use crate::profile::mcp_2026_07_28 as mcp;
use crate::rules::answer::Answers;
use crate::rules::form::FormElicitationPending;
use crate::rules::form::{Elicitation, MessageTooLong, Rules, Schema, Summary, check_message};
use crate::rules::question::Question;
use crate::rules::refusal::FormRefusal;
use crate::rules::shown;
use crate::time::Timestamp;

/// The one place the profiles are listed: `$value`, a value of `$enum` (one
/// variant a profile), matched, with its profile's value bound to `$inner`
/// and its [`Profile`] to `$profile` for `$body`. Each method of the choice
/// is one body for both profiles; what differs between them is in their
/// own types (the `From` impls and traits below).
macro_rules! by_profile {
    ($enum:ident, $value:expr, |$inner:pat_param, $profile:pat_param| $body:expr) => {
        match $value {
            $enum::Backend($inner) => {
                let $profile = Profile::Backend;
                $body
            }
            #[cfg(feature = "mcp-2026-07-28")]
            $enum::Mcp20260728($inner) => {
                let $profile = Profile::Mcp20260728;
                $body
            }
        }
    };
}

/// Which rules a `requestedSchema` is checked against.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Profile {
    /// `everruns-core` 0.43.0's restricted profile, exactly. The default.
    #[default]
    #[serde(rename = "backend")]
    Backend,
    /// The whole MCP 2026-07-28 form schema, under the same safety rules
    /// (cargo feature `mcp-2026-07-28`, on by default).
    #[cfg(feature = "mcp-2026-07-28")]
    #[serde(rename = "mcp-2026-07-28")]
    Mcp20260728,
}

impl Profile {
    /// The profile's name: `"backend"` or `"mcp-2026-07-28"`.
    pub fn name(self) -> &'static str {
        match self {
            Self::Backend => "backend",
            #[cfg(feature = "mcp-2026-07-28")]
            Self::Mcp20260728 => "mcp-2026-07-28",
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a profile of this build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownProfile(pub String);

impl fmt::Display for UnknownProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if cfg!(not(feature = "mcp-2026-07-28")) && self.0 == "mcp-2026-07-28" {
            // The npm package's default entry is built without the second
            // profile; the `elicit-form/mcp-2026-07-28` entry has both.
            return f.write_str(
                "\"mcp-2026-07-28\" is not in this build, which has the backend profile only; \
                 import elicit-form/mcp-2026-07-28 (or build the crate with its feature mcp-2026-07-28)",
            );
        }
        write!(
            f,
            "{} is not a profile; use \"backend\" or \"mcp-2026-07-28\"",
            shown(&self.0)
        )
    }
}

impl core::error::Error for UnknownProfile {}

impl FromStr for Profile {
    type Err = UnknownProfile;

    // `#[inline]` on what the bindings crate calls: inlined there before
    // link-time optimisation, the wasm is smaller
    // (docs/architecture.md, "The bindings crate").
    #[inline]
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        match name {
            "backend" => Ok(Self::Backend),
            #[cfg(feature = "mcp-2026-07-28")]
            "mcp-2026-07-28" => Ok(Self::Mcp20260728),
            other => Err(UnknownProfile(other.to_string())),
        }
    }
}

/// A schema accepted under either profile.
///
/// As JS sees it, the schema's view: `{ properties }`, each property its
/// kind's fields and `name`, `title`, `description`, `required`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ProfiledForm {
    Backend(FormSchema),
    #[cfg(feature = "mcp-2026-07-28")]
    Mcp20260728(mcp::FormSchema),
}

/// Why answers do not fit a [`ProfiledForm`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ProfiledAnswerError {
    Backend(AnswerError),
    #[cfg(feature = "mcp-2026-07-28")]
    Mcp20260728(mcp::AnswerError),
}

impl ProfiledAnswerError {
    /// The property the answer is wrong for.
    #[inline]
    pub fn property(&self) -> &str {
        by_profile!(Self, self, |error, _| &error.property)
    }

    /// What is wrong, by name (`outOfRange`, `required`, …): the problem's
    /// `kind()` under its profile.
    #[inline]
    pub fn kind(&self) -> &'static str {
        by_profile!(Self, self, |error, _| error.problem.kind())
    }
}

impl fmt::Display for ProfiledAnswerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        by_profile!(Self, self, |error, _| error.fmt(f))
    }
}

impl From<AnswerError> for ProfiledAnswerError {
    fn from(error: AnswerError) -> Self {
        Self::Backend(error)
    }
}

#[cfg(feature = "mcp-2026-07-28")]
impl From<mcp::AnswerError> for ProfiledAnswerError {
    fn from(error: mcp::AnswerError) -> Self {
        Self::Mcp20260728(error)
    }
}

impl core::error::Error for ProfiledAnswerError {}

/// Check a server's `requestedSchema` under `profile`.
///
/// `Profile::Backend` is exactly [`parse_requested_schema`](crate::parse_requested_schema).
pub fn parse_requested_schema_with(
    schema: &Value,
    profile: Profile,
) -> Result<ProfiledForm, FormRefusal> {
    match profile {
        Profile::Backend => {
            crate::profile::backend::parse_requested_schema(schema).map(ProfiledForm::Backend)
        }
        #[cfg(feature = "mcp-2026-07-28")]
        Profile::Mcp20260728 => mcp::parse_requested_schema(schema).map(ProfiledForm::Mcp20260728),
    }
}

impl ProfiledForm {
    pub fn profile(&self) -> Profile {
        by_profile!(Self, self, |_, profile| profile)
    }

    /// The `ask_user` questions, attributed to `server_name`.
    pub fn questions(&self, server_name: &str) -> Vec<Value> {
        by_profile!(Self, self, |form, _| form.questions(server_name))
    }

    /// The questions as structs, headed by `header` (the attribution
    /// header), so their JSON text is written with no `Value` between.
    #[inline]
    pub fn question_list<'a>(&'a self, header: &'a str) -> Vec<Question<'a>> {
        by_profile!(Self, self, |form, _| form.question_list(header))
    }

    /// The profile's fingerprint (the two never coincide).
    #[inline]
    pub fn fingerprint(&self) -> String {
        by_profile!(Self, self, |form, _| form.fingerprint())
    }

    /// The exact bytes [`fingerprint`](Self::fingerprint) is the SHA-256 of,
    /// for a host that hashes them itself
    /// ([`fingerprint::from_digest`](crate::fingerprint::from_digest) turns
    /// its digest into the fingerprint).
    #[inline]
    pub fn fingerprint_input(&self) -> Vec<u8> {
        by_profile!(Self, self, |form, _| form.fingerprint_input())
    }

    /// `ElicitResult.content` for these answers, under the profile's rules.
    #[inline]
    pub fn content_from_answers(
        &self,
        answers: &dyn Answers,
    ) -> Result<Map<String, Value>, ProfiledAnswerError> {
        by_profile!(Self, self, |form, _| form
            .content(answers)
            .map_err(ProfiledAnswerError::from))
    }
}

/// An elicitation built on a schema read under either profile.
#[derive(Debug, Clone)]
pub enum ProfiledElicitation {
    Backend(FormElicitation),
    #[cfg(feature = "mcp-2026-07-28")]
    Mcp20260728(mcp::FormElicitation),
}

impl ProfiledElicitation {
    /// The elicitation of an already read schema; the message is checked
    /// after the schema, as the backend's engine does.
    #[inline]
    pub fn new(
        form: ProfiledForm,
        server_name: &str,
        tool_name: &str,
        key: &str,
        message: &str,
    ) -> Result<Self, MessageTooLong> {
        check_message(message)?;
        Ok(by_profile!(ProfiledForm, form, |schema, _| {
            Self::from(Elicitation {
                server_name: server_name.to_string(),
                tool_name: tool_name.to_string(),
                key: key.to_string(),
                message: message.to_string(),
                schema,
            })
        }))
    }

    pub fn profile(&self) -> Profile {
        by_profile!(Self, self, |_, profile| profile)
    }

    /// The questions to show, attributed to the configured server name.
    pub fn pending(&self) -> FormElicitationPending {
        by_profile!(Self, self, |asked, _| asked.pending())
    }

    /// [`pending`](Self::pending) as the view the wasm's `pending` writes:
    /// its questions as [`Question`]s headed by `header` (the server name's
    /// [`attribution_header`](crate::rules::question::attribution_header)), which
    /// write the same JSON text as the pending questions' `Value`s without
    /// making them.
    #[inline]
    pub fn pending_view<'a>(&'a self, header: &'a str) -> PendingView<Question<'a>> {
        self.pending_view_on(header, self.fingerprint())
    }

    /// The schema's fingerprint ([`ProfiledForm::fingerprint`]'s).
    #[inline]
    pub fn fingerprint(&self) -> String {
        by_profile!(Self, self, |asked, _| asked.schema.fingerprint())
    }

    /// The bytes [`fingerprint`](Self::fingerprint) is the SHA-256 of
    /// ([`ProfiledForm::fingerprint_input`]'s).
    #[inline]
    pub fn fingerprint_input(&self) -> Vec<u8> {
        by_profile!(Self, self, |asked, _| asked.schema.fingerprint_input())
    }

    /// [`pending_view`](Self::pending_view) with the schema's fingerprint
    /// already made (by a host that hashes its input itself).
    #[inline]
    pub fn pending_view_on<'a>(
        &'a self,
        header: &'a str,
        fingerprint: String,
    ) -> PendingView<Question<'a>> {
        fn view<'a, K: Rules>(
            asked: &'a Elicitation<Schema<K>>,
            header: &'a str,
            fingerprint: String,
        ) -> PendingView<Question<'a>> {
            let summary = Summary {
                server_name: &asked.server_name,
                tool_name: &asked.tool_name,
            }
            .to_string();
            PendingView {
                server_name: asked.server_name.clone(),
                tool_name: asked.tool_name.clone(),
                message: asked.message.clone(),
                questions: asked.schema.question_list(header),
                fingerprint,
                summary,
            }
        }
        by_profile!(Self, self, |asked, _| view(asked, header, fingerprint))
    }

    /// The retry decision on a record of this profile (`None`: no record),
    /// as the `ElicitResult` to send, or `ask` with the pending questions
    /// ([`pending_view`](Self::pending_view), headed by `header`). A record
    /// of the other profile is a [`ProfileMismatch`].
    #[inline]
    pub fn decide<'a>(
        &'a self,
        record: Option<&ProfiledRecord>,
        now: Timestamp,
        header: &'a str,
    ) -> Result<Outcome<Question<'a>>, ProfileMismatch> {
        self.decide_on(record, now, header, self.fingerprint())
    }

    /// [`decide`](Self::decide) with the schema's fingerprint already made
    /// (by a host that hashes its input itself), which the pending
    /// questions carry when it asks.
    #[inline]
    pub fn decide_on<'a>(
        &'a self,
        record: Option<&ProfiledRecord>,
        now: Timestamp,
        header: &'a str,
        fingerprint: String,
    ) -> Result<Outcome<Question<'a>>, ProfileMismatch> {
        by_profile!(Self, self, |asked, profile| {
            let record = match record {
                None => None,
                Some(record) => Some(RecordOf::of(record).ok_or(ProfileMismatch {
                    record: record.profile(),
                    asked: profile,
                })?),
            };
            let decided = asked.decide_on(record, now, &fingerprint);
            Ok(decided.outcome(|| Outcome::Ask {
                pending: self.pending_view_on(header, fingerprint),
            }))
        })
    }
}

impl From<FormElicitation> for ProfiledElicitation {
    fn from(asked: FormElicitation) -> Self {
        Self::Backend(asked)
    }
}

#[cfg(feature = "mcp-2026-07-28")]
impl From<mcp::FormElicitation> for ProfiledElicitation {
    fn from(asked: mcp::FormElicitation) -> Self {
        Self::Mcp20260728(asked)
    }
}

/// A profile's decision as the one [`Outcome`] both give.
trait IntoOutcome {
    fn outcome<Q>(self, ask: impl FnOnce() -> Outcome<Q>) -> Outcome<Q>;
}

impl IntoOutcome for FormOutcome {
    fn outcome<Q>(self, ask: impl FnOnce() -> Outcome<Q>) -> Outcome<Q> {
        match self {
            FormOutcome::Accept(content) => Outcome::Accept { content },
            FormOutcome::Decline => Outcome::Decline,
            FormOutcome::Ask => ask(),
        }
    }
}

#[cfg(feature = "mcp-2026-07-28")]
impl IntoOutcome for mcp::FormOutcome {
    fn outcome<Q>(self, ask: impl FnOnce() -> Outcome<Q>) -> Outcome<Q> {
        match self {
            mcp::FormOutcome::Accept(content) => Outcome::Accept { content },
            mcp::FormOutcome::Decline => Outcome::Decline,
            mcp::FormOutcome::Cancel => Outcome::Cancel,
            mcp::FormOutcome::Ask => ask(),
        }
    }
}

/// A profile's own record out of a [`ProfiledRecord`], if it is of that
/// profile: what `decide` may use.
trait RecordOf: Sized {
    fn of(record: &ProfiledRecord) -> Option<&Self>;
}

impl RecordOf for StoredFormAnswer {
    fn of(record: &ProfiledRecord) -> Option<&Self> {
        match record {
            ProfiledRecord::Backend(record) => Some(record),
            #[cfg(feature = "mcp-2026-07-28")]
            ProfiledRecord::Mcp20260728(_) => None,
        }
    }
}

#[cfg(feature = "mcp-2026-07-28")]
impl RecordOf for mcp::StoredFormAnswer {
    fn of(record: &ProfiledRecord) -> Option<&Self> {
        match record {
            ProfiledRecord::Mcp20260728(record) => Some(record),
            ProfiledRecord::Backend(_) => None,
        }
    }
}

/// A recorded answer under either profile; JS sees the backend's
/// `StoredFormAnswer` shape, whose `action` may be `cancel` under
/// MCP 2026-07-28.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum ProfiledRecord {
    Backend(StoredFormAnswer),
    #[cfg(feature = "mcp-2026-07-28")]
    Mcp20260728(mcp::StoredFormAnswer),
}

impl ProfiledRecord {
    pub fn profile(&self) -> Profile {
        by_profile!(Self, self, |_, profile| profile)
    }

    /// Whether the record may answer this server's tool for these questions
    /// at `now`.
    #[inline]
    pub fn applies_to(&self, server: &str, tool: &str, fingerprint: &str, now: Timestamp) -> bool {
        by_profile!(Self, self, |record, _| record.applies_to(
            server,
            tool,
            fingerprint,
            now
        ))
    }
}

/// The schema text read as JSON, then under `profile`. Text that is not JSON
/// is a [`FormRefusal::Schema`] that says where it stops being JSON.
#[inline]
pub fn read_requested_schema(text: &str, profile: Profile) -> Result<ProfiledForm, FormRefusal> {
    let value = json::read(text, Keys::LastWins)
        .map_err(|error| FormRefusal::Schema(format!("is not valid JSON: {error}")))?;
    parse_requested_schema_with(&value, profile)
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn a_profile_name_reads_back_as_its_profile() {
        assert_eq!("backend".parse(), Ok(Profile::Backend));
        assert_eq!(Profile::Backend.to_string(), "backend");
        #[cfg(feature = "mcp-2026-07-28")]
        assert_eq!(
            "mcp-2026-07-28".parse::<Profile>().map(Profile::name),
            Ok("mcp-2026-07-28")
        );
        let unknown = "Backend".parse::<Profile>().unwrap_err().to_string();
        assert_eq!(
            unknown,
            r#""Backend" is not a profile; use "backend" or "mcp-2026-07-28""#
        );
    }

    /// The backend-only build (the npm package's default entry) names where
    /// the second profile is, rather than calling it unknown.
    #[cfg(not(feature = "mcp-2026-07-28"))]
    #[test]
    fn without_its_feature_the_second_profile_points_to_its_entry() {
        let error = "mcp-2026-07-28".parse::<Profile>().unwrap_err().to_string();
        assert!(error.contains("not in this build"), "{error}");
        assert!(
            error.contains("import elicit-form/mcp-2026-07-28"),
            "{error}"
        );
        assert!(
            read_requested_schema(
                r#"{"type":"object","properties":{"n":{"type":"string"}}}"#,
                Profile::Backend
            )
            .is_ok()
        );
    }
}
