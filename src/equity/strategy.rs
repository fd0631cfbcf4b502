//! Players: how a program chooses its play. A [`Strategy`] is a leave
//! evaluator (or none) and an exchange rule, named as the command line
//! names it:
//!
//! | name        | ranks placements by                         | exchanges and pass      |
//! |-------------|---------------------------------------------|-------------------------|
//! | `greedy`    | score (the papers' weakest opponent)        | only with no placement  |
//! | `gordon1`   | equity, Gordon's Heuristic 1                | ranked by equity        |
//! | `gordon2`   | equity, Heuristic 2 (the thesis' player)    | ranked by equity        |
//! | `klv:FILE`  | equity, a KLV2/KLV1 leave file              | ranked by equity        |
//! | `csv:FILE`  | equity, a `leave,value` CSV table           | ranked by equity        |
//! | `gordon2:FILE` | equity, Heuristic 2 with tuned weights   | ranked by equity        |
//!
//! Two modifiers, after the base and a comma each, make players people
//! enjoy (GitHub issue #37), with a frequency list
//! ([`Frequencies`]): `vocab=N` plays only words among the `N` most
//! frequent and every two-letter word (the main word of each play; the
//! words formed across it are checked against the whole lexicon), and
//! `realism=M` adds `M ×` the main word's count over the highest count
//! among the turn's plays to each placement's equity, so that common words
//! win close calls (O'Connor 2015, §8.4). `level:1` to `level:4` name
//! ready-made mixes ([`levels`](crate::equity::levels)):
//! `gordon2,vocab=5000,realism=40`, `level:2`, `level:1,realism=0`.
//! [`Strategy::parse_in`] reads them, given the lexicon and the list.
//!
//! With no placement, `greedy` exchanges its whole rack when the bag allows
//! ([`Exchanges::WholeRack`]), else passes. [`Exchanges::Upwords`] is the
//! rule of the Upwords engine: placements only, and with none, exchange the
//! first of F J K Q V W X Z on the rack, else pass.
//!
//! ```
//! use lexgraph::{compile, Alphabet, Generator, Lexicon, Position, Rules, WordList};
//! use lexgraph::strategy::Strategy;
//! let a = Alphabet::english();
//! let words = WordList::parse(b"qi\nqis\nis\nsi\n", "inline", &a, lexgraph::Invalid::Refuse)?;
//! let gaddag = Lexicon::from_vec(compile::compile(&words).gaddag)?;
//! let pos = Position::parse_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 QIS/ 0/0 0", &a, 15)?;
//! let mut gen = Generator::new(Rules::default());
//! let greedy = Strategy::parse("greedy", &a)?;
//! let gordon = Strategy::parse("gordon1", &a)?;
//! // The greedy player takes the most points; Gordon's keeps the S.
//! assert_eq!(greedy.choose(&mut gen, &gaddag, &pos).play.text(&a), "8F QIS");
//! assert_eq!(gordon.choose(&mut gen, &gaddag, &pos).play.text(&a), "8G QI");
//! # Ok::<(), lexgraph::Error>(())
//! ```

use std::cmp::Ordering;
use std::path::Path;
use std::sync::Arc;

use crate::alphabet::Alphabet;
#[cfg(feature = "game")]
use crate::equity::reuse::ReplyBase;
use crate::equity::{Play, RackMemo, Ranked};
use crate::error::{Error, Result};
use crate::klv::Klv;
use crate::leave::{equity, Gordon, LeaveTable, LeaveValue};
use crate::lexicon::frequency::Frequencies;
use crate::lexicon::Lexicon;
use crate::movegen::{Generator, Move, MoveSink, Options, SearchPolicy};
use crate::position::Position;
use crate::rack::Rack;
use crate::scoring::Scoring;

/// The leave-value specs [`Leaves::parse`] takes, as its errors list them.
pub const LEAVE_CHOICES: &str = "gordon1, gordon2, klv:FILE, csv:FILE, gordon1:FILE, \
     gordon2:FILE, or a file ending in .klv2, .klv or .csv";

