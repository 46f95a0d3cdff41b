//! The retry decision through both crates' handlers, over one-shot stores:
//! a recorded answer is sent, declined or asked again.

use std::sync::{Arc, Mutex};

use super::theirs;
use chrono::Utc;
use elicit_form as ours;

use super::answers::{answers_json, generate_answers};
use super::parse::{accepted_schema, json_text};
use super::records::{Fields, our_record, same_or_near, their_record};
use crate::schemas::{Aim, composed_name, server_name};
use crate::seeds::{Tally, run};
use crate::text::short_text;

struct OurOneShot {
    record: Mutex<Option<ours::StoredFormAnswer>>,
    unreachable: bool,
}

impl ours::FormAnswerStore for OurOneShot {
    fn take_form_answer<'a>(
        &'a self,
        _server: &'a str,
        _tool: &'a str,
    ) -> ours::handler::BoxFuture<'a, Result<Option<ours::StoredFormAnswer>, ours::StoreError>>
    {
        Box::pin(async move {
            if self.unreachable {
                return Err("store unreachable".into());
            }
            Ok(self.record.lock().unwrap().take())
        })
    }
}

struct TheirOneShot {
    record: Mutex<Option<theirs::StoredFormAnswer>>,
    unreachable: bool,
}

#[async_trait::async_trait]
impl theirs::FormAnswerStore for TheirOneShot {
    async fn take_form_answer(
        &self,
        _server: &str,
        _tool: &str,
    ) -> anyhow::Result<Option<theirs::StoredFormAnswer>> {
        if self.unreachable {
            anyhow::bail!("store unreachable");
        }
        Ok(self.record.lock().unwrap().take())
    }
}

fn our_outcome(outcome: &ours::FormOutcome) -> String {
    match outcome {
        ours::FormOutcome::Accept(content) => format!("accept {}", json_text(content)),
        ours::FormOutcome::Decline => "decline".into(),
        ours::FormOutcome::Ask => "ask".into(),
    }
}

fn their_outcome(outcome: &theirs::FormOutcome) -> String {
    match outcome {
        theirs::FormOutcome::Accept(content) => format!("accept {}", json_text(content)),
        theirs::FormOutcome::Decline => "decline".into(),
        theirs::FormOutcome::Ask => "ask".into(),
    }
}

#[test]
fn recorded_answers_are_sent_declined_or_asked_again_as_the_backend_decides() {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let mut paths = Tally::default();
    run(
        "recorded_answers_are_sent_declined_or_asked_again_as_the_backend_decides",
        7,
        |rng, case| {
            let Some((text, o, t)) = accepted_schema(rng, case, Aim::Small) else {
                return;
            };
            let answers = generate_answers(rng, &t, 35);
            let server = server_name(rng);
            let tool = composed_name(rng);
            let message = short_text(rng);
            case.input("schema", &text);
            case.input("answers", answers_json(&answers));
            case.input("server, tool", format!("{server:?}, {tool:?}"));
            let fingerprint = t.fingerprint();
            let our_elicitation = ours::FormElicitation {
                server_name: server.clone(),
                tool_name: tool.clone(),
                key: "input".into(),
                message: message.clone(),
                schema: o,
            };
            let their_elicitation = theirs::FormElicitation {
                server_name: server.clone(),
                tool_name: tool.clone(),
                key: "input".into(),
                message,
                schema: t,
            };

            // (A quarter of the cases: questions and fingerprints are compared
            // on every accepted schema by the schema test already.)
            if rng.percent(25) {
                let (p, q) = (our_elicitation.pending(), their_elicitation.pending());
                case.same(
                    "pending",
                    format!(
                        "{p} | {:?} | {:?} | {:?} | {} | {}",
                        p.server_name,
                        p.tool_name,
                        p.message,
                        json_text(&p.questions),
                        p.fingerprint
                    ),
                    format!(
                        "{q} | {:?} | {:?} | {:?} | {} | {}",
                        q.server_name,
                        q.tool_name,
                        q.message,
                        json_text(&q.questions),
                        q.fingerprint
                    ),
                );
            }

            // The record, far from its expiry either way, since the backend
            // reads the clock itself.
            let record = match rng.below(20) {
                0 | 1 => None,
                _ => {
                    let hours = rng.between(1, 50 * 365 * 24) as i64;
                    let expires = if rng.percent(15) {
                        Utc::now() - chrono::Duration::hours(hours)
                    } else {
                        Utc::now() + chrono::Duration::hours(hours)
                    };
                    let expires =
                        expires + chrono::Duration::nanoseconds(rng.below(1_000_000_000) as i64);
                    let record_fingerprint = match rng.below(12) {
                        0 => "stale".to_string(),
                        1 => fingerprint.to_uppercase(),
                        2 => format!("{}0", &fingerprint[..63]),
                        _ => fingerprint.clone(),
                    };
                    let accept = rng.percent(80);
                    Some(Fields {
                        server: if rng.percent(8) {
                            same_or_near(rng, &server)
                        } else {
                            server.clone()
                        },
                        tool: if rng.percent(8) {
                            same_or_near(rng, &tool)
                        } else {
                            tool.clone()
                        },
                        fingerprint: record_fingerprint,
                        accept,
                        answers,
                        at: (expires.timestamp(), expires.timestamp_subsec_nanos()),
                    })
                }
            };
            let unreachable = rng.percent(5);
            let second_call = rng.percent(25);
            if let Some(fields) = &record {
                case.input("record", json_text(&their_record(fields)));
            }
            case.input("store unreachable", unreachable.to_string());

            let decided = if unreachable {
                our_elicitation.decide(None, ours::Timestamp::now())
            } else {
                our_elicitation.decide(
                    record.as_ref().map(our_record).as_ref(),
                    ours::Timestamp::now(),
                )
            };
            let our_handler = ours::StoredFormAnswers::new(Arc::new(OurOneShot {
                record: Mutex::new(record.as_ref().map(our_record)),
                unreachable,
            }));
            let their_handler = theirs::StoredFormAnswers::new(Arc::new(TheirOneShot {
                record: Mutex::new(record.as_ref().map(their_record)),
                unreachable,
            }));
            runtime.block_on(async {
                use ours::FormElicitationHandler as _;
                use theirs::FormElicitationHandler as _;
                let first_ours = our_handler
                    .answer_form(&our_elicitation)
                    .await
                    .map(|o| our_outcome(&o))
                    .map_err(|e| e.to_string());
                let first_theirs = their_handler
                    .answer_form(&their_elicitation)
                    .await
                    .map(|o| their_outcome(&o))
                    .map_err(|e| e.to_string());
                if let Ok(outcome) = &first_theirs {
                    paths.count(outcome.split(' ').next().unwrap_or_default());
                }
                case.same(
                    "decide",
                    format!("{:?}", Ok::<_, String>(our_outcome(&decided))),
                    format!("{first_theirs:?}"),
                );
                case.same(
                    "handler",
                    format!("{first_ours:?}"),
                    format!("{first_theirs:?}"),
                );
                if !second_call {
                    return;
                }
                // One answer is sent at most once.
                let again_ours = our_handler
                    .answer_form(&our_elicitation)
                    .await
                    .map(|o| our_outcome(&o))
                    .map_err(|e| e.to_string());
                let again_theirs = their_handler
                    .answer_form(&their_elicitation)
                    .await
                    .map(|o| their_outcome(&o))
                    .map_err(|e| e.to_string());
                case.same(
                    "handler, second call",
                    format!("{again_ours:?}"),
                    format!("{again_theirs:?}"),
                );
            });
        },
    );
    println!("outcomes:\n{}", paths.summary());
}
