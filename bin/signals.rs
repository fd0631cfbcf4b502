//! Signals the command handles.
//!
//! - `SIGBUS` as an error: a lexicon file truncated or rewritten in place
//!   while this process has it mapped makes the next read of a lost page
//!   raise `SIGBUS`, which would kill the process with "Bus error". A
//!   handler prints a clear message instead and exits with status 3 (bad
//!   input data).
//! - SIGINT, SIGTERM and SIGHUP end the process as usual, after removing
//!   the temporary files of writes under way.

/// Installs the `SIGBUS` handler for the whole process.
#[cfg(unix)]
pub fn install_sigbus() {
    extern "C" fn on_sigbus(_signal: libc::c_int) {
        const MSG: &[u8] = b"error: lexicon file changed while in use; replace files by rename\n";
        // SAFETY: write(2) and _exit(2) are async-signal-safe, and MSG is a
        // static buffer of MSG.len() bytes. Returning would re-run the
        // faulting load, so the handler exits without touching Rust state.
        unsafe {
            libc::write(2, MSG.as_ptr().cast(), MSG.len());
            libc::_exit(3);
        }
    }
    // SAFETY: `action` is zeroed (a valid sigaction: no flags, empty mask,
    // then filled in) and outlives the call; the handler is an `extern "C"`
    // function of the signature sigaction expects without SA_SIGINFO.
    // `tests/it/cli_hardening.rs` (`a_lexicon_truncated_while_in_use_...`)
    // runs it.
    unsafe {
        let mut action: libc::sigaction = std::mem::zeroed();
        action.sa_sigaction = on_sigbus as extern "C" fn(libc::c_int) as libc::sighandler_t;
        libc::sigemptyset(&mut action.sa_mask);
        libc::sigaction(libc::SIGBUS, &action, std::ptr::null_mut());
    }
}

/// No `SIGBUS` elsewhere.
#[cfg(not(unix))]
pub fn install_sigbus() {}

use std::sync::atomic::{AtomicBool, Ordering};

/// Set while a search that Ctrl-C should stop (not kill) runs.
static INTERRUPTIBLE: AtomicBool = AtomicBool::new(false);
/// Raised by Ctrl-C while [`INTERRUPTIBLE`].
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// From now on, a first Ctrl-C raises [`INTERRUPTED`] instead of ending
/// the process (a second still ends it).
pub fn interruptible() {
    INTERRUPTED.store(false, Ordering::SeqCst);
    INTERRUPTIBLE.store(true, Ordering::SeqCst);
}

/// On SIGINT, SIGTERM or SIGHUP, removes the temporary files of writes under
/// way (`compile::remove_own_temporaries`), then lets the signal end the
/// process as it would have (the shell sees 130 for Ctrl-C): an interrupted
/// `compile`, `export` or `leaves dump -o` leaves nothing behind. The work
/// runs on a thread of its own, woken by the signal (signal-hook), so it
/// may take locks and remove files.
#[cfg(unix)]
pub fn clean_up_on_termination() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        for signal in signals.forever() {
            // A first Ctrl-C during an interruptible search stops it (it
            // then reports what it has); a second ends the process.
            if signal == SIGINT && INTERRUPTIBLE.swap(false, Ordering::SeqCst) {
                INTERRUPTED.store(true, Ordering::SeqCst);
                continue;
            }
            lexgraph::compile::remove_own_temporaries();
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            // A signal whose default is not to end the process.
            std::process::exit(128 + signal);
        }
    });
}

/// Nothing to clean up on a signal elsewhere.
#[cfg(not(unix))]
pub fn clean_up_on_termination() {}
