use std::sync::atomic::AtomicBool;

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::*;
use crate::game::testing::small_gaddag;
use crate::{Alphabet, Position};

/// A middle-game position on the small lexicon: tiles on the board, a
/// rack with plays, the opponent's rack unknown, a full bag's worth left.
fn position(a: &Alphabet) -> Position {
    Position::parse_cgp(
        "15/15/15/15/15/15/15/6TEAT5/15/15/15/15/15/15/15 AEIQXZT/ 12/20 0",
        a,
        15,
    )
    .unwrap()
}

fn simulator(lex: &Lexicon) -> Simulator<'_> {
    let a = lex.alphabet();
    let leaves = Leaves::parse("gordon2", a).unwrap();
    Simulator::new(lex, Rules::default(), position(a), leaves).unwrap()
}

fn quick(iterations: u64) -> Settings {
    Settings {
        iterations,
        confidence: None,
        seed: 7,
        batch: 16,
        ..Settings::default()
    }
}

/// The oracle: scenario `i` and its playout written out from the module's
/// definition, with the game engine and the static player only.
fn brute_force(
    lex: &Lexicon,
    candidate: &Ranked,
    seed: u64,
    n: u64,
    plies: u32,
    table: Option<&WinTable>,
) -> (f64, f64) {
    let a = lex.alphabet();
    let pos = position(a);
    let player = Strategy::new(
        "oracle",
        Leaves::parse("gordon2", a).unwrap(),
        Exchanges::Ranked,
    );
    let mut gen = Generator::new(Rules::default());
    let (mut sum, mut wins) = (0.0, 0.0);
    for i in 0..n {
        // Every tile of the distribution not on the board or the rack.
        let mut unseen: Vec<Tile> = Vec::new();
        let counts = pos.unseen(a);
        for (t, &c) in counts.iter().enumerate() {
            unseen.extend(std::iter::repeat_n(t as Tile, c as usize));
        }
        let s = scenario_seed(seed, i);
        unseen.shuffle(&mut ChaCha8Rng::seed_from_u64(s));
        let mut opp = Rack::default();
        for _ in 0..7 {
            opp.add(unseen.pop().unwrap());
        }
        let mut g = Game::resume(
            a.clone(),
            Rules::default(),
            pos.board.clone(),
            [pos.racks[0], opp],
            pos.scores,
            0,
            0,
            unseen,
            s,
        );
        g.play(&candidate.play).unwrap();
        let mut kept = (0, candidate.equity - candidate.play.score() as f32);
        for _ in 0..plies {
            if g.is_over() {
                break;
            }
            let who = g.to_move();
            let c = player.choose(&mut gen, lex, &g.position());
            g.play(&c.play).unwrap();
            kept = (who, c.equity - c.play.score() as f32);
        }
        let s = g.scores();
        let mut v = (s[0] - s[1]) as f64 - (12 - 20) as f64;
        if !g.is_over() {
            v += if kept.0 == 0 {
                kept.1 as f64
            } else {
                -kept.1 as f64
            };
        }
        sum += v;
        let end = -8.0 + v;
        if let (Some(t), false) = (table, g.is_over()) {
            // The player to move: unseen are the bag and the other rack.
            let to = g.to_move();
            let p = t.probability(g.bag_len() + g.racks()[1 - to].len(), s[to] - s[1 - to]);
            wins += if to == 0 { p } else { 1.0 - p };
            continue;
        }
        wins += if end > 0.0 {
            1.0
        } else if end == 0.0 {
            0.5
        } else {
            0.0
        };
    }
    (sum / n as f64, wins / n as f64)
}

#[test]
fn one_candidate_equals_a_brute_force_average() {
    let lex = small_gaddag();
    let sim = simulator(&lex);
    let mut gen = Generator::new(Rules::default());
    let candidates = sim.candidates(&mut gen, 3);
    assert_eq!(candidates.len(), 3);
    for plies in [1, 2, 3] {
        for c in &candidates {
            let settings = Settings { plies, ..quick(40) };
            let r = sim
                .run(vec![c.clone()], &settings, &AtomicBool::new(false), |_| {})
                .unwrap();
            let arm = &r.arms[0];
            assert_eq!(arm.iterations, 40);
            assert_eq!(r.stopped, Stopped::Budget);
            let (mean, win) = brute_force(&lex, c, 7, 40, plies, None);
            assert!((arm.mean() - mean).abs() < 1e-9, "{} vs {mean}", arm.mean());
            assert!((arm.win_rate() - win).abs() < 1e-12);
        }
    }
}

