//! Move generation benchmarks: all legal moves per position, DAWG (Appel &
//! Jacobson) against GADDAG (Gordon), over the stored position suites.
//!
//! Each iteration generates every move of every position of a suite into one
//! reused `Vec<Move>` (`Generator::generate`, which computes the cross-checks
//! itself), so criterion's throughput figure is positions per second and its
//! time per element the time per position. Groups:
//!
//! * `movegen/enable/blank0` (the stored 1,000-position suite), `blank1`,
//!   `blank2` (the blank suites), each with `dawg` and `gaddag`;
//! * `movegen/sowpods/...` the same on SOWPODS;
//! * `movegen/enable-super21/blank0` on the 21×21 board.
//!
//! ```sh
//! cargo bench --bench movegen
//! cargo bench --bench movegen -- --warm-up-time 0.5 --measurement-time 1 enable/blank0
//! ```

#[path = "common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Duration;

use common::SuiteSpec;
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use lexgraph::movegen::{Generator, Move};
use lexgraph::position::Position;
use lexgraph::Kind;

fn bench_suite(
    c: &mut Criterion,
    suite: &SuiteSpec,
    lex: &common::Compiled,
    label: &str,
    positions: &[Position],
) {
    let rules = suite.rules();
    let mut gen = Generator::new(rules);
    let mut moves: Vec<Move> = Vec::with_capacity(4096);
    // The two structures must agree before their speed means anything.
    let d = common::generate_all(&mut gen, &lex.dawg, positions, &mut moves);
    let g = common::generate_all(&mut gen, &lex.gaddag, positions, &mut moves);
    assert_eq!(
        d, g,
        "{}/{label}: DAWG and GADDAG move counts differ",
        suite.name
    );
    eprintln!(
        "movegen/{}/{label}: {} positions, {:.1} moves per position",
        suite.name,
        positions.len(),
        g as f64 / positions.len().max(1) as f64
    );
    let mut group = c.benchmark_group(format!("movegen/{}/{label}", suite.name));
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .throughput(Throughput::Elements(positions.len() as u64));
    for kind in [Kind::Dawg, Kind::Gaddag] {
        let l = lex.get(kind);
        group.bench_function(kind.extension(), |b| {
            b.iter(|| black_box(common::generate_all(&mut gen, l, positions, &mut moves)))
        });
    }
    group.finish();
}

fn movegen(c: &mut Criterion) {
    let dir = common::lexicons_dir();
    for suite in [
        common::SUITE_ENABLE,
        common::SUITE_SOWPODS,
        common::SUITE_SUPER21,
    ] {
        let list = common::resolve_or_panic(&dir, suite.list);
        let alphabet = common::alphabet(suite.alphabet);
        let words = common::read_words(&list.path, &alphabet, list.spec.skip_invalid);
        let lex = common::compile_to_temp(&words, suite.name);
        drop(words);
        let size = suite.rules().layout.size();
        let stored = common::read_suite(&suite.path(), &alphabet, size);
        bench_suite(c, &suite, &lex, "blank0", &stored);
        for blanks in [1, 2] {
            let path = suite.blank_path(blanks);
            if !path.is_file() {
                continue; // no blank suite for this board
            }
            let positions = common::read_suite(&path, &alphabet, size);
            bench_suite(c, &suite, &lex, &format!("blank{blanks}"), &positions);
        }
    }
}

/// Short defaults (each suite iteration already takes 0.1–3 s); command-line
/// flags (`--warm-up-time`, `--measurement-time`) override them.
fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4))
}

criterion_group! {
    name = benches;
    config = config();
    targets = movegen
}
criterion_main!(benches);
