//! The `.wasm`'s exports: plain `extern "C"` functions over numbers, which
//! the package's hand-written glue (`pkg-template/elicit_form.js`) calls.
//!
//! - A text goes in as the pointer and length of UTF-8 bytes the glue wrote
//!   into memory it took with `alloc` (and `realloc`, for text that is not
//!   ASCII); the export owns them from then on and frees them. An absent
//!   text (`undefined`: no profile, no record) is the pointer 0, which
//!   `alloc` never gives.
//! - A reply goes out as one `u64`, its length above its pointer. It stays
//!   allocated until the glue next takes memory (`alloc`) or calls, so the
//!   glue decodes it and frees nothing, and it is not held while the next
//!   call's texts are written.
//! - `now` is a kind (0: milliseconds, 1: text, 2: neither) with the
//!   milliseconds and the text beside it ([`Now`]).
//!
//! Nothing here refuses or words anything: the functions of `super` do.
//!
//! # Safety
//! Every export's pointers and lengths are blocks from `alloc`/`realloc`,
//! each written with UTF-8 (`TextEncoder`) and exactly its length, which the
//! glue does not touch once it has passed them, or 0 for an absent optional
//! text.
#![allow(
    clippy::missing_safety_doc,
    reason = "every export has the one contract of the module's Safety section"
)]
#![allow(
    clippy::too_many_arguments,
    reason = "the wasm ABI takes flat arguments: two numbers a text"
)]

use alloc::alloc::{Layout, alloc as allocate, dealloc, realloc as reallocate};
use alloc::{string::String, vec::Vec};

use super::Local;
#[cfg(feature = "records")]
use super::Now;

// The last reply, kept until the glue next allocates or calls, so the glue
// need not free it.
static REPLY: Local<String> = Local::new(String::new());

/// Where an empty text points: not null (null is an absent text) and never
/// allocated or freed.
const EMPTY: *mut u8 = core::ptr::dangling_mut();

/// `len` bytes for the glue to write a text into; traps when memory cannot
/// grow that far (as an allocation failure does anywhere in the module).
#[unsafe(no_mangle)]
pub extern "C" fn alloc(len: usize) -> *mut u8 {
    next_call();
    if len == 0 {
        return EMPTY;
    }
    let Ok(layout) = Layout::from_size_align(len, 1) else {
        core::arch::wasm32::unreachable()
    };
    // SAFETY: `layout` has a non-zero size.
    let ptr = unsafe { allocate(layout) };
    if ptr.is_null() {
        alloc::alloc::handle_alloc_error(layout);
    }
    ptr
}

/// The block `alloc` (or `realloc`) gave, `old` bytes long, made `new` long.
///
/// # Safety
/// `ptr` and `old` are a block this module handed out and has not freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn realloc(ptr: *mut u8, old: usize, new: usize) -> *mut u8 {
    if old == 0 {
        return alloc(new);
    }
    if new == 0 {
        // SAFETY: the caller's block, as it was allocated.
        unsafe { free(ptr, old) };
        return EMPTY;
    }
    let (Ok(layout), Ok(_)) = (
        Layout::from_size_align(old, 1),
        Layout::from_size_align(new, 1),
    ) else {
        core::arch::wasm32::unreachable()
    };
    // SAFETY: the caller's block with its layout; `new` is non-zero and fits
    // a layout.
    let moved = unsafe { reallocate(ptr, layout, new) };
    if moved.is_null() {
        alloc::alloc::handle_alloc_error(layout);
    }
    moved
}

/// Gives back a block the glue took but did not hand to an export (a call
/// whose arguments could not all be written).
///
/// # Safety
/// `ptr` and `len` are a block this module handed out and has not freed.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn free(ptr: *mut u8, len: usize) {
    if len != 0 && !ptr.is_null() {
        // SAFETY: the caller's block, with the layout it was allocated with.
        unsafe { dealloc(ptr, Layout::from_size_align_unchecked(len, 1)) };
    }
}

