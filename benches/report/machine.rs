//! The machine and the operating system's counters: CPU, load, steal, the
//! thread's CPU time, peak memory, the clock.

use std::process::Command;

/// What the report says about the machine and the build.
pub struct Machine {
    /// `model name` of `/proc/cpuinfo`.
    pub cpu: String,
    pub logical: usize,
    pub available: usize,
    /// `rustc --version`.
    pub rustc: String,
    /// `git describe --always --dirty` of the crate.
    pub git: Option<String>,
}

pub fn machine() -> Machine {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cpu = cpuinfo
        .lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.trim().to_string())
        .unwrap_or_else(|| "unknown CPU".into());
    let logical = cpuinfo
        .lines()
        .filter(|l| l.starts_with("processor"))
        .count();
    let available = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    let rustc_bin = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let rustc = Command::new(rustc_bin)
        .arg("--version")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "rustc: unknown".into());
    let git = Command::new("git")
        .args([
            "-C",
            env!("CARGO_MANIFEST_DIR"),
            "describe",
            "--always",
            "--dirty",
        ])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string());
    Machine {
        cpu,
        logical: logical.max(1),
        available,
        rustc,
        git,
    }
}

/// The 1, 5 and 15 minute load averages (`/proc/loadavg`).
pub fn loadavg() -> Option<[f64; 3]> {
    let text = std::fs::read_to_string("/proc/loadavg").ok()?;
    let mut v = text.split_whitespace().map(|x| x.parse::<f64>().ok());
    Some([v.next()??, v.next()??, v.next()??])
}

/// This thread's CPU time so far, µs (`CLOCK_THREAD_CPUTIME_ID`). Where the
/// guest kernel accounts for steal, as this VM's does, it leaves out the time
/// the hypervisor gave the vCPU to other guests: wall time does not.
#[cfg(unix)]
pub fn thread_cpu_us() -> Option<f64> {
    use nix::time::{clock_gettime, ClockId};
    let t = clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).ok()?;
    Some(t.tv_sec() as f64 * 1e6 + t.tv_nsec() as f64 / 1e3)
}

#[cfg(not(unix))]
pub fn thread_cpu_us() -> Option<f64> {
    None
}

/// (steal, all) time of every CPU so far, in jiffies, from `/proc/stat`.
pub fn cpu_steal() -> Option<(u64, u64)> {
    let text = std::fs::read_to_string("/proc/stat").ok()?;
    let line = text.lines().find(|l| l.starts_with("cpu "))?;
    let v: Vec<u64> = line
        .split_whitespace()
        .skip(1)
        .filter_map(|x| x.parse().ok())
        .collect();
    // user nice system idle iowait irq softirq steal [guest guest_nice]:
    // guest time is already inside user time.
    let all: u64 = v.iter().take(8).sum();
    Some((*v.get(7)?, all))
}

/// Steal as a share of all CPU time between two [`cpu_steal`] readings.
pub fn steal_share(a: Option<(u64, u64)>, b: Option<(u64, u64)>) -> Option<f64> {
    let ((s0, t0), (s1, t1)) = (a?, b?);
    (t1 > t0).then(|| (s1 - s0) as f64 / (t1 - t0) as f64)
}

/// Seconds since the Unix epoch.
pub fn now_unix_s() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// Peak resident set size of this process so far, in kB.
pub fn vm_hwm_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
