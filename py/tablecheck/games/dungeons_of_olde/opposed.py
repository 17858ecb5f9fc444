"""Opposed attempts: the target rolls first and its check roll is the
instigator's CR; the instigator wins ties. The odds cannot place a cut-off
mass (a huge target roll and a huge instigator roll both live there), so
they are summed in closed form instead (each exploding die is s K + R with
K geometric), exact with nothing cut off."""

from fractions import Fraction

from ...dice import Dist
from .attempt import judge, roll_attempt
from .odds import odds_result
from .tables import MARGIN_FLOORS, die_rank
from .terms import CATEGORIES


def resolve_opposed(values, tray):
    ins, tgt = values["instigator"], values["target"]
    # the target rolls first; its check roll becomes the instigator's CR
    t = roll_attempt(tray, tgt["stat"], tgt["modification"], tgt["adjustment"], "target")
    i = roll_attempt(tray, ins["stat"], ins["modification"], ins["adjustment"], "instigator")
    cr = t["total"]
    out = dict(i)
    out.update(judge(i["total"], cr, values["critical_outcomes"]))
    out.update({"cr": cr, "target_total": cr, "instigator_total": i["total"],
                "target": t, "instigator": dict(i)})
    return out


def _two_explosions_at_least(n, rho):
    """P(K1 + K2 >= n) for two independent explosion counts, P(K = k) =
    rho^k (1 - rho): a negative binomial with a closed-form tail."""
    if n <= 0:
        return Fraction(1)
    return rho ** n * (1 + n * (1 - rho))


def _lattice_at_least(p, q, t):
    """P(p N - q L >= t) exactly, where N and L count the explosions of two
    d`p` and two d`q` (independent; P(N = n) = (n + 1) p^-n (1 - 1/p)^2).

    For L = l the chance is P(N >= ceil((t + q l) / p)); along l = l0 + p j
    that index grows by q per step, so each residue class l0 is a series
    C (a + b j)(c + d j) r^j with r = 1/Q, Q = q^p p^q, whose sums are
    sum r^j = Q/(Q-1), sum j r^j = Q/(Q-1)^2, sum j^2 r^j = Q(Q+1)/(Q-1)^3.
    Summed over one common denominator in integers (fast), one Fraction."""
    first = 0 if t > 0 else (-t) // q + 1  # from here on t + q l > 0
    head = 1 - _two_explosions_at_least(first, Fraction(1, q))  # l < first: certain
    big_q = q ** p * p ** q
    qm = big_q - 1
    d = q * (p - 1)  # p * (q (1 - 1/p))
    terms = []
    for l0 in range(first, first + p):
        n0 = -(-(t + q * l0) // p)  # ceil
        a, b = l0 + 1, p  # P(L = l) = (l + 1) q^-l (1 - 1/q)^2
        c = p + n0 * (p - 1)  # p * (1 + n0 (1 - 1/p))
        terms.append((l0, n0, a * c * qm * qm + (a * d + b * c) * qm + b * d * (big_q + 1)))
    lmax = first + p - 1
    nmax = max(n0 for _, n0, _ in terms)
    num = sum(v * q ** (lmax - l0) * p ** (nmax - n0) for l0, n0, v in terms)
    num *= (q - 1) ** 2 * big_q
    den = q ** (lmax + 2) * p ** (nmax + 1) * qm ** 3
    return head + Fraction(num, den)


def _faces_sum(sides):
    """Distribution of the two final (non-exploding) faces, 1..sides-1 each."""
    face = Dist({f: 1 for f in range(1, sides)})
    return face + face


def opposed_outcomes(i_sides, i_adj, t_sides, t_adj):
    """Exact {label: Fraction} of an opposed attempt, with no truncation.

    An exploding d`s` is s K + R with K (explosions, P(K = k) = s^-k (1 -
    1/s)) independent of R (the last face, uniform 1..s-1). So the margin is
    p N - q L + D with D = (R1 + R2) - (S1 + S2) + adjustments finite, and
    P(margin >= c) = sum over D of P(p N - q L >= c - D), each in closed form.
    """
    diff = _faces_sum(i_sides).combine(_faces_sum(t_sides), lambda a, b: a - b)
    diff = diff + (i_adj - t_adj)
    cache = {}

    def at_least(c):  # P(margin >= c)
        out = Fraction(0)
        for d, w in diff.weights.items():
            t = c - d
            if t not in cache:
                cache[t] = _lattice_at_least(i_sides, t_sides, t)
            out += w * cache[t]
        return out / diff.total

    outcomes, above = {}, Fraction(0)
    for (label, *_), floor in zip(CATEGORIES, MARGIN_FLOORS):
        p = Fraction(1) if floor is None else at_least(floor)
        outcomes[label] = p - above
        above = p
    return outcomes


def odds_opposed(values):
    ins, tgt = values["instigator"], values["target"]
    t_sides = die_rank(tgt["stat"], tgt["modification"])
    i_sides = die_rank(ins["stat"], ins["modification"])
    return odds_result(opposed_outcomes(i_sides, ins["adjustment"], t_sides, tgt["adjustment"]),
                       Fraction(0), None)
