//! `lexgraph moves`: every legal move for a position, as text or JSON Lines.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::Args;
use lexgraph::board::{parse_text_positions, text_tiles, Board, Position, Rack, BLANK_FLAG};
use lexgraph::movegen::{cross_words, sort_moves, squares_text, Counter, Generator, Move, Options};
use lexgraph::rules::{Layout, Rules};
use lexgraph::{Alphabet, Kind, Lexicon};
use serde::Serialize;

#[derive(Args)]
pub struct MovesArgs {
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
    /// without one takes the first line's) if found in $LEXGRAPH_LEXICON_PATH, ./out or
    /// ./lexicons, else the built-in English lexicon
    #[arg(long)]
    lexicon: Option<PathBuf>,
    /// Algorithm: gaddag (Gordon) or dawg (Appel & Jacobson); finds the sibling file
    /// (x.gaddag <-> x.dawg) when the lexicon is of the other kind
    #[arg(long, value_parser = ["gaddag", "dawg"])]
    structure: Option<String>,
    /// Board layout: standard (15x15), super (21x21) or a layout file; default by board size
    #[arg(long)]
    layout: Option<String>,
    /// Keep only the N best moves
    #[arg(long)]
    top: Option<usize>,
    /// Print only the number of legal moves
    #[arg(long, conflicts_with = "top")]
    count: bool,
    /// Only this play, in the output's notation (`8D QUIRE` across, `H4 QUIRe` down with
    /// a blank as lower case; a one-tile play by either of its words): its score if
    /// legal, else an error. Written in capitals only, it also finds the plays that need
    /// blanks for some of its letters
    #[arg(long, conflicts_with_all = ["count", "exchanges"])]
    play: Option<String>,
    /// Output format
    #[arg(long, value_parser = ["text", "json"], default_value = "text")]
    format: String,
    /// Also list exchanges and pass. Exchanging needs at least a rack's worth
    /// of tiles in the bag: the tiles the mover cannot see, less the
    /// opponent's rack (as the CGP gives it, else a full rack)
    #[arg(long)]
    exchanges: bool,
    /// Opening moves: `across` (default; the board is symmetric) or `both`
    #[arg(long, value_parser = ["across", "both"], default_value = "across")]
    opening: String,
    /// Tiles on a full rack
    #[arg(long, default_value_t = 7)]
    rack_size: usize,
    /// Bonus for placing a full rack
    #[arg(long, default_value_t = 50)]
    bingo: i32,
    /// In batch mode, stop at the first bad position instead of reporting it and going on
    #[arg(long)]
    strict: bool,
}

#[derive(Serialize)]
struct JsonTile {
    row: usize,
    col: usize,
    letter: String,
    blank: bool,
}

#[derive(Serialize)]
struct JsonWord {
    row: usize,
    col: usize,
    dir: &'static str,
    word: String,
}

#[derive(Serialize)]
struct JsonMove {
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<usize>,
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    row: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    col: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    dir: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    notation: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    word: Option<String>,
    tiles: Vec<JsonTile>,
    /// On every placement, empty when it forms no cross word: one schema
    /// for all placements.
    #[serde(skip_serializing_if = "Option::is_none")]
    cross_words: Option<Vec<JsonWord>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    exchange: Option<String>,
    score: i32,
}

#[derive(Serialize)]
struct JsonCount {
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<usize>,
    moves: usize,
}

/// A placement, exchange or pass, for output.
enum Play {
    Place(Move),
    Exchange(Rack),
    Pass,
}