/// Whether `spec` has the form of a leave-value spec (its file may still
/// be missing or bad).
fn names_leaves(spec: &str) -> bool {
    let file = |f: &str| !f.is_empty();
    match spec.split_once(':') {
        Some(("klv" | "csv" | "gordon1" | "gordon2", f)) => file(f),
        Some(_) => false,
        None => {
            matches!(spec, "gordon1" | "gordon2")
                || [".klv2", ".klv", ".csv"]
                    .iter()
                    .any(|x| spec.len() > x.len() && spec.ends_with(x))
        }
    }
}

/// Where a strategy's leave values come from.
pub enum Leaves {
    /// None: every leave is worth 0 (the greedy player).
    Zero,
    /// Gordon's Heuristic 1 or 2 (`gordon1`, `gordon2`), with the built-in
    /// or a file's weights.
    Gordon(Box<Gordon>),
    /// A KLV2 or KLV1 leave file (`klv:FILE`).
    Klv(Klv),
    /// A `leave,value` CSV table (`csv:FILE`).
    Table(LeaveTable),
}

impl Leaves {
    /// `gordon1`, `gordon2`, `klv:FILE`, `csv:FILE`, or `gordon1:FILE`,
    /// `gordon2:FILE` (Gordon's heuristics with the weights of a
    /// `tile,value,duplicate` file, as `lexgraph tune` writes); a bare file
    /// name ending in `.klv2` or `.klv` is a KLV file, in `.csv` a table.
    /// Anything else is an error that lists these choices: a mistyped
    /// word is not read as a file name.
    pub fn parse(spec: &str, alphabet: &Alphabet) -> Result<Leaves> {
        let unknown = || Error::Query(format!("unknown leave values {spec:?}: {LEAVE_CHOICES}"));
        Ok(match spec {
            "gordon1" => Leaves::Gordon(Box::new(Gordon::heuristic1(alphabet))),
            "gordon2" => Leaves::Gordon(Box::new(Gordon::heuristic2(alphabet))),
            "" | "klv:" | "csv:" | "gordon1:" | "gordon2:" => return Err(unknown()),
            _ => match spec.split_once(':') {
                Some((h @ ("gordon1" | "gordon2"), path)) => {
                    let text = crate::input::read_small_file(Path::new(path), "a weights file")?;
                    Leaves::Gordon(Box::new(Gordon::parse_csv(
                        &text,
                        path,
                        alphabet,
                        h == "gordon2",
                    )?))
                }
                Some(("klv", path)) => Leaves::Klv(Klv::open(path)?),
                Some(("csv", path)) => Leaves::Table(LeaveTable::read(Path::new(path), alphabet)?),
                _ if spec.ends_with(".klv2") || spec.ends_with(".klv") => {
                    Leaves::Klv(Klv::open(spec)?)
                }
                _ if spec.ends_with(".csv") => {
                    Leaves::Table(LeaveTable::read(Path::new(spec), alphabet)?)
                }
                _ => return Err(unknown()),
            },
        })
    }

    /// A lexicon's own leave values: `X.klv2` beside the lexicon file
    /// `X.gaddag` or `X.dawg` (`lexgraph compile` copies a word list's
    /// there), with its path; `None` when there is no such file. A file
    /// that is there but not a KLV is an error, not a silent fallback.
    pub fn of_lexicon(lexicon: &Path) -> Result<Option<(std::path::PathBuf, Leaves)>> {
        let beside = lexicon.with_extension("klv2");
        if !beside.is_file() {
            return Ok(None);
        }
        let klv = Klv::open(&beside)?;
        Ok(Some((beside, Leaves::Klv(klv))))
    }

