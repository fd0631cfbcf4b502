//! Leave values learned from self-play, for any lexicon and tile set.
//!
//! A leave is worth what it does for the next turn. Holding rack `R` at
//! the start of a turn, a player's best play has some equity (score plus
//! the value of what it keeps); call its mean over the positions where `R`
//! was held `f(R)`. Keeping `L` and drawing, the next rack is `L` plus a
//! draw `D` from the bag, so the value of `L` is the mean of `f(L + D)`
//! over the draws, less the same mean for keeping nothing:
//!
//! ```text
//! V(L) = Σ_D P(D | L) f(L + D) / Σ_D P(D | L)  −  (the same for L = ∅)
//! ```
//!
//! `P(D | L)` counts the ways to draw `D` from a full bag less `L`
//! (hypergeometric), and the sums run over the full racks the games
//! actually dealt, so racks the players steered towards count as often as
//! chance would deal them. One rack seen informs all of its sub-leaves
//! (up to 127 for seven tiles): this is the census of wolges' leave
//! generator (`lab/leavegen.txt` in its repository), written anew here.
//! `f` is measured with the values of the previous generation, so each
//! generation improves on the last; the first plays with every leave at 0.
//!
//! **Thin and unseen leaves.** Behind each leave is its support, the
//! number of full racks seen that hold it. A leave with less than
//! [`Settings::min_support`] is pulled towards an estimate from its
//! sub-leaves, in proportion to what it lacks, and a leave no rack held
//! takes that estimate outright. The estimate assumes no interaction of
//! three tiles: for two tiles `a`, `b` of `L`,
//! `V(L) ≈ V(L − a) + V(L − b) − V(L − a − b)`, averaged over the pairs
//! (for two tiles, the sum of the singles). Every leave the bag allows
//! (1 to rack size − 1 tiles) gets a value, so the table never reads 0
//! for a leave training missed.
//!
//! **Exact merging, one result.** Games come in pairs on one bag
//! ([`crate::matchplay::game_seed`]), and each depends only on the seed,
//! the generation and its number. A [`Tally`] keeps integer counts and
//! sums (equities in thousandths of a point), so tallies of shards merge
//! exactly in any order, and [`estimate`] reads them in key order: the
//! table is the same byte for byte whatever the thread count, and whether
//! the games ran on one machine or on many ([`Tally::to_bytes`]).
//!
//! The same games fill a win table: at the start of each turn, the
//! mover's spread and the tiles it cannot see, and whether it won
//! ([`Tally::win_table_csv`]).
//!
//! ```
//! use lexgraph::{compile, Alphabet, Lexicon, Rules, WordList};
//! use lexgraph::train::{train, Settings};
//! let a = Alphabet::english();
//! let words = WordList::parse(b"at\nta\ntat\neat\ntea\nate\neta\nteat\nqi\nza\n", "inline", &a, lexgraph::Invalid::Refuse)?;
//! let lex = Lexicon::from_vec(compile::compile(&words).gaddag)?;
//! let trained = train(&lex, &Rules::default(), &Settings::new(vec![4, 4], 7), |_| {})?;
//! assert_eq!(trained.generations.len(), 2);
//! // Every leave of one to six tiles a full English bag allows.
//! assert!(trained.leaves.len() > 900_000);
//! # Ok::<(), lexgraph::Error>(())
//! ```

use std::collections::BTreeMap;

use hashbrown::HashMap;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::alphabet::Alphabet;
use crate::error::{Error, Result};
use crate::klv::Klv;
use crate::kwg::NodeOrder;
use crate::lexicon::Lexicon;
use crate::matchplay::{play_observed, MatchSettings};
use crate::movegen::Generator;
use crate::rules::Rules;
use crate::scoring::{Classic, Scoring, Upwords};
use crate::strategy::{Exchanges, Leaves, Strategy};

/// Spreads in the win table are clamped to this many points either way.
pub const WIN_SPREAD_LIMIT: i32 = 300;

