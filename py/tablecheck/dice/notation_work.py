"""The odds work bound of the dice notation (see tablecheck.dice.notation's
docstring): `odds_work` estimates, from the shape of each classic term
(plain dice, keep/drop, a default '!'), the work of its exact distribution,
in units of about 0.25 microseconds of CPython, and refuses before anything
is computed; the general paths of notation_odds count their inner loops as
they run (`Budget`). What a modifier adds to the estimate is in its class
(tablecheck.dice.modifiers: `classic`, `die_work`, `work`); the sums of
plain dice and the cost of a product are here."""

from .dist import TAIL_EPS
from .modifiers import MODIFIERS, TAILS, DieWork
from .notation_parse import error, parse

# Bound on the estimated work of exact odds, in units of about 0.25 us of
# CPython (measured: 0.15-0.45 us per unit, see the module docstring): about
# half a second at the limit, at most about one second.
MAX_ODDS_WORK = 2_200_000
BIGINT_BITS = 6000  # weights of this many bits cost about twice a small one
KRONECKER_UNITS = 260_000  # work of one product of two million-bit integers
FRACTION_UNITS = 140  # work of one Fraction of BIGINT_BITS-bit weights


def term_eps(expr, eps):
    """Each die's share of the expression's tail `eps`, among the dice of
    the terms whose odds leave a tail out (explosions)."""
    n = 0
    for t in expr.dice_terms:
        for m in TAILS:
            if m.tails(t):
                n += t.count
                break
    return eps / n if n else eps


def is_classic(term):
    """Plain dice with at most keep/drop and a default '!' without keep:
    the shapes of the first notation, with their fast paths and estimates
    (each modifier says whether it keeps a term classic)."""
    return term.classic


def _value_range(term):
    """How many values a term can take, at most (its bounds), or infinity."""
    from .notation_roll import dice_bounds
    lo, hi = dice_bounds(term)
    return float("inf") if float("inf") in (-lo, hi) else int(hi - lo + 1)


def conv_work(size_a, bits_a, size_b, bits_b):
    """Estimated work of Dist + Dist for supports of the given sizes and
    weights of the given bit lengths: a plain double loop when small, else
    one Kronecker big-integer product (Karatsuba: bits^1.585)."""
    if size_a * size_b <= 400:
        return size_a * size_b
    slot = bits_a + bits_b + min(size_a, size_b).bit_length()
    small, large = sorted((size_a * slot / 1e6, size_b * slot / 1e6))
    # an unbalanced product costs (large / small) balanced products of `small`
    return int(KRONECKER_UNITS * large * small ** 0.585) + 3 * (size_a + size_b)


def _sum_work(n, size, top, bits):
    """Work of Dist.sum_of(n) (repeated squaring) on a base with `size`
    outcomes spanning `top` and weights of `bits` bits."""
    work = 0
    r_size, r_span, r_bits = 1, 0, 1
    b_size, b_span, b_bits = size, top, bits
    while n:
        if n & 1:
            work += conv_work(r_size, r_bits, b_size, b_bits)
            r_span += b_span
            r_size, r_bits = min(r_size * b_size, r_span + 1), r_bits + b_bits
        n >>= 1
        if n:
            work += conv_work(b_size, b_bits, b_size, b_bits)
            b_span *= 2
            b_size, b_bits = min(b_size * b_size, b_span + 1), 2 * b_bits
    return work


def term_work(term, eps):
    """(estimated work, number of outcomes, bits of the weights) of one
    dice term's exact distribution (the classic shapes exactly as measured;
    other terms by their size, their loops being counted as they run).
    Each modifier in order shapes one die (die_work: explosions), then the
    first that decides how the dice combine gives the work (work: keep/drop);
    else the dice are summed."""
    n = term.count
    s = len(term.values())
    if not is_classic(term):
        # counted as it runs (notation_odds.Budget); its size for what follows
        # (at most its range of values when that is finite: 1000d1000>=500 has 1001)
        return 0, min(n * s, _value_range(term)), n * s.bit_length()
    die = DieWork(s, s, s.bit_length())
    for modifier in MODIFIERS:
        die = modifier.die_work(term, die, eps)
    for modifier in MODIFIERS:
        estimate = modifier.work(term, die)
        if estimate is not None:
            return estimate
    return sum_work(n, die)


def sum_work(n, die):
    """The work of summing n dice: plain faces by a sliding window (n passes
    over up to `size` sums; measured: the cost per sum hardly grows with the
    weights' size), others by repeated squaring (Dist.sum_of)."""
    # weights are big integers of up to n dice: cost grows with their size
    bits = n * die.bits
    if die.window:
        size = n * (die.top - 1) + 1
        return n * size, size, bits
    return _sum_work(n, die.faces, die.top, die.bits), n * die.top, bits


def odds_work(expr, eps=TAIL_EPS):
    """Estimated work of `distribution(expr)` (1 unit: about 0.25
    microseconds of CPython); raises InvalidRequest (odds_too_big, with the
    term's position) at the first term that takes the total past
    MAX_ODDS_WORK."""
    expr = parse(expr) if isinstance(expr, str) else expr
    teps = term_eps(expr, eps)
    work, size, bits, output = 0, 0, 0, 0
    for term in expr.dice_terms:
        w, outcomes, term_bits = term_work(term, teps)
        work += w + (conv_work(size, bits, outcomes, term_bits) if size else outcomes)
        size += outcomes
        bits += term_bits
        # the exact Fractions of the answer: a gcd per outcome, quadratic in bits
        output = int(FRACTION_UNITS * size * (bits / BIGINT_BITS) ** 2)
        if work + output > MAX_ODDS_WORK:
            # odds_only: the page still lets the player roll this expression
            error("too many outcomes for exact odds", term.pos - 1,
                  "fewer dice, sides or kept dice (rolling it is fine)", code="odds_too_big",
                  odds_only=True)
    return work + output
