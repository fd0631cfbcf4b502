//! Summary statistics of repeated measurements.

use serde::{Deserialize, Serialize};

/// Of a sample: median, extremes, 90th percentile (the value at index
/// round(0.9·(n−1)) of the sorted sample), mean and size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    pub median: f64,
    pub min: f64,
    pub max: f64,
    pub p90: f64,
    pub mean: f64,
    pub n: usize,
}

pub fn stats(v: &[f64]) -> Stats {
    if v.is_empty() {
        return Stats::default();
    }
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    let median = if n % 2 == 1 {
        s[n / 2]
    } else {
        (s[n / 2 - 1] + s[n / 2]) / 2.0
    };
    Stats {
        median,
        min: s[0],
        max: s[n - 1],
        p90: s[((n - 1) as f64 * 0.9).round() as usize],
        mean: s.iter().sum::<f64>() / n as f64,
        n,
    }
}

/// `a[i] / b[i]`, round by round (pairs whose `b` is not positive left
/// out).
pub fn ratios(a: &[f64], b: &[f64]) -> Stats {
    let v: Vec<f64> = a
        .iter()
        .zip(b)
        .filter(|(_, &d)| d > 0.0)
        .map(|(n, d)| n / d)
        .collect();
    stats(&v)
}
