//! What lexgraph's bindings share beyond the library: a position from text
//! (a CGP line, or board rows and a rack) checked against the bag, the plays
//! of a position ranked by score or by equity as `lexgraph moves` lists
//! them (each play's fields are the library's [`PlayRecord`]), compiling a
//! word list into files, and caches that let one lexicon serve many threads
//! (generators, parsed leave values).
//!
//! Nothing here panics on bad input: every fault is a [`lexgraph::Error`].

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use lexgraph::analysis::endgame::Endgame;
pub use lexgraph::analysis::endgame::{
    Ending, FirstPlay, Settings as EndgameSettings, Solution, Step,
};
use lexgraph::analysis::sim::Simulator;
pub use lexgraph::analysis::sim::{Arm, Report, Settings, Stopped};
use lexgraph::analysis::winprob::WinTable;

pub use lexgraph::equity::{Listed, PlayRecord};

use lexgraph::equity::Play;
use lexgraph::strategy::Leaves;
use lexgraph::{
    compile, Alphabet, Board, Error, Generator, Invalid, Kind, Lexicon, Move, Options, Position,
    Rack, Result, Rules, WordList,
};

/// A position to analyse, as text.
#[derive(Clone, Copy, Debug)]
pub enum Input<'a> {
    /// A CGP line (`BOARD RACK/RACK SCORE/SCORE ZERO_TURNS [OPCODES;]`).
    Cgp(&'a str),
    /// Board rows, one string per row (`.`: an empty square);
    /// the rack comes separately.
    Rows(&'a [&'a str]),
}

/// A parsed position and the rules it is played under.
#[derive(Clone, Debug)]
pub struct Setup {
    pub position: Position,
    pub rules: Rules,
}

/// Reads a position for `lex`: tiles in the lexicon's alphabet, the rules
/// the position names ([`Position::rules`]: the layout from the CGP `bdn`
/// opcode or the board's size, the bingo bonus from `bb`, racks of 7).
/// `rack`, when given, replaces the mover's rack. The position is checked
/// against the bag (no tile more often than the alphabet has it, no rack of
/// more than 7).
pub fn setup(lex: &Lexicon, input: Input<'_>, rack: Option<&str>) -> Result<Setup> {
    let alphabet = lex.alphabet();
    let mut position = match input {
        Input::Cgp(line) => Position::from_cgp(line, alphabet)?,
        Input::Rows(rows) => {
            if rack.is_none() {
                return Err(Error::Position("board rows need a rack".into()));
            }
            Position::new(Board::parse_rows(rows, alphabet)?, Rack::default())
        }
    };
    if let Some(r) = rack {
        position.racks[0] = Rack::parse(r, alphabet)?;
    }
    let rules = position.rules()?;
    position.validate(alphabet, rules.rack_size)?;
    Ok(Setup { position, rules })
}

/// How plays are ranked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum By {
    /// By equity (score plus the value of the tiles kept), exchanges and
    /// the pass among the plays: the default, as in `lexgraph moves`.
    #[default]
    Equity,
    /// By score: the placements (and with `exchanges`, every exchange and
    /// the pass after them).
    Score,
}

impl By {
    /// `equity` or `score`.
    pub fn parse(name: &str) -> Result<By> {
        match name {
            "equity" => Ok(By::Equity),
            "score" => Ok(By::Score),
            _ => Err(Error::Query(format!(
                "unknown ranking {name:?}: equity or score"
            ))),
        }
    }
}

/// How to simulate ([`Session::sim`]).
#[derive(Clone, Debug)]
pub struct SimQuery<'a> {
    /// The best plays by static equity to simulate.
    pub candidates: usize,
    /// Plies, budget, stopping rule, seed.
    pub settings: Settings,
    /// Leave values (`None`: `auto`).
    pub leaves: Option<&'a str>,
    /// Win table (`None`: `auto`).
    pub win_table: Option<&'a str>,
}

/// What to list.
#[derive(Clone, Copy, Default)]
pub struct Query<'a> {
    /// The best `n` only (all when `None`).
    pub top: Option<usize>,
    /// Rank by equity with these leave values (exchanges and the pass
    /// included), else by score (placements only, unless `exchanges`).
    pub leaves: Option<&'a Leaves>,
    /// By score: also every distinct exchange when the bag allows, then
    /// the pass (after the placements, as `lexgraph moves --exchanges`).
    pub exchanges: bool,
}

