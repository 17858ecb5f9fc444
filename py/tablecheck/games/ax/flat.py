"""[ax] flat check: attribute-many d10, top two kept, plus bonuses; success
if total + bonuses >= difficulty. Assistance (one assistant): +1 if the
assistant's attribute is lower than the roller's, +2 if equal or higher.
A chance of failure under 1% means the check can be skipped (seed 003)."""

from .pool import SKIP_BELOW, assistance, roll_dist, roll_pool, skip_threshold, success_chance


def _flat_numbers(values):
    attribute = values["attribute"]
    helping = assistance(attribute, values.get("assistant"))
    return attribute, values["difficulty"], values["bonus"], helping


def flat_failure_chance(values):
    attribute, difficulty, bonus, helping = _flat_numbers(values)
    return 1 - success_chance(attribute, difficulty, bonus + helping)


def resolve_flat(values, tray):
    attribute, difficulty, bonus, helping = _flat_numbers(values)
    dice, rolled = roll_pool(tray, attribute, "attribute die")
    if attribute == 0:  # zero dice: an automatic failure
        total, success = None, False
    else:
        total = rolled + bonus + helping
        success = total >= difficulty
    failure = flat_failure_chance(values)
    return {
        "outcome": "success" if success else "failure", "success": success, "total": total,
        "rolled": rolled if dice else None,
        "difficulty": difficulty, "bonus": bonus, "assistance": helping,
        "skip_advised": attribute > 0 and failure < SKIP_BELOW, "failure_chance": failure,
    }


def odds_flat(values):
    attribute, difficulty, bonus, helping = _flat_numbers(values)
    success = success_chance(attribute, difficulty, bonus + helping)
    dist = roll_dist(attribute)
    out = {
        "outcomes": {"success": success, "failure": 1 - success},
        "failure_chance": 1 - success,
        "skip_advised": attribute > 0 and 1 - success < SKIP_BELOW,
        "skip_below": skip_threshold(attribute, bonus + helping),
        "assistance": helping,
        "distribution": {} if dist is None else (dist + (bonus + helping)).probs(),
    }
    if dist is not None:
        out["mean"] = dist.mean() + bonus + helping
    return out
