//! Games of three and four players: the deal, the order of play, the end
//! and its settlement checked against the rules worked out here from the
//! turns; their records written and read back.

use super::*;

/// ENABLE's words of up to five letters: games on it are played out.
fn lexicon() -> &'static crate::Lexicon {
    static LEX: std::sync::OnceLock<crate::Lexicon> = std::sync::OnceLock::new();
    LEX.get_or_init(|| {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/lexicons/enable1.txt");
        let text = std::fs::read_to_string(path).unwrap();
        let short: Vec<&str> = text.lines().filter(|w| w.len() <= 5).collect();
        let words = crate::WordList::parse(
            short.join("\n").as_bytes(),
            "enable<=5",
            &Alphabet::english(),
            crate::Invalid::Refuse,
        )
        .unwrap();
        crate::Lexicon::from_vec(crate::compile::compile(&words).gaddag).unwrap()
    })
}

/// Plays game `seed` of `players` players on [`lexicon`], greedily.
fn greedy_game(players: usize, seed: u64, after: impl FnMut(&Game)) -> Game {
    testing::greedy_game_of(lexicon(), players, seed, after)
}

fn on_hand(g: &Game) -> usize {
    g.bag_len() + g.racks().iter().map(Rack::len).sum::<usize>() + g.board().tile_count()
}

#[test]
fn counts_outside_two_to_four_are_refused_and_two_is_the_classic_deal() {
    let a = Alphabet::english();
    for n in [0, 1, 5] {
        let e = Game::with_players(a.clone(), Rules::default(), 1, n).unwrap_err();
        assert!(e.to_string().contains("2 to 4 players"), "{e}");
    }
    let two = Game::with_players(a.clone(), Rules::default(), 9, 2).unwrap();
    let classic = Game::new(a.clone(), Rules::default(), 9);
    assert_eq!(two.racks(), classic.racks());
    assert_eq!(two.bag_len(), classic.bag_len());
    let four = Game::with_players(a.clone(), Rules::default(), 9, 4).unwrap();
    assert_eq!(four.racks().len(), 4);
    assert!(four.racks().iter().all(|r| r.len() == 7));
    assert_eq!(four.bag_len(), 100 - 28);
    // The mover's view sets a rack aside for every other player.
    assert_eq!(four.position().bag_len(&a, 7), 72);
    // A tile set too small for the racks is refused.
    let rules = Rules {
        rack_size: 30,
        ..Rules::default()
    };
    assert!(Game::with_players(a, rules, 1, 4).is_err());
}

#[test]
fn turns_go_round_the_table_and_the_end_settles_by_the_rules_for_more_players() {
    let a = Alphabet::english();
    let mut outs = 0;
    for players in [3, 4] {
        for seed in 0..12 {
            let mut movers = Vec::new();
            let g = greedy_game(players, seed, |g| {
                assert_eq!(on_hand(g), 100);
                movers.push(g.turns().last().unwrap().player);
                // The view's bag is the game's bag.
                if !g.is_over() {
                    assert_eq!(g.position().bag_len(&a, 7), g.bag_len(), "seed {seed}");
                }
            });
            for (i, &m) in movers.iter().enumerate() {
                assert_eq!(m, i % players, "seat order, seed {seed}");
            }
            let turns = g.turns();
            let played = |p: usize| {
                turns
                    .iter()
                    .filter(|t| t.player == p)
                    .map(|t| t.score)
                    .sum::<i32>()
            };
            let value = |r: &Rack| tiles_value(&a, r.counts());
            let end = g.end().unwrap();
            let racks = end.racks();
            assert_eq!(racks, g.racks());
            match end {
                End::Out {
                    player,
                    bonus,
                    penalties,
                    ..
                } => {
                    outs += 1;
                    let others: i32 = racks.iter().map(value).sum();
                    assert_eq!(*bonus, others, "the others' tiles, once");
                    for p in 0..players {
                        let want = if p == *player {
                            played(p) + others
                        } else {
                            played(p) - value(&racks[p])
                        };
                        assert_eq!(g.scores()[p], want, "seat {p}, seed {seed}");
                        assert_eq!(penalties[p], value(&racks[p]));
                    }
                }
                End::Scoreless { penalties, .. } => {
                    assert_eq!(g.scoreless_limit(), 3 * players as u32);
                    let limit = g.scoreless_limit() as usize;
                    assert!(turns.iter().rev().take(limit).all(|t| t.score == 0));
                    assert!(
                        turns.len() < limit + 1
                            || turns[turns.len() - limit - 1].score != 0
                            || turns.len() == limit
                    );
                    for p in 0..players {
                        assert_eq!(g.scores()[p], played(p) - penalties[p]);
                        assert_eq!(penalties[p], value(&racks[p]));
                    }
                }
                End::Penalties { .. } => unreachable!("the crossword game"),
            }
            let top = *g.scores().iter().max().unwrap();
            assert!(g.leaders().iter().all(|&p| g.scores()[p] == top));
        }
    }
    assert!(outs > 12, "games were played out: {outs}");
}

#[test]
fn records_of_more_players_are_written_read_and_replayed() {
    let a = Alphabet::english();
    for players in [3, 4] {
        for seed in 0..6 {
            let g = greedy_game(players, seed, |_| {});
            let nicks = ["ann", "bob", "cy", "di"];
            let text = crate::gcg::write(&g, &nicks[..players], None);
            for (p, nick) in nicks[..players].iter().enumerate() {
                assert!(text.contains(&format!("#player{} {nick}", p + 1)), "{text}");
            }
            let record = crate::gcg::parse(text.as_bytes(), "t.gcg", &a).unwrap();
            assert_eq!(record.players.len(), players);
            let r = crate::replay::replay(&record, &Rules::default(), &a, None).unwrap();
            assert!(
                r.agrees(),
                "{text}\n{:?}",
                r.steps.iter().flat_map(|s| &s.problems).collect::<Vec<_>>()
            );
            let want: Vec<i64> = g.scores().iter().map(|&s| i64::from(s)).collect();
            assert_eq!(r.totals, want, "{text}");
        }
    }
    // Seats must follow one another: a #player3 without a #player2 is
    // refused, and so is a fifth nickname.
    let e = crate::gcg::parse(b"#player1 a A\n#player3 c C\n", "x.gcg", &a).unwrap_err();
    assert!(e.to_string().contains("#player3 but no #player2"), "{e}");
    let five = b">a: A - +0 0\n>b: A - +0 0\n>c: A - +0 0\n>d: A - +0 0\n>e: A - +0 0\n";
    let e = crate::gcg::parse(five, "x.gcg", &a).unwrap_err();
    assert!(e.to_string().contains("x.gcg:5"), "{e}");
}
