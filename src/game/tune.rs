//! Tuning Gordon's leave weights the way Gordon (1993) did: coordinate
//! hill climbing against a greedy opponent (or any other, with
//! [`tune_with`]).
//!
//! Starting from the published weights, each weight in turn is moved one
//! step up, then down; a move is kept when the tuned player's mean spread
//! against [`greedy`](crate::strategy) over a fixed set of games (the same
//! seeds for every trial, so that trials differ by the weights alone)
//! beats the best so far. Passes repeat until none improves (or a pass
//! limit). Gordon's schedule, the default: steps of 2.0 judged over 1,000
//! games, then 0.5 over 10,000.
//!
//! ```no_run
//! use lexgraph::{Lexicon, Rules};
//! use lexgraph::tune::{tune, Phase, TuneSettings};
//! let lex = Lexicon::open("enable.gaddag")?;
//! let phases = vec![Phase { step: 2.0, games: 1000 }, Phase { step: 0.5, games: 10_000 }];
//! let settings = TuneSettings::new(phases, 1, 3).heuristic2(true);
//! let tuned = tune(&lex, &Rules::default(), &settings, |_| {})?;
//! print!("{}", tuned.gordon.to_csv(lex.alphabet()));
//! # Ok::<(), lexgraph::Error>(())
//! ```

use crate::alphabet::Tile;
use crate::error::{Error, Result};
use crate::leave::Gordon;
use crate::lexicon::Lexicon;
use crate::matchplay::{play_match, MatchSettings};
use crate::rules::Rules;
use crate::strategy::{Exchanges, Leaves, Strategy};

/// One stage of the schedule: the step tried on each weight, and the
/// games each trial plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Phase {
    /// The amount, in points, added to and taken from a weight: a positive
    /// finite number.
    pub step: f32,
    /// The games each trial plays.
    pub games: u64,
}

/// What to tune and how: the heuristic, the schedule, the seed and the
/// pass limit.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct TuneSettings {
    /// Tune Heuristic 2 (values and duplicate values) rather than 1.
    pub heuristic2: bool,
    /// The schedule, run in order, each phase from the weights the last
    /// one left.
    pub phases: Vec<Phase>,
    /// The match seed of every trial.
    pub seed: u64,
    /// Passes over the weights per phase, at most.
    pub max_passes: usize,
}

impl TuneSettings {
    /// Tuning of Heuristic 1 through `phases` from match seed `seed`, at
    /// most `max_passes` passes a phase.
    pub fn new(phases: Vec<Phase>, seed: u64, max_passes: usize) -> TuneSettings {
        TuneSettings {
            heuristic2: false,
            phases,
            seed,
            max_passes,
        }
    }

    /// These settings with [`TuneSettings::heuristic2`] set to `yes`.
    pub fn heuristic2(mut self, yes: bool) -> TuneSettings {
        self.heuristic2 = yes;
        self
    }
}

/// What a trial is reported as, to show progress.
#[derive(Clone, Debug)]
pub struct Trial {
    /// The phase's index in [`TuneSettings::phases`] (0-based).
    pub phase: usize,
    /// The pass over the weights within the phase (0-based).
    pub pass: usize,
    /// The weight tried: tile and whether it is the duplicate value.
    pub tile: Tile,
    /// Whether the weight tried is the tile's duplicate value (Heuristic 2)
    /// rather than its value.
    pub duplicate: bool,
    /// The weight's value tried: the current one plus or minus the step.
    pub value: f32,
    /// The mean spread against the opponent with it.
    pub spread: f64,
    /// The best mean spread so far, this trial's included.
    pub best: f64,
    /// Whether the trial beat the best before it, and the weight moved.
    pub kept: bool,
}

/// The tuned weights, with their mean spread and win rate against the
/// opponent (greedy unless [`tune_with`] said otherwise) in the last
/// phase's games.
#[derive(Clone, Debug)]
pub struct Tuned {
    /// The tuned weights.
    pub gordon: Gordon,
    /// The mean spread against the opponent, in points (NaN with no phases).
    pub spread: f64,
    /// The win rate against the opponent, 0 to 1, a draw counting half (NaN with
    /// no phases).
    pub win_rate: f64,
    /// Trials played over all phases.
    pub trials: usize,
}

/// The weights that may move: every tile in the bag's value, and in
/// Heuristic 2 the duplicate value of every tile with two copies or more.
fn coordinates(lex: &Lexicon, h2: bool) -> Vec<(Tile, bool)> {
    let a = lex.alphabet();
    let mut out = Vec::new();
    for (t, info) in a.tiles().iter().enumerate() {
        if info.count > 0 {
            out.push((t as Tile, false));
        }
    }
    if h2 {
        for (t, info) in a.tiles().iter().enumerate() {
            if info.count > 1 {
                out.push((t as Tile, true));
            }
        }
    }
    out
}

