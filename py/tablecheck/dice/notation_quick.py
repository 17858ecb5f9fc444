"""The generic roller's quick path (issue 14, performance): a parsed tree
compiled once into a plan, which rolls straight into the result's dicts.

`notation_roll` (Roller, RollResult.to_dict) is the reference: it rolls
through a Tray of Die records and converts them. This module gives the same
answer, key for key, without those records: everything that does not depend
on the dice (canonical text, bounds, labels of every die, each term's static
parts of its dict and step) is computed once per tree; rolling a term asks
the source for all its dice in one call when nothing can make one die depend
on another (`DiceSource.roll_many`).

It is only for seeded and secure sources (entered dice take the reference
path: running out of them stops chains, and their labels name the dice asked
for), and it leaves to the reference what it does not implement: unique
rerolls (`u`, `uo`), and groups of one expression (which keep dice).
`plan_of` answers None for those. tests/unit/test_dice_quick.py compares
the two paths.

Nothing a roll produces is cached: every dict and list of an answer is new;
a plan holds only immutable things (texts, numbers, tuples, the tree).
"""

from collections import OrderedDict
from fractions import Fraction

from .notation_math import apply_function, apply_operator
from .notation_parse import (AnyOf, BinOp, Compare, Dice, Func, Group, Neg, Num, Paren, parse,
                             walk)
from .notation_roll import (CAP_NOTE, MAX_EXTRA, _bound, _signed_leaves, additive_leaves,
                            expression_bounds, extra_allowance, number_text, plural)

PLAN_CACHE = 256  # trees' plans kept (as parse keeps 256 trees)
_PLANS = OrderedDict()  # expression text -> Plan, or None (the reference path)


def plan_of(expr):
    """The plan of a parsed Expression, or None when the quick path leaves
    it to the Roller. Least recently used plans are forgotten first."""
    key = expr.source  # the same text always reads to the same tree
    try:
        plan = _PLANS[key]
    except KeyError:
        plan = Plan(expr) if quick_enough(expr) else None
        _PLANS[key] = plan
        if len(_PLANS) > PLAN_CACHE:
            _PLANS.popitem(last=False)
        return plan
    _PLANS.move_to_end(key)
    return plan


def quick_enough(expr):
    """True when every node is one the quick path rolls exactly as the Roller."""
    for node in walk(expr.root):
        if isinstance(node, Dice) and (node.mods.unique is not None or node.kind == "fate"):
            return False  # Fate dice: their sides' values are what `given` replays
        if isinstance(node, Group):
            if len(node.items) < 2 or getattr(node, "per_die", False):
                return False  # {4d6 + 2d8}kh3 keeps dice across terms (notation_group)
        elif not isinstance(node, (Num, Dice, BinOp, Neg, Func, Paren)):
            return False
    return True


def roll(expression, source):
    """RollResult.to_dict() of `expression` (a text or parsed Expression)
    rolled from `source`, plus its `rolls` (the dicts Tray.to_list would
    give) and `source`, and the keys api.resolve fills in (system, check,
    card, line: None), or None (see plan_of). A text seen lately skips the
    parser."""
    if type(expression) is str:
        plan = _PLANS.get(expression, _NOT_SEEN)
        if plan is _NOT_SEEN:
            plan = plan_of(parse(expression))  # a bad text raises here, as the Roller's parse
        else:
            _PLANS.move_to_end(expression)
    else:
        plan = plan_of(expression)
    return None if plan is None else plan.roll(source)


_NOT_SEEN = object()


class Run:
    """What one roll collects as it goes (new for every roll)."""
    __slots__ = ("source", "rolls", "terms", "steps", "notes", "values", "chains", "first",
                 "extra_left")

    def __init__(self, source, extra_left):
        self.source = source
        self.rolls = []  # the roll dicts, in rolling order
        self.terms = []  # each term's dict (the result's `terms`)
        self.steps = []  # each term's step
        self.notes = None  # a list once there is a note (rarely)
        self.values = {}  # id(term node) -> its value (for the total's step)
        self.chains = 0  # explosion chains numbered so far
        self.first = 0  # index in `rolls` of the first die of a sorted term being rolled
        self.extra_left = extra_left  # explosions and rerolls left (Roller.extra_left)

    def note(self, text):
        if self.notes is None:
            self.notes = []
        if text not in self.notes:
            self.notes.append(text)

    def capped(self):
        """Roller.capped: True (and noted) at MAX_ROLLED dice in all, else
        one more extra roll is counted."""
        if self.extra_left <= 0:
            self.note(CAP_NOTE)
            return True
        self.extra_left -= 1
        return False


