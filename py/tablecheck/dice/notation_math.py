"""Exact arithmetic of the dice notation: + - * / % ^ and abs floor ceil
round min max on ints and Fractions (``/`` is exact; whole results stay
ints so that distributions keep their fast integer paths)."""

import math
from fractions import Fraction

from ..errors import InvalidRequest

MAX_POWER_BITS = 4096  # |a ^ b| at most about 10^1233


def whole(v):
    """An int when `v` is whole, else the Fraction."""
    if type(v) is int:
        return v
    if v.denominator == 1:
        return int(v.numerator)
    return v


def _refuse(what, pos, expected, code="range", **extra):
    raise InvalidRequest("expression", f"{what} at position {pos}: expected {expected}",
                         code=code, position=pos, **extra)


def apply_operator(op, a, b, pos):
    """a op b exactly; `pos` (1-based, the operator) names errors."""
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        if b == 0:
            _refuse("division by zero", pos, "a divisor that is not 0")
        if type(a) is int and type(b) is int:
            q, r = divmod(a, b)
            return q if r == 0 else Fraction(a, b)
        return whole(Fraction(a) / b)
    if op == "%":
        if b == 0:
            _refuse("remainder of a division by zero", pos, "a divisor that is not 0")
        return whole(a % b) if isinstance(a, Fraction) or isinstance(b, Fraction) else a % b
    return power(a, b, pos)


def power(a, b, pos):
    if isinstance(b, Fraction) and b.denominator != 1:
        _refuse("a fractional exponent", pos, "a whole exponent")
    b = int(b)
    if a == 0 and b < 0:
        _refuse("division by zero (0 to a negative power)", pos, "a base that is not 0")
    size = abs(Fraction(a))
    bits = max(size.numerator.bit_length(), size.denominator.bit_length())
    if a not in (0, 1, -1) and bits * abs(b) > MAX_POWER_BITS and bits > 0:
        _refuse("a power too large", pos, f"a result of at most {MAX_POWER_BITS} bits")
    return whole(Fraction(a) ** b) if (b < 0 or isinstance(a, Fraction)) else a ** b


def round_half_away(x):
    """Halves away from zero (notation.md, as rpg-dice-roller's round):
    round(2.5) = 3, round(-2.5) = -3."""
    x = Fraction(x)
    half = math.floor(abs(x) + Fraction(1, 2))
    return half if x >= 0 else -half


def round_division(p, q):
    """round_half_away(p / q) of whole p and q (q not 0) by integer division."""
    if q < 0:
        p, q = -p, -q
    half = (2 * abs(p) + q) // (2 * q)
    return half if p >= 0 else -half


FUNCTIONS = {
    "abs": lambda x: abs(x),
    "floor": lambda x: math.floor(x),
    "ceil": lambda x: math.ceil(x),
    "round": round_half_away,
    "min": lambda a, b: min(a, b),
    "max": lambda a, b: max(a, b),
}


def apply_function(name, args):
    return whole(FUNCTIONS[name](*args)) if not all(type(a) is int for a in args) \
        else FUNCTIONS[name](*args)
