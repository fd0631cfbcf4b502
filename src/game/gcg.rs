//! Game records in GCG, the format of tournament and online game records:
//! header lines (`#player1 NICK Full name`), then one line per turn,
//! `>NICK: RACK POSITION PLAY +SCORE TOTAL`.
//!
//! A placement writes its main word with `.` for the tiles already on the
//! board and lower case for blanks (`8D WINDY`, `E3 JAVE..N`); an exchange
//! is `-TILES`, a pass `-`, a phony taken back `--` with minus its points;
//! `(challenge) +5` is a challenge bonus, `(time) -10` a time penalty; the
//! end of the game is `(TILES) +N` for the player who played out (twice
//! the opponent's tiles) or `RACK (TILES) -N` for each player after six
//! scoreless turns.
//!
//! [`write()`] writes a [`Game`] so; [`parse()`] reads a record as Quackle,
//! Macondo and Woogles write them into a [`Record`] (players, pragmas, one
//! [`Event`] per turn line with its line number), which
//! [`crate::replay`] plays on a board to check its scores:
//!
//! ```
//! use lexgraph::{Alphabet, Rules};
//! use lexgraph::equity::Play;
//! use lexgraph::game::Game;
//! use lexgraph::gcg::{self, Action};
//! let mut game = Game::new(Alphabet::english(), Rules::default(), 1);
//! game.play(&Play::Pass)?;
//! let text = gcg::write(&game, &["ann", "bob"], Some("ENABLE"));
//! assert!(text.starts_with("#character-encoding UTF-8\n#player1 ann ann\n#player2 bob bob\n#lexicon ENABLE\n>ann: "));
//! assert!(text.ends_with(" - +0 0\n"));
//!
//! // And back: a pass by ann, on line 5.
//! let record = gcg::parse(text.as_bytes(), "game.gcg", game.alphabet())?;
//! assert_eq!(record.lexicon.as_deref(), Some("ENABLE"));
//! let e = &record.events[0];
//! assert_eq!((e.line, e.player, &e.action, e.total), (5, 0, &Action::Pass, 0));
//! // A malformed line is an error that names it.
//! let err = gcg::parse(b"#player1 a A\n#player2 b B\n>a: 8D\n", "x.gcg", game.alphabet()).unwrap_err();
//! assert!(err.to_string().starts_with("x.gcg:3 (byte offset 26): too few fields"), "{err}");
//! # Ok::<(), lexgraph::Error>(())
//! ```

use std::fmt::Write;

use crate::alphabet::Alphabet;
use crate::board::{tile_of, BLANK_FLAG};
use crate::equity::Play;
use crate::error::{Error, Result};
use crate::game::{End, Game, MAX_PLAYERS};
use crate::input::snippet;
use crate::movegen::Move;
use crate::play::Notation;
use crate::rack::Rack;

/// The game as GCG text, `nicks` by seat (one for each player; missing
/// ones are `playerN`). Nicknames must not hold white space or `:`; such
/// characters become `_`.
///
/// A game of three or four players is written the same way with
/// `#player3` and `#player4` lines, every turn tagged with its player's
/// nickname: an extension of the format, which [`parse()`] reads but
/// programs made for two players may refuse. Its end writes `(TILES) +N`
/// for the player who played out (the others' tiles, counted once) and
/// `RACK (RACK) -N` for each other player holding tiles.
pub fn write(game: &Game, nicks: &[&str], lexicon: Option<&str>) -> String {
    let a = game.alphabet();
    let names: Vec<String> = (0..game.players())
        .map(|p| match nicks.get(p) {
            Some(n) => n.to_string(),
            None => format!("player{}", p + 1),
        })
        .collect();
    let nick = |p: usize| -> String {
        names[p]
            .chars()
            .map(|c| {
                if c.is_whitespace() || c == ':' {
                    '_'
                } else {
                    c
                }
            })
            .collect()
    };
    let rack = |r: &Rack| r.to_text(a);
    let mut s = String::from("#character-encoding UTF-8\n");
    for (p, full) in names.iter().enumerate() {
        let _ = writeln!(s, "#player{} {} {full}", p + 1, nick(p));
    }
    if let Some(l) = lexicon {
        let _ = writeln!(s, "#lexicon {l}");
    }
    for t in game.turns() {
        let what = match &t.play {
            Play::Place(m) => placement(m, a),
            Play::Exchange(out) => format!("-{}", rack(out)),
            Play::Pass => "-".to_string(),
        };
        let _ = writeln!(
            s,
            ">{}: {} {} +{} {}",
            nick(t.player),
            rack(&t.rack),
            what,
            t.score,
            t.total
        );
    }
    let totals = game.scores();
    let end = game.end();
    if let Some(End::Out { player, bonus, .. }) = end {
        let _ = writeln!(
            s,
            ">{}:  ({}) +{} {}",
            nick(*player),
            rack(&end.expect("matched").others_tiles(*player)),
            bonus,
            totals[*player]
        );
    }
    let penalties = match end {
        Some(End::Out {
            racks, penalties, ..
        })
        | Some(End::Scoreless { racks, penalties })
        | Some(End::Penalties {
            racks, penalties, ..
        }) => racks.iter().zip(penalties).collect(),
        None => Vec::new(),
    };
    for (p, (r, pen)) in penalties.into_iter().enumerate() {
        if !r.is_empty() && *pen != 0 {
            let _ = writeln!(
                s,
                ">{}: {} ({}) -{} {}",
                nick(p),
                rack(r),
                rack(r),
                pen,
                totals[p]
            );
        }
    }
    s
}

