//! The DAWG generator, the GADDAG generator and an independent brute-force
//! generator (`tests/oracle`) return exactly the same moves, with the same
//! scores, on thousands of random positions: small random lexicons and
//! slices of ENABLE on the standard board and on small custom layouts, boards
//! made by self-play and boards of words strewn at random, racks with 0, 1
//! and 2 blanks; and on hundreds of positions over full ENABLE. On big
//! boards and big lexicons (21x21 Super, Spanish with CH/LL/RR tiles, a
//! sample of Polish; the last two with one-letter words) the two generators
//! agree exactly, every move they list passes the oracle's checks, and on
//! part of the positions the brute force agrees too. The oracle is itself
//! checked against the reference engine's 406 move lists.

use crate::common;
use crate::oracle;
use lexgraph::Invalid;

use std::sync::OnceLock;

use crate::oracle::{Lex, Oracle};
use lexgraph::board::Board;
use lexgraph::movegen::{cross_words, Generator, Options};
use lexgraph::rack::Rack;
use lexgraph::rules::{Layout, Rules};
use lexgraph::{Alphabet, Tile, WordList};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Full ENABLE, compiled once for the whole file.
fn enable() -> &'static Lex {
    static ENABLE: OnceLock<Lex> = OnceLock::new();
    ENABLE.get_or_init(|| {
        let words = WordList::read(
            &common::word_list("enable1.txt"),
            &Alphabet::english(),
            Invalid::Refuse,
        )
        .expect("ENABLE reads");
        Lex::new(words)
    })
}

/// A 7x7 layout with every kind of premium and the start off the centre.
const SMALL7: &str = "\
# 7x7 test board
W..l..Q
.w...L.
..q.w..
l..w..l
..L.q..
.w...W.
Q..l..w
start 2 3
";

/// A 9x9 layout with the start near a corner, at (1,1).
const SMALL9: &str = "\
w...l...W
.L.....q.
..w...w..
l..L.....
....Q....
.....L..l
..w...w..
.q.....L.
W...l...w
start 1 1
";

/// Tallies positions and collects disagreements with enough to reproduce them.
#[derive(Default)]
struct Tally {
    positions: usize,
    moves: usize,
    failures: Vec<String>,
    /// One generator for every position of the same rules, whatever the
    /// lexicon: what it keeps between searches (cross-check sets) must
    /// never carry over from one lexicon to another.
    gen: Option<Generator>,
}

impl Tally {
    fn three_way(
        &mut self,
        tag: &str,
        lex: &Lex,
        rules: &Rules,
        board: &Board,
        rack: &Rack,
        opts: &Options,
    ) {
        if self.gen.as_ref().is_none_or(|g| g.rules() != rules) {
            self.gen = Some(Generator::new(rules.clone()));
        }
        let gen = self.gen.as_mut().expect("just made");
        let (problems, n) = oracle::three_way(lex, gen, board, rack, opts);
        self.positions += 1;
        self.moves += n;
        if !problems.is_empty() {
            self.failures.push(format!(
                "{tag}: {}\n    {}",
                oracle::describe(lex.alphabet(), board, rack),
                problems.join("\n    ")
            ));
        }
    }

