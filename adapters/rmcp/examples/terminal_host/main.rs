//! A terminal host on rmcp: spawns an MCP server over stdio, calls one tool
//! through elicit-form-rmcp, and puts what the server asks to the person at
//! the terminal: a form as questions, a link as its site and host.
//!
//! ```text
//! cargo run --example terminal_host -- <command> [args...] --tool <name> \
//!     [--server-name <configured name>] [--arguments <JSON object>]
//! ```
//!
//! The server's stdout is tapped ([`ElicitForm::tap`]) so the rules read its
//! schemas as sent: rmcp's types drop `writeOnly`. rmcp's
//! `TokioChildProcess` owns the child's pipes, so the child is spawned here
//! and served over rmcp's byte-stream transport on those pipes.

mod host;

use std::process::Stdio;
use std::sync::Arc;

use elicit_form_rmcp::{ElicitForm, MemoryStore};
use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use serde_json::Value;
use tokio::io::BufReader;

const USAGE: &str = "usage: terminal_host <command> [args...] --tool <name> \
[--server-name <configured name>] [--arguments <JSON object>]";

struct Options {
    command: Vec<String>,
    tool: String,
    server_name: String,
    arguments: Option<serde_json::Map<String, Value>>,
}

fn options(mut args: impl Iterator<Item = String>) -> Result<Options, String> {
    let mut command = Vec::new();
    let (mut tool, mut server_name, mut arguments) = (None, None, None);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match arg.as_str() {
            "--tool" => tool = Some(value("--tool")?),
            "--server-name" => server_name = Some(value("--server-name")?),
            "--arguments" => {
                let text = value("--arguments")?;
                match serde_json::from_str(&text) {
                    Ok(Value::Object(object)) => arguments = Some(object),
                    _ => return Err("--arguments must be a JSON object".to_string()),
                }
            }
            "--" => command.extend(args.by_ref()),
            _ => command.push(arg),
        }
    }
    let tool = tool.ok_or("--tool is required")?;
    if command.is_empty() {
        return Err("the server's command is required".to_string());
    }
    Ok(Options {
        // The attribution is the name the person configured, never the
        // server's own; with none given, the command's.
        server_name: server_name.unwrap_or_else(|| command[0].clone()),
        command,
        tool,
        arguments,
    })
}

async fn run(options: Options) -> Result<i32, Box<dyn std::error::Error>> {
    let mut child = tokio::process::Command::new(&options.command[0])
        .args(&options.command[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()?;
    let (Some(stdout), Some(stdin)) = (child.stdout.take(), child.stdin.take()) else {
        return Err("the server's stdio was not piped".into());
    };
    let store = Arc::new(MemoryStore::new());
    let elicit = ElicitForm::new(&options.server_name, store.clone());
    let client = elicit.clone().serve((elicit.tap(stdout), stdin)).await?;
    let mut params = CallToolRequestParams::new(options.tool);
    params.arguments = options.arguments;
    let mut terminal = host::Terminal::new(BufReader::new(tokio::io::stdin()), std::io::stdout());
    let ended = terminal
        .call(&elicit, &store, client.peer(), params)
        .await?;
    client.cancel().await?;
    Ok(ended.exit_code())
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let options = match options(std::env::args().skip(1)) {
        Ok(options) => options,
        Err(error) => {
            eprintln!("terminal_host: {error}\n{USAGE}");
            std::process::exit(2);
        }
    };
    match run(options).await {
        Ok(code) => std::process::exit(code),
        Err(error) => {
            eprintln!("terminal_host: {}", host::shown(&error.to_string()));
            std::process::exit(2);
        }
    }
}
