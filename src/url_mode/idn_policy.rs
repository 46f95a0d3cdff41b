//! When a host's label may be shown in Unicode: a browser's IDN display
//! policy, Chromium's (its `docs/idn.md` and `IDNSpoofChecker` in
//! `components/url_formatter/spoof_checks/idn_spoof_checker.cc`, BSD
//! licence), which Firefox's `network.IDN` display algorithm resembles.
//! A label that fails any rule is shown in its ASCII (punycode) form, with
//! the rule's reason in words ([`DisplayRisk`]); so is every label of a
//! host whose skeleton is a well-known name's (`well_known.rs`).
//!
//! Each rule, with where it comes from (docs/url-mode.md lists them too):
//!
//! 1. Every character is allowed in identifiers by UTS #39 (Identifier
//!    Status `Allowed`, the `unicode-security` crate), less the characters
//!    Chromium also removes (look-alikes of `/`, `-`, quotes, rare Latin,
//!    Greek and Cyrillic blocks): `idn.md` steps 3 and 4.
//! 2. No joiner (U+200C, U+200D): invisible, Chromium's "deviation
//!    characters" (ß and ς, its other two, are shown: browsers now read them
//!    as written, non-transitionally, so the name shown is the one reached).
//! 3. þ and ð only under `.is`, ə only under `.az`, the middle dot only
//!    under `.cat` between two `l`s: Chromium's TLD-specific characters and
//!    `HasUnsafeMiddleDot` (`idn.md` step 8).
//! 4. Scripts mixed only as UTS #39's *highly restrictive* level allows
//!    (Latin with Han and Japanese, or Korean, or Chinese), and non-ASCII
//!    Latin never mixed with another script (`idn.md` step 5).
//! 5. One numbering system (`idn.md` step 6), no mark twice on one letter
//!    (step 7, ICU's invisible check).
//! 6. Not a whole-script confusable of Latin unless the top-level domain is
//!    of that script or a country's that uses it (step 10), and not made of
//!    digits and digit look-alikes (step 11).
//! 7. No dangerous pattern (step 12): `ノ ン ソ ゾ 丶 乀 乁 丿` between
//!    non-Japanese letters (slashes), `ヽ ヾ` after no Katakana, `ー` after no
//!    Kana, `・` beside a Latin letter, the Han and Bopomofo letters that read
//!    as Latin letters or dashes (`一 丨 十 工 口 ...`) beside a non-CJK
//!    letter, a combining mark (U+0300 to U+0339) after a letter that is not
//!    Latin, Greek or Cyrillic or after a dotless i, the combining Kana voice
//!    marks, and a dot above (U+0307) after `i`, `j` or `l` (`li̇nkedin`).
//!
//! Where this is stricter than Chromium: a label's edge counts as a
//! non-Japanese neighbour for the slash-like letters, `口` is among the
//! CJK look-alikes, and a label whose UTS #39 skeleton is all ASCII (it
//! reads as an ASCII name: `аррӏе`) is shown in ASCII under any top-level
//! domain not of its own script.

use alloc::string::String;
use core::fmt;

use unicode_normalization::char::canonical_combining_class;
use unicode_script::{Script, UnicodeScript};
use unicode_security::mixed_script::AugmentedScriptSet;
use unicode_security::{
    GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection, skeleton,
};

/// Why a label is shown in its ASCII form: the rule it fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DisplayRisk {
    /// A character names are not written with (UTS #39, Chromium's removals).
    Character(char),
    /// A zero-width joiner or non-joiner.
    Joiner,
    /// A letter only one country's names use (þ, ð, ə, the middle dot).
    CountryLetter(char),
    /// Letters of scripts a name does not mix.
    MixedScripts,
    /// Digits of two numbering systems.
    MixedDigits,
    /// The same mark twice on one letter.
    RepeatedMark,
    /// Letters of another script that all read as Latin ones.
    ReadsAsLatin,
    /// Only digits and letters that read as digits.
    DigitLookalike,
    /// A letter that reads as a slash, a dash or a dot, or a mark that
    /// reads as part of a letter, where it does so.
    DangerousPattern(char),
}