    /// DAWG and GADDAG agree exactly; every move passes the oracle's checks;
    /// no move forms a word of one tile.
    fn two_way(&mut self, tag: &str, lex: &Lex, gen: &mut Generator, board: &Board, rack: &Rack) {
        let a = lex.alphabet();
        let opts = Options::default();
        let d = gen.generate_vec(&lex.dawg, board, rack, &opts);
        let g = gen.generate_vec(&lex.gaddag, board, rack, &opts);
        // The scalar node scan, where the default one is AVX-512.
        gen.set_vector_scan(false);
        let scalar = gen.generate_vec(&lex.gaddag, board, rack, &opts);
        gen.set_vector_scan(true);
        self.positions += 1;
        self.moves += g.len();
        let mut problems = Vec::new();
        if scalar != g {
            problems.push(format!(
                "GADDAG with the scalar scan: {} moves, with the vector scan: {}",
                scalar.len(),
                g.len()
            ));
        }
        let dp: Vec<oracle::Play> = d.iter().map(oracle::Play::from_move).collect();
        problems.extend(oracle::compare("DAWG vs GADDAG", a, &sorted(dp), &g));
        let oracle = Oracle::new(&lex.set, a, gen.rules());
        for m in &g {
            let mut why = oracle.check_move(board, rack, m).err();
            if m.len < 2 {
                why = Some("forms a one-tile main word".into());
            }
            if cross_words(board, m).iter().any(|(_, _, w)| w.len() < 2) {
                why = Some("cross_words lists a one-tile word".into());
            }
            if let Some(why) = why {
                problems.push(format!("GADDAG move {}: {why}", oracle::move_line(m, a)));
                if problems.len() > 5 {
                    break;
                }
            }
        }
        if !problems.is_empty() {
            self.failures.push(format!(
                "{tag}: {}\n    {}",
                oracle::describe(a, board, rack),
                problems.join("\n    ")
            ));
        }
    }

    fn finish(self, name: &str, min_positions: usize) {
        eprintln!(
            "{name}: {} positions, {} moves, {} failures",
            self.positions,
            self.moves,
            self.failures.len()
        );
        assert!(
            self.positions >= min_positions,
            "{name}: only {} positions",
            self.positions
        );
        assert!(
            self.failures.is_empty(),
            "{name}: {} of {} positions disagree; first ones:\n{}",
            self.failures.len(),
            self.positions,
            self.failures[..self.failures.len().min(8)].join("\n")
        );
    }
}

fn sorted(mut v: Vec<oracle::Play>) -> Vec<oracle::Play> {
    v.sort();
    v
}

/// Mostly full racks, sometimes short ones (end of game).
fn rack_size(rng: &mut StdRng, full: usize) -> usize {
    if rng.gen_bool(0.8) {
        full
    } else {
        rng.gen_range(1..=full)
    }
}

/// A random small lexicon: 50-500 words of 2-6 letters over 4-8 letters,
/// sometimes with one-letter words too (which no move may form).
fn small_lexicon(rng: &mut StdRng) -> Lex {
    let letters = rng.gen_range(4..=8);
    let count = rng.gen_range(50..=500);
    let a = oracle::random_alphabet(rng, letters, 2);
    let mut text = oracle::random_words(rng, letters, count, 2, 6);
    if rng.gen_bool(0.3) {
        text.push_str(&oracle::random_words(rng, letters, 3, 1, 1));
    }
    Lex::from_text(&text, &a)
}

/// Positions over one lexicon: self-play boards (some empty) and strewn
/// boards, each with racks of 0, 1 and 2 blanks, checked three ways.
fn random_positions(
    tally: &mut Tally,
    tag: &str,
    lex: &Lex,
    rules: &Rules,
    rng: &mut StdRng,
    boards: usize,
    max_turns: usize,
) {
    let a = lex.alphabet();
    let n = rules.layout.size();
    for b in 0..boards {
        let board = if b % 5 == 4 {
            let count = rng.gen_range(1..=n);
            oracle::scatter(&lex.words, n, rng, count)
        } else {
            let turns = if b == 0 {
                0
            } else {
                rng.gen_range(1..=max_turns)
            };
            oracle::self_play(&lex.gaddag, rules, rng, turns, 4)
        };
        for blanks in 0..=2 {
            let mut size = rack_size(rng, rules.rack_size).max(blanks);
            if rules.rack_size < 7 && rng.gen_bool(0.2) {
                // More tiles than a full rack: only exactly `rack_size`
                // placed earns the bonus.
                size = 7;
            }
            let rack = oracle::random_rack(a, rng, size, blanks);
            let opts = Options::default().opening_both(board.is_empty() && rng.gen_bool(0.3));
            tally.three_way(
                &format!("{tag} board {b}"),
                lex,
                rules,
                &board,
                &rack,
                &opts,
            );
        }
    }
}

