//! Shared by the tests that run the flow tests' Node servers: where the
//! repository is, and a server spawned over stdio.

use std::path::PathBuf;
use std::process::Stdio;

use tokio::process::{Child, ChildStdin, ChildStdout, Command};

/// The repository's root, where `node_modules` and `tests/flow` are.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A Node MCP server spawned from the repository's root (`args` after
/// `node`), its stderr dropped: the child (killed when dropped) and the
/// pipes a stdio transport runs over.
#[allow(dead_code)]
pub fn node_server(args: &[&str]) -> (Child, ChildStdout, ChildStdin) {
    let mut child = Command::new("node")
        .current_dir(repo_root())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap_or_else(|error| panic!("node {args:?} did not start: {error}"));
    let stdout = child.stdout.take().unwrap();
    let stdin = child.stdin.take().unwrap();
    (child, stdout, stdin)
}
