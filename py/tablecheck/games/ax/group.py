"""[ax] group flat check (seed 003; rules.md): n participants (capped by the
task's maximum: those beyond it stand aside, the lowest attributes first),
required number r: difficulty + 2 x (r - n); everyone rolls; the group
succeeds when at least ceil(2n/3) succeed."""

from fractions import Fraction

from ...errors import InvalidRequest
from .pool import SKIP_BELOW, roll_pool, success_chance

MAX_MEMBERS = 20


def taking_part(members, maximum):
    """Member numbers (1-based) of those who take part: all of them, or at
    most `maximum`; those beyond it stand aside, the weakest (lowest
    attribute) first, and among equals the later members (rules.md)."""
    numbers = list(range(1, len(members) + 1))
    if maximum is None or len(members) <= maximum:
        return numbers
    strongest = sorted(numbers, key=lambda m: (-members[m - 1], m))[:maximum]
    return sorted(strongest)


def group_rules(values):
    required, maximum = values["required"], values.get("maximum")
    if maximum is not None and maximum < required:
        raise InvalidRequest("maximum", f"must be at least the required number ({required}), "
                                        f"not {maximum}", code="range")


def _group_setup(values):
    members = values["members"]
    required = values["required"]
    maximum = values.get("maximum")
    taking = taking_part(members, maximum)
    participants = [members[m - 1] for m in taking]
    n = len(participants)
    adjusted = values["difficulty"] + 2 * (required - n)
    needed = -(-2 * n // 3)  # ceil(2n/3): "at least 2/3 of the group"
    return taking, participants, adjusted, needed


def _aside(values, taking):
    return [m for m in range(1, len(values["members"]) + 1) if m not in taking]


def resolve_group(values, tray):
    taking, participants, adjusted, needed = _group_setup(values)
    results = []
    successes = 0
    for member, attribute in zip(taking, participants):
        dice, rolled = roll_pool(tray, attribute, f"member {member} die")
        for d in dice:
            d.info["member"] = member
        ok = attribute > 0 and rolled >= adjusted
        successes += ok
        results.append({"member": member, "attribute": attribute,
                        "total": rolled if dice else None, "success": ok})
    success = successes >= needed
    return {
        "outcome": "success" if success else "failure", "success": success,
        "adjusted_difficulty": adjusted, "successes": successes, "needed": needed,
        "participants": len(participants), "members": results,
        "standing_aside": _aside(values, taking), "maximum": values.get("maximum"),
    }


def group_successes_dist(chances):
    """Exact distribution of the number of successes (independent members)."""
    dist = {0: Fraction(1)}
    for p in chances:
        nxt = {}
        for k, w in dist.items():
            nxt[k] = nxt.get(k, 0) + w * (1 - p)
            nxt[k + 1] = nxt.get(k + 1, 0) + w * p
        dist = nxt
    return dist


def odds_group(values):
    taking, participants, adjusted, needed = _group_setup(values)
    chances = [success_chance(a, adjusted) for a in participants]
    counts = group_successes_dist(chances)
    success = sum(p for k, p in counts.items() if k >= needed)
    return {
        "outcomes": {"success": success, "failure": 1 - success},
        "failure_chance": 1 - success,
        "skip_advised": 1 - success < SKIP_BELOW,
        "adjusted_difficulty": adjusted, "needed": needed,
        "member_chances": chances,
        "taking_part": taking, "standing_aside": _aside(values, taking),
        "successes": counts,
    }