/// How to train.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Settings {
    /// Games in each generation, in order (pairs share a bag).
    pub games: Vec<u64>,
    /// The run's seed; with the generation and the game's number it seeds
    /// each game's bag.
    pub seed: u64,
    /// Support (full racks seen holding the leave) below which a leave is
    /// pulled towards its estimate from smaller leaves.
    pub min_support: u64,
}

impl Settings {
    /// `games[g]` games in generation `g`, from `seed`, thin below 50 racks.
    pub fn new(games: Vec<u64>, seed: u64) -> Settings {
        Settings {
            games,
            seed,
            min_support: 50,
        }
    }
}

/// One full rack's sightings: how often, and its best equities summed in
/// thousandths of a point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct RackSum {
    count: u64,
    milli: i64,
}

/// What self-play games saw, in integers so that shards merge exactly.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Full racks at the start of a turn with tiles in the bag, by
    /// [`pack`]ed key.
    racks: HashMap<u64, RackSum>,
    /// (tiles unseen by the mover, its spread) → (turns, half-wins).
    wins: BTreeMap<(u16, i16), [u64; 2]>,
    games: u64,
    turns: u64,
}

/// Packs sorted tiles into a key: 6 bits a tile, the length in the top 4.
fn pack(tiles: &[u8]) -> u64 {
    let mut k = (tiles.len() as u64) << 60;
    for (i, &t) in tiles.iter().enumerate() {
        k |= (t as u64 & 63) << (6 * i);
    }
    k
}

/// The tiles of a key, in order.
fn unpack(key: u64) -> Vec<u8> {
    let n = (key >> 60) as usize;
    (0..n).map(|i| ((key >> (6 * i)) & 63) as u8).collect()
}

/// Tally bytes begin with this.
const TALLY_MAGIC: &[u8; 8] = b"LGTALLY1";

impl Tally {
    /// Games tallied.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Turns tallied (full racks with tiles in the bag).
    pub fn turns(&self) -> u64 {
        self.turns
    }

    /// Distinct full racks seen.
    pub fn distinct_racks(&self) -> usize {
        self.racks.len()
    }

    /// Adds `other`'s counts to these (exact: integer sums).
    pub fn merge(&mut self, other: &Tally) {
        for (&k, s) in &other.racks {
            let e = self.racks.entry(k).or_default();
            e.count += s.count;
            e.milli += s.milli;
        }
        for (&k, w) in &other.wins {
            let e = self.wins.entry(k).or_default();
            e[0] += w[0];
            e[1] += w[1];
        }
        self.games += other.games;
        self.turns += other.turns;
    }

    fn add_rack(&mut self, key: u64, equity: f32) {
        let e = self.racks.entry(key).or_default();
        e.count += 1;
        e.milli += (equity as f64 * 1000.0).round() as i64;
        self.turns += 1;
    }

    /// The win table and the counts of games and turns, without the racks
    /// (what [`Trained::tally`] keeps of every generation).
    pub fn wins_only(&self) -> Tally {
        Tally {
            racks: HashMap::new(),
            wins: self.wins.clone(),
            games: self.games,
            turns: self.turns,
        }
    }

