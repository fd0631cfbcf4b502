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
        let sizes = match seed % 6 {
            5 => [4, rng.gen_range(1..=2)],
            _ => [rng.gen_range(1..=3), rng.gen_range(1..=3)],
        };
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
        // A tiny table (collisions everywhere) and none give the same value.
        for entries in [1024, 0] {
            let t = Settings {
                table_entries: entries,
                ..Settings::default()
            };
            let other = e.solve(&t, &never).unwrap();
            assert_eq!((other.value, other.exact), (want, true), "seed {seed}");
            assert_eq!(other.line, s.line, "seed {seed}");
        }
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

/// A stop ends the depth being searched within 1024 nodes, not only
/// between depths.
#[test]
fn a_stop_ends_a_depth_in_the_middle() {
    let lex = lexicon();
    let (board, racks) = endgame_board(50, [7, 7]);
    let e = Endgame::new(lex, Rules::default(), board, racks, 0).unwrap();
    let table = Table::new(1024);
    let (go, stop) = (AtomicBool::new(false), AtomicBool::new(true));
    let root = Root::Pass;
    // The shallowest depth of more than 4096 nodes.
    let depth = (1..=12)
        .find(|&d| {
            let table = Table::new(1024);
            let mut full = Searcher::new(&e, &table, None, &go);
            full.root_child(&root, d, -INF);
            assert!(!full.aborted);
            full.nodes > 4096
        })
        .expect("a depth of more than 4096 nodes");
    let mut stopped = Searcher::new(&e, &table, None, &stop);
    stopped.root_child(&root, depth, -INF);
    assert!(stopped.aborted);
    assert!(stopped.nodes <= 1024, "{} nodes", stopped.nodes);
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

/// Solves `racks` on a board with `words` across row 8 from column A
/// (each `(row, col, word)`), with `scoreless` turns so far.
fn hand_made(words: &[(usize, usize, &str)], racks: [&str; 2], scoreless: u32) -> (Solution, i32) {
    let lex = lexicon();
    let a = lex.alphabet();
    let mut board = Board::new(15);
    for &(r, c, w) in words {
        for (i, ch) in w.chars().enumerate() {
            let t = a.tile_by_label(&ch.to_string()).unwrap();
            board.set(r, c + i, if ch.is_lowercase() { t | BLANK_FLAG } else { t });
        }
    }
    let racks = racks.map(|r| Rack::parse(r, a).unwrap());
    let want = minimax(
        &game_of(&board, racks, scoreless),
        &mut Generator::new(Rules::default()),
        &mut HashMap::new(),
    );
    let e = Endgame::new(lex, Rules::default(), board, racks, scoreless).unwrap();
    let s = e
        .solve(&Settings::default(), &AtomicBool::new(false))
        .unwrap();
    assert!(s.exact);
    assert_eq!(s.value, want);
    assert_eq!(line_total(&s.line), want, "{:?}", s.line);
    (s, want)
}

#[test]
fn each_end_rule_by_hand() {
    // Going out with the opponent stuck: Q and V make no word here, so
    // the opponent can only pass; the mover plays out and gains twice
    // their value (10 + 4).
    let (s, _) = hand_made(&[(7, 5, "CAT")], ["AS", "QV"], 0);
    let last = s.line.last().unwrap();
    assert_eq!((last.player, last.ending), (0, Some(Ending::Out)));
    assert_eq!(last.end, 2 * (10 + 4));
    assert!(s
        .line
        .iter()
        .all(|st| st.player == 0 || st.play == Play::Pass));
    // Passes that end the game: neither side can play (Q and V against
    // Q and X on a board of ZZZ, no hooks), five scoreless turns so far:
    // the mover's pass is the sixth; each loses its tiles' value.
    let (s, want) = hand_made(&[(7, 5, "ZZZ")], ["QV", "QX"], 5);
    assert_eq!(s.line.len(), 1);
    assert_eq!(s.line[0].play, Play::Pass);
    assert_eq!(s.line[0].ending, Some(Ending::Scoreless));
    assert_eq!(want, (10 + 8) - (10 + 4));
    // A blank left on the rack is worth nothing to either side: going out
    // with the opponent holding only a blank gains nothing.
    let (s, _) = hand_made(&[(7, 5, "CAT")], ["S", "?"], 0);
    let last = s.line.last().unwrap();
    assert_eq!(last.ending, Some(Ending::Out));
    assert_eq!(last.end, 0);
}

/// A new table: every slot empty, a stored entry read back
/// by its key only, from several threads at once.
#[test]
fn a_new_table_is_empty_and_keeps_what_is_stored() {
    for entries in [0, 1, 1500, 1 << 20] {
        let t = Table::new(entries);
        assert!(t.slots.is_empty() || t.slots.len().is_power_of_two());
        assert!((1..200u64).all(|k| t.probe(mix(k)).is_none()));
        if entries == 0 {
            continue;
        }
        std::thread::scope(|s| {
            for part in 0..2u64 {
                let t = &t;
                s.spawn(move || {
                    for k in (part * 100..part * 100 + 100).map(mix) {
                        let e = Entry {
                            value: (k % 1000) as i32 - 500,
                            depth: 3,
                            flag: LOWER,
                            best: 7,
                        };
                        t.store(k, e);
                    }
                });
            }
        });
        for k in (0..200u64).map(mix) {
            // A later key may have taken the slot: then a miss, never
            // another position's entry.
            if let Some(e) = t.probe(k) {
                assert_eq!(
                    (e.value, e.depth, e.flag, e.best),
                    ((k % 1000) as i32 - 500, 3, LOWER, 7)
                );
            }
        }
        assert!(t.probe(mix(999_999)).is_none());
    }
}

/// Each candidate's draws against the game itself: the play made on a
/// [`Game`] whose bag holds that tile, the endgame it leaves solved by
/// exhaustive minimax, the spread read from the game's scores.
#[test]
fn a_pre_endgame_is_its_endgames_weighted_by_the_bag_tiles() {
    use crate::analysis::peg::Pregame;
    let lex = lexicon();
    let a = lex.alphabet();
    let mut gen = Generator::new(Rules::default());
    for seed in 60..72u64 {
        // The mover's 2 or 3 tiles; 3 or 4 unseen (the opponent's and the
        // bag's one), drawn from what the players held.
        let (board, racks) = endgame_board(seed, [2 + seed as usize % 2, 3 + seed as usize % 2]);
        if racks[1].len() < 2 {
            continue;
        }
        let pos = Position {
            scores: [seed as i32, 7],
            ..Position::new(board.clone(), racks[0])
        };
        let peg = Pregame::with_unseen(lex, Rules::default(), &pos, &racks[1], 1).unwrap();
        let plays = peg.candidates(&mut gen, 4);
        let never = AtomicBool::new(false);
        let results = peg
            .solve(plays.clone(), &Settings::default(), &never)
            .unwrap();
        assert_eq!(results.len(), plays.len());
        for r in &results {
            let total: u32 = r.draws.iter().map(|d| d.weight).sum();
            assert_eq!(total as usize, racks[1].len());
            for d in &r.draws {
                let [t] = d.bag[..] else {
                    panic!("one tile in the bag: {:?}", d.bag)
                };
                assert_eq!(d.weight, racks[1].count(t) as u32);
                assert_eq!(d.reply, None);
                let mut theirs = racks[1];
                theirs.remove(t);
                let mut g = Game::resume(
                    a.clone(),
                    Rules::default(),
                    board.clone(),
                    [racks[0], theirs],
                    pos.scores,
                    0,
                    0,
                    vec![t],
                    1,
                );
                g.play(&r.play).unwrap();
                let diff = g.scores()[0] - g.scores()[1];
                let want = diff + minimax(&g, &mut gen, &mut HashMap::new());
                assert!(d.exact);
                assert_eq!(d.spread, want, "seed {seed}: {:?} with {t}", r.play);
            }
        }
        assert!(results
            .windows(2)
            .all(|w| w[0].win_rate() >= w[1].win_rate()));
    }
}

/// Two tiles in the bag. A play that draws both: each pair's endgame by
/// exhaustive minimax on a [`Game`] whose bag holds the pair. A one-tile
/// play: the opponent's answer is, by brute force over every placement
/// they have and every tile they cannot see, one of their best by win
/// rate then mean spread, and the scenario's spread is that answer's
/// endgame with the tile the bag really held.
#[test]
fn a_two_tile_pre_endgame_is_its_endgames_and_the_opponents_best_answer() {
    use crate::analysis::peg::Pregame;
    let lex = lexicon();
    let a = lex.alphabet();
    // Racks of three are full racks here, so that a one-tile play draws one
    // tile of the two, as a seven-tile rack does in a real game.
    let rules = Rules {
        rack_size: 3,
        ..Rules::default()
    };
    let mut gen = Generator::new(rules.clone());
    let never = AtomicBool::new(false);
    let diff = |g: &Game| g.scores()[0] - g.scores()[1];
    // The final spread (player 0's side) of `g` played on, bag empty.
    let outcome = |g: &Game, gen: &mut Generator| {
        assert_eq!(g.bag_len(), 0);
        diff(g) + minimax(g, gen, &mut HashMap::new())
    };
    let (mut pairs, mut answers) = (0, 0);
    for seed in 80..92u64 {
        // The mover's 3 tiles; 4 or 5 unseen: the opponent's and the bag's
        // two.
        let (board, racks) = endgame_board(seed, [3, 4 + seed as usize % 2]);
        if racks[0].len() < 3 || racks[1].len() < 3 {
            continue;
        }
        let pos = Position {
            scores: [seed as i32, 9],
            ..Position::new(board.clone(), racks[0])
        };
        let mut peg = Pregame::with_unseen(lex, rules.clone(), &pos, &racks[1], 2).unwrap();
        assert_eq!(peg.bag(), 2);
        peg.set_replies(usize::MAX); // every placement of the answering side
        let plays = peg.candidates(&mut gen, 5);
        let results = peg.solve(plays, &Settings::default(), &never).unwrap();
        let n = racks[1].len() as u32;
        for r in &results {
            let Play::Place(m) = r.play else {
                panic!("a candidate is a placement")
            };
            assert_eq!(r.draws.iter().map(|d| d.weight).sum::<u32>(), n * (n - 1));
            for d in &r.draws {
                assert!(d.exact);
                let [first, last] = d.bag[..] else {
                    panic!("two tiles in the bag: {:?}", d.bag)
                };
                let mut theirs = racks[1];
                theirs.remove(first);
                theirs.remove(last);
                // `Game` draws from the end of its bag.
                let mut g = Game::resume(
                    a.clone(),
                    rules.clone(),
                    board.clone(),
                    [racks[0], theirs],
                    pos.scores,
                    0,
                    0,
                    vec![last, first],
                    1,
                );
                g.play(&r.play).unwrap();
                let (cf, cl) = (racks[1].count(first) as u32, racks[1].count(last) as u32);
                if m.tiles_placed() >= 2 {
                    assert_eq!(d.reply, None);
                    let ways = if first == last {
                        cf * (cf - 1)
                    } else {
                        2 * cf * cl
                    };
                    assert_eq!(d.weight, ways);
                    assert!(first <= last, "an unordered pair in the alphabet's order");
                    let want = outcome(&g, &mut gen);
                    assert_eq!(d.spread, want, "seed {seed}: {:?} with {:?}", r.play, d.bag);
                    pairs += 1;
                    continue;
                }
                let ways = if first == last {
                    cf * (cf - 1)
                } else {
                    cf * cl
                };
                assert_eq!(d.weight, ways);
                // The opponent cannot see the mover's rack nor the bag.
                let mine = g.racks()[0];
                let mut hidden = mine;
                hidden.add(last);
                let after = g.position();
                let mut theirs_moves: Vec<Move> = Vec::new();
                gen.generate(
                    lex,
                    &after.board,
                    &theirs,
                    &Options::default(),
                    &mut theirs_moves,
                );
                assert!(
                    !theirs_moves.is_empty(),
                    "seed {seed}: the opponent can place"
                );
                // Each answer's (win rate, mean spread) for the opponent, and
                // its final spread (the mover's side) with the real bag tile.
                let mut rated = Vec::new();
                for p in &theirs_moves {
                    let (mut wins, mut spread, mut total, mut real) = (0.0, 0.0, 0.0, None);
                    for x in 0..64u8 {
                        let w = hidden.count(x) as f64;
                        if w == 0.0 {
                            continue;
                        }
                        let mut held = hidden;
                        held.remove(x);
                        let mut g2 = Game::resume(
                            a.clone(),
                            rules.clone(),
                            after.board.clone(),
                            [held, theirs],
                            g.scores()[..2].try_into().unwrap(),
                            1,
                            after.zero_turns,
                            vec![x],
                            1,
                        );
                        g2.play(&Play::Place(*p)).unwrap();
                        let final_spread = outcome(&g2, &mut gen);
                        let theirs_spread = -final_spread;
                        wins += w * match theirs_spread.signum() {
                            1 => 1.0,
                            0 => 0.5,
                            _ => 0.0,
                        };
                        spread += w * theirs_spread as f64;
                        total += w;
                        if x == last {
                            real = Some(final_spread);
                        }
                    }
                    rated.push((wins / total, spread / total, *p, real.unwrap()));
                }
                let best = rated
                    .iter()
                    .map(|&(w, s, _, _)| (w, s))
                    .max_by(|x, y| x.0.total_cmp(&y.0).then(x.1.total_cmp(&y.1)))
                    .unwrap();
                let Some(Play::Place(reply)) = d.reply else {
                    panic!("seed {seed}: a placement answers")
                };
                let chosen = rated
                    .iter()
                    .find(|&&(_, _, p, _)| p == reply)
                    .expect("the answer is one of their placements");
                assert_eq!(
                    (chosen.0, chosen.1),
                    best,
                    "seed {seed}: {reply:?} is not a best answer"
                );
                assert_eq!(
                    d.spread, chosen.3,
                    "seed {seed}: {:?} with {:?}",
                    r.play, d.bag
                );
                answers += 1;
            }
        }
        assert!(results
            .windows(2)
            .all(|w| w[0].win_rate() >= w[1].win_rate()));
    }
    assert!(
        pairs >= 20 && answers >= 10,
        "{pairs} pair scenarios, {answers} answered one-tile plays"
    );
}

/// What a static player with `endgame=PLIES` plays once the bag is empty
/// ([`play_for`], `Player::Endgame`) is an optimal first play by exhaustive
/// minimax, where the static player alone does not always.
#[test]
fn a_static_player_that_solves_endgames_plays_optimally() {
    use crate::strategy::{Exchanges, Leaves, Strategy};
    let lex = lexicon();
    let a = Alphabet::english();
    let mut gen = Generator::new(Rules::default());
    let plain = Strategy::new(
        "gordon2",
        Leaves::parse("gordon2", &a).unwrap(),
        Exchanges::Ranked,
    );
    let mut static_short = 0;
    for seed in 0..16u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5E);
        let sizes = [rng.gen_range(2..=3), rng.gen_range(1..=3)];
        let (board, racks) = endgame_board(seed + 100, sizes);
        let game = game_of(&board, racks, 0);
        let best = minimax(&game, &mut gen, &mut HashMap::new());
        let value_of = |play: Play, gen: &mut Generator| {
            let mut g = game.clone();
            g.play(&play).unwrap();
            let diff = |g: &Game| g.scores()[0] - g.scores()[1];
            diff(&g) - diff(&game) + minimax(&g, gen, &mut HashMap::new())
        };
        let solved = play_for(lex, &game, Limit::Plies(20)).unwrap().play;
        assert_eq!(value_of(solved, &mut gen), best, "seed {seed}");
        // Timed: these end well within a minute, so the play is exact too.
        let timed = play_for(lex, &game, Limit::Time(Duration::from_secs(60))).unwrap();
        assert_eq!(value_of(timed.play, &mut gen), best, "seed {seed}, timed");
        let chosen = plain.choose(&mut gen, lex, &game.position()).play;
        if value_of(chosen, &mut gen) < best {
            static_short += 1;
        }
    }
    assert!(static_short > 0, "the static player was optimal everywhere");
}
