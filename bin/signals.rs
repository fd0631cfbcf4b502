//! `SIGBUS` as an error: a lexicon file truncated or rewritten in place
//! while this process has it mapped makes the next read of a lost page
//! raise `SIGBUS`, which would kill the process with "Bus error". A handler
//! prints a clear message instead and exits with status 3 (bad input data).

/// Installs the handler for the whole process.
#[cfg(unix)]
pub fn install() {
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
pub fn install() {}
