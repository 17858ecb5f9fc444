"""k kh kl d dl dh and a count (1 when none is written): keep the highest or
lowest dice, or drop them. Several on one term apply in the order written,
each to the dice the one before left (KeepChain)."""

from dataclasses import dataclass

from .base import Modifier, error

# the keep programme's work (notation_work.term_work, in its units)
KEEP_STATE_UNITS = 0.4  # one state x count on a face, small weights
KEEP_BITS = 21_000  # ... plus one unit per this many bits of the weights
KEEP_POWER_UNITS = 45  # powers per face and kept die, 1000-bit weights


@dataclass(frozen=True)
class Keep:
    kind: str  # kh kl dh dl
    n: int
    pos: int = 0

    @property
    def text(self):
        return f"{self.kind}{self.n}"

    def kept(self, pool):
        """Dice kept of a pool of `pool` (all of them when it has fewer
        than n: notation.md, 'N larger than the dice actually rolled keeps
        all / drops all')."""
        return min(self.n, pool) if self.kind[0] == "k" else max(pool - self.n, 0)

    @property
    def highest(self):
        """True when the highest are kept (kh, dl)."""
        return self.kind in ("kh", "dl")

    def narrow(self, lo, hi):
        """The window [lo, hi) of a pool sorted lowest first that this keep
        leaves of the window [lo, hi) the keeps before it left."""
        k, kind = self.n, self.kind
        if kind == "kh":
            return max(lo, hi - k), hi
        if kind == "kl":
            return lo, min(hi, lo + k)
        if kind == "dh":
            return lo, max(lo, hi - k)
        return min(hi, lo + k), hi

    def window(self, pool):
        """The window [lo, hi) of the pool sorted lowest first that is kept."""
        return self.narrow(0, pool)

    def flags(self, values):
        """Kept flags of a pool of `values` (rolling order): the earlier of
        equal dice wins (a stable sort keeps it first, reversed or not)."""
        n = len(values)
        flags = [False] * n
        for i in sorted(range(n), key=values.__getitem__, reverse=self.highest)[:self.kept(n)]:
            flags[i] = True
        return flags


@dataclass(frozen=True)
class KeepChain:
    """Several keeps and drops on one term, applied in the order written,
    each to the dice the one before left (notation.md: `4d10dh1dl2` with 1,
    5, 7, 10 keeps 7). What they leave of a pool sorted lowest first is a
    window [lo, hi) that depends on the pool's size only."""
    steps: tuple  # of Keep, as written
    pos: int = 0

    @property
    def text(self):
        return "".join(k.text for k in self.steps)

    @property
    def n(self):
        """The sum of the counts: past twice that, the window's ends are
        each a constant or the pool's size less a constant."""
        return sum(k.n for k in self.steps)

    def window(self, pool):
        lo, hi = 0, pool
        for k in self.steps:
            lo, hi = k.narrow(lo, hi)
        return lo, hi

    def kept(self, pool):
        lo, hi = self.window(pool)
        return hi - lo

    def flags(self, values):
        """Each keep or drop on the dice still kept, in the order written."""
        kept = list(range(len(values)))
        for k in self.steps:
            chosen = k.flags([values[i] for i in kept])
            kept = [i for i, c in zip(kept, chosen) if c]
        flags = [False] * len(values)
        for i in kept:
            flags[i] = True
        return flags