/// The plays of `setup`, best first: by equity with leave values (the
/// order of [`lexgraph::equity::Ranked::rank_cmp`]), else by score in the
/// canonical order. The same lists as `lexgraph moves` with `--top`,
/// `--leaves` and `--exchanges`.
pub fn plays(gen: &mut Generator, lex: &Lexicon, setup: &Setup, q: &Query<'_>) -> Vec<Listed> {
    let p = &setup.position;
    let opts = Options::default();
    let top = q.top.unwrap_or(usize::MAX);
    if let Some(leaves) = q.leaves {
        return gen
            .best(lex, p, leaves, top, &opts)
            .into_iter()
            .map(Listed::from)
            .collect();
    }
    let mut moves: Vec<Move> = Vec::new();
    gen.generate(lex, &p.board, p.rack(), &opts, &mut moves);
    if top < moves.len() {
        moves.select_nth_unstable_by(top, Move::canonical_cmp);
        moves.truncate(top);
    }
    lexgraph::movegen::sort_moves(&mut moves);
    let mut out: Vec<Listed> = moves
        .into_iter()
        .map(|m| Listed::unranked(Play::Place(m)))
        .collect();
    if q.exchanges && out.len() < top {
        let rack_size = setup.rules.rack_size;
        if p.bag_len(lex.alphabet(), rack_size) >= rack_size {
            out.extend(
                p.rack()
                    .sub_racks()
                    .into_iter()
                    .map(|r| Listed::unranked(Play::Exchange(r))),
            );
        }
        out.push(Listed::unranked(Play::Pass));
        out.truncate(top);
    }
    out
}

/// Compiles a word list (one word per line, `#` comments) read from
/// `words` into `OUT.dawg` and `OUT.gaddag` (`out` with the extensions
/// appended), written atomically as `lexgraph compile` does. `alphabet`:
/// a built-in name or an alphabet file (English when `None`). Returns the
/// two paths.
pub fn compile_file(
    words: &Path,
    out: &Path,
    alphabet: Option<&str>,
) -> Result<(PathBuf, PathBuf)> {
    let a = resolve_alphabet(alphabet)?;
    let written = write(&WordList::read(words, &a, Invalid::Refuse)?, out)?;
    // The list's own leaves (`LIST.klv2`) go beside the files, as
    // `lexgraph compile` puts them.
    lexgraph::klv::copy_list_leaves(words, out)?;
    Ok(written)
}

/// [`compile_file`] for words given as text (one per line).
pub fn compile_text(
    words: &[u8],
    out: &Path,
    alphabet: Option<&str>,
) -> Result<(PathBuf, PathBuf)> {
    let a = resolve_alphabet(alphabet)?;
    write(&WordList::parse(words, "words", &a, Invalid::Refuse)?, out)
}

fn resolve_alphabet(spec: Option<&str>) -> Result<Alphabet> {
    spec.map_or_else(|| Ok(Alphabet::english()), Alphabet::named)
}

fn write(words: &WordList, out: &Path) -> Result<(PathBuf, PathBuf)> {
    if words.is_empty() {
        return Err(Error::Query("the word list holds no word".into()));
    }
    let files = compile::try_compile(words)?;
    compile::write_lexicon(
        out,
        &[(Kind::Dawg, &files.dawg), (Kind::Gaddag, &files.gaddag)],
    )?;
    let with = |ext: &str| {
        let mut s = out.as_os_str().to_owned();
        s.push(".");
        s.push(ext);
        PathBuf::from(s)
    };
    Ok((with("dawg"), with("gaddag")))
}

/// Generators to reuse across calls (their scratch space), for any
/// number of threads: a call takes one for its rules, or makes one, and
/// gives it back.
#[derive(Default)]
pub struct Generators(Mutex<Vec<Generator>>);

