//! The terminal side of the example: what a CLI agent embeds. It shows what
//! waits for a person (a form's questions, a link's site and host), reads
//! the answers from its input, records them in the store and retries. Every
//! server-supplied string goes through [`shown`] before it reaches the
//! terminal.

use std::collections::BTreeMap;
use std::io::Write;

use elicit_form::url_mode::UrlPending;
use elicit_form::{
    FormAnswer, FormAnswerAction, FormElicitationPending, StoredConsent, StoredFormAnswer,
    Timestamp,
};
use elicit_form_rmcp::{ElicitError, ElicitForm, MemoryStore};
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{Peer, RoleClient};
use serde_json::Value;
use tokio::io::{AsyncBufRead, AsyncBufReadExt};

/// How many times one call is retried after a person answered: enough for a
/// form and a link in turn, and a form asked again; a server that keeps
/// asking past it is left for the person to retry.
pub const MAX_ASKS: usize = 4;

/// Whether a character would not read as itself in a terminal: C0 and C1
/// controls (an ESC sequence could move the cursor and overwrite the lines
/// that name the real site), bidi controls, zero-width characters, line
/// separators. The set of the JS CLI's `UNSAFE_IN_A_TERMINAL`.
fn unsafe_in_a_terminal(c: char) -> bool {
    matches!(c,
        '\u{0000}'..='\u{001f}'
        | '\u{007f}'..='\u{009f}'
        | '\u{00ad}'
        | '\u{061c}'
        | '\u{180e}'
        | '\u{200b}'..='\u{200f}'
        | '\u{2028}'..='\u{202e}'
        | '\u{2060}'..='\u{206f}'
        | '\u{feff}'
        | '\u{fff9}'..='\u{fffb}')
}