#[test]
fn small_random_lexicons_standard_board() {
    let mut tally = Tally::default();
    let rules = Rules::default();
    for seed in 0..30u64 {
        let mut rng = StdRng::seed_from_u64(0x5eed_0000 + seed);
        let lex = small_lexicon(&mut rng);
        random_positions(
            &mut tally,
            &format!("lexicon seed {seed}"),
            &lex,
            &rules,
            &mut rng,
            15,
            16,
        );
    }
    tally.finish("small lexicons, 15x15", 1000);
}

#[test]
fn small_random_lexicons_custom_layouts() {
    let mut tally = Tally::default();
    let layouts = [
        Layout::parse("small7", SMALL7).unwrap(),
        Layout::parse("small9", SMALL9).unwrap(),
    ];
    for seed in 0..40u64 {
        let mut rng = StdRng::seed_from_u64(0x7777_0000 + seed);
        let lex = small_lexicon(&mut rng);
        let mut rules = Rules::with_layout(layouts[seed as usize % 2].clone());
        if seed % 4 >= 2 {
            // A five-tile rack with its own bonus.
            rules.rack_size = 5;
            rules.bingo_bonus = 25;
        }
        random_positions(
            &mut tally,
            &format!("lexicon seed {seed} on {}", rules.layout.name()),
            &lex,
            &rules,
            &mut rng,
            15,
            10,
        );
    }
    tally.finish("small lexicons, custom layouts", 1500);
}

/// Racks of three and four blanks (an alphabet may put that many in its
/// bag): the searches place each word once and list every way the blanks
/// can stand in, which with several blanks is a small search of its own.
#[test]
fn small_random_lexicons_many_blanks() {
    let mut tally = Tally::default();
    let rules = Rules::default();
    for seed in 0..20u64 {
        let mut rng = StdRng::seed_from_u64(0xb1a7_0000 + seed);
        let lex = small_lexicon(&mut rng);
        for b in 0..8 {
            let turns = if b == 0 { 0 } else { rng.gen_range(1..=12) };
            let board = oracle::self_play(&lex.gaddag, &rules, &mut rng, turns, 4);
            for blanks in 3..=4 {
                let size = rack_size(&mut rng, 7).max(blanks);
                let rack = oracle::random_rack(lex.alphabet(), &mut rng, size, blanks);
                tally.three_way(
                    &format!("lexicon seed {seed} board {b} blanks {blanks}"),
                    &lex,
                    &rules,
                    &board,
                    &rack,
                    &Options::default(),
                );
            }
        }
    }
    tally.finish("small lexicons, 3-4 blanks", 300);
}

/// ENABLE words whose letters all lie in `letters`, with racks drawn from
/// those letters (blanks may still be any letter).
fn enable_slice(letters: &str, max_len: usize) -> Lex {
    let a = Alphabet::english();
    let keep: Vec<Tile> = a.tokenize(letters).unwrap();
    let words: Vec<&[Tile]> = enable()
        .words
        .iter()
        .filter(|w| w.len() <= max_len && w.iter().all(|t| keep.contains(t)))
        .collect();
    Lex::new(WordList::from_tiles(&a, words))
}