pub fn run(args: MovesArgs) -> Result<ExitCode> {
    // A bad --layout or --play is the command's error, not each position's.
    if let Some(l) = &args.layout {
        pick_layout(Some(l), 0).with_context(|| format!("--layout {l}"))?;
    }
    let play = match &args.play {
        Some(p) => Some(parse_play(p).map_err(|e| anyhow::anyhow!("--play {p:?}: {e}"))?),
        None => None,
    };
    if let Some(c) = &args.cgp {
        let lex = open_lexicon(
            args.lexicon.as_deref(),
            cgp_lex_name(c).as_deref(),
            args.structure.as_deref(),
        )?;
        let mut run = Run::new(&args, lex, false, play);
        let p = run.parse_cgp(c);
        run.position(0, "--cgp", p)?;
        return run.finish();
    }
    if let Some(f) = &args.cgp_file {
        // Streamed a line at a time: a batch of any length runs in constant
        // memory, and `-` reads a pipe.
        let (name, reader): (String, Box<dyn BufRead>) = if f.as_os_str() == "-" {
            ("stdin".into(), Box::new(std::io::stdin().lock()))
        } else {
            let file = File::open(f).with_context(|| format!("reading {}", f.display()))?;
            (f.display().to_string(), Box::new(BufReader::new(file)))
        };
        let mut lines = CgpLines {
            name,
            reader,
            line: 0,
            buf: Vec::new(),
        };
        // The lexicon: the flag, else the first position's `lex NAME;`.
        let first = lines.next().transpose()?;
        let lex_name = first
            .as_ref()
            .and_then(|(_, l)| l.as_deref().ok().and_then(cgp_lex_name));
        let lex = open_lexicon(
            args.lexicon.as_deref(),
            lex_name.as_deref(),
            args.structure.as_deref(),
        )?;
        let mut run = Run::new(&args, lex, true, play);
        run.lex_name = lex_name.clone();
        for (k, item) in first.into_iter().map(Ok).chain(lines).enumerate() {
            let (label, line) = item?;
            let p = line.and_then(|l| {
                // Without --lexicon, each line is answered in its own `lex`.
                if args.lexicon.is_none() {
                    run.use_named(cgp_lex_name(&l).or_else(|| lex_name.clone()))?;
                }
                run.parse_cgp(&l)
            });
            run.position(k, &label, p)?;
        }
        return run.finish();
    }
    let Some(b) = &args.board else {
        bail!("give a position: --cgp, --cgp-file or --board");
    };
    let path = b.display().to_string();
    let bytes = std::fs::read(b).with_context(|| format!("reading {path}"))?;
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            let line = 1 + e.as_bytes()[..at].iter().filter(|&&c| c == b'\n').count();
            bail!("{path}:{line}: not UTF-8 text (byte {at} of the file)");
        }
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let lex = open_lexicon(args.lexicon.as_deref(), None, args.structure.as_deref())?;
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
    if first.contains('/') {
        bail!(
            "{path}:{first_line}: a CGP line, not a board row (give CGP with --cgp or --cgp-file)"
        );
    }
    let layout = pick_layout(args.layout.as_deref(), text_tiles(first))
        .with_context(|| format!("{path}:{first_line}: the first board row"))?;
    let parsed = parse_text_positions(text, lex.alphabet(), layout.size());
    let mut run = Run::new(&args, lex, parsed.len() > 1, play);
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

/// The data lines of a CGP file, numbered: (label `FILE:LINE`, the line
/// or why it cannot be read as text). Blank lines and `#` comments are
/// skipped; a read error ends the batch.
struct CgpLines {
    name: String,
    reader: Box<dyn BufRead>,
    line: usize,
    buf: Vec<u8>,
}

type CgpLine = (String, std::result::Result<String, String>);

impl Iterator for CgpLines {
    type Item = Result<CgpLine>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            self.buf.clear();
            match self.reader.read_until(b'\n', &mut self.buf) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => {
                    return Some(Err(anyhow::Error::new(e)
                        .context(format!("reading {} after line {}", self.name, self.line))))
                }
            }
            self.line += 1;
            let label = format!("{}:{}", self.name, self.line);
            let text = match std::str::from_utf8(&self.buf) {
                Ok(t) => t.trim(),
                Err(e) => {
                    let msg = format!("not UTF-8 text (byte {} of the line)", e.valid_up_to());
                    return Some(Ok((label, Err(msg))));
                }
            };
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            return Some(Ok((label, Ok(text.to_string()))));
        }
    }
}