impl fmt::Display for DisplayRisk {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Character(c) => write!(
                f,
                "has a character (U+{:04X}) that names are not written with",
                u32::from(*c)
            ),
            Self::Joiner => f.write_str("has an invisible joining character"),
            Self::CountryLetter(c) => write!(
                f,
                "has a letter (U+{:04X}) used only in another country's names",
                u32::from(*c)
            ),
            Self::MixedScripts => f.write_str("mixes letters of different alphabets"),
            Self::MixedDigits => f.write_str("mixes digits of different numbering systems"),
            Self::RepeatedMark => f.write_str("has the same accent twice on one letter"),
            Self::ReadsAsLatin => {
                f.write_str("is written in another alphabet with letters that read as Latin ones")
            }
            Self::DigitLookalike => f.write_str("is written with letters that read as digits"),
            Self::DangerousPattern(c) => write!(
                f,
                "has a character (U+{:04X}) that reads as a slash, a dash, a dot or part of another letter there",
                u32::from(*c)
            ),
        }
    }
}

/// The top-level label of the host a label is in, in both forms: some rules
/// depend on it.
#[derive(Debug, Clone, Copy)]
pub struct TopLevel<'a> {
    /// ASCII (punycode), lower case, without a trailing dot.
    pub ascii: &'a str,
    /// As Unicode.
    pub unicode: &'a str,
    /// Whether the Public Suffix List has it: only a real top-level domain
    /// of a script makes that script's names expected under it.
    pub known: bool,
}

/// Whether `label` (Unicode, as IDNA gives it: lower case, NFC) may be
/// shown as it is written in a host under `top`; the first rule it fails.
pub fn label_display_risk(label: &str, top: TopLevel<'_>) -> Option<DisplayRisk> {
    if label.is_ascii() {
        return None;
    }
    let chars = || label.chars();
    if let Some(c) = chars().find(|&c| !allowed(c)) {
        return Some(DisplayRisk::Character(c));
    }
    if chars().any(|c| matches!(c, '\u{200C}' | '\u{200D}')) {
        return Some(DisplayRisk::Joiner);
    }
    let long = chars().nth(1).is_some();
    let country = |c: char, tld: &str| (long && top.ascii != tld).then_some(c);
    if let Some(c) = chars().find_map(|c| match c {
        'þ' | 'ð' => country(c, "is"),
        'ə' => country(c, "az"),
        _ => None,
    }) {
        return Some(DisplayRisk::CountryLetter(c));
    }
    if unsafe_middle_dot(label, top.ascii) {
        return Some(DisplayRisk::CountryLetter('·'));
    }
    let level = label.detect_restriction_level();
    if level > RestrictionLevel::HighlyRestrictive {
        return Some(DisplayRisk::MixedScripts);
    }
    if mixes_digits(label) {
        return Some(DisplayRisk::MixedDigits);
    }
    if repeats_a_mark(label) {
        return Some(DisplayRisk::RepeatedMark);
    }
    if digit_lookalike(label) {
        return Some(DisplayRisk::DigitLookalike);
    }
    if reads_as_latin(label, top) {
        return Some(DisplayRisk::ReadsAsLatin);
    }
    if level > RestrictionLevel::SingleScript && non_ascii_latin_mixed(label) {
        return Some(DisplayRisk::MixedScripts);
    }
    dangerous_pattern(label).map(DisplayRisk::DangerousPattern)
}

/// UTS #39's identifier characters, less those Chromium removes
/// (`SetAllowedUnicodeSet`): the long solidus overlay, the Armenian hyphen,
/// U+2010, U+2019, the hyphenation point, the Katakana double hyphen,
/// modifier letters that read as quotes, Latin kra, and rarely used
/// blocks of Latin (Pinyin, Extended Additional to U+1E9B, Extended-D),
/// Greek Extended and Cyrillic Extended-B and C.
fn allowed(c: char) -> bool {
    let removed = matches!(
        u32::from(c),
        0x0338
            | 0x058A
            | 0x2010
            | 0x2019
            | 0x2027
            | 0x30A0
            | 0x02BB
            | 0x02BC
            | 0x02EC
            | 0x0138
            | 0x01CD..=0x01DC
            | 0x1C80..=0x1C8F
            | 0x1E00..=0x1E9B
            | 0x1F00..=0x1FFF
            | 0xA640..=0xA69F
            | 0xA720..=0xA7FF
    );
    !removed && c.identifier_allowed()
}

/// The middle dot is Catalan's ela geminada (`l·l`), under `.cat` only.
fn unsafe_middle_dot(label: &str, tld: &str) -> bool {
    let chars: alloc::vec::Vec<char> = label.chars().collect();
    chars.iter().enumerate().any(|(at, &c)| {
        c == '·'
            && (tld != "cat"
                || at == 0
                || chars.get(at - 1) != Some(&'l')
                || chars.get(at + 1) != Some(&'l'))
    })
}

