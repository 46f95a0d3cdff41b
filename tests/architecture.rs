//! docs/architecture.md held to the code: the module map lists the crate's
//! top-level modules and nothing else, imports between them form no circle,
//! and the document's "Imports go one way" list is the graph the code has,
//! every edge going down the order it gives; the same for the bindings
//! crate (crates/wasm) and its "The bindings' imports go one way" list; and
//! the core names neither the bindings nor JS (no wasm-bindgen, js-sys or
//! web-sys among its dependencies, no `elicit_form_wasm` or `wasm_bindgen`
//! in its code). Read from the source text (not the compiler), so each
//! file's `crate::…` and `super::…` paths are collected outside comments and
//! test modules, and names the crate root re-exports are followed to the
//! module that defines them. Native only: it reads files.

#![cfg(not(target_arch = "wasm32"))]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeSet<String>>;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The text without `//` comments (doc comments too: their intra-doc links
/// are no imports), string and char literals emptied.
fn code_only(text: &str) -> String {
    let bytes: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let next = bytes.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < bytes.len() && bytes[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < bytes.len() && !(bytes[i] == '*' && bytes[i + 1] == '/') {
                i += 1;
            }
            i += 2;
        } else if c == 'r'
            && matches!(next, Some('#') | Some('"'))
            && (!ident_before(&bytes, i) || (bytes[i - 1] == 'b' && !ident_before(&bytes, i - 1)))
        {
            // A raw string: r"…", r#"…"# (or br"…").
            let mut j = i + 1;
            let mut hashes = 0;
            while bytes.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if bytes.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= bytes.len() {
                    break;
                }
                if bytes[j] == '"' && (0..hashes).all(|k| bytes.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            out.push_str("\"\"");
            i = j;
        } else if c == '"' {
            i += 1;
            while i < bytes.len() && bytes[i] != '"' {
                if bytes[i] == '\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{..}') or a lifetime ('a).
            let close = if next == Some('\\') {
                (i + 3..bytes.len()).find(|&j| bytes[j] == '\'')
            } else if bytes.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match close {
                Some(j) => {
                    out.push_str("' '");
                    i = j + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// The code with every item under `#[cfg(test)]` or `#[cfg(all(test, …))]`
/// removed (the item runs to its `;` or its closing brace).
fn without_test_items(code: &str) -> String {
    let mut out = String::new();
    let mut rest = code;
    loop {
        let Some(at) = find_test_cfg(rest) else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        let attr_end = after.find(")]").map_or(after.len(), |e| e + 2);
        let item = &after[attr_end..];
        let mut depth = 0usize;
        let mut end = item.len();
        for (k, ch) in item.char_indices() {
            match ch {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = k + 1;
                        break;
                    }
                }
                ';' if depth == 0 => {
                    end = k + 1;
                    break;
                }
                _ => {}
            }
        }
        rest = &item[end..];
    }
}

fn find_test_cfg(code: &str) -> Option<usize> {
    ["#[cfg(test)]", "#[cfg(all(test,"]
        .iter()
        .filter_map(|pattern| code.find(pattern))
        .min()
}

/// The module path of a file under src/ (`src/url_mode/reply.rs` is
/// `["url_mode", "reply"]`; `src/lib.rs` is the root, `[]`).
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).unwrap();
    let mut parts: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    parts
}

fn rust_files(dir: &Path, files: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, files);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
}

fn ident_at(text: &str) -> String {
    text.trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// What each `crate::…` path starts with (each member's first segment in a
/// `crate::{a, b::c}` group), and what each `super::…` path names, resolved
/// against `module`: the parent module's path, or at the root the segment
/// after it, as `crate::` would give it.
fn referenced_paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let text = code;
    let mut search = 0;
    while let Some(offset) = text[search..].find("crate::") {
        let at = search + offset;
        search = at + "crate::".len();
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let after = &text[search..];
        if let Some(group) = after.trim_start().strip_prefix('{') {
            for member in top_level_members(group) {
                found.push(vec![ident_at(&member)]);
            }
        } else {
            found.push(vec![ident_at(after)]);
        }
    }
    let mut search = 0;
    while let Some(offset) = text[search..].find("super::") {
        let at = search + offset;
        let before = text[..at].chars().next_back();
        search = at + "super::".len();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
            continue;
        }
        let mut base: Vec<String> = module.to_vec();
        base.pop();
        let mut after = &text[search..];
        while let Some(more) = after.strip_prefix("super::") {
            base.pop();
            after = more;
        }
        if base.is_empty() {
            if let Some(group) = after.trim_start().strip_prefix('{') {
                for member in top_level_members(group) {
                    found.push(vec![ident_at(&member)]);
                }
            } else {
                found.push(vec![ident_at(after)]);
            }
        } else {
            found.push(base);
        }
    }
    found
}

