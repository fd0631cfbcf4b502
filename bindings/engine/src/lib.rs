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

use lexgraph::board::tile_of;
use lexgraph::equity::Play;
use lexgraph::movegen::{cross_words, squares_text, Dir};
use lexgraph::play::Notation;
use lexgraph::rules::{Layout, MAX_SIZE};
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
        Input::Cgp(line) => read_cgp(line, alphabet)?,
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

/// Reads a CGP line as `lexgraph moves --cgp`/`--cgp-file` does, with its
/// wording for a bad line: a GCG record line and a line without a board of
/// rows and a racks field are named as such (not as a bad board row), and
/// the board's rows are checked against the layout (the `bdn` opcode's,
/// else the built-in one of that size) before the squares are read.
pub fn read_cgp(line: &str, alphabet: &Alphabet) -> Result<Position> {
    let line = line.trim_start_matches('\u{feff}');
    if line.starts_with('>') || line.starts_with("#player") {
        return Err(Error::Position(
            "a GCG game record line, not CGP (GCG is a game's moves, CGP one position)".into(),
        ));
    }
    let mut fields = line.split_whitespace();
    let board = fields.next().unwrap_or("");
    let rows = 1 + board.bytes().filter(|&b| b == b'/').count();
    if rows < 2 || fields.next().is_none() {
        return Err(Error::Position(format!(
            "not a CGP line: {:?}; expected BOARD RACK/RACK SCORE/SCORE ZERO_TURNS [OPCODES;], \
             e.g. `15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0 lex ENABLE;`",
            lexgraph::input::snippet(line)
        )));
    }
    // The opcodes start at the fifth field; `bdn` names the layout.
    let bdn = line
        .split_whitespace()
        .skip(4)
        .collect::<Vec<_>>()
        .join(" ");
    let bdn = bdn.split(';').find_map(|op| {
        let mut words = op.split_whitespace();
        (words.next() == Some("bdn")).then(|| words.collect::<Vec<_>>().join(" "))
    });
    let layout = match bdn.as_deref().and_then(Layout::for_cgp_name) {
        Some(l) => l,
        None => Layout::for_size(rows)?,
    };
    if rows != layout.size() {
        return Err(Error::Position(format!(
            "the board has {rows} rows; the layout {0} is {1}x{1}",
            layout.name(),
            layout.size()
        )));
    }
    Position::parse_cgp(line, alphabet, layout.size())
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

/// What [`Session::check_play`] found for one play.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// True when the play is among the position's legal placements.
    pub legal: bool,
    /// Its score, when legal.
    pub score: Option<i32>,
    /// Every word of two or more tiles the play forms: the main word, then
    /// the cross words in board order, blanks in lower case (as
    /// `lexgraph moves` prints words). For an illegal play, the words it
    /// would form, when its tiles fit on the board (else none).
    pub words: Vec<String>,
    /// Why it is not legal (the rules it breaks, joined by `; `, as
    /// `lexgraph moves --play` reports them); `None` when legal.
    pub why: Option<String>,
    /// The play as the generator lists it, when legal (a play written in
    /// capitals only that needs a blank: its best-scoring blank version).
    pub placement: Option<Move>,
}

