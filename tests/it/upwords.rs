//! Upwords: the DAWG and GADDAG generators, scoring with
//! `scoring::Upwords`, return exactly the moves of an independent brute
//! force (`oracle::upwords`) on hundreds of random stacked positions over
//! ENABLE spelled with the Upwords alphabet; and hand-worked cases pin each
//! rule and each scoring rule.

use std::sync::OnceLock;

use crate::common;
use crate::oracle::upwords::{StackPlay, UpwordsOracle};
use crate::oracle::{Lex, WordSet};
use lexgraph::board::Board;
use lexgraph::movegen::{Dir, Generator, Move, Options};
use lexgraph::rack::Rack;
use lexgraph::scoring::Upwords;
use lexgraph::{Alphabet, Invalid, Rules, Tile, WordList};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// ENABLE in the Upwords alphabet (words with a Q but no U after it are
/// skipped), compiled once.
fn enable() -> &'static Lex {
    static LEX: OnceLock<Lex> = OnceLock::new();
    LEX.get_or_init(|| {
        let words = WordList::read(
            &common::word_list("enable1.txt"),
            &Alphabet::builtin("upwords").unwrap(),
            Invalid::Skip,
        )
        .expect("ENABLE reads");
        Lex::new(words)
    })
}

fn generator() -> Generator<Upwords> {
    Generator::<Upwords>::with_scoring(Rules::upwords())
}

fn sorted(mut v: Vec<Move>) -> Vec<StackPlay> {
    let mut p: Vec<StackPlay> = v.drain(..).map(|m| StackPlay::from_move(&m)).collect();
    p.sort();
    p
}

/// The generators' moves on both structures, checked equal, sorted.
fn both(lex: &Lex, board: &Board, rack: &Rack) -> Vec<StackPlay> {
    let mut g = generator();
    let d = sorted(g.generate_vec(&lex.dawg, board, rack, &Options::default()));
    let gd = sorted(g.generate_vec(&lex.gaddag, board, rack, &Options::default()));
    assert_eq!(
        d,
        gd,
        "DAWG and GADDAG differ on {}",
        show(lex, board, rack)
    );
    d
}

fn show(lex: &Lex, board: &Board, rack: &Rack) -> String {
    lexgraph::Position::new(board.clone(), *rack).to_stacked(lex.alphabet())
}

fn qu(a: &Alphabet) -> Tile {
    a.tile_by_label("QU").unwrap()
}

/// The Upwords bag as tiles.
fn bag(a: &Alphabet) -> Vec<Tile> {
    (1..=a.len() as Tile)
        .flat_map(|t| std::iter::repeat_n(t, a.tile(t).count as usize))
        .collect()
}

/// A board after `turns` moves chosen at random (favouring stacks) by the
/// real generator, and a random rack from what is left.
fn random_position(lex: &Lex, rng: &mut StdRng, turns: usize) -> (Board, Rack) {
    let a = lex.alphabet();
    let mut tiles = bag(a);
    tiles.shuffle(rng);
    let mut board = Board::new(10);
    let mut g = generator();
    let mut rack = Rack::default();
    for _ in 0..turns {
        while rack.len() < 7 {
            match tiles.pop() {
                Some(t) => rack.add(t),
                None => break,
            }
        }
        let moves = g.generate_vec(&lex.gaddag, &board, &rack, &Options::default());
        if moves.is_empty() {
            // Exchange the rack.
            tiles.extend(rack.tiles());
            tiles.shuffle(rng);
            rack = Rack::default();
            continue;
        }
        let stacked: Vec<&Move> = moves
            .iter()
            .filter(|m| m.placements().any(|(r, c, _)| board.get(r, c) != 0))
            .collect();
        let m = if !stacked.is_empty() && rng.gen_bool(0.6) {
            *stacked[rng.gen_range(0..stacked.len())]
        } else {
            moves[rng.gen_range(0..moves.len())]
        };
        m.take_from(&mut rack);
        m.apply(&mut board);
    }
    let mut rest: Vec<Tile> = rack.tiles();
    rest.extend(tiles);
    rest.shuffle(rng);
    let size = rng.gen_range(1..=7);
    (board, Rack::from_tiles(&rest[..size.min(rest.len())]))
}