/// `8D WINDY`, `E3 JAVE..N`: the main word, `.` for tiles on the board.
fn placement(m: &Move, a: &Alphabet) -> String {
    let word: String = m
        .word()
        .iter()
        .enumerate()
        .map(|(i, &sq)| {
            if m.placed >> i & 1 == 0 {
                ".".to_string()
            } else {
                a.label(tile_of(sq), sq & BLANK_FLAG != 0)
            }
        })
        .collect();
    format!("{} {}", m.coordinates(), word)
}

// ---------------------------------------------------------------------------
// Reading

/// Largest GCG file [`read`] accepts, in bytes (a long annotated game is a
/// few tens of kilobytes).
pub const MAX_FILE_BYTES: usize = 16 << 20;

/// Longest line accepted, in bytes (notes may be long paragraphs).
pub const MAX_LINE_BYTES: usize = 64 << 10;

/// How a record's text was decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8: declared (`#character-encoding UTF-8`, or a byte-order
    /// mark), or undeclared text that is valid UTF-8.
    Utf8,
    /// ISO-8859-1: declared, or undeclared bytes that are not UTF-8 (the
    /// format's default).
    Latin1,
}

/// A player of the record: `#player1 NICK Full Name`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// The name event lines give (`>NICK:`).
    pub nick: String,
    /// The full name (the nickname when the line gives none).
    pub name: String,
}

/// A header line (`#lexicon CSW21`): its name without `#`, the rest of the
/// line, and the line number. Every `#` line is kept, known or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pragma {
    /// The line number (1-based) in the file.
    pub line: usize,
    /// The name after `#` (`lexicon`).
    pub name: String,
    /// The rest of the line, trimmed (`CSW21`); a `#note` continued on
    /// later lines holds them all, joined by newlines.
    pub value: String,
}

/// What a turn line does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// `8D WINDY`: tiles placed (`.` for the board's tiles).
    Place(Notation),
    /// `-AEI`: tiles put back in the bag.
    Exchange(Rack),
    /// `-3`: so many tiles put back, which ones unknown (Quackle writes this
    /// for an opponent's exchange).
    ExchangeCount(u32),
    /// `-`: a pass.
    Pass,
    /// `--`: the previous placement, a phony challenged off the board,
    /// taken back with its points.
    Withdrawn,
    /// `(challenge)`: points for a challenged play that stood.
    ChallengeBonus,
    /// `(TILES) +N`: the player went out and gains the opponent's tiles
    /// (twice their value).
    EndPoints(Rack),
    /// `RACK (TILES) -N`: the tiles the player was left with, at a cost.
    RackPenalty(Rack),
    /// `(time) -N`: a penalty for overtime.
    TimePenalty,
}