impl Generators {
    /// Runs `f` with a generator for `rules`.
    pub fn with<T>(&self, rules: &Rules, f: impl FnOnce(&mut Generator) -> T) -> T {
        let taken = {
            let mut pool = self.0.lock().unwrap_or_else(|e| e.into_inner());
            pool.iter()
                .position(|g| g.rules() == rules)
                .map(|i| pool.swap_remove(i))
        };
        let mut gen = taken.unwrap_or_else(|| Generator::new(rules.clone()));
        let out = f(&mut gen);
        let mut pool = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if pool.len() < 64 {
            pool.push(gen);
        }
        out
    }
}

/// Leave values parsed once per specification (`gordon2`, `klv:FILE`, ...).
#[derive(Default)]
pub struct LeavesCache(Mutex<HashMap<String, Arc<Leaves>>>);

impl LeavesCache {
    /// The values `spec` names for `alphabet` (see [`Leaves::parse`]),
    /// parsed on first use.
    pub fn get(&self, spec: &str, alphabet: &Alphabet) -> Result<Arc<Leaves>> {
        self.get_with(spec, || Leaves::parse(spec, alphabet))
    }

    /// The values cached under `spec`, made by `make` on first use.
    fn get_with(&self, spec: &str, make: impl FnOnce() -> Result<Leaves>) -> Result<Arc<Leaves>> {
        if let Some(l) = self.0.lock().unwrap_or_else(|e| e.into_inner()).get(spec) {
            return Ok(l.clone());
        }
        let parsed = Arc::new(make()?);
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(spec.to_string(), parsed.clone());
        Ok(parsed)
    }
}

/// A lexicon with the caches the bindings keep beside it.
pub struct Session {
    pub lexicon: Lexicon,
    /// The file it came from, where its own leave values are found beside
    /// it ([`Leaves::of_lexicon`]); `None` for one built in memory.
    pub path: Option<PathBuf>,
    pub generators: Generators,
    pub leaves: LeavesCache,
}

impl Session {
    /// Opens (memory-maps) a lexicon file: lexgraph's DAWG or GADDAG, or
    /// a KWG read in place (English tiles; its GADDAG where it has one).
    pub fn open(path: &Path) -> Result<Session> {
        let lexicon = Lexicon::open_any(path, &lexgraph::Alphabet::english(), None)?;
        Ok(Session::new(lexicon, Some(path.to_path_buf())))
    }

    /// A session on a lexicon already read (from `path`, when it came
    /// from a file).
    pub fn new(lexicon: Lexicon, path: Option<PathBuf>) -> Session {
        Session {
            lexicon,
            path,
            generators: Generators::default(),
            leaves: LeavesCache::default(),
        }
    }

    /// The plays of one position: [`setup`] then [`plays`]. By equity,
    /// with the leave values `leaves` names (parsed once, then cached),
    /// by default (`None` or `auto`) the lexicon's own, else Gordon's
    /// Heuristic 2 ([`Leaves::auto`]). By score, `leaves` must be `None`.
    pub fn moves(
        &self,
        input: Input<'_>,
        rack: Option<&str>,
        top: Option<usize>,
        by: By,
        leaves: Option<&str>,
        exchanges: bool,
    ) -> Result<(Setup, Vec<Listed>)> {
        let lex = &self.lexicon;
        let leaves = match (by, leaves) {
            (By::Score, None) => None,
            (By::Score, Some(_)) => {
                return Err(Error::Query(
                    "leave values rank by equity: they do not go with ranking by score".into(),
                ))
            }
            (By::Equity, spec) => Some(self.leaves_for(spec.unwrap_or("auto"))?),
        };
        let setup = setup(lex, input, rack)?;
        let q = Query {
            top,
            leaves: leaves.as_deref(),
            exchanges,
        };
        let listed = self
            .generators
            .with(&setup.rules, |g| plays(g, lex, &setup, &q));
        Ok((setup, listed))
    }

    /// Simulates the position ([`lexgraph::analysis::sim`]): the
    /// `candidates` best plays by equity with the leave values `leaves`
    /// names (`None` or `auto`: the lexicon's own, else Heuristic 2), every
    /// ply played by them, as `settings` says, until a stopping rule or
    /// `stop`. `win_table`: `None` or `auto` (the table beside the leaves:
    /// `X.win.csv` for `X.klv2`), `none`, or a file.
    pub fn sim(
        &self,
        input: Input<'_>,
        rack: Option<&str>,
        q: &SimQuery<'_>,
        stop: &AtomicBool,
    ) -> Result<(Setup, Report)> {
        self.sim_watched(input, rack, q, stop, |_, _| true)
    }

