//! The solver against an exhaustive minimax that knows nothing of it: every
//! play of both sides made on a [`Game`] (its scoring and end-of-game rules),
//! memoised on the whole state, no pruning, no hashing of its own.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::alphabet::Alphabet;
use crate::build::compile;
use crate::game::Game;
use crate::wordlist::{Invalid, WordList};

/// ENABLE's words of up to five letters.
fn lexicon() -> &'static Lexicon {
    static LEX: std::sync::OnceLock<Lexicon> = std::sync::OnceLock::new();
    LEX.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/lexicons/enable1.txt");
        let text = std::fs::read_to_string(path).unwrap();
        let short: Vec<&str> = text.lines().filter(|w| w.len() <= 5).collect();
        let words = WordList::parse(
            short.join("\n").as_bytes(),
            "enable<=5",
            &Alphabet::english(),
            Invalid::Refuse,
        )
        .unwrap();
        Lexicon::from_vec(compile::compile(&words).gaddag).unwrap()
    })
}

/// A board from a greedy game played until the bag is empty, and racks of
/// `sizes` tiles drawn from what the players then held.
fn endgame_board(seed: u64, sizes: [usize; 2]) -> (Board, [Rack; 2]) {
    let lex = lexicon();
    let rules = Rules::default();
    let mut game = Game::new(lex.alphabet().clone(), rules.clone(), seed);
    let mut gen = Generator::new(rules);
    let mut moves: Vec<Move> = Vec::new();
    while game.bag_len() > 0 && !game.is_over() {
        let pos = game.position();
        moves.clear();
        gen.generate(lex, &pos.board, pos.rack(), &Options::default(), &mut moves);
        let play = match moves.iter().max_by_key(|m| m.score) {
            Some(m) => Play::Place(*m),
            None => Play::Pass,
        };
        game.play(&play).unwrap();
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let pos = game.position();
    let racks = [0, 1].map(|p| {
        let mut tiles = pos.racks[p].tiles();
        if tiles.is_empty() {
            tiles = vec![1, 5, 9]; // A E I
        }
        tiles.shuffle(&mut rng);
        Rack::from_tiles(&tiles[..sizes[p].min(tiles.len())])
    });
    (pos.board.clone(), racks)
}

type Key = (Vec<u8>, [u8; 64], [u8; 64], usize, u32);

/// The mover's (player 0's) points to the end less player 1's, from
/// `game` on, every play of both sides tried.
fn minimax(game: &Game, gen: &mut Generator, memo: &mut HashMap<Key, i32>) -> i32 {
    if game.is_over() {
        return 0;
    }
    let pos = game.position();
    let to = game.to_move();
    let racks = game.racks();
    let key = (
        pos.board.squares().to_vec(),
        *racks[0].counts(),
        *racks[1].counts(),
        to,
        pos.zero_turns,
    );
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut moves: Vec<Move> = Vec::new();
    gen.generate(
        lexicon(),
        &pos.board,
        &racks[to],
        &Options::default(),
        &mut moves,
    );
    let plays = moves.into_iter().map(Play::Place).chain([Play::Pass]);
    let diff = |g: &Game| g.scores()[0] - g.scores()[1];
    let values = plays.map(|p| {
        let mut g = game.clone();
        g.play(&p).unwrap();
        diff(&g) - diff(game) + minimax(&g, gen, memo)
    });
    let v = match to {
        0 => values.max(),
        _ => values.min(),
    }
    .unwrap();
    memo.insert(key, v);
    v
}

fn game_of(board: &Board, racks: [Rack; 2], scoreless: u32) -> Game {
    Game::resume(
        Alphabet::english(),
        Rules::default(),
        board.clone(),
        racks,
        [0, 0],
        0,
        scoreless,
        Vec::new(),
        1,
    )
}

/// The steps of `line` add up to its value.
fn line_total(line: &[Step]) -> i32 {
    line.iter()
        .map(|s| match s.player {
            0 => s.score + s.end,
            _ => -(s.score + s.end),
        })
        .sum()
}

#[test]
fn exact_values_match_exhaustive_minimax() {
    let lex = lexicon();
    let mut gen = Generator::new(Rules::default());
    let mut checked = 0;
    for seed in 0..24u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xE6);
        let sizes = [rng.gen_range(1..=3), rng.gen_range(1..=3)];
        let scoreless = [0, 0, 3, 5][seed as usize % 4];
        let (board, racks) = endgame_board(seed, sizes);
        let want = minimax(
            &game_of(&board, racks, scoreless),
            &mut gen,
            &mut HashMap::new(),
        );
        let e = Endgame::new(lex, Rules::default(), board.clone(), racks, scoreless).unwrap();
        let never = AtomicBool::new(false);
        let s = e.solve(&Settings::default(), &never).unwrap();
        assert!(s.exact, "seed {seed}");
        assert_eq!(s.value, want, "seed {seed}");
        assert_eq!(line_total(&s.line), want, "seed {seed}: {:?}", s.line);
        // A tiny table (collisions everywhere) gives the same value.
        let small = Settings {
            table_entries: 1024,
            ..Settings::default()
        };
        assert_eq!(e.solve(&small, &never).unwrap().value, want, "seed {seed}");
        checked += 1;
    }
    assert_eq!(checked, 24);
}

