//! Hand-checked move generation cases on the standard 15x15 board with
//! English tile values: every expected move and score below is worked out
//! by hand in the comments. Each case runs both generators (which must agree
//! move for move) and the brute-force oracle of `tests/oracle`.
//!
//! Letter values used: A1 B3 C3 D2 E1 I1 J8 M3 N1 O1 R1 S1 T1 U1 X8 (blank 0).
//! Premium squares used (0-based row, col):
//!
//! ```text
//! row 0:  W..l...W...l..W    (0,0) TW, (0,3) DL
//! row 6:  ..l...l.l...l..    (6,6) DL, (6,8) DL
//! row 7:  W..l...w...l..W    (7,3) DL, (7,7) DW centre/start, (7,11) DL
//! row 8:  ..l...l.l...l..    (8,6) DL, (8,8) DL
//! row 13: .w...L...L...w.    (13,13) DW
//! row 14: W..l...W...l..W    (14,14) TW
//! column 7 (down):           (3,7) DL, (7,7) DW, (11,7) DL
//! ```
//!
//! Notation: `8H` is row 8 (1-based), column H, across; `H8` is down.

use crate::oracle;

use crate::oracle::{Lex, Oracle};
use lexgraph::board::{Board, BLANK_FLAG};
use lexgraph::movegen::{cross_words, Dir, Generator, Move, Options};
use lexgraph::rack::Rack;
use lexgraph::rules::Rules;
use lexgraph::{Alphabet, Tile};

/// Puts `text` on the board from (`row`, `col`) in `dir`; lower case letters
/// are blanks, `.` leaves a square as it is.
fn put(board: &mut Board, row: usize, col: usize, dir: Dir, text: &str) {
    let a = Alphabet::english();
    for (i, ch) in text.chars().enumerate() {
        if ch == '.' {
            continue;
        }
        let t = a.tile_by_label(&ch.to_string()).unwrap();
        let sq = t | if ch.is_lowercase() { BLANK_FLAG } else { 0 };
        match dir {
            Dir::Across => board.set(row, col + i, sq),
            Dir::Down => board.set(row + i, col, sq),
        }
    }
}

/// Runs both generators and the oracle; returns the moves (canonical order)
/// after checking that all three agree.
fn generate(words: &str, board: &Board, rack: &str, opts: &Options) -> Vec<Move> {
    let a = Alphabet::english();
    let lex = Lex::from_text(words, &a);
    let rack = Rack::parse(rack, &a).unwrap();
    let rules = Rules::default();
    let mut gen = Generator::new(rules.clone());
    let g = gen.generate_vec(&lex.gaddag, board, &rack, opts);
    let d = gen.generate_vec(&lex.dawg, board, &rack, opts);
    assert_eq!(
        g.iter().map(|m| notation(m, &a)).collect::<Vec<_>>(),
        d.iter().map(|m| notation(m, &a)).collect::<Vec<_>>(),
        "GADDAG (left) and DAWG (right) disagree"
    );
    assert_eq!(g, d);
    let mut oracle = Oracle::new(&lex.set, &a, &rules);
    oracle.opening_both = opts.opening_both;
    let problems = oracle::compare("GADDAG", &a, &oracle.generate(board, &rack), &g);
    assert!(problems.is_empty(), "{problems:?}");
    g
}

fn notation(m: &Move, a: &Alphabet) -> String {
    format!("{} {}", m.notation(a), m.score)
}

/// `generate`, as `NOTATION SCORE` strings.
fn moves(words: &str, board: &Board, rack: &str) -> Vec<String> {
    let a = Alphabet::english();
    generate(words, board, rack, &Options::default())
        .iter()
        .map(|m| notation(m, &a))
        .collect()
}

fn tiles(s: &str) -> Vec<Tile> {
    Alphabet::english().tokenize(s).unwrap()
}