/// The members of a `{…}` group up to its closing brace, split at its own
/// commas.
fn top_level_members(group: &str) -> Vec<String> {
    let mut members = Vec::new();
    let mut depth = 0usize;
    let mut current = String::new();
    for ch in group.chars() {
        match ch {
            '{' => {
                depth += 1;
                current.push(ch);
            }
            '}' if depth == 0 => break,
            '}' => {
                depth -= 1;
                current.push(ch);
            }
            ',' if depth == 0 => members.push(std::mem::take(&mut current)),
            _ => current.push(ch),
        }
    }
    members.push(current);
    members
        .into_iter()
        .filter(|member| !member.trim().is_empty())
        .collect()
}

/// The crate's top-level modules (`mod x;` in lib.rs) and, for each name
/// lib.rs re-exports, the top-level module it comes from.
struct Root {
    modules: BTreeSet<String>,
    reexports: BTreeMap<String, String>,
}

fn read_root(lib: &str) -> Root {
    let code = code_only(lib);
    let mut modules = BTreeSet::new();
    for line in code.lines() {
        let line = line.trim();
        let line = line.strip_prefix("pub ").unwrap_or(line);
        if let Some(rest) = line.strip_prefix("mod ") {
            modules.insert(ident_at(rest));
        }
    }
    // `pub use a::b::{C, D};` and `pub use a::b;`: each name's source is the
    // first segment, itself possibly a re-export (`pub use profile::backend`
    // then `pub use backend::{…}`).
    let mut sources: BTreeMap<String, String> = BTreeMap::new();
    for statement in code.split(';') {
        let statement = statement.trim();
        let Some(at) = statement.find("pub use ") else {
            continue;
        };
        let path = statement[at + "pub use ".len()..].trim();
        let first = ident_at(path);
        let names: Vec<String> = match path.find('{') {
            Some(open) => top_level_members(&path[open + 1..])
                .iter()
                .map(|member| {
                    let member = member.trim();
                    match member.rsplit_once(" as ") {
                        Some((_, alias)) => alias.trim().to_string(),
                        None => member.rsplit("::").next().unwrap().trim().to_string(),
                    }
                })
                .collect(),
            None => vec![match path.rsplit_once(" as ") {
                Some((_, alias)) => alias.trim().to_string(),
                None => path.rsplit("::").next().unwrap().trim().to_string(),
            }],
        };
        for name in names {
            sources.insert(name, first.clone());
        }
    }
    let mut reexports = BTreeMap::new();
    for name in sources.keys() {
        let mut source = sources[name].clone();
        let mut steps = 0;
        while !modules.contains(&source) {
            source = sources
                .get(&source)
                .unwrap_or_else(|| panic!("lib.rs re-exports {name} from {source}, no module"))
                .clone();
            steps += 1;
            assert!(steps < 10, "lib.rs re-exports {name} in a loop");
        }
        reexports.insert(name.clone(), source);
    }
    Root { modules, reexports }
}

/// Which top-level module of the core imports which.
fn module_graph() -> (Root, Graph) {
    module_graph_of(&root().join("src"))
}

/// The bindings crate's source.
fn bindings_src() -> PathBuf {
    root().join("crates/wasm/src")
}

/// Which top-level module of the crate whose source is `src` imports which,
/// outside test items; the crate root (its re-exports and its constants) is
/// no node.
fn module_graph_of(src: &Path) -> (Root, Graph) {
    let src = src.to_path_buf();
    let root_names = read_root(&fs::read_to_string(src.join("lib.rs")).unwrap());
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut graph: Graph = root_names
        .modules
        .iter()
        .map(|module| (module.clone(), BTreeSet::new()))
        .collect();
    for file in files {
        let module = module_path(&src, &file);
        let Some(top) = module.first() else {
            continue; // lib.rs
        };
        let text = fs::read_to_string(&file).unwrap();
        let code = without_test_items(&code_only(&text));
        for path in referenced_paths(&code, &module) {
            let first = &path[0];
            let target = if root_names.modules.contains(first) {
                first.clone()
            } else if let Some(source) = root_names.reexports.get(first) {
                source.clone()
            } else {
                continue; // an item of the root itself (the bounds)
            };
            if &target != top {
                graph.get_mut(top).unwrap().insert(target);
            }
        }
    }
    (root_names, graph)
}