#[test]
fn enable_slices() {
    let mut tally = Tally::default();
    let rules = Rules::default();
    let small = Layout::parse("small7", SMALL7).unwrap();
    let slices = [
        ("AEILNRST", 8),
        ("ABDEIOST", 7),
        ("CDEHMOPU", 15),
        ("AEIKOQUZXJ", 15),
        ("ADEGINRS", 6),
        ("EORSTVWY", 15),
    ];
    for (k, (letters, max_len)) in slices.into_iter().enumerate() {
        let lex = enable_slice(letters, max_len);
        let keep = lex.alphabet().tokenize(letters).unwrap();
        let mut rng = StdRng::seed_from_u64(0xe11_0000 + k as u64);
        for (rules, boards) in [(rules.clone(), 30), (Rules::with_layout(small.clone()), 20)] {
            let n = rules.layout.size();
            for b in 0..boards {
                let board = if b % 4 == 3 {
                    let count = rng.gen_range(1..=n);
                    oracle::scatter(&lex.words, n, &mut rng, count)
                } else {
                    let turns = if b == 0 { 0 } else { rng.gen_range(1..=14) };
                    oracle::self_play(&lex.gaddag, &rules, &mut rng, turns, 3)
                };
                for blanks in 0..=2 {
                    let size = rack_size(&mut rng, rules.rack_size).max(blanks);
                    let mut tiles = vec![0; blanks];
                    while tiles.len() < size {
                        tiles.push(keep[rng.gen_range(0..keep.len())]);
                    }
                    let rack = Rack::from_tiles(&tiles);
                    tally.three_way(
                        &format!("ENABLE/{letters} on {} board {b}", rules.layout.name()),
                        &lex,
                        &rules,
                        &board,
                        &rack,
                        &Options::default(),
                    );
                }
            }
        }
    }
    tally.finish("ENABLE slices", 900);
}

#[test]
fn full_enable_three_way() {
    let lex = enable();
    let rules = Rules::default();
    let mut tally = Tally::default();
    let mut rng = StdRng::seed_from_u64(0xe4ab1e);
    for b in 0..100 {
        let board = if b % 10 == 9 {
            let count = rng.gen_range(2..=10);
            oracle::scatter(&lex.words, 15, &mut rng, count)
        } else {
            let turns = if b == 0 { 0 } else { rng.gen_range(1..=24) };
            oracle::self_play(&lex.gaddag, &rules, &mut rng, turns, 5)
        };
        for blanks in 0..=2 {
            let size = rack_size(&mut rng, 7).max(blanks);
            let rack = oracle::random_rack(lex.alphabet(), &mut rng, size, blanks);
            tally.three_way(
                &format!("ENABLE board {b}"),
                lex,
                &rules,
                &board,
                &rack,
                &Options::default(),
            );
        }
    }
    tally.finish("full ENABLE", 300);
}

/// Self-play positions on which DAWG and GADDAG must agree exactly and every
/// move must pass the oracle's checks; on every `oracle_every`-th board the
/// brute force must find the same moves too.
fn self_play_agreement(
    name: &str,
    lex: &Lex,
    rules: &Rules,
    seed: u64,
    boards: usize,
    oracle_every: usize,
) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut gen = Generator::new(rules.clone());
    let mut tally = Tally::default();
    for b in 0..boards {
        let turns = if b == 0 { 0 } else { rng.gen_range(1..=30) };
        let board = oracle::self_play(&lex.gaddag, rules, &mut rng, turns, 5);
        for blanks in 0..=2 {
            let size = rack_size(&mut rng, rules.rack_size).max(blanks);
            let rack = oracle::random_rack(lex.alphabet(), &mut rng, size, blanks);
            let tag = format!("{name} board {b}");
            tally.two_way(&tag, lex, &mut gen, &board, &rack);
            if b % oracle_every == 0 {
                tally.three_way(&tag, lex, rules, &board, &rack, &Options::default());
            }
        }
    }
    tally.finish(name, boards * 3 + boards.div_ceil(oracle_every) * 3);
}

#[test]
fn self_play_english_15() {
    self_play_agreement("ENABLE 15x15", enable(), &Rules::default(), 0x15, 60, 4);
}

#[test]
fn self_play_super_21() {
    let a = Alphabet::builtin("super-english").unwrap();
    let words = WordList::read(&common::word_list("enable1.txt"), &a, Invalid::Refuse).unwrap();
    let lex = Lex::new(words);
    let rules = Rules::with_layout(Layout::builtin("super").unwrap());
    assert_eq!(rules.layout.size(), 21);
    self_play_agreement("ENABLE 21x21 super", &lex, &rules, 0x21, 30, 2);
}