/// The bytes of a text the glue wrote, owned from here (freed when dropped).
///
/// # Safety
/// `ptr` and `len` are a block from `alloc`/`realloc` of exactly `len`
/// bytes, not used by the glue after this call.
unsafe fn bytes(ptr: *mut u8, len: usize) -> Vec<u8> {
    if len == 0 || ptr.is_null() {
        return Vec::new();
    }
    // SAFETY: the caller's block of `len` bytes, allocated with align 1.
    unsafe { Vec::from_raw_parts(ptr, len, len) }
}

/// An optional text's bytes: the pointer 0 is `None`.
///
/// # Safety
/// As [`bytes`], unless `ptr` is null.
unsafe fn optional(ptr: *mut u8, len: usize) -> Option<Vec<u8>> {
    // SAFETY: as the caller's.
    (!ptr.is_null()).then(|| unsafe { bytes(ptr, len) })
}

/// A text argument. The glue writes every text with `TextEncoder`, which
/// writes only UTF-8 (a lone surrogate is refused in JS before it would
/// become U+FFFD), so a release build takes the bytes as they are, as
/// wasm-bindgen's `&str` did: checking them cost 401 B of gzip for bytes
/// only a caller bypassing the glue could send, one that could as well send
/// a bad pointer. A debug build (and so `wasm-pack test`) checks them and
/// panics, which `panic_message` reports.
#[inline(never)]
#[cfg_attr(
    debug_assertions,
    allow(
        clippy::panic,
        reason = "debug builds only, where the trap's message is wanted"
    )
)]
fn text(bytes: Vec<u8>) -> String {
    #[cfg(debug_assertions)]
    return String::from_utf8(bytes).unwrap_or_else(|_| {
        panic!("elicit-form: an argument reached the wasm as bytes that are not UTF-8")
    });
    // SAFETY: UTF-8 from the glue's `TextEncoder` (above; module header).
    #[cfg(not(debug_assertions))]
    unsafe {
        String::from_utf8_unchecked(bytes)
    }
}

/// A text argument, owned from here: its [`bytes`] as [`text`].
///
/// # Safety
/// As [`bytes`].
unsafe fn arg(ptr: *mut u8, len: usize) -> String {
    // SAFETY: as the caller's.
    text(unsafe { bytes(ptr, len) })
}

/// An optional text argument: the pointer 0 is `None`.
///
/// # Safety
/// As [`bytes`], unless `ptr` is null.
unsafe fn optional_arg(ptr: *mut u8, len: usize) -> Option<String> {
    // SAFETY: as the caller's.
    unsafe { optional(ptr, len) }.map(text)
}

/// Keeps `reply` until the next call and gives its length and pointer.
fn out(reply: String) -> u64 {
    REPLY.with_borrow_mut(|kept| {
        *kept = reply;
        ((kept.len() as u64) << 32) | kept.as_ptr() as u64
    })
}

/// Frees the last reply (decoded by now), so a huge one is not held while
/// the next call's texts are written or it runs.
fn next_call() {
    REPLY.with_borrow_mut(|kept| *kept = String::new());
}

/// The npm package's builds are `no_std` (the `std` feature off), so their
/// panics come here: a release build has none that input can reach, and
/// traps without a word (no message is formatted, so none of core::fmt's
/// panic paths are in the `.wasm`); a debug build keeps the message for
/// `panic_message`, which the glue prints with `console.error` when a call
/// traps.
#[cfg(not(feature = "std"))]
#[panic_handler]
fn panicked(info: &core::panic::PanicInfo<'_>) -> ! {
    #[cfg(debug_assertions)]
    panics::MESSAGE.set(alloc::string::ToString::to_string(info));
    let _ = info;
    core::arch::wasm32::unreachable()
}

#[cfg(all(debug_assertions, not(feature = "std")))]
mod panics {
    use alloc::string::String;

    use super::Local;

    pub(super) static MESSAGE: Local<String> = Local::new(String::new());

    /// The last panic's message, as a reply; empty when there was none.
    #[unsafe(no_mangle)]
    pub extern "C" fn panic_message() -> u64 {
        super::out(MESSAGE.with_borrow_mut(core::mem::take))
    }
}

