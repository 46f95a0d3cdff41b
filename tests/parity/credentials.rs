//! The credential vocabulary: words and pairs run together in every
//! casing and separator, near misses, and any short text.

use super::theirs;
use elicit_form as ours;

use crate::schemas::{
    Aim, CREDENTIAL_NAMES, NAME_WORDS, NEAR_MISSES, TITLE_CREDENTIALS, TITLE_NEAR_MISSES,
    property_name,
};
use crate::seeds::{Tally, run};
use crate::text::short_text;

#[test]
fn credential_words_are_recognised_as_the_backend_recognises_them() {
    let mut seen = Tally::default();
    let run = run(
        "credential_words_are_recognised_as_the_backend_recognises_them",
        3,
        |rng, case| {
            let text = match rng.below(5) {
                0 => property_name(rng, Aim::Anything),
                1 => (*rng.pick(TITLE_CREDENTIALS)).to_string(),
                2 => (*rng.pick(TITLE_NEAR_MISSES)).to_string(),
                3 => {
                    // Credential words and pairs run together in every style.
                    let pool: Vec<&str> = CREDENTIAL_NAMES
                        .iter()
                        .chain(NEAR_MISSES)
                        .chain(NAME_WORDS)
                        .copied()
                        .collect();
                    let n = rng.between(1, 4);
                    let separators = [
                        "", "_", "-", ".", " ", "\u{3000}", "é", "İ", "1", "\u{301}", "\u{200B}",
                        "/",
                    ];
                    let mut text = String::new();
                    for i in 0..n {
                        if i > 0 {
                            text.push_str(rng.text(&separators));
                        }
                        let word = *rng.pick(&pool);
                        match rng.below(5) {
                            0 => text.push_str(&word.to_uppercase()),
                            1 => text.push_str(&word.to_lowercase()),
                            2 => {
                                let mut chars = word.chars();
                                if let Some(first) = chars.next() {
                                    text.extend(first.to_uppercase());
                                    text.extend(chars);
                                }
                            }
                            _ => text.push_str(word),
                        }
                    }
                    text
                }
                _ => short_text(rng),
            };
            case.input("text", format!("{text:?}"));
            let answer = theirs::names_a_credential(&text);
            seen.count(if answer {
                "a credential"
            } else {
                "not a credential"
            });
            case.same(
                "names_a_credential",
                ours::names_a_credential(&text).to_string(),
                answer.to_string(),
            );
        },
    );
    println!("outcomes:\n{}", seen.summary());
    if run.is_full() {
        let missing = seen.missing(&["a credential", "not a credential"]);
        assert!(
            missing.is_empty(),
            "the generator never reached: {missing:?}"
        );
    }
}
