use super::*;
use crate::rack::Rack;
use crate::wordlist::{Invalid, WordList};

/// A bag of seven: a blank, three A, two S and an X.
fn tiny_alphabet() -> Alphabet {
    Alphabet::parse("tiny", "? 0 1 0\nA 1 3 1\nS 1 2 0\nX 8 1 0\n", "tiny").unwrap()
}

/// An arbitrary rack value with interactions (the S pair, the blank with
/// the X), so that the census is tested on more than sums of tiles.
fn f(rack: &[u8]) -> f64 {
    let n = |t: u8| rack.iter().filter(|&&x| x == t).count() as f64;
    10.0 * n(2) + 3.0 * n(1) * n(1) - 5.0 * n(3) + 7.0 * n(0) * n(3) - 4.0 * (n(2) - 1.0).max(0.0)
}

/// Every multiset of `k` tiles the bag allows.
fn racks_of(bag: &[u32], k: usize) -> Vec<Vec<u8>> {
    let mut by_size = vec![Vec::new(); k + 1];
    all_leaves(bag, 0, 0, k, &mut Vec::new(), &mut by_size);
    by_size.pop().unwrap().into_iter().map(unpack).collect()
}

/// The census, worked by brute force: every ordered draw of the bag's
/// tiles as distinct objects, less the leave's, equally likely.
#[test]
fn the_census_is_the_expected_next_rack_value() {
    let a = tiny_alphabet();
    let bag: Vec<u32> = a.tiles().iter().map(|t| t.count as u32).collect();
    let mut tally = Tally::default();
    for r in racks_of(&bag, 3) {
        for _ in 0..60 {
            tally.add_rack(pack(&r), f(&r) as f32);
        }
    }
    let est = estimate(&tally, &a, 3, 50).unwrap();
    assert_eq!((est.smoothed, est.filled), (0, 0));
    let objects: Vec<u8> = bag
        .iter()
        .enumerate()
        .flat_map(|(t, &n)| std::iter::repeat_n(t as u8, n as usize))
        .collect();
    // Mean of f(leave + draw) over ordered draws without the leave's objects.
    let expect = |leave: &[u8]| -> f64 {
        let mut pool = objects.clone();
        for t in leave {
            let i = pool.iter().position(|x| x == t).unwrap();
            pool.remove(i);
        }
        let need = 3 - leave.len();
        let (mut sum, mut n) = (0.0, 0.0);
        let mut idx = vec![0usize; need];
        fn walk(
            pool: &[u8],
            idx: &mut Vec<usize>,
            at: usize,
            leave: &[u8],
            sum: &mut f64,
            n: &mut f64,
        ) {
            if at == idx.len() {
                let mut r: Vec<u8> = leave.to_vec();
                r.extend(idx.iter().map(|&i| pool[i]));
                *sum += f(&r);
                *n += 1.0;
                return;
            }
            for i in 0..pool.len() {
                if !idx[..at].contains(&i) {
                    idx[at] = i;
                    walk(pool, idx, at + 1, leave, sum, n);
                }
            }
        }
        walk(&pool, &mut idx, 0, leave, &mut sum, &mut n);
        sum / n
    };
    let base = expect(&[]);
    assert!(!est.leaves.is_empty());
    for (leave, v) in &est.leaves {
        let want = expect(leave) - base;
        assert!(
            (*v as f64 - want).abs() < 1e-3,
            "{leave:?}: {v} against {want}"
        );
    }
    // One and two tiles of four kinds: 4 singles, 4·3/2 pairs, AA and SS.
    assert_eq!(est.leaves.len(), 4 + 6 + 2);
}

#[test]
fn unseen_leaves_come_from_smaller_ones() {
    let mut values = HashMap::new();
    for (l, v) in [
        (&[][..], 0.0),
        (&[1], 1.0),
        (&[2], 5.0),
        (&[1, 1], 0.5),
        (&[1, 2], 8.0),
    ] {
        values.insert(pack(l), v);
    }
    // Two tiles: the sum of the singles.
    assert_eq!(from_smaller(&[1, 2], &values), 6.0);
    // A A S: pairs (A, A) and (A, S):
    // V(AS) + V(AS) − V(S) = 11 and V(AS) + V(AA) − V(A) = 7.5.
    assert_eq!(from_smaller(&[1, 1, 2], &values), (11.0 + 7.5) / 2.0);
    assert_eq!(from_smaller(&[2], &values), 0.0);
}

#[test]
fn thin_leaves_are_pulled_towards_their_estimate() {
    let a = tiny_alphabet();
    let bag: Vec<u32> = a.tiles().iter().map(|t| t.count as u32).collect();
    let mut tally = Tally::default();
    for r in racks_of(&bag, 3) {
        // The X seen in only a few racks.
        let n = if r.contains(&3) { 1 } else { 100 };
        for _ in 0..n {
            tally.add_rack(pack(&r), f(&r) as f32);
        }
    }
    let est = estimate(&tally, &a, 3, 50).unwrap();
    assert!(est.smoothed > 0, "{est:?}");
    assert_eq!(est.filled, 0);
    assert_eq!(est.measured + est.smoothed, est.leaves.len());
    // With the X's racks left out, its leaves are filled in.
    tally.racks.retain(|&k, _| !unpack(k).contains(&3));
    let est = estimate(&tally, &a, 3, 50).unwrap();
    let value = |l: &[u8]| est.leaves.iter().find(|e| e.0 == l).unwrap().1;
    assert_eq!(value(&[3]), 0.0);
    assert_eq!(value(&[1, 3]), value(&[1]));
    assert_eq!(est.filled, 4);
}