/// `now` as the glue passes it: a kind, with the milliseconds and the text.
#[cfg(feature = "records")]
fn now_argument(kind: u32, millis: f64, text: &str) -> Now<'_> {
    match kind {
        0 => Now::Millis(millis),
        1 => Now::Text(text),
        _ => Now::Unusable,
    }
}

// The exports, one per function of `super`, in the same order of arguments.
// SAFETY (every `unsafe` block below): the pointers and lengths are blocks
// the glue took with `alloc`/`realloc` and wrote, each exactly its length,
// or 0 for an absent optional text (module header).

#[unsafe(export_name = "parse_requested_schema")]
pub unsafe extern "C" fn parse_requested_schema_export(
    schema: *mut u8,
    schema_len: usize,
    profile: *mut u8,
    profile_len: usize,
) -> u64 {
    next_call();
    let (schema, profile) =
        unsafe { (arg(schema, schema_len), optional_arg(profile, profile_len)) };
    out(super::parse_requested_schema(&schema, profile))
}

#[unsafe(export_name = "questions")]
pub unsafe extern "C" fn questions_export(
    schema: *mut u8,
    schema_len: usize,
    server: *mut u8,
    server_len: usize,
    profile: *mut u8,
    profile_len: usize,
) -> u64 {
    next_call();
    let (schema, server, profile) = unsafe {
        (
            arg(schema, schema_len),
            arg(server, server_len),
            optional_arg(profile, profile_len),
        )
    };
    out(super::questions(&schema, &server, profile))
}

#[unsafe(export_name = "prepare_form")]
pub unsafe extern "C" fn prepare_form_export(
    schema: *mut u8,
    schema_len: usize,
    server: *mut u8,
    server_len: usize,
    profile: *mut u8,
    profile_len: usize,
) -> u64 {
    next_call();
    let (schema, server, profile) = unsafe {
        (
            arg(schema, schema_len),
            arg(server, server_len),
            optional_arg(profile, profile_len),
        )
    };
    out(super::prepare_form(&schema, &server, profile))
}

#[unsafe(export_name = "fingerprint")]
pub unsafe extern "C" fn fingerprint_export(
    schema: *mut u8,
    schema_len: usize,
    profile: *mut u8,
    profile_len: usize,
) -> u64 {
    next_call();
    let (schema, profile) =
        unsafe { (arg(schema, schema_len), optional_arg(profile, profile_len)) };
    out(super::fingerprint(&schema, profile))
}

#[unsafe(export_name = "content_from_answers")]
pub unsafe extern "C" fn content_from_answers_export(
    schema: *mut u8,
    schema_len: usize,
    answers: *mut u8,
    answers_len: usize,
    profile: *mut u8,
    profile_len: usize,
) -> u64 {
    next_call();
    let (schema, answers, profile) = unsafe {
        (
            arg(schema, schema_len),
            arg(answers, answers_len),
            optional_arg(profile, profile_len),
        )
    };
    out(super::content_from_answers(&schema, answers, profile))
}

#[unsafe(export_name = "form_answer_storage_key")]
pub unsafe extern "C" fn form_answer_storage_key_export(
    server: *mut u8,
    server_len: usize,
    tool: *mut u8,
    tool_len: usize,
) -> u64 {
    next_call();
    let (server, tool) = unsafe { (arg(server, server_len), arg(tool, tool_len)) };
    out(super::form_answer_storage_key(&server, &tool))
}

#[unsafe(export_name = "names_a_credential")]
pub unsafe extern "C" fn names_a_credential_export(name: *mut u8, len: usize) -> bool {
    next_call();
    super::names_a_credential(&unsafe { arg(name, len) })
}

#[cfg(feature = "records")]
#[unsafe(export_name = "record_form_answer")]
pub unsafe extern "C" fn record_form_answer_export(
    request: *mut u8,
    request_len: usize,
    now_kind: u32,
    now_millis: f64,
    now_text: *mut u8,
    now_text_len: usize,
    profile: *mut u8,
    profile_len: usize,
) -> u64 {
    next_call();
    let (request, now_text, profile) = unsafe {
        (
            arg(request, request_len),
            arg(now_text, now_text_len),
            optional_arg(profile, profile_len),
        )
    };
    out(super::record_form_answer(
        &request,
        now_argument(now_kind, now_millis, &now_text),
        profile,
    ))
}

