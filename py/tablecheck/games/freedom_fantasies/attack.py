"""Attack checks: d20 + Ability against the target's Evasion DC; miss /
glancing hit (DR - Defense) / direct hit (2 x DR, >= Evasion DC + 10) /
critical hit (kept natural 20); damage beyond the Hit Points becomes Stress.
The readings where the rules are silent (Defense, the floors, Stress per
hit, a GM attacker, unarmed attacks): the package's docstring."""

from dataclasses import dataclass

from ...errors import InvalidRequest
from .d20 import all_labels, kept_dist, kept_info, outcome_probs, result_of, roll_d20s, tally
from .tables import UNARMED_DR, WEAPONS
from .terms import ABILITIES, ABILITY_NAME, ATTACK_OUTCOMES, FANTASTIC_OVER_DC


def attack_band(face, result, evasion_dc):
    if face == 20:
        return "critical_hit"
    if result < evasion_dc:
        return "miss"
    return "direct_hit" if result >= evasion_dc + FANTASTIC_OVER_DC else "glancing_hit"


def damage_of(outcome, dr, defense):
    """(damage dealt, blocked): glancing = DR - Defense (floor 0), the reduced
    part blocked; direct and critical = 2 x DR ignoring Defense."""
    if outcome == "miss":
        return 0, 0
    if outcome == "glancing_hit":
        dealt = max(0, dr - defense)
        return dealt, dr - dealt
    return 2 * dr, 0


def stress_from(prior, dealt, hit_points):
    """Stress points this damage causes: the part of the accumulated damage
    beyond the hit points that was not beyond them before."""
    return max(0, prior + dealt - hit_points) - max(0, prior - hit_points)


@dataclass
class Target:
    evasion_dc: int
    defense: int
    defense_from: str  # "given", "fight" (the target's FIGHT, floored at 0) or "none"
    hit_points: object  # int or None (unknown)
    hp_from: str  # "given", "abilities" (their sum, floored at 0) or "unknown"
    hp_sum: object  # the sum of the five Ability bonuses before the floor, or None
    damage: int
    stress: int = 0  # Stress Points earlier hits caused


def target(values):
    """The target's numbers: Evasion DC, Defense, Hit Points."""
    tg = values["target"]
    if tg["evasion"] is not None:
        # reading: a given Evasion DC stands for 5 + FINESSE + FLAIR; Dodging and
        # an armour penalty still apply
        dc = tg["evasion"]
    else:
        dc = 5 + tg["finesse"] + tg["flair"]
    if tg["dodging"]:
        dc += tg["finesse"]
    dc -= tg["evasion_penalty"]
    if tg["defense"] is not None:
        defense, defense_from = tg["defense"], "given"
    elif tg["fight"] is not None:
        defense, defense_from = max(0, tg["fight"]), "fight"
    else:
        defense, defense_from = 0, "none"
    abilities = [tg[a] for a, _ in ABILITIES]
    hp_sum = sum(abilities) if all(v is not None for v in abilities) else None
    if tg["hit_points"] is not None:
        hp, hp_from = tg["hit_points"], "given"
    elif hp_sum is not None:
        hp, hp_from = max(0, hp_sum), "abilities"  # never below 0 (reading: a negative total means none)
    else:
        hp, hp_from = None, "unknown"
    return Target(dc, defense, defense_from, hp, hp_from, hp_sum, tg["damage"], tg["stress"])


def attack_checks(values):
    weapon, ability = values["weapon"], values["ability"]
    if weapon and ability and ability not in WEAPONS[weapon][1]:
        allowed = " or ".join(ABILITY_NAME[a] for a in WEAPONS[weapon][1])
        raise InvalidRequest("ability", f"a {WEAPONS[weapon][0].lower()} attack uses {allowed}, "
                                        f"not {ABILITY_NAME[ability]}", code="choice")
    if weapon == "unarmed" and values["damage_rating"] != UNARMED_DR:
        raise InvalidRequest("damage_rating", f"unarmed attacks have DR {UNARMED_DR}, "
                                              f"not {values['damage_rating']}", code="range")
    if weapon == "unarmed" and values["unfamiliar"]:
        raise InvalidRequest("unfamiliar", "all Characters are experienced with Unarmed Attacks",
                             code="range")
    if weapon == "unarmed" and values["threatened_ranged"]:
        raise InvalidRequest("threatened_ranged", "an unarmed attack cannot hit at a distance",
                             code="range")


def attack_resolve(values, tray):
    tg = target(values)
    t = tally(values)
    dr = values["damage_rating"]
    roll = roll_d20s(tray, t)
    result = result_of(values, roll.value)
    outcome = attack_band(roll.value, result, tg.evasion_dc)
    kept_info(roll, result=result, dc=tg.evasion_dc)
    dealt, blocked = damage_of(outcome, dr, tg.defense)
    total = tg.damage + dealt
    gm = values["gm"]
    stress = None
    hp_left = None
    if tg.hit_points is not None:
        stress = stress_from(tg.damage, dealt, tg.hit_points)
        hp_left = max(0, tg.hit_points - total)
    stress_total = tg.stress + (stress or 0)
    return {
        "outcome": outcome,
        "success": outcome != "miss",
        "result": result,
        "evasion_dc": tg.evasion_dc,
        "defense": tg.defense,
        "damage_rating": dr,
        "damage_dealt": dealt,
        "blocked": blocked,
        "damage_total": total,
        "hit_points": tg.hit_points,
        "hit_points_left": hp_left,
        "stress": stress,
        "stress_before": tg.stress,
        "stress_total": stress_total,
        "damage_before": tg.damage,
        "kept": roll.value,
        "d20s": [d.value for d in roll.dice],
        "advantages": t.advantages,
        "disadvantages": t.disadvantages,
        "net_advantage": t.net,
        "critical": roll.value == 20,
        "point": ("tension" if gm else "momentum") if roll.value == 20 else None,
        "extra_attack_option": roll.value == 20,
        "counter": outcome == "miss",
    }


def attack_track(values, result):
    """A tracked target's new state after this attack: the damage taken in
    all (seed: "add the Damage taken to the total they have already
    accumulated") and the Stress Points in all (damage beyond the Hit Points)."""
    return {"target": {"damage": result["damage_total"], "stress": result["stress_total"]}}


def attack_odds(values):
    tg = target(values)
    t = tally(values)
    dr = values["damage_rating"]
    mod = values["bonus"] + values["other_bonus"]
    kept = kept_dist(t.net)
    band = lambda f: attack_band(f, f + mod, tg.evasion_dc)  # noqa: E731
    outcomes = all_labels(outcome_probs(kept, band), ATTACK_OUTCOMES)
    damage = kept.map(lambda f: damage_of(band(f), dr, tg.defense)[0])
    out = {"outcomes": outcomes, "evasion_dc": tg.evasion_dc, "defense": tg.defense,
           "net_advantage": t.net, "dice": t.dice, "kept_die": kept.probs(),
           "distribution": (kept + mod).probs(), "damage": damage.probs(),
           "mean_damage": damage.mean()}
    if tg.hit_points is not None:
        out["stress"] = damage.map(lambda d: stress_from(tg.damage, d, tg.hit_points)).probs()
    return out
