//! The seeded generator and the run over seeds: each case from its own
//! seed, every difference (and any panic) reported with the seed that
//! reproduces it, and tallies showing which paths the generator reached.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Cases per test when `PARITY_CASES` is not set.
const DEFAULT_CASES: u64 = 12_000;

/// splitmix64: tiny, fast, and good enough to spread consecutive seeds.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64, stream: u64) -> Self {
        let mut rng = Self(seed ^ stream.rotate_left(29));
        rng.next();
        rng
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Uniform in `low..=high`.
    pub(crate) fn between(&mut self, low: usize, high: usize) -> usize {
        low + self.below(high - low + 1)
    }

    pub(crate) fn percent(&mut self, chance: u64) -> bool {
        self.next() % 100 < chance
    }

    pub(crate) fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    pub(crate) fn text(&mut self, items: &[&'static str]) -> &'static str {
        items[self.below(items.len())]
    }

    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// Uniform in `low..high` for wide signed ranges.
    pub(crate) fn in_range(&mut self, low: i64, high: i64) -> i64 {
        let span = (high as i128 - low as i128) as u128;
        (low as i128 + (u128::from(self.next()) % span) as i128) as i64
    }
}

fn env_u64(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(text) => text
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{name}={text:?} is not a number")),
        Err(_) => default,
    }
}

/// One generated case: its input (for the report) and what differed.
#[derive(Default)]
pub(crate) struct Case {
    input: String,
    differences: Vec<(String, String, String)>,
}

impl Case {
    pub(crate) fn input(&mut self, label: &str, text: impl AsRef<str>) {
        let _ = writeln!(self.input, "{label}: {}", text.as_ref());
    }

    /// Record a difference unless both outputs are the same text.
    pub(crate) fn same(&mut self, what: &str, ours: impl Into<String>, theirs: impl Into<String>) {
        let (ours, theirs) = (ours.into(), theirs.into());
        if ours != theirs {
            self.differences.push((what.to_string(), ours, theirs));
        }
    }
}

/// What a test saw, by category, to show (and check) that the generator
/// reached the paths it is meant to reach.
#[derive(Default)]
pub(crate) struct Tally(pub(crate) BTreeMap<String, u64>);

impl Tally {
    pub(crate) fn count(&mut self, key: impl Into<String>) {
        *self.0.entry(key.into()).or_default() += 1;
    }

    pub(crate) fn summary(&self) -> String {
        self.0
            .iter()
            .map(|(key, n)| format!("  {n:>6}  {key}\n"))
            .collect()
    }

    pub(crate) fn missing<'a>(&self, expected: &[&'a str]) -> Vec<&'a str> {
        expected
            .iter()
            .copied()
            .filter(|key| !self.0.contains_key(*key))
            .collect()
    }
}

fn clip(text: &str) -> String {
    const LIMIT: usize = 4000;
    if text.chars().count() <= LIMIT {
        return text.to_string();
    }
    let head: String = text.chars().take(LIMIT).collect();
    format!("{head}… ({} chars in all)", text.chars().count())
}

pub(crate) struct Run {
    start: u64,
    pub(crate) cases: u64,
}

impl Run {
    pub(crate) fn from_env() -> Self {
        Self {
            start: env_u64("PARITY_SEED", 0),
            cases: env_u64("PARITY_CASES", DEFAULT_CASES),
        }
    }

    /// Whether the run is big enough to insist that every path was reached.
    pub(crate) fn is_full(&self) -> bool {
        self.cases >= 5_000
    }
}

/// Run `body` once per seed; report every difference (and any panic) with
/// the seed that reproduces it.
pub(crate) fn run(test: &str, stream: u64, mut body: impl FnMut(&mut Rng, &mut Case)) -> Run {
    let run = Run::from_env();
    let started = std::time::Instant::now();
    let mut differences = 0u64;
    let mut shown = Vec::new();
    for index in 0..run.cases {
        let seed = run.start + index;
        let mut rng = Rng::new(seed, stream);
        let mut case = Case::default();
        let outcome = catch_unwind(AssertUnwindSafe(|| body(&mut rng, &mut case)));
        if let Err(panic) = outcome {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_string()))
                .unwrap_or_default();
            case.differences.push((
                "panic (in either crate or in the generator)".into(),
                message,
                String::new(),
            ));
        }
        for (what, ours, theirs) in case.differences {
            differences += 1;
            if shown.len() < 3 {
                // The first in full; later ones cut, as their seeds
                // reproduce them anyway.
                let show = |text: &str| {
                    if shown.is_empty() {
                        text.to_string()
                    } else {
                        clip(text)
                    }
                };
                shown.push(format!(
                    "--- seed {seed} (case {index}): {what} differs\n\
                     reproduce: PARITY_SEED={seed} PARITY_CASES=1 cargo test --test parity {test}\n\
                     input:\n{}ours:   {}\ntheirs: {}\n",
                    show(&case.input),
                    show(&ours),
                    show(&theirs)
                ));
            }
        }
    }
    let end = run.start + run.cases;
    println!(
        "parity: {test}: {} cases, seeds {}..{end}, {differences} differences ({:.1?})",
        run.cases,
        run.start,
        started.elapsed()
    );
    if differences > 0 {
        panic!(
            "parity: {test}: {differences} differences in seeds {}..{end}\n{}",
            run.start,
            shown.join("\n")
        );
    }
    run
}
