//! Word study (`lexgraph::lexicon::study`, `anagram`, `pattern`, `words`):
//! letter classes, vowel and consonant wildcards, length limits, hooks,
//! subanagrams, probability and alphagrams, each against a brute force
//! over the word list read directly; the JSON against the text; errors.

use std::collections::{BTreeMap, HashSet};
use std::process::Output;
use std::sync::OnceLock;

use lexgraph::lexicon::study::Bag;
use lexgraph::query::Partial;
use lexgraph::{Alphabet, Lexicon};

use crate::common::cli::{english_dir, run};

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// `lexgraph ARGS` on the English list; its output, which must succeed.
fn ok(args: &[&str]) -> String {
    let o = run(english_dir(), args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    stdout(&o)
}

/// The English list in upper case, in order.
fn words() -> &'static Vec<String> {
    static W: OnceLock<Vec<String>> = OnceLock::new();
    W.get_or_init(|| {
        let text = std::fs::read_to_string(crate::common::root().join("lexicons/wordlist-en.txt"))
            .unwrap();
        let mut w: Vec<String> = text
            .lines()
            .map(|l| l.trim().to_ascii_uppercase())
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        w.sort();
        w.dedup();
        w
    })
}

fn word_set() -> &'static HashSet<String> {
    static S: OnceLock<HashSet<String>> = OnceLock::new();
    S.get_or_init(|| words().iter().cloned().collect())
}

/// One position of the oracle's patterns and racks.
#[derive(Clone, Debug)]
enum Tok {
    /// One of these letters.
    One(Vec<char>),
    /// `*`.
    Any,
}

const VOWELS: &str = "AEIOU";

/// The oracle's reading of the English syntax: a letter, `?`, `@`, `#`,
/// `*`, `[…]` and `[^…]` of single letters.
fn toks(p: &str) -> Vec<Tok> {
    let all: Vec<char> = ('A'..='Z').collect();
    let mut out = Vec::new();
    let mut cs = p.chars();
    while let Some(c) = cs.next() {
        out.push(match c {
            '?' => Tok::One(all.clone()),
            '*' => Tok::Any,
            '@' => Tok::One(VOWELS.chars().collect()),
            '#' => Tok::One(
                all.iter()
                    .copied()
                    .filter(|c| !VOWELS.contains(*c))
                    .collect(),
            ),
            '[' => {
                let inner: String = cs.by_ref().take_while(|&c| c != ']').collect();
                match inner.strip_prefix('^') {
                    Some(not) => {
                        Tok::One(all.iter().copied().filter(|c| !not.contains(*c)).collect())
                    }
                    None => Tok::One(inner.chars().collect()),
                }
            }
            c => Tok::One(vec![c]),
        });
    }
    out
}

/// Whether `w` matches the pattern `t`, by backtracking.
fn matches(t: &[Tok], w: &[char]) -> bool {
    match t.split_first() {
        None => w.is_empty(),
        Some((Tok::Any, rest)) => (0..=w.len()).any(|k| matches(rest, &w[k..])),
        Some((Tok::One(set), rest)) => {
            !w.is_empty() && set.contains(&w[0]) && matches(rest, &w[1..])
        }
    }
}

/// Whether the rack `t` makes `w` (with `all`, using each of its tiles
/// but `*`), trying every tile and wildcard for each letter.
fn makes(t: &[Tok], w: &[char], all: bool) -> bool {
    fn go(left: &mut Vec<Option<Vec<char>>>, star: bool, w: &[char], all: bool) -> bool {
        let Some((&c, rest)) = w.split_first() else {
            return !all || left.iter().all(Option::is_none);
        };
        for i in 0..left.len() {
            if left[i].as_ref().is_some_and(|s| s.contains(&c)) {
                let taken = left[i].take();
                let found = go(left, star, rest, all);
                left[i] = taken;
                if found {
                    return true;
                }
            }
        }
        star && go(left, star, rest, all)
    }
    let star = t.iter().any(|t| matches!(t, Tok::Any));
    let mut left: Vec<Option<Vec<char>>> = t
        .iter()
        .filter_map(|t| match t {
            Tok::One(s) => Some(Some(s.clone())),
            Tok::Any => None,
        })
        .collect();
    go(&mut left, star, w, all)
}

fn chars(w: &str) -> Vec<char> {
    w.chars().collect()
}

