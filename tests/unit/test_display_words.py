"""display/words.py in each language: percents and numbers as the
language writes them (German: a decimal comma, a space before %)."""

from fractions import Fraction

import pytest

from tablecheck.display.words import NUMBER_WORDS, number, pct_text

NBSP = "\u00a0"


@pytest.mark.parametrize("p,en,de", [
    (Fraction(5, 8), "62.5%", f"62,5{NBSP}%"),
    (0, "0%", f"0{NBSP}%"),
    (1, "100%", f"100{NBSP}%"),
    (Fraction(1, 8000), "under 0.1%", f"unter 0,1{NBSP}%"),
    (Fraction(7999, 8000), "over 99.9%", f"über 99,9{NBSP}%"),
    (Fraction(1, 3), "33.3%", f"33,3{NBSP}%"),
])
def test_percents_in_english_and_german(p, en, de):
    assert pct_text(p) == pct_text(p, "en") == en
    assert pct_text(p, "de") == de


def test_numbers_in_english_and_german():
    assert number(1.25) == "1.25" and number(1.25, lang="de") == "1,25"
    assert number(Fraction(1, 3), lang="de") == "0,33"
    assert number(2.0, lang="de") == "2" and number(7, lang="de") == "7"
    assert number(True, lang="de") == "ja" and number(False) == "no"


def test_every_language_has_the_same_number_words():
    assert {lang: sorted(w) for lang, w in NUMBER_WORDS.items()} == {
        lang: sorted(NUMBER_WORDS["en"]) for lang in NUMBER_WORDS}