    /// The tally as bytes, in key order (the same tally gives the same
    /// bytes), for sending between machines.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut racks: Vec<_> = self.racks.iter().collect();
        racks.sort_unstable_by_key(|r| *r.0);
        let mut out = Vec::with_capacity(48 + racks.len() * 24 + self.wins.len() * 20);
        out.extend(TALLY_MAGIC);
        for n in [
            self.games,
            self.turns,
            racks.len() as u64,
            self.wins.len() as u64,
        ] {
            out.extend(n.to_le_bytes());
        }
        for (k, s) in racks {
            out.extend(k.to_le_bytes());
            out.extend(s.count.to_le_bytes());
            out.extend(s.milli.to_le_bytes());
        }
        for (&(u, s), w) in &self.wins {
            out.extend(u.to_le_bytes());
            out.extend(s.to_le_bytes());
            out.extend(w[0].to_le_bytes());
            out.extend(w[1].to_le_bytes());
        }
        out
    }

    /// Reads [`Tally::to_bytes`]; `origin` names the bytes in errors. The
    /// lengths are checked against the bytes before anything is allocated,
    /// and keys in strict order, so a damaged tally is refused with the
    /// byte offset of the fault.
    pub fn from_bytes(bytes: &[u8], origin: &str) -> Result<Tally> {
        let bad = |offset: usize, what: &str| Error::BadFile {
            origin: origin.into(),
            offset: offset as u64,
            msg: format!("not a training tally: {what}"),
        };
        if bytes.len() < 40 || &bytes[..8] != TALLY_MAGIC {
            return Err(bad(0, "no LGTALLY1 header"));
        }
        let u64_at = |o: usize| u64::from_le_bytes(bytes[o..o + 8].try_into().expect("8 bytes"));
        let (games, turns, nr, nw) = (u64_at(8), u64_at(16), u64_at(24), u64_at(32));
        let need = (nr as u128) * 24 + (nw as u128) * 20 + 40;
        if need != bytes.len() as u128 {
            return Err(bad(24, "its counts do not match its length"));
        }
        let mut t = Tally {
            games,
            turns,
            ..Tally::default()
        };
        t.racks.reserve(nr as usize);
        let mut o = 40;
        let mut last = None;
        for _ in 0..nr {
            let k = u64_at(o);
            if last.is_some_and(|l| l >= k) || (k >> 60) == 0 || (k >> 60) > 10 {
                return Err(bad(o, "a rack key out of order or of no length"));
            }
            last = Some(k);
            t.racks.insert(
                k,
                RackSum {
                    count: u64_at(o + 8),
                    milli: u64_at(o + 16) as i64,
                },
            );
            o += 24;
        }
        for _ in 0..nw {
            let u = u16::from_le_bytes([bytes[o], bytes[o + 1]]);
            let s = i16::from_le_bytes([bytes[o + 2], bytes[o + 3]]);
            if t.wins
                .insert((u, s), [u64_at(o + 4), u64_at(o + 12)])
                .is_some()
            {
                return Err(bad(o, "a win-table cell given twice"));
            }
            o += 20;
        }
        Ok(t)
    }

    /// The win table as `unseen,spread,turns,wins` lines (a header first):
    /// for each count of tiles the mover could not see (bag and opposing
    /// rack) and its spread (clamped to ±[`WIN_SPREAD_LIMIT`]), the turns
    /// that began so and the games the mover went on to win (a draw half).
    pub fn win_table_csv(&self) -> String {
        let mut out = String::from("unseen,spread,turns,wins\n");
        for (&(u, s), w) in &self.wins {
            let wins = w[1] as f64 / 2.0;
            out.push_str(&format!("{u},{s},{},{wins}\n", w[0]));
        }
        out
    }
}

/// The strategy every player of a generation uses: leave values from
/// `klv` (KLV2 bytes), or none (every leave 0), exchanges ranked.
fn strategy(klv: Option<&[u8]>, generation: usize) -> Result<Strategy> {
    let leaves = match klv {
        Some(bytes) => Leaves::Klv(Klv::from_vec(
            bytes.to_vec(),
            &format!("generation {generation}'s leaves"),
        )?),
        None => Leaves::Zero,
    };
    Ok(Strategy::new("training", leaves, Exchanges::Ranked))
}

/// The match seed of generation `generation`: games of different
/// generations draw different bags.
fn generation_seed(seed: u64, generation: usize) -> u64 {
    seed ^ (generation as u64 + 1).wrapping_mul(0xD1B5_4A32_D192_ED03)
}

/// Plays games `numbers` of generation `generation` (0 first) with the
/// leave values `klv` (KLV2 bytes; `None`: all 0) on rayon's threads, and
/// tallies them. Shards of a generation played anywhere and merged give
/// the tally of the whole generation. `on_game` runs after each game (on
/// the worker threads), to move a progress bar.
pub fn play_generation(
    lex: &Lexicon,
    rules: &Rules,
    klv: Option<&[u8]>,
    seed: u64,
    generation: usize,
    numbers: Range<u64>,
    on_game: impl Fn() + Sync,
) -> Result<Tally> {
    let never = AtomicBool::new(false);
    let tally = play_generation_until(lex, rules, klv, seed, generation, numbers, &never, on_game)?;
    Ok(tally.expect("never stopped"))
}