impl Action {
    /// A short name: `place`, `exchange`, `pass`, `withdrawn`, `challenge`,
    /// `end-points`, `rack-penalty` or `time`.
    pub fn kind(&self) -> &'static str {
        match self {
            Action::Place(_) => "place",
            Action::Exchange(_) | Action::ExchangeCount(_) => "exchange",
            Action::Pass => "pass",
            Action::Withdrawn => "withdrawn",
            Action::ChallengeBonus => "challenge",
            Action::EndPoints(_) => "end-points",
            Action::RackPenalty(_) => "rack-penalty",
            Action::TimePenalty => "time",
        }
    }

    /// The action as a record writes it (`8D WINDY`, `-AEI`, `(OPEG)`).
    pub fn text(&self, a: &Alphabet) -> String {
        match self {
            Action::Place(n) => format!(
                "{} {}",
                n.coordinates(),
                n.word
                    .iter()
                    .map(|&w| match w {
                        0 => ".".to_string(),
                        w => a.label(tile_of(w), w & BLANK_FLAG != 0),
                    })
                    .collect::<String>()
            ),
            Action::Exchange(r) => format!("-{}", r.to_text(a)),
            Action::ExchangeCount(n) => format!("-{n}"),
            Action::Pass => "-".into(),
            Action::Withdrawn => "--".into(),
            Action::ChallengeBonus => "(challenge)".into(),
            Action::EndPoints(r) | Action::RackPenalty(r) => format!("({})", r.to_text(a)),
            Action::TimePenalty => "(time)".into(),
        }
    }
}

/// One turn line (`>NICK: RACK ACTION POINTS TOTAL`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// Line number (1-based) of the line in the file.
    pub line: usize,
    /// Byte offset of the line's start in the file.
    pub offset: u64,
    /// 0 for `#player1`, 1 for `#player2`.
    pub player: usize,
    /// The rack before the turn, when the line gives one (it may list only
    /// the tiles played, as online records hide racks).
    pub rack: Option<Rack>,
    /// What the line does.
    pub action: Action,
    /// The points as written, with their sign (`+32`, `-24`).
    pub points: i32,
    /// The player's total after the line.
    pub total: i32,
    /// `#note` lines (and the lines continuing them) after this one.
    pub note: String,
}

/// A game record as read (see [`parse`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// How the text was decoded.
    pub encoding: Encoding,
    /// `#player1`, `#player2` and, in a game of more players, `#player3`
    /// and `#player4`, in that order: seats in the order of play.
    pub players: Vec<Player>,
    /// `#lexicon NAME`.
    pub lexicon: Option<String>,
    /// `#title`, `#description`, `#note`, `#id` and every other `#` line,
    /// in order, unknown ones included.
    pub pragmas: Vec<Pragma>,
    /// The turn lines, in order.
    pub events: Vec<Event>,
}

/// Reads a GCG file (at most [`MAX_FILE_BYTES`]): [`parse`] of its bytes.
pub fn read(path: &std::path::Path, alphabet: &Alphabet) -> Result<Record> {
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| Error::io(path, e))?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io(path, e))?;
    let origin = path.display().to_string();
    if bytes.len() > MAX_FILE_BYTES {
        return Err(Error::Input {
            origin,
            line: 0,
            offset: MAX_FILE_BYTES as u64,
            msg: format!("file longer than {MAX_FILE_BYTES} bytes, not a game record"),
        });
    }
    parse(&bytes, &origin, alphabet)
}