    /// [`Session::sim`], `watch` seeing the iterations done and the
    /// candidates left after every round: it returns false to stop (as
    /// `stop` would).
    pub fn sim_watched(
        &self,
        input: Input<'_>,
        rack: Option<&str>,
        q: &SimQuery<'_>,
        stop: &AtomicBool,
        mut watch: impl FnMut(u64, usize) -> bool,
    ) -> Result<(Setup, Report)> {
        let lex = &self.lexicon;
        let setup = setup(lex, input, rack)?;
        let alphabet = lex.alphabet();
        let spec = q.leaves.unwrap_or("auto");
        // The simulator owns its values: read for the call (milliseconds,
        // against a simulation's tenths of seconds).
        let (leaves, klv_path) = match spec {
            "auto" => match self
                .path
                .as_deref()
                .map(Leaves::of_lexicon)
                .transpose()?
                .flatten()
            {
                Some((path, own)) => (own, Some(path)),
                None => (Leaves::parse("gordon2", alphabet)?, None),
            },
            _ => {
                let path = spec
                    .strip_prefix("klv:")
                    .or((spec.ends_with(".klv2") || spec.ends_with(".klv")).then_some(spec))
                    .map(PathBuf::from);
                (Leaves::parse(spec, alphabet)?, path)
            }
        };
        let table = match q.win_table.unwrap_or("auto") {
            "none" => None,
            "auto" => match klv_path {
                Some(p) => WinTable::beside(&p)?,
                None => None,
            },
            file => Some(WinTable::read(Path::new(file))?),
        };
        let mut sim = Simulator::new(lex, setup.rules.clone(), setup.position.clone(), leaves)?;
        if let Some(t) = table {
            sim = sim.with_win_table(t);
        }
        let candidates = self
            .generators
            .with(&setup.rules, |g| sim.candidates(g, q.candidates));
        let report = sim.run(candidates, &q.settings, stop, |arms| {
            let done = arms.iter().map(|a| a.iterations).max().unwrap_or(0);
            let left = arms.iter().filter(|a| a.dropped.is_none()).count();
            if !watch(done, left) {
                stop.store(true, std::sync::atomic::Ordering::SeqCst);
            }
        })?;
        Ok((setup, report))
    }

    /// Solves the endgame of the position (its bag empty; the opponent's
    /// rack, when left out, is every tile unseen) as `settings` says, until
    /// exact, a limit, or `stop`. Returns the setup, the racks solved
    /// (mover's, opponent's) and the solution.
    pub fn endgame(
        &self,
        input: Input<'_>,
        rack: Option<&str>,
        settings: &EndgameSettings,
        stop: &AtomicBool,
    ) -> Result<(Setup, [Rack; 2], Solution)> {
        let lex = &self.lexicon;
        let setup = setup(lex, input, rack)?;
        let e = Endgame::from_position(lex, setup.rules.clone(), &setup.position)?;
        let solution = e.solve(settings, stop)?;
        Ok((setup, e.racks(), solution))
    }