#[test]
fn first_move_covers_the_centre_across_only_with_double_word() {
    // JUMBO = J8 U1 M3 B3 O1 = 16. On row 8 (index 7) the five-letter word
    // must cover the centre (7,7), so it starts in columns 3..=7:
    //   8D: cols 3-7, J on the DL at (7,3): (16 + 8) x 2 (centre) = 48
    //   8E, 8F, 8G: no letter premium: 16 x 2 = 32
    //   8H: cols 7-11, O on the DL at (7,11): (16 + 1) x 2 = 34
    // Down moves are not listed on an empty board.
    let board = Board::new(15);
    assert_eq!(
        moves("jumbo\n", &board, "JUMBO"),
        [
            "8D JUMBO 48",
            "8H JUMBO 34",
            "8E JUMBO 32",
            "8F JUMBO 32",
            "8G JUMBO 32"
        ]
    );
    // CATS (3+1+1+1 = 6) from cols 4..=7 covers the centre and no DL
    // (cols 3 and 11 are out of reach): 6 x 2 = 12 each.
    assert_eq!(
        moves("cats\n", &board, "CATS"),
        ["8E CATS 12", "8F CATS 12", "8G CATS 12", "8H CATS 12"]
    );
}

#[test]
fn opening_both_adds_the_down_moves() {
    // Column 7 has the same premiums as row 7 (DL at rows 3 and 11, DW at 7),
    // so the down moves mirror the across ones: H4 = 48, H8 = 34, others 32.
    let board = Board::new(15);
    let a = Alphabet::english();
    let got: Vec<String> = generate(
        "jumbo\n",
        &board,
        "JUMBO",
        &Options::default().opening_both(true),
    )
    .iter()
    .map(|m| notation(m, &a))
    .collect();
    assert_eq!(
        got,
        [
            "8D JUMBO 48",
            "H4 JUMBO 48",
            "8H JUMBO 34",
            "H8 JUMBO 34",
            "8E JUMBO 32",
            "8F JUMBO 32",
            "8G JUMBO 32",
            "H5 JUMBO 32",
            "H6 JUMBO 32",
            "H7 JUMBO 32",
        ]
    );
}

#[test]
fn one_tile_forming_two_words_is_listed_once_across() {
    // Board: A at (6,7), O at (7,6). Words AX, OX. Rack X.
    //   X at (7,7): across OX (7,6)-(7,7) and down AX (6,7)-(7,7), both on
    //     the centre DW: (1+8) x 2 + (1+8) x 2 = 36, listed once, across: 8G OX.
    //   X at (6,8): across AX, X on DL: 1 + 16 = 17 (7H AX).
    //   X at (8,6): down OX, X on DL: 1 + 16 = 17 (G8 OX).
    //   X at (5,7) XA, (6,6) XA/XO, (7,5) XO: not words.
    let mut board = Board::new(15);
    put(&mut board, 6, 7, Dir::Across, "A");
    put(&mut board, 7, 6, Dir::Across, "O");
    let got = generate("ax\nox\n", &board, "X", &Options::default());
    let a = Alphabet::english();
    let shown: Vec<String> = got.iter().map(|m| notation(m, &a)).collect();
    assert_eq!(shown, ["8G OX 36", "7H AX 17", "G8 OX 17"]);
    let best = &got[0];
    assert_eq!(best.dir, Dir::Across);
    assert_eq!(best.tiles_placed(), 1);
    assert_eq!(best.score, 36);
    assert_eq!(cross_words(&board, best), [(6, 7, tiles("AX"))]);
}

#[test]
fn parallel_play() {
    // Board: CAT across at (7,6)-(7,8). Words CAT AX TO XO. Rack XO.
    //   9H XO: X at (8,7) plain, O at (8,8) DL.
    //     main XO = 8 + 1x2 = 10; down AX = 1 + 8 = 9; down TO = 1 + 1x2 = 3
    //     total 22.
    //   H8 AX: X alone under A: 1 + 8 = 9.
    //   I8 TO: O alone under T, on the DL: 1 + 2 = 3.
    //   Everything else makes a non-word (XA, OT, CX, TX, XCAT, CATO, AXO, TOX...).
    let mut board = Board::new(15);
    put(&mut board, 7, 6, Dir::Across, "CAT");
    let got = generate("cat\nax\nto\nxo\n", &board, "XO", &Options::default());
    let a = Alphabet::english();
    let shown: Vec<String> = got.iter().map(|m| notation(m, &a)).collect();
    assert_eq!(shown, ["9H XO 22", "H8 AX 9", "I8 TO 3"]);
    assert_eq!(
        cross_words(&board, &got[0]),
        [(7, 7, tiles("AX")), (7, 8, tiles("TO"))]
    );
    assert_eq!(got[0].tiles_placed(), 2);
}

