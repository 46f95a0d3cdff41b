//! A server that is not rmcp sends a field marked `writeOnly: true`, which
//! the backend refuses as a credential and rmcp's types drop. Over a tapped
//! transport the rules read the server's own schema and refuse it; over an
//! untapped one they see rmcp's copy.

use std::sync::{Arc, Mutex};

use elicit_form_rmcp::{ElicitError, ElicitForm, MemoryStore, Pending};
use rmcp::model::{CallToolRequestParams, InitializeResult, ProtocolVersion, ServerCapabilities};
use rmcp::service::{RoleClient, serve_directly};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

/// Answers every tools/call with one input_required round asking a hidden
/// field, as a JSON-RPC server written by hand would.
async fn hand_written_server(io: tokio::io::DuplexStream) {
    let (read, mut write) = tokio::io::split(io);
    let mut lines = BufReader::new(read).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        let Ok(message) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        if message["method"] != "tools/call" {
            continue;
        }
        let reply = json!({
            "jsonrpc": "2.0",
            "id": message["id"],
            "result": {
                "resultType": "input_required",
                "requestState": "s",
                "inputRequests": {
                    "hidden": {
                        "method": "elicitation/create",
                        "params": {
                            "mode": "form",
                            "message": "One more thing",
                            "requestedSchema": {
                                "type": "object",
                                "properties": {"note": {"type": "string", "title": "Note", "writeOnly": true}}
                            }
                        }
                    }
                }
            }
        });
        let mut text = reply.to_string();
        text.push('\n');
        if write.write_all(text.as_bytes()).await.is_err() {
            break;
        }
    }
}

/// Answers every tools/call by first pushing `elicitation/create` (2025-11-25)
/// for a hidden field, then reporting the client's response as the result.
async fn hand_written_pushing_server(io: tokio::io::DuplexStream) {
    let (read, mut write) = tokio::io::split(io);
    let mut lines = BufReader::new(read).lines();
    let mut call_id = None;
    while let Ok(Some(line)) = lines.next_line().await {
        let Ok(message) = serde_json::from_str::<Value>(&line) else {
            continue;
        };
        let reply = if message["method"] == "tools/call" {
            call_id = Some(message["id"].clone());
            json!({
                "jsonrpc": "2.0",
                "id": "ask-1",
                "method": "elicitation/create",
                "params": {
                    "mode": "form",
                    "message": "One more thing",
                    "requestedSchema": {
                        "type": "object",
                        "properties": {"note": {"type": "string", "title": "Note", "writeOnly": true}}
                    }
                }
            })
        } else if message["id"] == "ask-1" {
            let Some(id) = call_id.take() else { continue };
            json!({
                "jsonrpc": "2.0",
                "id": id,
                "result": {"content": [{"type": "text", "text": message.to_string()}]}
            })
        } else {
            continue;
        };
        let mut text = reply.to_string();
        text.push('\n');
        if write.write_all(text.as_bytes()).await.is_err() {
            break;
        }
    }
}

#[tokio::test]
async fn a_pushed_write_only_field_is_refused_over_a_tapped_transport() {
    let shown = Arc::new(Mutex::new(Vec::<Pending>::new()));
    let sink = shown.clone();
    let elicit = ElicitForm::new("notes", Arc::new(MemoryStore::new()))
        .on_pending(move |pending| sink.lock().unwrap().push(pending.clone()));
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let server = tokio::spawn(hand_written_pushing_server(server_io));
    let mut info = InitializeResult::new(ServerCapabilities::builder().enable_tools().build());
    info.protocol_version = ProtocolVersion::V_2025_11_25;
    let (read, write) = tokio::io::split(client_io);
    let client = serve_directly::<RoleClient, _, _, _, _>(
        elicit.clone(),
        (elicit.tap(read), write),
        Some(info.into()),
    );
    let result = elicit
        .call_tool(&client, CallToolRequestParams::new("save"))
        .await;
    server.abort();
    match result {
        Err(ElicitError::Refused { kind, .. }) => assert_eq!(kind, "credential"),
        other => panic!("expected a credential refusal, got {other:?}"),
    }
    assert!(shown.lock().unwrap().is_empty());
}

async fn ask(
    tapped: bool,
    allow_untapped_forms: bool,
) -> (
    Result<rmcp::model::CallToolResult, ElicitError>,
    Vec<Pending>,
) {
    let shown = Arc::new(Mutex::new(Vec::new()));
    let sink = shown.clone();
    let mut elicit = ElicitForm::new("notes", Arc::new(MemoryStore::new()))
        .on_pending(move |pending| sink.lock().unwrap().push(pending.clone()));
    if allow_untapped_forms {
        elicit = elicit.allow_untapped_forms();
    }
    let (server_io, client_io) = tokio::io::duplex(64 * 1024);
    let server = tokio::spawn(hand_written_server(server_io));
    let mut info = InitializeResult::new(ServerCapabilities::builder().enable_tools().build());
    info.protocol_version = ProtocolVersion::V_2026_07_28;
    let (read, write) = tokio::io::split(client_io);
    let result = if tapped {
        let client = serve_directly::<RoleClient, _, _, _, _>(
            elicit.clone(),
            (elicit.tap(read), write),
            Some(info.into()),
        );
        assert!(elicit.is_tapped());
        elicit
            .call_tool(&client, CallToolRequestParams::new("save"))
            .await
    } else {
        let client = serve_directly::<RoleClient, _, _, _, _>(
            elicit.clone(),
            (read, write),
            Some(info.into()),
        );
        assert!(!elicit.is_tapped());
        elicit
            .call_tool(&client, CallToolRequestParams::new("save"))
            .await
    };
    server.abort();
    let shown = shown.lock().unwrap().clone();
    (result, shown)
}

#[tokio::test]
async fn a_tapped_transport_refuses_a_write_only_field_unshown() {
    let (result, shown) = ask(true, false).await;
    match result {
        Err(ElicitError::Refused { kind, message }) => {
            assert_eq!(kind, "credential");
            assert!(message.starts_with("MCP server 'notes' asked questions for tool 'save' that Everruns will not put to a person: "), "{message}");
        }
        other => panic!("expected a credential refusal, got {other:?}"),
    }
    assert!(shown.is_empty());
}

#[tokio::test]
async fn an_untapped_transport_refuses_forms_by_default() {
    // rmcp's copy has lost `writeOnly`: the form is refused, never shown.
    let (result, shown) = ask(false, false).await;
    match result {
        Err(ElicitError::Refused { kind, message }) => {
            assert_eq!(kind, "untapped");
            assert!(message.contains("drop writeOnly"), "{message}");
        }
        other => panic!("expected the untapped refusal, got {other:?}"),
    }
    assert!(shown.is_empty());
}

#[tokio::test]
async fn an_untapped_transport_allowed_forms_sees_only_rmcps_copy() {
    // What the tap is for: rmcp's types dropped `writeOnly`, so the rules
    // see a plain text field.
    let (result, shown) = ask(false, true).await;
    assert!(
        matches!(result, Err(ElicitError::FormPending(_))),
        "{result:?}"
    );
    assert_eq!(shown.len(), 1);
}