class KeepDrop(Modifier):
    order = 5
    written = 6
    words = {"keep": "keep or drop"}
    on_groups = True
    said = 3

    def parse(self, parser, at, found):
        """k kh kl d dl dh and a count (1 when none is written)."""
        low = parser.low
        if not (low.startswith("k", at) or (low.startswith("d", at) and not low.startswith("d%", at))):
            return None
        letter = low[at]
        parser.i += 1
        side = low[parser.i:parser.i + 1]
        if side in ("h", "l"):
            parser.i += 1
        else:
            side = "h" if letter == "k" else "l"
        parser.keep_at = parser.i
        parser.skip()
        n = 1
        if parser.i < parser.n and "0" <= parser.text[parser.i] <= "9":
            n, parser.keep_at = parser.integer("a number")
        return "keep", Keep(letter + side, n, at + 1)

    def add(self, parser, found, name, value, at, context):
        # kh0 / kl0 keep nothing: refused; a count larger than the pool keeps
        # all / drops all (notation.md; explosions may add dice)
        if context["term"] is not None and value.kind[0] == "k" and value.n == 0:
            error("nothing left to roll", parser.keep_at, "to keep 1 or more dice, not 0",
                  code="range")
        if "keep" in found:
            if context["items"] == 1:  # {4d6 + 2d8}kh3 ranks dice: one keep or drop
                error("a second keep or drop on a group of one expression", at,
                      "one keep or drop on a group that keeps dice, such as "
                      "{4d6 + 2d8}kh3 (or several on a dice term: 4d10dh1dl2)")
            first = found["keep"]
            value = KeepChain(getattr(first, "steps", (first,)) + (value,), first.pos)
        found["keep"] = value

    def text(self, mods):
        return mods.keep.text if mods.keep else ""

    def applies(self, term):
        return term.keep is not None

    def roll(self, roller, term, units, labels):
        keep_pool(units, term.keep)

    def classic(self, term):
        return not hasattr(term.keep, "steps")  # several keeps: the general path

    def unit_words(self, unit):
        return "" if unit.kept else " (dropped)"

    def odds(self, node, plan):
        """The pool's window (a dice term's keep that changes anything, a
        group's keep) and, for a fixed pool, its kept sum (keep_window)."""
        window = node.keep if hasattr(node, "sides") else node.mods.keep
        if window is not None:
            plan.window, plan.kept_sum = window, keep_window

    def work(self, term, die):
        """A classic term that keeps fewer dice than it has: the keep
        programme, per face: every state (placed < k dice, their sum: about
        k(k-1)/2 x top + k of them) tries up to k + 1 counts on the face,
        with products of weights of up to `bits` bits; and per face and kept
        die a few big-integer powers (rest ** dice left) of up to `bits` bits."""
        n = term.count
        k = term.keep.kept(n) if term.keep else n
        if k == n:
            return None
        bits = n * die.bits
        states = k * (k - 1) // 2 * die.top + k
        dp = die.faces * states * (k + 1) * (KEEP_STATE_UNITS + bits / KEEP_BITS)
        powers = die.faces * k * KEEP_POWER_UNITS * (bits / 1000) ** 1.3
        return int(dp + powers), k * die.top, bits


def keep_pool(units, keep):
    """Mark the units a Keep or KeepChain leaves kept, the rest dropped
    (every die of a unit alike); earlier units win ties."""
    for unit, kept in zip(units, keep.flags([u.value for u in units])):
        if not kept:
            unit.kept = False
            for d in unit.dice:
                d.kept = False


def keep_units(units, k, highest):
    """Mark the k highest (or lowest) units kept, the rest dropped (every
    die of a unit alike); earlier units win ties."""
    order = sorted(range(len(units)), key=lambda i: (-units[i].value if highest else units[i].value, i))
    chosen = set(order[:k])
    for i, unit in enumerate(units):
        if i not in chosen:
            unit.kept = False
            for d in unit.dice:
                d.kept = False


def check_group_keep(group, keep_at):
    """{4d6 + 2d8}kh3 keeps dice: the group needs dice, each kept or
    dropped once (by the group), and a count within the pool."""
    keep = group.mods.keep
    at = keep.pos - 1
    if not group.pool:
        error("no dice to keep in the group", at,
              "dice in the group, such as {4d6 + 2d8}kh3 (or two expressions: {4d6, 3d8}kh1)")
    for term in group.pool:
        m = term.mods
        if m.keep is not None:
            error("keep or drop on dice that the group keeps or drops", m.keep.pos - 1,
                  "one keep or drop: on the group ({4d6 + 2d8}kh3) or on the dice (4d6kh3)")
        if m.counting:
            error("counting dice that the group keeps or drops", m.success.pos - 1,
                  "a count on the group ({4d6 + 2d8}kh3>=10) or dice without keep")
    # a count past the group's dice keeps all / drops all (notation.md), as on a term
    if keep.kind[0] == "k" and keep.n == 0:
        error("nothing left to roll", keep_at, "to keep 1 or more dice, not 0",
              code="range")


# -- its exact distribution (notation_odds) --
def keep_window(unit, term, budget):
    """The kept sum of a pool of `count` dice like `unit` (a fixed pool:
    its keeps and drops leave a window of it sorted, Dist.keep)."""
    n = term.count
    lo, hi = term.keep.window(n)
    k, skip = hi - lo, n - hi  # kept dice after the `skip` highest (or the `lo` lowest)
    placed = min(skip, lo) + k  # the programme's states: dice placed before the window is full
    top = max(unit.weights) - min(unit.weights) + 1
    budget.spend(int(len(unit.weights) * (placed * (placed - 1) // 2 * top + placed) * (placed + 1)
                     * 0.4), term)
    if k and lo < skip:  # fewer steps from the low end
        return unit.keep(n, k, False, lo)
    return unit.keep(n, k, True, skip)