/// Decimal digits of two numbering systems (`1` and `১`, `٣` and `۳`).
fn mixes_digits(label: &str) -> bool {
    let mut zero = None;
    for c in label.chars().filter(|c| c.is_numeric()) {
        let this = digit_zero(c);
        if zero.is_some_and(|z| z != this) {
            return true;
        }
        zero = Some(this);
    }
    false
}

/// The zero of the run of ten decimal digits `c` is in: Unicode puts each
/// numbering system's digits in one run, 0 to 9.
fn digit_zero(c: char) -> u32 {
    let code = u32::from(c);
    let mut start = code;
    while start > 0
        && code - start < 40
        && char::from_u32(start - 1).is_some_and(|before| before.is_numeric())
    {
        start -= 1;
    }
    start + (code - start) / 10 * 10
}

/// The same combining mark twice on one letter (ICU's invisible check):
/// `a` with two acute accents renders as one. Read on the UTS #39
/// skeleton, which is decomposed (NFD) and maps a mark only to itself or
/// a mark like it: the crate's one NFD keeps the compatibility tables out
/// of the wasm.
fn repeats_a_mark(label: &str) -> bool {
    let mut marks: alloc::vec::Vec<char> = alloc::vec::Vec::new();
    for c in skeleton(label) {
        if !is_mark(c) {
            marks.clear();
        } else if marks.contains(&c) {
            return true;
        } else {
            marks.push(c);
        }
    }
    false
}

/// Chromium's digit look-alikes (`IsDigitLookalike`): a label of digits
/// and these letters alone reads as a number.
const DIGIT_LOOKALIKES: &str = "θ२২੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპੜკ੫丩ㄐճ৪੪୫૭୨౨";

/// Only digits and letters that read as digits, one of them at least: by
/// Chromium's list, or by the UTS #39 skeleton (`16კ` reads as `163`).
fn digit_lookalike(label: &str) -> bool {
    let digit_like = |c: char| {
        DIGIT_LOOKALIKES.contains(c) || {
            let mut one = [0u8; 4];
            let mut shape = skeleton(c.encode_utf8(&mut one));
            shape.next().is_some_and(|first| first.is_ascii_digit()) && shape.next().is_none()
        }
    };
    label
        .chars()
        .all(|c| c.is_ascii_digit() || c == '-' || digit_like(c))
        && !label.is_ascii()
}

/// A label that reads as Latin letters although written in another script:
/// one whose UTS #39 skeleton is all ASCII (`аррӏе`, `ѕсоре`, `ɡoogle`), or
/// whose letters of another script all have Latin (or common) skeletons
/// (`сом`: `coʍ`). Under a top-level domain of the label's script (`рф`
/// for Cyrillic, as Chromium's `IsWholeScriptConfusableAllowedForTLD`) it
/// is that script's name; under a country's ASCII domain that Chromium
/// lists for the script (`ru` for Cyrillic), only the all-ASCII skeleton
/// is refused.
fn reads_as_latin(label: &str, top: TopLevel<'_>) -> bool {
    if top.known && top_level_shares_a_script(label, top.unicode) {
        return false;
    }
    if skeleton(label).all(|c| c.is_ascii()) {
        return true;
    }
    if country_of_script(label, top.ascii) {
        return false;
    }
    let latin_like = |c: char| {
        let set = AugmentedScriptSet::for_char(c).base;
        set.is_common() || set.is_inherited() || set.contains_script(Script::Latin)
    };
    label.chars().any(|c| !latin_like(c)) && skeleton(label).all(latin_like)
}

/// Whether a letter of the top-level label is of a script of the label's
/// letters (not Latin, Common or Inherited).
fn top_level_shares_a_script(label: &str, top: &str) -> bool {
    top.chars().any(|t| {
        let scripts = t.script_extension();
        !scripts.is_common()
            && !scripts.is_inherited()
            && !scripts.contains_script(Script::Latin)
            && label
                .chars()
                .any(|c| scripts.iter().any(|script| has_script(c, &[script])))
    })
}