#[test]
fn every_first_play_has_its_exact_value() {
    let lex = lexicon();
    let mut gen = Generator::new(Rules::default());
    for seed in 30..38u64 {
        let (board, racks) = endgame_board(seed, [2, 2]);
        let e = Endgame::new(lex, Rules::default(), board.clone(), racks, 0).unwrap();
        let settings = Settings {
            all_first_plays: true,
            ..Settings::default()
        };
        let s = e.solve(&settings, &AtomicBool::new(false)).unwrap();
        assert!(s.exact);
        let root = game_of(&board, racks, 0);
        let mut memo = HashMap::new();
        for f in &s.first_plays {
            assert!(!f.upper_bound);
            let mut g = root.clone();
            g.play(&f.play).unwrap();
            let want = g.scores()[0] - g.scores()[1] + minimax(&g, &mut gen, &mut memo);
            assert_eq!(f.value, want, "seed {seed}: {:?}", f.play);
        }
        assert!(s.first_plays.windows(2).all(|w| w[0].value >= w[1].value));
        assert_eq!(s.first_plays[0].value, s.value);
        // Without all first plays, the others are bounds at most the best.
        let quick = e
            .solve(&Settings::default(), &AtomicBool::new(false))
            .unwrap();
        assert_eq!(quick.value, s.value);
        assert_eq!(quick.first_plays.len(), s.first_plays.len());
        for f in &quick.first_plays[1..] {
            assert!(f.value <= s.value);
        }
    }
}

#[test]
fn one_thread_and_two_give_the_same_value_and_play() {
    let lex = lexicon();
    for seed in 40..46u64 {
        let (board, racks) = endgame_board(seed, [3, 3]);
        let e = Endgame::new(lex, Rules::default(), board, racks, 0).unwrap();
        let on = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| e.solve(&Settings::default(), &AtomicBool::new(false)))
                .unwrap()
        };
        let (one, two) = (on(1), on(2));
        assert!(one.exact && two.exact);
        assert_eq!(one.value, two.value, "seed {seed}");
        assert_eq!(one.line, two.line, "seed {seed}");
        let exact = |s: &Solution| -> Vec<(Play, i32)> {
            s.first_plays
                .iter()
                .filter(|f| !f.upper_bound)
                .map(|f| (f.play.clone(), f.value))
                .take_while(|f| f.1 == s.value)
                .collect()
        };
        assert_eq!(exact(&one), exact(&two), "seed {seed}");
    }
}

#[test]
fn a_depth_limit_is_an_estimate_never_exact() {
    let lex = lexicon();
    let (board, racks) = endgame_board(50, [3, 3]);
    let e = Endgame::new(lex, Rules::default(), board, racks, 0).unwrap();
    let limited = Settings {
        max_depth: Some(1),
        ..Settings::default()
    };
    let s = e.solve(&limited, &AtomicBool::new(false)).unwrap();
    assert_eq!(s.depth, 1);
    // The pass alone leaves the game going: a depth of one cannot be exact.
    assert!(!s.exact);
    let full = e
        .solve(&Settings::default(), &AtomicBool::new(false))
        .unwrap();
    assert!(full.exact && full.depth >= 1);
    // A stop flag set before the first ply: no result at all.
    let stopped = AtomicBool::new(true);
    let r = e.solve(&Settings::default(), &stopped);
    assert!(r.is_err());
}

#[test]
fn bad_endgames_are_refused() {
    let lex = lexicon();
    let a = Alphabet::english();
    let board = Board::new(15);
    let r = Rack::parse("AB", &a).unwrap();
    let refused = |racks: [Rack; 2], scoreless: u32, rules: Rules| {
        Endgame::new(lex, rules, board.clone(), racks, scoreless).is_err()
    };
    assert!(refused([Rack::default(), r], 0, Rules::default()));
    assert!(refused([r, r], 6, Rules::default()));
    assert!(refused([r, r], 0, Rules::upwords()));
    // A position with tiles in the bag is for simulation.
    let pos = Position::parse_cgp(
        "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AB/ 0/0 0",
        &a,
        15,
    )
    .unwrap();
    let err = Endgame::from_position(lex, Rules::default(), &pos)
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("in the bag"), "{err}");
}