#[test]
fn bridging_two_words() {
    // Row 8 holds CA at (7,4)-(7,5) and ED at (7,8)-(7,9). Rack NN.
    // CANNED: N at (7,6) plain and (7,7) DW: (3+1+1+1+1+2) x 2 = 18.
    // One N alone makes CAN or NED, not in the list.
    let mut board = Board::new(15);
    put(&mut board, 7, 4, Dir::Across, "CA..ED");
    assert_eq!(moves("canned\n", &board, "NN"), ["8E CANNED 18"]);
}

#[test]
fn playing_through_several_tiles() {
    // Row 8: A at cols 6, 8, 10. Rack BNN. BANANA from (7,5): B at (7,5),
    // N at (7,7) (DW), N at (7,9): (3+1+1+1+1+1) x 2 = 16.
    let mut board = Board::new(15);
    put(&mut board, 7, 6, Dir::Across, "A.A.A");
    assert_eq!(moves("banana\n", &board, "BNN"), ["8F BANANA 16"]);
}

#[test]
fn premiums_under_old_tiles_do_not_count() {
    // CAT across (7,6)-(7,8), its A on the centre DW. CATS: S at (7,9),
    // plain: 3+1+1+1 = 6, not doubled.
    let mut board = Board::new(15);
    put(&mut board, 7, 6, Dir::Across, "CAT");
    assert_eq!(moves("cat\ncats\n", &board, "S"), ["8G CATS 6"]);
}

#[test]
fn top_left_edge() {
    // AX across at (0,0)-(0,1). Rack E. Words AXE, AE.
    //   1A AXE: E at (0,2), plain: 1 + 8 + 1 = 10 (touches row 0 and col 0).
    //   A1 AE: E at (1,0) under A, plain: 1 + 1 = 2.
    //   E under X makes XE: no.
    let mut board = Board::new(15);
    put(&mut board, 0, 0, Dir::Across, "AX");
    assert_eq!(moves("axe\nae\n", &board, "E"), ["1A AXE 10", "A1 AE 2"]);
}

#[test]
fn bottom_right_edge() {
    // OX across at (14,12)-(14,13). Rack O. Words OX, OXO.
    //   15M OXO: O on the corner TW (14,14): (1+8+1) x 3 = 30.
    //   N14 OX: O at (13,13) above X, on a DW: (1+8) x 2 = 18.
    //   O above the O makes OO: no; (13,14) touches nothing.
    let mut board = Board::new(15);
    put(&mut board, 14, 12, Dir::Across, "OX");
    assert_eq!(moves("ox\noxo\n", &board, "O"), ["15M OXO 30", "N14 OX 18"]);
    // Mirrored on the diagonal: OX down the right edge at (12,14)-(13,14).
    //   O13 OXO: O on (14,14) again: 30.  14N OX: O at (13,13): 18.
    let t = board.transposed();
    assert_eq!(moves("ox\noxo\n", &t, "O"), ["O13 OXO 30", "14N OX 18"]);
}

#[test]
fn blank_as_a_letter_already_on_the_board() {
    // A at (7,7). Rack ?. Word AA. The blank becomes an A beside the A,
    // four ways; each scores only the board's A: 1.
    let mut board = Board::new(15);
    put(&mut board, 7, 7, Dir::Across, "A");
    assert_eq!(
        moves("aa\n", &board, "?"),
        ["8G aA 1", "8H Aa 1", "H7 aA 1", "H8 Aa 1"]
    );
}

#[test]
fn blank_on_the_board_scores_nothing() {
    // A blank played as X at (7,7). Rack A, words AX: A before it across or
    // above it down. Scores: A 1 (plain square) + blank 0 = 1.
    let mut board = Board::new(15);
    put(&mut board, 7, 7, Dir::Across, "x");
    assert_eq!(moves("ax\n", &board, "A"), ["8G Ax 1", "H7 Ax 1"]);
}

