//! examples/terminal_host: the compiled example against the SDK v2 server of
//! the flow tests (node, stdio), a person's answers on its stdin; its
//! terminal module driven in-process against a hand-written server whose
//! text carries terminal controls; and its escaping against the JS CLI's.

#[path = "../examples/terminal_host/host.rs"]
#[allow(dead_code)]
mod host;
mod support;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::Arc;

use elicit_form_rmcp::{ElicitForm, MemoryStore};
use rmcp::model::CallToolRequestParams;
use rmcp::service::{RoleClient, serve_directly};
use serde_json::{Value, json};
use support::repo_root;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// The example as `cargo test` built it, beside this test's own binary
/// (`target/<profile>/deps/` and `target/<profile>/examples/`).
fn example_binary() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let profile_dir = exe.parent().and_then(|deps| deps.parent()).unwrap();
    let binary = profile_dir
        .join("examples")
        .join(format!("terminal_host{}", std::env::consts::EXE_SUFFIX));
    assert!(
        binary.exists(),
        "{} is missing: run the whole `cargo test` of the crate, which builds its examples",
        binary.display()
    );
    binary
}

/// Runs the example against `node tests/flow/v2-server.mjs stdio` with
/// `stdin` as the person's typing: its exit code and stdout.
fn run_example(args: &[&str], stdin: &str) -> (i32, String) {
    let mut child = Command::new(example_binary())
        .current_dir(repo_root())
        .args(["node", "tests/flow/v2-server.mjs", "stdio"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    (output.status.code().unwrap(), stdout)
}

/// The JSON the v2 server's tool reported: what it received, and the state.
fn reported(stdout: &str) -> Value {
    let line = stdout
        .lines()
        .skip_while(|line| *line != "result:")
        .nth(1)
        .unwrap_or_else(|| panic!("no result in:\n{stdout}"));
    serde_json::from_str(line.trim()).unwrap()
}

#[test]
fn a_form_is_asked_in_the_terminal_recorded_and_sent_exactly_once() {
    // email, notify (Enter: its default, Yes), plan (2: Team), seats.
    let (code, stdout) = run_example(
        &["--tool", "buy", "--server-name", "billing"],
        "ada@example.com\n\n2\n12\n",
    );
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.starts_with(
        "MCP server 'billing' has questions for you before tool 'buy' can run\n\
         message: Pick a plan\n"
    ));
    for shown in [
        "[billing] email (format: email)\n",
        "[billing] Notify me\n  1) Yes (default)\n  2) No\n",
        "[billing] Plan: Which plan to buy\n  1) Pro  (sends \"pro\")\n  2) Team  (sends \"team\")\n",
        "[billing] Seats (a whole number from 1 to 50)\n",
    ] {
        assert!(stdout.contains(shown), "{shown:?} not in:\n{stdout}");
    }
    // The header is the configured name, never the server's own.
    assert!(!stdout.contains("billing-server"));
    assert_eq!(stdout.matches("answers recorded; retrying").count(), 1);
    assert_eq!(
        reported(&stdout),
        json!({
            "received": {"action": "accept", "content":
                {"email": "ada@example.com", "notify": true, "plan": "team", "seats": 12}},
            "state": "buy:billing:ünïcödé \"state\""
        })
    );
}

#[test]
fn a_decline_typed_at_a_question_is_sent_as_decline() {
    let (code, stdout) = run_example(&["--tool", "buy", "--server-name", "billing"], "decline\n");
    assert_eq!(code, 0, "{stdout}");
    assert_eq!(reported(&stdout)["received"], json!({"action": "decline"}));
}

#[test]
fn input_ending_before_the_answers_records_nothing_and_sends_nothing() {
    let (code, stdout) = run_example(
        &["--tool", "buy", "--server-name", "billing"],
        "ada@example.com\n",
    );
    assert_eq!(code, 1);
    assert!(stdout.ends_with("nothing recorded; the tool was not run\n"));
    assert!(!stdout.contains("result:"));
}

#[test]
fn a_link_shows_its_site_and_host_and_a_yes_is_one_consent() {
    let (code, stdout) = run_example(
        &["--tool", "connect_account", "--server-name", "calendar"],
        "y\n\n",
    );
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.starts_with(
        "MCP server 'calendar' needs you to complete an interaction at accounts.example.com \
         before tool 'connect_account' can run\n\
         [calendar] Connect your calendar\n\
         site: example.com\n\
         host: accounts.example.com\n\
         open? [y/N] open this in your browser: https://accounts.example.com/connect/calendar\n"
    ));
    assert_eq!(
        reported(&stdout),
        json!({"received": {"action": "accept"}, "state": "connect:ünïcödé \"state\""})
    );

    // No: nothing recorded, nothing sent, the URL never printed.
    let (code, stdout) = run_example(
        &["--tool", "connect_account", "--server-name", "calendar"],
        "n\n",
    );
    assert_eq!(code, 1);
    assert!(!stdout.contains("https://"), "{stdout}");
    assert!(!stdout.contains("result:"));
}

