"""Wording helpers every system shares: signs, plurals, lists, percentages.

One copy for the whole package (the systems used to carry their own
``_signed``, ``_plural``, ``_and`` and ``pct``).
"""

from fractions import Fraction

from ..percent import pct  # the one rounding, shared with the rules

MINUS = "\u2212"  # the minus sign people read, not a hyphen


def signed(n, zero="+0"):
    """A modifier with its sign: '+3', '-2' (ASCII hyphen-minus: it is typed
    back into fields and compared in tests), `zero` for 0."""
    if n == 0:
        return zero
    return f"+{n}" if n > 0 else f"-{-n}"


def plural(n, word, many=None):
    """'1 check', '3 checks'; `many` for irregular plurals ('2 dice')."""
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


def and_list(words, conj="and"):
    """'A', 'A and B', 'A, B and C'."""
    words = [str(w) for w in words]
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {conj} {words[-1]}"


def cap(text):
    """First letter upper case, the rest as it is."""
    return text[:1].upper() + text[1:]


def low(text):
    """First letter lower case, the rest as it is ('Partial success' in a line)."""
    return text[:1].lower() + text[1:]


# how a language writes a percent and its edges, a decimal point, yes and no
# (German: "62,5 %", a comma and a space before the sign, Duden)
NUMBER_WORDS = {
    "en": {"pct": "{p}%", "under": "under {p}%", "over": "over {p}%", "point": ".",
           "yes": "yes", "no": "no"},
    "de": {"pct": "{p}\u00a0%", "under": "unter {p}\u00a0%", "over": "über {p}\u00a0%", "point": ",",
           "yes": "ja", "no": "nein"},
}


def pct_text(p, lang="en"):
    """For people: '0%', 'under 0.1%', '12.3%', 'over 99.9%', '100%'
    (`lang` "de": '12,3 %')."""
    w = NUMBER_WORDS[lang]
    p = Fraction(p)
    if p <= 0:
        return w["pct"].format(p=0)
    if p >= 1:
        return w["pct"].format(p=100)
    text = pct(p)
    if text == "0.0":
        return w["under"].format(p=f"0{w['point']}1")
    if text == "100.0":
        return w["over"].format(p=f"99{w['point']}9")
    return w["pct"].format(p=text.replace(".", w["point"]))


def number(x, places=2, lang="en"):
    """A figure for a fact: whole numbers as they are, others to `places`
    (`lang` "de": a decimal comma)."""
    if isinstance(x, bool):
        return NUMBER_WORDS[lang]["yes" if x else "no"]
    if isinstance(x, int):
        return str(x)
    x = float(x)
    if x == int(x) and abs(x) < 1e15:
        return str(int(x))
    return f"{x:.{places}f}".replace(".", NUMBER_WORDS[lang]["point"])
