//! How far the corpora get: of the inputs in fuzz/corpus/<target>/, how many
//! are JSON, how many schemas are accepted, and how many answer sets give
//! content. Not a check; run it after fuzzing to see that the targets reach
//! past the early refusals:
//!
//!   cargo test --manifest-path fuzz/Cargo.toml --test reach -- --ignored --nocapture

use std::collections::BTreeMap;
use std::path::Path;

#[test]
#[ignore = "reads fuzz/corpus, which fuzzing fills"]
fn corpus_reach() {
    for target in ["parse", "answers", "differential"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus").join(target);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            println!("{target}: no corpus");
            continue;
        };
        let (mut inputs, mut json, mut accepted, mut content) = (0, 0, 0, 0);
        let mut outcomes: BTreeMap<String, usize> = BTreeMap::new();
        for entry in entries.flatten() {
            let data = std::fs::read(entry.path()).expect("corpus file");
            inputs += 1;
            let case = elicit_form_fuzz::split(&data);
            let Ok(schema) = serde_json::from_slice::<serde_json::Value>(case.schema) else {
                continue;
            };
            json += 1;
            let form = match elicit_form::parse_requested_schema(&schema) {
                Ok(form) => form,
                Err(refusal) => {
                    *outcomes.entry(format!("refused: {}", refusal.kind())).or_default() += 1;
                    continue;
                }
            };
            accepted += 1;
            match form.content_from_answers(&elicit_form_fuzz::answers(case.rest, &form)) {
                Ok(_) => content += 1,
                Err(error) => {
                    let problem = format!("{:?}", error.problem);
                    let problem = problem.split([' ', '{']).next().unwrap_or_default().to_string();
                    *outcomes.entry(format!("answer error: {problem}")).or_default() += 1;
                }
            }
        }
        println!("{target}: {inputs} inputs, {json} JSON, {accepted} schemas accepted, {content} with content");
        for (outcome, count) in outcomes {
            println!("    {outcome}: {count}");
        }
    }
}