/// [`play_generation`], giving up (`Ok(None)`) once `stop` is set: games
/// not yet begun are not played (to stop on Ctrl-C).
#[allow(clippy::too_many_arguments)]
pub fn play_generation_until(
    lex: &Lexicon,
    rules: &Rules,
    klv: Option<&[u8]>,
    seed: u64,
    generation: usize,
    numbers: Range<u64>,
    stop: &AtomicBool,
    on_game: impl Fn() + Sync,
) -> Result<Option<Tally>> {
    rules.validate()?;
    let players = [strategy(klv, generation)?, strategy(klv, generation)?];
    let settings = MatchSettings::new(0, generation_seed(seed, generation));
    let run = Run {
        lex,
        rules,
        players: &players,
        settings: &settings,
        stop,
        on_game: &on_game,
    };
    if rules.stacks() {
        run.tally::<Upwords>(numbers)
    } else {
        run.tally::<Classic>(numbers)
    }
}

/// What every game of a shard shares.
struct Run<'a, F> {
    lex: &'a Lexicon,
    rules: &'a Rules,
    players: &'a [Strategy; 2],
    settings: &'a MatchSettings,
    stop: &'a AtomicBool,
    on_game: &'a F,
}

impl<F: Fn() + Sync> Run<'_, F> {
    fn tally<R: Scoring + Send>(&self, numbers: Range<u64>) -> Result<Option<Tally>> {
        let tally = numbers
            .into_par_iter()
            .map_init(
                || Generator::<R>::with_scoring(self.rules.clone()),
                |gen, number| {
                    if self.stop.load(Ordering::Relaxed) {
                        return Ok(Tally::default());
                    }
                    let t = self.game(gen, number)?;
                    (self.on_game)();
                    Ok(t)
                },
            )
            .try_reduce(Tally::default, |mut a, b| {
                a.merge(&b);
                Ok(a)
            })?;
        Ok((!self.stop.load(Ordering::Relaxed)).then_some(tally))
    }

    /// One game's tally.
    fn game<R: Scoring>(&self, gen: &mut Generator<R>, number: u64) -> Result<Tally> {
        let rack_size = self.rules.rack_size;
        let mut t = Tally::default();
        // Each turn's (seat, unseen, spread), for the win table.
        let mut seen: Vec<(usize, u16, i16)> = Vec::new();
        let mut tiles = Vec::with_capacity(rack_size);
        let observe = |_: usize, g: &crate::game::Game, c: &crate::equity::Ranked| {
            let seat = g.to_move();
            let rack = &g.racks()[seat];
            let s = g.scores();
            let spread = (s[seat] - s[1 - seat]).clamp(-WIN_SPREAD_LIMIT, WIN_SPREAD_LIMIT);
            let unseen = g.bag_len() + g.racks()[1 - seat].len();
            seen.push((seat, unseen.min(u16::MAX as usize) as u16, spread as i16));
            if g.bag_len() > 0 && rack.len() == rack_size {
                tiles.clear();
                for (tile, &n) in rack.counts().iter().enumerate() {
                    tiles.extend(std::iter::repeat_n(tile as u8, n as usize));
                }
                t.add_rack(pack(&tiles), c.equity);
            }
        };
        let (game, _) = play_observed(gen, self.lex, self.players, self.settings, number, observe)?;
        let s = game.scores();
        for (seat, unseen, spread) in seen {
            let halves = match s[seat].cmp(&s[1 - seat]) {
                std::cmp::Ordering::Greater => 2,
                std::cmp::Ordering::Equal => 1,
                std::cmp::Ordering::Less => 0,
            };
            let e = t.wins.entry((unseen, spread)).or_default();
            e[0] += 1;
            e[1] += halves;
        }
        t.games = 1;
        Ok(t)
    }
}

