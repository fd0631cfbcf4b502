//! `lexgraph moves`: every legal move for a position, as text or JSON Lines.

use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::Args;
use lexgraph::board::{parse_text_positions, Board, Position, Rack, BLANK_FLAG};
use lexgraph::movegen::{cross_words, squares_text, Dir, Generator, Move, Options};
use lexgraph::rules::{Layout, Rules};
use lexgraph::{Alphabet, Kind, Lexicon};
use serde::Serialize;

#[derive(Args)]
pub struct MovesArgs {
    /// One position in CGP: `BOARD RACK/RACK SCORE/SCORE ZERO_TURNS [lex NAME;]`
    #[arg(long, conflicts_with_all = ["board", "cgp_file"])]
    cgp: Option<String>,
    /// A file of CGP positions, one per line (batch mode)
    #[arg(long, conflicts_with_all = ["board"])]
    cgp_file: Option<PathBuf>,
    /// A plain-text board file (`.` empty, one row per line; may hold several positions, each followed by its rack)
    #[arg(long)]
    board: Option<PathBuf>,
    /// The rack (`?` = blank); overrides the position's rack
    #[arg(long)]
    rack: Option<String>,
    /// Lexicon file (.gaddag or .dawg). Default: the CGP's `lex NAME` if found in
    /// $LEXGRAPH_LEXICON_PATH, ./out or ./lexicons, else the built-in English lexicon
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
    #[arg(long)]
    count: bool,
    /// Output format
    #[arg(long, value_parser = ["text", "json"], default_value = "text")]
    format: String,
    /// Also list exchanges (when the bag holds at least 7 tiles) and pass
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
    dir: Dir,
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
    dir: Option<Dir>,
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
    // Gather the positions first: (label for errors, source line, position or error).
    let mut inputs: Vec<(String, std::result::Result<String, String>)> = Vec::new();
    let batch;
    enum Src {
        Cgp,
        Text(String),
    }
    let src = if let Some(c) = &args.cgp {
        batch = false;
        inputs.push(("--cgp".into(), Ok(c.clone())));
        Src::Cgp
    } else if let Some(f) = &args.cgp_file {
        batch = true;
        let text =
            std::fs::read_to_string(f).with_context(|| format!("reading {}", f.display()))?;
        for (i, l) in text.lines().enumerate() {
            let l = l.trim();
            if l.is_empty() || l.starts_with('#') {
                continue;
            }
            inputs.push((format!("{}:{}", f.display(), i + 1), Ok(l.to_string())));
        }
        Src::Cgp
    } else if let Some(b) = &args.board {
        let text =
            std::fs::read_to_string(b).with_context(|| format!("reading {}", b.display()))?;
        batch = false;
        Src::Text(text)
    } else {
        bail!("give a position: --cgp, --cgp-file or --board");
    };

    // The lexicon: flag, else the first CGP's `lex NAME;`, else the default.
    let first_lex_name = match &src {
        Src::Cgp => inputs
            .iter()
            .find_map(|(_, l)| l.as_ref().ok().and_then(|l| cgp_lex_name(l))),
        Src::Text(_) => None,
    };
    let lex = open_lexicon(
        args.lexicon.as_deref(),
        first_lex_name.as_deref(),
        args.structure.as_deref(),
    )?;
    let alphabet = lex.alphabet().clone();

