"""The grammar in tablecheck.dice.notation's docstring against the parser.

The docstring is the one place the notation's grammar is written. This
reads it as data (an EBNF: quoted tokens, rule names, ( ) grouping,
[ ] optional, * and + repetition, | choice; `; lexical` rules are one
token with no spaces inside; `digit` and `text` are built in) and checks
it both ways:
- every sentence derived from it (seeded, bounded depth) parses, or is
  refused for what it means (a second explosion, dice in a count, ...),
  never as a syntax error ("unexpected ..." or "unclosed ...");
- every expression that the notation tests give the parser, and that it
  accepts, derives from the grammar (a backtracking recognizer).
"""

import ast
import random
import re
from pathlib import Path

import pytest

from tablecheck.dice import notation
from tablecheck.dice.notation_parse import Mods
from tablecheck.errors import InvalidRequest

TESTS = Path(__file__).resolve().parents[1]
BUILTIN = {"digit", "text"}


# -- reading the grammar -------------------------------------------------------
def grammar_lines():
    doc = notation.__doc__
    block = doc[doc.index("::\n", doc.index("Grammar")) + 3:]
    lines = []
    for line in block.split("\n")[1:]:
        if not line.strip():
            break
        lines.append(line.split(" ;")[0].rstrip() if " ;" in line else line.rstrip())
    return lines, {line.split(":=")[0].strip() for line in block.split("\n")[1:len(lines) + 1]
                   if ":=" in line and line.split(";", 1)[-1].strip() == "lexical"}


TOKEN = re.compile(r'\s*(?:"([^"]*)"|([a-z][a-z-]*)|([()\[\]|*+]))')


def read_body(text):
    """The rule body as a tree: ("lit", s), ("ref", name), ("seq", [...]),
    ("alt", [...]), ("opt", x), ("star", x), ("plus", x)."""
    tokens, i = [], 0
    text = text.rstrip()
    while i < len(text):
        m = TOKEN.match(text, i)
        assert m and m.end() > i, f"grammar: cannot read {text[i:]!r}"
        lit, name, punct = m.groups()
        tokens.append(("lit", lit) if lit is not None else ("ref", name) if name else ("p", punct))
        i = m.end()
    pos = [0]

    def peek():
        return tokens[pos[0]] if pos[0] < len(tokens) else None

    def alt():
        options = [seq()]
        while peek() == ("p", "|"):
            pos[0] += 1
            options.append(seq())
        return options[0] if len(options) == 1 else ("alt", options)

    def seq():
        items = []
        while peek() is not None and peek() not in (("p", "|"), ("p", ")"), ("p", "]")):
            items.append(postfix())
        return items[0] if len(items) == 1 else ("seq", items)

    def postfix():
        item = primary()
        while peek() in (("p", "*"), ("p", "+")):
            item = ("star" if peek()[1] == "*" else "plus", item)
            pos[0] += 1
        return item

    def primary():
        t = peek()
        pos[0] += 1
        if t in (("p", "("), ("p", "[")):
            inner = alt()
            close = ")" if t[1] == "(" else "]"
            assert peek() == ("p", close), f"grammar: expected {close} in {text!r}"
            pos[0] += 1
            return inner if close == ")" else ("opt", inner)
        assert t[0] in ("lit", "ref"), f"grammar: unexpected {t} in {text!r}"
        return t

    tree = alt()
    assert pos[0] == len(tokens), f"grammar: left over in {text!r}"
    return tree


def read_grammar():
    lines, lexical = grammar_lines()
    bodies, name = {}, None
    for line in lines:
        if ":=" in line:
            name, body = (part.strip() for part in line.split(":=", 1))
            bodies[name] = body
        else:
            bodies[name] += " " + line.strip()
    rules = {n: read_body(b) for n, b in bodies.items() if n not in BUILTIN}
    return rules, lexical


RULES, LEXICAL = read_grammar()


def refs(node):
    kind = node[0]
    if kind == "ref":
        yield node[1]
    elif kind in ("seq", "alt"):
        for item in node[1]:
            yield from refs(item)
    elif kind in ("opt", "star", "plus"):
        yield from refs(node[1])


def test_the_grammar_reads_and_names_only_rules_it_defines():
    assert "expression" in RULES and "modifier" in RULES
    assert LEXICAL == {"integer", "signed", "number"}
    used = {r for body in RULES.values() for r in refs(body)}
    assert used - set(RULES) <= BUILTIN
    assert set(RULES) - used == {"expression"}  # every rule but the start is used


# -- deriving sentences ----------------------------------------------------------
WORDS = ("fire", "cold", "a b")
DEPTH = 8  # past it, a derivation takes the shortest way to its end


def heights():
    """The least depth of a derivation of each rule (to end a bounded one)."""
    h = {n: 0 for n in BUILTIN}

    def of(node):
        kind = node[0]
        if kind == "lit":
            return 0
        if kind == "ref":
            return h.get(node[1], 10 ** 6) + 1
        if kind == "seq":
            return max((of(x) for x in node[1]), default=0)
        if kind == "alt":
            return min(of(x) for x in node[1])
        if kind in ("opt", "star"):
            return 0
        return of(node[1])  # plus

    for _ in range(len(RULES) + 2):
        for name, body in RULES.items():
            h[name] = of(body)
    return h, of


HEIGHT, HEIGHT_OF = heights()


def literals(node):
    if node[0] == "lit":
        yield node[1]
    elif node[0] in ("seq", "alt"):
        for item in node[1]:
            yield from literals(item)
    elif node[0] in ("opt", "star", "plus"):
        yield from literals(node[1])


LITERALS = {lit for body in RULES.values() for lit in literals(body)}