#[cfg(feature = "records")]
#[unsafe(export_name = "applies_to")]
pub unsafe extern "C" fn applies_to_export(
    record: *mut u8,
    record_len: usize,
    server: *mut u8,
    server_len: usize,
    tool: *mut u8,
    tool_len: usize,
    fingerprint: *mut u8,
    fingerprint_len: usize,
    now_kind: u32,
    now_millis: f64,
    now_text: *mut u8,
    now_text_len: usize,
    profile: *mut u8,
    profile_len: usize,
) -> u64 {
    next_call();
    let (record, server, tool, fingerprint, now_text, profile) = unsafe {
        (
            arg(record, record_len),
            arg(server, server_len),
            arg(tool, tool_len),
            arg(fingerprint, fingerprint_len),
            arg(now_text, now_text_len),
            optional_arg(profile, profile_len),
        )
    };
    out(super::applies_to(
        &record,
        &server,
        &tool,
        &fingerprint,
        now_argument(now_kind, now_millis, &now_text),
        profile,
    ))
}

#[cfg(feature = "records")]
#[unsafe(export_name = "answer_form")]
pub unsafe extern "C" fn answer_form_export(
    server_name: *mut u8,
    server_name_len: usize,
    tool_name: *mut u8,
    tool_name_len: usize,
    key: *mut u8,
    key_len: usize,
    message: *mut u8,
    message_len: usize,
    schema: *mut u8,
    schema_len: usize,
    record: *mut u8,
    record_len: usize,
    now_kind: u32,
    now_millis: f64,
    now_text: *mut u8,
    now_text_len: usize,
    profile: *mut u8,
    profile_len: usize,
) -> u64 {
    next_call();
    let (server_name, tool_name, key, message, schema, record, now_text, profile) = unsafe {
        (
            arg(server_name, server_name_len),
            arg(tool_name, tool_name_len),
            arg(key, key_len),
            arg(message, message_len),
            arg(schema, schema_len),
            optional_arg(record, record_len),
            arg(now_text, now_text_len),
            optional_arg(profile, profile_len),
        )
    };
    out(super::answer_form(
        &server_name,
        &tool_name,
        &key,
        &message,
        &schema,
        record,
        now_argument(now_kind, now_millis, &now_text),
        profile,
    ))
}

#[unsafe(export_name = "pending")]
pub unsafe extern "C" fn pending_export(
    server_name: *mut u8,
    server_name_len: usize,
    tool_name: *mut u8,
    tool_name_len: usize,
    key: *mut u8,
    key_len: usize,
    message: *mut u8,
    message_len: usize,
    schema: *mut u8,
    schema_len: usize,
    profile: *mut u8,
    profile_len: usize,
) -> u64 {
    next_call();
    let (server_name, tool_name, key, message, schema, profile) = unsafe {
        (
            arg(server_name, server_name_len),
            arg(tool_name, tool_name_len),
            arg(key, key_len),
            arg(message, message_len),
            arg(schema, schema_len),
            optional_arg(profile, profile_len),
        )
    };
    out(super::pending(
        &server_name,
        &tool_name,
        &key,
        &message,
        &schema,
        profile,
    ))
}

/// Where the six bounds are ([`super::bounds`]): `f64`s, 8-byte aligned.
#[unsafe(export_name = "bounds")]
pub extern "C" fn bounds_export() -> *const f64 {
    super::bounds().as_ptr()
}

#[unsafe(export_name = "argument_problem")]
pub unsafe extern "C" fn argument_problem_export(
    problem: *mut u8,
    problem_len: usize,
    argument: *mut u8,
    argument_len: usize,
    detail: *mut u8,
    detail_len: usize,
    unit: u32,
    at: u32,
) -> u64 {
    next_call();
    let (problem, argument, detail) = unsafe {
        (
            arg(problem, problem_len),
            arg(argument, argument_len),
            arg(detail, detail_len),
        )
    };
    out(super::argument_problem(
        &problem,
        &argument,
        &detail,
        unit as u16,
        at,
    ))
}