#[test]
fn bingo_bonus_for_seven_tiles_only() {
    // Empty board, rack AEINRST, words RETAIN RETAINS; all letters are 1.
    // RETAINS (7 tiles, +50) from col s covers cols s..s+6 with s in 1..=7:
    //   includes the DL (7,3) when s <= 3, the DL (7,11) when s >= 5:
    //   s = 1,2,3,5,6,7: (7+1) x 2 + 50 = 66; s = 4: 7 x 2 + 50 = 64.
    // RETAIN (6 tiles of 7: no bonus), s in 2..=7, cols s..s+5:
    //   s = 2,3 (col 3) and 6,7 (col 11): (6+1) x 2 = 14; s = 4,5: 12.
    let board = Board::new(15);
    let got = moves("retain\nretains\n", &board, "AEINRST");
    assert_eq!(
        got,
        [
            "8B RETAINS 66",
            "8C RETAINS 66",
            "8D RETAINS 66",
            "8F RETAINS 66",
            "8G RETAINS 66",
            "8H RETAINS 66",
            "8E RETAINS 64",
            "8C RETAIN 14",
            "8D RETAIN 14",
            "8G RETAIN 14",
            "8H RETAIN 14",
            "8E RETAIN 12",
            "8F RETAIN 12",
        ]
    );
}

#[test]
fn no_legal_move() {
    let mut board = Board::new(15);
    put(&mut board, 7, 6, Dir::Across, "CAT");
    // Q fits nowhere: QI needs an I.
    assert!(moves("cat\nqi\n", &board, "QQ").is_empty());
    // An empty rack places nothing.
    assert!(moves("cat\nqi\n", &board, "").is_empty());
    // A at (7,7); words ABE, BO; rack BO. BO under the A (9H) would make
    // the down word AB, only the start of ABE: not a word. Every other
    // placement makes BA, AB, OA, AO, BOA... none listed.
    let mut board_a = Board::new(15);
    put(&mut board_a, 7, 7, Dir::Across, "A");
    assert!(moves("abe\nbo\n", &board_a, "BO").is_empty());
    // Nothing from this rack reaches a word on an empty board either.
    assert!(moves("cat\nqi\n", &Board::new(15), "QXZ").is_empty());
}

#[test]
fn one_letter_words_are_never_played() {
    // A is in the list, but a lone tile is no word.
    let board = Board::new(15);
    assert!(moves("a\naa\n", &board, "A").is_empty());
    // AA on the centre: (1+1) x 2 = 4, from col 6 or 7.
    assert_eq!(moves("a\naa\n", &board, "AA"), ["8G AA 4", "8H AA 4"]);
    // Next to a tile, a lone A still needs a two-letter word: B then A is
    // BA, not in the list; only the AB hook before it counts.
    let mut board = Board::new(15);
    put(&mut board, 7, 7, Dir::Across, "B");
    // AB across: A at (7,6) plain: 1 + 3 = 4; AB down: A at (6,7) plain: 4.
    assert_eq!(moves("a\nab\n", &board, "A"), ["8G AB 4", "H7 AB 4"]);
}

#[test]
fn blank_assignments_make_distinct_moves() {
    // B at (7,7). Rack E?. Words BE, BEE. Squares right of / below B are
    // plain. Real E = 1, blank = 0, B = 3.
    //   BE with the real E: 4; with the blank: 3 (across and down).
    //   BEE with E then blank, or blank then E: 3 + 1 + 0 = 4, two moves
    //   on the same squares (across and down).
    //   And a parallel play: blank as B at (8,6) (a DL, but a blank is 0)
    //   and the E at (8,7) under the B: main bE = 0 + 1 = 1, plus the down
    //   word BE = 3 + 1 = 4: 5 (9G bE; mirrored, I7 bE).
    let mut board = Board::new(15);
    put(&mut board, 7, 7, Dir::Across, "B");
    let mut got = moves("be\nbee\n", &board, "E?");
    got.sort();
    let mut want = [
        "8H BE 4", "8H BEe 4", "8H BeE 4", "8H Be 3", "H8 BE 4", "H8 BEe 4", "H8 BeE 4", "H8 Be 3",
        "9G bE 5", "I7 bE 5",
    ];
    want.sort();
    assert_eq!(got, want);
}