class Unit:
    """One die of a pool as it counts (notation_roll.Unit over roll dicts)."""
    __slots__ = ("dice", "value", "kept", "was")

    def __init__(self, dice, value, kept=True, was=None):
        self.dice = dice
        self.value = value
        self.kept = kept
        self.was = was if was is not None else []  # values it was rerolled from


class Plan:
    """A tree compiled for rolling: `root(run)` rolls it into a Run and
    gives the total; what the result shows of the tree is worked out here,
    once."""

    def __init__(self, expr):
        self.expr = expr
        self.text = expr.text
        low, high = expression_bounds(expr)
        self.min, self.max = _bound(low), _bound(high)
        leaves = additive_leaves(expr)
        self.alone = leaves is not None and len(leaves) == 1 and isinstance(leaves[0], (Dice, Group))
        # a sum of terms ('13 + 3 - 2'): per leaf, its text when it is a
        # number, else (sign, first, id of its node); None: another shape
        self.signed = None if leaves is None else tuple(
            _leaf_part(sign, leaf, i == 0) for i, (sign, leaf) in enumerate(_signed_leaves(expr.root)))
        # another shape ('(7 + 3) * 2'): its texts, with the id of each term's node between
        self.template = _template(expr.root) if leaves is None else None
        self.comment = expr.comment
        self.labels = tuple(expr.labels)
        self.extras = bool(self.comment or self.labels)
        self.several = len(expr.dice_terms) > 1
        self.extra_left = extra_allowance(expr)
        self.deferred = False  # some step waits for the flags a counting group sets
        self.root = self.compile(expr.root, 1)

    # -- the tree as functions of a Run (signs are fixed by the tree) --
    def compile(self, node, sign, counted=False):
        """`counted`: inside a group that counts, whose success and failure
        flags reach the dice of its terms (and so their steps)."""
        if isinstance(node, Num):
            value = node.value
            return lambda run: value
        if isinstance(node, Dice):
            self.deferred |= counted
            return TermPlan(node, sign, self, counted).roll
        if isinstance(node, Group):
            counted = counted or node.mods.counting
            return GroupPlan(node, sign, [self.compile(i, 0, counted) for i in node.items], self).roll
        if isinstance(node, Paren):
            return self.compile(node.inner, sign, counted)
        if isinstance(node, Neg):
            inner = self.compile(node.operand, -sign, counted)
            return lambda run: -inner(run)
        if isinstance(node, Func):
            name, args = node.name, [self.compile(a, 0, counted) for a in node.args]
            return lambda run: apply_function(name, [a(run) for a in args])
        additive = node.op in "+-"
        left = self.compile(node.left, sign if additive else 0, counted)
        right = self.compile(node.right, (sign if node.op == "+" else -sign) if additive else 0, counted)
        op, pos = node.op, node.pos
        if op == "+":
            return lambda run: left(run) + right(run)
        if op == "-":
            return lambda run: left(run) - right(run)
        return lambda run: apply_operator(op, left(run), right(run), pos)

    def roll(self, source):
        run = Run(source, self.extra_left)
        total = self.root(run)
        total_text = str(total) if type(total) is int else number_text(total)
        steps = run.steps
        if self.deferred:  # the steps of terms in a counting group, now that it has counted
            steps = [step if type(step) is str else step() for step in steps]
        if not self.alone:
            steps.append(f"Total: {self.total_text(run.values)} = {total_text}")
        if run.notes:
            steps += run.notes
        fraction = type(total) is Fraction
        out = {
            # api.resolve's keys of every result, first as on its full path:
            # they are filled in there, and the dict never has to grow
            "system": None,
            "check": None,
            "outcome": "rolled",
            "success": True,
            "total": float(total) if fraction else total,
            "expression": self.text,
            "min": self.min,
            "max": self.max,
            "terms": run.terms,
            "summary": f"{self.text} = {total_text}",
            "steps": steps,
            "rolls": run.rolls,
            "source": source.kind,
            "card": None,
            "line": None,
        }
        if self.extras or fraction or run.notes:
            self.add_extras(out, total, total_text, run.notes)
        return out

    def add_extras(self, out, total, total_text, notes):
        """RollResult.to_dict's keys that only some results have."""
        if type(total) is Fraction:
            out["total_exact"] = f"{total.numerator}/{total.denominator}"
            out["total_text"] = total_text
        if self.comment:
            out["label"] = self.comment
        if self.labels:
            out["labels"] = [{"label": lab, "term": text} for lab, text in self.labels]
        if notes:
            out["notes"] = list(notes)

    def total_text(self, values):
        """RollResult.total_text: '13 + 3 - 2' or '(7 + 3) * 2'."""
        parts = []
        if self.signed is None:
            for p in self.template:
                parts.append(p if type(p) is str else number_text(values.get(p, 0)))
            return "".join(parts)
        for p in self.signed:
            if type(p) is str:
                parts.append(p)
                continue
            sign, first, key = p
            v = values[key]
            if type(v) is not int:
                parts.append(_signed_text(sign, v, first))
            elif first:  # _signed_text of an int
                parts.append(str(v) if (sign < 0) == (v < 0) else f"-{abs(v)}")
            else:
                parts.append(f"+ {abs(v)}" if (sign < 0) == (v < 0) else f"- {abs(v)}")
        return " ".join(parts)