#[test]
fn patterns_with_classes_wildcards_and_lengths_match_a_brute_force() {
    for (pattern, min, max) in [
        ("[AEIOU]?[^S]", None, None),
        ("@#@#", None, None),
        ("C*[DT]", Some(4), Some(6)),
        ("#*@", Some(9), None),
        ("Q[^U]*", None, Some(5)),
        ("*[XZ]*[XZ]*", Some(5), Some(5)),
        ("[[A]B]??", None, None),
    ] {
        let mut args = vec!["pattern", "-l", "en.dawg", pattern];
        let (lo, hi) = (
            min.map(|n: usize| n.to_string()),
            max.map(|n: usize| n.to_string()),
        );
        if let Some(n) = &lo {
            args.extend(["--min-length", n]);
        }
        if let Some(n) = &hi {
            args.extend(["--max-length", n]);
        }
        let t = toks(&pattern.replace("[[A]B]", "[AB]"));
        let expect: Vec<&str> = words()
            .iter()
            .filter(|w| {
                let n = w.len();
                n >= min.unwrap_or(0) && n <= max.unwrap_or(99) && matches(&t, &chars(w))
            })
            .map(String::as_str)
            .collect();
        assert!(!expect.is_empty(), "{pattern}");
        assert_eq!(ok(&args).lines().collect::<Vec<_>>(), expect, "{args:?}");
        // The GADDAG answers the same.
        args[2] = "en.gaddag";
        assert_eq!(ok(&args).lines().collect::<Vec<_>>(), expect, "{args:?}");
    }
}

#[test]
fn anagrams_and_subanagrams_with_classes_match_a_brute_force() {
    let lex = Lexicon::open(english_dir().join("en.dawg")).unwrap();
    for (rack, partial, lengths) in [
        ("AEIRST@", false, (0, 99)),
        ("ERST[AEIOU]#", false, (0, 99)),
        ("ERST[AEIOU]#", true, (3, 5)),
        ("QI*", false, (0, 5)),
        ("[^AEIOU]?ET", true, (0, 99)),
        ("ZE[AO][AO]", true, (2, 3)),
        ("RETAINS", true, (7, 7)),
        ("*", false, (15, 15)),
    ] {
        let mode = if partial { Partial::Yes } else { Partial::No };
        let got: Vec<String> = lex
            .anagrams_within(rack, mode, lengths.0..=lengths.1)
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let t = toks(rack);
        let fixed = t.iter().filter(|t| matches!(t, Tok::One(_))).count();
        let star = fixed < t.len();
        let expect: Vec<&str> = words()
            .iter()
            .filter(|w| {
                let n = w.len();
                let size_ok = partial || star || n == fixed;
                size_ok && n >= lengths.0 && n <= lengths.1 && makes(&t, &chars(w), !partial)
            })
            .map(String::as_str)
            .collect();
        assert!(!expect.is_empty(), "{rack}");
        let upper: Vec<String> = got.iter().map(|w| w.to_ascii_uppercase()).collect();
        assert_eq!(upper, expect, "{rack} {partial} {lengths:?}");
        // Real tiles first: a letter is lower case only where the rack has
        // no tile left for it.
        if !rack.contains('[') {
            for w in &got {
                let mut left: Vec<char> = rack.chars().filter(char::is_ascii_uppercase).collect();
                let mut wild = 0;
                for c in w.to_ascii_uppercase().chars() {
                    match left.iter().position(|&x| x == c) {
                        Some(i) => {
                            left.swap_remove(i);
                        }
                        None => wild += 1,
                    }
                }
                let lower = w.chars().filter(char::is_ascii_lowercase).count();
                assert_eq!(lower, wild, "{rack}: {w}");
            }
        }
    }
    // The command prints the same, `--sub` naming `--partial`.
    let text = ok(&[
        "anagram",
        "-l",
        "en.dawg",
        "ERST[AEIOU]#",
        "--sub",
        "--min-length",
        "3",
        "--max-length",
        "5",
        "--by",
        "alpha",
    ]);
    let lib: Vec<String> = lex
        .anagrams_within("ERST[AEIOU]#", Partial::Yes, 3..=5)
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(text.lines().collect::<Vec<_>>(), lib);
}

