"""What a person sees of The Dark Eye's checks: the words and dice views
every card shares, in the game's words (EAV, SP, QL).

Reads the records the rules return. Each check's dice are consecutive in
`rolls` (a skill check rolls its three dice in the order of its
attributes), and a check that could not be rolled (an EAV below 1) rolls
none: the groups count each record's own `dice` to find their indices.
"""

from dataclasses import dataclass, replace

from ...display.common import (die_views, modifier_facts, modifier_text, modifiers, with_modifiers,
                               with_part_modifiers)
from ...display.words import and_list, cap, signed
from .terms import ATTRIBUTES, COMBAT_VALUES, KIND, SKILL_OUTCOMES


ATTRIBUTE_TONES = {"critical_success": "great", "success": "good", "failure": "bad",
                   "botch": "awful"}
SKILL_TONES = {"spectacular_success": "great", "critical_success": "great", "success": "good",
               "failure": "bad", "botch": "awful", "spectacular_botch": "awful"}
CUMULATIVE_TONES = {"success": "good", "partial_success": "partial", "failure": "bad",
                    "botch": "awful"}
# who wins a contest is good news for one side only: neutral unless the
# request says whose side the page is on (ctx.contest_tone)
CONTEST_TONES = {"a_wins": "neutral", "b_wins": "neutral", "unresolved": "neutral"}

# a skill check's outcome in running text ("Alrik, Climbing: critical success, QL 3")
SHORT = {"spectacular_success": "spectacular success", "critical_success": "critical success",
         "success": "success", "failure": "failure", "botch": "botch",
         "spectacular_botch": "spectacular botch", "partial_success": "partial success"}
SIDES = (("a", "Side A"), ("b", "Side B"))
# the check's modifier, said as the table says it: 'Climbing -2'
MODIFIER = (("modifier", "Modifier"),)


def _modded(what, part):
    """(what with the part's modifier, its facts): 'Climbing -2'."""
    mods = modifiers(part, MODIFIER)
    return with_modifiers(what, modifier_text(mods, bare=True)), modifier_facts(mods)


def _parts_modded(what, parts):
    """(what with each part's modifier, their facts); `parts` [(who, values)]
    (a single part: as `_modded`)."""
    if len(parts) == 1:
        return _modded(what, parts[0][1])
    named = [(who, modifiers(v, MODIFIER)) for who, v in parts]
    facts = [f for who, mods in named for f in modifier_facts(mods, who)]
    return with_part_modifiers(what, [(who, modifier_text(m, bare=True)) for who, m in named]), facts


def _kind(outcome):
    """critical / success / failure / botch, as the contests count it."""
    return KIND[outcome]


def _value_name(abbr):
    """'Courage (COU)' for 'COU' (attributes and combat values)."""
    names = dict(ATTRIBUTES + COMBAT_VALUES)
    return f"{names[abbr]} ({abbr})" if abbr in names else None


def _spans(entries, start=0):
    """The indices into `rolls` of each skill-check record's dice, in order."""
    out, i = [], start
    for e in entries:
        n = len(e.get("dice") or [])
        out.append(list(range(i, i + n)))
        i += n
    return out


def _skill_die_notes(roll):
    """'EAV 13', then '-2 SP' for a die the SP cover, 'not covered' for one
    they cannot."""
    notes = [f"EAV {roll['eav']}"] if "eav" in roll else []
    if roll.get("short"):
        notes.append("not covered")
    elif roll.get("cost"):
        notes.append(f"-{roll['cost']} SP")
    return notes


def _attribute_names(names):
    return list(names) if names else ["attribute 1", "attribute 2", "attribute 3"]


def _skill_dice(rolls, parts):
    """DieViews for the skill checks in `parts` [(indices, names)]: each die
    labelled by its attribute ('COU die', 'attribute 2 die')."""
    labels = {}
    for indices, names in parts:
        for i, n in zip(indices, _attribute_names(names)):
            labels[i] = f"{n} die"
    views = die_views(rolls, notes=_skill_die_notes)
    for i, v in enumerate(views):
        v.label = labels.get(i, v.label)
    return views