    /// The default ranking's values (`auto`): the lexicon's own
    /// ([`Leaves::of_lexicon`]), else Gordon's Heuristic 2. Returns a name
    /// for them (`klv:PATH` or `gordon2`) and the values.
    pub fn auto(lexicon: Option<&Path>, alphabet: &Alphabet) -> Result<(String, Leaves)> {
        if let Some((path, own)) = lexicon.map(Leaves::of_lexicon).transpose()?.flatten() {
            return Ok((format!("klv:{}", path.display()), own));
        }
        Ok(("gordon2".into(), Leaves::parse("gordon2", alphabet)?))
    }
}

impl LeaveValue for Leaves {
    fn value(&self, counts: &[u8; 64]) -> f32 {
        match self {
            Leaves::Zero => 0.0,
            Leaves::Gordon(g) => g.value(counts),
            Leaves::Klv(k) => k.value(counts),
            Leaves::Table(t) => t.value(counts),
        }
    }

    fn sub_leave_values(&self, rack: &[u8; 64], out: &mut [f32]) {
        match self {
            Leaves::Zero => out.fill(0.0),
            Leaves::Gordon(g) => g.sub_leave_values(rack, out),
            Leaves::Klv(k) => k.sub_leave_values(rack, out),
            Leaves::Table(t) => t.sub_leave_values(rack, out),
        }
    }
}

/// When a strategy exchanges or passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exchanges {
    /// Exchanges and the pass are ranked by equity beside the placements.
    Ranked,
    /// Only with no placement: the whole rack when the bag allows, else pass.
    WholeRack,
    /// Only with no placement: the first of F J K Q V W X Z on the rack
    /// when the bag allows, else pass (the Upwords engine's rule).
    Upwords,
}

/// The realism weight: a pull towards common words (see the
/// [module](self) docs).
#[derive(Clone, Debug)]
pub struct Realism {
    /// `M`: what the turn's most frequent main word adds to its play's
    /// equity.
    pub weight: f32,
    /// The counts of the words.
    pub frequencies: Arc<Frequencies>,
}

/// A player (see the [module](self) docs).
pub struct Strategy {
    name: String,
    leaves: Leaves,
    /// Rank placements by score alone, without the end-of-game adjustment.
    greedy: bool,
    exchanges: Exchanges,
    /// The words its plays' main words are taken from, compiled once;
    /// `None`: the whole lexicon's.
    vocabulary: Option<Arc<Lexicon>>,
    /// A pull towards common main words; `None`: none.
    realism: Option<Realism>,
}

impl Strategy {
    /// `greedy`, or equity with the leave values of any spec
    /// [`Leaves::parse`] takes (`gordon1`, `gordon2`, `klv:FILE`,
    /// `csv:FILE`, a `.klv2`/`.klv`/`.csv` file, ...).
    pub fn parse(spec: &str, alphabet: &Alphabet) -> Result<Strategy> {
        let (greedy, leaves) = match spec {
            "greedy" => (true, Leaves::Zero),
            _ if names_leaves(spec) => (false, Leaves::parse(spec, alphabet)?),
            _ => {
                return Err(Error::Query(format!(
                    "unknown strategy {spec:?}: greedy, {LEAVE_CHOICES}"
                )))
            }
        };
        let exchanges = if greedy {
            Exchanges::WholeRack
        } else {
            Exchanges::Ranked
        };
        Ok(Strategy {
            name: spec.to_string(),
            leaves,
            greedy,
            exchanges,
            vocabulary: None,
            realism: None,
        })
    }

    /// A strategy from its parts.
    pub fn new(name: &str, leaves: Leaves, exchanges: Exchanges) -> Strategy {
        Strategy {
            name: name.to_string(),
            greedy: matches!(leaves, Leaves::Zero),
            leaves,
            exchanges,
            vocabulary: None,
            realism: None,
        }
    }

    /// The same strategy playing only main words of `words`, a vocabulary
    /// lexicon (DAWG or GADDAG) of words of the lexicon it will be given,
    /// in the same alphabet: see [`Generator::generate_within`].
    pub fn with_vocabulary(mut self, words: Arc<Lexicon>) -> Strategy {
        self.vocabulary = Some(words);
        self
    }