#[test]
fn hooks_match_the_word_list() {
    let set = word_set();
    let hooks = |w: &str| {
        let (mut f, mut b) = (String::new(), String::new());
        for c in 'A'..='Z' {
            if set.contains(&format!("{c}{w}")) {
                f.push(c.to_ascii_lowercase());
            }
            if set.contains(&format!("{w}{c}")) {
                b.push(c.to_ascii_lowercase());
            }
        }
        let dash = |s: String| if s.is_empty() { "-".to_string() } else { s };
        format!("{} {w} {}", dash(f), dash(b))
    };
    // Every two-letter word, from both kinds of file.
    let twos: Vec<String> = words()
        .iter()
        .filter(|w| w.len() == 2)
        .map(|w| hooks(w))
        .collect();
    for file in ["en.dawg", "en.gaddag"] {
        let out = ok(&["words", file, "--length", "2", "--hooks"]);
        assert_eq!(out.lines().collect::<Vec<_>>(), twos, "{file}");
    }
    let out = ok(&["pattern", "-l", "en.dawg", "C?T", "--hooks"]);
    let expect: Vec<String> = words()
        .iter()
        .filter(|w| w.len() == 3 && w.starts_with('C') && w.ends_with('T'))
        .map(|w| hooks(w))
        .collect();
    assert_eq!(out.lines().collect::<Vec<_>>(), expect);
}

/// The ways to draw `word` from the English bag, counted one set of tiles
/// at a time (each of the bag's 100 tiles told apart).
fn ways_by_subsets(word: &str) -> u128 {
    let a = Alphabet::english();
    let mut bag: Vec<char> = Vec::new();
    for (t, info) in a.tiles().iter().enumerate() {
        let c = if t == 0 {
            '?'
        } else {
            info.label.chars().next().unwrap()
        };
        bag.extend(std::iter::repeat_n(c, info.count as usize));
    }
    let n = word.len();
    let need = chars(word);
    let mut count = 0u128;
    let mut pick = vec![0usize; n];
    // Every n-subset of the bag, as increasing indices.
    fn next(pick: &mut [usize], len: usize) -> bool {
        let n = pick.len();
        for i in (0..n).rev() {
            if pick[i] < len - (n - i) {
                pick[i] += 1;
                for j in i + 1..n {
                    pick[j] = pick[j - 1] + 1;
                }
                return true;
            }
        }
        false
    }
    for (i, p) in pick.iter_mut().enumerate() {
        *p = i;
    }
    loop {
        let mut left = need.clone();
        let mut blanks = 0;
        for &i in &pick {
            match left.iter().position(|&c| c == bag[i]) {
                Some(k) => {
                    left.swap_remove(k);
                }
                None if bag[i] == '?' => blanks += 1,
                None => {}
            }
        }
        if left.len() == blanks {
            count += 1;
        }
        if !next(&mut pick, bag.len()) {
            return count;
        }
    }
}

#[test]
fn probability_counts_draws_with_blanks() {
    let en = Alphabet::english();
    let bag = Bag::of(&en);
    let ways = |w: &str| bag.ways(&en.tokenize(w).unwrap());
    // By hand: A 9, T 6, E 12, Q 1, U 4, I 9, Z 1, two blanks.
    assert_eq!(ways("AT"), 9 * 6 + 2 * 6 + 2 * 9 + 1);
    assert_eq!(ways("EE"), 66 + 2 * 12 + 1);
    // QUIZ: none, one (for Q, U, I or Z) or two blanks.
    assert_eq!(
        ways("QUIZ"),
        36 + 2 * (36 + 9 + 4 + 36) + (9 + 4 + 36 + 1 + 9 + 4)
    );
    // ZZZ needs both blanks; ZZZZ cannot be drawn.
    assert_eq!(ways("ZZZ"), 1);
    assert_eq!(ways("ZZZZ"), 0);
    for w in ["AT", "ZA", "EE", "QI", "ZZ", "CAT", "EEE", "ZZZ", "JAX"] {
        assert_eq!(ways(w), ways_by_subsets(w), "{w}");
    }
    // The commands print the same numbers.
    let line = ok(&["pattern", "-l", "en.dawg", "QUIZ", "--probability"]);
    assert_eq!(line, format!("QUIZ {}\n", ways("QUIZ")));
    let line = ok(&[
        "anagram",
        "-l",
        "en.dawg",
        "QUZ?",
        "--probability",
        "--format",
        "json",
    ]);
    let j: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(j["word"], "QUiZ");
    assert_eq!(j["probability"].as_u64().unwrap() as u128, ways("QUIZ"));
}