#[test]
fn generators_equal_the_oracle_on_random_stacked_positions() {
    let lex = enable();
    let rules = Rules::upwords();
    let oracle = UpwordsOracle::new(&lex.set, &rules, qu(lex.alphabet()));
    let mut rng = StdRng::seed_from_u64(21);
    let (mut moves, mut stacked, mut tall) = (0, 0, 0);
    let positions = 300;
    for i in 0..positions {
        let turns = [0, 1, 3, 6, 10, 16, 24][i % 7];
        let (board, rack) = random_position(lex, &mut rng, turns);
        let want = oracle.generate(&board, &rack);
        let got = both(lex, &board, &rack);
        if got != want {
            let missing: Vec<_> = want.iter().filter(|p| !got.contains(p)).take(5).collect();
            let extra: Vec<_> = got.iter().filter(|p| !want.contains(p)).take(5).collect();
            panic!(
                "position {i}: {}\n{} oracle moves, {} generated\nmissing {missing:?}\nextra {extra:?}",
                show(lex, &board, &rack),
                want.len(),
                got.len()
            );
        }
        moves += got.len();
        stacked += got
            .iter()
            .filter(|p| {
                (0..p.word.len()).any(|k| {
                    p.placed >> k & 1 == 1 && {
                        let (r, c) = at(p, k);
                        board.get(r, c) != 0
                    }
                })
            })
            .count();
        tall += (0..10)
            .flat_map(|r| (0..10).map(move |c| (r, c)))
            .filter(|&(r, c)| board.height(r, c) >= 3)
            .count();
    }
    // The positions exercise what they are for.
    eprintln!("{positions} positions: {moves} moves, {stacked} stacking, {tall} squares 3+ high");
    assert!(moves > 20_000, "{moves} moves");
    assert!(stacked > 2_000, "{stacked} stacking moves");
    assert!(tall > 50, "{tall} squares 3 high or more");
}

fn at(p: &StackPlay, k: usize) -> (usize, usize) {
    match p.dir {
        Dir::Across => (p.row, p.col + k),
        Dir::Down => (p.row + k, p.col),
    }
}

/// A small word list, the Upwords alphabet.
fn small(words: &str) -> Lex {
    Lex::from_text(words, &Alphabet::builtin("upwords").unwrap())
}

/// A board from rows of `.`/`A1`/`[QU]2` squares (the interchange format).
fn board(lex: &Lex, rows: &str) -> Board {
    Board::parse_stacked(rows, lex.alphabet()).unwrap()
}

fn rack(lex: &Lex, s: &str) -> Rack {
    Rack::parse(s, lex.alphabet()).unwrap()
}

/// The moves as `DIR ROW COL WORD SCORE PLACED` lines.
fn lines(lex: &Lex, board: &Board, rack: &Rack) -> Vec<String> {
    let mut g = generator();
    let moves = g.generate_vec(&lex.gaddag, board, rack, &Options::default());
    let dawg = g.generate_vec(&lex.dawg, board, rack, &Options::default());
    assert_eq!(moves, dawg);
    moves
        .iter()
        .map(|m| m.stacked_line(lex.alphabet()))
        .collect()
}

const EMPTY: &str = "........../........../........../........../........../........../........../........../........../..........";

fn rows_with(row4: &str) -> String {
    let mut rows: Vec<&str> = EMPTY.split('/').collect();
    rows[4] = row4;
    rows.join("/")
}

