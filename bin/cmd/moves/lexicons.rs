//! The lexicons a `moves` run answers in, opened as positions name them.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::Arc;

use lexgraph::{Alphabet, Kind, Lexicon};

use super::{Args, Structure};
use crate::setup::open_lexicon;

/// The lexicons a run answers in: `--lexicon`, else each CGP's `lex NAME`
/// resolved to a file (each file opened once, however many names or lines
/// lead to it), else the built-in one.
pub(super) struct Lexicons {
    flag: Option<PathBuf>,
    want: Option<Kind>,
    fallback: bool,
    /// Names resolved so far, and the file (index into `opened`) each gave.
    names: HashMap<Option<String>, usize>,
    /// Open lexicons by canonical path (`None`: the built-in one), with the
    /// label JSON output gives them.
    pub(super) opened: Vec<(Option<PathBuf>, String, Lexicon)>,
    /// The alphabet of each of `opened`, shared: each position reads
    /// with it, and copying an alphabet costs dozens of allocations.
    alphabets: Vec<Arc<Alphabet>>,
    /// The path each of `opened` was given by (`None`: the built-in one),
    /// where its own leaves are found beside it.
    pub(super) paths: Vec<Option<PathBuf>>,
    /// The `lex` name of the batch's first line that has one: lines without
    /// one take it.
    first_name: Option<String>,
    /// Names already reported as not found, so that each is reported once.
    reported: HashSet<String>,
}

impl Lexicons {
    pub(super) fn new(args: &Args) -> Lexicons {
        Lexicons {
            flag: args.lexicon.clone(),
            want: args.structure.map(Structure::kind),
            fallback: args.fallback,
            names: HashMap::new(),
            opened: Vec::new(),
            alphabets: Vec::new(),
            paths: Vec::new(),
            first_name: None,
            reported: HashSet::new(),
        }
    }

    /// The lexicon for a position whose `lex` opcode is `name`: its index
    /// in `opened`.
    pub(super) fn resolve(&mut self, name: Option<String>) -> std::result::Result<usize, String> {
        if self.flag.is_some() {
            // One file for every position: opened by the first.
            return match self.opened.is_empty() {
                true => self.open(self.flag.clone()),
                false => Ok(0),
            };
        }
        if name.is_some() && self.first_name.is_none() {
            self.first_name = name.clone();
        }
        let name = name.or_else(|| self.first_name.clone());
        if let Some(&i) = self.names.get(&name) {
            return Ok(i);
        }
        let path = match &name {
            None => None,
            Some(n) => match self.find(n) {
                Some(p) => Some(p),
                None if self.fallback => {
                    if self.reported.insert(n.clone()) {
                        eprintln!(
                            "note: lexicon {n:?} not found in $LEXGRAPH_LEXICON_PATH, ./out or \
                             ./lexicons; using the built-in English lexicon (--fallback)"
                        );
                    }
                    None
                }
                None => {
                    return Err(format!(
                        "lexicon {n:?} (the CGP's `lex` opcode) not found as {n}.gaddag or \
                         {n}.dawg in $LEXGRAPH_LEXICON_PATH, ./out or ./lexicons: give \
                         --lexicon FILE, or --fallback to use the built-in English lexicon"
                    ))
                }
            },
        };
        let i = self.open(path)?;
        self.names.insert(name, i);
        Ok(i)
    }

    /// `NAME.gaddag` or `NAME.dawg` (the wanted kind first) on the search path.
    fn find(&self, name: &str) -> Option<PathBuf> {
        let first = self.want.unwrap_or(Kind::Gaddag);
        find_named_lexicon(name, first).or_else(|| find_named_lexicon(name, other_kind(first)))
    }

    /// Opens `path` (`None`: the built-in lexicon) unless open already.
    fn open(&mut self, path: Option<PathBuf>) -> std::result::Result<usize, String> {
        let key = path
            .as_ref()
            .map(|p| std::fs::canonicalize(p).unwrap_or_else(|_| p.clone()));
        if let Some(i) = self.opened.iter().position(|(k, _, _)| *k == key) {
            return Ok(i);
        }
        let (label, lex) =
            open_lexicon(path.as_deref(), self.want).map_err(|e| format!("{e:#}"))?;
        self.alphabets.push(Arc::new(lex.alphabet().clone()));
        self.paths.push(path);
        self.opened.push((key, label, lex));
        Ok(self.opened.len() - 1)
    }

    /// The alphabet of lexicon `i` (an index into `opened`).
    pub(super) fn alphabet(&self, i: usize) -> Arc<Alphabet> {
        Arc::clone(&self.alphabets[i])
    }
}

fn other_kind(k: Kind) -> Kind {
    match k {
        Kind::Dawg => Kind::Gaddag,
        Kind::Gaddag => Kind::Dawg,
    }
}

/// `NAME.gaddag` or `NAME.dawg` on the search path: $LEXGRAPH_LEXICON_PATH,
/// then ./out and ./lexicons.
fn find_named_lexicon(name: &str, kind: Kind) -> Option<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os("LEXGRAPH_LEXICON_PATH")
        .map(|v| std::env::split_paths(&v).collect())
        .unwrap_or_default();
    dirs.push(PathBuf::from("out"));
    dirs.push(PathBuf::from("lexicons"));
    lexgraph::lexicon::find_named(name, kind, &dirs)
}
