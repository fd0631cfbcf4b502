//! Win probability: P(the player to move wins | tiles unseen, spread), read
//! from the win table self-play writes beside its leaves
//! (`lexgraph leaves train`: `unseen,spread,turns,wins`, a row per cell
//! seen, the spread clamped to ±300, wins counting draws half; specified in
//! `formats/win-table.md`).
//!
//! A cell holds few turns far from the common spreads, so a probability is
//! taken over a window: the cell's spread widened step by step (up to ±40
//! points, then the neighbouring unseen counts too) until it holds at least
//! [`MIN_TURNS`] turns, with a half win and a half loss added (Jeffreys'
//! prior). With no data near, the sign of the spread decides.
//!
//! ```
//! use lexgraph::analysis::winprob::WinTable;
//! let t = WinTable::parse("unseen,spread,turns,wins\n7,20,400,300\n7,-20,400,100\n", "inline")?;
//! assert!((t.probability(7, 20) - 300.5 / 401.0).abs() < 1e-9);
//! assert!(t.probability(7, 20) > t.probability(7, -20));
//! # Ok::<(), lexgraph::Error>(())
//! ```

use std::path::Path;

use crate::error::{Error, Result};

/// Turns a window gathers before a probability is read from it.
pub const MIN_TURNS: f64 = 200.0;

/// The largest spread the table keeps apart; beyond it, spreads are
/// clamped.
pub const MAX_SPREAD: i32 = 300;

/// The most unseen tiles a table may describe.
const MAX_UNSEEN: usize = 1000;

/// Turns and wins by unseen count and spread.
#[derive(Clone, Debug, PartialEq)]
pub struct WinTable {
    /// `cells[unseen][spread + MAX_SPREAD]`: (turns, wins).
    cells: Vec<Vec<(f64, f64)>>,
}

const WIDTH: usize = 2 * MAX_SPREAD as usize + 1;

impl WinTable {
    /// Reads a win table's CSV text; `origin` names it in errors, which
    /// give the line.
    pub fn parse(text: &str, origin: &str) -> Result<WinTable> {
        // Each line with its number and the byte offset it starts at.
        let mut at = 0u64;
        let mut lines = text.split_inclusive('\n').enumerate().map(|(i, l)| {
            let start = at;
            at += l.len() as u64;
            (i + 1, start, l.trim_end_matches(['\n', '\r']))
        });
        let bad = |line: usize, offset: u64, msg: String| Error::Input {
            origin: origin.to_string(),
            line,
            offset,
            msg,
        };
        let mut cells: Vec<Vec<(f64, f64)>> = Vec::new();
        match lines.next() {
            Some((_, _, h)) if h.trim() == "unseen,spread,turns,wins" => {}
            _ => {
                return Err(bad(
                    1,
                    0,
                    "not a win table: the header is `unseen,spread,turns,wins`".into(),
                ))
            }
        }
        for (n, start, line) in lines {
            let bad = |msg: String| bad(n, start, msg);
            if line.trim().is_empty() {
                continue;
            }
            let f: Vec<&str> = line.split(',').map(str::trim).collect();
            let [u, s, t, w] = f[..] else {
                return Err(bad(format!("expected 4 fields, found {}", f.len())));
            };
            let u: usize =
                u.parse().ok().filter(|&u| u <= MAX_UNSEEN).ok_or_else(|| {
                    bad(format!("unseen {u:?}: a count of tiles, 0 to {MAX_UNSEEN}"))
                })?;
            let s: i32 = s
                .parse()
                .ok()
                .filter(|s: &i32| s.abs() <= MAX_SPREAD)
                .ok_or_else(|| bad(format!("spread {s:?}: -{MAX_SPREAD} to {MAX_SPREAD}")))?;
            let t: f64 = t
                .parse::<u64>()
                .map_err(|_| bad(format!("turns {t:?}: a count")))? as f64;
            let w: f64 = w
                .parse()
                .ok()
                .filter(|w: &f64| w.is_finite() && *w >= 0.0 && *w <= t)
                .ok_or_else(|| bad(format!("wins {w:?}: 0 to the turns, {t}")))?;
            if cells.len() <= u {
                cells.resize(u + 1, vec![(0.0, 0.0); WIDTH]);
            }
            let c = &mut cells[u][(s + MAX_SPREAD) as usize];
            c.0 += t;
            c.1 += w;
        }
        if cells.is_empty() {
            return Err(bad(0, text.len() as u64, "a win table with no row".into()));
        }
        Ok(WinTable { cells })
    }

    /// Reads a win table file (at most 64 MiB).
    pub fn read(path: &Path) -> Result<WinTable> {
        let text = crate::input::read_small_file(path, "a win table")?;
        WinTable::parse(&text, &path.display().to_string())
    }