#[test]
fn a_punycode_host_is_shown_in_ascii_with_the_warning() {
    let (code, stdout) = run_example(
        &[
            "--tool",
            "connect_account",
            "--server-name",
            "calendar",
            "--arguments",
            r#"{"url": "https://xn--80ak6aa92e.com/login"}"#,
        ],
        "\n",
    );
    assert_eq!(code, 1);
    assert!(stdout.contains("site: xn--80ak6aa92e.com\nhost: xn--80ak6aa92e.com\nwarning: "));
}

#[test]
fn a_credential_form_is_refused_and_never_asked() {
    let (code, stdout) = run_example(
        &["--tool", "connect-account", "--server-name", "accounts"],
        "",
    );
    assert_eq!(code, 1);
    assert_eq!(
        stdout,
        "refused (credential): MCP server 'accounts' asked questions for tool \
         'connect-account' that Everruns will not put to a person: property 'apiKey' asks for \
         a credential; Everruns does not collect credentials through form elicitation. The \
         server should use URL mode elicitation instead\n"
    );
}

/// Server text that would rewrite the terminal: a clear-screen sequence, a
/// right-to-left override, a zero-width space.
const HOSTILE: &str = "Pick\u{1b}[2J a plan\u{202e}nalp\u{200b}";

/// Asks one round, a form with hostile text or a link with `link`'s
/// message, then reports the responses it received as the result.
async fn hostile_server(io: tokio::io::DuplexStream, link: Option<&'static str>) {
    let (read, mut write) = tokio::io::split(io);
    let mut lines = BufReader::new(read).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        let Ok(message) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        if message["method"] != "tools/call" {
            continue;
        }
        let responses = &message["params"]["inputResponses"];
        let result = if responses.is_object() {
            json!({"content": [{"type": "text", "text": format!("got {responses}\u{1b}[31m")}]})
        } else if let Some(message) = link {
            json!({"resultType": "input_required", "inputRequests": {"go": {
                "method": "elicitation/create",
                "params": {"mode": "url", "message": message, "url": "https://pay.example.com/x"}}}})
        } else {
            json!({"resultType": "input_required", "inputRequests": {"ask": {
                "method": "elicitation/create",
                "params": {"mode": "form", "message": HOSTILE, "requestedSchema": {
                    "type": "object",
                    "properties": {"size": {"type": "string", "title": HOSTILE,
                        "enum": ["s", "m"], "enumNames": ["Small\u{1b}]8;;x\u{7}", "M"]}}}}}}})
        };
        let mut text = json!({"jsonrpc": "2.0", "id": message["id"], "result": result}).to_string();
        text.push('\n');
        if write.write_all(text.as_bytes()).await.is_err() {
            break;
        }
    }
}