#[test]
fn a_flat_word_scores_two_a_tile_and_the_qu_two_more() {
    let lex = small("QUIT\nIT\n");
    let b = Board::new(10);
    let l = lines(&lex, &b, &rack(&lex, "[QU]IT"));
    // On an empty board: across, covering a start square (columns 4-5).
    assert!(
        l.contains(&"across 4 2 [QU]IT 8 4,2;4,3;4,4".to_string()),
        "{l:?}"
    );
    assert!(l.contains(&"across 4 5 IT 4 4,5;4,6".to_string()), "{l:?}");
    // Nothing off the start squares, nothing down.
    assert!(
        l.iter()
            .all(|m| m.starts_with("across 4 ") || m.starts_with("across 5 ")),
        "{l:?}"
    );
}

/// The library takes a blank on an Upwords rack (the command line does
/// not): it scores as its letter, without the Qu bonus, whichever
/// generator places it. (The DAWG's left part gave a blank QU the bonus:
/// 8 against the GADDAG's 6, found by the `stacked` fuzz target.)
#[test]
fn a_blank_standing_for_qu_earns_no_bonus_in_either_generator() {
    let lex = small("QUIT\nIT\n");
    let b = Board::new(10);
    let l = lines(&lex, &b, &rack(&lex, "IT?"));
    let blank_qu: Vec<&String> = l.iter().filter(|m| m.contains("[qu]IT")).collect();
    assert!(!blank_qu.is_empty(), "{l:?}");
    assert!(blank_qu.iter().all(|m| m.contains("[qu]IT 6 ")), "{l:?}");
}

#[test]
fn a_stacked_word_scores_its_heights() {
    // CAT at heights 1, 2, 1; B on the C makes BAT: 2 + 2 + 1 = 5.
    let lex = small("CAT\nBAT\n");
    let b = board(&lex, &rows_with("...C1A2T1...."));
    let l = lines(&lex, &b, &rack(&lex, "B"));
    assert_eq!(l, ["across 4 3 BAT 5 4,3"]);
    // On a flat CAT, B scores 2 + 1 + 1 = 4: stacked, so no longer flat.
    let b = board(&lex, &rows_with("...C1A1T1...."));
    assert_eq!(lines(&lex, &b, &rack(&lex, "B")), ["across 4 3 BAT 4 4,3"]);
}

#[test]
fn a_tile_may_not_go_on_the_same_letter_or_a_full_stack() {
    let lex = small("CAT\nBAT\nCAB\n");
    // C on C: no; B on T at height 5: no; B on T lower: CAB.
    let b = board(&lex, &rows_with("...C1A1T5...."));
    assert!(lines(&lex, &b, &rack(&lex, "C")).is_empty());
    assert_eq!(lines(&lex, &b, &rack(&lex, "B")), ["across 4 3 BAT 8 4,3"]);
    let b = board(&lex, &rows_with("...C1A1T4...."));
    assert_eq!(
        lines(&lex, &b, &rack(&lex, "B")),
        ["across 4 3 BAT 7 4,3", "across 4 3 CAB 7 4,5"]
    );
}

#[test]
fn covering_a_whole_word_is_illegal_all_but_one_square_is_legal() {
    let lex = small("CAT\nBOG\nBOGS\n");
    // BOG over all of CAT: illegal; BOGS over CAT_: illegal too.
    let b = board(&lex, &rows_with("...C1A1T1...."));
    assert!(lines(&lex, &b, &rack(&lex, "BOGS")).is_empty());
    let lex = small("DOG\nDOGS\n");
    // DOG over the C, A, T of CATS leaves the S: legal, 2+2+2+1 (and DOG
    // down onto the S makes a flat DOGS, 4 x 2).
    let b = board(&lex, &rows_with("...C1A1T1S1..."));
    assert_eq!(
        lines(&lex, &b, &rack(&lex, "DOG")),
        [
            "down 1 6 DOGS 8 1,6;2,6;3,6",
            "across 4 3 DOGS 7 4,3;4,4;4,5"
        ]
    );
}