/// Leave values estimated from a tally: each leave's tiles in order, and
/// its value.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Estimate {
    /// Every leave of 1 to rack size − 1 tiles the bag allows, smaller
    /// leaves first, each size in tile order.
    pub leaves: Vec<(Vec<u8>, f32)>,
    /// Leaves with enough support to keep their own mean.
    pub measured: usize,
    /// Leaves seen, but thinly: pulled towards the estimate from smaller
    /// leaves.
    pub smoothed: usize,
    /// Leaves no rack held: the estimate from smaller leaves alone.
    pub filled: usize,
}

/// What the racks holding one leave say of it.
#[derive(Clone, Copy, Default)]
struct Census {
    /// Σ P(draw) · f(rack).
    num: f64,
    /// Σ P(draw).
    den: f64,
    /// Racks seen holding it (with repeats).
    support: u64,
}

/// Leave values from `tally` for racks of `rack_size` tiles drawn from
/// `alphabet`'s bag (see the [module](self) docs).
pub fn estimate(
    tally: &Tally,
    alphabet: &Alphabet,
    rack_size: usize,
    min_support: u64,
) -> Result<Estimate> {
    let bag: Vec<u32> = alphabet.tiles().iter().map(|t| t.count as u32).collect();
    if alphabet.len() > 63 || !(2..=10).contains(&rack_size) {
        return Err(Error::Query(format!(
            "leave training needs at most 63 tiles and racks of 2 to 10 (have {} tiles, racks of {rack_size})",
            alphabet.len()
        )));
    }
    let total: u32 = bag.iter().sum();
    // Binomials up to the bag's size, as floats (C(100, 7) ≈ 1.6e10).
    let n = total as usize + 1;
    let mut binom = vec![vec![0f64; rack_size + 1]; n];
    for (i, row) in binom.iter_mut().enumerate() {
        row[0] = 1.0;
        for k in 1..=rack_size.min(i) {
            row[k] = row[k - 1] * (i + 1 - k) as f64 / k as f64;
        }
    }
    let c = |i: u32, k: usize| -> f64 {
        binom
            .get(i as usize)
            .and_then(|r| r.get(k))
            .copied()
            .unwrap_or(0.0)
    };

    let mut keys: Vec<u64> = tally.racks.keys().copied().collect();
    keys.sort_unstable();
    let mut census: HashMap<u64, Census> = HashMap::new();
    let mut groups: Vec<(u8, u8)> = Vec::with_capacity(rack_size);
    let mut take: Vec<u8> = Vec::with_capacity(rack_size);
    let mut leave: Vec<u8> = Vec::with_capacity(rack_size);
    for key in keys {
        let s = tally.racks[&key];
        let tiles = unpack(key);
        if tiles.len() != rack_size
            || s.count == 0
            || tiles.iter().any(|&t| t as usize >= bag.len())
        {
            continue;
        }
        let f = s.milli as f64 / 1000.0 / s.count as f64;
        groups.clear();
        for &t in &tiles {
            match groups.last_mut() {
                Some(g) if g.0 == t => g.1 += 1,
                _ => groups.push((t, 1)),
            }
        }
        if groups.iter().any(|&(t, r)| r as u32 > bag[t as usize]) {
            continue;
        }
        // Every sub-multiset L of the rack but the rack itself, as counts
        // `take` per group, in mixed radix.
        take.clear();
        take.resize(groups.len(), 0);
        loop {
            let kept: usize = take.iter().map(|&x| x as usize).sum();
            if kept < rack_size {
                let mut ways = 1.0;
                leave.clear();
                for (&(t, r), &l) in groups.iter().zip(&take) {
                    ways *= c(bag[t as usize] - l as u32, (r - l) as usize);
                    leave.extend(std::iter::repeat_n(t, l as usize));
                }
                let p = ways / c(total - kept as u32, rack_size - kept);
                let e = census.entry(pack(&leave)).or_default();
                e.num += p * f;
                e.den += p;
                e.support += s.count;
            }
            // Next combination.
            let mut i = 0;
            while i < groups.len() {
                if take[i] < groups[i].1 {
                    take[i] += 1;
                    break;
                }
                take[i] = 0;
                i += 1;
            }
            if i == groups.len() {
                break;
            }
        }
    }
    let base = census
        .get(&pack(&[]))
        .filter(|c| c.den > 0.0)
        .map(|c| c.num / c.den)
        .unwrap_or(0.0);

    // Every possible leave, smallest first, so that a leave's estimate
    // from smaller ones reads values already final.
    let mut values: HashMap<u64, f64> = HashMap::new();
    values.insert(pack(&[]), 0.0);
    let mut out = Estimate::default();
    let mut by_size: Vec<Vec<u64>> = vec![Vec::new(); rack_size];
    all_leaves(
        &bag,
        0,
        0,
        rack_size - 1,
        &mut Vec::with_capacity(rack_size),
        &mut by_size,
    );
    let mut tiles = Vec::with_capacity(rack_size);
    for level in by_size.iter().skip(1) {
        for &key in level {
            tiles.clear();
            tiles.extend((0..(key >> 60) as usize).map(|i| ((key >> (6 * i)) & 63) as u8));
            let v = match census.get(&key).filter(|c| c.den > 0.0) {
                Some(c) if c.support >= min_support => {
                    out.measured += 1;
                    c.num / c.den - base
                }
                Some(c) => {
                    out.smoothed += 1;
                    let w = c.support as f64 / min_support as f64;
                    w * (c.num / c.den - base) + (1.0 - w) * from_smaller(&tiles, &values)
                }
                None => {
                    out.filled += 1;
                    from_smaller(&tiles, &values)
                }
            };
            values.insert(key, v);
            out.leaves.push((tiles.clone(), v as f32));
        }
    }
    Ok(out)
}

