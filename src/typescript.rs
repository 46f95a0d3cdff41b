//! The TypeScript declarations of the data shapes JS sees, generated from the
//! Rust types that make them (`pkg-template/generated.d.ts`). The test fails
//! when the committed file is stale; `UPDATE_TYPES=1 cargo test --lib
//! typescript` writes it anew. The names and narrowings by `kind` over these
//! types are the JSDoc of `pkg-template/types.js`, the functions' overloads
//! the JSDoc of the modules that hold them; tsc emits their declarations
//! at build time (`scripts/build.mjs`).

use ts_rs::{Config, TS};

use crate::form::{Property, Schema};
use crate::mcp_2026_07_28 as mcp;
use crate::profile::PendingView;
use crate::question::{Question, QuestionOption};
use crate::url_mode as url;
use crate::{FormAnswer, FormAnswerAction, FormPropertyKind, StoredFormAnswer};

const PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/pkg-template/generated.d.ts");

fn declarations() -> String {
    // serde writes every number of these shapes as a JSON number.
    let cfg = Config::new().with_large_int("number");
    let declarations = [
        FormPropertyKind::decl(&cfg),
        mcp::FormPropertyKind::decl(&cfg),
        mcp::Choice::decl(&cfg),
        mcp::TextFormat::decl(&cfg),
        Property::<FormPropertyKind>::decl(&cfg),
        Schema::<FormPropertyKind>::decl(&cfg),
        Question::decl(&cfg),
        QuestionOption::decl(&cfg),
        FormAnswer::decl(&cfg),
        FormAnswerAction::decl(&cfg),
        mcp::FormAnswerAction::decl(&cfg),
        stored_form_answer_of(&cfg),
        PendingView::<crate::json::Value>::decl(&cfg),
        url::UrlWarningKind::decl(&cfg),
        url::UrlWarning::decl(&cfg),
        url::UrlView::decl(&cfg),
        url::UrlPending::decl(&cfg),
        url::UrlDecision::decl(&cfg),
        url::StoredConsent::decl(&cfg),
    ];
    let mut text = String::from(
        "// Generated from the Rust types by `UPDATE_TYPES=1 cargo test --lib typescript`\n\
         // (src/typescript.rs). Do not edit: a test fails when this file is stale.\n",
    );
    for declaration in declarations {
        text.push('\n');
        text.push_str("export ");
        text.push_str(&declaration);
        text.push('\n');
    }
    text
}

/// The generic record, with the backend profile's action as its default as
/// Rust's `StoredFormAnswer` has it: the default is the backend profile's
/// alias's (the shared record in `rules` names no profile), so the derive
/// leaves it out and it is written in here.
fn stored_form_answer_of(cfg: &Config) -> String {
    let declaration = StoredFormAnswer::<FormAnswerAction>::decl(cfg);
    let generic = "StoredFormAnswerOf<A>";
    assert!(
        declaration.starts_with(&format!("type {generic} = ")),
        "the record's declaration is not headed as expected: {declaration}"
    );
    declaration.replacen(
        generic,
        &format!("StoredFormAnswerOf<A = {}>", FormAnswerAction::name(cfg)),
        1,
    )
}

#[test]
fn the_committed_declarations_are_generated_from_the_rust_types() {
    let generated = declarations();
    if std::env::var_os("UPDATE_TYPES").is_some() {
        std::fs::write(PATH, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(PATH).unwrap_or_default();
    assert!(
        committed == generated,
        "pkg-template/generated.d.ts is stale: run `UPDATE_TYPES=1 cargo test --lib typescript`"
    );
}