    /// The win table that goes with the leave file `klv` (`X.win.csv`
    /// beside `X.klv2`, as `lexgraph leaves train` writes them), if any.
    pub fn beside(klv: &Path) -> Result<Option<WinTable>> {
        let path = klv.with_extension("win.csv");
        match path.is_file() {
            true => WinTable::read(&path).map(Some),
            false => Ok(None),
        }
    }

    /// P(the player to move wins) with `unseen` tiles unseen (the bag and
    /// the opponent's rack) and `spread` points ahead; see the module docs.
    pub fn probability(&self, unseen: usize, spread: i32) -> f64 {
        let u = unseen.min(self.cells.len() - 1) as i64;
        let s = spread.clamp(-MAX_SPREAD, MAX_SPREAD) as i64;
        // Turns and wins of row `u + du`, spreads `lo..=hi`.
        let sum = |du: i64, lo: i64, hi: i64| -> (f64, f64) {
            let Some(row) = usize::try_from(u + du).ok().and_then(|r| self.cells.get(r)) else {
                return (0.0, 0.0);
            };
            (lo..=hi)
                .filter_map(|x| row.get(usize::try_from(x + MAX_SPREAD as i64).ok()?))
                .fold((0.0, 0.0), |(t, w), &(ct, cw)| (t + ct, w + cw))
        };
        let (mut turns, mut wins) = sum(0, s, s);
        let mut w = 0;
        while turns < MIN_TURNS && w < 40 {
            w += 1;
            for x in [s - w, s + w] {
                let (t, v) = sum(0, x, x);
                turns += t;
                wins += v;
            }
        }
        if turns < MIN_TURNS {
            for du in [-1, 1] {
                let (t, v) = sum(du, s - w, s + w);
                turns += t;
                wins += v;
            }
        }
        if turns == 0.0 {
            return match spread.signum() {
                1 => 1.0,
                0 => 0.5,
                _ => 0.0,
            };
        }
        (wins + 0.5) / (turns + 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dense_cells_read_alone_and_thin_ones_widen() {
        let t = WinTable::parse(
            "unseen,spread,turns,wins\n10,0,1000,500\n10,50,10,10\n10,49,300,240\n",
            "t",
        )
        .unwrap();
        assert!((t.probability(10, 0) - 500.5 / 1001.0).abs() < 1e-12);
        // 10 turns at +50: widened to +49 as well.
        assert!((t.probability(10, 50) - 250.5 / 311.0).abs() < 1e-12);
        // Beyond the table's unseen counts: its last row.
        assert_eq!(t.probability(90, 0), t.probability(10, 0));
        // Nothing near: the sign decides.
        assert_eq!(t.probability(10, -250), 0.0);
        assert_eq!(t.probability(10, 250), 1.0);
    }

    #[test]
    fn the_neighbouring_unseen_counts_fill_a_thin_window() {
        let t =
            WinTable::parse("unseen,spread,turns,wins\n9,5,100,80\n11,5,100,60\n", "t").unwrap();
        assert!((t.probability(10, 5) - 140.5 / 201.0).abs() < 1e-12);
    }

    #[test]
    fn bad_tables_name_their_line() {
        for (text, line) in [
            ("", 1),
            ("unseen,spread\n", 1),
            ("unseen,spread,turns,wins\n", 0),
            ("unseen,spread,turns,wins\n1,2,3\n", 2),
            ("unseen,spread,turns,wins\n1,2,3,4\n", 2),
            ("unseen,spread,turns,wins\n1,2,3,1\n1,400,3,1\n", 3),
            ("unseen,spread,turns,wins\n-1,2,3,1\n", 2),
            ("unseen,spread,turns,wins\n1,2,x,1\n", 2),
            ("unseen,spread,turns,wins\n1,2,3,NaN\n", 2),
            ("unseen,spread,turns,wins\n99999,2,3,1\n", 2),
        ] {
            match WinTable::parse(text, "w.csv") {
                Err(Error::Input { line: l, .. }) => assert_eq!(l, line, "{text:?}"),
                other => panic!("{text:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn the_shipped_table_reads_and_rises_with_the_spread() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/lexicons/enable1.win.csv");
        let t = WinTable::read(Path::new(path)).unwrap();
        for unseen in [20, 50, 80] {
            let p: Vec<f64> = (-200..=200)
                .step_by(50)
                .map(|s| t.probability(unseen, s))
                .collect();
            assert!(p.windows(2).all(|w| w[0] <= w[1] + 0.02), "{unseen}: {p:?}");
            assert!(p[0] < 0.1 && p[8] > 0.9, "{unseen}: {p:?}");
        }
        // Early, a lead is worth less than late.
        assert!(t.probability(80, 40) < t.probability(14, 40));
    }
}
