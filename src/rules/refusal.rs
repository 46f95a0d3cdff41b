//! Why a form cannot be put in front of a person at all, under either
//! profile: the backend's [`FormRefusal`], its three variants exactly.

use alloc::string::String;
use core::fmt;

/// Why an elicitation cannot be answered at all. Nothing is put in front of a
/// person; the tool call fails with this.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FormRefusal {
    /// A credential would reach the event log and the model's context. URL
    /// mode is the channel the MCP specification provides for it.
    Credential { property: String },
    /// A property the restricted profile does not allow.
    OutOfProfile { property: String, reason: String },
    /// The schema as a whole is malformed or over a bound.
    Schema(String),
}

impl fmt::Display for FormRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Credential { property } => write!(
                f,
                "property '{property}' asks for a credential; Everruns does not collect \
                 credentials through form elicitation. The server should use URL mode \
                 elicitation instead"
            ),
            Self::OutOfProfile { property, reason } => write!(
                f,
                "property '{property}' is outside the form elicitation profile: {reason}"
            ),
            Self::Schema(reason) => write!(f, "requested schema {reason}"),
        }
    }
}

impl core::error::Error for FormRefusal {}

impl FormRefusal {
    /// The variant as JS names it: `"credential"`, `"outOfProfile"` or
    /// `"schema"`.
    // `#[inline]` on what the bindings crate calls: inlined there before
    // link-time optimisation, the wasm is smaller
    // (docs/architecture.md, "The bindings crate").
    #[inline]
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Credential { .. } => "credential",
            Self::OutOfProfile { .. } => "outOfProfile",
            Self::Schema(_) => "schema",
        }
    }

    /// The property the refusal names, if it names one.
    #[inline]
    pub fn property(&self) -> Option<&str> {
        match self {
            Self::Credential { property } | Self::OutOfProfile { property, .. } => Some(property),
            Self::Schema(_) => None,
        }
    }

    /// The reason the variant carries (none for a credential).
    #[inline]
    pub fn reason(&self) -> Option<&str> {
        match self {
            Self::OutOfProfile { reason, .. } | Self::Schema(reason) => Some(reason),
            Self::Credential { .. } => None,
        }
    }
}
