//! The colours a rule file may name for its teams (`team NAME shown as COLOUR`), the pair
//! the front ends use when it names none, and the contrast the checks ask of them. A
//! colour here is only how a team is drawn: no rule reads it.

/// A colour: red, green, blue.
pub type Rgb = [u8; 3];

/// The named colours, in the order `docs/language.md` lists them. Each is dark or bright
/// enough to read on the web page's holes and on a dark terminal but `black` and `white`,
/// which the checks warn of (W051).
pub const NAMED: [(&str, Rgb); 12] = [
    ("red", [0xc0, 0x39, 0x2b]),
    ("orange", [0xd2, 0x69, 0x1e]),
    ("gold", [0xb8, 0x86, 0x0b]),
    ("green", [0x2e, 0x8b, 0x57]),
    ("teal", [0x00, 0x80, 0x80]),
    ("blue", [0x2f, 0x7f, 0xd0]),
    ("purple", [0x8e, 0x44, 0xad]),
    ("pink", [0xc2, 0x41, 0x7a]),
    ("brown", [0x8b, 0x45, 0x13]),
    ("grey", [0x6e, 0x6e, 0x6e]),
    ("black", [0x20, 0x20, 0x20]),
    ("white", [0xf5, 0xf5, 0xf5]),
];

/// The language default: the first team orange, the second blue (the pair stands apart
/// from each other, from the page's holes and from a dark terminal).
pub const DEFAULT_TEAMS: [Rgb; 2] = [[0xd2, 0x69, 0x1e], [0x2f, 0x7f, 0xd0]];

/// The backgrounds a team's colour is drawn on: the web page's holes (`--hole` of
/// `web/style.css`) and a dark terminal.
pub(crate) const BACKGROUNDS: [(&str, Rgb); 2] = [
    ("the web page's holes", [0xe6, 0xd3, 0xab]),
    ("a dark terminal", [0, 0, 0]),
];

/// The least contrast (WCAG ratio, 1 to 21) a team's colour keeps against each of
/// [`BACKGROUNDS`] without a warning; every named colour but black and white reaches it.
pub(crate) const MIN_CONTRAST: f64 = 2.0;

/// A colour as written: a palette name, or `#rrggbb` (`None`: neither).
pub fn parse(text: &str) -> Option<Rgb> {
    if let Some(hex) = text.strip_prefix('#') {
        if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let byte = |i: usize| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok();
        return Some([byte(0)?, byte(2)?, byte(4)?]);
    }
    NAMED.iter().find(|(n, _)| *n == text).map(|(_, c)| *c)
}

/// The colour as CSS writes it (`#d2691e`).
pub fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// WCAG relative luminance (0 black to 1 white).
fn luminance(c: Rgb) -> f64 {
    let lin = |v: u8| {
        let v = f64::from(v) / 255.0;
        if v <= 0.039_28 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
}

/// WCAG contrast ratio between two colours (1: none, 21: black on white).
pub(crate) fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_hex_parse_and_the_defaults_read_on_both_backgrounds() {
        assert_eq!(parse("orange"), Some(DEFAULT_TEAMS[0]));
        assert_eq!(parse("blue"), Some(DEFAULT_TEAMS[1]));
        assert_eq!(parse("#C0392b"), Some([0xc0, 0x39, 0x2b]));
        assert_eq!(parse("#c0392"), None);
        assert_eq!(parse("#c0392g"), None);
        assert_eq!(parse("mauve"), None);
        for (name, c) in NAMED {
            let low = BACKGROUNDS
                .iter()
                .any(|(_, b)| contrast(c, *b) < MIN_CONTRAST);
            assert_eq!(low, name == "black" || name == "white", "{name}");
        }
        assert_eq!(hex(DEFAULT_TEAMS[0]), "#d2691e");
    }
}