/// Parses a game record, its tiles read with `alphabet`.
///
/// Lines end in `\n` or `\r\n`; a UTF-8 byte-order mark is skipped. The text
/// is UTF-8 or ISO-8859-1 as `#character-encoding` declares (from its line
/// on, as Quackle reads it); undeclared, a line that is valid UTF-8 is read
/// as UTF-8 and any other as ISO-8859-1, the format's default.
///
/// `#` lines are header pragmas: `#player1`/`#player2`, `#lexicon` and
/// `#note` are read, every other one kept in [`Record::pragmas`] and
/// otherwise ignored. `>` lines are turns. A line that starts with neither
/// continues the last note (records carry multi-line notes so); blank lines
/// are skipped. Tiles: `?` a blank on a rack, lower case a blank on the
/// board, multi-character tiles in brackets (`[CH]`, as CGP and the
/// wolges / Woogles tools write them) or, where the alphabet has no such
/// tile, as the digits of older Macondo and Quackle files (`1`, `2`, `3`:
/// the alphabet's first, second, third multi-character tile, Spanish CH,
/// LL, RR). Games of three or four players name them `#player3` and
/// `#player4`, seated in that order (an extension: GCG is written for two;
/// see [`write()`]). Without `#player` lines the players are the
/// nicknames met, in order, up to four.
///
/// A line that cannot be read is an [`Error::Input`] naming it: a turn of
/// an unknown player, a malformed turn or number, tiles not in the
/// alphabet, a fifth player.
pub fn parse(bytes: &[u8], origin: &str, alphabet: &Alphabet) -> Result<Record> {
    let (bytes, bom) = match bytes.strip_prefix(b"\xEF\xBB\xBF") {
        Some(rest) => (rest, 3),
        None => (bytes, 0),
    };
    let mut declared: Option<Encoding> = (bom > 0).then_some(Encoding::Utf8);
    let mut seen_non_utf8 = false;
    let mut slots: [Option<Player>; MAX_PLAYERS] = Default::default();
    let mut named = false;
    let mut lexicon = None;
    let mut pragmas = Vec::new();
    let mut events: Vec<Event> = Vec::new();
    let mut offset = bom;
    for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line_no = i + 1;
        let start = offset;
        offset += raw.len() + 1;
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let bad = |msg: String| Error::Input {
            origin: origin.to_string(),
            line: line_no,
            offset: start as u64,
            msg,
        };
        if raw.len() > MAX_LINE_BYTES {
            return Err(bad(format!(
                "line longer than {MAX_LINE_BYTES} bytes, not a game record"
            )));
        }
        let text: String = match declared {
            Some(Encoding::Latin1) => raw.iter().map(|&b| b as char).collect(),
            Some(Encoding::Utf8) => String::from_utf8(raw.to_vec())
                .map_err(|_| bad("not UTF-8, though the file declares UTF-8".into()))?,
            None => match std::str::from_utf8(raw) {
                Ok(s) => s.to_string(),
                Err(_) => {
                    seen_non_utf8 = true;
                    raw.iter().map(|&b| b as char).collect()
                }
            },
        };
        let line = text.trim();
        if line.is_empty() {
            continue;
        }
        let add_note = |events: &mut Vec<Event>, pragmas: &mut Vec<Pragma>, text: &str| match events
            .last_mut()
        {
            Some(e) => {
                if !e.note.is_empty() {
                    e.note.push('\n');
                }
                e.note.push_str(text);
            }
            None => match pragmas.last_mut().filter(|p| p.name == "note") {
                Some(p) => {
                    p.value.push('\n');
                    p.value.push_str(text);
                }
                None => pragmas.push(Pragma {
                    line: line_no,
                    name: "note".into(),
                    value: text.to_string(),
                }),
            },
        };
        if let Some(rest) = line.strip_prefix('#') {
            let (name, value) = match rest.split_once(char::is_whitespace) {
                Some((n, v)) => (n, v.trim()),
                None => (rest, ""),
            };
            match name {
                "character-encoding" => {
                    declared = Some(match value.to_ascii_lowercase().as_str() {
                        "utf-8" | "utf8" => Encoding::Utf8,
                        "iso-8859-1" | "iso8859-1" | "iso_8859-1" | "latin1" | "latin-1" => {
                            Encoding::Latin1
                        }
                        _ => {
                            return Err(bad(format!(
                                "unsupported character encoding {:?} (UTF-8 or ISO-8859-1)",
                                snippet(value)
                            )))
                        }
                    });
                }
                "player1" | "player2" | "player3" | "player4" => {
                    let number = usize::from(name.as_bytes()[6] - b'1');
                    let mut words = value.split_whitespace();
                    let Some(nick) = words.next() else {
                        return Err(bad(format!(
                            "#{name} needs a nickname: #{name} NICK Full Name"
                        )));
                    };
                    let nick = nick.strip_suffix(':').unwrap_or(nick);
                    let full = words.collect::<Vec<_>>().join(" ");
                    if !events.is_empty() {
                        return Err(bad(format!("#{name} after the first turn")));
                    }
                    if slots[number].is_some() {
                        return Err(bad(format!("a second #{name} line")));
                    }
                    if slots.iter().flatten().any(|p| p.nick == nick) {
                        return Err(bad(format!("both players are called {:?}", snippet(nick))));
                    }
                    named = true;
                    slots[number] = Some(Player {
                        nick: nick.to_string(),
                        name: if full.is_empty() {
                            nick.to_string()
                        } else {
                            full
                        },
                    });
                }
                "lexicon" if !value.is_empty() => lexicon = Some(value.to_string()),
                "note" => {
                    add_note(&mut events, &mut pragmas, value);
                    continue;
                }
                _ => {}
            }
            pragmas.push(Pragma {
                line: line_no,
                name: name.to_string(),
                value: value.to_string(),
            });
            continue;
        }
        if !line.starts_with('>') {
            // A note's continuation (or text an annotator left without
            // one: kept as a note all the same).
            add_note(&mut events, &mut pragmas, line);
            continue;
        }
        let (nick, mut event) = parse_turn(line, alphabet).map_err(bad)?;
        let player = match slots
            .iter()
            .position(|p| p.as_ref().is_some_and(|p| p.nick == nick))
        {
            Some(i) => i,
            None => match slots.iter().position(Option::is_none).filter(|_| !named) {
                Some(i) => {
                    slots[i] = Some(Player {
                        nick: nick.clone(),
                        name: nick.clone(),
                    });
                    i
                }
                None => {
                    let known: Vec<&str> =
                        slots.iter().flatten().map(|p| p.nick.as_str()).collect();
                    return Err(bad(format!(
                        "{:?} is not a player of the record ({})",
                        snippet(&nick),
                        known.join(", ")
                    )));
                }
            },
        };
        event.line = line_no;
        event.offset = start as u64;
        event.player = player;
        events.push(event);
    }
    let seated = slots.iter().take_while(|p| p.is_some()).count();
    if seated < 2 || slots[seated..].iter().any(Option::is_some) {
        return Err(Error::Input {
            origin: origin.to_string(),
            line: 0,
            offset: 0,
            msg: match slots[seated..].iter().position(Option::is_some) {
                Some(i) => format!(
                    "the record names #player{} but no #player{}",
                    seated + i + 1,
                    seated + 1
                ),
                None => {
                    "the record names fewer than two players (#player1 NICK Name, #player2 ...)"
                        .into()
                }
            },
        });
    }
    let players: Vec<Player> = slots.into_iter().flatten().collect();
    let encoding = match declared {
        Some(e) => e,
        None if seen_non_utf8 => Encoding::Latin1,
        None => Encoding::Utf8,
    };
    Ok(Record {
        encoding,
        players,
        lexicon,
        pragmas,
        events,
    })
}