/// Chromium's country domains for whole-script confusables
/// (`kWholeScriptConfusables`' allowed TLDs).
fn country_of_script(label: &str, tld: &str) -> bool {
    let countries: &[(Script, &[&str])] = &[
        (Script::Armenian, &["am"]),
        (
            Script::Cyrillic,
            &["bg", "by", "kz", "pyc", "ru", "su", "ua", "uz"],
        ),
        (Script::Ethiopic, &["er", "et"]),
        (Script::Georgian, &["ge"]),
        (Script::Greek, &["gr"]),
        (Script::Hebrew, &["il"]),
        (Script::Myanmar, &["mm"]),
        (Script::Thai, &["th"]),
    ];
    countries.iter().any(|(script, tlds)| {
        tlds.contains(&tld) && label.chars().any(|c| has_script(c, &[*script]))
    })
}

/// Non-ASCII Latin letters with letters of another script (`é` with Han):
/// Chromium's `kNonAsciiLatinCharMixedWithNonLatin`.
fn non_ascii_latin_mixed(label: &str) -> bool {
    let non_ascii_latin = label
        .chars()
        .any(|c| !c.is_ascii() && has_script(c, &[Script::Latin]));
    let other_script = label.chars().any(|c| {
        let scripts = c.script_extension();
        !scripts.is_common()
            && !scripts.is_inherited()
            && !has_script(c, &[Script::Latin, Script::Greek, Script::Cyrillic])
    });
    non_ascii_latin && other_script
}

fn has_script(c: char, scripts: &[Script]) -> bool {
    let extension = c.script_extension();
    !extension.is_common()
        && !extension.is_inherited()
        && scripts
            .iter()
            .any(|&script| extension.contains_script(script))
}

fn japanese(c: char) -> bool {
    has_script(c, &[Script::Katakana, Script::Hiragana, Script::Han])
}

fn cjk(c: char) -> bool {
    has_script(
        c,
        &[
            Script::Katakana,
            Script::Hiragana,
            Script::Han,
            Script::Bopomofo,
        ],
    )
}

/// Letters that read as a slash between non-Japanese letters.
const SLASH_LIKE: &str = "ノンソゾ丶乀乁丿";
/// Han and Bopomofo letters that read as Latin letters, digits or
/// punctuation beside a non-CJK letter (Chromium's list, and `口`).
const CJK_LOOKALIKES: &str = "一ㄧ丨乛七丅十〇ㄒㄚㄟㄨㄩㄈㆺㆳ工ㆲ讠丁口";

/// The first character of a dangerous pattern (Chromium's
/// `dangerous_pattern`), or none.
fn dangerous_pattern(label: &str) -> Option<char> {
    let chars: alloc::vec::Vec<char> = label.chars().collect();
    let kana = |c: char| has_script(c, &[Script::Katakana]);
    let hira = |c: char| has_script(c, &[Script::Hiragana]);
    let all_kana_but = |i: usize, test: &dyn Fn(char) -> bool| {
        chars.iter().enumerate().all(|(j, &c)| j == i || test(c))
    };
    for (i, &c) in chars.iter().enumerate() {
        let before = i.checked_sub(1).and_then(|b| chars.get(b)).copied();
        let after = chars.get(i + 1).copied();
        let not = |side: Option<char>, test: &dyn Fn(char) -> bool| side.is_none_or(|s| !test(s));
        let dangerous = match c {
            _ if SLASH_LIKE.contains(c) => not(before, &japanese) && not(after, &japanese),
            'ヽ' | 'ヾ' => not(before, &kana),
            'へ' | 'べ' | 'ぺ' => chars.len() > 1 && all_kana_but(i, &kana),
            'ヘ' | 'ベ' | 'ペ' => chars.len() > 1 && all_kana_but(i, &hira),
            'ー' => not(before, &|s| kana(s) || hira(s)),
            '・' => {
                before.is_some_and(|s| s.is_ascii_lowercase())
                    || after.is_some_and(|s| s.is_ascii_lowercase())
            }
            _ if CJK_LOOKALIKES.contains(c) => {
                before.is_some_and(|s| !cjk(s)) || after.is_some_and(|s| !cjk(s))
            }
            '\u{0307}' if matches!(before, Some('i' | 'j' | 'l' | 'ı')) => true,
            '\u{0300}'..='\u{0339}' => before.is_some_and(|s| {
                s == 'ı' || !has_script(s, &[Script::Latin, Script::Greek, Script::Cyrillic])
            }),
            '\u{3099}' | '\u{309A}' => true,
            _ => false,
        };
        if dangerous {
            return Some(c);
        }
    }
    None
}

