//! Options structs that carry their size: each begins with a `size_t size`
//! the caller sets to `sizeof` the struct as its header declared it, so
//! that a later library can add fields at the end and still read an older
//! program's struct (and an older library a newer program's, when the
//! fields it does not know are left zero).

use super::Fault;
use crate::lexgraph_status::*;

/// An options struct the library reads by size.
///
/// # Safety
/// Implementors are `repr(C)`, begin with a `usize` size field, are valid
/// when all their bytes are zero (numbers, bools, NULL pointers), and
/// `fields` gives the offset and length of every field after `size`.
pub(crate) unsafe trait SizedOptions: Copy {
    /// The struct's C name, for messages.
    const NAME: &'static str;
    /// How many of `fields()` the struct had in its first version: a
    /// struct whose size says 0 is checked over those only (an older
    /// program's struct may be no longer).
    const FIRST: usize;
    /// Offset and length of each field after `size`, in order.
    fn fields() -> Vec<(usize, usize)>;
}

/// Offset and length of each named field of `$t`.
macro_rules! fields {
    ($t:ty { $($f:ident),* $(,)? }) => {{
        // SAFETY: the options structs are valid zeroed (the trait's promise).
        let zero: $t = unsafe { std::mem::zeroed() };
        vec![$((std::mem::offset_of!($t, $f), std::mem::size_of_val(&zero.$f))),*]
    }};
}
pub(crate) use fields;

/// The caller's options, `None` for the defaults: a NULL pointer, or a
/// struct whose `size` is 0 and every other field zero. A field that lies
/// wholly within `size` bytes is the caller's; the others are zero (their
/// defaults). Refused: a size of 0 with fields set (the caller forgot
/// `size`), a size too small for the size field, and bytes the library
/// does not know (beyond its own struct) that are not zero.
///
/// # Safety
/// `p` is NULL or points to a struct of at least `size` readable bytes
/// (at least the struct's first version when `size` is 0).
pub(crate) unsafe fn read<T: SizedOptions>(p: *const T) -> Result<Option<T>, Fault> {
    if p.is_null() {
        return Ok(None);
    }
    let bytes = p.cast::<u8>();
    // SAFETY: `p` points to a struct that begins with its `usize` size.
    let size = unsafe { p.cast::<usize>().read() };
    let bad = |why: String| Fault(LEXGRAPH_ERR_INPUT, format!("{}: {why}", T::NAME));
    let fields = T::fields();
    let zero_at = |off: usize, len: usize| {
        // SAFETY: each use below keeps `off + len` within the caller's
        // struct: the first version's fields, or `size` bytes.
        let s = unsafe { std::slice::from_raw_parts(bytes.add(off), len) };
        s.iter().all(|&b| b == 0)
    };
    if size == 0 {
        return match fields[..T::FIRST]
            .iter()
            .all(|&(off, len)| zero_at(off, len))
        {
            true => Ok(None),
            false => Err(bad(format!(
                "size is 0 but fields are set: set size to sizeof({})",
                T::NAME
            ))),
        };
    }
    let ours = std::mem::size_of::<T>();
    if size < std::mem::size_of::<usize>() {
        return Err(bad(format!(
            "size {size} is too small: set it to sizeof({})",
            T::NAME
        )));
    }
    if size > ours && !zero_at(ours, size - ours) {
        return Err(bad(format!(
            "{} bytes set beyond the {ours} this library (lexgraph {}) knows: \
             options it does not have",
            size - ours,
            env!("CARGO_PKG_VERSION")
        )));
    }
    // SAFETY: as in `fields!`: valid zeroed.
    let mut out: T = unsafe { std::mem::zeroed() };
    let to = (&mut out as *mut T).cast::<u8>();
    // SAFETY: the size field, then each field that fits in the caller's
    // `size` bytes, copied into the same place of `out`.
    unsafe {
        std::ptr::copy_nonoverlapping(bytes, to, std::mem::size_of::<usize>());
        for &(off, len) in fields.iter().filter(|&&(off, len)| off + len <= size) {
            std::ptr::copy_nonoverlapping(bytes.add(off), to.add(off), len);
        }
    }
    Ok(Some(out))
}