#[test]
fn win_rates_read_the_win_table() {
    let lex = small_gaddag();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/lexicons/enable1.win.csv");
    let table = WinTable::read(std::path::Path::new(path)).unwrap();
    let sim = simulator(&lex).with_win_table(table.clone());
    let mut gen = Generator::new(Rules::default());
    for c in sim.candidates(&mut gen, 2) {
        let r = sim
            .run(vec![c.clone()], &quick(32), &AtomicBool::new(false), |_| {})
            .unwrap();
        let (mean, win) = brute_force(&lex, &c, 7, 32, 2, Some(&table));
        assert!((r.arms[0].mean() - mean).abs() < 1e-9);
        assert!(
            (r.arms[0].win_rate() - win).abs() < 1e-9,
            "{} vs {win}",
            r.arms[0].win_rate()
        );
        // A probability, not a count of wins: strictly between 0 and 1.
        assert!(win > 0.0 && win < 1.0);
    }
}

#[test]
fn every_candidate_meets_the_same_scenarios() {
    let lex = small_gaddag();
    let sim = simulator(&lex);
    assert_eq!(sim.scenario(7, 3), sim.scenario(7, 3));
    assert_ne!(sim.scenario(7, 3), sim.scenario(7, 4));
    assert_ne!(sim.scenario(7, 3), sim.scenario(8, 3));
    let s = sim.scenario(7, 0);
    assert_eq!(s.opponent.len(), 7);
    assert_eq!(s.bag.len() + 7, 100 - 4 - 7);
    // The same play twice: common random numbers give both the very same
    // results (independent draws would not).
    let mut gen = Generator::new(Rules::default());
    let c = sim.candidates(&mut gen, 1).remove(0);
    let r = sim
        .run(
            vec![c.clone(), c],
            &quick(64),
            &AtomicBool::new(false),
            |_| {},
        )
        .unwrap();
    let (x, y) = (&r.arms[0], &r.arms[1]);
    assert_eq!(
        (x.mean(), x.stderr(), x.win_rate()),
        (y.mean(), y.stderr(), y.win_rate())
    );
    assert!(x.stderr() > 0.0 && x.stderr().is_finite());
}

#[test]
fn a_seed_gives_the_same_report_on_one_thread_and_two() {
    let lex = small_gaddag();
    let sim = simulator(&lex);
    let mut gen = Generator::new(Rules::default());
    let candidates = sim.candidates(&mut gen, 5);
    let settings = Settings {
        confidence: Some(0.9),
        min_iterations: 32,
        ..quick(200)
    };
    let on = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            sim.run(
                candidates.clone(),
                &settings,
                &AtomicBool::new(false),
                |_| {},
            )
            .unwrap()
        })
    };
    let one = on(1);
    assert_eq!(one, on(2));
    assert!(one.arms.iter().all(|a| a.iterations > 0));
}

/// A normal sample for synthetic arms: Box–Muller on two uniforms hashed
/// from (trial, arm, iteration).
fn normal(trial: u64, arm: usize, i: u64) -> f64 {
    let h = |k: u64| scenario_seed(trial.wrapping_mul(1_000_003) ^ k, i) >> 11;
    let u1 = (h(2 * arm as u64) as f64 + 0.5) / (1u64 << 53) as f64;
    let u2 = (h(2 * arm as u64 + 1) as f64 + 0.5) / (1u64 << 53) as f64;
    (-2.0 * u1.ln()).sqrt() * (2.0 * std::f64::consts::PI * u2).cos()
}

#[test]
fn the_stopping_rule_keeps_the_best_arm_with_the_stated_confidence() {
    let means = [0.0, -0.5, -1.0, -3.0];
    let sd = 10.0;
    let settings = Settings {
        iterations: 4000,
        confidence: Some(0.95),
        batch: 64,
        min_iterations: 128,
        ..Settings::default()
    };
    let (trials, mut lost, mut early) = (300, 0, 0);
    for trial in 0..trials {
        let arms = means
            .iter()
            .map(|&m| {
                Arm::new(Ranked {
                    play: Play::Pass,
                    equity: m as f32,
                    leave: Rack::default(),
                })
            })
            .collect();
        let r = run_arms(
            arms,
            &settings,
            &AtomicBool::new(false),
            || (),
            |_, a, i| {
                let value = means[a] + sd * normal(trial, a, i);
                Ok(Outcome { value, win: 0.0 })
            },
            |_| {},
        )
        .unwrap();
        // The best arm (static equity 0) dropped?
        if r.arms
            .iter()
            .any(|a| a.equity == 0.0 && a.dropped.is_some())
        {
            lost += 1;
        }
        if r.stopped == Stopped::Confidence {
            early += 1;
        }
        // The worst arm, 3 sd/10 behind, is dropped long before the end.
        let worst = r.arms.iter().find(|a| a.equity == -3.0).unwrap();
        assert!(worst.dropped.is_some_and(|d| d < 2000), "trial {trial}");
    }
    // The rule compares every arm with the leader at 95 %: the best arm
    // is lost in well under 5 % of trials.
    assert!(
        lost * 20 < trials,
        "best arm dropped in {lost} of {trials} trials"
    );
    assert!(early > 0);
}

