//! The seams of move generation, exercised from outside the crate on the
//! shipped ENABLE reference positions, with both generators:
//! - the search policy ([`SearchPolicy::lane`], [`SearchPolicy::anchor`]) sees every
//!   anchor once, and each move is found from exactly one anchor, so a
//!   policy that skips work loses only the moves it chose to skip (a
//!   best-play search that skips lanes, `Generator::best`, is tested in
//!   `movegen_equity.rs`);
//! - a [`Scoring`] other than the classic one (here: by stack height, as
//!   stacking games score) gets the heights the board holds, and scores
//!   every move as an independent count from the board says.

use std::collections::BTreeSet;

use crate::common;
use lexgraph::lane::{Lane, LaneSquare};
use lexgraph::movegen::{cross_words, sort_moves, MoveSink, SearchPolicy};
use lexgraph::scoring::Scoring;
use lexgraph::{
    compile, Alphabet, Board, Dir, Generator, Invalid, Lexicon, Move, Options, Position, Rules,
    WordList,
};

/// ENABLE's GADDAG and DAWG, and the shipped reference positions.
fn setup() -> (Vec<Lexicon>, Vec<Position>) {
    let a = Alphabet::english();
    let words = WordList::read(&common::word_list("enable1.txt"), &a, Invalid::Refuse).unwrap();
    let files = compile::compile(&words);
    let lexicons = vec![
        Lexicon::from_vec(files.gaddag).unwrap(),
        Lexicon::from_vec(files.dawg).unwrap(),
    ];
    let text = std::fs::read_to_string(common::positions_file("enable_s1_200.cgp")).unwrap();
    let positions = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| Position::parse_cgp(l, &a, 15).unwrap())
        .collect();
    (lexicons, positions)
}

/// Lists the anchors the generator offers, searching nothing.
#[derive(Default)]
struct Anchors(Vec<(Dir, usize, usize)>);

impl MoveSink for Anchors {
    fn push(&mut self, m: &Move) {
        panic!("a move from a search that was skipped: {m:?}");
    }
}

impl SearchPolicy for Anchors {
    fn anchor(&mut self, lane: &Lane<'_>, pos: usize) -> bool {
        assert!(lane.squares()[pos].is_anchor());
        self.0.push((lane.dir(), lane.line(), pos));
        false
    }
}

/// Searches one anchor only.
struct OneAnchor {
    at: (Dir, usize, usize),
    lanes_seen: usize,
    moves: Vec<Move>,
}

impl MoveSink for OneAnchor {
    fn push(&mut self, m: &Move) {
        self.moves.push(*m);
    }
}

impl SearchPolicy for OneAnchor {
    fn lane(&mut self, lane: &Lane<'_>) -> bool {
        self.lanes_seen += 1;
        (lane.dir(), lane.line()) == (self.at.0, self.at.1)
    }
    fn anchor(&mut self, lane: &Lane<'_>, pos: usize) -> bool {
        assert_eq!((lane.dir(), lane.line()), (self.at.0, self.at.1));
        pos == self.at.2
    }
}

#[test]
fn each_move_is_found_from_one_anchor_and_skipped_anchors_cost_their_moves_only() {
    let (lexicons, positions) = setup();
    let mut gen = Generator::new(Rules::default());
    let opts = Options::default();
    for lex in &lexicons {
        for (k, p) in positions.iter().enumerate().step_by(3) {
            let all = gen.generate_vec(lex, &p.board, p.rack(), &opts);
            let mut anchors = Anchors::default();
            gen.generate(lex, &p.board, p.rack(), &opts, &mut anchors);
            let offered: BTreeSet<_> = anchors.0.iter().copied().collect();
            assert_eq!(offered.len(), anchors.0.len(), "an anchor offered twice");
            let mut union = Vec::new();
            for &at in &anchors.0 {
                let mut one = OneAnchor {
                    at,
                    lanes_seen: 0,
                    moves: Vec::new(),
                };
                gen.generate(lex, &p.board, p.rack(), &opts, &mut one);
                assert!(one.lanes_seen > 0);
                for m in &one.moves {
                    let line = match m.dir {
                        Dir::Across => m.row,
                        Dir::Down => m.col,
                    };
                    assert_eq!((m.dir, line as usize), (at.0, at.1));
                }
                union.extend(one.moves);
            }
            sort_moves(&mut union);
            assert_eq!(
                union,
                all,
                "position {k} via {:?}: the moves of each anchor alone are not the moves",
                lex.kind()
            );
        }
    }
}