#[test]
fn study_orders_are_by_length_then_probability() {
    let en = Alphabet::english();
    let bag = Bag::of(&en);
    let ways = |w: &str| bag.ways(&en.tokenize(&w.to_ascii_uppercase()).unwrap());
    let alpha = ok(&[
        "anagram", "-l", "en.dawg", "AEINRST", "--sub", "--by", "alpha",
    ]);
    // Anagrams come longest, then likeliest first by default.
    let by = ok(&["anagram", "-l", "en.dawg", "AEINRST", "--sub"]);
    let named = ok(&[
        "anagram",
        "-l",
        "en.dawg",
        "AEINRST",
        "--sub",
        "--by",
        "probability",
    ]);
    assert_eq!(by, named);
    let (mut a, b): (Vec<&str>, Vec<&str>) = (alpha.lines().collect(), by.lines().collect());
    assert!(b.len() > 100);
    let key = |w: &str| (std::cmp::Reverse(w.len()), std::cmp::Reverse(ways(w)));
    a.sort_by_key(|w| key(w)); // stable: ties stay in the lexicon's order
    assert_eq!(a, b);
    assert_eq!(b[0].len(), 7);
    // words --by probability: the same rule.
    let sevens = ok(&[
        "words",
        "en.dawg",
        "--length",
        "7",
        "--by",
        "probability",
        "--probability",
    ]);
    let rows: Vec<(String, u128)> = sevens
        .lines()
        .map(|l| {
            let (w, p) = l.split_once(' ').unwrap();
            (w.to_string(), p.parse().unwrap())
        })
        .collect();
    assert_eq!(rows.len(), words().iter().filter(|w| w.len() == 7).count());
    assert!(rows
        .windows(2)
        .all(|r| r[0].1 > r[1].1 || (r[0].1 == r[1].1 && r[0].0 < r[1].0)));
    assert!(rows.iter().all(|(w, p)| ways(w) == *p));
}

#[test]
fn alphagram_lists_group_anagrams() {
    let out = ok(&[
        "words",
        "en.dawg",
        "--length",
        "7",
        "--alphagrams",
        "--by",
        "probability",
    ]);
    let mut expect: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for w in words().iter().filter(|w| w.len() == 7) {
        let mut a = chars(w);
        a.sort();
        expect
            .entry(a.into_iter().collect())
            .or_default()
            .push(w.clone());
    }
    let mut got: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for line in out.lines() {
        let mut f = line.split(' ');
        let a = f.next().unwrap().to_string();
        got.insert(a, f.map(String::from).collect());
    }
    assert_eq!(got, expect);
    let retains = out.lines().find(|l| l.starts_with("AEINRST ")).unwrap();
    assert!(
        retains.contains(" RETAINS") && retains.contains(" STAINER"),
        "{retains}"
    );
    // JSON: one object per alphagram, its words as objects.
    let json = ok(&[
        "words",
        "en.dawg",
        "--length",
        "7",
        "--alphagrams",
        "--by",
        "probability",
        "--format",
        "json",
    ]);
    let firsts: Vec<String> = json
        .lines()
        .map(|l| {
            let j: serde_json::Value = serde_json::from_str(l).unwrap();
            let words: Vec<&str> = j["words"]
                .as_array()
                .unwrap()
                .iter()
                .map(|w| w["word"].as_str().unwrap())
                .collect();
            format!("{} {}", j["alphagram"].as_str().unwrap(), words.join(" "))
        })
        .collect();
    assert_eq!(firsts, out.lines().collect::<Vec<_>>());
}

#[test]
fn json_lines_match_the_text() {
    for args in [
        &["anagram", "-l", "en.dawg", "AEINRST?", "--hooks"][..],
        &[
            "pattern",
            "-l",
            "en.dawg",
            "*IZ[AE]",
            "--hooks",
            "--by",
            "probability",
        ][..],
        &[
            "words",
            "en.dawg",
            "--prefix",
            "QU",
            "--max-length",
            "5",
            "--hooks",
        ][..],
    ] {
        let text = ok(args);
        let mut with = args.to_vec();
        with.extend(["--format", "json"]);
        let json = ok(&with);
        assert_eq!(text.lines().count(), json.lines().count(), "{args:?}");
        assert!(text.lines().count() > 3, "{args:?}");
        for (t, j) in text.lines().zip(json.lines()) {
            let v: serde_json::Value = serde_json::from_str(j).unwrap();
            let dash = |k: &str| match v[k].as_str().unwrap() {
                "" => "-".to_string(),
                s => s.to_string(),
            };
            let word = v["word"].as_str().unwrap();
            assert_eq!(
                t,
                format!("{} {word} {}", dash("front_hooks"), dash("back_hooks"))
            );
            assert_eq!(v["length"].as_u64().unwrap() as usize, word.chars().count());
            let mut a = chars(&word.to_ascii_uppercase());
            a.sort();
            assert_eq!(v["alphagram"], a.into_iter().collect::<String>());
            assert!(v["probability"].as_u64().unwrap() > 0);
        }
    }
    // Without --hooks the objects have no hook fields.
    let j = ok(&["pattern", "-l", "en.dawg", "QI", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(j.trim()).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"word": "QI", "length": 2, "alphagram": "IQ", "probability": 30})
    );
}