/// A turn line's nickname and event (line, offset and player left for the
/// caller), or what is wrong with it.
fn parse_turn(line: &str, a: &Alphabet) -> std::result::Result<(String, Event), String> {
    const FORMS: &str = "expected >NICK: RACK 8D WORD +SCORE TOTAL, or an exchange (-TILES), \
                         pass (-), withdrawn play (--), (challenge), (TILES), (time)";
    let mut tokens: Vec<&str> = line[1..].split_whitespace().collect();
    // `>nick: ...` or `>nick:RACK ...`.
    let first = tokens.first().copied().unwrap_or("");
    let (nick, glued) = match first.rfind(':') {
        Some(i) if i > 0 => (&first[..i], &first[i + 1..]),
        _ => return Err(format!("a turn starts >NICK: ({FORMS})")),
    };
    if glued.is_empty() {
        tokens.remove(0);
    } else {
        tokens[0] = glued;
    }
    if tokens.len() < 3 {
        return Err(format!("too few fields: {FORMS}"));
    }
    let number = |t: &str, what: &str| -> std::result::Result<i32, String> {
        let digits = t.strip_prefix(['+', '-']).unwrap_or(t);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("{what} {:?} is not a number", snippet(t)));
        }
        // Nine digits at most: every sum of two such stays an `i32`.
        let n: i32 = match digits.len() {
            ..=9 => digits.parse().unwrap_or(i32::MAX),
            _ => {
                return Err(format!(
                    "{what} {:?} is out of range (at most 999999999)",
                    snippet(t)
                ))
            }
        };
        Ok(if t.starts_with('-') { -n } else { n })
    };
    let n = tokens.len();
    let total = number(tokens[n - 1], "the total")?;
    let points = number(tokens[n - 2], "the score")?;
    let middle = &tokens[..n - 2];
    let tiles = |t: &str| -> std::result::Result<Rack, String> {
        Rack::parse(&old_digits(t, a), a).map_err(|e| e.to_string())
    };
    let last = middle[middle.len() - 1];
    let before = &middle[..middle.len() - 1];
    let rack_of = |before: &[&str]| -> std::result::Result<Option<Rack>, String> {
        match before {
            [] => Ok(None),
            [r] => tiles(r).map(Some),
            _ => Err(format!("too many fields: {FORMS}")),
        }
    };
    let (rack, action) = if let Some(inner) =
        last.strip_prefix('(').and_then(|l| l.strip_suffix(')'))
    {
        let action = match inner.to_ascii_lowercase().as_str() {
            "challenge" => Action::ChallengeBonus,
            "time" => Action::TimePenalty,
            _ if points < 0 => Action::RackPenalty(tiles(inner)?),
            _ => Action::EndPoints(tiles(inner)?),
        };
        (rack_of(before)?, action)
    } else if let Some(rest) = last.strip_prefix('-') {
        let action = match rest {
            "" => Action::Pass,
            "-" => Action::Withdrawn,
            r if r.bytes().all(|b| b.is_ascii_digit()) && !has_multi(a) => match r.parse::<u32>() {
                Ok(0) => Action::Pass,
                Ok(k) if k <= 63 => Action::ExchangeCount(k),
                _ => return Err(format!("an exchange of {r} tiles")),
            },
            r => Action::Exchange(tiles(r)?),
        };
        (rack_of(before)?, action)
    } else {
        // A placement: [RACK] SQUARE WORD.
        let (rack, square) = match before {
            [s] => (None, *s),
            [r, s] => (Some(tiles(r)?), *s),
            [] => return Err(format!("a placement needs a square and a word: {FORMS}")),
            _ => return Err(format!("too many fields: {FORMS}")),
        };
        // Tiles played through may be written in parentheses: WIN(D)Y.
        let word: String = old_digits(last, a).replace(['(', ')'], "");
        let n = Notation::parse(&format!("{square} {word}"), a).map_err(|e| e.to_string())?;
        (rack, Action::Place(n))
    };
    Ok((
        nick.to_string(),
        Event {
            line: 0,
            offset: 0,
            player: 0,
            rack,
            action,
            points,
            total,
            note: String::new(),
        },
    ))
}

