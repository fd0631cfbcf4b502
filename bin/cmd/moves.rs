//! `lexgraph moves`: every legal move for a position, as text or JSON Lines.

use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::{BufRead, BufReader, IsTerminal, Read};
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;

use anyhow::{bail, Context, Result};

use lexgraph::equity::{Listed, Play, PlayRecord};
use lexgraph::movegen::{Counter, Generator, Move, Options};
use lexgraph::play::{parse_square, Notation};
use lexgraph::position::{parse_text_positions, text_tiles, Position, DEFAULT_BINGO_BONUS};
use lexgraph::rack::Rack;
use lexgraph::rules::{Layout, Rules};
use lexgraph::strategy::{Leaves, Strategy};
use lexgraph::{Alphabet, Kind, Lexicon};
use serde::Serialize;

use crate::cgp_lines::{opcode, opcodes_from, CgpLines, MAX_CGP_LINE};
use crate::players;
use crate::setup::RuleSet;
use crate::{status, usage, Negative, Usage};

mod lexicons;
mod listing;
mod output;
mod printer;

use lexicons::Lexicons;
use output::{Apart, Output, Owned};
use printer::{Answer, Printer};

#[derive(clap::Args)]
pub struct Args {
    /// One position in CGP: `BOARD RACK/RACK SCORE/SCORE ZERO_TURNS [lex NAME;]`
    #[arg(long, conflicts_with_all = ["board", "cgp_file"])]
    cgp: Option<String>,
    /// A file of CGP positions, one per line (batch mode), read as a stream; `-` reads
    /// standard input
    #[arg(long, conflicts_with_all = ["board"])]
    cgp_file: Option<PathBuf>,
    /// A plain-text board file (`.` empty, one row per line; may hold several positions, each followed by its rack)
    #[arg(long)]
    board: Option<PathBuf>,
    /// The rack (`?` = blank); overrides the position's rack
    #[arg(long)]
    rack: Option<String>,
    /// Lexicon file (.gaddag or .dawg). Default: each CGP's `lex NAME` (in a batch, a line
    /// without one takes the first line's), found as NAME.gaddag or NAME.dawg in
    /// $LEXGRAPH_LEXICON_PATH, ./out or ./lexicons (a name not found is an error, see
    /// --fallback); without a `lex` opcode, the built-in English lexicon
    #[arg(short, long)]
    lexicon: Option<PathBuf>,
    /// When a CGP's `lex NAME` is not found, use the built-in English lexicon (with a
    /// note) instead of failing
    #[arg(long)]
    fallback: bool,
    /// Algorithm: gaddag (Gordon) or dawg (Appel & Jacobson); finds the sibling file
    /// (x.gaddag <-> x.dawg) when the lexicon is of the other kind
    #[arg(long, value_enum)]
    structure: Option<Structure>,
    /// Board layout: standard (15x15), super (21x21) or a layout file; default by board size
    #[arg(long)]
    layout: Option<String>,
    /// Keep only the N best plays (default 15, as Macondo's `gen` lists)
    #[arg(long)]
    top: Option<usize>,
    /// List every legal play, not only the best 15
    #[arg(long, conflicts_with_all = ["top", "count", "play"])]
    all: bool,
    /// Print only the number of legal moves
    #[arg(long, conflicts_with = "top")]
    count: bool,
    /// Only this play, in the output's notation (`8D QUIRE` across, `H4 QUIRe` down with
    /// a blank as lower case; a one-tile play by either of its words): its score if
    /// legal, else an error. Written in capitals only, it also finds the plays that need
    /// blanks for some of its letters
    #[arg(long, conflicts_with_all = ["count", "exchanges"])]
    play: Option<String>,
    /// Output format: text, or JSON Lines
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// How plays are ranked: `equity` (score plus the value of the tiles
    /// kept, with --leaves; exchanges and the pass are ranked too, and each
    /// play is printed with its equity and leave) or `score` (the
    /// placements, highest score first). Default: equity, except for
    /// Upwords, --count and --play
    #[arg(long, value_enum, conflicts_with_all = ["count", "play"])]
    by: Option<By>,
    /// The leave values equity is ranked by: `auto` (the default: the
    /// lexicon's own, X.klv2 beside X.gaddag as `compile` copies a list's, or
    /// the built-in list's; else Gordon's Heuristic 2), `gordon1`, `gordon2`,
    /// a KLV file of learned values (`.klv2`, `.klv`) or a `leave,value` CSV file
    #[arg(long, value_name = "auto|gordon1|gordon2|FILE.klv2|FILE.csv", conflicts_with_all = ["count", "play"])]
    leaves: Option<String>,
    /// Pull towards common words: each placement's equity plus M times its
    /// main word's count over the highest count among the position's plays
    /// (word frequencies: --frequencies)
    #[arg(long, value_name = "M", conflicts_with_all = ["count", "play"])]
    realism: Option<f32>,
    /// Only plays whose main word is among the N most frequent words of the
    /// lexicon or a two-letter word; the words formed across are checked
    /// against the whole lexicon (word frequencies: --frequencies)
    #[arg(long, value_name = "N", conflicts_with_all = ["count", "play"])]
    vocabulary: Option<usize>,
    /// The `word,count` list --realism and --vocabulary read (default, for
    /// the English alphabet: lexicons/english.freq.csv, built in)
    #[arg(long, value_name = "FILE")]
    frequencies: Option<PathBuf>,
    /// Also list exchanges and pass. Exchanging needs at least a rack's worth
    /// of tiles in the bag: the tiles the mover cannot see, less the
    /// opponent's rack (as the CGP gives it, else a full rack)
    #[arg(long)]
    exchanges: bool,
    /// Opening moves: `across` (the board is symmetric) or `both`
    #[arg(long, value_enum, default_value_t = Opening::Across)]
    opening: Opening,
    /// Tiles on a full rack
    #[arg(long, default_value_t = 7)]
    rack_size: usize,
    /// Bonus for placing a full rack (default 50, Upwords 20; a CGP's `bb N;` opcode
    /// overrides it)
    #[arg(long)]
    bingo: Option<i32>,
    /// In batch mode, stop at the first bad position instead of reporting it and going on
    #[arg(long)]
    strict: bool,
    /// The game: classic (the crossword game) or upwords (tiles stack; positions with
    /// --stacked or --stacked-file; the built-in list in the Upwords alphabet by default)
    #[arg(long, value_enum, default_value_t = RuleSet::Classic)]
    rules: RuleSet,
    /// One stacked position (Upwords, formats/upwords.md): `ROWS RACK`, the rows joined
    /// by `/`, each square `.` or its top tile and height (`A1`, `[QU]2`)
    #[arg(long, conflicts_with_all = ["cgp", "cgp_file", "board", "leaves", "exchanges", "play"])]
    stacked: Option<String>,
    /// A file of stacked positions, one per line; `-` reads standard input
    #[arg(long, conflicts_with_all = ["cgp", "cgp_file", "board", "stacked", "leaves", "exchanges", "play"])]
    stacked_file: Option<PathBuf>,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Structure {
    Gaddag,
    Dawg,
}

impl Structure {
    fn kind(self) -> Kind {
        match self {
            Structure::Gaddag => Kind::Gaddag,
            Structure::Dawg => Kind::Dawg,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum By {
    Equity,
    Score,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Json,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Opening {
    Across,
    Both,
}

/// A play as `--format json` writes it: the library's play record, after
/// the position's number (in a batch) and the lexicon file.
#[derive(Serialize)]
struct JsonMove<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<usize>,
    /// The lexicon file the moves come from.
    lexicon: &'a str,
    #[serde(flatten)]
    play: PlayRecord,
}

/// Plays listed when neither `--top` nor `--all` is given.
const DEFAULT_TOP: usize = 15;

impl Args {
    /// Ranked by a player with a vocabulary or a realism weight.
    fn by_player(&self) -> bool {
        self.realism.is_some() || self.vocabulary.is_some()
    }

    /// That player's spec: the base ranking (`greedy` with `--by score`,
    /// else the `--leaves`) and the modifiers.
    fn player_spec(&self) -> String {
        let mut spec = match self.by {
            Some(By::Score) => "greedy".to_string(),
            _ => self.leaves.clone().unwrap_or_else(|| "auto".into()),
        };
        if let Some(n) = self.vocabulary {
            spec += &format!(",vocab={n}");
        }
        if let Some(m) = self.realism {
            spec += &format!(",realism={m}");
        }
        spec
    }

    /// How many plays to list: `--top`, every one with `--all` (and for
    /// `--count` and `--play`, which do not list the best), else 15.
    fn top(&self) -> Option<usize> {
        match self.all || self.count || self.play.is_some() {
            true => None,
            false => Some(self.top.unwrap_or(DEFAULT_TOP)),
        }
    }
}

/// The largest `--board` file read.
const MAX_BOARD_FILE: u64 = 64 << 20;

pub fn run(args: Args) -> Result<ExitCode> {
    if args.rules == RuleSet::Upwords {
        if args.cgp.is_some() || args.cgp_file.is_some() || args.board.is_some() {
            usage!(
                "Upwords positions are stacked: give --stacked 'ROWS RACK' or --stacked-file FILE"
            );
        }
        if args.leaves.is_some() || args.exchanges || args.play.is_some() || args.by_player() {
            usage!("--leaves, --exchanges, --play, --realism and --vocabulary are for the crossword game");
        }
        if args.by == Some(By::Equity) {
            usage!("Upwords plays are listed by score (--by score)");
        }
        return crate::stacked::moves(crate::stacked::MovesArgs {
            stacked: args.stacked.as_deref(),
            stacked_file: args.stacked_file.as_deref(),
            rack: args.rack.as_deref(),
            lexicon: args.lexicon.as_deref(),
            structure: args.structure.map(Structure::kind),
            layout: args.layout.as_deref(),
            rack_size: args.rack_size,
            bingo: args.bingo,
            top: args.top(),
            count: args.count,
            json: args.format == Format::Json,
            strict: args.strict,
        });
    }
    if args.stacked.is_some() || args.stacked_file.is_some() {
        usage!("stacked positions are Upwords positions: add --rules upwords");
    }
    if args.by == Some(By::Score) && args.leaves.is_some() {
        usage!("--leaves ranks by equity: it does not go with --by score");
    }
    // A bad --layout, --rack-size, --bingo or --play is the command's
    // error, not each position's.
    let layout = match &args.layout {
        Some(l) => pick_layout(Some(l), 0).with_context(|| format!("--layout {l}"))?,
        None => Layout::standard(),
    };
    Rules::new(
        layout,
        args.rack_size,
        args.bingo.unwrap_or(DEFAULT_BINGO_BONUS),
    )
    .map_err(|e| Usage(e.to_string()))?;
    let play = match &args.play {
        Some(p) => Some(parse_play(p).map_err(|e| Usage(format!("--play {p:?}: {e}")))?),
        None => None,
    };
    let lexicons = Lexicons::new(&args);
    if let Some(c) = &args.cgp {
        let mut run = Run::new(&args, lexicons, false, play);
        let p = run.parse_cgp(c);
        run.position(0, "--cgp", p)?;
        return run.finish();
    }
    if let Some(f) = &args.cgp_file {
        // Streamed a line at a time: a batch of any length runs in constant
        // memory, `-` reads a pipe, and each answer read from it is flushed
        // as soon as it is written, so that a program can drive the engine a
        // line at a time.
        let (name, reader): (String, Box<dyn BufRead>) = if f.as_os_str() == "-" {
            ("stdin".into(), Box::new(std::io::stdin().lock()))
        } else {
            let file = File::open(f).with_context(|| format!("reading {}", f.display()))?;
            (f.display().to_string(), Box::new(BufReader::new(file)))
        };
        let lines = CgpLines::new(name, reader);
        let mut run = Run::new(&args, lexicons, true, play);
        for (k, item) in lines.enumerate() {
            let (label, line) = item?;
            let p = line.and_then(|l| run.parse_cgp(&l));
            run.position(k, &label, p)?;
        }
        return run.finish();
    }
    let Some(b) = &args.board else {
        usage!("give a position: --cgp, --cgp-file or --board");
    };
    let path = b.display().to_string();
    let mut bytes = Vec::new();
    File::open(b)
        .and_then(|f| f.take(MAX_BOARD_FILE + 1).read_to_end(&mut bytes))
        .with_context(|| format!("reading {path}"))?;
    if bytes.len() as u64 > MAX_BOARD_FILE {
        bail!(
            "{path}: larger than {} MiB: not a board file",
            MAX_BOARD_FILE >> 20
        );
    }
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let line = 1 + e.as_bytes()[..at].iter().filter(|&&c| c == b'\n').count();
            bail!("{path}:{line}: not UTF-8 text (byte {at} of the file)");
        }
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    if let Some((i, l)) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.len() > MAX_CGP_LINE)
    {
        bail!(
            "{path}:{}: a line of {} bytes ({}): not a board row",
            i + 1,
            l.len(),
            excerpt(l)
        );
    }
    // Board size: the number of squares in the first row.
    let (first_line, first) = text
        .lines()
        .map(str::trim)
        .enumerate()
        .find(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .map_or((1, ""), |(i, l)| (i + 1, l));
    if first.is_empty() {
        bail!("{path}: no board in the file");
    }
    if first.starts_with('>') || text.lines().any(|l| l.starts_with("#player1")) {
        bail!("{path}: a GCG game record, not a board (boards are rows of `.` and letters)");
    }
    if first.contains('/') {
        bail!(
            "{path}:{first_line}: a CGP line, not a board row (give CGP with --cgp or --cgp-file)"
        );
    }
    let layout = pick_layout(args.layout.as_deref(), text_tiles(first))
        .with_context(|| format!("{path}:{first_line}: the first board row"))?;
    let mut run = Run::new(&args, lexicons, false, play);
    let alphabet = run
        .lexicon(None)
        .map_err(anyhow::Error::msg)?
        .1
        .alphabet()
        .clone();
    let parsed = parse_text_positions(text, &alphabet, layout.size());
    run.batch = parsed.len() > 1;
    for (k, (line, p)) in parsed.into_iter().enumerate() {
        // An error is about `line`.
        let p = p.map_err(|e| e.to_string()).and_then(|p| {
            match p.rack().is_empty() && args.rack.is_none() {
                true => Err("the board has no rack line after it (or give --rack)".into()),
                false => Ok(p),
            }
        });
        run.position(k, &format!("{path}:{line}"), p)?;
    }
    run.finish()
}

/// A short quote of input for a message.
fn excerpt(text: &str) -> String {
    format!("{:?}", lexgraph::input::snippet(text))
}

/// What `moves` keeps from one position to the next: the lexicons, the
/// generator (rebuilt when the rules change) and the output.
struct Run<'a> {
    args: &'a Args,
    /// `--play`, parsed.
    play: Option<PlayQuery>,
    lexicons: Lexicons,
    /// Several positions: each output line says which one it is about, and
    /// a bad position is reported and skipped unless `--strict`.
    batch: bool,
    opts: Options,
    /// Layouts already picked, by name (`None`: by board size) and size.
    layouts: Vec<(LayoutKey, std::result::Result<Rc<Layout>, String>)>,
    /// The generator, and the layout and bingo bonus of its rules.
    gen: Option<(Rc<Layout>, i32, Generator)>,
    /// Ranked by equity (see `--by`).
    by_equity: bool,
    /// `--leaves` (default `auto`), read once per lexicon (its alphabet).
    leaves: HashMap<usize, Leaves>,
    /// With `--realism` or `--vocabulary`: the player that ranks, made
    /// once per lexicon (its vocabulary is compiled then).
    players: HashMap<usize, Strategy>,
    /// The placements of the position at hand.
    moves: Vec<Move>,
    output: Output,
    /// Each answer is written out at once: positions come from standard
    /// input (a program may be waiting for each), or go to a terminal.
    flush_each: bool,
    /// Positions that could not be answered (exit 3), and plays that were
    /// not legal (exit 1).
    bad: usize,
    illegal: usize,
    /// Opcodes already warned about.
    warned: HashSet<String>,
}

/// Listings of more plays than this a position (or of every play) are
/// printed on a thread of their own in a batch (see `output`).
const APART_TOP: usize = 64;

/// A layout as asked for: the `bdn` name (if any) and the board size.
type LayoutKey = (Option<String>, usize);

/// Why a position got no answer.
enum Fault {
    /// The position (or its lexicon) cannot be read.
    Data(String),
    /// `--play` is not legal there.
    Illegal(String),
}

impl From<String> for Fault {
    fn from(s: String) -> Fault {
        Fault::Data(s)
    }
}

impl<'a> Run<'a> {
    fn new(args: &'a Args, lexicons: Lexicons, batch: bool, play: Option<PlayQuery>) -> Run<'a> {
        let flush_each = args.cgp_file.as_ref().is_none_or(|f| f.as_os_str() == "-")
            || std::io::stdout().is_terminal();
        // Long listings of a batch from a file are printed beside the
        // search when a second core is there (see `output`).
        let apart = batch
            && !flush_each
            && !args.count
            && args.top().is_none_or(|n| n > APART_TOP)
            && std::thread::available_parallelism().is_ok_and(|n| n.get() > 1);
        // A thread that cannot start leaves the printing here.
        let output = apart
            .then(|| Apart::start(Printer::new(args, std::io::stdout())).ok())
            .flatten()
            .map_or_else(
                || Output::Here(Printer::new(args, std::io::stdout().lock())),
                Output::Apart,
            );
        Run {
            args,
            play,
            lexicons,
            batch,
            // A play to find may be a down opening.
            opts: Options::default()
                .opening_both(args.opening == Opening::Both || args.play.is_some()),
            layouts: Vec::new(),
            gen: None,
            by_equity: args.by != Some(By::Score) && !args.count && args.play.is_none(),
            leaves: HashMap::new(),
            players: HashMap::new(),
            moves: Vec::new(),
            output,
            flush_each,
            bad: 0,
            illegal: 0,
            warned: HashSet::new(),
        }
    }

    /// The lexicon for a `lex` opcode: (label, lexicon).
    fn lexicon(&mut self, name: Option<String>) -> std::result::Result<(&str, &Lexicon), String> {
        let i = self.lexicons.resolve(name)?;
        let (_, label, lex) = &self.lexicons.opened[i];
        Ok((label, lex))
    }

    /// The layout for a board of `size` squares a side: `--layout`, else
    /// the CGP's `bdn` name when it is a known one, else the built-in one of
    /// that size.
    fn layout(
        &mut self,
        bdn: Option<&str>,
        size: usize,
    ) -> std::result::Result<Rc<Layout>, String> {
        let bdn = match (&self.args.layout, bdn) {
            (None, Some(b)) => match Layout::for_cgp_name(b) {
                Some(l) => Some(l.name().to_string()),
                None => {
                    self.warn(
                        &format!("bdn {b}"),
                        &format!("unknown board layout {b:?} in a CGP `bdn` opcode: the layout is chosen by board size"),
                    );
                    None
                }
            },
            _ => None,
        };
        let key = (bdn.clone(), size);
        if let Some((_, l)) = self.layouts.iter().find(|(k, _)| *k == key) {
            return l.clone();
        }
        let flag = self.args.layout.as_deref().or(bdn.as_deref());
        let l = pick_layout(flag, size)
            .map(Rc::new)
            .map_err(|e| format!("{e:#}"));
        self.layouts.push((key, l.clone()));
        l
    }

    /// Reports `msg` on stderr the first time `key` comes up.
    fn warn(&mut self, key: &str, msg: &str) {
        if self.warned.insert(key.to_string()) {
            eprintln!("warning: {}", crate::shown(msg));
        }
    }

    fn parse_cgp(&mut self, line: &str) -> std::result::Result<CgpPosition, String> {
        let line = line.trim_start_matches('\u{feff}');
        if line.starts_with('>') || line.starts_with("#player") {
            return Err(
                "a GCG game record line, not CGP (GCG is a game's moves, CGP one position)".into(),
            );
        }
        // The fields read once: the board, the racks, and (the fifth on)
        // the opcodes.
        let mut fields = line.split_whitespace();
        let board_field = fields.next().unwrap_or("");
        let racks_field = fields.next();
        let rows = 1 + board_field.bytes().filter(|&b| b == b'/').count();
        if self.args.layout.is_none() && (rows < 2 || racks_field.is_none()) {
            return Err(format!(
                "not a CGP line: {}; expected BOARD RACK/RACK SCORE/SCORE ZERO_TURNS [OPCODES;], \
                 e.g. `15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 AEINRST/ 0/0 0 lex ENABLE;`",
                excerpt(line)
            ));
        }
        let opcodes = opcodes_from(line, fields.nth(2));
        let name = opcode(opcodes, "lex");
        let bdn = opcode(opcodes, "bdn");
        let alphabet = self.lexicons.resolve(name.clone())?;
        let alphabet = self.lexicons.alphabet(alphabet);
        // A bad board size is this line's error, not the batch's.
        let layout = self.layout(bdn.as_deref(), rows)?;
        if rows != layout.size() {
            return Err(format!(
                "the board has {rows} rows; the layout {0} is {1}x{1}",
                layout.name(),
                layout.size()
            ));
        }
        let position =
            Position::parse_cgp(line, &alphabet, layout.size()).map_err(|e| e.to_string())?;
        Ok(CgpPosition { position, name })
    }

    /// Generates and prints the moves of position `k`, or reports why it
    /// cannot (in a batch without `--strict`, on stderr, and goes on).
    fn position(
        &mut self,
        k: usize,
        label: &str,
        parsed: std::result::Result<impl Into<CgpPosition>, String>,
    ) -> Result<()> {
        let result = match parsed {
            Ok(p) => self.plays(p.into()),
            Err(e) => Err(Fault::Data(e)),
        };
        let outcome = match result {
            Ok((position, plays, li)) => {
                let (_, lexicon, lex) = &self.lexicons.opened[li];
                match &mut self.output {
                    Output::Here(printer) => printer.answer(&Answer {
                        k,
                        label,
                        batch: self.batch,
                        position: &position,
                        plays: &plays,
                        moves: &self.moves,
                        li,
                        lexicon,
                        alphabet: lex.alphabet(),
                    }),
                    Output::Apart(apart) => {
                        // Only placements are printed from the moves.
                        let moves = match plays {
                            Plays::Placed { .. } => {
                                std::mem::replace(&mut self.moves, apart.spare())
                            }
                            _ => Vec::new(),
                        };
                        apart.answer(Owned {
                            k,
                            label: label.to_string(),
                            batch: self.batch,
                            position,
                            plays,
                            moves,
                            li,
                            lexicon: lexicon.clone(),
                            alphabet: self.lexicons.alphabet(li),
                        })
                    }
                }
            }
            Err(Fault::Illegal(e)) if !self.batch || self.args.strict => {
                return Err(Negative(format!("{label}: {e}")).into())
            }
            Err(Fault::Data(e)) if !self.batch || self.args.strict => bail!("{label}: {e}"),
            Err(Fault::Illegal(e)) => {
                eprintln!("{}", crate::shown(&format!("{label}: {e}")));
                self.illegal += 1;
                self.frame_error(k, label, &e)
            }
            Err(Fault::Data(e)) => {
                eprintln!("error: {}", crate::shown(&format!("{label}: {e}")));
                self.bad += 1;
                self.frame_error(k, label, &e)
            }
        };
        // A program driving the engine through a pipe reads each answer
        // before it sends the next line: it goes out now. A batch from a
        // file goes out a chunk at a time.
        if let Output::Here(printer) = &mut self.output {
            if self.flush_each {
                printer.flush()?;
            } else {
                printer.flush_if_full()?;
            }
        }
        outcome
    }

    /// In a JSON batch, a position that got no answer says why on
    /// standard output too, in its place in the stream.
    fn frame_error(&mut self, k: usize, label: &str, why: &str) -> Result<()> {
        match (self.args.format == Format::Json, &mut self.output) {
            (false, _) => Ok(()),
            (true, Output::Here(printer)) => printer.frame(k, label, Err(why)),
            (true, Output::Apart(apart)) => apart.frame(k, label, why),
        }
    }

    /// The position (with `--rack` applied), what to print for it (the
    /// number of plays with `--count`, else the plays, best first) and the
    /// lexicon that answered it.
    fn plays(&mut self, cp: CgpPosition) -> std::result::Result<(Position, Plays, usize), Fault> {
        let args = self.args;
        let CgpPosition {
            position: mut p,
            name,
        } = cp;
        let li = self.lexicons.resolve(name)?;
        let alphabet = self.lexicons.alphabet(li);
        if let Some(r) = &args.rack {
            p.racks[0] = Rack::parse(r, &alphabet).map_err(|e| e.to_string())?;
        }
        // Opcodes: `bb` sets the bingo bonus, `ld` names the tile
        // distribution (the lexicon's alphabet, or one with the same tiles
        // and values in other numbers), `lex` and `bdn` were read already.
        let bingo = p
            .bingo_bonus()
            .map_err(|e| e.to_string())?
            .unwrap_or(args.bingo.unwrap_or(DEFAULT_BINGO_BONUS));
        let mut dist = Cow::Borrowed(&*alphabet);
        for (op, value) in &p.opcodes {
            match op.as_str() {
                "bb" => {}
                "ld" => match distribution(value, &alphabet) {
                    Ok(d) => dist = Cow::Owned(d),
                    Err(why) => self.warn(&format!("ld {value}"), &why),
                },
                "bdn" => {}
                _ => self.warn(
                    op,
                    &format!(
                        "CGP opcode `{op}` is not one lexgraph knows (lex, bb, ld, bdn): ignored"
                    ),
                ),
            }
        }
        p.validate(&dist, args.rack_size)
            .map_err(|e| e.to_string())?;
        let layout = self.layout(p.opcode("bdn"), p.board.size())?;
        if layout.size() != p.board.size() {
            return Err(format!(
                "the board is {0}x{0}, the layout {1}x{1}",
                p.board.size(),
                layout.size()
            )
            .into());
        }
        if self.by_equity {
            if let std::collections::hash_map::Entry::Vacant(e) = self.leaves.entry(li) {
                let spec = args.leaves.as_deref().unwrap_or("auto");
                let path = self.lexicons.paths[li].as_deref();
                let (_, leaves) = crate::default_lexicon::leaves_spec(spec, path, &alphabet)
                    .map_err(|e| format!("--leaves {e:#}"))?;
                e.insert(leaves);
            }
        }
        // The generator is kept while the rules are made of the same
        // layout and bonus (checking new rules costs more than comparing).
        if self
            .gen
            .as_ref()
            .is_none_or(|(l, b, _)| !(Rc::ptr_eq(l, &layout) || **l == *layout) || *b != bingo)
        {
            // Checked: no score under these rules can overflow.
            let rules = Rules::new(Layout::clone(&layout), args.rack_size, bingo)
                .map_err(|e| e.to_string())?;
            self.gen = Some((layout, bingo, Generator::new(rules)));
        }
        let g = &mut self.gen.as_mut().unwrap().2;
        let lex = &self.lexicons.opened[li].2;
        // Exchanges (when the bag can refill the rack) and pass, after
        // placements.
        let others = if args.exchanges {
            let mut v: Vec<Play> = Vec::new();
            if p.bag_len(&dist, args.rack_size) >= args.rack_size {
                v.extend(p.rack().sub_racks().into_iter().map(Play::Exchange));
            }
            v.push(Play::Pass);
            v
        } else {
            Vec::new()
        };
        if args.by_player() {
            let n = args.top().unwrap_or(usize::MAX);
            let player = match self.players.entry(li) {
                std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::hash_map::Entry::Vacant(e) => {
                    let path = self.lexicons.paths[li].as_deref();
                    let spec = args.player_spec();
                    let made = players::strategy(&spec, lex, path, args.frequencies.as_deref());
                    e.insert(made.map_err(|e| format!("{e:#}"))?)
                }
            };
            let plays = player.rank(g, lex, &p, n);
            let plays: Vec<Listed> = plays.into_iter().map(Listed::from).collect();
            return Ok((p, Plays::Ranked { plays }, li));
        }
        if let Some(leaves) = self.leaves.get(&li) {
            // By equity: the best plays (exchanges and the pass among them).
            let n = args.top().unwrap_or(usize::MAX);
            let (best, stats) = g.best_with_stats(lex, &p, leaves, n, &self.opts);
            if stats.exchanges_unranked {
                eprintln!(
                    "note: a rack of {} tiles has too many leaves to rank its exchanges \
                     (more than 2^20); placements and the pass are ranked",
                    p.rack().len()
                );
            }
            let plays: Vec<Listed> = best.into_iter().map(Listed::from).collect();
            return Ok((p, Plays::Ranked { plays }, li));
        }
        if args.count {
            // Counted as found: no list, no sorting.
            let mut n = Counter::default();
            g.generate(lex, &p.board, p.rack(), &self.opts, &mut n);
            return Ok((p, Plays::Count(n.0 + others.len()), li));
        }
        let moves = &mut self.moves;
        moves.clear();
        g.generate(lex, &p.board, p.rack(), &self.opts, moves);
        if let Some(q) = &self.play {
            let a = &alphabet;
            let n = Notation::parse(&q.text, a).map_err(|e| e.to_string())?;
            // A one-tile play is listed under one of its two words; either
            // names it.
            n.retain_named(&p.board, moves);
            if moves.is_empty() {
                let why = n.why_illegal(lex, g.rules(), &p.board, p.rack());
                let why = match why.is_empty() {
                    true => "not a legal move here".to_string(),
                    false => why.join("; "),
                };
                return Err(Fault::Illegal(format!("{} is not legal: {why}", q.text)));
            }
        }
        // `print` puts the placements (`self.moves`) in order.
        Ok((p, Plays::Placed { others }, li))
    }

    /// The exit status: 3 when a position could not be answered, 1 when a
    /// `--play` was not legal, else 0.
    fn finish(mut self) -> Result<ExitCode> {
        match &mut self.output {
            Output::Here(printer) => printer.flush()?,
            Output::Apart(apart) => apart.finish()?,
        }
        Ok(ExitCode::from(if self.bad > 0 {
            status::DATA
        } else if self.illegal > 0 {
            status::NO
        } else {
            status::OK
        }))
    }
}

/// A position and the `lex` name it was read for.
struct CgpPosition {
    position: Position,
    name: Option<String>,
}

impl From<Position> for CgpPosition {
    fn from(position: Position) -> CgpPosition {
        CgpPosition {
            position,
            name: None,
        }
    }
}

/// The alphabet a CGP `ld NAME` names, when it fits the lexicon's: the
/// lexicon's own, or a built-in one with the same tiles and values (other
/// numbers of each, as super-english has). Else why it is ignored.
fn distribution(name: &str, lexicon: &Alphabet) -> std::result::Result<Alphabet, String> {
    let name = name.to_ascii_lowercase();
    if name == lexicon.name() {
        return Ok(lexicon.clone());
    }
    let d = Alphabet::builtin(&name).map_err(|_| {
        format!(
            "CGP `ld {name}`: not a letter distribution lexgraph knows: the lexicon's ({}) is used",
            lexicon.name()
        )
    })?;
    let same = lexicon.same_tiles(&d);
    match same {
        true => Ok(d),
        false => Err(format!(
            "CGP `ld {name}`: its tiles or values differ from the lexicon's alphabet ({}), which is used",
            lexicon.name()
        )),
    }
}

/// What [`Run::plays`] found for a position.
enum Plays {
    Count(usize),
    /// Ranked by equity: the plays to print (at most `--top`), best first.
    Ranked {
        plays: Vec<Listed>,
    },
    /// By score: the placements (`Run::moves`, in no order: `Run::print`
    /// writes the `--top` best), then the exchanges and the pass (as many
    /// as `--top` leaves room for).
    Placed {
        others: Vec<Play>,
    },
}

/// The layout: the flag (built-in name or file), else the built-in one whose size matches.
fn pick_layout(flag: Option<&str>, size: usize) -> Result<Layout> {
    Ok(match flag {
        Some(spec) => Layout::named(spec)?,
        None => Layout::for_size(size)?,
    })
}

/// A `--play` value, checked for its form once for the run (its tiles are
/// read with each position's alphabet).
struct PlayQuery {
    text: String,
}

fn parse_play(play: &str) -> std::result::Result<PlayQuery, String> {
    let [coords, _] = play.split_whitespace().collect::<Vec<_>>()[..] else {
        return Err("expected SQUARE WORD, as 8D QUIRE (across) or D8 QUIRE (down)".into());
    };
    if parse_square(coords).is_none() {
        return Err(format!(
            "{coords:?} is not a square (row number and column letter, as 8D or D8)"
        ));
    }
    Ok(PlayQuery {
        text: play.split_whitespace().collect::<Vec<_>>().join(" "),
    })
}