#[test]
fn every_changed_cross_word_is_checked_and_scored() {
    // Down word AT at column 4 (rows 4-5); across word ON on row 5 is not
    // there yet. Stacking I on the T of AT makes AI: checked and scored.
    let lex = small("AT\nAI\nIN\nTIN\n");
    let mut rows: Vec<String> = EMPTY.split('/').map(String::from).collect();
    rows[4] = "....A1.....".to_string();
    rows[5] = "....T1N1....".to_string();
    let b = board(&lex, &rows.join("/"));
    // I on T (5,4): across IN (2 flat? no: I at height 2, N 1: 3) and down
    // AI (A 1, I 2: 3) = 6; listed across, as it forms an across word.
    let l = lines(&lex, &b, &rack(&lex, "I"));
    assert!(l.contains(&"across 5 4 IN 6 5,4".to_string()), "{l:?}");
    assert!(!l.iter().any(|m| m.starts_with("down 4 4 AI")), "{l:?}");
}

#[test]
fn seven_tiles_earn_twenty() {
    let lex = small("ABCDEFG\n");
    let l = lines(&lex, &Board::new(10), &rack(&lex, "ABCDEFG"));
    // 7 flat tiles x 2 + 20, from columns 0..=4 covering a start square.
    assert!(
        l.contains(&"across 4 0 ABCDEFG 34 4,0;4,1;4,2;4,3;4,4;4,5;4,6".to_string()),
        "{l:?}"
    );
}

#[test]
fn the_alphabet_skips_words_with_a_bare_q() {
    let a = Alphabet::builtin("upwords").unwrap();
    let words = WordList::parse(b"qat\nquit\nqi\ncat\n", "t", &a, Invalid::Skip).unwrap();
    assert_eq!(words.len(), 2);
    let set = WordSet::from_list(&words);
    assert!(set.contains(&a.tokenize("quit").unwrap()));
    assert_eq!(a.tokenize("quit").unwrap().len(), 3);
}

// ---------------------------------------------------------------------------
// The command line

mod cli {
    use std::io::Write;
    use std::process::Stdio;

    use crate::common::cli::{cmd, run};

    const CAT: &str = "........../........../........../........../....C1A1T1.../........../........../........../........../..........";

    fn stdout(o: &std::process::Output) -> String {
        String::from_utf8_lossy(&o.stdout).into_owned()
    }