/// What `moves` keeps from one position to the next: the lexicon, the
/// generator (rebuilt when the layout changes) and the output.
struct Run<'a> {
    args: &'a MovesArgs,
    /// `--play`, parsed.
    play: Option<PlayQuery>,
    lex: Lexicon,
    alphabet: Alphabet,
    /// The `lex` name `lex` was opened for, and the others opened so far.
    lex_name: Option<String>,
    others: Vec<(Option<String>, Lexicon)>,
    /// Several positions: each output line says which one it is about, and
    /// a bad position is reported and skipped unless `--strict`.
    batch: bool,
    opts: Options,
    /// Layouts already picked, by board size.
    layouts: Vec<(usize, std::result::Result<Layout, String>)>,
    gen: Option<Generator>,
    moves: Vec<Move>,
    out: BufWriter<std::io::StdoutLock<'static>>,
    bad: usize,
}

impl<'a> Run<'a> {
    fn new(args: &'a MovesArgs, lex: Lexicon, batch: bool, play: Option<PlayQuery>) -> Run<'a> {
        Run {
            args,
            play,
            alphabet: lex.alphabet().clone(),
            lex,
            lex_name: None,
            others: Vec::new(),
            batch,
            opts: Options {
                // A play to find may be a down opening.
                opening_both: args.opening == "both" || args.play.is_some(),
            },
            layouts: Vec::new(),
            gen: None,
            moves: Vec::new(),
            out: BufWriter::new(std::io::stdout().lock()),
            bad: 0,
        }
    }

    /// The layout for a board of `size` squares a side (`--layout`, else
    /// the built-in one of that size).
    fn layout(&mut self, size: usize) -> std::result::Result<Layout, String> {
        if let Some((_, l)) = self.layouts.iter().find(|(n, _)| *n == size) {
            return l.clone();
        }
        let l = pick_layout(self.args.layout.as_deref(), size).map_err(|e| format!("{e:#}"));
        self.layouts.push((size, l.clone()));
        l
    }

    fn parse_cgp(&mut self, line: &str) -> std::result::Result<Position, String> {
        let size = line
            .trim_start_matches('\u{feff}')
            .split_whitespace()
            .next()
            .map_or(0, |b| b.split('/').count());
        // A bad board size is this line's error, not the batch's.
        let layout = self.layout(size)?;
        Position::parse_cgp(line, &self.alphabet, layout.size()).map_err(|e| e.to_string())
    }

    /// Makes the lexicon of `lex NAME` (`name`) the current one, opened once.
    fn use_named(&mut self, name: Option<String>) -> std::result::Result<(), String> {
        if name == self.lex_name {
            return Ok(());
        }
        let lex = match self.others.iter().position(|(n, _)| *n == name) {
            Some(i) => self.others.swap_remove(i).1,
            None => open_lexicon(None, name.as_deref(), self.args.structure.as_deref())
                .map_err(|e| format!("{e:#}"))?,
        };
        let old = std::mem::replace(&mut self.lex, lex);
        let old_name = std::mem::replace(&mut self.lex_name, name);
        self.others.push((old_name, old));
        self.alphabet = self.lex.alphabet().clone();
        Ok(())
    }

    /// Generates and prints the moves of position `k`, or reports why it
    /// cannot (in a batch without `--strict`, on stderr, and goes on).
    fn position(
        &mut self,
        k: usize,
        label: &str,
        parsed: std::result::Result<Position, String>,
    ) -> Result<()> {
        match self.plays(parsed) {
            Ok((p, plays)) => self.print(k, label, &p, plays),
            Err(e) if self.args.strict || !self.batch => bail!("{label}: {e}"),
            Err(e) => {
                eprintln!("error: {label}: {e}");
                self.bad += 1;
                Ok(())
            }
        }
    }

    /// The position (with `--rack` applied) and what to print for it: the
    /// number of plays with `--count`, else the plays, best first.
    fn plays(
        &mut self,
        parsed: std::result::Result<Position, String>,
    ) -> std::result::Result<(Position, Plays), String> {
        let args = self.args;
        let mut p = parsed?;
        if let Some(r) = &args.rack {
            p.racks[0] = Rack::parse(r, &self.alphabet).map_err(|e| e.to_string())?;
        }
        p.validate(&self.alphabet, args.rack_size)
            .map_err(|e| e.to_string())?;
        let layout = self.layout(p.board.size())?;
        if layout.size() != p.board.size() {
            return Err(format!(
                "the board is {0}x{0}, the layout {1}x{1}",
                p.board.size(),
                layout.size()
            ));
        }
        if self.gen.as_ref().is_none_or(|g| g.rules().layout != layout) {
            self.gen = Some(Generator::new(Rules {
                layout,
                rack_size: args.rack_size,
                bingo_bonus: args.bingo,
            }));
        }
        let g = self.gen.as_mut().unwrap();
        // Exchanges (when the bag can refill the rack) and pass, after
        // placements.
        let others = if args.exchanges {
            let mut v: Vec<Play> = Vec::new();
            if p.bag_len(&self.alphabet, args.rack_size) >= args.rack_size {
                v.extend(p.rack().sub_racks().into_iter().map(Play::Exchange));
            }
            v.push(Play::Pass);
            v
        } else {
            Vec::new()
        };
        if args.count {
            // Counted as found: no list, no sorting.
            let mut n = Counter::default();
            g.generate(&self.lex, &p.board, p.rack(), &self.opts, &mut n);
            return Ok((p, Plays::Count(n.0 + others.len())));
        }
        let moves = &mut self.moves;
        moves.clear();
        g.generate(&self.lex, &p.board, p.rack(), &self.opts, moves);
        if let Some(PlayQuery {
            text: want,
            row,
            col,
        }) = &self.play
        {
            let n = p.board.size();
            if *row >= n || *col >= n {
                let coords = want.split(' ').next().unwrap_or("");
                return Err(format!("--play: {coords} is off the {n}x{n} board"));
            }
            let a = &self.alphabet;
            // A one-tile play is listed under one of its two words; either
            // names it.
            let names = |m: &Move| {
                let mut v = vec![m.notation(a)];
                v.extend(other_notation(&p.board, m, a));
                v
            };
            let exact = |m: &Move| names(m).contains(want);
            // Capitals only: the same squares and letters, any blanks.
            let loose = |m: &Move| names(m).iter().any(|n| n.to_uppercase() == *want);
            let capitals = *want == want.to_uppercase();
            let filter: &dyn Fn(&Move) -> bool = match capitals && !moves.iter().any(exact) {
                true => &loose,
                false => &exact,
            };
            moves.retain(|m| filter(m));
            if moves.is_empty() {
                return Err(format!("{want} is not a legal move here"));
            }
        }
        let total = moves.len() + others.len();
        // With --top N, only the N best are put in order.
        let top = args.top.unwrap_or(usize::MAX);
        if top < moves.len() {
            moves.select_nth_unstable_by(top, Move::canonical_cmp);
            moves.truncate(top);
        }
        sort_moves(moves);
        let mut plays: Vec<Play> = moves.iter().copied().map(Play::Place).collect();
        plays.extend(others);
        plays.truncate(top);
        Ok((p, Plays::List { total, plays }))
    }

    fn print(&mut self, k: usize, label: &str, p: &Position, plays: Plays) -> Result<()> {
        let (args, out) = (self.args, &mut self.out);
        let position = self.batch.then_some(k);
        let (total, plays) = match plays {
            Plays::Count(n) => {
                if args.format == "json" {
                    serde_json::to_writer(&mut *out, &JsonCount { position, moves: n })?;
                    writeln!(out)?;
                } else if self.batch {
                    writeln!(out, "{k} {n}")?;
                } else {
                    writeln!(out, "{n}")?;
                }
                return Ok(());
            }
            Plays::List { total, plays } => (total, plays),
        };
        if args.format == "text" && self.batch {
            writeln!(out, "# position {k} ({label}): {total} moves")?;
        }
        for play in &plays {
            if args.format == "json" {
                let j = json_play(play, position, &self.alphabet, &p.board);
                serde_json::to_writer(&mut *out, &j)?;
                writeln!(out)?;
            } else {
                writeln!(out, "{}", text_play(play, &self.alphabet))?;
            }
        }
        Ok(())
    }

    fn finish(mut self) -> Result<ExitCode> {
        self.out.flush()?;
        Ok(if self.bad > 0 {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        })
    }
}

/// What [`Run::plays`] found for a position.
enum Plays {
    Count(usize),
    /// The plays to print (at most `--top`), best first, and how many
    /// there are in all.
    List {
        total: usize,
        plays: Vec<Play>,
    },
}

fn text_play(play: &Play, alphabet: &Alphabet) -> String {
    match play {
        Play::Place(m) => format!("{} {}", m.notation(alphabet), m.score),
        Play::Exchange(r) => format!("exchange {} 0", r.to_text(alphabet)),
        Play::Pass => "pass 0".to_string(),
    }
}

fn json_play(play: &Play, position: Option<usize>, alphabet: &Alphabet, board: &Board) -> JsonMove {
    let empty = JsonMove {
        position,
        kind: "pass",
        row: None,
        col: None,
        dir: None,
        notation: None,
        word: None,
        tiles: Vec::new(),
        cross_words: None,
        exchange: None,
        score: 0,
    };
    match play {
        Play::Place(m) => JsonMove {
            kind: "place",
            row: Some(m.row as usize),
            col: Some(m.col as usize),
            dir: Some(m.dir.name()),
            notation: Some(m.notation(alphabet)),
            word: Some(m.word_text(alphabet)),
            tiles: m
                .placements()
                .map(|(row, col, sq)| JsonTile {
                    row,
                    col,
                    letter: squares_text(&[sq], alphabet),
                    blank: sq & BLANK_FLAG != 0,
                })
                .collect(),
            cross_words: Some(
                cross_words(board, m)
                    .into_iter()
                    .map(|(row, col, w)| JsonWord {
                        row,
                        col,
                        dir: m.dir.cross().name(),
                        word: squares_text(&w, alphabet),
                    })
                    .collect(),
            ),
            score: m.score,
            ..empty
        },
        Play::Exchange(r) => JsonMove {
            kind: "exchange",
            exchange: Some(r.to_text(alphabet)),
            ..empty
        },
        Play::Pass => empty,
    }
}

fn cgp_lex_name(line: &str) -> Option<String> {
    let ops = line
        .split_whitespace()
        .skip(4)
        .collect::<Vec<_>>()
        .join(" ");
    ops.split(';').find_map(|op| {
        let op = op.trim();
        op.strip_prefix("lex ").map(|n| n.trim().to_string())
    })
}

/// The layout: the flag (built-in name or file), else the built-in one whose size matches.
fn pick_layout(flag: Option<&str>, size: usize) -> Result<Layout> {
    match flag {
        Some(f) if Path::new(f).is_file() => Ok(Layout::from_file(Path::new(f))?),
        Some(name) => Ok(Layout::builtin(name)?),
        None => match size {
            21 => Ok(Layout::builtin("super")?),
            15 => Ok(Layout::standard()),
            n => bail!(
                "a board {n} square{} wide: no built-in layout is {n}x{n} (standard is 15x15, super 21x21; give --layout FILE)",
                if n == 1 { "" } else { "s" }
            ),
        },
    }
}

/// Opens the lexicon to use, honouring --structure by finding the sibling file.
fn open_lexicon(
    path: Option<&Path>,
    lex_name: Option<&str>,
    structure: Option<&str>,
) -> Result<Lexicon> {
    let want = match structure {
        Some("dawg") => Some(Kind::Dawg),
        Some("gaddag") => Some(Kind::Gaddag),
        _ => None,
    };
    let path: Option<PathBuf> = match path {
        Some(p) => Some(p.to_path_buf()),
        // The wanted kind, else the other one: a name found only as the
        // other kind is that lexicon (and `--structure` then says what is
        // missing), not the built-in one.
        None => lex_name.and_then(|n| {
            let first = want.unwrap_or(Kind::Gaddag);
            let other = match first {
                Kind::Dawg => Kind::Gaddag,
                _ => Kind::Dawg,
            };
            find_named_lexicon(n, first).or_else(|| find_named_lexicon(n, other))
        }),
    };
    let Some(path) = path else {
        if let Some(n) = lex_name {
            eprintln!("note: lexicon {n:?} not found in $LEXGRAPH_LEXICON_PATH, ./out or ./lexicons; using the built-in English lexicon (give --lexicon)");
        }
        return crate::default_lexicon::open(want.unwrap_or(Kind::Gaddag));
    };
    let lex = Lexicon::open(&path)?;
    match want {
        Some(k) if k != lex.kind() => {
            let sibling = path.with_extension(k.extension());
            let other = Lexicon::open(&sibling).with_context(|| {
                format!(
                    "{} is a {}; --structure {} needs {}",
                    path.display(),
                    lex.kind().name(),
                    k.extension(),
                    sibling.display()
                )
            })?;
            Ok(other)
        }
        _ => Ok(lex),
    }
}

fn find_named_lexicon(name: &str, kind: Kind) -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os("LEXGRAPH_LEXICON_PATH")
        .map(|v| std::env::split_paths(&v).collect())
        .unwrap_or_default();
    dirs.push(PathBuf::from("out"));
    dirs.push(PathBuf::from("lexicons"));
    for d in dirs {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            let stem_ok = p
                .file_stem()
                .is_some_and(|s| s.to_string_lossy().eq_ignore_ascii_case(name));
            if stem_ok && p.extension().is_some_and(|x| x == kind.extension()) {
                return Some(p);
            }
        }
    }
    None
}