/// The keys of every multiset of 1..=`max` tiles the bag allows, by size,
/// each size in tile order (a depth-first walk over tiles in order meets
/// them so). `cur` ends with `run` copies of tile `from`.
fn all_leaves(
    bag: &[u32],
    from: usize,
    run: u32,
    max: usize,
    cur: &mut Vec<u8>,
    out: &mut [Vec<u64>],
) {
    if !cur.is_empty() {
        out[cur.len()].push(pack(cur));
    }
    if cur.len() == max {
        return;
    }
    for (t, &n) in bag.iter().enumerate().skip(from) {
        let have = if t == from { run } else { 0 };
        if have < n {
            cur.push(t as u8);
            all_leaves(bag, t, have + 1, max, cur, out);
            cur.pop();
        }
    }
}

/// A leave's value from smaller ones, assuming no three tiles interact:
/// the mean over pairs of its tiles `a`, `b` of
/// `V(L − a) + V(L − b) − V(L − a − b)`; a single tile's is 0.
fn from_smaller(l: &[u8], values: &HashMap<u64, f64>) -> f64 {
    if l.len() < 2 || l.len() > 15 {
        return 0.0;
    }
    // The value of `l` without the tiles at `i` and `j` (`j` may be `i`).
    let without = |i: usize, j: usize| -> f64 {
        let mut k = ((l.len() - 1 - usize::from(i != j)) as u64) << 60;
        let mut at = 0;
        for (x, &t) in l.iter().enumerate() {
            if x != i && x != j {
                k |= (t as u64) << (6 * at);
                at += 1;
            }
        }
        values.get(&k).copied().unwrap_or(0.0)
    };
    // One representative per distinct tile (the first of a run); `V(L − a)`
    // looked up once for each.
    let mut one = [0f64; 16];
    for i in 0..l.len() {
        if i == 0 || l[i - 1] != l[i] {
            one[i] = without(i, i);
        }
    }
    let (mut sum, mut pairs) = (0.0, 0u32);
    for i in 0..l.len() {
        if i > 0 && l[i - 1] == l[i] {
            continue;
        }
        for j in i + 1..l.len() {
            // A second copy of tile i pairs with it; other runs by their first.
            if j > i + 1 && l[j - 1] == l[j] {
                continue;
            }
            let b = if l[j] == l[i] { one[i] } else { one[j] };
            sum += one[i] + b - without(i, j);
            pairs += 1;
        }
    }
    sum / pairs as f64
}