    /// `moves --rules upwords` on the built-in list: move lines, both
    /// structures alike, JSON, counts, batches with a bad line.
    #[test]
    fn moves_lists_stacked_positions() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let pos = format!("{CAT} BESTOW");
        let text = run(
            d,
            &["moves", "--rules", "upwords", "--stacked", &pos, "--all"],
        );
        assert!(
            text.status.success(),
            "{}",
            String::from_utf8_lossy(&text.stderr)
        );
        let lines = stdout(&text);
        let first = lines.lines().next().unwrap();
        // DIR ROW COL WORD SCORE PLACED, best first.
        let f: Vec<&str> = first.split(' ').collect();
        assert_eq!(f.len(), 6, "{first}");
        assert!(["across", "down"].contains(&f[0]));
        // A stacking move is among them: a tile on C, A or T of row 4.
        assert!(
            lines.lines().any(|l| l
                .split(' ')
                .nth(5)
                .unwrap()
                .split(';')
                .any(|s| ["4,4", "4,5", "4,6"].contains(&s))),
            "no stacking move:\n{lines}"
        );
        let dawg = run(
            d,
            &[
                "moves",
                "--rules",
                "upwords",
                "--stacked",
                &pos,
                "--structure",
                "dawg",
                "--all",
            ],
        );
        assert_eq!(stdout(&dawg), lines);
        let count = run(
            d,
            &["moves", "--rules", "upwords", "--stacked", &pos, "--count"],
        );
        assert_eq!(stdout(&count).trim(), lines.lines().count().to_string());
        let json = run(
            d,
            &[
                "moves",
                "--rules",
                "upwords",
                "--stacked",
                &pos,
                "--format",
                "json",
                "--top",
                "1",
            ],
        );
        let v: serde_json::Value = serde_json::from_str(stdout(&json).trim()).unwrap();
        assert_eq!(v["line"], first);
        assert_eq!(v["score"].as_i64().unwrap(), f[4].parse::<i64>().unwrap());
        // A batch: a stack over the limit and a blank are reported by line;
        // the good line is answered.
        let file = d.join("positions.txt");
        let too_high = CAT.replace("C1", "C6");
        std::fs::write(&file, format!("# three\n{pos}\n{too_high} AB\n{CAT} A?\n")).unwrap();
        let batch = run(
            d,
            &[
                "moves",
                "--rules",
                "upwords",
                "--stacked-file",
                file.to_str().unwrap(),
                "--count",
            ],
        );
        assert_eq!(batch.status.code(), Some(3));
        assert_eq!(
            stdout(&batch).trim(),
            format!("0 {}", lines.lines().count())
        );
        let err = String::from_utf8_lossy(&batch.stderr);
        assert!(
            err.contains("positions.txt:3") && err.contains("at most 5"),
            "{err}"
        );
        assert!(
            err.contains("positions.txt:4") && err.contains("no blanks"),
            "{err}"
        );
        // Mixing the formats is a usage error.
        let mixed = run(d, &["moves", "--stacked", &pos]);
        assert_eq!(mixed.status.code(), Some(2));
        let bad = run(
            d,
            &["moves", "--rules", "upwords", "--stacked", "..A/... B"],
        );
        // A malformed position is bad data.
        assert_eq!(bad.status.code(), Some(3));
        assert!(String::from_utf8_lossy(&bad.stderr).contains("board row 1"));
    }

    /// Self-play and a match in Upwords run to the end; a game in the
    /// terminal is scripted and saved as a text record.
    #[test]
    fn selfplay_match_and_play() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let out = d.join("positions.txt");
        let sp = run(
            d,
            &[
                "selfplay",
                "--rules",
                "upwords",
                "--games",
                "2",
                "--structure",
                "both",
                "--out",
                out.to_str().unwrap(),
            ],
        );
        assert!(
            sp.status.success(),
            "{}",
            String::from_utf8_lossy(&sp.stderr)
        );
        assert!(stdout(&sp).contains("identical moves"), "{}", stdout(&sp));
        // The positions written read back as stacked positions.
        let again = run(
            d,
            &[
                "moves",
                "--rules",
                "upwords",
                "--stacked-file",
                out.to_str().unwrap(),
                "--count",
                "--strict",
            ],
        );
        assert!(
            again.status.success(),
            "{}",
            String::from_utf8_lossy(&again.stderr)
        );
        let m = run(
            d,
            &[
                "match", "--rules", "upwords", "--p1", "gordon2", "--p2", "greedy", "--games",
                "20", "--format", "json",
            ],
        );
        assert!(m.status.success(), "{}", String::from_utf8_lossy(&m.stderr));
        let gcg = run(
            d,
            &[
                "match", "--rules", "upwords", "--p1", "greedy", "--p2", "greedy", "--gcg", "g",
            ],
        );
        assert_eq!(gcg.status.code(), Some(2));
        let mut child = cmd(
            d,
            &[
                "play", "--rules", "upwords", "--vs", "greedy", "--seed", "4", "--gcg", "game.txt",
            ],
        )
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
        let _ = child
            .stdin
            .take()
            .unwrap()
            .write_all(b"hint\n5E ZZZ\npass\nquit\n");
        let o = child.wait_with_output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let screen = stdout(&o);
        assert!(screen.contains("best for you"), "{screen}");
        assert!(screen.contains("is not a legal play"), "{screen}");
        let record = std::fs::read_to_string(d.join("game.txt")).unwrap();
        assert!(record.starts_with("#upwords"), "{record}");
        assert!(record.contains("pass +0"), "{record}");
        assert!(record.lines().any(|l| l.starts_with("#board ")), "{record}");
    }
}
