//! `lexgraph play`: a game against the engine in the terminal, or of two
//! to four seats, any mix of people and engines (`--seat`), people taking
//! turns at the keyboard.
//!
//! Each turn shows the board (premium squares in colour on a terminal,
//! marked with plain characters otherwise), the scores, the bag and the
//! last move, then reads one command: `8D QUIRE` (across), `D8 QUIRE`
//! (down; lower case for a blank), `exchange AEI` (or `-AEI`, as GCG
//! writes it), `pass`, `hint`, `shuffle`, `undo`, `resign`, `help` or
//! `quit`. On a terminal the line is edited as in a shell (arrows, history
//! kept across games in the platform's data directory); from a pipe the
//! same commands are read line by line (a scripted game), each echoed
//! after the prompt. The game is saved as GCG.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anstyle::{AnsiColor, Style};
use anyhow::{Context, Result};

use lexgraph::analysis::sim::player::{Player, SimPlayer};
use lexgraph::board::{tile_of, BLANK_FLAG};
use lexgraph::equity::{Play, Ranked};
use lexgraph::game::{End, Game};
use lexgraph::movegen::{column_name, Generator, Move, Options};
use lexgraph::play::{BlankCase, Notation};
use lexgraph::rack::Rack;
use lexgraph::scoring::Upwords;
use lexgraph::strategy::Strategy;

use crate::setup::RuleSet;
use lexgraph::Lexicon;