# -- words for one skill check ---------------------------------------------------
def _verdict(r):
    """'success, QL 2', 'failure, 3 SP short', 'botch'."""
    if r.get("automatic"):
        return "automatic failure (an EAV below 1)"
    words = SHORT[r["outcome"]]
    if r["success"]:
        return f"{words}, QL {r['quality_level']}"
    if r["outcome"] == "failure":
        return f"{words}, {r.get('points_short', 0)} SP short"
    return words


def _eav_list(eavs, names):
    """'COU 12, AGI 11, STR 13' (or '12, 11, 13' without names)."""
    if names:
        return ", ".join(f"{n} {e}" for n, e in zip(names, eavs))
    return ", ".join(str(e) for e in eavs)


def _skill_notes(r, rolls):
    """Rule remarks for one skill check (its record and its dice)."""
    if r.get("automatic"):
        return ["An EAV below 1: the check fails automatically; no dice are rolled."]
    if _kind(r["outcome"]) == "botch":
        return ["Two or more 20s: a botch, an automatic failure whatever the SP."]
    if _kind(r["outcome"]) == "critical" and any(d.get("short") for d in rolls):
        return ["Two or more 1s: a critical success even though a die is not covered "
                "(0 SP left, QL 1)."]
    return []


def _skill_words(part):
    """'Climbing (COU/AGI/STR)' from a skill group's `skill` and `names`."""
    skill, names = part.get("skill"), part.get("names")
    if not skill:
        return None
    return f"{skill} ({'/'.join(names)})" if names else skill


def skill_what(ctx, values):
    """'Climbing (COU/AGI/STR)': the skill's name with its attributes, or
    what the form was filled with."""
    return _skill_words(values) or ctx.label("")


def with_skill_names(ctx, values):
    """The context with each skill group's own name (`skill`) as the label
    of its part of the form ('', 'a', 'members[1]', 'skills[0]', ...), so
    every card and odds view names what was rolled."""
    labels = dict(ctx.labels)

    def put(path, part):
        if isinstance(part, dict) and _skill_words(part):
            labels[path] = _skill_words(part)

    put("", values)
    for key in ("a", "b", "members", "skills"):
        part = values.get(key)
        if isinstance(part, list):
            for i, item in enumerate(part):
                put(f"{key}[{i}]", item)
        else:
            put(key, part)
    return replace(ctx, labels=labels)


def _spend(ctx):
    """What a fate point counts down: the FtP of the character who rolled."""
    who = ctx.name("")
    return {"counter": "FtP", "character": who, "amount": 1} if who else None


def _one_label(ctx, paths):
    """The one thing these parts of the form rolled ('Climbing'), or None
    when none is named or they differ."""
    labels = {ctx.label(p) for p in paths} - {None}
    return labels.pop() if len(labels) == 1 else None


def _member_name(ctx, path, member, i):
    return member.get("name") or ctx.name(path) or f"hero {i + 1}"


def _heroes(ctx, path, members):
    """'Alrik and Gerda': the heroes of a list, when a character filled any
    of their rows (the others by their own name or 'hero 2'), else None."""
    if not any(ctx.name(f"{path}[{i}]") for i in range(len(members))):
        return None
    return and_list(ctx.name(f"{path}[{i}]") or _member_name(ctx, f"{path}[{i}]", m, i)
                    for i, m in enumerate(members))


def _titled(view, what):
    """The odds view named after what was rolled ('Climbing (COU/AGI/STR): ...')."""
    if what:
        view.title = f"{what}: chance of each outcome"
    return view


def _check_extras(e):
    """' (+2 this check, -1 penalty)', ' (-1)' or '' for a check's title."""
    mod, penalty = e.get("check_modifier"), e.get("penalty")
    if not mod:
        return f" ({signed(-penalty)})" if penalty else ""
    parts = [f"{signed(mod)} this check"] + ([f"{signed(-penalty)} penalty"] if penalty else [])
    return f" ({', '.join(parts)})"


# the core skill list as a form offers it (skills.hint)
SKILL_LIST = {"button": "Skill list", "title": "The 59 core skills",
              "placeholder": "Type to search",
              "empty": "No core skill matches: a skill of your own takes its three attributes by hand."}


# -- the sentences of a result (Check.words) --------------------------------------------
@dataclass(frozen=True)
class RulesRead:
    """What the sentences quote of the rules, handed in by the wiring:
    `walk(faces, eavs, rating)` -> each die's SP (throw.Spend), the
    Quality Levels chart [(low, high, QL)], and `next_penalty(kind,
    penalty)` -> the penalty after a check of that kind (cumulative)."""
    walk: object
    chart: tuple
    next_penalty: object