    /// The leave values `spec` names for this lexicon, `auto` included.
    fn leaves_for(&self, spec: &str) -> Result<Arc<Leaves>> {
        let alphabet = self.lexicon.alphabet();
        if spec != "auto" {
            return self.leaves.get(spec, alphabet);
        }
        self.leaves
            .get_with(spec, || Ok(Leaves::auto(self.path.as_deref(), alphabet)?.1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> Session {
        let a = Alphabet::english();
        let words = WordList::parse(
            b"qi\nqis\nis\nsi\nquire\nquires\n",
            "t",
            &a,
            Invalid::Refuse,
        )
        .unwrap();
        Session::new(
            Lexicon::from_vec(compile::compile(&words).gaddag).unwrap(),
            None,
        )
    }

    const EMPTY: &str = "15/15/15/15/15/15/15/15/15/15/15/15/15/15/15";

    #[test]
    fn ranks_by_score_or_equity() {
        let s = session();
        let cgp = format!("{EMPTY} QIS/ 0/0 0");
        let at = |by, leaves, top| s.moves(Input::Cgp(&cgp), None, top, by, leaves, false);
        let (_, by_score) = at(By::Score, None, Some(1)).unwrap();
        let a = s.lexicon.alphabet();
        assert_eq!(by_score[0].play.text(a), "8F QIS");
        assert!(by_score[0].ranked.is_none());
        let (_, by_equity) = at(By::Equity, Some("gordon1"), Some(1)).unwrap();
        assert_eq!(by_equity[0].play.text(a), "8G QI");
        assert_eq!(by_equity[0].ranked.as_ref().unwrap().0, 29.5);
        // By default: equity, with Heuristic 2 for a lexicon of no file.
        let (_, auto) = at(By::Equity, None, None).unwrap();
        let (_, h2) = at(By::Equity, Some("gordon2"), None).unwrap();
        assert_eq!(auto, h2);
        assert!(at(By::Score, Some("gordon2"), None).is_err());
        let (_, all) = s
            .moves(Input::Cgp(&cgp), None, None, By::Score, None, true)
            .unwrap();
        assert_eq!(all.last().unwrap().play, Play::Pass);
    }

    #[test]
    fn own_leaves_beside_the_file_by_default() {
        let dir = std::env::temp_dir().join(format!("lexgraph-engine-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let a = Alphabet::english();
        let words = WordList::parse(b"qi\nqis\nis\nsi\n", "t", &a, Invalid::Refuse).unwrap();
        let (_, gaddag) = write(&words, &dir.join("tiny")).unwrap();
        let cgp = format!("{EMPTY} QIS/ 0/0 0");
        let best = |s: &Session| {
            let (_, l) = s
                .moves(Input::Cgp(&cgp), None, Some(1), By::Equity, None, false)
                .unwrap();
            l[0].play.text(s.lexicon.alphabet())
        };
        // Heuristic 2 keeps the S; leaves that hate the S play it.
        assert_eq!(best(&Session::open(&gaddag).unwrap()), "8G QI");
        let hate_s = [(vec![19], -30.0f32)];
        lexgraph::klv::write_klv2(
            &dir.join("tiny.klv2"),
            hate_s,
            lexgraph::kwg::NodeOrder::Wolges,
        )
        .unwrap();
        assert_eq!(best(&Session::open(&gaddag).unwrap()), "8F QIS");
        // A damaged file beside the lexicon is an error, not ignored.
        std::fs::write(dir.join("tiny.klv2"), b"junk").unwrap();
        assert!(Session::open(&gaddag)
            .unwrap()
            .moves(Input::Cgp(&cgp), None, None, By::Equity, None, false)
            .is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn rows_and_rack() {
        let s = session();
        let mut rows = vec!["..............."; 15];
        rows[7] = "....QUIRE......";
        let (setup, l) = s
            .moves(Input::Rows(&rows), Some("S"), None, By::Score, None, false)
            .unwrap();
        let a = s.lexicon.alphabet();
        let Play::Place(m) = &l[0].play else { panic!() };
        assert_eq!(m.notation(a), "8E QUIRES");
        let record = PlayRecord::new(&l[0], &setup.position.board, a);
        assert_eq!(record.tiles[0].letter, "S");
        assert_eq!(record.cross_words, Some(vec![]));
        assert!(s
            .moves(Input::Rows(&rows), None, None, By::Score, None, false)
            .is_err());
    }

    #[test]
    fn bad_input_is_an_error() {
        let s = session();
        for bad in [
            "",
            "15/15 A/ 0/0 0",
            &format!("{EMPTY} QQQ/ 0/0 0"),
            &format!("{EMPTY} A/ 0/0 0 bb -1;"),
        ] {
            assert!(
                s.moves(Input::Cgp(bad), None, None, By::Equity, None, false)
                    .is_err(),
                "{bad}"
            );
        }
        let cgp = format!("{EMPTY} QIS/ 0/0 0");
        assert!(s
            .moves(
                Input::Cgp(&cgp),
                None,
                None,
                By::Equity,
                Some("nope"),
                false
            )
            .is_err());
    }
}
