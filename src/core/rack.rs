//! Racks: the tiles a player holds, as counts by tile.

use crate::alphabet::{Alphabet, Blanks, Spelling, Tile};
use crate::error::{Error, Result};

/// A rack as tile counts; index 0 counts blanks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rack {
    counts: [u8; 64],
    len: u8,
}

impl Default for Rack {
    fn default() -> Rack {
        Rack {
            counts: [0; 64],
            len: 0,
        }
    }
}

impl Rack {
    /// A rack from tiles (0 = blank).
    ///
    /// # Panics
    /// As [`Rack::add`].
    pub fn from_tiles(tiles: &[Tile]) -> Rack {
        let mut r = Rack::default();
        for &t in tiles {
            r.add(t);
        }
        r
    }

    /// A rack of `counts` tiles of each kind, if it holds at most 255
    /// tiles (a sum without a branch per kind, for the best-move search's
    /// exchanges).
    pub(crate) fn from_counts(counts: [u8; 64]) -> Option<Rack> {
        let len: u32 = counts.iter().map(|&c| c as u32).sum();
        Some(Rack {
            counts,
            len: u8::try_from(len).ok()?,
        })
    }

    /// Parses a rack (`?` = blank, `[CH]` for multi-character tiles).
    pub fn parse(text: &str, alphabet: &Alphabet) -> Result<Rack> {
        let tiles = alphabet
            .parse_tiles(text, Spelling::Tiles, Blanks::Allowed)
            .map_err(|e| Error::Position(format!("rack {:?}: {e}", crate::input::snippet(text))))?;
        if tiles.len() > 63 {
            return Err(Error::Position(format!(
                "rack {text:?} has {} tiles",
                tiles.len()
            )));
        }
        Ok(Rack::from_tiles(&tiles))
    }

    /// Adds a tile.
    ///
    /// # Panics
    /// If `t` is not a tile (63 at most) or the rack would hold more than
    /// 255 tiles; [`Rack::parse`] returns errors instead.
    pub fn add(&mut self, t: Tile) {
        assert!((t as usize) < 64, "tile {t} is out of range (0..64)");
        let len = self
            .len
            .checked_add(1)
            .expect("a rack holds at most 255 tiles");
        self.counts[t as usize] += 1;
        self.len = len;
    }

    /// Removes a tile if present.
    pub fn remove(&mut self, t: Tile) -> bool {
        if self.count(t) == 0 {
            return false;
        }
        self.counts[t as usize] -= 1;
        self.len -= 1;
        true
    }

    /// How many of tile `t` (0 = blanks).
    #[inline]
    pub fn count(&self, t: Tile) -> u8 {
        self.counts.get(t as usize).copied().unwrap_or(0)
    }

    /// The count array (index 0 = blanks).
    pub fn counts(&self) -> &[u8; 64] {
        &self.counts
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// True if empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Tiles in order (blanks first).
    pub fn tiles(&self) -> Vec<Tile> {
        let mut v = Vec::with_capacity(self.len());
        for (t, &n) in self.counts.iter().enumerate() {
            v.extend(std::iter::repeat_n(t as Tile, n as usize));
        }
        v
    }

    /// Every distinct non-empty sub-multiset of the rack: the exchanges it
    /// allows. Fewest tiles first, then in alphabet order, blanks last.
    ///
    /// ```
    /// use lexgraph::{Alphabet, Rack};
    /// let a = Alphabet::english();
    /// let subs: Vec<String> = Rack::parse("AA?", &a)?.sub_racks().iter().map(|r| r.to_text(&a)).collect();
    /// assert_eq!(subs, ["A", "?", "AA", "A?", "AA?"]);
    /// # Ok::<(), lexgraph::Error>(())
    /// ```
    pub fn sub_racks(&self) -> Vec<Rack> {
        fn rec(kinds: &[(Tile, u8)], cur: &mut Rack, out: &mut Vec<Rack>) {
            let Some((&(t, n), rest)) = kinds.split_first() else {
                if !cur.is_empty() {
                    out.push(*cur);
                }
                return;
            };
            for k in 0..=n {
                rec(rest, cur, out);
                if k < n {
                    cur.add(t);
                }
            }
            for _ in 0..n {
                cur.remove(t);
            }
        }
        let kinds: Vec<(Tile, u8)> = (0..64u8)
            .map(|t| (t, self.count(t)))
            .filter(|&(_, n)| n > 0)
            .collect();
        let mut out = Vec::new();
        rec(&kinds, &mut Rack::default(), &mut out);
        // Blanks (tile 0) sort after every letter.
        let key = |r: &Rack| {
            let mut t: Vec<Tile> = r.tiles().into_iter().map(|x| x.wrapping_sub(1)).collect();
            t.sort_unstable();
            (t.len(), t)
        };
        out.sort_by_cached_key(key);
        out
    }

    /// The rack as text (`?` for blanks, listed last as players write them).
    pub fn to_text(&self, alphabet: &Alphabet) -> String {
        let mut s = String::new();
        for (t, &n) in self.counts.iter().enumerate().skip(1) {
            for _ in 0..n {
                s.push_str(&alphabet.label(t as Tile, false));
            }
        }
        for _ in 0..self.counts[0] {
            s.push('?');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts make the rack that adding their tiles one by one makes, up to
    /// 255 tiles, and nothing beyond.
    #[test]
    fn a_rack_from_counts_is_the_rack_of_its_tiles() {
        let tiles = [0u8, 1, 1, 5, 26, 63, 63, 63];
        let mut counts = [0u8; 64];
        for &t in &tiles {
            counts[t as usize] += 1;
        }
        assert_eq!(Rack::from_counts(counts), Some(Rack::from_tiles(&tiles)));
        assert_eq!(Rack::from_counts([0; 64]), Some(Rack::default()));
        let mut full = [0u8; 64];
        full[3] = 200;
        full[4] = 55;
        assert_eq!(Rack::from_counts(full).map(|r| r.len()), Some(255));
        full[5] = 1;
        assert_eq!(Rack::from_counts(full), None);
    }

    #[test]
    fn rack_lookups_of_non_tiles_find_nothing() {
        let mut r = Rack::from_tiles(&[1, 2, 0]);
        assert_eq!(r.count(64), 0);
        assert!(!r.remove(200));
        assert_eq!(r.len(), 3);
    }

    #[test]
    #[should_panic(expected = "at most 255 tiles")]
    fn a_rack_does_not_wrap_around() {
        let mut r = Rack::default();
        for _ in 0..256 {
            r.add(1);
        }
    }
}