/// A circle in the graph, as `a → b → … → a`, if there is one.
fn find_circle(graph: &Graph) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &Graph,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut circle = stack[at..].to_vec();
            circle.push(node.to_string());
            return Some(circle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(circle) = visit(next, graph, stack, done) {
                return Some(circle);
            }
        }
        stack.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    for node in graph.keys() {
        if let Some(circle) = visit(node, graph, &mut Vec::new(), &mut done) {
            return Some(circle);
        }
    }
    None
}

fn architecture_md() -> String {
    fs::read_to_string(root().join("docs/architecture.md")).unwrap()
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let (_, graph) = module_graph();
    let edges: usize = graph.values().map(BTreeSet::len).sum();
    assert!(edges > 10, "the graph read only {edges} edges: {graph:?}");
    if let Some(circle) = find_circle(&graph) {
        panic!(
            "an import circle between top-level modules: {}\n{graph:#?}",
            circle.join(" → ")
        );
    }
}

#[test]
fn the_reader_sees_groups_super_and_re_exports_and_skips_tests_and_comments() {
    let module = ["view".to_string(), "inner".to_string()];
    let code = without_test_items(&code_only(
        "use crate::{json::{Map, Value}, rules::form};\n\
         // use crate::wasm::x;\n\
         let s = \"crate::time\";\n\
         use super::super::Timestamp;\n\
         #[cfg(all(test, not(target_arch = \"wasm32\")))]\n\
         mod tests { use crate::url_mode::UrlRefusal; fn f() { {} } }\n\
         fn g() -> crate::profile::Profile { todo!() }\n",
    ));
    let found: Vec<String> = referenced_paths(&code, &module)
        .into_iter()
        .map(|path| path.join("::"))
        .collect();
    assert_eq!(found, ["json", "rules", "profile", "Timestamp"]);

    let root = read_root(
        "pub mod profile;\nmod rules;\npub use profile::backend;\n\
         pub use backend::{FormSchema, parse as read};\npub use rules::{form, stored};\n",
    );
    assert_eq!(root.reexports["FormSchema"], "profile");
    assert_eq!(root.reexports["read"], "profile");
    assert_eq!(root.reexports["stored"], "rules");

    let mut graph = Graph::new();
    graph.entry("a".into()).or_default().insert("b".into());
    graph.entry("b".into()).or_default().insert("c".into());
    assert_eq!(find_circle(&graph), None);
    graph.entry("c".into()).or_default().insert("a".into());
    assert_eq!(find_circle(&graph).unwrap(), ["a", "b", "c", "a"]);
}

/// The first column of the table under `heading` (the module map): the
/// top-level module of each `` `x/` ``, `` `x.rs` `` or `` `x/y/` `` it
/// names.
fn mapped_modules(doc: &str, heading: &str) -> BTreeSet<String> {
    let start = doc.find(heading).expect("the module map's section");
    let section = &doc[start..];
    let end = section[3..].find("\n## ").map_or(section.len(), |e| e + 3);
    let mut modules = BTreeSet::new();
    for row in section[..end].lines().filter(|l| l.starts_with("| `")) {
        let first_cell = row.split('|').nth(1).unwrap();
        for name in first_cell.split('`').skip(1).step_by(2) {
            let top = name.split('/').next().unwrap().trim_end_matches(".rs");
            modules.insert(top.to_string());
        }
    }
    modules
}

#[test]
fn the_module_map_lists_every_top_level_module_and_no_other() {
    let (root, _) = module_graph();
    let mapped = mapped_modules(&architecture_md(), "## Module map");
    assert_eq!(
        mapped, root.modules,
        "docs/architecture.md's module map against lib.rs's modules"
    );
    let (bindings, _) = module_graph_of(&bindings_src());
    let mapped = mapped_modules(&architecture_md(), "## The bindings crate");
    assert_eq!(
        mapped, bindings.modules,
        "docs/architecture.md's map of the bindings against crates/wasm/src/lib.rs's modules"
    );
}