def _signed_text(sign, value, first):
    """One leaf of RollResult.total_text: '-3' first, '+ 3' / '- 3' after."""
    neg = (sign < 0) != (value < 0)
    text = -value if value < 0 else value
    text = str(text) if type(text) is int else number_text(text)
    if first:
        return "-" + text if neg else text
    return ("- " if neg else "+ ") + text


def _template(node):
    """notation_roll._values_text as texts and term ids (ints), adjacent
    texts joined: ['(', id, ' + 3) * 2']."""
    out = []
    for part in _template_parts(node):
        if type(part) is str and out and type(out[-1]) is str:
            out[-1] += part
        else:
            out.append(part)
    return tuple(out)


def _template_parts(node):
    if isinstance(node, (Dice, Group)):
        return [id(node)]
    if isinstance(node, Num):
        return [node.text]
    if isinstance(node, Paren):
        return ["("] + _template_parts(node.inner) + [")"]
    if isinstance(node, Neg):
        return ["-"] + _template_parts(node.operand)
    if isinstance(node, Func):
        out = [f"{node.name}("]
        for i, a in enumerate(node.args):
            out += ([", "] if i else []) + _template_parts(a)
        return out + [")"]
    sep = "" if node.op == "^" else " "
    return _template_parts(node.left) + [f"{sep}{node.op}{sep}"] + _template_parts(node.right)


def _leaf_part(sign, leaf, first):
    if isinstance(leaf, (Dice, Group)):
        return (sign, first, id(leaf))
    return _signed_text(sign, leaf.value, first)


def _term_total(value, sign):
    signed = value * sign if sign else value
    return float(signed) if type(signed) is Fraction else signed