def _sp(n):
    return f"{n} SP"


def _terms(terms):
    """' + 2 - 1' for the non-zero terms [2, -1] (spaces around each sign)."""
    return "".join(f" {'+' if t > 0 else '-'} {abs(t)}" for t in terms if t)


def _arith(base, terms):
    """'12 - 2 - 1 = 9', or just '12' when every term is 0."""
    shown = _terms(terms)
    return f"{base}{shown} = {base + sum(terms)}" if shown else f"{base}"


def _eav_text(attributes, terms, names):
    """'EAVs COU 12 - 2 = 10, ...' for the terms (modifier, -penalty, ...);
    names may be None: 'EAVs 12 - 2 = 10, ...'."""
    labels = [f"{n} " for n in names] if names else [""] * 3
    return "EAVs " + ", ".join(f"{n}{_arith(a, terms)}" for n, a in zip(labels, attributes)) + "."


def _chart_row(chart, ql):
    """'4-6' (or '16+'): the row of the Quality Levels chart of a QL."""
    low, high, _ = chart[ql - 1]
    return f"{low}+" if high is None else f"{low}-{high}"


def with_verdict(r):
    """Short words for summaries: 'success with QL 2'."""
    words = dict(SKILL_OUTCOMES)[r["outcome"]].lower()
    if r["outcome"] == "failure" and r.get("automatic"):
        return "automatic failure (an EAV below 1)"
    if r["outcome"] == "failure":
        return f"failure ({_sp(r.get('points_short', 0))} short)"
    if r["success"]:
        return f"{words} with QL {r['quality_level']}"
    return words


def throw_steps(r, names, read):
    """The sentences of one skill check's throw (its record `r`): each die
    against its EAV with the SP it costs, then the outcome."""
    names = _attribute_names(names)
    if r.get("automatic"):
        low = [f"{n}: {e}" for n, e in zip(names, r["eav"]) if e < 1]
        return [f"EAV below 1 ({', '.join(low)}): the check fails automatically; no dice are rolled."]
    faces, eavs, rating = r["dice"], r["eav"], r["rating"]
    steps = []
    walk = read.walk(faces, eavs, rating)
    for n, e, face, spend in zip(names, eavs, faces, walk):
        if spend.need == 0:
            single = (" (in a skill check a single 20 is an ordinary value; \"a 20 always "
                      "fails\" is the attribute-check rule)") if face == 20 else ""
            steps.append(f"{cap(n)} die {face} against EAV {e}: passes{single}, {_sp(spend.left)} left.")
        elif spend.cost:
            steps.append(f"{cap(n)} die {face} against EAV {e}: {_sp(spend.need)} spent, "
                         f"{_sp(spend.left)} left.")
        elif spend.after_uncovered:
            steps.append(f"{cap(n)} die {face} against EAV {e}: would need {_sp(spend.need)} more.")
        else:
            steps.append(f"{cap(n)} die {face} against EAV {e}: needs {_sp(spend.need)}, "
                         f"only {_sp(spend.left)} left: not covered.")
    outcome, ql, points = r["outcome"], r["quality_level"], r["points_left"]
    if KIND[outcome] == "botch":
        n20 = "Three 20s: a spectacular botch" if outcome == "spectacular_botch" else "Two 20s: a botch"
        steps.append(f"{n20}, an automatic failure whatever the SP.")
    elif KIND[outcome] == "critical":
        n1 = ("Three 1s: a spectacular success" if outcome == "spectacular_success"
              else "Two 1s: a critical success")
        if any(spend.short for spend in walk):  # a die the SP do not cover
            steps.append(f"{n1}, overriding the uncovered die; 0 SP left: QL 1.")
        else:
            steps.append(f"{n1}; {_sp(points)} left: QL {ql} ({_chart_row(read.chart, ql)} SP left).")
    elif outcome == "success":
        steps.append(f"All three dice pass with {_sp(points)} left: QL {ql} "
                     f"({_chart_row(read.chart, ql)} SP left).")
    else:
        short = r.get("points_short", 0)
        steps.append(f"The dice need {_sp(rating + short)} but the SR is {rating}: failure, "
                     f"{_sp(short)} short.")
    return steps
