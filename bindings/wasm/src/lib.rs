//! lexgraph in a browser: a [`Lexicon`] opened from the bytes of a file the
//! page was given (a lexgraph DAWG or GADDAG, or a KWG), the plays of a CGP
//! position ranked by equity or score, a play checked, word queries, a GCG
//! record stepped through with each turn's best plays, simulation and
//! endgames. Plays are the play record the C library and the Python
//! package give (`lexgraph::equity::PlayRecord`), as plain objects.
//!
//! ```js
//! import init, { Lexicon } from "./pkg/lexgraph_wasm.js";
//! await init();
//! const lex = new Lexicon(new Uint8Array(await file.arrayBuffer()), file.name);
//! const [best] = lex.moves("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0", { top: 1 });
//! best.notation; // "8D RETAINS" (or another bingo), best.score, best.equity, best.leave
//! ```
//!
//! Every function that can fail throws an `Error` whose message names what
//! was wrong (the byte offset of a damaged file, the line of a bad record).
//! Nothing here reads a file or the network: the page hands over bytes.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use lexgraph::analysis::endgame::{Settings as EndgameSettings, Solution};
use lexgraph::analysis::sim::{Arm, Settings as SimSettings, Stopped};
use lexgraph::board::BLANK_FLAG;
use lexgraph::equity::{Listed, Play, PlayRecord};
use lexgraph::movegen::squares_text;
use lexgraph::replay::replay;
use lexgraph::{Alphabet, Board, Kind, Partial, Rules};
use lexgraph_engine::{By, Input, Session, SimQuery};

