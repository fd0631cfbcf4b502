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

/// Seconds since the Unix epoch as (year, month, day, hour, minute,
/// second), UTC.
fn civil(unix_s: u64) -> (i64, i64, i64, i64, i64, i64) {
    let secs = unix_s as i64;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Days to civil date (H. Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    (y, m, d, rem / 3600, rem % 3600 / 60, rem % 60)
}

/// `YYYY-MM-DD HH:MM UTC`.
pub fn utc_minute(unix_s: u64) -> String {
    let (y, m, d, hh, mm, _) = civil(unix_s);
    format!("{y:04}-{m:02}-{d:02} {hh:02}:{mm:02} UTC")
}

/// `YYYY-MM-DDTHH:MM:SSZ`.
pub fn rfc3339(unix_s: u64) -> String {
    let (y, m, d, hh, mm, ss) = civil(unix_s);
    format!("{y:04}-{m:02}-{d:02}T{hh:02}:{mm:02}:{ss:02}Z")
}