/// Server text as the terminal shows it: every unsafe character written as
/// `\u{XXXX}` (upper-case hex, at least four digits), as the JS CLI does.
pub fn shown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if unsafe_in_a_terminal(c) {
            out.push_str(&format!("\\u{{{:04X}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    out
}

/// How one run ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Ended {
    /// The server gave a result.
    Result,
    /// Refused, declined, left unanswered, or failed.
    Stopped,
}

impl Ended {
    pub fn exit_code(&self) -> i32 {
        match self {
            Self::Result => 0,
            Self::Stopped => 1,
        }
    }
}

/// The person's side: lines read from `input`, text written to `output`.
pub struct Terminal<R, W> {
    input: R,
    output: W,
}

impl<R: AsyncBufRead + Unpin, W: Write> Terminal<R, W> {
    pub fn new(input: R, output: W) -> Self {
        Self { input, output }
    }

    /// One line of input without its line ending; `None` at the end of input.
    async fn line(&mut self, prompt: &str) -> std::io::Result<Option<String>> {
        write!(self.output, "{prompt}")?;
        self.output.flush()?;
        let mut line = String::new();
        if self.input.read_line(&mut line).await? == 0 {
            writeln!(self.output)?;
            return Ok(None);
        }
        Ok(Some(line.trim_end_matches(['\n', '\r']).to_string()))
    }

    fn say(&mut self, text: &str) -> std::io::Result<()> {
        writeln!(self.output, "{text}")
    }

    /// Calls the tool, and for every view that waits for a person asks,
    /// records and retries, at most [`MAX_ASKS`] times.
    pub async fn call(
        &mut self,
        elicit: &ElicitForm,
        store: &MemoryStore,
        peer: &Peer<RoleClient>,
        params: CallToolRequestParams,
    ) -> std::io::Result<Ended> {
        for _ in 0..=MAX_ASKS {
            let recorded = match elicit.call_tool(peer, params.clone()).await {
                Ok(result) => {
                    self.result(&result)?;
                    return Ok(Ended::Result);
                }
                Err(ElicitError::FormPending(pending)) => self.ask_form(store, &pending).await?,
                Err(ElicitError::UrlPending(pending)) => self.ask_link(store, &pending).await?,
                Err(ElicitError::Refused { message, kind }) => {
                    self.say(&format!("refused ({kind}): {}", shown(&message)))?;
                    return Ok(Ended::Stopped);
                }
                Err(other) => {
                    self.say(&format!("stopped: {}", shown(&other.to_string())))?;
                    return Ok(Ended::Stopped);
                }
            };
            if !recorded {
                self.say("nothing recorded; the tool was not run")?;
                return Ok(Ended::Stopped);
            }
        }
        self.say(&format!(
            "stopped: the server still asks after {MAX_ASKS} answers; retry when ready"
        ))?;
        Ok(Ended::Stopped)
    }

    fn result(&mut self, result: &CallToolResult) -> std::io::Result<()> {
        let failed = result.is_error == Some(true);
        self.say(if failed { "tool error:" } else { "result:" })?;
        for block in &result.content {
            match block.as_text() {
                Some(text) => self.say(&format!("  {}", shown(&text.text)))?,
                None => self.say("  (content that is not text)")?,
            }
        }
        Ok(())
    }

    /// The questions, one by one; the answers recorded as the person's
    /// (or a decline). False when the person left without answering.
    async fn ask_form(
        &mut self,
        store: &MemoryStore,
        pending: &FormElicitationPending,
    ) -> std::io::Result<bool> {
        // The summary is built from the configured names, never server text;
        // the tool's name is the host's own, still shown escaped.
        self.say(&shown(&pending.to_string()))?;
        if !pending.message.is_empty() {
            self.say(&format!("message: {}", shown(&pending.message)))?;
        }
        self.say("(type 'decline' at any question to decline the form)")?;
        let mut answers = BTreeMap::new();
        for question in &pending.questions {
            let Some(answer) = self.ask_question(question).await? else {
                return Ok(false);
            };
            let Some(answer) = answer else {
                self.record_form(store, pending, FormAnswerAction::Decline, BTreeMap::new())?;
                self.say("declined; retrying")?;
                return Ok(true);
            };
            let id = question["id"].as_str().unwrap_or_default().to_string();
            answers.insert(id, answer);
        }
        self.record_form(store, pending, FormAnswerAction::Accept, answers)?;
        self.say("answers recorded; retrying")?;
        Ok(true)
    }

    fn record_form(
        &mut self,
        store: &MemoryStore,
        pending: &FormElicitationPending,
        action: FormAnswerAction,
        answers: BTreeMap<String, FormAnswer>,
    ) -> std::io::Result<()> {
        let record = StoredFormAnswer::new(
            &pending.server_name,
            &pending.tool_name,
            &pending.fingerprint,
            action,
            answers,
            Timestamp::now(),
        )
        .map_err(std::io::Error::other)?;
        store
            .record_form_answer(&record)
            .map_err(std::io::Error::other)
    }

    /// One question: `None` at the end of input, `Some(None)` for a decline.
    async fn ask_question(
        &mut self,
        question: &Value,
    ) -> std::io::Result<Option<Option<FormAnswer>>> {
        let text = |key: &str| shown(question[key].as_str().unwrap_or_default());
        let options = question["options"].as_array().cloned().unwrap_or_default();
        let multi = question["multi_select"] == true;
        let other = question["allow_other"] == true;
        self.say("")?;
        self.say(&format!("[{}] {}", text("header"), text("question")))?;
        for (at, option) in options.iter().enumerate() {
            let label = shown(option["label"].as_str().unwrap_or_default());
            let sends = option["description"].as_str().unwrap_or_default();
            let sends = if sends.is_empty() {
                String::new()
            } else {
                format!("  (sends {})", shown(&Value::from(sends).to_string()))
            };
            let mark = if option["default"] == true {
                " (default)"
            } else {
                ""
            };
            self.say(&format!("  {}) {label}{mark}{sends}", at + 1))?;
        }
        let prompt = match (options.is_empty(), multi) {
            (true, _) => "> ".to_string(),
            (false, false) if other => "number, or your own text> ".to_string(),
            (false, false) => "number> ".to_string(),
            (false, true) => "numbers, comma-separated> ".to_string(),
        };
        loop {
            let Some(line) = self.line(&prompt).await? else {
                return Ok(None);
            };
            let typed = line.trim();
            if typed == "decline" {
                return Ok(Some(None));
            }
            if options.is_empty() {
                return Ok(Some(Some(FormAnswer {
                    selected: Vec::new(),
                    other_text: Some(line),
                })));
            }
            let label_of = |part: &str| {
                let at = part.trim().parse::<usize>().ok()?.checked_sub(1)?;
                options.get(at)?["label"].as_str().map(str::to_string)
            };
            let picked: Option<Vec<String>> = if typed.is_empty() {
                let defaults: Vec<String> = options
                    .iter()
                    .filter(|option| option["default"] == true)
                    .filter_map(|option| option["label"].as_str().map(str::to_string))
                    .collect();
                (!defaults.is_empty()).then_some(defaults)
            } else if multi {
                typed.split(',').map(label_of).collect()
            } else {
                label_of(typed).map(|label| vec![label])
            };
            match picked {
                Some(selected) => {
                    return Ok(Some(Some(FormAnswer {
                        selected,
                        other_text: None,
                    })));
                }
                None if other && !typed.is_empty() => {
                    return Ok(Some(Some(FormAnswer {
                        selected: Vec::new(),
                        other_text: Some(line),
                    })));
                }
                None => self.say(&format!("pick 1 to {}", options.len()))?,
            }
        }
    }

    /// The link's site and host, and the person's yes. The URL is printed
    /// for the person to open; this host never opens or fetches it.
    async fn ask_link(
        &mut self,
        store: &MemoryStore,
        pending: &UrlPending,
    ) -> std::io::Result<bool> {
        let view = &pending.view;
        self.say(&shown(&pending.summary))?;
        self.say(&format!(
            "[{}] {}",
            shown(&view.header),
            shown(&view.message)
        ))?;
        self.say(&format!("site: {}", shown(&view.site)))?;
        self.say(&format!("host: {}", shown(&view.display_host)))?;
        if view.display_host != view.host {
            self.say(&format!("host in ASCII: {}", shown(&view.host)))?;
        }
        for warning in &view.warnings {
            self.say(&format!("warning: {}", shown(&warning.message)))?;
        }
        let Some(answer) = self.line("open? [y/N] ").await? else {
            return Ok(false);
        };
        if !matches!(answer.trim(), "y" | "Y" | "yes") {
            return Ok(false);
        }
        let consent = StoredConsent::new(
            &pending.server_name,
            &pending.tool_name,
            &pending.host,
            Timestamp::now(),
        );
        store
            .record_consent(&consent)
            .map_err(std::io::Error::other)?;
        self.say(&format!("open this in your browser: {}", shown(&view.url)))?;
        if self.line("press Enter once done ").await?.is_none() {
            return Ok(false);
        }
        self.say("consent recorded; retrying")?;
        Ok(true)
    }
}
