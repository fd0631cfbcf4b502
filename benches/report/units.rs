//! Numbers as the report writes them: thousands separators, seconds, MiB,
//! SI ticks for plots, ratios.

use crate::stats::Stats;

/// `1234567` → `1,234,567`.
pub fn int(n: u64) -> String {
    let s = n.to_string();
    let groups: Vec<&str> = s
        .as_bytes()
        .rchunks(3)
        .rev()
        .map(|g| std::str::from_utf8(g).unwrap_or_default())
        .collect();
    groups.join(",")
}

/// Seconds as `12.3 ms` / `1.23 s` / `45 µs`.
pub fn secs(s: f64) -> String {
    if s >= 1.0 {
        format!("{s:.2} s")
    } else if s >= 1e-3 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{:.1} µs", s * 1e6)
    }
}

pub fn mb(kb: Option<u64>) -> String {
    match kb {
        // VmHWM is in KiB: report MiB, and the decimal MB the targets use.
        Some(k) => format!(
            "{:.1} MiB ({:.1} MB)",
            k as f64 / 1024.0,
            k as f64 * 1024.0 / 1e6
        ),
        None => "n/a".into(),
    }
}

/// Short SI form for plot ticks: 10k, 2.5M.
pub fn si(v: f64) -> String {
    let (d, s) = if v >= 1e9 {
        (1e9, "G")
    } else if v >= 1e6 {
        (1e6, "M")
    } else if v >= 1e3 {
        (1e3, "k")
    } else {
        (1.0, "")
    };
    let x = v / d;
    if (x - x.round()).abs() < 1e-9 {
        format!("{}{s}", x.round())
    } else {
        format!("{x:.1}{s}")
    }
}

/// `median (min–max)`, one decimal.
pub fn spread(s: &Stats) -> String {
    format!("{:.1} ({:.1}–{:.1})", s.median, s.min, s.max)
}

pub fn ratio(a: f64, b: f64) -> String {
    if b > 0.0 {
        format!("{:.2}×", a / b)
    } else {
        "n/a".into()
    }
}