#[derive(clap::Args)]
pub struct Args {
    /// The engine's strategy: greedy, gordon1, gordon2, klv:FILE, csv:FILE, level:1 to
    /// level:5 (weakest first), or auto: equity
    /// with the lexicon's own leaves (X.klv2 beside it; the built-in list's), else gordon2;
    /// or a player that simulates every move, `sim:iterations=64,plies=2,candidates=8,
    /// stop=99,leaves=SPEC` as `match --p1` takes it (the crossword game only)
    #[arg(long, value_name = "STRATEGY", default_value = "auto")]
    vs: String,
    /// The seats in the order of play, 2 to 4, each a person (`human`, or
    /// `human:NAME`) or an engine (a strategy as --vs takes it); in place of
    /// --vs, --first and --name: `--seat human:ann --seat human:bob --seat
    /// gordon2` is a game of three. Engines' nicknames are lexgraph1, lexgraph2, ...
    #[arg(long, value_name = "SEAT", num_args = 1, conflicts_with_all = ["first", "name", "vs"])]
    seat: Vec<String>,
    /// The simulation `hint sim` runs (`hint` too when the engine simulates: then
    /// the engine's own)
    #[arg(
        long,
        value_name = "SIM",
        default_value = "sim:iterations=1000,candidates=10,stop=99"
    )]
    hint_sim: String,
    /// Lexicon (.gaddag or .dawg); default: the built-in English lexicon
    #[arg(short, long)]
    lexicon: Option<PathBuf>,
    /// Board layout: standard, super, upwords or a layout file (default: the
    /// rules' board)
    #[arg(long)]
    layout: Option<String>,
    /// The game: classic, or upwords (tiles stack: type `5E BAT` to put the B
    /// on a tile; the built-in list in the Upwords alphabet by default; the
    /// record is saved as text, GCG having no notation for stacks)
    #[arg(long, value_enum, default_value_t = RuleSet::Classic)]
    rules: RuleSet,
    /// Seed of the bag (default: from the clock)
    #[arg(long)]
    seed: Option<u64>,
    /// Who moves first
    #[arg(long, value_enum, default_value_t = First::You)]
    first: First,
    /// Where to save the game record (default: lexgraph-SEED.gcg; Upwords:
    /// lexgraph-SEED.txt)
    #[arg(long, value_name = "FILE")]
    gcg: Option<PathBuf>,
    /// Your name in the game record
    #[arg(long, default_value = "you")]
    name: String,
    /// Word frequencies (`word,count`) for engines with a vocabulary or a
    /// realism weight (levels 1-3, `,vocab=N`, `,realism=M`); default: the
    /// shipped English list
    #[arg(long, value_name = "FILE")]
    frequencies: Option<PathBuf>,
    /// Colour the board: auto (on a terminal, unless NO_COLOR is set),
    /// always or never
    #[arg(long, value_enum, default_value_t = Colour::Auto)]
    color: Colour,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Colour {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum First {
    You,
    Engine,
}

/// How the terminal shows things: colours on a terminal (unless NO_COLOR).
struct Screen {
    colour: bool,
}

impl Screen {
    fn paint(&self, style: Style, text: &str) -> String {
        if self.colour {
            format!("{}{text}{}", style.render(), style.render_reset())
        } else {
            text.to_string()
        }
    }
}

pub fn run(args: Args) -> Result<ExitCode> {
    let upwords = args.rules == RuleSet::Upwords;
    let (lex, rules) =
        crate::setup::game_setup(args.rules, args.lexicon.as_deref(), args.layout.as_deref())?;
    let a = lex.alphabet().clone();
    rules.validate()?;
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_secs())
    });
    let specs: Vec<String> = if args.seat.is_empty() {
        let mut v = vec![format!("human:{}", args.name), args.vs.clone()];
        if args.first == First::Engine {
            v.swap(0, 1);
        }
        v
    } else {
        args.seat.clone()
    };
    if !(2..=lexgraph::game::MAX_PLAYERS).contains(&specs.len()) {
        crate::usage!(
            "--seat: a game seats 2 to {} players, not {}",
            lexgraph::game::MAX_PLAYERS,
            specs.len()
        );
    }
    let bots = specs.iter().filter(|s| person(s).is_none()).count();
    let mut seats: Vec<Seat> = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        let flag = if args.seat.is_empty() {
            "--vs"
        } else {
            "--seat"
        };
        if let Some(name) = person(spec) {
            let name = match name {
                "" if specs.len() - bots == 1 => "you".to_string(),
                "" => format!("player{}", i + 1),
                n => n.to_string(),
            };
            if seats.iter().any(|s| s.name == name) {
                crate::usage!("--seat: two seats are called {name}");
            }
            seats.push(Seat { name, bot: None });
            continue;
        }
        if upwords && crate::simulate::is_sim(spec) {
            crate::usage!("{flag} {spec}: simulating players play the crossword game, not Upwords");
        }
        if upwords && spec.split(',').any(|m| m.starts_with("endgame=")) {
            crate::usage!(
                "{flag} {spec}: the endgame solver plays the crossword game, not Upwords"
            );
        }
        let player = crate::simulate::player(
            spec,
            &lex,
            args.lexicon.as_deref(),
            args.frequencies.as_deref(),
            seed,
        )
        .with_context(|| format!("{flag} {spec}"))?;
        let number = seats.iter().filter(|s| s.bot.is_some()).count() + 1;
        let name = if bots == 1 {
            "lexgraph".to_string()
        } else {
            format!("lexgraph{number}")
        };
        seats.push(Seat {
            name,
            bot: Some(player),
        });
    }
    // Hints come from the first engine's player; with people alone, from
    // equity with the lexicon's own leaves.
    let advisor = match seats.iter().find_map(|s| s.bot.as_ref()) {
        Some(p) => Advisor::Borrowed(p),
        None => Advisor::Own(Box::new(
            crate::simulate::player("auto", &lex, args.lexicon.as_deref(), None, seed)
                .context("the hints' player")?,
        )),
    };
    let engine = advisor.get();
    let hint_sim = match (engine, upwords) {
        (Player::Static(_) | Player::Endgame(..), false) => Some(
            crate::simulate::sim_player(&args.hint_sim, args.lexicon.as_deref(), &a, seed)
                .with_context(|| format!("--hint-sim {}", args.hint_sim))?,
        ),
        _ => None,
    };
    let gcg_path = args.gcg.clone().unwrap_or_else(|| {
        PathBuf::from(format!(
            "lexgraph-{seed}.{}",
            if upwords { "txt" } else { "gcg" }
        ))
    });
    let people: Vec<usize> = (0..seats.len())
        .filter(|&p| seats[p].bot.is_none())
        .collect();
    let stdin = std::io::stdin();
    let scripted = !stdin.is_terminal();
    let screen = Screen {
        colour: match args.color {
            Colour::Always => true,
            Colour::Never => false,
            Colour::Auto => {
                std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        },
    };
    let mut out = std::io::stdout().lock();
    let mut game = Game::with_players(a.clone(), rules.clone(), seed, seats.len())?;
    let mut gen = if upwords {
        AnyGen::Upwords(Generator::with_scoring(rules.clone()))
    } else {
        AnyGen::Classic(Generator::new(rules.clone()))
    };
    let mut input = Input::new(scripted);
    let mut shown_rack = ShownRack::default();
    let lex_name = crate::lexicon_name(args.lexicon.as_deref());
    let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
    // On screen, the one person against engines is `you`.
    let display: Vec<&str> = (0..seats.len())
        .map(|p| match people.as_slice() {
            [only] if *only == p => "you",
            _ => names[p],
        })
        .collect();
    let save = |game: &Game, resigned: Option<usize>| -> Result<()> {
        let mut text = if upwords {
            crate::stacked::record(game, &names, &lex_name)
        } else {
            lexgraph::gcg::write(game, &names, Some(&lex_name))
        };
        if let Some(who) = resigned {
            // GCG has no resignation event: a note after the last turn says it.
            text.push_str(&format!("#note {} resigned\n", names[who]));
        }
        lexgraph::compile::write_atomic(&gcg_path, text.as_bytes())?;
        Ok(())
    };
    let line_up: Vec<String> = seats
        .iter()
        .map(|s| match &s.bot {
            Some(p) if s.name == "lexgraph" => p.name().to_string(),
            Some(p) => format!("{} ({})", s.name, p.name()),
            None => s.name.clone(),
        })
        .collect();
    writeln!(
        out,
        "lexgraph {} (seed {seed}); type `help` for the commands",
        line_up.join(" vs ")
    )?;
    // The board is shown again after a move, not after a refused command.
    let mut redraw = true;
    let mut resigned = None;
    // The person who last saw the board: with several, each turn names
    // whose it is.
    let mut you = people.first().copied().unwrap_or(0);
    while !game.is_over() {
        let seat = game.to_move();
        if let Some(bot) = &seats[seat].bot {
            let choice = match (bot, &mut gen) {
                (Player::Static(s), gen) => gen.choose(s, &lex, &game.position()),
                (Player::Sim(p), AnyGen::Classic(g)) => {
                    let pb = crate::spinner("simulating");
                    let c = p.choose(g, &lex, &game)?;
                    if let Some(pb) = pb {
                        pb.finish_and_clear();
                    }
                    c
                }
                (e @ Player::Endgame(..), AnyGen::Classic(g)) => e.choose(g, &lex, &game)?,
                (Player::Sim(_) | Player::Endgame(..), AnyGen::Upwords(_)) => {
                    unreachable!("refused above")
                }
            };
            let text = choice.play.text(&a);
            game.play(&choice.play)?;
            writeln!(
                out,
                "{}: {text} ({} points, equity {:.1})",
                seats[seat].name,
                choice.play.score(),
                choice.equity
            )?;
            continue;
        }
        if seat != you {
            you = seat;
            redraw = true;
        }
        if std::mem::take(&mut redraw) {
            show(&mut out, &screen, &game, &lex, you, &display, &shown_rack)?;
            if people.len() > 1 {
                writeln!(out, "{} to play", names[you])?;
            }
        }
        out.flush()?;
        let Some(line) = input.read(&mut out)? else {
            writeln!(out)?;
            writeln!(out, "end of input: the game is saved unfinished")?;
            break;
        };
        let cmd = line.trim();
        let hinter = match engine {
            Player::Sim(p) => Some(p),
            Player::Static(_) | Player::Endgame(..) => hint_sim.as_ref(),
        };
        match turn(cmd, &mut game, &mut gen, &lex, engine, hinter, &names)? {
            Outcome::Played(msg) => {
                match people.len() {
                    1 => writeln!(out, "{msg}")?,
                    _ => writeln!(out, "{}: {}", names[you], msg.trim_start_matches("you "))?,
                }
                redraw = true;
            }
            Outcome::Info(msg) => writeln!(out, "{msg}")?,
            Outcome::Refused(why) => {
                for w in why {
                    writeln!(out, "  {w}")?;
                }
            }
            Outcome::Quit => {
                writeln!(out, "quit: the game is saved unfinished")?;
                break;
            }
            Outcome::Shuffle => {
                let text = shown_rack.shuffle(&game.racks()[you], &a);
                writeln!(out, "your rack: {text}")?;
            }
            Outcome::Undo => match undone(&game, you, seed) {
                Some(g) => {
                    game = g;
                    writeln!(out, "undone: your last play and every turn after it")?;
                    redraw = true;
                }
                None => writeln!(out, "  nothing of yours to undo")?,
            },
            Outcome::Resign => {
                let who = display[you];
                let verb = if who == "you" { "resign" } else { "resigns" };
                match game.players() {
                    2 => writeln!(
                        out,
                        "{who} {verb}: {} wins ({})",
                        names[1 - you],
                        standings(&game, &names)
                    )?,
                    _ => writeln!(out, "{who} {verb} ({})", standings(&game, &names))?,
                }
                resigned = Some(you);
                break;
            }
        }
    }
    if game.is_over() {
        show(&mut out, &screen, &game, &lex, you, &display, &shown_rack)?;
        let s = game.scores();
        let list = |pens: &[i32]| -> String {
            pens.iter()
                .enumerate()
                .filter(|(_, &p)| p != 0)
                .map(|(q, p)| format!("{} -{p}", names[q]))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match game.end() {
            Some(
                end @ End::Out {
                    player,
                    bonus,
                    penalties,
                    ..
                },
            ) => {
                write!(
                    out,
                    "{} played out: +{bonus} for {}",
                    names[*player],
                    end.others_tiles(*player).to_text(&a)
                )?;
                match penalties.iter().any(|&p| p != 0) {
                    true => writeln!(out, "; {}", list(penalties))?,
                    false => writeln!(out)?,
                }
            }
            Some(End::Scoreless { penalties, .. }) => writeln!(
                out,
                "{} scoreless turns: {}",
                game.scoreless_limit(),
                list(penalties)
            )?,
            Some(End::Penalties {
                out: who,
                penalties,
                ..
            }) => writeln!(
                out,
                "{}: {}",
                match who {
                    Some(p) => format!("{} played out", names[*p]),
                    None => "every player passed".to_string(),
                },
                list(penalties)
            )?,
            None => {}
        }
        let leaders = game.leaders();
        let verdict = match (leaders.as_slice(), people.as_slice()) {
            ([w], [p]) if w == p => "you win".to_string(),
            ([w], _) => format!("{} wins", names[*w]),
            (tied, _) if tied.len() == s.len() && s.len() == 2 => "a draw".to_string(),
            (tied, _) => format!(
                "a tie for first: {}",
                tied.iter()
                    .map(|&p| names[p])
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        };
        writeln!(out, "final: {}: {verdict}", standings(&game, &names))?;
    }
    save(&game, resigned)?;
    writeln!(out, "saved {}", gcg_path.display())?;
    Ok(ExitCode::SUCCESS)
}

/// The name a `--seat` spec gives a person (`human`, `human:NAME`; empty
/// for no name), or `None` for an engine.
fn person(spec: &str) -> Option<&str> {
    match spec {
        "human" | "you" => Some(""),
        _ => spec.strip_prefix("human:"),
    }
}

/// A seat at the table: a person, or an engine and its player.
struct Seat {
    name: String,
    bot: Option<Player>,
}

/// The player hints come from: an engine at the table, or one of its own.
enum Advisor<'a> {
    Borrowed(&'a Player),
    Own(Box<Player>),
}

impl Advisor<'_> {
    fn get(&self) -> &Player {
        match self {
            Advisor::Borrowed(p) => p,
            Advisor::Own(p) => p,
        }
    }
}

/// `ann 120 - bob 98 - lexgraph 143`: the scores by seat.
fn standings(game: &Game, names: &[&str]) -> String {
    game.scores()
        .iter()
        .enumerate()
        .map(|(p, s)| format!("{} {s}", names[p]))
        .collect::<Vec<_>>()
        .join(" - ")
}

enum Outcome {
    Played(String),
    Info(String),
    Refused(Vec<String>),
    Quit,
    Shuffle,
    Undo,
    Resign,
}

/// Where commands come from: a line editor with history on a terminal,
/// plain lines (echoed, so a transcript reads as a game) from a pipe.
enum Input {
    Editor {
        editor: Box<rustyline::DefaultEditor>,
        history: Option<PathBuf>,
    },
    Lines(std::io::Lines<std::io::StdinLock<'static>>),
}

impl Input {
    fn new(scripted: bool) -> Input {
        if !scripted {
            if let Ok(mut editor) = rustyline::DefaultEditor::new() {
                let history = directories::ProjectDirs::from("", "", "lexgraph")
                    .map(|d| d.data_dir().join("play-history.txt"));
                if let Some(h) = &history {
                    // No history yet is the usual first run.
                    let _ = editor.load_history(h);
                }
                return Input::Editor {
                    editor: Box::new(editor),
                    history,
                };
            }
        }
        Input::Lines(std::io::stdin().lock().lines())
    }

    /// The next command, `None` at the end of input (Ctrl-D; Ctrl-C too).
    fn read(&mut self, out: &mut impl Write) -> Result<Option<String>> {
        match self {
            Input::Editor { editor, history } => match editor.readline("> ") {
                Ok(line) => {
                    if !line.trim().is_empty() {
                        let _ = editor.add_history_entry(line.as_str());
                        if let Some(h) = history {
                            // History is a convenience: a directory that
                            // cannot be written costs it, not the game.
                            let _ = h.parent().map(std::fs::create_dir_all);
                            let _ = editor.save_history(h);
                        }
                    }
                    Ok(Some(line))
                }
                Err(rustyline::error::ReadlineError::Eof)
                | Err(rustyline::error::ReadlineError::Interrupted) => Ok(None),
                Err(e) => Err(e).context("reading a command"),
            },
            Input::Lines(lines) => {
                write!(out, "> ")?;
                out.flush()?;
                match lines.next() {
                    None => Ok(None),
                    Some(line) => {
                        let line = line.context("reading a command")?;
                        writeln!(out, "{}", line.trim())?;
                        Ok(Some(line))
                    }
                }
            }
        }
    }
}

/// The rack as `shuffle` last showed it: that order while the rack is the
/// same, the alphabet's order otherwise.
#[derive(Default)]
struct ShownRack {
    rack: Rack,
    text: Option<String>,
}

impl ShownRack {
    /// A new order of `rack`'s tiles, as text.
    fn shuffle(&mut self, rack: &Rack, a: &lexgraph::Alphabet) -> String {
        use rand::seq::SliceRandom;
        let mut tiles: Vec<String> = Vec::new();
        for (t, &n) in rack.counts().iter().enumerate() {
            for _ in 0..n {
                tiles.push(Rack::from_tiles(&[t as u8]).to_text(a));
            }
        }
        tiles.shuffle(&mut rand::thread_rng());
        let text = tiles.concat();
        self.rack = *rack;
        self.text = Some(text.clone());
        text
    }

    /// `rack` in the order last shown, if it is the same rack.
    fn text(&self, rack: &Rack, a: &lexgraph::Alphabet) -> String {
        match &self.text {
            Some(t) if self.rack == *rack => t.clone(),
            _ => rack.to_text(a),
        }
    }
}

/// The game as it was before `you`'s last play (every later turn taken
/// back too): the same seed and the turns before it played again (the bag's draws follow from the seed and
/// the plays). `None` when `you` has not played.
fn undone(game: &Game, you: usize, seed: u64) -> Option<Game> {
    let last = game.turns().iter().rposition(|t| t.player == you)?;
    let mut g = Game::with_players(
        game.alphabet().clone(),
        game.rules().clone(),
        seed,
        game.players(),
    )
    .ok()?;
    for t in &game.turns()[..last] {
        g.play(&t.play).ok()?;
    }
    Some(g)
}

const HELP: &str = "commands:
  8D QUIRE       a play across from 8D (row first); D8 QUIRE plays down
                 lower case is a blank: 8D QUIrE; `.` may stand for a tile on the board
  exchange AEI   put those tiles back (needs 7 tiles in the bag); also -AEI
  pass           pass the turn
  shuffle        show your rack in another order
  undo           take back your last play (and every turn after it)
  resign         give the game up; it is saved
  hint           the engine's five best plays for your rack (simulated when
                 the engine simulates)
  hint sim       the best plays simulated a few turns ahead (see --hint-sim)
                 with the bag empty, `hint` solves the endgame instead
  quit           stop; the game is saved";

/// Carries out one typed command for the player to move.
fn turn(
    cmd: &str,
    game: &mut Game,
    gen: &mut AnyGen,
    lex: &Lexicon,
    engine: &Player,
    hinter: Option<&SimPlayer>,
    names: &[&str],
) -> Result<Outcome> {
    let a = game.alphabet().clone();
    let rack = game.racks()[game.to_move()];
    let lower = cmd.to_ascii_lowercase();
    let words: Vec<&str> = cmd.split_whitespace().collect();
    Ok(match lower.split_whitespace().next().unwrap_or("") {
        "" => Outcome::Info(String::new()),
        "help" | "?" => Outcome::Info(HELP.to_string()),
        "quit" | "exit" => Outcome::Quit,
        "shuffle" | "s" if words.len() == 1 => Outcome::Shuffle,
        "undo" | "takeback" if words.len() == 1 => Outcome::Undo,
        "resign" if words.len() == 1 => Outcome::Resign,
        "pass" => {
            game.play(&Play::Pass)?;
            Outcome::Played("you pass".into())
        }
        "hint"
            if words.len() > 2 || words.get(1).is_some_and(|w| !w.eq_ignore_ascii_case("sim")) =>
        {
            Outcome::Refused(vec!["`hint` or `hint sim`".into()])
        }
        "hint" if words.len() == 1 && !game.rules().stacks() && game.bag_len() == 0 => {
            match game.players() {
                2 => Outcome::Info(endgame_hint(lex, game, names)?),
                _ => Outcome::Refused(vec![
                    "the endgame solver plays two players; `hint sim` is of two too".into(),
                ]),
            }
        }
        "hint" if words.len() == 2 && game.players() > 2 => Outcome::Refused(vec![
            "simulation plays games of two: `hint` lists the best plays".into(),
        ]),
        "hint" if words.len() == 2 || (matches!(engine, Player::Sim(_)) && game.players() == 2) => {
            match (hinter, gen) {
                (Some(p), AnyGen::Classic(g)) => Outcome::Info(sim_hint(p, g, lex, game)?),
                _ => Outcome::Refused(vec![
                    "simulation plays the crossword game, not Upwords: `hint` lists the best plays"
                        .into(),
                ]),
            }
        }
        "hint" => {
            let s = engine.static_player();
            let best = gen.best(lex, &game.position(), s.leaves(), 5);
            let lines: Vec<String> = best.iter().map(|r| hint_line(r, &a)).collect();
            Outcome::Info(format!(
                "best for you by {}:\n{}",
                engine.name(),
                lines.join("\n")
            ))
        }
        w if w == "exchange" || w == "ex" || w == "x" || (w.starts_with('-') && w.len() > 1) => {
            // `exchange AEI`, or `-AEI` as GCG writes it.
            let tiles = match cmd.trim_start().strip_prefix('-') {
                Some(t) => t.split_whitespace().collect::<String>(),
                None => words[1..].concat(),
            };
            let out = match Rack::parse(&tiles, &a) {
                Ok(r) => r,
                Err(e) => return Ok(Outcome::Refused(vec![e.to_string()])),
            };
            match game.play(&Play::Exchange(out)) {
                Ok(_) => Outcome::Played(format!("you exchange {}", out.to_text(&a))),
                Err(e) => Outcome::Refused(vec![e.to_string()]),
            }
        }
        _ if game.rules().stacks() => {
            // Upwords: the play is the legal move with that main word there.
            let mut moves: Vec<Move> = Vec::new();
            gen.generate(lex, game.board(), &rack, &mut moves);
            let said = cmd
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .to_uppercase();
            match moves.iter().find(|m| m.notation(&a).to_uppercase() == said) {
                Some(m) => {
                    game.play(&Play::Place(*m))?;
                    Outcome::Played(format!("you play {} for {}", m.notation(&a), m.score))
                }
                None => Outcome::Refused(vec![format!(
                    "{cmd} is not a legal play here: write the whole main word after the move, \
                     from its first square (`hint` lists some)"
                )]),
            }
        }
        _ => {
            let notation = match Notation::parse(cmd, &a) {
                Ok(n) => n,
                Err(e) => {
                    return Ok(Outcome::Refused(vec![
                        e.to_string(),
                        "type `help` for the commands".into(),
                    ]))
                }
            };
            let why = notation.why_illegal(lex, game.rules(), game.board(), &rack);
            if !why.is_empty() {
                return Ok(Outcome::Refused(why));
            }
            let mut moves: Vec<Move> = Vec::new();
            gen.generate(lex, game.board(), &rack, &mut moves);
            match moves
                .iter()
                .find(|m| notation.names(game.board(), m, BlankCase::AsWritten))
            {
                Some(m) => {
                    game.play(&Play::Place(*m))?;
                    Outcome::Played(format!("you play {} for {}", m.notation(&a), m.score))
                }
                None => Outcome::Refused(vec![format!("{cmd} is not a legal play here")]),
            }
        }
    })
}

/// `hint` with the bag empty: the endgame solved (ten seconds at most),
/// its value and best line.
fn endgame_hint(lex: &Lexicon, game: &Game, names: &[&str]) -> Result<String> {
    use lexgraph::analysis::endgame::{Endgame, Settings};
    let a = game.alphabet();
    let pos = game.position();
    let e = Endgame::from_position(lex, game.rules().clone(), &pos)?;
    let pb = crate::spinner("solving the endgame");
    let settings = Settings {
        time: Some(std::time::Duration::from_secs(10)),
        ..Settings::default()
    };
    let s = e.solve(&settings, &std::sync::atomic::AtomicBool::new(false))?;
    if let Some(pb) = pb {
        pb.finish_and_clear();
    }
    let kind = match s.exact {
        true => "exact".to_string(),
        false => format!(
            "an estimate at depth {}: ten seconds were not enough",
            s.depth
        ),
    };
    let mut lines = vec![format!(
        "the bag is empty: the endgame solved ({kind}): you {:+} from here",
        s.value
    )];
    for st in &s.line {
        let who = match st.player {
            0 => "you",
            _ => names[1 - game.to_move()],
        };
        let end = match st.end {
            0 => String::new(),
            e => format!(" (end: {e:+})"),
        };
        lines.push(format!(
            "  {who:<9} {:<22} {:>+4}{end}",
            st.play.text(a),
            st.score
        ));
    }
    Ok(lines.join("\n"))
}

/// `hint sim`: the rack's best plays simulated as `p` simulates, as a table.
fn sim_hint(p: &SimPlayer, gen: &mut Generator, lex: &Lexicon, game: &Game) -> Result<String> {
    let a = game.alphabet().clone();
    let live = crate::simulate::Live::new(p.settings().iterations, &a);
    let never = std::sync::atomic::AtomicBool::new(false);
    let report = p.simulate(gen, lex, game, &never, |arms| live.update(arms))?;
    live.finish();
    let Some(report) = report else {
        return Ok(
            "nothing to simulate: the bag is empty (an endgame) or one play is possible; \
             `hint` lists the best plays"
                .into(),
        );
    };
    let mut text = Vec::new();
    writeln!(
        text,
        "your best plays simulated {} plies ahead ({} iterations, stopped: {}):",
        p.settings().plies,
        report.iterations,
        crate::simulate::stopped_text(report.stopped)
    )?;
    crate::simulate::write_table(&mut text, &report.arms, &a, "  ")?;
    Ok(String::from_utf8_lossy(&text).trim_end().to_string())
}

fn hint_line(r: &Ranked, a: &lexgraph::Alphabet) -> String {
    let leave = r.leave.to_text(a);
    format!(
        "  {:<22} {:>4} points  equity {:>6.1}  keeps {}",
        r.play.text(a),
        r.play.score(),
        r.equity,
        if leave.is_empty() { "-" } else { &leave }
    )
}

/// The board, scores, bag, your rack and the last move; `names` by seat
/// as the screen calls them.
fn show(
    out: &mut impl Write,
    screen: &Screen,
    game: &Game,
    lex: &Lexicon,
    you: usize,
    names: &[&str],
    shown_rack: &ShownRack,
) -> Result<()> {
    let a = lex.alphabet();
    let rules = game.rules();
    let board = game.board();
    let n = board.size();
    let last: Vec<(usize, usize)> = match game.turns().last().map(|t| &t.play) {
        Some(Play::Place(m)) => m.placements().map(|(r, c, _)| (r, c)).collect(),
        _ => Vec::new(),
    };
    // Stacks show their height after the letter.
    let stacked = board.heights().is_some() || rules.stacks();
    let w = if stacked { 3 } else { 2 };
    let header: String = (0..n).map(|c| format!("{:<w$}", column_name(c))).collect();
    writeln!(out)?;
    writeln!(out, "    {}", header.trim_end())?;
    for r in 0..n {
        let mut row = format!("{:>2}  ", r + 1);
        for c in 0..n {
            let sq = board.get(r, c);
            let cell = if sq != 0 {
                let mut label = a.label(tile_of(sq), sq & BLANK_FLAG != 0);
                if stacked {
                    label.push_str(&board.height(r, c).to_string());
                }
                let mut style = Style::new().bold().fg_color(Some(AnsiColor::Yellow.into()));
                if last.contains(&(r, c)) {
                    style = style.invert();
                }
                screen.paint(style, &label)
            } else {
                let (lm, wm) = (rules.layout.letter_mult(r, c), rules.layout.word_mult(r, c));
                // Quackle's marks: = triple word, - double word, " triple letter, ' double letter.
                let (mark, colour) = match (wm, lm) {
                    (3.., _) => ("=", AnsiColor::Red),
                    (2, _) => ("-", AnsiColor::Magenta),
                    (_, 3..) => ("\"", AnsiColor::Blue),
                    (_, 2) => ("'", AnsiColor::Cyan),
                    _ => (".", AnsiColor::BrightBlack),
                };
                let mark = if stacked {
                    format!("{mark} ")
                } else {
                    mark.to_string()
                };
                screen.paint(Style::new().fg_color(Some(colour.into())), &mark)
            };
            row.push_str(&cell);
            row.push(' ');
        }
        writeln!(out, "{}", row.trim_end())?;
    }
    let name = |p: usize| names[p];
    let scores: Vec<String> = game
        .scores()
        .iter()
        .enumerate()
        .map(|(p, s)| format!("{} {s}", name(p)))
        .collect();
    writeln!(out, "{}  bag {}", scores.join("  "), game.bag_len())?;
    if let Some(t) = game.turns().last() {
        writeln!(
            out,
            "last: {} {} +{}",
            name(t.player),
            t.play.text(a),
            t.score
        )?;
    }
    if !game.is_over() && stacked {
        // Covered letters are not tracked.
        writeln!(out, "your rack: {}", game.racks()[you].to_text(a))?;
    } else if !game.is_over() {
        // Tile tracking, as players keep it: what is in the bag or on the
        // engine's rack, from your side of the board.
        let mut view = game.position();
        view.racks[0] = game.racks()[you];
        let mut unseen = Rack::default();
        for (t, &n) in view.unseen(a).iter().enumerate() {
            (0..n).for_each(|_| unseen.add(t as u8));
        }
        writeln!(out, "unseen ({}): {}", unseen.len(), unseen.to_text(a))?;
        writeln!(out, "your rack: {}", shown_rack.text(&game.racks()[you], a))?;
    } else {
        for (p, r) in game.racks().iter().enumerate().filter(|&(p, _)| p != you) {
            writeln!(out, "{}'s rack: {}", names[p], r.to_text(a))?;
        }
    }
    Ok(())
}

/// The engine's generator: the crossword game's or Upwords' scoring.
enum AnyGen {
    Classic(Generator),
    Upwords(Generator<Upwords>),
}

impl AnyGen {
    fn choose(&mut self, s: &Strategy, lex: &Lexicon, pos: &lexgraph::Position) -> Ranked {
        match self {
            AnyGen::Classic(g) => s.choose(g, lex, pos),
            AnyGen::Upwords(g) => s.choose(g, lex, pos),
        }
    }

    fn best(
        &mut self,
        lex: &Lexicon,
        pos: &lexgraph::Position,
        leaves: &impl lexgraph::leave::LeaveValue,
        n: usize,
    ) -> Vec<Ranked> {
        let opts = Options::default();
        match self {
            AnyGen::Classic(g) => g.best(lex, pos, leaves, n, &opts),
            AnyGen::Upwords(g) => g.best(lex, pos, leaves, n, &opts),
        }
    }

    fn generate(
        &mut self,
        lex: &Lexicon,
        board: &lexgraph::Board,
        rack: &Rack,
        out: &mut Vec<Move>,
    ) {
        let opts = Options::default();
        match self {
            AnyGen::Classic(g) => g.generate(lex, board, rack, &opts, out),
            AnyGen::Upwords(g) => g.generate(lex, board, rack, &opts, out),
        }
    }
}
