//! `moves --rules upwords`: every legal move of stacked positions
//! (`formats/upwords.md`), and an Upwords game written as text.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use lexgraph::movegen::{Counter, Generator, Move, Options};
use lexgraph::rules::Rules;
use lexgraph::scoring::Upwords;
use lexgraph::{Kind, Lexicon, Position, Rack};
use serde::Serialize;

use crate::setup::{lexicon, rules, JsonCount};
use crate::status;

/// What `moves --rules upwords` reads.
pub struct MovesArgs<'a> {
    pub stacked: Option<&'a str>,
    pub stacked_file: Option<&'a Path>,
    pub rack: Option<&'a str>,
    pub lexicon: Option<&'a Path>,
    pub structure: Option<Kind>,
    pub layout: Option<&'a str>,
    pub rack_size: usize,
    pub bingo: Option<i32>,
    pub top: Option<usize>,
    pub count: bool,
    pub json: bool,
    pub strict: bool,
}

#[derive(Serialize)]
struct JsonMove<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    position: Option<usize>,
    lexicon: &'a str,
    dir: &'static str,
    row: usize,
    col: usize,
    word: String,
    score: i32,
    /// The squares that receive a tile, in word order.
    placed: Vec<[usize; 2]>,
    /// The move as a line of a stacked move list.
    line: String,
}

/// `moves --rules upwords`: every legal move of each stacked position.
pub fn moves(a: MovesArgs<'_>) -> Result<ExitCode> {
    let rules =
        rules(a.layout, a.rack_size, a.bingo).map_err(|e| crate::Usage(format!("{e:#}")))?;
    let (label, lex) = lexicon(a.lexicon, a.structure)?;
    let mut gen = Generator::<Upwords>::with_scoring(rules.clone());
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut bad = 0;
    let mut answer =
        |k: Option<usize>, where_: &str, line: &str, out: &mut dyn Write| -> Result<bool> {
            let pos = match position(line, &lex, &rules, a.rack) {
                Ok(p) => p,
                Err(e) => {
                    let msg = format!("{where_}: {e:#}");
                    if k.is_none() || a.strict {
                        bail!(msg);
                    }
                    eprintln!("error: {}", crate::shown(&msg));
                    return Ok(false);
                }
            };
            let opts = Options::default();
            if a.count {
                let mut c = Counter::default();
                gen.generate(&lex, &pos.board, pos.rack(), &opts, &mut c);
                if a.json {
                    let j = JsonCount {
                        position: k,
                        lexicon: &label,
                        moves: c.0,
                    };
                    writeln!(out, "{}", serde_json::to_string(&j)?)?;
                } else if let Some(k) = k {
                    writeln!(out, "{k} {}", c.0)?;
                } else {
                    writeln!(out, "{}", c.0)?;
                }
                return Ok(true);
            }
            let mut moves = gen.generate_vec(&lex, &pos.board, pos.rack(), &opts);
            moves.truncate(a.top.unwrap_or(usize::MAX));
            for m in &moves {
                write_move(out, m, k, &label, &lex, a.json)?;
            }
            out.flush()?;
            Ok(true)
        };
    if let Some(line) = a.stacked {
        answer(None, "--stacked", line, &mut out)?;
    } else if let Some(path) = a.stacked_file {
        let (name, reader): (String, Box<dyn BufRead>) = if path.as_os_str() == "-" {
            ("stdin".into(), Box::new(std::io::stdin().lock()))
        } else {
            let f =
                std::fs::File::open(path).with_context(|| format!("reading {}", path.display()))?;
            (path.display().to_string(), Box::new(BufReader::new(f)))
        };
        let mut k = 0;
        for (i, line) in reader.lines().enumerate() {
            let line = line.with_context(|| format!("reading {name} after line {i}"))?;
            let text = line.trim();
            if text.is_empty() || text.starts_with('#') {
                continue;
            }
            if !answer(Some(k), &format!("{name}:{}", i + 1), text, &mut out)? {
                bad += 1;
            }
            k += 1;
        }
    } else {
        crate::usage!("give an Upwords position: --stacked 'ROWS RACK' or --stacked-file FILE");
    }
    out.flush()?;
    Ok(ExitCode::from(if bad > 0 {
        status::DATA
    } else {
        status::OK
    }))
}

/// A stacked position checked against the rules: its size, its stacks'
/// heights, and its tiles against the bag.
fn position(line: &str, lex: &Lexicon, rules: &Rules, rack: Option<&str>) -> Result<Position> {
    let a = lex.alphabet();
    let mut p = Position::parse_stacked(line, a, rules.layout.size())?;
    if let Some(r) = rack {
        p.racks[0] = Rack::parse(r, a)?;
    }
    let high = p.board.max_height();
    if high > rules.stack_limit {
        bail!(
            "a stack of {high} tiles; Upwords stacks at most {}",
            rules.stack_limit
        );
    }
    if p.rack().count(0) > 0 {
        bail!("a blank on the rack: Upwords has no blanks");
    }
    p.validate(a, rules.rack_size)?;
    Ok(p)
}

fn write_move(
    out: &mut dyn Write,
    m: &Move,
    k: Option<usize>,
    label: &str,
    lex: &Lexicon,
    json: bool,
) -> Result<()> {
    let a = lex.alphabet();
    if json {
        let j = JsonMove {
            position: k,
            lexicon: label,
            dir: m.dir.name(),
            row: m.row as usize,
            col: m.col as usize,
            word: m.word_text(a),
            score: m.score,
            placed: m.placements().map(|(r, c, _)| [r, c]).collect(),
            line: m.stacked_line(a),
        };
        writeln!(out, "{}", serde_json::to_string(&j)?)?;
    } else if let Some(k) = k {
        writeln!(out, "{k} {}", m.stacked_line(a))?;
    } else {
        writeln!(out, "{}", m.stacked_line(a))?;
    }
    Ok(())
}

/// An Upwords game as text (GCG has no notation for stacks): a header,
/// then per turn `>NAME: RACK PLAY +SCORE TOTAL` with placements as
/// stacked move lines, the end, and the final board as a stacked position.
pub fn record(game: &lexgraph::game::Game, names: &[&str], lexicon: &str) -> String {
    use lexgraph::equity::Play;
    use lexgraph::game::End;
    use std::fmt::Write as _;
    let a = game.alphabet();
    let mut s = format!("#upwords lexgraph game record\n#lexicon {lexicon}\n");
    for (p, n) in names.iter().enumerate() {
        let _ = writeln!(s, "#player{} {n}", p + 1);
    }
    for t in game.turns() {
        let what = match &t.play {
            Play::Place(m) => m.stacked_line(a),
            other => other.text(a),
        };
        let _ = writeln!(
            s,
            ">{}: {} {what} +{} {}",
            names[t.player],
            t.rack.to_text(a),
            t.score,
            t.total
        );
    }
    if let Some(End::Penalties {
        racks, penalties, ..
    }) = game.end()
    {
        for p in (0..racks.len()).filter(|&p| !racks[p].is_empty()) {
            let _ = writeln!(
                s,
                ">{}: ({}) -{} {}",
                names[p],
                racks[p].to_text(a),
                penalties[p],
                game.scores()[p]
            );
        }
    }
    let _ = writeln!(s, "#board {}", game.board().to_stacked(a));
    s
}