async fn drive(link: Option<&'static str>, typed: &str, expected: host::Ended) -> String {
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    tokio::spawn(hostile_server(server_io, link));
    let store = Arc::new(MemoryStore::new());
    let elicit = ElicitForm::new("shop", store.clone());
    let (read, write) = tokio::io::split(client_io);
    let client =
        serve_directly::<RoleClient, _, _, _, _>(elicit.clone(), (elicit.tap(read), write), None);
    let mut output = Vec::new();
    let mut terminal = host::Terminal::new(typed.as_bytes(), &mut output);
    let ended = terminal
        .call(
            &elicit,
            &store,
            client.peer(),
            CallToolRequestParams::new("buy"),
        )
        .await
        .unwrap();
    let output = String::from_utf8(output).unwrap();
    assert_eq!(ended, expected, "{output}");
    output
}

#[tokio::test]
async fn server_text_reaches_the_terminal_escaped() {
    let shown = drive(None, "1\n", host::Ended::Result).await;
    assert!(
        !shown
            .chars()
            .any(|c| c == '\u{1b}' || c == '\u{7}' || c == '\u{202e}' || c == '\u{200b}')
    );
    let escaped = "Pick\\u{001B}[2J a plan\\u{202E}nalp\\u{200B}";
    assert!(shown.contains(&format!("message: {escaped}\n")), "{shown}");
    assert!(shown.contains(&format!("[shop] {escaped}\n")), "{shown}");
    assert!(
        shown.contains("  1) Small\\u{001B}]8;;x\\u{0007}  (sends \"s\")\n"),
        "{shown}"
    );
    assert!(shown.contains(
        "result:\n  got {\"ask\":{\"action\":\"accept\",\"content\":{\"size\":\"s\"}}}\\u{001B}[31m\n"
    ), "{shown}");

    // A link's message with such characters is refused by the URL rules,
    // and the refusal names the character without printing it.
    let shown = drive(Some(HOSTILE), "y\n\n", host::Ended::Stopped).await;
    assert!(shown.starts_with("refused (hiddenText): MCP server 'shop' sent an unusable elicitation URL: the message has "), "{shown}");
    assert!(!shown.contains('\u{1b}'));
    assert!(!shown.contains("open?"));

    let shown = drive(Some("Pay <b>now</b>"), "y\n\n", host::Ended::Result).await;
    assert!(
        shown.contains("[shop] Pay <b>now</b>\nsite: example.com\nhost: pay.example.com\n"),
        "{shown}"
    );
    assert!(
        shown.contains("open this in your browser: https://pay.example.com/x\n"),
        "{shown}"
    );
    assert!(
        shown.contains("got {\"go\":{\"action\":\"accept\"}}"),
        "{shown}"
    );
}

/// Every code point of the Basic Multilingual Plane (surrogates aside) the
/// JS CLI's `UNSAFE_IN_A_TERMINAL` escapes, read from pkg-template/cli.js
/// and run by node, is escaped here, and no other.
#[test]
fn the_escaping_is_the_js_clis() {
    let cli = std::fs::read_to_string(repo_root().join("pkg-template/cli.js")).unwrap();
    let rule = cli
        .lines()
        .find(|line| line.starts_with("const UNSAFE_IN_A_TERMINAL = "))
        .expect("cli.js names UNSAFE_IN_A_TERMINAL");
    let script = format!(
        "{rule}\nconst out = [];\nfor (let c = 0; c < 0x10000; c += 1) {{\n  \
         if (c >= 0xd800 && c <= 0xdfff) continue;\n  \
         if (String.fromCharCode(c).replace(UNSAFE_IN_A_TERMINAL, \"\") === \"\") out.push(c);\n}}\n\
         console.log(JSON.stringify(out));"
    );
    let output = Command::new("node").args(["-e", &script]).output().unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let js: Vec<u32> = serde_json::from_slice(&output.stdout).unwrap();
    let rust: Vec<u32> = (0..0x10000u32)
        .filter_map(char::from_u32)
        .filter(|c| host::shown(&c.to_string()) != c.to_string())
        .map(u32::from)
        .collect();
    assert!(js.len() >= 100, "{} code points", js.len());
    assert_eq!(rust, js);
    assert_eq!(host::shown("a\u{1b}b\u{feff}"), "a\\u{001B}b\\u{FEFF}");
    // Outside the set, and outside the BMP, text is left as it is.
    assert_eq!(host::shown("Zürich 🙂"), "Zürich 🙂");
}