    /// The same strategy with a realism weight (`None` or a weight of 0:
    /// none).
    pub fn with_realism(mut self, realism: Option<Realism>) -> Strategy {
        self.realism = realism.filter(|r| r.weight != 0.0);
        self
    }

    /// The same strategy under another name.
    pub fn named(mut self, name: &str) -> Strategy {
        self.name = name.to_string();
        self
    }

    /// Its vocabulary lexicon, if it has one.
    pub fn vocabulary(&self) -> Option<&Lexicon> {
        self.vocabulary.as_deref()
    }

    /// Its realism weight, if it has one.
    pub fn realism(&self) -> Option<&Realism> {
        self.realism.as_ref()
    }

    /// The same strategy with another exchange rule.
    pub fn with_exchanges(mut self, exchanges: Exchanges) -> Strategy {
        self.exchanges = exchanges;
        self
    }

    /// The name it was given (`klv:CSW21.klv2`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Where its leave values come from.
    pub fn leaves(&self) -> &Leaves {
        &self.leaves
    }

    /// When it exchanges or passes.
    pub fn exchanges(&self) -> Exchanges {
        self.exchanges
    }

    /// The play this strategy makes in `pos` (the mover's view: its rack
    /// first; the bag's size is [`Position::bag_len`]). `lex` is the whole
    /// lexicon: with a vocabulary, the words formed across a play are
    /// checked against it.
    ///
    /// Where tiles stack (Upwords) an exchange is of one tile: ranked ones
    /// are single tiles, and the whole-rack rule becomes the Upwords rule.
    ///
    /// The [`Ranked::equity`] returned is what the play was chosen by: its
    /// equity (its score, for `greedy`), plus its realism bonus.
    ///
    /// # Panics
    ///
    /// If the strategy's vocabulary is in another alphabet than `lex`
    /// ([`Strategy::parse_in`] checks).
    pub fn choose<R: Scoring>(
        &self,
        gen: &mut Generator<R>,
        lex: &Lexicon,
        pos: &Position,
    ) -> Ranked {
        self.choose_memo(gen, lex, pos, None)
    }

    /// [`Strategy::choose`], the rack's work kept in `memo` for this
    /// strategy's next choices (see [`RackMemo`]).
    pub(crate) fn choose_memo<R: Scoring>(
        &self,
        gen: &mut Generator<R>,
        lex: &Lexicon,
        pos: &Position,
        memo: Option<&mut RackMemo>,
    ) -> Ranked {
        let mut best = self.rank_memo(gen, lex, pos, 1, memo);
        assert!(
            !best.is_empty(),
            "a pass or an exchange when there is no placement"
        );
        let r = best.swap_remove(0);
        // The vector goes back to the search's buffers: a look-ahead
        // chooses once a ply and allocates nothing.
        super::pool::Buffers::recycle_best(best);
        r
    }

    /// [`Strategy::choose_memo`] for a reply: `pos` is `base` (with the
    /// same rack) after one play, and `kept` keeps `base`'s search for the
    /// replies to other plays (see [`crate::equity::reuse`]). Strategies
    /// that rank otherwise than by equity alone choose as `choose_memo`.
    #[cfg(feature = "game")]
    pub(crate) fn choose_reply<R: Scoring>(
        &self,
        gen: &mut Generator<R>,
        lex: &Lexicon,
        base: &Position,
        pos: &Position,
        memo: Option<&mut RackMemo>,
        kept: &mut ReplyBase,
    ) -> Ranked {
        if self.exchanges != Exchanges::Ranked || self.realism.is_some() {
            return self.choose_memo(gen, lex, pos, memo);
        }
        let words = self.vocabulary.as_deref().unwrap_or(lex);
        let opts = Options::default();
        let (mut best, _) =
            gen.best_reply(words, lex, base, pos, &self.leaves, 1, &opts, memo, kept);
        assert!(
            !best.is_empty(),
            "a pass or an exchange when there is no placement"
        );
        let r = best.swap_remove(0);
        super::pool::Buffers::recycle_best(best);
        r
    }