/// The list after `marker` ("Imports go one way"): each
/// `` - `a` → `b`, `c` `` line (or `` - `a` → nothing ``), and the order the
/// paragraph gives.
fn documented_imports(doc: &str, marker: &str) -> (Vec<String>, Graph) {
    let start = doc.find(marker).expect("the imports paragraph");
    let section = &doc[start..];
    let backticked = |part: &str| -> Vec<String> {
        part.split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect()
    };
    let order_text = &section[..section.find(". ").expect("the order sentence")];
    let order = backticked(order_text);
    let mut graph = Graph::new();
    for line in section
        .lines()
        .skip_while(|line| !line.starts_with("- `"))
        .take_while(|line| line.starts_with("- `"))
    {
        let (from, to) = line.split_once('→').expect("a line `a` → …");
        let from = backticked(from);
        assert_eq!(from.len(), 1, "one module before the arrow: {line}");
        let targets = graph.entry(from[0].clone()).or_default();
        if to.trim() != "nothing" {
            targets.extend(backticked(to));
        }
    }
    (order, graph)
}

#[test]
fn the_imports_list_is_the_graph_and_goes_down_the_order() {
    let (root, graph) = module_graph();
    imports_go_down_the_documented_order(root, graph, "Imports go one way");
}

#[test]
fn the_bindings_import_no_circle_and_their_list_is_their_graph() {
    let (root, graph) = module_graph_of(&bindings_src());
    let edges: usize = graph.values().map(BTreeSet::len).sum();
    assert!(edges > 5, "the graph read only {edges} edges: {graph:?}");
    if let Some(circle) = find_circle(&graph) {
        panic!(
            "an import circle in the bindings: {}\n{graph:#?}",
            circle.join(" → ")
        );
    }
    imports_go_down_the_documented_order(root, graph, "The bindings' imports go one way");
}

/// The dependency tables of a manifest that a build of the crate links
/// (`[dependencies]` and `[target.….dependencies]`, not the dev- or build
/// dependencies), as their lines.
fn linked_dependencies(manifest: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut linked = false;
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            linked = line == "[dependencies]"
                || (line.starts_with("[target.") && line.ends_with(".dependencies]"));
            continue;
        }
        if linked && !line.is_empty() && !line.starts_with('#') {
            lines.push(line.to_string());
        }
    }
    lines
}

#[test]
fn the_core_names_neither_the_bindings_nor_js() {
    let manifest = fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let linked = linked_dependencies(&manifest);
    assert!(
        linked.iter().any(|line| line.starts_with("serde ")),
        "the reader found the core's dependencies: {linked:?}"
    );
    for line in &linked {
        let name = line.split(['=', ' ']).next().unwrap();
        assert!(
            !["wasm-bindgen", "js-sys", "web-sys", "elicit-form-wasm"].contains(&name),
            "the core depends on {name}: {line}"
        );
    }
    let bindings = fs::read_to_string(root().join("crates/wasm/Cargo.toml")).unwrap();
    assert!(
        linked_dependencies(&bindings)
            .iter()
            .any(|line| line.starts_with("elicit-form ") && line.contains("path = \"../..\"")),
        "the bindings depend on the core"
    );
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    assert!(files.len() > 30, "{} files", files.len());
    for file in files {
        let code = code_only(&fs::read_to_string(&file).unwrap());
        for name in ["elicit_form_wasm", "wasm_bindgen"] {
            assert!(!code.contains(name), "{} names {name}", file.display());
        }
    }
}

fn imports_go_down_the_documented_order(root: Root, graph: Graph, marker: &str) {
    let (order, documented) = documented_imports(&architecture_md(), marker);
    assert_eq!(
        documented, graph,
        "docs/architecture.md's imports list against the source"
    );
    let listed: BTreeSet<String> = order.iter().cloned().collect();
    assert_eq!(listed, root.modules, "the order names every module once");
    assert_eq!(
        listed.len(),
        order.len(),
        "the order names every module once"
    );
    let rank = |module: &str| order.iter().position(|m| m == module).unwrap();
    for (from, targets) in &graph {
        for to in targets {
            assert!(
                rank(from) < rank(to),
                "{from} → {to} goes up the documented order {order:?}"
            );
        }
    }
}