class TermPlan:
    """One dice term: its static parts, and rolling it (Roller.dice)."""

    def __init__(self, node, sign, plan, counted=False):
        m = node.mods
        self.node = node
        self.key = id(node)  # of its value in Run.values
        self.counted = counted
        self.sign = sign
        self.sign_text = "-" if sign < 0 else "+"
        self.count = node.count
        self.sides = node.roll_sides()  # what the source rolls (d3 / d6 for Fate dice)
        self.fate = node.die_text if node.kind == "fate" else None
        self.clamps = m.min is not None or m.max is not None
        self.keep = node.keep
        self.mods = m
        self.text = node.text
        self.head = node.text + (f" [{node.label}]" if node.label else "")
        self.label = node.label
        self.alone = plan.alone
        self.sort = m.sort
        self.separate = bool(m.explode and not m.explode.compound and (node.keep or m.counting))
        self.chained = bool(m.explode and (m.explode.compound or (node.keep is None and not m.counting)))
        # compare points as int methods (a die's values are ints): 8d10!>=9 -> (9).__le__
        self.explode_cp = matcher(m.explode.cp or Compare("=", node.top)) if m.explode else None
        self.reroll_cp = matcher(m.reroll.cp or Compare("=", node.bottom)) if m.reroll else None
        self.counting = m.counting
        self.cs = (m.crit_success or Compare("=", node.top)) if m.has_cs else None
        self.cf = (m.crit_failure or Compare("=", node.bottom)) if m.has_cf else None
        self.plain = not (m.explode or m.reroll or m.counting or m.has_cs or m.has_cf or counted)
        # a pool whose explosions and rerolls did not happen reads as a plain one
        self.quiet = not (m.counting or m.has_cs or m.has_cf or counted)
        self.decorated = bool(node.label or m.counting or self.separate or m.sort)  # term dict extras
        # Roller.label of every die
        die = node.die_text if node.kind != "fate" else "dF"
        suffix = (f" of {node.text}" if plan.several else "") + \
            (f" ({node.label})" if node.label else "")
        self.labels = tuple(die + (f" {j + 1}" if node.count > 1 else "") + suffix
                            for j in range(node.count))

    @property
    def roll(self):
        """The function that rolls this term into a Run: its value."""
        shaped = not (self.fate or self.clamps or self.keep or self.decorated)
        if self.plain:
            return self.roll_simple if shaped else self.roll_plain
        if self.explode_cp is None:  # rerolls, counting, criticals
            return self.roll_simple if shaped and self.quiet else self.roll_rerolls
        return self.roll_pool if self.mods.reroll else self.roll_exploding

    def roll_simple(self, run):
        """roll_plain of a term that is nothing but its dice (3d6, 1d20, d%),
        or rerolls that none of them calls for (2d6ro<2): the same roll
        dicts, term dict and step, in one go."""
        faces = run.source.roll_many(self.sides, self.count)
        sides = self.sides
        if self.reroll_cp is not None and any(map(self.reroll_cp, faces)):
            rolls = [{"sides": sides, "value": v, "label": lab, "kept": True}
                     for v, lab in zip(faces, self.labels)]
            run.rolls += rolls
            return self.rerolled_simple(run, rolls, faces)
        if len(faces) == 1:  # '1d20: 14' (no comprehension: a third of the time of one die)
            value = faces[0]
            run.rolls.append({"sides": sides, "value": value, "label": self.labels[0], "kept": True})
            line = f"{self.head}: {value}"
        else:
            run.rolls += [{"sides": sides, "value": v, "label": lab, "kept": True}
                          for v, lab in zip(faces, self.labels)]
            value = sum(faces)
            line = f"{self.head}: {' + '.join(map(str, faces))} = {value}"
        sign = self.sign
        run.terms.append({"term": self.text, "sign": self.sign_text, "values": faces,
                          "kept": [True] * len(faces), "total": value * sign if sign else value})
        run.steps.append(self.negated(line, value) if sign < 0 else line)
        run.values[self.key] = value
        return value

    def rerolled_simple(self, run, rolls, faces):
        """rerolled + pool_tail of a roll_simple term (2d6ro<2: rerolls and
        nothing else: no keep, count, marks or explosions), inline."""
        cp, once = self.reroll_cp, self.mods.reroll.once
        values, texts = [], []
        for d, v, label in zip(rolls, faces, self.labels):
            was = []
            while cp(v):  # reroll(): replace the die while its value matches
                if len(was) == MAX_EXTRA:
                    run.note(f"{label}: the rerolls stopped after {MAX_EXTRA}")
                    break
                if run.capped():
                    break
                d["rerolled"] = True
                d["kept"] = False
                d = self.die(run, label, "reroll")
                d["was"] = v
                was.append(v)
                v = d["value"]
                if once:
                    break
            values.append(v)
            texts.append(f"{v} (rerolled {', '.join(map(str, was))})" if was else str(v))
        value = sum(values)
        run.terms.append(self.term_dict(values, [True] * len(values), value, run, None))
        line = f"{self.head}: {', '.join(texts)}"  # pool_step, unit_text
        if len(values) > 1:
            line += _kept_text(values)
        run.steps.append(self.negated(line, value))
        run.values[self.key] = value
        return value

    # -- a term whose dice do not depend on each other: min/max, keep, sort --
    def roll_plain(self, run):
        """The term's dice in one call to the source; its dict and step."""
        if self.sort:
            run.first = len(run.rolls)
        rolls, faces = self.first_dice(run)
        return self.plain_pool(run, rolls, faces)

    def first_dice(self, run):
        """The term's dice (before explosions and rerolls) in one call to
        the source: (roll dicts, values)."""
        n = self.count
        faces = run.source.roll_many(self.sides, n)
        sides = self.sides
        if n == 1:
            rolls = [{"sides": sides, "value": faces[0], "label": self.labels[0], "kept": True}]
        else:
            rolls = [{"sides": sides, "value": v, "label": lab, "kept": True}
                     for v, lab in zip(faces, self.labels)]
        if self.fate or self.clamps:
            faces = [self.settle(d) for d in rolls]
        run.rolls += rolls
        return rolls, faces

    def plain_pool(self, run, rolls, faces):
        """Keep/drop, the dict and the step of a pool of single dice that
        nothing happened to (no explosion, reroll, count or mark)."""
        n = len(faces)
        if self.keep is None:
            kept = [True] * n
            value = faces[0] if n == 1 else sum(faces)
        else:
            kept = self.keep.flags(faces)
            for d, k in zip(rolls, kept):
                if not k:
                    d["kept"] = False
            value = sum([v for v, k in zip(faces, kept) if k])
        if self.decorated or type(value) is not int or self.sign != 1:
            shown = [(v, [d]) for v, d in zip(faces, rolls)] if self.sort else None
            run.terms.append(self.term_dict(faces, kept, value, run, shown))
        else:  # term_dict's common case
            run.terms.append({"term": self.text, "sign": "+", "values": faces, "kept": kept,
                              "total": value})
        run.steps.append(self.plain_step(faces, kept, value))
        run.values[self.key] = value
        return value

    def settle(self, d):
        """A Fate face as its value, then min/max (Roller.die); the value."""
        if self.fate:
            d["fate"] = self.fate
            d["value"] = self.node.face_of(d["value"])
        v = d["value"]
        if self.clamps:
            c = self.node.clamp(v)
            if c != v:
                d["rolled"] = v
                d["value"] = v = c
        return v

    def plain_step(self, values, kept, value):
        if len(values) == 1:  # '1d20: 14'
            line = f"{self.head}: {value}" if kept[0] else f"{self.head}: {values[0]} (dropped)"
            return self.negated(line, value) if self.sign < 0 else line
        if self.keep is None or all(kept):  # '3d6: 2 + 5 + 5 = 12' (2d6!kh2: nothing exploded)
            if self.sort:
                values = sorted(values, reverse=self.sort == "d")
            line = f"{self.head}: {' + '.join(map(str, values))} = {value}"
            return self.negated(line, value) if self.sign < 0 else line
        pairs = list(zip(values, kept))  # '4d6kh3: 2, 5, 1 (dropped), 6; 2 + 5 + 6 = 13'
        if self.sort:
            pairs.sort(key=lambda p: p[0], reverse=self.sort == "d")
        line = f"{self.head}: " + ", ".join(str(v) if k else f"{v} (dropped)" for v, k in pairs)
        if len(pairs) > 1:
            line += _kept_text([v for v, k in pairs if k])
        return self.negated(line, value)

    def negated(self, line, value):
        """'; negated: -7' after the step of a term that is the whole (negated) expression."""
        if self.alone and self.sign < 0:
            line += f"; negated: {number_text(-value)}"
        return line

    def term_dict(self, values, kept, value, run, shown):
        """RollResult.term_dict; `shown`: [(value, roll dicts)] of each die or chain."""
        total = value if self.sign == 1 and type(value) is int else _term_total(value, self.sign)
        out = {"term": self.text, "sign": self.sign_text, "values": values, "kept": kept,
               "total": total}
        if not self.decorated:
            return out
        if self.label:
            out["label"] = self.label
        if self.mods.counting:
            out["counting"] = True
        if self.separate:
            out["separate_explosions"] = True
        if self.sort:
            out["values"] = sorted(values, reverse=self.sort == "d")
            del out["kept"]
            out["sort"] = self.sort
            out["dice"] = self.sorted_dice(run, shown)
        return out

    def sorted_dice(self, run, shown):
        """RollResult.sorted_dice: indices into `rolls` of each die (or chain)
        in the sorted order, then the dice rerolls replaced, in rolling order
        (a term's dice are the last of `rolls` when its dict is made)."""
        first = run.first
        index = {id(d): first + i for i, d in enumerate(run.rolls[first:])}
        ordered = sorted(shown, key=lambda s: s[0], reverse=self.sort == "d")
        out = [index[id(d)] for _, dice in ordered for d in dice]
        seen = set(out)
        return out + [i for i in range(first, len(run.rolls)) if i not in seen]

    # -- the general term: explosions, rerolls, counting, criticals --
    def die(self, run, label, why=None):
        """Roll one die (min/max applied): its roll dict (Roller.die)."""
        d = {"sides": self.sides, "value": run.source.roll(self.sides),
             "label": label if why is None else f"{why} of {label}", "kept": True}
        if self.fate or self.clamps:
            self.settle(d)
        run.rolls.append(d)
        return d

    def roll_pool(self, run):
        """A term with explosions: each die, its explosions right after it;
        then rerolls in pool order."""
        if self.sort:
            run.first = len(run.rolls)
        m = self.mods
        units, labels = [], []
        explodes, chained = self.explode_cp, self.chained
        happened = False  # an explosion or a reroll
        for label in self.labels:
            d = self.die(run, label)
            unit = Unit([d], d["value"])
            units.append(unit)
            labels.append(label)
            if chained:  # each die's chain (Roller.explode numbers them)
                d["chain"] = run.chains
                run.chains += 1
            if explodes is not None and explodes(d["value"]):
                happened = True
                added = self.explode(run, unit, label)
                units.extend(added)
                labels.extend([label] * len(added))
        if m.reroll:
            cp, once = self.reroll_cp, m.reroll.once
            for unit, label in zip(units, labels):
                if cp(unit.value):
                    happened = True
                    self.reroll(run, unit, label, cp, once)
        if self.quiet and not happened:
            return self.plain_pool(run, [u.dice[0] for u in units], [u.value for u in units])
        return self.pool_tail(run, units)

    def roll_exploding(self, run):
        """roll_pool of a term with explosions and no rerolls: its dice as
        bare roll dicts until one explodes (most rolls: none does)."""
        if self.sort:
            run.first = len(run.rolls)
        explodes, chained = self.explode_cp, self.chained
        rolls = run.rolls
        start = len(rolls)
        units = None  # the pool's units, once a die has exploded
        for label in self.labels:
            d = self.die(run, label)
            if chained:
                d["chain"] = run.chains
                run.chains += 1
            if explodes(d["value"]):
                if units is None:  # the dice before it: first dice that did not explode
                    units = [Unit([x], x["value"]) for x in rolls[start:-1]]
                unit = Unit([d], d["value"])
                units.append(unit)
                units += self.explode(run, unit, label)
            elif units is not None:
                units.append(Unit([d], d["value"]))
        if units is None:
            dice = rolls[start:]
            if self.quiet:
                return self.plain_pool(run, dice, [x["value"] for x in dice])
            units = [Unit([x], x["value"]) for x in dice]
        return self.pool_tail(run, units)

    def roll_rerolls(self, run):
        """A term without explosions: its dice in one call to the source
        (they come first in rolling order), then the rerolls of those that
        match, in pool order."""
        if self.sort:
            run.first = len(run.rolls)
        rolls, faces = self.first_dice(run)
        cp = self.reroll_cp
        if self.quiet and (cp is None or not any(map(cp, faces))):
            return self.plain_pool(run, rolls, faces)
        return self.rerolled(run, rolls, faces)

    def rerolled(self, run, rolls, faces):
        """The pool of these dice (rolled), their rerolls and the rest."""
        units = [Unit([d], v) for d, v in zip(rolls, faces)]
        cp = self.reroll_cp
        if cp is not None:
            once = self.mods.reroll.once
            for unit, label in zip(units, self.labels):
                if cp(unit.value):
                    self.reroll(run, unit, label, cp, once)
        return self.pool_tail(run, units)

    def pool_tail(self, run, units):
        """Keep/drop, counting, criticals, the dict and the step of a pool."""
        m = self.mods
        if self.keep:
            keep_units(units, self.keep)
        value = count(m, units) if self.counting else sum([u.value for u in units if u.kept])
        if self.cs or self.cf:
            self.criticals(units)
        # dice in explosion chains (a reroll takes its die out of its chain)
        chained = self.chained and (not m.reroll or any(u.dice[0].get("chain") is not None
                                                         for u in units))
        shown = chains_of(units) if chained else units  # a compounded die: a chain of its own
        run.terms.append(self.term_dict([u.value for u in shown], [u.kept for u in shown], value,
                                        run, [(u.value, u.dice) for u in shown] if self.sort else None))
        if self.counted:  # RollResult writes the steps after the group's flags
            run.steps.append(lambda: self.pool_step(shown, chained, value))
        else:
            run.steps.append(self.pool_step(shown, chained, value))
        run.values[self.key] = value
        return value

    def explode(self, run, unit, label):
        """Roller.explode: the dice a die's explosions add (none when they
        compound into the die itself)."""
        e = self.mods.explode
        cp = self.explode_cp
        first = unit.dice[0]
        chain = first.get("chain")
        added = []
        last, face, extra = first, first["value"], 0
        while cp(face):
            if extra == MAX_EXTRA:
                run.note(f"{label}: the explosions stopped after {MAX_EXTRA} extra rolls")
                break
            if run.capped():
                break
            last["exploded"] = True
            d = self.die(run, label, "explosion")
            face = d["value"]
            if e.penetrate:
                d["value"] -= 1
                d["penetrated"] = True
            if chain is not None:
                d["chain"] = chain
            if e.compound:
                first["compounded"] = d["compounded"] = True
                unit.dice.append(d)
                unit.value += d["value"]
            else:
                added.append(Unit([d], d["value"]))
            last, extra = d, extra + 1
        return added

    def reroll(self, run, unit, label, cp, once):
        """Roller.reroll: replace the unit's die while its value matches."""
        n = 0
        while cp(unit.value):
            if n == MAX_EXTRA:
                run.note(f"{label}: the rerolls stopped after {MAX_EXTRA}")
                return
            if run.capped():
                return
            for d in unit.dice:
                d["rerolled"] = True
                d["kept"] = False
            d = self.die(run, label, "reroll")
            d["was"] = unit.value
            unit.was.append(unit.value)
            unit.dice, unit.value = [d], d["value"]
            n += 1
            if once:
                return

    def criticals(self, units):
        cs, cf = self.cs, self.cf
        for unit in units:
            crit = "success" if cs and cs(unit.value) else "failure" if cf and cf(unit.value) else None
            if crit:
                for d in unit.dice:
                    d["critical"] = crit

    def pool_step(self, units, chained, value):
        """RollResult.term_step of the general term (`units` joined by chain)."""
        counting = self.counting
        plain = (len(units) > 1 and not counting and
                 all(len(u.dice) == 1 and u.kept and not u.was and not u.dice[0].get("exploded")
                     for u in units))
        if self.sort:
            units = sorted(units, key=lambda u: u.value, reverse=self.sort == "d")
        if plain:
            line = f"{self.head}: {' + '.join(str(u.value) for u in units)} = {value}"
        else:
            line = f"{self.head}: {', '.join(unit_text(u, chained) for u in units)}"
            if counting:
                line += "; " + count_text(self.mods, units, value, dice=True)
            elif len(units) > 1:
                line += _kept_text([u.value for u in units if u.kept])
        return self.negated(line, value)


