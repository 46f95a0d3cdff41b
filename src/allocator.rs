//! The wasm build's allocator, in place of Rust's default (dlmalloc): a call
//! here reads a schema of a few KB, allocates a few hundred small pieces and
//! frees them all before it returns, so freeing and reusing must be cheap,
//! and little else matters.
//!
//! - Pieces up to 32 KiB come from size classes (powers of two from 8 B):
//!   a class takes one new 64 KiB page at a time, cut into pieces, and keeps
//!   the freed ones in a list. Taking and freeing one is a few instructions.
//! - Larger blocks are whole pages. Freed runs of pages are kept in address
//!   order and merged with their neighbours, and a block at the top of
//!   memory grows in place, so a 64 MiB string costs 64 MiB, not twice that.
//!
//! Memory is never given back to the host (wasm cannot shrink it); the
//! package swaps in a fresh instance after a call that grew memory past
//! 8 MiB (`core.js`). Single-threaded, as the wasm build is.

use alloc::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::ptr;

const PAGE: usize = 65536;
/// Size classes 8, 16, …, 32 KiB.
const CLASSES: usize = 13;
const LARGEST_CLASS: usize = 8 << (CLASSES - 1);

/// A free run of pages, written into its own first bytes.
struct Run {
    pages: usize,
    next: *mut Run,
}

struct Heap {
    /// Heads of the free lists of each class (each free piece holds the
    /// address of the next).
    pieces: [*mut u8; CLASSES],
    /// Free runs of pages, in address order.
    runs: *mut Run,
}

pub struct Allocator(UnsafeCell<Heap>);

// SAFETY: the wasm build is single-threaded.
unsafe impl Sync for Allocator {}

impl Allocator {
    pub const fn new() -> Self {
        Self(UnsafeCell::new(Heap {
            pieces: [ptr::null_mut(); CLASSES],
            runs: ptr::null_mut(),
        }))
    }
}

impl Default for Allocator {
    fn default() -> Self {
        Self::new()
    }
}

/// The class of a piece of `size` bytes aligned to `align`, or `None` for a
/// block of pages.
fn class(size: usize, align: usize) -> Option<usize> {
    let size = size.max(align).max(8);
    (size <= LARGEST_CLASS).then(|| (size.next_power_of_two().trailing_zeros() - 3) as usize)
}

fn pages_for(size: usize) -> usize {
    size.div_ceil(PAGE).max(1)
}

fn memory_end() -> usize {
    core::arch::wasm32::memory_size::<0>() * PAGE
}

impl Heap {
    /// `pages` whole pages: from a free run (first fit), by growing the run
    /// at the top of memory, or from new memory. Null when memory is out.
    unsafe fn take_pages(&mut self, pages: usize) -> *mut u8 {
        unsafe {
            let mut link: *mut *mut Run = &mut self.runs;
            while !(*link).is_null() {
                let run = *link;
                if (*run).pages >= pages {
                    // The block is the run's end; what is left stays where
                    // the run starts. (A block freed next to it then merges
                    // back whole, where a remainder left after the block
                    // would be cut off by whatever took the pages before it.)
                    let rest = (*run).pages - pages;
                    if rest == 0 {
                        *link = (*run).next;
                        return run.cast();
                    }
                    (*run).pages = rest;
                    return run.cast::<u8>().add(rest * PAGE);
                }
                // The last run, at the top of memory: grow it.
                if (*run).next.is_null() && run as usize + (*run).pages * PAGE == memory_end() {
                    if core::arch::wasm32::memory_grow::<0>(pages - (*run).pages) == usize::MAX {
                        return ptr::null_mut();
                    }
                    *link = ptr::null_mut();
                    return run.cast();
                }
                link = &mut (*run).next;
            }
            match core::arch::wasm32::memory_grow::<0>(pages) {
                usize::MAX => ptr::null_mut(),
                start => (start * PAGE) as *mut u8,
            }
        }
    }

    /// Gives back `pages` pages at `at`, merged with free neighbours.
    unsafe fn give_pages(&mut self, at: *mut u8, pages: usize) {
        unsafe {
            let at = at.cast::<Run>();
            let mut before: *mut Run = ptr::null_mut();
            let mut after = self.runs;
            while !after.is_null() && (after as usize) < at as usize {
                before = after;
                after = (*after).next;
            }
            at.write(Run { pages, next: after });
            if !after.is_null() && at as usize + pages * PAGE == after as usize {
                (*at).pages += (*after).pages;
                (*at).next = (*after).next;
            }
            if before.is_null() {
                self.runs = at;
            } else if before as usize + (*before).pages * PAGE == at as usize {
                (*before).pages += (*at).pages;
                (*before).next = (*at).next;
            } else {
                (*before).next = at;
            }
        }
    }