/// Whether the alphabet has tiles of more than one character.
fn has_multi(a: &Alphabet) -> bool {
    a.tiles().iter().any(|t| t.label.chars().count() > 1)
}

/// Older Macondo and Quackle files write the multi-character tiles as
/// digits (Spanish `1` CH, `2` LL, `3` RR): digit `k` becomes the
/// alphabet's `k`-th multi-character tile, in brackets, where the alphabet
/// has no tile labelled with the digit.
fn old_digits<'t>(text: &'t str, a: &Alphabet) -> std::borrow::Cow<'t, str> {
    if !text.bytes().any(|b| b.is_ascii_digit()) {
        return text.into();
    }
    let multi: Vec<&str> = a
        .tiles()
        .iter()
        .map(|t| t.label.as_str())
        .filter(|l| l.chars().count() > 1)
        .collect();
    text.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) if d >= 1 && a.tile_by_label(&c.to_string()).is_none() => {
                match multi.get(d as usize - 1) {
                    Some(l) => format!("[{l}]"),
                    None => c.to_string(),
                }
            }
            _ => c.to_string(),
        })
        .collect::<String>()
        .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A whole game's record: every line's total follows from the scores
    /// before it, and the last totals are the game's.
    #[test]
    fn totals_add_up_line_by_line() {
        let lex = crate::game::testing::small_gaddag();
        for seed in 0..10 {
            let g = crate::game::testing::greedy_game(&lex, seed, |_| {});
            let text = write(&g, &["p1", "p2"], None);
            let mut totals = [0i64; 2];
            for line in text.lines().filter(|l| l.starts_with('>')) {
                let p = usize::from(line.starts_with(">p2"));
                let f: Vec<&str> = line.split(' ').collect();
                let (delta, total) = (f[f.len() - 2], f[f.len() - 1]);
                totals[p] += delta.parse::<i64>().unwrap();
                assert_eq!(totals[p], total.parse::<i64>().unwrap(), "{line}");
            }
            assert_eq!(
                &totals[..],
                &g.scores().iter().map(|&s| i64::from(s)).collect::<Vec<_>>()[..],
                "{text}"
            );
        }
    }
}