#[test]
fn an_inferred_leave_is_dealt_to_the_opponent_in_every_scenario() {
    let lex = small_gaddag();
    let a = lex.alphabet();
    let ee = Rack::parse("EE", a).unwrap();
    let zq = Rack::parse("JK", a).unwrap();
    let sim = simulator(&lex)
        .with_inference(&[(ee, 3.0), (zq, 1.0)])
        .unwrap();
    let (mut with_ee, mut with_zq) = (0, 0);
    for i in 0..400 {
        let s = sim.scenario(7, i);
        assert_eq!(s.opponent.len(), 7);
        let c = s.opponent.counts();
        let has = |r: &Rack| r.counts().iter().zip(c).all(|(&n, &have)| n <= have);
        assert!(has(&ee) || has(&zq), "{}", s.opponent.to_text(a));
        with_ee += has(&ee) as u32;
        with_zq += has(&zq) as u32;
        assert_eq!(s.bag.len() + 7, 100 - 4 - 7);
    }
    // Drawn by weight, 3 to 1 (the other leave may come by chance too).
    assert!(with_ee > 250 && with_zq > 60, "{with_ee} {with_zq}");
    // Leaves the mover can see, or none, are refused.
    let aaaa = Rack::parse("AAAAAAAAA", a).unwrap();
    assert!(simulator(&lex).with_inference(&[(aaaa, 1.0)]).is_err());
    assert!(simulator(&lex).with_inference(&[]).is_err());
}

#[test]
fn a_raised_stop_flag_ends_the_run_between_rounds() {
    let lex = small_gaddag();
    let sim = simulator(&lex);
    let mut gen = Generator::new(Rules::default());
    let candidates = sim.candidates(&mut gen, 2);
    let stop = AtomicBool::new(false);
    let r = sim
        .run(candidates, &quick(10_000), &stop, |_| {
            stop.store(true, std::sync::atomic::Ordering::Relaxed)
        })
        .unwrap();
    assert_eq!(r.stopped, Stopped::Interrupted);
    assert_eq!(r.iterations, 16);
}

#[test]
fn bad_settings_and_positions_are_refused() {
    let lex = small_gaddag();
    let a = lex.alphabet();
    let sim = simulator(&lex);
    let mut gen = Generator::new(Rules::default());
    let c = sim.candidates(&mut gen, 1);
    let run = |s: Settings| sim.run(c.clone(), &s, &AtomicBool::new(false), |_| {});
    for bad in [
        Settings {
            plies: 0,
            ..quick(8)
        },
        Settings {
            plies: 21,
            ..quick(8)
        },
        quick(0),
        Settings {
            batch: 0,
            ..quick(8)
        },
        Settings {
            confidence: Some(1.5),
            ..quick(8)
        },
    ] {
        assert!(run(bad.clone()).is_err(), "{bad:?}");
    }
    assert!(sim
        .run(Vec::new(), &quick(8), &AtomicBool::new(false), |_| {})
        .is_err());
    let gordon = || Leaves::parse("gordon2", a).unwrap();
    // More tiles than the distribution has.
    let empty = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";
    let p = Position::parse_cgp(&format!("{empty} QQQ/ 0/0 0"), a, 15).unwrap();
    assert!(Simulator::new(&lex, Rules::default(), p, gordon()).is_err());
    // Stacked tiles.
    let p = Position::parse_cgp(&format!("{empty} QI/ 0/0 0"), a, 15).unwrap();
    assert!(Simulator::new(&lex, Rules::default(), p.clone(), gordon()).is_ok());
    let e = Simulator::new(&lex, Rules::upwords(), p, gordon());
    assert!(e.err().unwrap().to_string().contains("stacked"));
    // An empty bag: an endgame, refused with a pointer to solving it. The
    // board holds every tile but seven A and seven E (the opponent's).
    let mut tiles: Vec<String> = Vec::new();
    for info in a.tiles().iter().skip(1) {
        let keep = match info.label.as_str() {
            "A" | "E" => 7,
            _ => 0,
        };
        for _ in keep..info.count {
            tiles.push(info.label.clone());
        }
    }
    tiles.extend(["s".to_string(), "s".to_string()]);
    let rows: Vec<String> = tiles
        .chunks(15)
        .map(|c| match c.len() {
            15 => c.concat(),
            n => format!("{}{}", c.concat(), 15 - n),
        })
        .chain(std::iter::repeat_n(
            "15".to_string(),
            15 - tiles.len().div_ceil(15),
        ))
        .collect();
    let cgp = format!("{} AAAAAAA/ 0/0 0", rows.join("/"));
    let p = Position::parse_cgp(&cgp, a, 15).unwrap();
    assert_eq!(p.bag_len(a, 7), 0);
    let e = Simulator::new(&lex, Rules::default(), p, gordon());
    assert!(e.err().unwrap().to_string().contains("endgame"));
}

