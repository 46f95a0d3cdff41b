//! The storage key of a server and tool, folded as the backend folds it.

use super::theirs;
use elicit_form as ours;

use crate::schemas::{composed_name, server_name};
use crate::seeds::{Rng, run};
use crate::text::{short_text, text_of_len};

#[test]
fn storage_keys_fold_as_the_backend_folds_them() {
    run(
        "storage_keys_fold_as_the_backend_folds_them",
        4,
        |rng, case| {
            let part = |rng: &mut Rng| match rng.below(4) {
                0 => server_name(rng),
                1 => composed_name(rng),
                2 => format!("{}/{}", composed_name(rng), short_text(rng)),
                _ => {
                    let n = rng.between(0, 30);
                    text_of_len(rng, n)
                }
            };
            let server = part(rng);
            let tool = part(rng);
            case.input("server", format!("{server:?}"));
            case.input("tool", format!("{tool:?}"));
            case.same(
                "form_answer_storage_key",
                ours::form_answer_storage_key(&server, &tool),
                theirs::form_answer_storage_key(&server, &tool),
            );
        },
    );
}