class GroupPlan:
    """{e1, e2, ...} with keep/drop or counting on the sub-totals (Roller.group)."""

    def __init__(self, node, sign, items, plan):
        self.node = node
        self.key = id(node)
        self.sign = sign
        self.items = items
        self.mods = node.mods
        self.text = node.text
        self.head = node.text + (f" [{node.label}]" if node.label else "")
        self.label = node.label
        self.alone = plan.alone

    def roll(self, run):
        units = []
        for item in self.items:
            start = len(run.rolls)
            total = item(run)
            units.append(Unit(run.rolls[start:], total))
        m = self.mods
        if m.keep:
            keep_units(units, m.keep)
        value = count(m, units) if m.counting else sum(u.value for u in units if u.kept)
        out = {"term": self.text, "sign": "-" if self.sign < 0 else "+",
               "values": [_json_number(u.value) for u in units], "kept": [u.kept for u in units],
               "total": _term_total(value, self.sign)}
        if self.label:
            out["label"] = self.label
        if m.counting:
            out["counting"] = True
        run.terms.append(out)
        line = f"{self.head}: {', '.join(group_unit_text(m, u) for u in units)}"
        if m.counting:
            line += "; " + count_text(m, units, value, dice=False)
        elif len(units) > 1:
            line += _kept_text([u.value for u in units if u.kept])
        if self.alone and self.sign < 0:
            line += f"; negated: {number_text(-value)}"
        run.steps.append(line)
        run.values[self.key] = value
        return value