/// Runs the schedule (see the [module](self) docs) against greedy;
/// `on_trial` sees every trial.
pub fn tune(
    lex: &Lexicon,
    rules: &Rules,
    settings: &TuneSettings,
    on_trial: impl FnMut(&Trial),
) -> Result<Tuned> {
    let a = lex.alphabet();
    let judge = |player: Strategy, match_settings: &MatchSettings| -> Result<(f64, f64)> {
        let players = [player, Strategy::parse("greedy", a)?];
        let m = play_match(lex, rules, &players, match_settings, |_, _| {})?;
        Ok((m.summary.mean_spread, m.summary.win_rate))
    };
    tune_with(lex, settings, judge, on_trial)
}

/// Runs the schedule with `judge` playing each trial's games: it is given
/// the tuned player and the match (the trial's games and the seed), plays
/// them against an opponent of its choosing with the tuned player as
/// player 1, and returns player 1's mean spread and win rate. A match with
/// a [simulating](crate::analysis::sim::player) opponent is one such judge.
pub fn tune_with(
    lex: &Lexicon,
    settings: &TuneSettings,
    mut judge: impl FnMut(Strategy, &MatchSettings) -> Result<(f64, f64)>,
    mut on_trial: impl FnMut(&Trial),
) -> Result<Tuned> {
    // A step of 0 or NaN would try the same weights forever (every
    // trial "kept"), and inf would make every weight infinite.
    for (i, p) in settings.phases.iter().enumerate() {
        if !(p.step.is_finite() && p.step > 0.0) {
            return Err(Error::Settings(format!(
                "phase {}: the step {} is not a positive number",
                i + 1,
                p.step
            )));
        }
    }
    let a = lex.alphabet();
    let mut gordon = if settings.heuristic2 {
        Gordon::heuristic2(a)
    } else {
        Gordon::heuristic1(a)
    };
    // Mean spread and win rate of `g` over `games` games.
    let mut judge = |g: &Gordon, games: u64| -> Result<(f64, f64)> {
        let player = Strategy::new(
            "tuned",
            Leaves::Gordon(Box::new(g.clone())),
            Exchanges::Ranked,
        );
        judge(
            player,
            &MatchSettings {
                games,
                seed: settings.seed,
                count_moves: false,
            },
        )
    };
    let coords = coordinates(lex, settings.heuristic2);
    let mut trials = 0;
    let (mut spread, mut win_rate) = (f64::NAN, f64::NAN);
    for (phase, p) in settings.phases.iter().enumerate() {
        (spread, win_rate) = judge(&gordon, p.games)?;
        for pass in 0..settings.max_passes {
            let mut improved = false;
            for &(tile, duplicate) in &coords {
                for delta in [p.step, -p.step] {
                    let (base, dup) = gordon.weight(tile);
                    let mut cand = gordon.clone();
                    let value = if duplicate { dup + delta } else { base + delta };
                    if duplicate {
                        cand.set_weight(tile, base, value);
                    } else {
                        cand.set_weight(tile, value, dup);
                    }
                    let (s, w) = judge(&cand, p.games)?;
                    trials += 1;
                    let kept = s > spread;
                    if kept {
                        (gordon, spread, win_rate) = (cand, s, w);
                        improved = true;
                    }
                    on_trial(&Trial {
                        phase,
                        pass,
                        tile,
                        duplicate,
                        value,
                        spread: s,
                        best: spread,
                        kept,
                    });
                    if kept {
                        break; // this weight moved: on to the next
                    }
                }
            }
            if !improved {
                break;
            }
        }
    }
    Ok(Tuned {
        gordon,
        spread,
        win_rate,
        trials,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabet::Alphabet;
    use crate::leave::LeaveValue;

    /// A tiny schedule on a small lexicon: every trial is reported, a kept
    /// trial beats the best before it, and the result is the best seen.
    #[test]
    fn hill_climbing_keeps_only_improvements() {
        let a = Alphabet::english();
        let lex = crate::game::testing::small_gaddag();
        let settings = TuneSettings {
            heuristic2: false,
            phases: vec![Phase {
                step: 8.0,
                games: 4,
            }],
            seed: 2,
            max_passes: 1,
        };
        let mut seen = Vec::new();
        let tuned = tune(&lex, &Rules::default(), &settings, |t| seen.push(t.clone())).unwrap();
        assert_eq!(seen.len(), tuned.trials);
        assert!(
            seen.len() >= 27,
            "each of 27 weights is tried at least once"
        );
        let mut best = f64::NEG_INFINITY;
        for t in &seen {
            if t.kept {
                assert!(t.spread >= best);
                best = t.spread;
            }
        }
        if best > f64::NEG_INFINITY {
            assert_eq!(tuned.spread, best);
        }
        // The tuned weights differ from Gordon's exactly by the kept steps.
        let h1 = Gordon::heuristic1(&a);
        let moved = (0..27u8)
            .filter(|&t| tuned.gordon.weight(t) != h1.weight(t))
            .count();
        assert_eq!(moved, seen.iter().filter(|t| t.kept).count());
        let c = [0u8; 64];
        assert_eq!(tuned.gordon.value(&c), 0.0);
    }
}