#[test]
fn self_play_spanish() {
    let a = Alphabet::builtin("spanish").unwrap();
    let words = WordList::read(&common::word_list("spanish.txt"), &a, Invalid::Skip).unwrap();
    assert!(
        words.iter().any(|w| w.len() == 1),
        "the Spanish list has one-letter words"
    );
    let lex = Lex::new(words);
    self_play_agreement("Spanish", &lex, &Rules::default(), 0xe5, 60, 2);
}

#[test]
#[ignore = "needs ../shared/lexicons/polish-sjp.txt (run by .ci/run)"]
fn self_play_polish() {
    let a = Alphabet::builtin("polish").unwrap();
    let bytes = std::fs::read(common::word_list("polish-sjp.txt")).unwrap();
    // Every 20th line, plus the one-letter words, keeps the test quick.
    let mut sample = Vec::new();
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let one_letter = std::str::from_utf8(line).is_ok_and(|s| s.trim().chars().count() == 1);
        if i % 20 == 0 || one_letter {
            sample.extend_from_slice(line);
            sample.push(b'\n');
        }
    }
    let words = WordList::parse(&sample, "polish sample", &a, Invalid::Skip).unwrap();
    assert!(words.iter().any(|w| w.len() == 1));
    let lex = Lex::new(words);
    self_play_agreement("Polish sample", &lex, &Rules::default(), 0x91, 50, 2);
}

/// The oracle itself reproduces the independent engine's move lists for the
/// reference positions (ENABLE shipped in `tests/data/positions/`, SOWPODS in
/// `shared/positions/`): so agreeing with the oracle means agreeing with that
/// engine's conventions.
fn oracle_matches_reference(list: &str, files: [&str; 2]) -> usize {
    let a = Alphabet::english();
    let rules = Rules::default();
    let mut checked = 0;
    let mut failures = Vec::new();
    let words = WordList::read(&common::word_list(list), &a, Invalid::Refuse).unwrap();
    let set = oracle::WordSet::from_list(&words);
    let oracle = Oracle::new(&set, &a, &rules);
    for file in files {
        let read = |ext: &str| {
            std::fs::read_to_string(common::positions_file(&format!("{file}.{ext}"))).unwrap()
        };
        let (cgp, moves) = (read("cgp"), read("moves"));
        let mut want: Vec<Vec<&str>> = Vec::new();
        for l in moves.lines() {
            if l.starts_with("#pos") {
                want.push(Vec::new());
            } else if !l.trim().is_empty() {
                want.last_mut().unwrap().push(l);
            }
        }
        let cgps: Vec<&str> = cgp.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(cgps.len(), want.len(), "{file}");
        for (k, (line, want)) in cgps.iter().zip(&want).enumerate() {
            let p = lexgraph::position::Position::parse_cgp(line, &a, 15).unwrap();
            let mut got: Vec<String> = oracle
                .generate(&p.board, p.rack())
                .iter()
                .map(|m| m.line(&a))
                .collect();
            got.sort();
            checked += 1;
            if got != *want {
                let missing: Vec<_> = want
                    .iter()
                    .filter(|w| !got.iter().any(|g| g == *w))
                    .take(5)
                    .collect();
                let extra: Vec<_> = got
                    .iter()
                    .filter(|g| !want.contains(&g.as_str()))
                    .take(5)
                    .collect();
                failures.push(format!(
                    "{file} pos {k}: oracle {} moves, reference {}; missing {missing:?} extra {extra:?}",
                    got.len(),
                    want.len()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    checked
}

#[test]
fn oracle_matches_reference_engine_enable() {
    let n = oracle_matches_reference("enable1.txt", ["sanity3_enable", "enable_s1_200"]);
    assert_eq!(n, 203, "every shipped ENABLE reference position");
}

#[test]
#[ignore = "needs ../shared/lexicons/sowpods.txt and ../shared/positions (run by .ci/run)"]
fn oracle_matches_reference_engine_sowpods() {
    let n = oracle_matches_reference("sowpods.txt", ["sanity3_sowpods", "sowpods_s1_200"]);
    assert_eq!(n, 203, "every SOWPODS reference position");
}