fn fail(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// A value as a plain JavaScript object, by way of JSON text: one
/// `JSON.parse` of a string costs a fraction of building the objects field
/// by field across the boundary (a list of 700 plays: 4.5 ms that way).
fn to_js<T: Serialize + ?Sized>(v: &T) -> Result<JsValue, JsError> {
    let text = serde_json::to_string(v).map_err(fail)?;
    js_sys::JSON::parse(&text).map_err(|e| fail(format!("{e:?}")))
}

/// Options read from an object the caller may leave out or fill in part;
/// a name not in `known` (a typo) is an error, not ignored.
fn options<T: for<'de> Deserialize<'de> + Default>(
    v: JsValue,
    known: &[&str],
) -> Result<T, JsError> {
    if v.is_undefined() || v.is_null() {
        return Ok(T::default());
    }
    if !v.is_object() {
        return Err(fail("options: expected an object"));
    }
    let object: &js_sys::Object = v.unchecked_ref();
    for key in js_sys::Object::keys(object).iter() {
        let key = key.as_string().unwrap_or_default();
        if !known.contains(&key.as_str()) {
            return Err(fail(format!(
                "options: unknown option {key:?}; expected {}",
                known.join(", ")
            )));
        }
    }
    serde_wasm_bindgen::from_value(v).map_err(|e| fail(format!("options: {e}")))
}

/// The package's version (the workspace's).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// A lexicon and the caches that serve its queries.
#[wasm_bindgen]
pub struct Lexicon {
    session: Session,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct MovesOptions {
    /// The best N (all when absent).
    top: Option<usize>,
    /// `equity` (default) or `score`.
    by: Option<String>,
    /// Leave values: `auto` (the lexicon's own, see `setLeaves`, else
    /// Gordon's Heuristic 2), `gordon1`, `gordon2`.
    leaves: Option<String>,
    /// By score: list exchanges and the pass too.
    exchanges: bool,
    /// Replaces the position's rack.
    rack: Option<String>,
}

#[derive(Serialize)]
struct Info {
    kind: &'static str,
    alphabet: String,
    words: u64,
    bytes: usize,
    kwg: bool,
    own_leaves: bool,
}

/// A square of the board, for drawing it.
#[derive(Serialize)]
struct Square {
    /// The tile (`None`: empty), as plays write tiles.
    tile: Option<String>,
    blank: bool,
    /// Premium: 1, 2 or 3 times the letter or the word.
    letter: u8,
    word: u8,
    start: bool,
}

#[derive(Serialize)]
struct PositionView {
    size: usize,
    /// Row by row.
    squares: Vec<Vec<Square>>,
    /// The mover's rack, then the opponent's (empty when unknown).
    racks: [String; 2],
    scores: [i32; 2],
    zero_turns: u32,
    /// Tiles in the bag: those unseen less the opponent's rack (or a full
    /// rack's worth when it is unknown).
    bag: usize,
    /// Tiles the mover cannot see, as text, sorted.
    unseen: String,
    /// The position as a CGP line, normalised.
    cgp: String,
    /// What each tile scores, by its label (`?`: the blank, 0).
    points: std::collections::BTreeMap<String, u8>,
}

#[derive(Serialize)]
struct CheckView {
    legal: bool,
    score: Option<i32>,
    words: Vec<String>,
    why: Option<String>,
    /// The play as the generator lists it, when legal.
    play: Option<PlayRecord>,
}

#[derive(Serialize)]
struct Turn {
    turn: usize,
    /// Seat (0 for `#player1`).
    player: usize,
    nick: String,
    /// The rack before the turn, when the record gives it.
    rack: Option<String>,
    /// `place`, `exchange`, `pass`, `withdraw`, `challenge`, `end`, ...
    kind: &'static str,
    /// The line's play, as written (`8D QUIRE`, `-ABC`, `-`).
    play: String,
    points: i32,
    total: i32,
    /// What the placement scores, computed.
    computed: Option<i32>,
    words: Vec<String>,
    missing: Vec<String>,
    problems: Vec<String>,
    note: String,
    /// The tiles placed (for drawing the turn).
    tiles: Vec<lexgraph::equity::record::TileRecord>,
    /// The position before the turn, from the mover's side.
    cgp: String,
    /// The best plays for the rack (with a rack, on a placement, exchange
    /// or pass), by equity.
    best: Vec<PlayRecord>,
    /// The play made, valued as the best are.
    played_equity: Option<f32>,
    /// The best play's equity less the play made's (0 or more).
    gave_up: Option<f32>,
}

#[derive(Serialize)]
struct Game {
    players: Vec<String>,
    lexicon: Option<String>,
    turns: Vec<Turn>,
    /// The recorded totals at the end, by seat.
    totals: Vec<i64>,
    /// Whether every recorded score and total agrees with the board's.
    agrees: bool,
    /// The board at the end, as a CGP board field.
    board: String,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct GameOptions {
    /// Best plays listed per turn (default 5).
    top: Option<usize>,
    /// Leave values, as for `moves`.
    leaves: Option<String>,
}

#[derive(Deserialize)]
#[serde(default)]
struct SimOptions {
    candidates: usize,
    plies: u32,
    iterations: u64,
    /// Seconds.
    time: Option<f64>,
    /// Drop candidates behind at this confidence (`null`: never).
    confidence: Option<f64>,
    seed: u64,
    leaves: Option<String>,
    rack: Option<String>,
}

impl Default for SimOptions {
    fn default() -> SimOptions {
        let s = SimSettings::default();
        SimOptions {
            candidates: 15,
            plies: s.plies,
            iterations: s.iterations,
            time: None,
            confidence: s.confidence,
            // As `lexgraph sim`: the same table for the same options.
            seed: 1,
            leaves: None,
            rack: None,
        }
    }
}

#[derive(Serialize)]
struct SimArm {
    play: PlayRecord,
    iterations: u64,
    mean: f64,
    /// `null` with fewer than two playouts.
    stderr: Option<f64>,
    win: f64,
    dropped: Option<u64>,
}

#[derive(Serialize)]
struct SimView {
    arms: Vec<SimArm>,
    iterations: u64,
    /// `budget`, `confidence`, `time`, `interrupted`, or `running` in a
    /// progress report.
    stopped: &'static str,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct EndgameOptions {
    /// Seconds.
    time: Option<f64>,
    /// Plies at most (`null`: until exact).
    depth: Option<u32>,
    all_first_plays: bool,
    rack: Option<String>,
}

#[derive(Serialize)]
struct LineStep {
    player: usize,
    play: String,
    score: i32,
    /// What the end of the game adds to this player's spread.
    end: i32,
    /// `out`, `scoreless`, or `null`.
    ending: Option<&'static str>,
}

#[derive(Serialize)]
struct FirstPlayView {
    play: String,
    value: i32,
    upper_bound: bool,
}

#[derive(Serialize)]
struct EndgameView {
    /// The mover's spread from here to the end, best play on both sides.
    value: i32,
    /// False: an estimate at `depth` plies (a limit cut the search).
    exact: bool,
    depth: u32,
    line: Vec<LineStep>,
    first_plays: Vec<FirstPlayView>,
    nodes: u64,
    racks: [String; 2],
}

fn seconds(s: Option<f64>, what: &str) -> Result<Option<Duration>, JsError> {
    s.map(|s| {
        Duration::try_from_secs_f64(s)
            .ok()
            .filter(|d| !d.is_zero())
            .ok_or_else(|| fail(format!("{what}: {s} is not a time in seconds above 0")))
    })
    .transpose()
}

/// Calls `progress` (when given) with `value`; false when it returns
/// `false` (the caller asks to stop) or throws.
fn report(progress: Option<&js_sys::Function>, value: &JsValue) -> bool {
    match progress {
        None => true,
        Some(f) => f
            .call1(&JsValue::NULL, value)
            .map(|r| r.as_bool() != Some(false))
            .unwrap_or(false),
    }
}

#[wasm_bindgen]
impl Lexicon {
    /// Opens the bytes of a lexicon file: a lexgraph DAWG or GADDAG, or a
    /// KWG (its GADDAG when it has one; English tiles). `name` names it in
    /// errors. Every index is checked as it is read.
    #[wasm_bindgen(constructor)]
    pub fn new(bytes: Vec<u8>, name: Option<String>) -> Result<Lexicon, JsError> {
        let name = name.unwrap_or_else(|| "<bytes>".into());
        let lex = lexgraph::Lexicon::any_from_vec(bytes, &name, &Alphabet::english(), None)
            .map_err(fail)?;
        Ok(Lexicon {
            session: Session::new(lex, None),
        })
    }

    /// Compiles a word list (one word per line, `#` comments) into a GADDAG
    /// in memory: for a page that ships a list rather than a file.
    /// `alphabet`: a built-in alphabet's name (English when absent).
    #[wasm_bindgen(js_name = fromWordList)]
    pub fn from_word_list(text: &str, alphabet: Option<String>) -> Result<Lexicon, JsError> {
        let a = match alphabet {
            Some(name) => Alphabet::named(&name).map_err(fail)?,
            None => Alphabet::english(),
        };
        let words =
            lexgraph::WordList::parse(text.as_bytes(), "word list", &a, lexgraph::Invalid::Refuse)
                .map_err(fail)?;
        if words.is_empty() {
            return Err(fail("the word list holds no word"));
        }
        let files = lexgraph::compile::try_compile(&words).map_err(fail)?;
        let lex = lexgraph::Lexicon::from_vec(files.gaddag).map_err(fail)?;
        Ok(Lexicon {
            session: Session::new(lex, None),
        })
    }

    /// Makes a KLV2 leave file this lexicon's own values (what `auto`
    /// means for ranking and simulating); `winTable`: the text of the win
    /// table that goes with it (`X.win.csv`), for win % in simulations.
    #[wasm_bindgen(js_name = setLeaves)]
    pub fn set_leaves(
        &mut self,
        klv: Vec<u8>,
        name: &str,
        win_table: Option<String>,
    ) -> Result<(), JsError> {
        self.session
            .set_own_leaves(klv, name, win_table.as_deref())
            .map_err(fail)
    }

    /// `{kind, alphabet, words, bytes, kwg, own_leaves}`.
    pub fn info(&self) -> Result<JsValue, JsError> {
        let lex = &self.session.lexicon;
        to_js(&Info {
            kind: match lex.kind() {
                Kind::Dawg => "dawg",
                Kind::Gaddag => "gaddag",
            },
            alphabet: lex.alphabet().name().to_string(),
            words: lex.word_count(),
            bytes: lex.bytes().len(),
            kwg: lex.is_kwg(),
            own_leaves: self
                .session
                .leaves_for("auto")
                .is_ok_and(|l| matches!(*l, lexgraph::strategy::Leaves::Klv(_))),
        })
    }

    /// Whether `word` is a word (any case).
    pub fn contains(&self, word: &str) -> bool {
        self.session.lexicon.contains(word)
    }

    /// The words made of exactly the tiles of `rack` (`?` a blank), sorted;
    /// with `partial`, of some of them.
    pub fn anagram(&self, rack: &str, partial: Option<bool>) -> Result<Vec<String>, JsError> {
        let p = if partial == Some(true) {
            Partial::Yes
        } else {
            Partial::No
        };
        self.session.lexicon.anagram(rack, p).map_err(fail)
    }

    /// The words matching `pattern` (`?` one tile, `*` any run), sorted.
    pub fn pattern(&self, pattern: &str) -> Result<Vec<String>, JsError> {
        self.session.lexicon.pattern(pattern).map_err(fail)
    }

    /// A CGP position read for drawing: every square with its tile and
    /// premium, both racks, scores, the bag, the unseen tiles.
    pub fn position(&self, cgp: &str) -> Result<JsValue, JsError> {
        let lex = &self.session.lexicon;
        let a = lex.alphabet();
        let setup = lexgraph_engine::setup(lex, Input::Cgp(cgp), None).map_err(fail)?;
        let (p, layout) = (&setup.position, &setup.rules.layout);
        let size = p.board.size();
        let squares = (0..size)
            .map(|r| {
                (0..size)
                    .map(|c| {
                        let sq = p.board.get(r, c);
                        Square {
                            tile: (sq != 0).then(|| squares_text(&[sq], a)),
                            blank: sq & BLANK_FLAG != 0,
                            letter: layout.letter_mult(r, c),
                            word: layout.word_mult(r, c),
                            start: layout.is_start(r, c),
                        }
                    })
                    .collect()
            })
            .collect();
        let unseen = p.unseen(a);
        let mut unseen_rack = lexgraph::Rack::default();
        for (t, &n) in unseen.iter().enumerate() {
            for _ in 0..n {
                unseen_rack.add(t as u8);
            }
        }
        to_js(&PositionView {
            size,
            squares,
            racks: [p.racks[0].to_text(a), p.racks[1].to_text(a)],
            scores: p.scores,
            zero_turns: p.zero_turns,
            bag: p.bag_len(a, setup.rules.rack_size),
            unseen: unseen_rack.to_text(a),
            cgp: p.to_cgp(a),
            points: a
                .tiles()
                .iter()
                .map(|t| (t.label.clone(), t.score))
                .collect(),
        })
    }

    /// The plays of a CGP position, best first: by equity (default), or
    /// by score. `options`: `{top, by: "equity"|"score", leaves, exchanges,
    /// rack}`. Each play is a play record: `type`, `notation`, `row`,
    /// `col`, `dir`, `word`, `tiles`, `cross_words`, `score`, `equity`,
    /// `leave`.
    pub fn moves(&self, cgp: &str, options_: JsValue) -> Result<JsValue, JsError> {
        let o: MovesOptions = options(options_, &["top", "by", "leaves", "exchanges", "rack"])?;
        let by = By::parse(o.by.as_deref().unwrap_or("equity")).map_err(fail)?;
        let leaves = match by {
            By::Equity => Some(o.leaves.as_deref().unwrap_or("auto")),
            By::Score => o.leaves.as_deref(),
        };
        let (setup, listed) = self
            .session
            .moves(
                Input::Cgp(cgp),
                o.rack.as_deref(),
                o.top,
                by,
                leaves,
                o.exchanges,
            )
            .map_err(fail)?;
        let a = self.session.lexicon.alphabet();
        let records: Vec<PlayRecord> = listed
            .iter()
            .map(|l| PlayRecord::new(l, &setup.position.board, a))
            .collect();
        to_js(&records)
    }

    /// Checks a placement in players' notation (`8D QUIRE` across,
    /// `D8 QUIRE` down, lower case a blank, `.` a tile on the board):
    /// `{legal, score, words, why, play}`.
    pub fn check(&self, cgp: &str, play: &str) -> Result<JsValue, JsError> {
        let (setup, c) = self
            .session
            .check_play(Input::Cgp(cgp), None, play)
            .map_err(fail)?;
        let a = self.session.lexicon.alphabet();
        to_js(&CheckView {
            legal: c.legal,
            score: c.score,
            words: c.words,
            why: c.why,
            play: c.placement.map(|m| {
                PlayRecord::new(&Listed::unranked(Play::Place(m)), &setup.position.board, a)
            }),
        })
    }

    /// The position after the mover makes a legal placement (players'
    /// notation, as `check` takes it): the tiles on the board, the score
    /// added, and the opponent to move with the rack the CGP gave them
    /// (none when it gave none); the mover's rack becomes what was kept.
    /// An illegal play is an error that says why.
    pub fn play(&self, cgp: &str, play: &str) -> Result<String, JsError> {
        let (setup, c) = self
            .session
            .check_play(Input::Cgp(cgp), None, play)
            .map_err(fail)?;
        let Some(m) = c.placement.filter(|_| c.legal) else {
            return Err(fail(format!(
                "{play}: {}",
                c.why.unwrap_or_else(|| "not a legal play".into())
            )));
        };
        let a = self.session.lexicon.alphabet();
        let mut p = setup.position;
        let mut kept = p.racks[0];
        m.take_from(&mut kept);
        m.apply(&mut p.board);
        p.scores[0] += m.score;
        p.zero_turns = if m.score == 0 { p.zero_turns + 1 } else { 0 };
        p.racks = [p.racks[1], kept];
        p.scores.swap(0, 1);
        Ok(p.to_cgp(a))
    }

    /// Replays a GCG record (2 to 4 players) on the standard board and
    /// lists its turns, each with the position before it (CGP), the words
    /// formed and those the lexicon lacks, and, where the record gives the
    /// rack, the best plays by equity and the equity the play made gave up.
    /// `options`: `{top, leaves}`.
    #[wasm_bindgen(js_name = readGcg)]
    pub fn read_gcg(&self, text: &str, options_: JsValue) -> Result<JsValue, JsError> {
        let o: GameOptions = options(options_, &["top", "leaves"])?;
        let lex = &self.session.lexicon;
        let a = lex.alphabet();
        let record = lexgraph::gcg::parse(text.as_bytes(), "game record", a).map_err(fail)?;
        let rules = Rules::default();
        let game = replay(&record, &rules, a, Some(lex)).map_err(fail)?;
        let leaves = self
            .session
            .leaves_for(o.leaves.as_deref().unwrap_or("auto"))
            .map_err(fail)?;
        let top = o.top.unwrap_or(5);
        let mut turns = Vec::with_capacity(game.steps.len());
        for s in &game.steps {
            let e = &s.event;
            let analysed = e.rack.is_some()
                && matches!(
                    (&e.action, &s.placement),
                    (lexgraph::gcg::Action::Place(_), Some(_))
                        | (lexgraph::gcg::Action::Exchange(_), _)
                        | (lexgraph::gcg::Action::Pass, _)
                );
            let (best, played_equity, gave_up) = if analysed {
                let best = self.session.generators.with(&rules, |g| {
                    g.best(lex, &s.before, &*leaves, top, &lexgraph::Options::default())
                });
                let played = s.played(a, &leaves, &rules).map(|r| r.equity);
                let gave_up = match (best.first(), played) {
                    (Some(b), Some(p)) => Some((b.equity - p).max(0.0)),
                    _ => None,
                };
                let records = best
                    .into_iter()
                    .map(|r| PlayRecord::new(&Listed::from(r), &s.before.board, a))
                    .collect();
                (records, played, gave_up)
            } else {
                (Vec::new(), None, None)
            };
            turns.push(Turn {
                turn: s.turn,
                player: e.player,
                nick: record
                    .players
                    .get(e.player)
                    .map(|p| p.nick.clone())
                    .unwrap_or_default(),
                rack: e.rack.map(|r| r.to_text(a)),
                kind: e.action.kind(),
                play: e.action.text(a),
                points: e.points,
                total: e.total,
                computed: s.computed,
                words: s.words.clone(),
                missing: s.missing.clone(),
                problems: s.problems.clone(),
                note: e.note.clone(),
                tiles: s
                    .placement
                    .as_ref()
                    .map(|m| lexgraph::equity::record::TileRecord::of_move(m, a))
                    .unwrap_or_default(),
                cgp: s.before.to_cgp(a),
                best,
                played_equity,
                gave_up,
            });
        }
        let agrees = game.agrees();
        to_js(&Game {
            players: record.players.iter().map(|p| p.nick.clone()).collect(),
            lexicon: record.lexicon.clone(),
            turns,
            totals: game.totals,
            agrees,
            board: game.board.to_cgp(a),
        })
    }

    /// Simulates the best `candidates` plays of a CGP position (its bag
    /// not empty), `plies` turns ahead, every candidate meeting the same
    /// scenarios. `options`: `{candidates, plies, iterations, time
    /// (seconds), confidence, seed, leaves, rack}`. `progress`, when given,
    /// is called after every round with the table so far (`stopped:
    /// "running"`); returning `false` stops the simulation.
    pub fn sim(
        &self,
        cgp: &str,
        options_: JsValue,
        progress: Option<js_sys::Function>,
    ) -> Result<JsValue, JsError> {
        let o: SimOptions = options(
            options_,
            &[
                "candidates",
                "plies",
                "iterations",
                "time",
                "confidence",
                "seed",
                "leaves",
                "rack",
            ],
        )?;
        let q = SimQuery {
            candidates: o.candidates,
            settings: SimSettings {
                plies: o.plies,
                iterations: o.iterations,
                time: seconds(o.time, "time")?,
                confidence: o.confidence,
                seed: o.seed,
                ..SimSettings::default()
            },
            leaves: o.leaves.as_deref(),
            win_table: None,
        };
        let stop = AtomicBool::new(false);
        let mut board = None;
        let a = self.session.lexicon.alphabet();
        if progress.is_some() {
            let lex = &self.session.lexicon;
            board = Some(
                lexgraph_engine::setup(lex, Input::Cgp(cgp), o.rack.as_deref())
                    .map_err(fail)?
                    .position
                    .board,
            );
        }
        let (setup, report) = self
            .session
            .sim_rounds(Input::Cgp(cgp), o.rack.as_deref(), &q, &stop, |arms| {
                let Some(b) = &board else { return true };
                let done = arms.iter().map(|a| a.iterations).max().unwrap_or(0);
                match to_js(&sim_view(arms, done, "running", b, a)) {
                    Ok(v) => report(progress.as_ref(), &v),
                    Err(_) => false,
                }
            })
            .map_err(fail)?;
        let stopped = match report.stopped {
            Stopped::Budget => "budget",
            Stopped::Confidence => "confidence",
            Stopped::Time => "time",
            Stopped::Interrupted => "interrupted",
        };
        to_js(&sim_view(
            &report.arms,
            report.iterations,
            stopped,
            &setup.position.board,
            a,
        ))
    }

    /// Solves the endgame of a CGP position whose bag is empty (the
    /// opponent's rack, when left out, is every unseen tile). `options`:
    /// `{time (seconds), depth, all_first_plays, rack}`. The value is
    /// `exact` only when no limit cut the search.
    pub fn endgame(&self, cgp: &str, options_: JsValue) -> Result<JsValue, JsError> {
        let o: EndgameOptions = options(options_, &["time", "depth", "all_first_plays", "rack"])?;
        let settings = EndgameSettings {
            time: seconds(o.time, "time")?,
            max_depth: o.depth,
            all_first_plays: o.all_first_plays,
            // A browser page runs one thread.
            parallel: false,
            ..EndgameSettings::default()
        };
        let stop = AtomicBool::new(false);
        let (_, racks, solution) = self
            .session
            .endgame(Input::Cgp(cgp), o.rack.as_deref(), &settings, &stop)
            .map_err(fail)?;
        let a = self.session.lexicon.alphabet();
        to_js(&endgame_view(&solution, racks, a))
    }
}

fn sim_view(
    arms: &[Arm],
    iterations: u64,
    stopped: &'static str,
    board: &Board,
    a: &Alphabet,
) -> SimView {
    SimView {
        arms: arms
            .iter()
            .map(|arm| SimArm {
                play: PlayRecord::new(
                    &Listed {
                        play: arm.play.clone(),
                        ranked: Some((arm.equity, arm.leave)),
                    },
                    board,
                    a,
                ),
                iterations: arm.iterations,
                mean: arm.mean(),
                stderr: Some(arm.stderr()).filter(|e| e.is_finite()),
                win: arm.win_rate(),
                dropped: arm.dropped,
            })
            .collect(),
        iterations,
        stopped,
    }
}

fn endgame_view(s: &Solution, racks: [lexgraph::Rack; 2], a: &Alphabet) -> EndgameView {
    EndgameView {
        value: s.value,
        exact: s.exact,
        depth: s.depth,
        line: s
            .line
            .iter()
            .map(|st| LineStep {
                player: st.player,
                play: st.play.text(a),
                score: st.score,
                end: st.end,
                ending: st.ending.map(|e| e.name()),
            })
            .collect(),
        first_plays: s
            .first_plays
            .iter()
            .map(|f| FirstPlayView {
                play: f.play.text(a),
                value: f.value,
                upper_bound: f.upper_bound,
            })
            .collect(),
        nodes: s.nodes,
        racks: [racks[0].to_text(a), racks[1].to_text(a)],
    }
}
