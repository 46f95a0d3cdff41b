//! The server's own schemas, read off the wire.
//!
//! rmcp parses a `requestedSchema` into its own types before a handler sees
//! it, and drops what those types do not name: `writeOnly: true`, which the
//! backend refuses as a credential, never reaches the rules through rmcp.
//! A [`Tapped`] reader passes the server's bytes to rmcp unchanged and keeps
//! every `requestedSchema` it sees as sent, under the text rmcp's types give
//! it back as; the rules then read the server's schema, not rmcp's copy.

use std::collections::HashMap;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};

use rmcp::model::ElicitationSchema;
use serde_json::Value;
use tokio::io::{AsyncRead, ReadBuf};

/// Longest line kept for reading; a longer one is passed on unread (rmcp
/// refuses lines past its own bound).
const MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

/// How many schemas are kept: the latest ones, enough for the rounds and
/// pushed requests in flight.
const MAX_SCHEMAS: usize = 256;

/// The schemas kept, by typed text, and those texts oldest first.
type Kept = (HashMap<String, Vec<Value>>, Vec<String>);

/// Schemas as the server sent them, by the text of rmcp's typed copy:
/// every distinct one, since two schemas that differ only in what rmcp drops
/// share a typed copy.
#[derive(Default)]
pub(crate) struct RawSchemas {
    by_typed: Mutex<Kept>,
    pub(crate) tapped: std::sync::atomic::AtomicBool,
}

impl RawSchemas {
    fn keep(&self, raw: &Value) {
        let Ok(typed) = serde_json::from_value::<ElicitationSchema>(raw.clone()) else {
            // rmcp refuses it too: the request never reaches a handler.
            return;
        };
        let Ok(key) = serde_json::to_string(&typed) else {
            return;
        };
        let mut guard = self
            .by_typed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let (map, order) = &mut *guard;
        let seen = map.entry(key.clone()).or_default();
        if seen.is_empty() {
            order.push(key);
        }
        if !seen.contains(raw) {
            seen.push(raw.clone());
        }
        if order.len() > MAX_SCHEMAS {
            let oldest = order.remove(0);
            map.remove(&oldest);
        }
    }

    /// The server's schemas behind rmcp's typed copy `typed`, in the order
    /// seen (none when the transport is not tapped).
    pub(crate) fn raw_of(&self, typed: &ElicitationSchema) -> Vec<Value> {
        let Ok(key) = serde_json::to_string(typed) else {
            return Vec::new();
        };
        let guard = self
            .by_typed
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        guard.0.get(&key).cloned().unwrap_or_default()
    }

    fn read_line(&self, line: &[u8]) {
        if let Ok(message) = serde_json::from_slice::<Value>(line) {
            self.walk(&message, 0);
        }
    }

    // A requestedSchema sits at params (pushed) or at
    // result.inputRequests.<key>.params (rounds): a shallow walk finds both.
    fn walk(&self, value: &Value, depth: usize) {
        if depth > 6 {
            return;
        }
        match value {
            Value::Object(object) => {
                for (key, member) in object {
                    if key == "requestedSchema" {
                        self.keep(member);
                    } else {
                        self.walk(member, depth + 1);
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|item| self.walk(item, depth + 1)),
            _ => {}
        }
    }
}

/// The reading half of a transport (a child's stdout, a socket), with the
/// server's schemas kept for the rules. Made by
/// [`ElicitForm::tap`](crate::ElicitForm::tap).
pub struct Tapped<R> {
    inner: R,
    schemas: Arc<RawSchemas>,
    line: Vec<u8>,
    overlong: bool,
}

impl<R> Tapped<R> {
    pub(crate) fn new(inner: R, schemas: Arc<RawSchemas>) -> Self {
        schemas
            .tapped
            .store(true, std::sync::atomic::Ordering::Relaxed);
        Self {
            inner,
            schemas,
            line: Vec::new(),
            overlong: false,
        }
    }

    fn saw(&mut self, bytes: &[u8]) {
        for chunk in bytes.split_inclusive(|byte| *byte == b'\n') {
            let ends = chunk.last() == Some(&b'\n');
            if !self.overlong {
                if self.line.len() + chunk.len() > MAX_LINE_BYTES {
                    self.overlong = true;
                    self.line.clear();
                } else {
                    self.line.extend_from_slice(chunk);
                }
            }
            if ends {
                if !self.overlong {
                    self.schemas.read_line(&self.line);
                }
                self.line.clear();
                self.overlong = false;
            }
        }
    }
}

impl<R: AsyncRead + Unpin> AsyncRead for Tapped<R> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = &polled {
            let fresh = buf.filled()[before..].to_vec();
            self.saw(&fresh);
        }
        polled
    }
}