#[test]
fn keys_pack_and_unpack() {
    for tiles in [
        &[][..],
        &[0],
        &[1, 1, 2, 63],
        &[5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
    ] {
        assert_eq!(unpack(pack(tiles)), tiles);
    }
}

#[test]
fn tallies_round_trip_and_damaged_ones_are_refused() {
    let mut t = Tally::default();
    t.add_rack(pack(&[1, 2, 3]), 12.5);
    t.add_rack(pack(&[1, 2, 3]), -3.25);
    t.add_rack(pack(&[0, 4, 4]), 40.0);
    t.wins.insert((20, -15), [3, 2]);
    t.games = 2;
    let bytes = t.to_bytes();
    assert_eq!(Tally::from_bytes(&bytes, "t").unwrap(), t);
    // Every truncation and a wrong magic: refused, not a panic.
    for n in 0..bytes.len() {
        assert!(Tally::from_bytes(&bytes[..n], "t").is_err(), "{n} bytes");
    }
    let mut magic = bytes.clone();
    magic[0] ^= 1;
    assert!(Tally::from_bytes(&magic, "t").is_err());
    // A huge count is refused before anything is allocated.
    let mut huge = bytes.clone();
    huge[24..32].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(Tally::from_bytes(&huge, "t").is_err());
    // Keys out of order.
    let mut swapped = bytes.clone();
    let (k1, k2) = (40..48, 64..72);
    let first = swapped[k1.clone()].to_vec();
    let second = swapped[k2.clone()].to_vec();
    swapped[k1].copy_from_slice(&second);
    swapped[k2].copy_from_slice(&first);
    let err = Tally::from_bytes(&swapped, "shard 3")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("shard 3") && err.contains("byte offset 64"),
        "{err}"
    );
}

/// English words of two to four letters from the bundled list: a lexicon
/// that compiles in a moment and plays real games.
fn short_words() -> Lexicon {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/lexicons/wordlist-en.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let short: String = text
        .lines()
        .filter(|w| (2..=4).contains(&w.len()) && !w.contains(['j', 'J']))
        .flat_map(|w| [w, "\n"])
        .collect();
    let words = WordList::parse(
        short.as_bytes(),
        "short",
        &Alphabet::english(),
        Invalid::Refuse,
    )
    .unwrap();
    Lexicon::from_vec(crate::compile::compile(&words).gaddag).unwrap()
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

#[test]
fn a_generation_is_the_same_on_any_threads_and_in_shards() {
    let lex = short_words();
    let rules = Rules::default();
    let play = |threads: usize, r: Range<u64>| {
        pool(threads).install(|| play_generation(&lex, &rules, None, 9, 0, r, || {}).unwrap())
    };
    let one = play(1, 0..12);
    assert_eq!(one.games(), 12);
    assert!(one.turns() > 100 && one.distinct_racks() > 100);
    assert_eq!(play(2, 0..12), one);
    let mut shards = play(2, 5..12);
    shards.merge(&play(1, 0..5));
    assert_eq!(shards, one);
    // Through bytes, as shards travel between machines.
    let back = Tally::from_bytes(&one.to_bytes(), "one").unwrap();
    assert_eq!(back, one);
}

/// No word holds a J, so a J kept is a tile that can only be exchanged:
/// training must learn that it is the worst tile to keep, well below the
/// mean; the run is the same on one thread and two.
#[test]
fn training_learns_what_the_lexicon_makes_true() {
    let lex = short_words();
    let rules = Rules::default();
    let a = lex.alphabet().clone();
    let settings = Settings::new(vec![100, 100], 3);
    let run =
        |threads: usize| pool(threads).install(|| train(&lex, &rules, &settings, |_| {}).unwrap());
    let t = run(2);
    assert_eq!(t.generations.len(), 2);
    let klv = Klv::from_vec(t.klv2.clone(), "trained").unwrap();
    klv.verify(a.len() as u8).unwrap();
    let value = |s: &str| {
        use crate::leave::LeaveValue;
        klv.value(Rack::parse(s, &a).unwrap().counts())
    };
    let singles: Vec<(String, f32)> = (1..a.len() as u8)
        .map(|t| {
            let l = a.label(t, false);
            let v = value(&l);
            (l, v)
        })
        .collect();
    let worst = singles.iter().min_by(|x, y| x.1.total_cmp(&y.1)).unwrap();
    assert_eq!(worst.0, "J", "{singles:?}");
    let mean = singles.iter().map(|s| s.1).sum::<f32>() / singles.len() as f32;
    assert!(worst.1 < mean - 2.0, "{singles:?}");
    // Every leave the bag allows has a value in the file.
    assert_eq!(klv.len(), t.leaves.len());
    assert_eq!(run(1).klv2, t.klv2);
}