/// Counts the allocations each thread makes, for
/// [`a_playout_allocates_nothing_once_its_workspace_has_grown`] (other
/// tests run on other threads meanwhile).
struct Counting;

thread_local! {
    static ALLOCATIONS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

fn count_one() {
    // `try_with`: a thread being torn down still frees.
    let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
}

// SAFETY: every call goes to the system allocator with the caller's own
// arguments, which meet its contract as they meet this one's; counting
// touches a const-initialised thread-local cell and never allocates.
// Exercised by every test of this binary.
unsafe impl std::alloc::GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
        count_one();
        // SAFETY: as above.
        unsafe { std::alloc::System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: std::alloc::Layout) -> *mut u8 {
        count_one();
        // SAFETY: as above.
        unsafe { std::alloc::System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: std::alloc::Layout, size: usize) -> *mut u8 {
        count_one();
        // SAFETY: as above.
        unsafe { std::alloc::System.realloc(ptr, layout, size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
        // SAFETY: as above.
        unsafe { std::alloc::System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

/// The "no allocation per ply in the hot loop": once a thread's
/// workspace and the search's buffers have grown, scenarios and playouts
/// of every length allocate nothing at all.
#[test]
fn a_playout_allocates_nothing_once_its_workspace_has_grown() {
    let lex = small_gaddag();
    assert!(!lex.anagram_index().is_empty());
    let sim = simulator(&lex);
    let mut gen = Generator::new(Rules::default());
    let candidates = sim.candidates(&mut gen, 3);
    let mut ws = Workspace::new(Rules::default());
    let mut sc = Scenario::default();
    let mut run = |plies: u32, fresh: bool| {
        if fresh {
            ws = Workspace::new(Rules::default());
        }
        let before = ALLOCATIONS.with(|c| c.get());
        for c in &candidates {
            for i in 0..20 {
                sim.scenario_into(5, i, &mut sc);
                sim.playout_in(&mut ws, c, &sc, plies).unwrap();
            }
        }
        ALLOCATIONS.with(|c| c.get()) - before
    };
    assert!(run(6, false) > 0, "the first playouts grow the workspace");
    for plies in [1, 2, 6] {
        assert_eq!(run(plies, false), 0, "{plies} plies");
    }
    // The counter counts: a fresh workspace allocates.
    assert!(run(1, true) > 0);
}

/// The static player's racks remembered from playout to playout
/// (`RackMemo`), and the opponent's first reply found from the search of
/// the board before the candidate (`ReplyBase`): every candidate meets a
/// scenario's opponent rack. A workspace's playouts, candidates taking
/// turns within each scenario as a simulation's rounds order them, equal
/// playouts made from nothing, at every ply count; and both were used.
#[test]
fn remembered_racks_change_no_playout() {
    let lex = small_gaddag();
    let sim = simulator(&lex);
    let mut gen = Generator::new(Rules::default());
    let candidates = sim.candidates(&mut gen, 4);
    assert_eq!(candidates.len(), 4);
    let mut ws = Workspace::new(Rules::default());
    let mut sc = Scenario::default();
    for plies in [1, 2, 3] {
        for i in 0..30 {
            for c in &candidates {
                sim.scenario_into(11, i, &mut sc);
                let got = sim.playout_in(&mut ws, c, &sc, plies).unwrap();
                let want = sim
                    .playout(&mut Generator::new(Rules::default()), c, sc.clone(), plies)
                    .unwrap();
                assert_eq!(
                    got.value.to_bits(),
                    want.value.to_bits(),
                    "{plies} plies, scenario {i}"
                );
                assert_eq!(got.win.to_bits(), want.win.to_bits());
            }
        }
    }
    assert!(ws.memo_hits() > 100, "{} hits", ws.memo_hits());
    assert!(ws.replies_reused() > 100, "{} reused", ws.replies_reused());
}