/// Ranks anchors by a scramble of their place, and searches them until the
/// rank falls below `stop`.
struct Scrambled {
    stop: f32,
    ranked: Vec<(Dir, usize, usize, f32)>,
    moves: Vec<Move>,
}

fn scramble(dir: Dir, line: usize, pos: usize) -> f32 {
    ((line * 31 + pos * 17 + dir as usize * 7) % 13) as f32
}

impl MoveSink for Scrambled {
    fn push(&mut self, m: &Move) {
        self.moves.push(*m);
    }
}

impl SearchPolicy for Scrambled {
    const RANKS_ANCHORS: bool = true;
    fn anchor_ranks(&mut self, lane: &Lane<'_>, ranks: &mut [f32]) {
        for (pos, q) in lane.squares().iter().enumerate() {
            if q.is_anchor() {
                ranks[pos] = scramble(lane.dir(), lane.line(), pos);
                self.ranked.push((lane.dir(), lane.line(), pos, ranks[pos]));
            }
        }
    }
    fn worth(&mut self, rank: f32) -> bool {
        rank >= self.stop
    }
}

/// The ranked search (`SearchPolicy::RANKS_ANCHORS`) ranks every anchor once,
/// finds every move when it never stops, and when it stops, exactly the
/// moves of the anchors ranked above the stop.
#[test]
fn a_ranked_search_finds_the_moves_of_the_anchors_it_reaches() {
    let (lexicons, positions) = setup();
    let mut gen = Generator::new(Rules::default());
    let opts = Options::default();
    for lex in &lexicons {
        for (k, p) in positions.iter().enumerate().step_by(5) {
            let all = gen.generate_vec(lex, &p.board, p.rack(), &opts);
            let mut anchors = Anchors::default();
            gen.generate(lex, &p.board, p.rack(), &opts, &mut anchors);
            for stop in [f32::NEG_INFINITY, 6.0] {
                let mut s = Scrambled {
                    stop,
                    ranked: Vec::new(),
                    moves: Vec::new(),
                };
                gen.generate(lex, &p.board, p.rack(), &opts, &mut s);
                let ranked: BTreeSet<_> = s.ranked.iter().map(|r| (r.0, r.1, r.2)).collect();
                assert_eq!(ranked.len(), s.ranked.len(), "an anchor ranked twice");
                // Every anchor is ranked, those the default search offers
                // included (the GADDAG's skips anchors no rack tile fits).
                let offered: BTreeSet<_> = anchors.0.iter().copied().collect();
                assert!(
                    offered.is_subset(&ranked),
                    "position {k}: the anchors ranked"
                );
                // What each reached anchor finds alone.
                let mut want = Vec::new();
                for &(dir, line, pos, rank) in &s.ranked {
                    if rank >= stop {
                        let mut one = OneAnchor {
                            at: (dir, line, pos),
                            lanes_seen: 0,
                            moves: Vec::new(),
                        };
                        gen.generate(lex, &p.board, p.rack(), &opts, &mut one);
                        want.extend(one.moves);
                    }
                }
                sort_moves(&mut want);
                sort_moves(&mut s.moves);
                assert_eq!(
                    s.moves,
                    want,
                    "position {k} via {:?}, stop {stop}",
                    lex.kind()
                );
                if stop == f32::NEG_INFINITY {
                    assert_eq!(s.moves, all, "position {k} via {:?}", lex.kind());
                }
            }
        }
    }
}