/// Checks `play`, in players' notation (`8D QUIRE` across, `D8 QUIRe`
/// down, lower case for a blank, `.` for a tile on the board), on `setup`
/// as `lexgraph moves --play` does: legal when the generator lists it
/// (down openings included; a one-tile play by either of its words; a play
/// in capitals only also stands for its versions with blanks when it has
/// none without), else why not ([`Notation::why_illegal`]). A play that
/// does not parse is an error, an illegal one is not.
pub fn check_play(
    gen: &mut Generator,
    lex: &Lexicon,
    setup: &Setup,
    play: &str,
) -> Result<Checked> {
    let a = lex.alphabet();
    let n = Notation::parse(play, a)?;
    let p = &setup.position;
    let mut moves: Vec<Move> = Vec::new();
    let opts = Options::default().opening_both(true);
    gen.generate(lex, &p.board, p.rack(), &opts, &mut moves);
    n.retain_named(&p.board, &mut moves);
    lexgraph::movegen::sort_moves(&mut moves);
    if let Some(m) = moves.first() {
        return Ok(Checked {
            legal: true,
            score: Some(m.score),
            words: words_of(&p.board, m, a),
            why: None,
            placement: Some(*m),
        });
    }
    let why = n.why_illegal(lex, gen.rules(), &p.board, p.rack());
    let why = match why.is_empty() {
        true => "not a legal move here".to_string(),
        false => why.join("; "),
    };
    Ok(Checked {
        legal: false,
        score: None,
        words: written_move(&n, &p.board)
            .map(|m| words_of(&p.board, &m, a))
            .unwrap_or_default(),
        why: Some(why),
        placement: None,
    })
}

/// The main word (of two tiles or more), then the cross words of `m`.
fn words_of(board: &Board, m: &Move, a: &Alphabet) -> Vec<String> {
    let main = (m.len >= 2).then(|| squares_text(m.word(), a));
    main.into_iter()
        .chain(
            cross_words(board, m)
                .into_iter()
                .map(|(_, _, w)| squares_text(&w, a)),
        )
        .collect()
}

/// The play as written, as a move on `board` (score 0), when its squares
/// lie on the board and agree with the tiles there and it places a tile.
fn written_move(n: &Notation, board: &Board) -> Option<Move> {
    let size = board.size();
    let len = n.word.len();
    let (dr, dc) = match n.dir {
        Dir::Across => (0, 1),
        Dir::Down => (1, 0),
    };
    if n.row + dr * (len - 1) >= size || n.col + dc * (len - 1) >= size || len > MAX_SIZE {
        return None;
    }
    let mut word = [0u8; MAX_SIZE];
    let mut placed = 0u32;
    for (i, &w) in n.word.iter().enumerate() {
        let on = board.get(n.row + dr * i, n.col + dc * i);
        word[i] = match (on, w) {
            (0, 0) => return None,
            (0, w) => {
                placed |= 1 << i;
                w
            }
            (on, w) if w == 0 || tile_of(on) == tile_of(w) => on,
            _ => return None,
        };
    }
    (placed != 0).then_some(Move {
        dir: n.dir,
        row: n.row as u8,
        col: n.col as u8,
        len: len as u8,
        word,
        placed,
        score: 0,
    })
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
    /// Own leave values given as bytes, for a lexicon with no file beside
    /// it (a browser's): they stand where `X.klv2` beside `X.gaddag`
    /// would ([`Session::set_own_leaves`]).
    own: Option<OwnLeaves>,
}

/// A KLV2 file's bytes and the win table that goes with it.
struct OwnLeaves {
    klv: Vec<u8>,
    origin: String,
    win: Option<WinTable>,
}

