"""The generic roller's dice notation: parser, roller and exact odds.

The meaning of each piece is /work/shared/spec/notation.md; where it is
silent this follows rpg-dice-roller (docs/notation.md says where and how).
The code is split in four modules; this one keeps the names other code
imports (`parse`, `roll`, `distribution`, `odds_work`, the limits):

- notation_parse: the tree (Num, Dice, Group, BinOp, Neg, Func, Paren;
  Mods, Compare, Explode, Reroll, Keep) and the parser;
- notation_roll: rolling a tree through a Tray, and the result's dict;
- notation_odds: exact distributions;
- notation_work: the odds work bound; notation_math: exact arithmetic;
- modifiers/: one class per modifier (its suffix below, its text, check,
  roll step, bounds, work estimate, its steps of the exact odds and the
  words of its step), MODIFIERS in the fixed order they apply in.

Grammar (case-insensitive; spaces allowed between any two tokens; each
quoted word and each lexical rule is one token, read longest first as the
parser reads them: '2d6sdl' is 'sd' then 'l', '2d6d%3' ends in the die
'd%', so write '2d6s dl', '2d6d %3'; `;` starts a remark).
tests/unit/dice/test_notation_grammar.py reads it: every sentence it
derives must parse (or be refused for its meaning, never as unexpected),
and every expression the tests parse must derive from it::

    expression := sum [("#" | "//") text]             ; dice or not: 4+8 is 12
    sum        := product (("+" | "-") product)*
    product    := unary (("*" | "/" | "%") unary)*
    unary      := "-" unary | "+" unary | power
    power      := atom label* [("^" | "**") unary]
    atom       := number | dice | group | "(" sum ")"
                | ("abs" | "floor" | "ceil" | "round") "(" sum ")"
                | ("min" | "max") "(" sum "," sum ")"
    dice       := [integer | "(" sum ")"] ("d%" | "d" sides) modifier*   ; a count in () has no dice
    sides      := integer | "%" | "f" | "f.1" | "f.2" | "(" sum ")"
    group      := "{" sum ("," sum)* "}" group-modifier*
    modifier   := ("min" | "max") signed
                | ("!!p" | "!!" | "!p" | "!") [cp]     ; explode, compound, penetrate
                | ("ro" | "r" | "uo" | "u") [cp]       ; reroll (once), unique (once)
                | keep | count | ("cs" | "cf") [cp] | sort
    group-modifier := keep | count | sort
    keep       := ("kh" | "kl" | "k" | "dh" | "dl" | "d") [integer]
    count      := operator signed ["f" cp]             ; successes (and failures)
    sort       := "sa" | "sd" | "s"
    cp         := operator signed | integer            ; bare: "="
    operator   := "=" | "<>" | "!=" | "<=" | ">=" | "<" | ">"
    label      := "[" text "]" | "/*" text "*/"
    integer    := digit+                               ; lexical
    signed     := ["-" | "+"] digit+                   ; lexical
    number     := digit+ ["." digit+]                  ; lexical
    text       := any characters (of a label: up to its closing mark)

The longest reading wins: '!!=4' is '!!' then '=4', '!=3' is '!' then
'=3' (notation.md).

Modifiers apply in the fixed order of notation.md whatever order they are
written in; each at most once per term, but for keep/drop (several apply
in the order written, each to the dice the one before left: KeepChain)
and rerolls (several join their compare points: AnyOf). Every error is an
``InvalidRequest("expression", "... at position N: expected ...")`` with N
the 1-based character position in the text as typed (spaces count), code
"syntax" or "range", and `position`.

Limits: at most 200 characters, 1000 dice and 1000 sides per term, numbers
up to 1,000,000; a keep count past the pool keeps all, a drop count past
it drops all (kh0 is refused); never-ending explosions and rerolls (a
compare point every face matches) and unique pools larger than the faces
are refused. When rolling, a chain of explosions or rerolls stops after
1000 extra rolls, and a roll's explosions and rerolls after 100,000 dice
rolled in all (the result's notes say so).

The odds bound (the page computes odds live, in Pyodide, several times
slower than CPython): `odds_work` estimates the work of `distribution`
from the shape of each term, in units of about 0.25 microseconds of
CPython, fitted per algorithm to measured times: sliding-window sums
(n x outcomes), the keep programme (faces x states x counts, plus its
big-integer powers), Kronecker products for exploding sums and for adding
terms, and the exact Fractions of the answer. Measured on CPython 3.11
(process time of the whole ``api.odds``), a unit costs 0.15-0.45 us, so
``MAX_ODDS_WORK`` = 2.2 million units accepts what computes in under about
half a second and refuses anything that would take more than about one
second (a few seconds in Pyodide). Examples (ms in CPython): 5d100! 46,
1000d1000kh1 190, 600d6 410, 12d100! 485 pass; 700d6 (580), 35d6! (700),
1000d6 (1300), 60d6! (3400), 100d100+100d100 (5600), 1000d1000 are
refused (rolling them is fine).
The new pieces (rerolls, counting, penetration, compare points on
explosions, separate exploding dice under keep/drop, unique, groups and
arithmetic other than + and -) run general loops that count their steps
as they go (`notation_odds.Budget`, MAX_STEPS = 1.5 million steps of about
0.3 us; a merge counts the size of its tuples and of its big-integer
products; what the classic estimate of the same expression used, halved,
is taken off) and refuse with the same error at the term that runs out.
Exploding dice are cut so that the whole expression's tail is below 1e-12
(each of m exploding dice gets 1e-12 / m).
"""

from .dist import TAIL_EPS, Dist
from .notation_math import MAX_POWER_BITS
from .notation_odds import MAX_STEPS, Budget, distribution, term_distribution
from .notation_parse import (FIELD, MAX_CONSTANT, MAX_DICE, MAX_LENGTH, MAX_SIDES, AnyOf, BinOp,
                             Compare, Dice, Explode, Expression, Func, Group, Keep, KeepChain,
                             Mods, Neg, Num, Paren, Reroll, parse, text_of, walk)
from .notation_roll import MAX_EXTRA, MAX_ROLLED, RollResult, Roller, bounds, roll
from .modifiers.explode import explosion_depth
from .modifiers.keep_drop import KEEP_BITS, KEEP_POWER_UNITS, KEEP_STATE_UNITS
from .notation_work import (BIGINT_BITS, FRACTION_UNITS, KRONECKER_UNITS, MAX_ODDS_WORK,
                            conv_work, odds_work, term_work)

__all__ = [
    "TAIL_EPS", "Dist", "FIELD", "MAX_LENGTH", "MAX_DICE", "MAX_SIDES", "MAX_CONSTANT",
    "MAX_EXTRA", "MAX_ROLLED", "MAX_ODDS_WORK", "AnyOf", "KeepChain", "MAX_STEPS", "MAX_POWER_BITS", "parse", "roll",
    "distribution", "term_distribution", "odds_work", "term_work", "conv_work",
    "explosion_depth", "Expression", "Dice", "Num", "Group", "BinOp", "Neg", "Func", "Paren",
    "Mods", "Compare", "Explode", "Reroll", "Keep", "RollResult", "Roller", "Budget",
    "bounds", "text_of", "walk", "BIGINT_BITS", "FRACTION_UNITS", "KEEP_BITS",
    "KEEP_POWER_UNITS", "KEEP_STATE_UNITS", "KRONECKER_UNITS",
]