def derive(rng, node, depth, out):
    """Append to `out` the tokens of one derivation of `node`."""
    kind = node[0]
    if kind == "lit":
        out.append(node[1])
    elif kind == "ref":
        name = node[1]
        if name == "digit":
            out.append(str(rng.randint(0, 9)))
        elif name == "text":
            out.append(rng.choice(WORDS))
        elif name in LEXICAL:
            part = []
            derive(rng, RULES[name], depth + 1, part)
            out.append("".join(part))
        else:
            derive(rng, RULES[name], depth + 1, out)
    elif kind == "seq":
        for item in node[1]:
            derive(rng, item, depth, out)
    elif kind == "alt":
        options = node[1]
        if depth > DEPTH:
            least = min(HEIGHT_OF(x) for x in options)
            options = [x for x in options if HEIGHT_OF(x) == least]
        derive(rng, rng.choice(options), depth, out)
    elif kind == "opt":
        if depth <= DEPTH and rng.random() < 0.5:
            derive(rng, node[1], depth, out)
    else:  # star, plus
        n = (1 if kind == "plus" else 0) + (rng.randint(0, 2) if depth <= DEPTH else 0)
        if node[1] == ("ref", "digit"):
            n = min(n, 1)  # small numbers: a range error says nothing of the grammar
        for _ in range(n):
            derive(rng, node[1], depth, out)


def sentence(rng):
    tokens = []
    derive(rng, ("ref", "expression"), 0, tokens)
    text, last = "", ""
    for t in tokens:
        # spaces between tokens, and always one where two would run into a
        # longer token ('s' and 'dl' into 'sd' 'l'): tokens are read longest first
        runs_on = any(lit.startswith(last + t[0]) for lit in LITERALS)
        text += (" " if text and (runs_on or rng.random() < 0.3) else "") + t
        last = t
    return text


SYNTAX = ("unexpected", "unclosed")


def test_every_sentence_of_the_grammar_parses_or_is_refused_for_its_meaning():
    rng = random.Random(20261204)
    parsed, refused, modified, syntax = 0, 0, 0, []
    for _ in range(3000):
        text = sentence(rng)
        if len(text) > notation.MAX_LENGTH:
            continue
        try:
            notation.parse(text)
            parsed += 1
        except InvalidRequest as e:
            refused += 1
            if e.message.startswith(SYNTAX):
                syntax.append((text, str(e)))
            continue
        modified += any(t.mods != Mods() for t in notation.parse(text).dice_terms)
    assert syntax == []
    # it derives real sentences, not only refused ones, and modifiers in them
    assert parsed > 2000 and modified > 300


# -- recognizing the tests' expressions ----------------------------------------------
def ends(node, s, i, memo):
    """Every position where a derivation of `node` from `s[i:]` can end."""
    key = (id(node), i)
    if key in memo:
        return memo[key]
    memo[key] = set()  # no left recursion in this grammar; this cuts a loop if it had
    kind = node[0]
    out = set()
    if kind == "lit":
        j = skip(s, i)
        if s.startswith(node[1], j):
            out = {j + len(node[1])}
    elif kind == "ref":
        name = node[1]
        if name == "digit":
            out = {i + 1} if i < len(s) and s[i].isdigit() else set()
        elif name == "text":
            out = set(range(i, len(s) + 1))
        elif name in LEXICAL:
            out = {lexeme(RULES[name], s, skip(s, i))} - {None}
        else:
            out = ends(RULES[name], s, i, memo)
    elif kind == "seq":
        out = {i}
        for item in node[1]:
            out = {k for j in out for k in ends(item, s, j, memo)}
    elif kind == "alt":
        for item in node[1]:
            out |= ends(item, s, i, memo)
    elif kind == "opt":
        out = {i} | ends(node[1], s, i, memo)
    else:  # star, plus
        out = {i} if kind == "star" else set()
        frontier = ends(node[1], s, i, memo)
        while frontier - out:
            out |= frontier
            frontier = {k for j in frontier for k in ends(node[1], s, j, memo)}
    memo[key] = out
    return out


def lexeme(node, s, i):
    """A lexical rule read as the parser reads it: the longest match, no spaces."""
    found = [j for j in ends(node, s.replace(" ", "\0"), i, {}) if j > i]
    return max(found) if found else None


def skip(s, i):
    while i < len(s) and s[i] == " ":
        i += 1
    return i


def derives(text):
    s = " ".join(text.lower().split())
    return len(s) in {skip(s, j) for j in ends(("ref", "expression"), s, 0, {})}


def test_the_recognizer_tells_a_sentence_from_a_non_sentence():
    assert derives("4d6kh3 + 2") and derives("{2d6!, 1d20}kh1 # fire")
    assert not derives("4d6kh3 +") and not derives("2d6!!x")


def expressions_the_tests_parse():
    """The strings the notation tests hand the parser and it accepts."""
    found = set()
    for path in sorted((TESTS / "dice").rglob("test_*.py")) + sorted(TESTS.glob("test_*notation*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.search(r"\d*d[\d%fF(]", node.value):
                text = node.value
                if len(text) > notation.MAX_LENGTH:
                    continue
                try:
                    notation.parse(text)
                except InvalidRequest:
                    continue
                found.add(text)
    return sorted(found)


@pytest.mark.parametrize("text", expressions_the_tests_parse())
def test_every_expression_the_tests_parse_derives_from_the_grammar(text):
    assert derives(text), f"{text!r} parses but the grammar in notation.py does not derive it"


def test_the_tests_hand_the_parser_many_expressions():
    assert len(expressions_the_tests_parse()) > 150
