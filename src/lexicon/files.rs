//! Lexicon and leave files read from disk: mapped in place, or copied
//! into memory (on huge pages where the kernel gives them).

use std::path::Path;

use super::Data;
use crate::error::{Error, Result};

/// Maps a file read-only (an empty file is read, not mapped: mapping one
/// fails on some platforms).
pub(crate) fn map_file(path: &Path) -> Result<Data> {
    let (file, len) = open_file(path)?;
    if len == 0 {
        return Ok(Data::Owned(Vec::new()));
    }
    // SAFETY: the map is read-only and we never hand out `&mut`. The usual
    // caveat of file maps applies: another process truncating or rewriting
    // the file in place while it is mapped could change bytes under us.
    // lexgraph itself never does that (outputs are replaced by rename, which
    // leaves a mapped inode intact), and every read stays within the length
    // taken at map time (lexicon edge loads by the count `Edges::new` keeps,
    // the rest, and every read of a leave file, by checked slices). A file
    // shrunk under the map is SIGBUS, which the CLI reports. Exercised by
    // every test that opens a file.
    let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| Error::io(path, e))?;
    Ok(Data::Mmap(map))
}

/// Reads a whole regular file into memory: no more than the length it had
/// when opened, should it grow. A file of 2 MiB or more goes to
/// [`huge_buffer`] memory.
pub(crate) fn read_file(path: &Path) -> Result<Data> {
    let (file, len) = open_file(path)?;
    if let Some(mut m) = huge_buffer(len as usize) {
        let (mut reader, mut got) = (&file, 0);
        while got < m.len() {
            match std::io::Read::read(&mut reader, &mut m[got..]) {
                Ok(0) => break,
                Ok(n) => got += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(Error::io(path, e)),
            }
        }
        return Ok(if got == m.len() {
            Data::Mmap(m.make_read_only().map_err(|e| Error::io(path, e))?)
        } else {
            // Shrunk since opened: what was there.
            Data::Owned(m[..got].to_vec())
        });
    }
    let mut bytes = Vec::with_capacity(len as usize);
    std::io::Read::read_to_end(&mut std::io::Read::take(&file, len), &mut bytes)
        .map_err(|e| Error::io(path, e))?;
    Ok(Data::Owned(bytes))
}

/// Memory for `len` bytes that the kernel is asked to back with huge pages
/// (Linux, 2 MiB or more; `None` otherwise). A search reads a lexicon and
/// its anagram index at random: SOWPODS with its index (21.6 MB) then
/// needs a dozen TLB entries instead of some 5,000 (2-4 % more simulation
/// rollouts a second: `docs/design/simulation.md`).
fn huge_buffer(len: usize) -> Option<memmap2::MmapMut> {
    if cfg!(not(target_os = "linux")) || len < 1 << 21 {
        return None;
    }
    let m = memmap2::MmapMut::map_anon(len).ok()?;
    #[cfg(target_os = "linux")]
    {
        // Only advice: without huge pages the memory works the same.
        let _ = m.advise(memmap2::Advice::HugePage);
    }
    Some(m)
}

/// Opens a lexicon or leave file for reading: the file and its length.
/// Only a regular file (or a link to one) is taken: a directory fails to
/// map with a misleading "no such device", and a pipe, a socket or a device
/// such as `/dev/zero` has no length to map or to bound a read by (its
/// metadata says 0 bytes while it streams forever).
fn open_file(path: &Path) -> Result<(std::fs::File, u64)> {
    // Looked at before opening too: opening a pipe waits for a writer.
    let before = std::fs::metadata(path).map_err(|e| Error::io(path, e))?;
    let file = if before.is_file() {
        std::fs::File::open(path).map_err(|e| Error::io(path, e))?
    } else {
        return Err(not_a_file(path, &before));
    };
    let meta = file.metadata().map_err(|e| Error::io(path, e))?;
    if !meta.is_file() {
        return Err(not_a_file(path, &meta));
    }
    Ok((file, meta.len()))
}

/// The error for a path that is not a regular file.
fn not_a_file(path: &Path, meta: &std::fs::Metadata) -> Error {
    let (kind, what) = if meta.is_dir() {
        (std::io::ErrorKind::IsADirectory, "is a directory")
    } else {
        (
            std::io::ErrorKind::InvalidInput,
            "is not a regular file (a pipe or a device): lexicons and leave \
             files are mapped, so they must be files on disk",
        )
    };
    Error::io(path, std::io::Error::new(kind, what))
}