    /// The `n` best plays as this strategy ranks them, best first (its
    /// first is [`Strategy::choose`]'s play). With exchanges ranked, those
    /// and the pass are among them; with another rule they are listed
    /// only when there is no placement, alone.
    pub fn rank<R: Scoring>(
        &self,
        gen: &mut Generator<R>,
        lex: &Lexicon,
        pos: &Position,
        n: usize,
    ) -> Vec<Ranked> {
        self.rank_memo(gen, lex, pos, n, None)
    }

    fn rank_memo<R: Scoring>(
        &self,
        gen: &mut Generator<R>,
        lex: &Lexicon,
        pos: &Position,
        n: usize,
        memo: Option<&mut RackMemo>,
    ) -> Vec<Ranked> {
        let opts = Options::default();
        let words = self.vocabulary.as_deref().unwrap_or(lex);
        if n == 0 {
            return Vec::new();
        }
        if self.exchanges == Exchanges::Ranked && self.realism.is_none() {
            return gen
                .best_memo(words, lex, pos, &self.leaves, n, &opts, memo, None)
                .0;
        }
        let alphabet = lex.alphabet();
        let rack = pos.rack();
        let rack_size = gen.rules().rack_size;
        let bag = pos.bag_len(alphabet, rack_size);
        // As `Generator::best` values leaves: the opponent's tiles count
        // only when the bag is empty.
        let opponent = if bag == 0 {
            pos.unseen(alphabet)
        } else {
            *pos.racks[1].counts()
        };
        let key = |m: &Move, leave: &Rack| -> f32 {
            if self.greedy {
                m.score as f32
            } else {
                equity(
                    m.score,
                    leave.counts(),
                    &self.leaves,
                    bag,
                    &opponent,
                    alphabet,
                )
            }
        };
        let mut placed: Vec<Ranked> = Vec::new();
        if let Some(realism) = &self.realism {
            // Every placement's main-word count, and the highest of the turn.
            let mut all = Vec::new();
            gen.generate_within(words, lex, &pos.board, rack, &opts, &mut all);
            let counts: Vec<u64> = all
                .iter()
                .map(|m| realism.frequencies.count(m.word()))
                .collect();
            let most = counts.iter().copied().max().unwrap_or(0);
            placed = all
                .iter()
                .zip(&counts)
                .map(|(m, &c)| {
                    let mut leave = *rack;
                    m.take_from(&mut leave);
                    let bonus = if most == 0 {
                        0.0
                    } else {
                        realism.weight * (c as f64 / most as f64) as f32
                    };
                    Ranked {
                        play: Play::Place(*m),
                        equity: key(m, &leave) + bonus,
                        leave,
                    }
                })
                .collect();
            if self.exchanges == Exchanges::Ranked {
                // A play of the top `n` by equity plus realism that is not
                // a placement is among the top `n` by equity: realism
                // only raises placements.
                placed.extend(
                    gen.best_within(words, lex, pos, &self.leaves, n, &opts)
                        .into_iter()
                        .filter(|r| !matches!(r.play, Play::Place(_))),
                );
            }
            keep_best(&mut placed, n);
        } else if n == 1 {
            let mut sink = BestBy {
                rack,
                key,
                best: None,
            };
            gen.generate_within(words, lex, &pos.board, rack, &opts, &mut sink);
            if let Some((equity, m, leave)) = sink.best {
                placed.push(Ranked {
                    play: Play::Place(m),
                    equity,
                    leave,
                });
            }
        } else {
            let mut all = Vec::new();
            gen.generate_within(words, lex, &pos.board, rack, &opts, &mut all);
            placed = all
                .iter()
                .map(|m| {
                    let mut leave = *rack;
                    m.take_from(&mut leave);
                    Ranked {
                        play: Play::Place(*m),
                        equity: key(m, &leave),
                        leave,
                    }
                })
                .collect();
            keep_best(&mut placed, n);
        }
        if !placed.is_empty() {
            return placed;
        }
        let out = if !gen.rules().may_exchange(1, bag) {
            None
        } else if self.exchanges == Exchanges::WholeRack && !gen.rules().stacks() {
            Some(*rack)
        } else {
            upwords_exchange(alphabet, rack)
        };
        vec![match out {
            Some(out) => {
                let mut leave = *rack;
                for t in out.tiles() {
                    leave.remove(t);
                }
                Ranked {
                    play: Play::Exchange(out),
                    equity: 0.0,
                    leave,
                }
            }
            None => Ranked {
                play: Play::Pass,
                equity: 0.0,
                leave: *rack,
            },
        }]
    }
}