impl OwnLeaves {
    fn leaves(&self) -> Result<Leaves> {
        Ok(Leaves::Klv(lexgraph::klv::Klv::from_vec(
            self.klv.clone(),
            &self.origin,
        )?))
    }
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
            own: None,
        }
    }

    /// Makes the KLV2 file `klv` (named `origin` in errors) this lexicon's
    /// own leave values, as a file beside it would be: what `auto` means
    /// from now on, for ranking and simulating. `win_table`: the text of a
    /// win-probability table (`X.win.csv`) for the simulator's win %.
    /// Checked before anything changes.
    pub fn set_own_leaves(
        &mut self,
        klv: Vec<u8>,
        origin: &str,
        win_table: Option<&str>,
    ) -> Result<()> {
        let own = OwnLeaves {
            klv,
            origin: origin.to_string(),
            win: win_table
                .map(|t| WinTable::parse(t, &format!("{origin} (win table)")))
                .transpose()?,
        };
        own.leaves()?;
        self.own = Some(own);
        // `auto` named the old values.
        self.leaves
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove("auto");
        Ok(())
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

    /// Checks one play on one position: [`setup`] then [`check_play`].
    /// Returns the setup (the board the play is checked on) and the check.
    pub fn check_play(
        &self,
        input: Input<'_>,
        rack: Option<&str>,
        play: &str,
    ) -> Result<(Setup, Checked)> {
        let lex = &self.lexicon;
        let setup = setup(lex, input, rack)?;
        let checked = self
            .generators
            .with(&setup.rules, |g| check_play(g, lex, &setup, play))?;
        Ok((setup, checked))
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
        self.sim_rounds(input, rack, q, stop, |arms| {
            let done = arms.iter().map(|a| a.iterations).max().unwrap_or(0);
            let left = arms.iter().filter(|a| a.dropped.is_none()).count();
            watch(done, left)
        })
    }

    /// [`Session::sim`], `watch` seeing every candidate after every round
    /// (for a live table): it returns false to stop.
    pub fn sim_rounds(
        &self,
        input: Input<'_>,
        rack: Option<&str>,
        q: &SimQuery<'_>,
        stop: &AtomicBool,
        mut watch: impl FnMut(&[Arm]) -> bool,
    ) -> Result<(Setup, Report)> {
        let lex = &self.lexicon;
        let setup = setup(lex, input, rack)?;
        let alphabet = lex.alphabet();
        let spec = q.leaves.unwrap_or("auto");
        // The simulator owns its values: read for the call (milliseconds,
        // against a simulation's tenths of seconds).
        let mut own_win = None;
        let (leaves, klv_path) = match spec {
            "auto" if self.own.is_some() => {
                let own = self.own.as_ref().expect("checked");
                own_win = own.win.clone();
                (own.leaves()?, None)
            }
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
                None => own_win,
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
            if !watch(arms) {
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

    /// The leave values `spec` names for this lexicon, `auto` included
    /// (parsed once, then cached): to check a spec before a batch.
    pub fn leaves_for(&self, spec: &str) -> Result<Arc<Leaves>> {
        let alphabet = self.lexicon.alphabet();
        if spec != "auto" {
            return self.leaves.get(spec, alphabet);
        }
        if let Some(own) = &self.own {
            return self.leaves.get_with(spec, || own.leaves());
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
    fn own_leaves_from_bytes() {
        let dir = std::env::temp_dir().join(format!("lexgraph-engine-own-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cgp = format!("{EMPTY} QIS/ 0/0 0");
        let best = |s: &Session| {
            let (_, l) = s
                .moves(Input::Cgp(&cgp), None, Some(1), By::Equity, None, false)
                .unwrap();
            l[0].play.text(s.lexicon.alphabet())
        };
        let mut s = session();
        // Heuristic 2 (no leaves of its own) keeps the S.
        assert_eq!(best(&s), "8G QI");
        let klv = dir.join("hate-s.klv2");
        lexgraph::klv::write_klv2(
            &klv,
            [(vec![19], -30.0f32)],
            lexgraph::kwg::NodeOrder::Wolges,
        )
        .unwrap();
        let bytes = std::fs::read(&klv).unwrap();
        // A damaged file or win table changes nothing and names itself.
        let e = s
            .set_own_leaves(b"junk".to_vec(), "junk.klv2", None)
            .unwrap_err();
        assert!(e.to_string().contains("junk.klv2"), "{e}");
        let e = s
            .set_own_leaves(bytes.clone(), "hate-s.klv2", Some("not,a,table\n"))
            .unwrap_err();
        assert!(e.to_string().contains("hate-s.klv2 (win table)"), "{e}");
        assert_eq!(best(&s), "8G QI");
        // Given, they are what `auto` means: the cached values are replaced.
        s.set_own_leaves(bytes, "hate-s.klv2", None).unwrap();
        assert_eq!(best(&s), "8F QIS");
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

    #[test]
    fn checks_a_play() {
        let s = session();
        let a = s.lexicon.alphabet().clone();
        let mut rows = vec!["..............."; 15];
        rows[7] = "....QUIRE......";
        let check = |rack: &str, play: &str| {
            s.check_play(Input::Rows(&rows), Some(rack), play)
                .map(|(_, c)| c)
        };
        // Legal: the score the moves list gives it; main word, then cross word.
        let c = check("SI", "J8 SI").unwrap();
        let (_, listed) = s
            .moves(Input::Rows(&rows), Some("SI"), None, By::Score, None, false)
            .unwrap();
        let listed_score = listed
            .iter()
            .find(|l| l.play.text(&a) == "J8 SI")
            .unwrap()
            .play
            .score();
        assert!(c.legal);
        assert_eq!(c.score, Some(listed_score));
        assert_eq!(c.words, ["SI", "QUIRES"]);
        assert_eq!(c.why, None);
        assert_eq!(c.placement.unwrap().notation(&a), "J8 SI");
        // Capitals stand for a blank when the rack needs one.
        let c = check("?I", "J8 SI").unwrap();
        assert_eq!(c.words, ["sI", "QUIREs"]);
        assert!(c.score.unwrap() < listed_score);
        // Illegal: why, and the words it would form.
        let c = check("I", "J8 SI").unwrap();
        assert!(!c.legal);
        assert_eq!(c.score, None);
        assert_eq!(c.words, ["SI", "QUIRES"]);
        assert_eq!(
            c.why.as_deref(),
            Some("no S on the rack I (lower case is a blank)")
        );
        let c = check("SZ", "J8 SZ").unwrap();
        assert_eq!(c.why.as_deref(), Some("SZ is not in the lexicon"));
        let c = check("SI", "8A SI").unwrap();
        assert_eq!(c.words, ["SI"]);
        assert_eq!(
            c.why.as_deref(),
            Some("it does not touch any tile on the board")
        );
        // Off the board: no words.
        let c = check("SI", "8O SI").unwrap();
        assert!(c.words.is_empty());
        assert!(c.why.unwrap().contains("runs off"));
        // A play that does not parse is an error.
        let e = check("SI", "8D").unwrap_err().to_string();
        assert!(e.contains("expected SQUARE WORD"), "{e}");
        assert!(check("SI", "Z99Z SI").is_err());
    }

    #[test]
    fn bad_cgp_in_the_clis_words() {
        let s = session();
        let a = s.lexicon.alphabet();
        let why = |line: &str| read_cgp(line, a).unwrap_err().to_string();
        // As `lexgraph moves --cgp-file` reports these lines.
        let not_cgp = "; expected BOARD RACK/RACK SCORE/SCORE ZERO_TURNS [OPCODES;], e.g. \
                       `15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0 lex ENABLE;`";
        assert_eq!(why("hello"), format!("not a CGP line: \"hello\"{not_cgp}"));
        assert_eq!(why(""), format!("not a CGP line: \"\"{not_cgp}"));
        assert_eq!(
            why(EMPTY),
            format!("not a CGP line: \"15/15/15/15/15/15/15/15/15/15/15/15/15/1…\"{not_cgp}")
        );
        assert_eq!(
            why("15/15 A/ 0/0 0"),
            "the board has 2 rows: no built-in layout has 2 (standard is 15x15, super 21x21; give a layout file)"
        );
        assert_eq!(
            why(">joe: ABC 8D QI +22"),
            "a GCG game record line, not CGP (GCG is a game's moves, CGP one position)"
        );
        assert_eq!(
            why(&format!("{EMPTY} A/ 0/0 0 bdn super;")),
            "the board has 15 rows; the layout super is 21x21"
        );
        assert_eq!(
            why(&format!("{EMPTY} A1/ 0/0 0")),
            "rack \"A1\": '1' in \"A1\" is not a tile of the english alphabet"
        );
        assert!(read_cgp(&format!("{EMPTY} QI/ 0/0"), a).is_ok());
    }
}