    unsafe fn take_piece(&mut self, class: usize) -> *mut u8 {
        unsafe {
            let Some(head) = self.pieces.get_mut(class) else {
                return ptr::null_mut();
            };
            if head.is_null() {
                // Cut a fresh page into pieces of this class. Always new
                // memory, never a page of a free run: pieces are never given
                // back as pages, so a page taken from a run would keep that
                // run from merging whole again (a 64 MiB block freed, one
                // page of it taken for pieces, and the next 64 MiB block
                // would not fit there).
                let page = match core::arch::wasm32::memory_grow::<0>(1) {
                    usize::MAX => return ptr::null_mut(),
                    start => (start * PAGE) as *mut u8,
                };
                let size = 8 << class;
                let Some(head) = self.pieces.get_mut(class) else {
                    return ptr::null_mut();
                };
                for offset in (0..PAGE).step_by(size).rev() {
                    let piece = page.add(offset);
                    piece.cast::<*mut u8>().write(*head);
                    *head = piece;
                }
            }
            let Some(head) = self.pieces.get_mut(class) else {
                return ptr::null_mut();
            };
            let piece = *head;
            *head = piece.cast::<*mut u8>().read();
            piece
        }
    }

    unsafe fn give_piece(&mut self, piece: *mut u8, class: usize) {
        unsafe {
            if let Some(head) = self.pieces.get_mut(class) {
                piece.cast::<*mut u8>().write(*head);
                *head = piece;
            }
        }
    }
}

unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: single-threaded; no allocation runs inside another.
        let heap = unsafe { &mut *self.0.get() };
        if layout.align() > PAGE {
            return ptr::null_mut();
        }
        unsafe {
            match class(layout.size(), layout.align()) {
                Some(class) => heap.take_piece(class),
                None => heap.take_pages(pages_for(layout.size())),
            }
        }
    }

    unsafe fn dealloc(&self, at: *mut u8, layout: Layout) {
        let heap = unsafe { &mut *self.0.get() };
        unsafe {
            match class(layout.size(), layout.align()) {
                Some(class) => heap.give_piece(at, class),
                None => heap.give_pages(at, pages_for(layout.size())),
            }
        }
    }

    unsafe fn realloc(&self, at: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let heap = unsafe { &mut *self.0.get() };
        let old_class = class(layout.size(), layout.align());
        let new_class = class(new_size, layout.align());
        unsafe {
            match (old_class, new_class) {
                (Some(old), Some(new)) if old == new => return at,
                (None, None) => {
                    let (old, new) = (pages_for(layout.size()), pages_for(new_size));
                    if new <= old {
                        if new < old {
                            heap.give_pages(at.add(new * PAGE), old - new);
                        }
                        return at;
                    }
                    // Grow in place at the top of memory, or into a free run
                    // right after the block.
                    let end = at as usize + old * PAGE;
                    if end == memory_end() {
                        if core::arch::wasm32::memory_grow::<0>(new - old) == usize::MAX {
                            return ptr::null_mut();
                        }
                        return at;
                    }
                    let mut link: *mut *mut Run = &mut heap.runs;
                    while !(*link).is_null() && (*link as usize) < end {
                        link = &mut (**link).next;
                    }
                    let run = *link;
                    if run as usize == end && (*run).pages >= new - old {
                        let rest = (*run).pages - (new - old);
                        if rest == 0 {
                            *link = (*run).next;
                        } else {
                            let tail = run.cast::<u8>().add((new - old) * PAGE).cast::<Run>();
                            tail.write(Run {
                                pages: rest,
                                next: (*run).next,
                            });
                            *link = tail;
                        }
                        return at;
                    }
                }
                _ => {}
            }
            let moved = self.alloc(Layout::from_size_align_unchecked(new_size, layout.align()));
            if !moved.is_null() {
                ptr::copy_nonoverlapping(at, moved, layout.size().min(new_size));
                self.dealloc(at, layout);
            }
            moved
        }
    }
}