/// Sorts `plays` best first ([`Ranked::rank_cmp`]) and keeps `n`.
fn keep_best(plays: &mut Vec<Ranked>, n: usize) {
    if plays.len() > n {
        plays.select_nth_unstable_by(n - 1, |a, b| a.rank_cmp(b));
        plays.truncate(n);
    }
    plays.sort_by(|a, b| a.rank_cmp(b));
}

/// The Upwords engine's exchange: the first of F J K Q V W X Z on the rack
/// (the Q being the `QU` tile in the Upwords alphabet).
pub(crate) fn upwords_exchange(alphabet: &Alphabet, rack: &Rack) -> Option<Rack> {
    ["F", "J", "K", "Q", "V", "W", "X", "Z"]
        .iter()
        .filter_map(|&l| {
            let qu = (l == "Q").then(|| alphabet.tile_by_label("QU")).flatten();
            alphabet.tile_by_label(l).or(qu)
        })
        .find(|&t| rack.count(t) > 0)
        .map(|t| Rack::from_tiles(&[t]))
}

/// Keeps the placement with the highest key, ties in the canonical order
/// (as [`Ranked::rank_cmp`] breaks them).
struct BestBy<'a, F> {
    rack: &'a Rack,
    key: F,
    best: Option<(f32, Move, Rack)>,
}

impl<F: Fn(&Move, &Rack) -> f32> MoveSink for BestBy<'_, F> {
    fn push(&mut self, m: &Move) {
        let mut leave = *self.rack;
        m.take_from(&mut leave);
        let k = (self.key)(m, &leave);
        let better = match &self.best {
            None => true,
            Some((bk, bm, _)) => match k.total_cmp(bk) {
                Ordering::Greater => true,
                Ordering::Equal => m.canonical_cmp(bm) == Ordering::Less,
                Ordering::Less => false,
            },
        };
        if better {
            self.best = Some((k, *m, leave));
        }
    }
}