# -- shared by terms and groups ---------------------------------------------
def keep_units(units, keep):
    """notation_roll.keep_pool over roll dicts (Keep or KeepChain.flags)."""
    flags = keep.flags([u.value for u in units])
    for unit, kept in zip(units, flags):
        if not kept:
            unit.kept = False
            for d in unit.dice:
                d["kept"] = False


def count(m, units):
    """Roller.count: successes minus failures of the kept units, flagged."""
    value = 0
    for unit in units:
        if not unit.kept:
            continue
        if m.success(unit.value):
            value += 1
            for d in unit.dice:
                d["success"] = True
        elif m.failure is not None and m.failure(unit.value):
            value -= 1
            for d in unit.dice:
                d["failure"] = True
    return value


def chains_of(units):
    """notation_roll._chains_of: separate exploding dice joined by chain
    (a joined unit is new; the others are the units themselves)."""
    out = []
    for u in units:
        c = u.dice[0].get("chain")
        if out and c is not None and out[-1].dice[0].get("chain") == c:
            last = out[-1]
            out[-1] = Unit(last.dice + u.dice, last.value + u.value, last.kept and u.kept)
        else:
            out.append(u)
    return out


def unit_text(unit, chained):
    """notation_roll.unit_text over roll dicts."""
    dice = unit.dice
    if len(dice) > 1:
        values = [d["value"] for d in dice]
        text = " -> ".join(map(str, values)) + f" = {sum(values)}"
    else:
        text = str(unit.value)
    if unit.was:
        text += f" (rerolled {', '.join(map(str, unit.was))})"
    d = dice[0]
    if d.get("exploded") and not chained and len(dice) == 1:
        text += " (exploded)"
    if not unit.kept:
        text += " (dropped)"
    elif d.get("success"):
        text += " (success)"
    elif d.get("failure"):
        text += " (failure)"
    return text