/// A combining mark that stacks on a letter (a non-zero canonical combining
/// class: every accent, which is what the rules below look for), by the
/// table NFD already needs.
fn is_mark(c: char) -> bool {
    canonical_combining_class(c) != 0
}

/// A label's UTS #39 skeleton with accents removed, for the well-known
/// names' check (Chromium removes them before its skeleton): the skeleton
/// (which is decomposed, NFD) without its combining marks, and the letters
/// Chromium's skeleton generator maps that keep a stroke (`ł` to `l`, `ø`
/// to `o`, `đ` to `d`, with `ı` and `ħ`).
pub(crate) fn plain_skeleton(label: &str) -> String {
    skeleton(label)
        .filter(|&c| !is_mark(c))
        .map(|c| match c {
            'ł' => 'l',
            'ø' => 'o',
            'đ' => 'd',
            'ı' => 'i',
            'ħ' => 'h',
            _ => c,
        })
        .collect()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    fn risk(label: &str, tld: &str) -> Option<DisplayRisk> {
        let unicode = url::quirks::domain_to_unicode(tld);
        label_display_risk(
            label,
            TopLevel {
                ascii: tld,
                unicode: &unicode,
                known: tld != "xn--l1adi",
            },
        )
    }

    #[test]
    fn names_in_their_own_script_are_shown() {
        for (label, tld) in [
            ("bücher", "de"),
            ("пример", "xn--p1ai"),
            ("москва", "xn--p1ai"),
            ("例え", "jp"),
            ("日本語", "jp"),
            ("ソニー", "jp"),
            ("مثال", "xn--mgbaam7a8h"),
            ("παράδειγμα", "gr"),
            ("דוגמה", "il"),
            ("ตัวอย่าง", "th"),
            ("उदाहरण", "in"),
            ("한국어", "kr"),
            ("中文网", "cn"),
            ("straße", "de"),
            ("col·legi", "cat"),
            ("münchen2024", "de"),
            ("ヴィタミンb6", "jp"),
        ] {
            assert_eq!(risk(label, tld), None, "{label}.{tld}");
        }
    }

    #[test]
    fn look_alikes_are_named() {
        use DisplayRisk::*;
        for (label, tld, expected) in [
            ("li\u{307}nkedin", "com", DangerousPattern('\u{307}')),
            ("аррӏе", "com", ReadsAsLatin),
            ("аррӏе", "ru", ReadsAsLatin),
            ("сом", "com", ReadsAsLatin),
            ("16კ", "com", DigitLookalike),
            ("з2", "com", DigitLookalike),
            ("aソb", "com", DangerousPattern('ソ')),
            ("a一b", "com", DangerousPattern('一')),
            ("google丨com", "com", DangerousPattern('丨')),
            ("ab口", "com", DangerousPattern('口')),
            ("abーcd", "com", DangerousPattern('ー')),
            ("a·b", "com", CountryLetter('·')),
            ("col·legi", "com", CountryLetter('·')),
            ("þorn", "com", CountryLetter('þ')),
            ("caféx日本", "com", MixedScripts),
            ("pаypal", "com", MixedScripts),
            ("a\u{301}\u{301}b", "com", RepeatedMark),
            ("1১", "com", MixedDigits),
            ("٣۳", "com", MixedDigits),
            ("a\u{2010}b", "com", Character('\u{2010}')),
        ] {
            assert_eq!(risk(label, tld), Some(expected), "{label}.{tld}");
        }
        // Under a country's domain Chromium lists for the script, a name
        // whose skeleton is Latin but not ASCII is shown; one that reads as
        // an ASCII name is not.
        assert_eq!(risk("москва", "com"), Some(ReadsAsLatin));
        assert_eq!(risk("москва", "ru"), None);
        assert_eq!(risk("сом", "ru"), None);
        assert_eq!(risk("аррӏе", "ru"), Some(ReadsAsLatin));
        // An unknown top-level label of the script does not make it expected.
        assert_eq!(risk("сом", "xn--l1adi"), Some(ReadsAsLatin));
        assert_eq!(risk("þú", "is"), None);
    }

    #[test]
    fn skeletons_drop_accents() {
        assert_eq!(plain_skeleton("googlé"), plain_skeleton("google"));
        assert_eq!(plain_skeleton("paypał"), plain_skeleton("paypal"));
        assert_eq!(plain_skeleton("faceböök"), plain_skeleton("facebook"));
        assert_eq!(plain_skeleton("microsọft"), plain_skeleton("microsoft"));
    }
}