/// One generation's account.
#[derive(Clone, Debug, PartialEq)]
pub struct Generation {
    /// Games played.
    pub games: u64,
    /// Full racks tallied.
    pub turns: u64,
    /// Distinct full racks seen.
    pub distinct_racks: usize,
    /// Leaves measured, smoothed and filled (see [`Estimate`]).
    pub measured: usize,
    /// Thin leaves pulled towards the estimate from smaller ones.
    pub smoothed: usize,
    /// Leaves no rack held.
    pub filled: usize,
    /// Seconds spent playing the games.
    pub play_seconds: f64,
    /// Seconds spent estimating the leaves.
    pub estimate_seconds: f64,
}

/// A finished training run.
#[derive(Clone, Debug)]
pub struct Trained {
    /// The last generation's leaves, each leave's tiles in order, and its
    /// value.
    pub leaves: Vec<(Vec<u8>, f32)>,
    /// The last generation's leaves as a KLV2 file (wolges' node order).
    pub klv2: Vec<u8>,
    /// Every generation's account, in order.
    pub generations: Vec<Generation>,
    /// Every generation's games, tallied together without their racks:
    /// the win table ([`Tally::wins_only`]).
    pub tally: Tally,
}

/// What [`train`] reports as it goes.
pub enum Progress {
    /// Generation `.0` (0 first) begins, of `.1` games.
    Generation(usize, u64),
    /// A game of the current generation finished.
    Game,
    /// The generation's games are played; its leaves are being estimated.
    Estimating,
}

/// Trains leave values by self-play (see the [module](self) docs): each
/// generation of `settings.games` plays with the values of the one
/// before (the first with none) and estimates new ones.
pub fn train(
    lex: &Lexicon,
    rules: &Rules,
    settings: &Settings,
    progress: impl Fn(Progress) + Sync,
) -> Result<Trained> {
    let never = AtomicBool::new(false);
    Ok(train_until(lex, rules, settings, &never, progress)?.expect("never stopped"))
}

/// [`train`], giving up (`Ok(None)`) once `stop` is set.
pub fn train_until(
    lex: &Lexicon,
    rules: &Rules,
    settings: &Settings,
    stop: &AtomicBool,
    progress: impl Fn(Progress) + Sync,
) -> Result<Option<Trained>> {
    if settings.games.is_empty() {
        return Err(Error::Settings(
            "leave training needs one generation at least".into(),
        ));
    }
    let mut klv: Option<Vec<u8>> = None;
    let mut leaves = Vec::new();
    let mut generations = Vec::new();
    let mut all = Tally::default();
    for (g, &games) in settings.games.iter().enumerate() {
        progress(Progress::Generation(g, games));
        let t0 = crate::core::clock::Instant::now();
        let on_game = || progress(Progress::Game);
        let played = play_generation_until(
            lex,
            rules,
            klv.as_deref(),
            settings.seed,
            g,
            0..games,
            stop,
            on_game,
        )?;
        let Some(tally) = played else {
            return Ok(None);
        };
        progress(Progress::Estimating);
        let t1 = crate::core::clock::Instant::now();
        let est = estimate(
            &tally,
            lex.alphabet(),
            rules.rack_size,
            settings.min_support,
        )?;
        let klv2 = crate::klv::klv2_bytes(est.leaves.iter().cloned(), NodeOrder::Wolges)?;
        generations.push(Generation {
            games,
            turns: tally.turns,
            distinct_racks: tally.racks.len(),
            measured: est.measured,
            smoothed: est.smoothed,
            filled: est.filled,
            play_seconds: (t1 - t0).as_secs_f64(),
            estimate_seconds: t1.elapsed().as_secs_f64(),
        });
        klv = Some(klv2);
        leaves = est.leaves;
        all.merge(&tally.wins_only());
    }
    Ok(Some(Trained {
        leaves,
        klv2: klv.expect("one generation at least"),
        generations,
        tally: all,
    }))
}

#[cfg(test)]
#[path = "train/tests.rs"]
mod tests;