impl<F> SearchPolicy for BestBy<'_, F> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{compile, Rules, WordList};

    fn lexicon(words: &[u8]) -> Lexicon {
        let a = Alphabet::english();
        let w = WordList::parse(words, "t", &a, crate::Invalid::Refuse).unwrap();
        Lexicon::from_vec(compile::compile(&w).gaddag).unwrap()
    }

    fn pos(rack: &str) -> Position {
        let cgp = format!("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 {rack}/ 0/0 0");
        Position::parse_cgp(&cgp, &Alphabet::english(), 15).unwrap()
    }

    #[test]
    fn with_no_placement_each_rule_exchanges_its_way() {
        let a = Alphabet::english();
        let lex = lexicon(b"qi\n");
        let mut gen = Generator::new(Rules::default());
        let p = pos("ZVXAEEK");
        let text = |s: Strategy| s.choose(&mut gen.clone(), &lex, &p).play.text(&a);
        assert_eq!(text(Strategy::parse("greedy", &a).unwrap()), "-AEEKVXZ");
        let up = Strategy::parse("greedy", &a)
            .unwrap()
            .with_exchanges(Exchanges::Upwords);
        // K comes before V, X and Z in F J K Q V W X Z.
        assert_eq!(text(up), "-K");
        let none = Strategy::parse("gordon2", &a)
            .unwrap()
            .with_exchanges(Exchanges::Upwords);
        assert_eq!(text(none), "-K");
        // Ranked: Gordon 2 throws back the worst tiles and keeps the best.
        let ranked = Strategy::parse("gordon2", &a).unwrap();
        let r = ranked.choose(&mut gen, &lex, &p);
        assert!(matches!(r.play, Play::Exchange(_)), "{:?}", r.play);
        // With too few tiles in the bag, every rule passes: put all but
        // three of the unseen tiles on the board.
        let mut late = p.clone();
        let mut unseen = late.unseen(&a);
        let mut sq = 0;
        for t in 0..64u8 {
            while unseen[t as usize] > 0 && sq < 90 {
                unseen[t as usize] -= 1;
                let tile = if t == 0 {
                    crate::board::BLANK_FLAG | 1
                } else {
                    t
                };
                late.board.set(sq / 15, sq % 15, tile);
                sq += 1;
            }
        }
        assert_eq!(late.bag_len(&a, 7), 0);
        for s in [
            Strategy::parse("greedy", &a).unwrap(),
            Strategy::parse("gordon2", &a).unwrap(),
            Strategy::parse("gordon2", &a)
                .unwrap()
                .with_exchanges(Exchanges::Upwords),
        ] {
            assert_eq!(
                s.choose(&mut gen, &lex, &late).play,
                Play::Pass,
                "{}",
                s.name()
            );
        }
    }

    #[test]
    fn specs_are_checked() {
        let a = Alphabet::english();
        for bad in [
            "", "greedy2", "foo:bar", "klv:", "csv:", ".klv2", "mine.txt",
        ] {
            let e = Strategy::parse(bad, &a).err().unwrap().to_string();
            assert!(
                e.contains("unknown strategy") && e.contains("klv:FILE"),
                "{bad}: {e}"
            );
        }
        // A mistyped word is not taken for a file name: the error lists
        // the choices.
        for bad in ["", "klv:", "csv:", "gordon3", "mine", "mine.txt", "foo:bar"] {
            let e = Leaves::parse(bad, &a).err().unwrap().to_string();
            assert!(
                e.contains("unknown leave values") && e.contains(".klv2"),
                "{bad}: {e}"
            );
        }
        // A file name of a known kind is read as one.
        for spec in [
            "klv:/nonexistent.klv2",
            "/nonexistent.klv2",
            "/nonexistent.csv",
        ] {
            let e = Strategy::parse(spec, &a).err().unwrap();
            assert!(e.to_string().contains("/nonexistent."), "{e}");
        }
    }

    /// The Upwords-rule path ranks placements by the same equity as
    /// [`Generator::best`] does when no exchange is better.
    #[test]
    fn both_paths_agree_on_placements() {
        let a = Alphabet::english();
        let lex = lexicon(b"qi\nqis\nis\nsi\nsiq\nqat\nat\nta\nats\nsat\ntas\n");
        let mut gen = Generator::new(Rules::default());
        for rack in ["QIS", "QIAST", "ATSSI"] {
            let p = pos(rack);
            let ranked = Strategy::parse("gordon2", &a).unwrap();
            let up = Strategy::parse("gordon2", &a)
                .unwrap()
                .with_exchanges(Exchanges::Upwords);
            let (r, u) = (
                ranked.choose(&mut gen, &lex, &p),
                up.choose(&mut gen, &lex, &p),
            );
            if let Play::Place(_) = r.play {
                assert_eq!((r.play, r.equity), (u.play, u.equity), "{rack}");
            }
        }
    }
}