#[test]
fn bad_patterns_and_racks_are_clear_errors() {
    for (cmd, text, says) in [
        (
            "pattern",
            "AB[CD",
            "'[' is never closed (character 3 of the pattern",
        ),
        ("pattern", "AB]", "']' closes no '[' (character 3"),
        ("pattern", "A[]", "[] is an empty class (character 2"),
        (
            "pattern",
            "A1*",
            "'1' is not a tile of the english alphabet (character 2",
        ),
        ("pattern", "[^ABCDEFGHIJKLMNOPQRSTUVWXYZ]", "leaves no tile"),
        ("anagram", "AB[C?]", "'?' cannot stand in a class"),
        ("anagram", "AB[C", "(character 3 of the rack"),
    ] {
        let o = run(english_dir(), &[cmd, "-l", "en.dawg", text]);
        assert_eq!(o.status.code(), Some(3), "{text}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{text}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
    }
    let o = run(
        english_dir(),
        &[
            "pattern",
            "-l",
            "en.dawg",
            "A*",
            "--min-length",
            "5",
            "--max-length",
            "3",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let o = run(
        english_dir(),
        &["words", "en.dawg", "--length", "3", "--max-length", "3"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn multi_character_tiles_in_classes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("es.txt"), "chal\ncal\nhal\nllama\nlama\nchola\n").unwrap();
    let o = run(
        d,
        &["compile", "es.txt", "--alphabet", "spanish", "-o", "es"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let pat = |p: &str| {
        let o = run(d, &["pattern", "-l", "es.dawg", p]);
        (o.status.code(), stdout(&o), stderr(&o))
    };
    // A bracket naming a tile is that tile; a class of letters and tiles.
    assert_eq!(pat("[CH]AL").1, "[CH]AL\n");
    assert_eq!(pat("[[CH]H]AL").1, "[CH]AL\nHAL\n");
    assert_eq!(pat("[C H]AL").1, "CAL\nHAL\n");
    assert_eq!(pat("[HC]AL").1, "CAL\nHAL\n");
    assert_eq!(pat("[^[CH]]AL").1, "CAL\nHAL\n");
    assert_eq!(pat("[LL]*").1, "[LL]AMA\n");
    assert_eq!(pat("?*").1.lines().count(), 6);
    // Letters that spell a tile, in a class: an error naming both readings.
    let (code, out, err) = pat("[CHL]AL");
    assert_eq!((code, out.as_str()), (Some(3), ""));
    assert!(
        err.contains("ambiguous") && err.contains("[[CH]L]") && err.contains("[C H L]"),
        "{err}"
    );
    // Lengths count tiles: [CH]AL is three.
    let o = run(d, &["pattern", "-l", "es.dawg", "*", "--length", "3"]);
    assert_eq!(stdout(&o), "CAL\n[CH]AL\nHAL\n");
    // Hooks and alphagrams bracket the tile.
    let o = run(
        d,
        &[
            "words",
            "es.dawg",
            "--length",
            "4",
            "--hooks",
            "--probability",
        ],
    );
    assert!(stdout(&o).contains("- LAMA -"), "{}", stdout(&o));
    let o = run(d, &["words", "es.dawg", "--length", "3", "--hooks"]);
    assert!(
        stdout(&o).contains("[ch] AL -") || stdout(&o).contains("- CAL -"),
        "{}",
        stdout(&o)
    );
    let o = run(
        d,
        &["anagram", "-l", "es.dawg", "AL@[CH]", "--format", "json"],
    );
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(v["word"], "[CH]oLA");
    assert_eq!(v["alphagram"], "A[CH]LO");
}

#[test]
fn json_cut_short_by_a_closed_pipe_is_not_an_error() {
    use std::io::{BufRead, BufReader};
    for args in [
        &["words", "en.dawg", "--format", "json"][..],
        &["words", "en.dawg", "--alphagrams", "--format", "json"][..],
    ] {
        let mut child = crate::common::cli::cmd(english_dir(), args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        assert!(first.starts_with('{'), "{first}");
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "{args:?}");
    }
}