def group_unit_text(m, unit):
    """notation_roll.group_unit_text over roll dicts: '6 -> 4 = 10' (its
    dice when they make the sub-total), '16', '14 (dropped)', '9 (success)'."""
    values = [d["value"] for d in unit.dice]
    if len(values) > 1 and sum(values) == unit.value:
        text = " -> ".join(map(str, values)) + f" = {sum(values)}"
    else:
        text = number_text(unit.value)
    if not unit.kept:
        text += " (dropped)"
    elif m.counting and m.success(unit.value):
        text += " (success)"
    elif m.counting and m.failure is not None and m.failure(unit.value):
        text += " (failure)"
    return text


def count_text(m, units, value, dice):
    """notation_roll.count_text: '5 successes - 1 failure = 4'."""
    if dice:
        s = sum(1 for u in units if u.kept and u.dice and u.dice[0].get("success"))
    else:
        s = sum(1 for u in units if u.kept and m.success(u.value))
    out = plural(s, "success")
    if m.failure is not None:
        out += f" - {plural(s - value, 'failure')} = {value}"
    return out


def _kept_text(kept):
    if len(kept) < 2:
        return f"; kept {number_text(sum(kept))}"
    return f"; {' + '.join(number_text(v) for v in kept)} = {number_text(sum(kept))}"


def matcher(cp):
    """Compare.__call__ of an int compare point as a method of its value
    (several rerolls' compare points joined: any of theirs)."""
    if isinstance(cp, AnyOf):
        each = tuple(matcher(p) for p in cp.points)
        return lambda v: any(m(v) for m in each)
    return {"=": cp.value.__eq__, "<>": cp.value.__ne__, "<": cp.value.__gt__, ">": cp.value.__lt__,
            "<=": cp.value.__ge__, ">=": cp.value.__le__}[cp.op]


def _json_number(v):
    return float(v) if type(v) is Fraction else v