/// Scores by stack height: each tile of each word formed counts its
/// square's height (a placed tile lands on an empty square: 1).
#[derive(Clone, Debug)]
struct ByHeight;

impl Scoring for ByHeight {
    type Tally = i32;
    fn new(_: &Rules, _: &Alphabet) -> ByHeight {
        ByHeight
    }
    fn value(&self, _: usize) -> i32 {
        1
    }
    fn square_value(&self, _: u8) -> i32 {
        1
    }
    fn start(&self) -> i32 {
        0
    }
    fn through(&self, t: i32, q: &LaneSquare) -> i32 {
        t + q.height() as i32
    }
    fn place(&self, t: i32, q: &LaneSquare, value: i32) -> i32 {
        // The cross word: its tiles on the board (one point each, as
        // `square_value` says), and this one.
        t + value
            + if q.has_cross() {
                q.cross_sum() + value
            } else {
                0
            }
    }
    fn total(&self, t: &i32, _: u32) -> i32 {
        *t
    }
    fn blank_cut(&self, _: &i32, _: &LaneSquare, _: u8) -> i32 {
        0
    }
}

#[test]
fn a_scoring_of_its_own_reads_stack_heights() {
    let (lexicons, positions) = setup();
    let opts = Options::default();
    let mut classic = Generator::new(Rules::default());
    let mut by_height = Generator::<ByHeight>::with_scoring(Rules::default());
    for lex in &lexicons {
        for (k, p) in positions.iter().enumerate().step_by(2) {
            // The same tiles, stacked 1 to 5 high.
            let n = p.board.size();
            let mut board = Board::new(n);
            for r in 0..n {
                for c in 0..n {
                    let sq = p.board.get(r, c);
                    if sq != 0 {
                        board.set_stack(r, c, sq, 1 + ((r * 7 + c * 3 + k) % 5) as u8);
                    }
                }
            }
            assert!(p.board.is_empty() || board.heights().is_some());
            let want = classic.generate_vec(lex, &p.board, p.rack(), &opts);
            let got = by_height.generate_vec(lex, &board, p.rack(), &opts);
            let key = |m: &Move| (m.dir, m.row, m.col, m.word().to_vec(), m.placed);
            let want_keys: BTreeSet<_> = want.iter().map(key).collect();
            let got_keys: BTreeSet<_> = got.iter().map(key).collect();
            assert_eq!(got_keys, want_keys, "position {k}: not the same moves");
            for m in &got {
                let main: i32 = (0..m.len as usize)
                    .map(|i| {
                        let (r, c) = m.square(i);
                        if m.placed >> i & 1 == 1 {
                            1
                        } else {
                            board.height(r, c) as i32
                        }
                    })
                    .sum();
                let cross: i32 = cross_words(&board, m)
                    .iter()
                    .map(|(_, _, w)| w.len() as i32)
                    .sum();
                assert_eq!(m.score, main + cross, "position {k}: {m:?}");
            }
        }
    }
}

#[test]
fn a_board_keeps_stack_heights_through_transposition_and_overwrites() {
    let mut b = Board::new(5);
    b.set(0, 1, 3);
    assert_eq!((b.height(0, 1), b.height(0, 0), b.heights()), (1, 0, None));
    b.set_stack(2, 3, 4, 3);
    assert_eq!((b.height(2, 3), b.height(0, 1)), (3, 1));
    let t = b.transposed();
    assert_eq!((t.get(3, 2), t.height(3, 2), t.height(1, 0)), (4, 3, 1));
    // Emptying a square empties its stack; a tile set on an empty square
    // stands alone.
    b.set(2, 3, 0);
    assert_eq!(b.height(2, 3), 0);
    b.set(2, 3, 5);
    assert_eq!(b.height(2, 3), 1);
}
