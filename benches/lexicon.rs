//! Lexicon benchmarks: compiling word lists, opening the mapped files, and
//! word queries on the DAWG and the GADDAG.
//!
//! * `compile/enable-10k`, `compile/enable`, `compile/sowpods`:
//!   `compile::compile` (both structures, serialized) on a 10,000-word sample
//!   of ENABLE (every k-th word), on ENABLE and on SOWPODS.
//! * `open/{enable,sowpods}/{dawg,gaddag}`: `Lexicon::open` on files written
//!   to a temporary directory.
//! * `contains/enable-words/*`: `contains` on every ENABLE word
//!   (throughput: words); `contains/near-miss/*`: 10,000 random non-words
//!   (a random word with one tile replaced); `contains/random/*`: 10,000
//!   random tile strings of 2 to 15 tiles.
//! * `query/*`: `anagram("AEINRST?")`, `anagram("AEINRST", partial)`,
//!   `pattern("C?T*")`, `pattern("*ING")`, `pattern("?A?E?")`.
//!
//! ```sh
//! cargo bench --bench lexicon
//! cargo bench --bench lexicon -- --warm-up-time 0.5 --measurement-time 1
//! ```

#[path = "common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Duration;

use criterion::{
    criterion_group, criterion_main, BenchmarkId, Criterion, SamplingMode, Throughput,
};
use lexgraph::{compile, Kind, Lexicon};

const KINDS: [Kind; 2] = [Kind::Dawg, Kind::Gaddag];

fn compile_bench(c: &mut Criterion) {
    let dir = common::lexicons_dir();
    let english = common::alphabet("english");
    let enable = common::resolve_or_panic(&dir, common::ENABLE);
    let sowpods = common::resolve_or_panic(&dir, common::SOWPODS);
    let enable_words = common::read_words(&enable.path, &english, false);
    let sowpods_words = common::read_words(&sowpods.path, &english, false);
    let sample = common::sample(&enable_words, 10_000);
    let mut group = c.benchmark_group("compile");
    group.sample_size(10).sampling_mode(SamplingMode::Flat);
    for (name, words) in [
        ("enable-10k", &sample),
        ("enable", &enable_words),
        ("sowpods", &sowpods_words),
    ] {
        group.throughput(Throughput::Elements(words.len() as u64));
        group.bench_function(name, |b| b.iter(|| black_box(compile::compile(words))));
    }
    group.finish();
}

fn open_bench(c: &mut Criterion) {
    let dir = common::lexicons_dir();
    let english = common::alphabet("english");
    let mut group = c.benchmark_group("open");
    for spec in [common::ENABLE, common::SOWPODS] {
        let list = common::resolve_or_panic(&dir, spec);
        let words = common::read_words(&list.path, &english, false);
        let lex = common::compile_to_temp(&words, "lex");
        let name = spec.name.to_lowercase();
        for (kind, path) in [
            (Kind::Dawg, &lex.dawg_path),
            (Kind::Gaddag, &lex.gaddag_path),
        ] {
            group.bench_function(BenchmarkId::new(&name, kind.extension()), |b| {
                b.iter(|| black_box(Lexicon::open(path).expect("open")))
            });
        }
    }
    group.finish();
}

fn contains_bench(c: &mut Criterion) {
    let dir = common::lexicons_dir();
    let english = common::alphabet("english");
    let list = common::resolve_or_panic(&dir, common::ENABLE);
    let words = common::read_words(&list.path, &english, false);
    let lex = common::compile_to_temp(&words, "enable");
    let text = common::spelled(&words);
    let near = common::near_miss_nonwords(&words, &lex.dawg, 10_000, 1);
    let random = common::random_nonwords(&lex.dawg, 10_000, 2);
    drop(words);
    let mut group = c.benchmark_group("contains");
    group.sample_size(20);
    for (set, items, expect) in [
        ("enable-words", &text, true),
        ("near-miss", &near, false),
        ("random", &random, false),
    ] {
        group.throughput(Throughput::Elements(items.len() as u64));
        for kind in KINDS {
            let l = lex.get(kind);
            assert!(
                items.iter().all(|w| l.contains(w) == expect),
                "contains/{set}/{}: wrong answer",
                kind.name()
            );
            group.bench_function(BenchmarkId::new(set, kind.extension()), |b| {
                b.iter(|| items.iter().filter(|w| l.contains(black_box(w))).count())
            });
        }
    }
    group.finish();
}

fn query_bench(c: &mut Criterion) {
    let dir = common::lexicons_dir();
    let english = common::alphabet("english");
    let list = common::resolve_or_panic(&dir, common::ENABLE);
    let words = common::read_words(&list.path, &english, false);
    let lex = common::compile_to_temp(&words, "enable");
    drop(words);
    let mut group = c.benchmark_group("query");
    group.sample_size(20);
    type Query = (&'static str, fn(&Lexicon) -> Vec<String>);
    let queries: [Query; 5] = [
        ("anagram AEINRST?", |l| {
            l.anagram("AEINRST?", lexgraph::query::Partial::No).unwrap()
        }),
        ("anagram-partial AEINRST", |l| {
            l.anagram("AEINRST", lexgraph::query::Partial::Yes).unwrap()
        }),
        ("pattern C?T*", |l| l.pattern("C?T*").unwrap()),
        ("pattern *ING", |l| l.pattern("*ING").unwrap()),
        ("pattern ?A?E?", |l| l.pattern("?A?E?").unwrap()),
    ];
    for (name, q) in queries {
        assert_eq!(
            q(&lex.dawg),
            q(&lex.gaddag),
            "{name}: DAWG and GADDAG differ"
        );
        for kind in KINDS {
            let l = lex.get(kind);
            group.bench_function(BenchmarkId::new(name, kind.extension()), |b| {
                b.iter(|| black_box(q(l)))
            });
        }
    }
    group.finish();
}

/// Short defaults so the whole file runs in a few minutes; command-line
/// flags (`--warm-up-time`, `--measurement-time`) override them.
fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
}

criterion_group! {
    name = benches;
    config = config();
    targets = compile_bench, open_bench, contains_bench, query_bench
}
criterion_main!(benches);
