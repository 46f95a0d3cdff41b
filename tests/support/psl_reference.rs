//! The `psl` crate as the reference for the URL rules' own Public Suffix
//! List lookup (`elicit_form::url_mode::public_suffix`), shared by the
//! differential test (`tests/public_suffix.rs`) and the fuzz target
//! `url_mode`.

use elicit_form::url_mode::public_suffix::{PublicSuffix, public_suffix, registrable_domain};

/// The names `psl` 2.1.247 gets wrong by the list's own algorithm, where
/// the lookup gives otherwise: each is matched by a wildcard rule
/// (`*.run.app` matches `mtls.run.app`) and begins a longer rule
/// (`*.mtls.run.app`), and `psl`'s generated matcher, having gone down the
/// longer rule's branch, forgets the wildcard's match and gives the suffix of
/// the rules above it (`app`, so the registrable domain `run.app`).
pub const PSL_DEPARTURES: [&str; 22] = [
    "ap-north-1.r.cloud.int.apple",
    "ap-south-1.r.cloud.int.apple",
    "ap-south-2.r.cloud.int.apple",
    "eu-central-1.r.cloud.int.apple",
    "eu-north-1.r.cloud.int.apple",
    "ex.futurecms.at",
    "in.futurecms.at",
    "mtls.run.app",
    "oci.customer-oci.com",
    "ocp.customer-oci.com",
    "ocs.customer-oci.com",
    "privatelink.snowflake.app",
    "r.cloud.int.apple",
    "svc.firenet.ch",
    "teams.replit.dev",
    "us-central-1.r.cloud.int.apple",
    "us-central-2.r.cloud.int.apple",
    "us-east-1.r.cloud.int.apple",
    "us-east-2.r.cloud.int.apple",
    "us-west-1.r.cloud.int.apple",
    "us-west-2.r.cloud.int.apple",
    "us-west-3.r.cloud.int.apple",
];

/// Whether `host` is one of [`PSL_DEPARTURES`], with or without a trailing dot.
pub fn is_psl_departure(host: &str) -> bool {
    let name = host.strip_suffix('.').unwrap_or(host);
    PSL_DEPARTURES.contains(&name)
}

/// `psl`'s public suffix of `host`, in the lookup's shape.
pub fn psl_suffix(host: &str) -> Option<PublicSuffix<'_>> {
    let suffix = psl::suffix(host.as_bytes())?;
    let name = std::str::from_utf8(suffix.as_bytes()).ok()?;
    Some(PublicSuffix {
        name,
        known: suffix.is_known(),
    })
}

/// Where the lookup and `psl` differ on `host` (its public suffix, whether
/// that is known, its registrable domain), in words; none where they agree.
pub fn difference_from_psl(host: &str) -> Option<String> {
    let ours = (public_suffix(host), registrable_domain(host));
    let theirs = (psl_suffix(host), psl::domain_str(host));
    (ours != theirs).then(|| format!("{host:?}: ours {ours:?}, psl {theirs:?}"))
}