    // Parse positions.
    let mut positions: Vec<(String, std::result::Result<Position, String>)> = Vec::new();
    let layout_arg = args.layout.clone();
    let size_of_layout = |n: usize| -> Result<Layout> { pick_layout(layout_arg.as_deref(), n) };
    match &src {
        Src::Cgp => {
            for (label, line) in inputs {
                let line = line.unwrap();
                let size = line
                    .split_whitespace()
                    .next()
                    .map(|b| b.split('/').count())
                    .unwrap_or(0);
                // A bad board size is this line's error, not the batch's.
                let p = size_of_layout(size)
                    .map_err(|e| format!("{e:#}"))
                    .and_then(|layout| {
                        Position::parse_cgp(&line, &alphabet, layout.size())
                            .map_err(|e| e.to_string())
                    });
                positions.push((label, p));
            }
        }
        Src::Text(text) => {
            let path = args.board.as_ref().unwrap().display().to_string();
            // Board size: the number of squares in the first row.
            let first = text
                .lines()
                .map(str::trim)
                .find(|l| !l.is_empty() && !l.starts_with('#'))
                .unwrap_or("");
            let n = row_squares(first);
            let layout = size_of_layout(n)?;
            let parsed = parse_text_positions(text, &alphabet, layout.size())
                .map_err(|e| anyhow::anyhow!("{path}: {e}"))?;
            for (line, p) in parsed {
                positions.push((format!("{path}:{line}"), Ok(p)));
            }
        }
    }
    let batch = batch || positions.len() > 1;
    let mut rules: Option<Rules> = None;
    let mut gen: Option<Generator> = None;
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut bad = 0usize;
    let opts = Options {
        opening_both: args.opening == "both",
    };
    for (k, (label, parsed)) in positions.into_iter().enumerate() {
        let result = (|| -> std::result::Result<(Position, Vec<Play>), String> {
            let mut p = parsed?;
            if let Some(r) = &args.rack {
                p.racks[0] = Rack::parse(r, &alphabet).map_err(|e| e.to_string())?;
            }
            p.validate(&alphabet, args.rack_size)
                .map_err(|e| e.to_string())?;
            let layout = pick_layout(args.layout.as_deref(), p.board.size())
                .map_err(|e| format!("{e:#}"))?;
            if layout.size() != p.board.size() {
                return Err(format!(
                    "the board is {0}x{0}, the layout {1}x{1}",
                    p.board.size(),
                    layout.size()
                ));
            }
            if rules.as_ref().is_none_or(|r| r.layout != layout) {
                let r = Rules {
                    layout,
                    rack_size: args.rack_size,
                    bingo_bonus: args.bingo,
                };
                gen = Some(Generator::new(r.clone()));
                rules = Some(r);
            }
            let g = gen.as_mut().unwrap();
            let mut plays: Vec<Play> = g
                .generate_vec(&lex, &p.board, p.rack(), &opts)
                .into_iter()
                .map(Play::Place)
                .collect();
            if args.exchanges {
                // The bag: everything the mover cannot see, less the opponent's rack.
                let unseen: usize = p.unseen(&alphabet).iter().map(|&c| c as usize).sum();
                if unseen.saturating_sub(p.racks[1].len()) >= args.rack_size {
                    plays.extend(sub_racks(p.rack()).into_iter().map(Play::Exchange));
                }
                plays.push(Play::Pass);
            }
            Ok((p, plays))
        })();
        let (p, plays) = match result {
            Ok(r) => r,
            Err(e) => {
                if args.strict || !batch {
                    bail!("{label}: {e}");
                }
                eprintln!("error: {label}: {e}");
                bad += 1;
                continue;
            }
        };
        let position = batch.then_some(k);
        if args.count {
            let n = plays.len();
            if args.format == "json" {
                serde_json::to_writer(&mut out, &JsonCount { position, moves: n })?;
                writeln!(out)?;
            } else if batch {
                writeln!(out, "{k} {n}")?;
            } else {
                writeln!(out, "{n}")?;
            }
            continue;
        }
        let shown = args.top.unwrap_or(usize::MAX).min(plays.len());
        if args.format == "text" && batch {
            writeln!(out, "# position {k} ({label}): {} moves", plays.len())?;
        }
        for play in &plays[..shown] {
            if args.format == "json" {
                serde_json::to_writer(&mut out, &json_play(play, position, &alphabet, &p.board))?;
                writeln!(out)?;
            } else {
                writeln!(out, "{}", text_play(play, &alphabet))?;
            }
        }
    }
    out.flush()?;
    Ok(if bad > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
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
        Play::Place(m) => {
            let cross_dir = match m.dir {
                Dir::Across => Dir::Down,
                Dir::Down => Dir::Across,
            };
            JsonMove {
                kind: "place",
                row: Some(m.row as usize),
                col: Some(m.col as usize),
                dir: Some(m.dir),
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
                            dir: cross_dir,
                            word: squares_text(&w, alphabet),
                        })
                        .collect(),
                ),
                score: m.score,
                ..empty
            }
        }
        Play::Exchange(r) => JsonMove {
            kind: "exchange",
            exchange: Some(r.to_text(alphabet)),
            ..empty
        },
        Play::Pass => empty,
    }
}

/// Number of squares in a plain-text board row.
fn row_squares(row: &str) -> usize {
    let mut n = 0;
    let mut in_bracket = false;
    for c in row.chars() {
        match c {
            '[' => in_bracket = true,
            ']' => {
                in_bracket = false;
                n += 1;
            }
            _ if in_bracket => {}
            _ => n += 1,
        }
    }
    n
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
                "the board has {n} row{}: no built-in layout is {n}x{n} (standard is 15x15, super 21x21; give --layout FILE)",
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
        None => lex_name.and_then(|n| find_named_lexicon(n, want.unwrap_or(Kind::Gaddag))),
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

/// Every distinct non-empty sub-multiset of the rack.
fn sub_racks(rack: &Rack) -> Vec<Rack> {
    let kinds: Vec<(u8, u8)> = rack
        .counts()
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(t, &n)| (t as u8, n))
        .collect();
    let mut out = Vec::new();
    let mut cur = Rack::default();
    fn rec(kinds: &[(u8, u8)], i: usize, cur: &mut Rack, out: &mut Vec<Rack>) {
        if i == kinds.len() {
            if !cur.is_empty() {
                out.push(*cur);
            }
            return;
        }
        let (t, n) = kinds[i];
        for k in 0..=n {
            rec(kinds, i + 1, cur, out);
            if k < n {
                cur.add(t);
            }
        }
        for _ in 0..n {
            cur.remove(t);
        }
    }
    rec(&kinds, 0, &mut cur, &mut out);
    out
}