/// A `--play` value: the play as the output writes it (`8D WORD` across,
/// `D8 WORD` down, coordinates in capitals, a multi-character tile without
/// its brackets) and its first square, 0-based.
struct PlayQuery {
    text: String,
    row: usize,
    col: usize,
}

fn parse_play(play: &str) -> std::result::Result<PlayQuery, String> {
    let [coords, word] = play.split_whitespace().collect::<Vec<_>>()[..] else {
        return Err("expected COORDINATES WORD, as 8D QUIRE or D8 QUIRE".into());
    };
    let coords = coords.to_uppercase();
    // Row number and column letters, either way round.
    let digits = coords.trim_matches(|c: char| c.is_ascii_uppercase());
    let letters = coords.trim_matches(|c: char| c.is_ascii_digit());
    let well_formed = !digits.is_empty()
        && !letters.is_empty()
        && digits.chars().all(|c| c.is_ascii_digit())
        && letters.chars().all(|c| c.is_ascii_uppercase())
        && digits.len() + letters.len() == coords.len();
    if !well_formed {
        return Err(format!(
            "{coords:?} is not a square (row number and column letter, as 8D or D8)"
        ));
    }
    let row = digits
        .parse::<usize>()
        .unwrap_or(usize::MAX)
        .wrapping_sub(1);
    // Columns A..Z, then AA, AB, ... (as `column_name` writes them).
    let col = letters
        .bytes()
        .fold(0usize, |acc, c| {
            acc.saturating_mul(26)
                .saturating_add((c - b'A' + 1) as usize)
        })
        .wrapping_sub(1);
    let text = format!("{coords} {}", word.replace(['[', ']'], ""));
    Ok(PlayQuery { text, row, col })
}

/// A one-tile play's notation along its other word (`I8 SO` for `8H QUIRES`
/// with the S on H8 and an O below it), if it forms one.
fn other_notation(board: &Board, m: &Move, a: &Alphabet) -> Option<String> {
    if m.tiles_placed() != 1 {
        return None;
    }
    let (row, col, word) = cross_words(board, m).into_iter().next()?;
    let mut other = *m;
    other.dir = m.dir.cross();
    (other.row, other.col, other.len) = (row as u8, col as u8, word.len() as u8);
    other.word = [0; lexgraph::rules::MAX_SIZE];
    other.word[..word.len()].copy_from_slice(&word);
    Some(other.notation(a))
}
