"""What a person sees of The Dark Eye's checks: the words and dice views
every card shares, in the game's words (EAV, SP, QL).

Reads the records the rules return. Each check's dice are consecutive in
`rolls` (a skill check rolls its three dice in the order of its
attributes), and a check that could not be rolled (an EAV below 1) rolls
none: the groups count each record's own `dice` to find their indices.
"""

import re
from dataclasses import dataclass, replace

from ...display.common import (die_views, modifier_facts, modifier_text, modifiers, with_modifiers,
                               with_part_modifiers)
from ...display.words import and_list, cap, signed
from .cards_words import EN, skill_name, words
from .terms import KIND


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
SHORT = EN["short"]
SIDES = (("a", EN["side_a"]), ("b", EN["side_b"]))


def sides(w):
    """(("a", "Side A"), ("b", "Side B")) in the words `w`."""
    return (("a", w["side_a"]), ("b", w["side_b"]))


def _modded(what, part, w=EN):
    """(what with the part's modifier, its facts): 'Climbing -2'."""
    mods = modifiers(part, (("modifier", w["modifier"]),))  # said as the table says it
    return with_modifiers(what, modifier_text(mods, bare=True)), modifier_facts(mods)


def _parts_modded(what, parts, w=EN):
    """(what with each part's modifier, their facts); `parts` [(who, values)]
    (a single part: as `_modded`)."""
    if len(parts) == 1:
        return _modded(what, parts[0][1], w)
    named = [(who, modifiers(v, (("modifier", w["modifier"]),))) for who, v in parts]
    facts = [f for who, mods in named for f in modifier_facts(mods, who)]
    return with_part_modifiers(what, [(who, modifier_text(m, bare=True)) for who, m in named]), facts


def lower(text, w=EN):
    """An outcome's words inside a sentence: lower case in English, as they
    are in German (its nouns keep their capital)."""
    return text.lower() if w["lower_in_sentences"] else text


def _kind(outcome):
    """critical / success / failure / botch, as the contests count it."""
    return KIND[outcome]


def _value_name(abbr, w=EN):
    """'Courage (COU)' for 'COU' (attributes and combat values)."""
    names = w["value_names"]
    return w["value_name"].format(name=names[abbr], abbr=w["abbr"][abbr]) if abbr in names else None


def shown_names(names, w=EN):
    """The attributes' abbreviations as the language writes them ('MU' for
    'COU'), or None; the ids stay in the request."""
    return [w["abbr"].get(n, n) for n in names] if names else names


def _spans(entries, start=0):
    """The indices into `rolls` of each skill-check record's dice, in order."""
    out, i = [], start
    for e in entries:
        n = len(e.get("dice") or [])
        out.append(list(range(i, i + n)))
        i += n
    return out


def _skill_die_notes(roll, w=EN):
    """'EAV 13', then '-2 SP' for a die the SP cover, 'not covered' for one
    they cannot."""
    notes = [w["eav_n"].format(eav=roll["eav"])] if "eav" in roll else []
    if roll.get("short"):
        notes.append(w["not_covered"])
    elif roll.get("cost"):
        notes.append(w["sp_cost"].format(cost=roll["cost"]))
    return notes


def _attribute_names(names, w=EN):
    if names:
        return shown_names(names, w)
    return [w["attribute_n"].format(n=n) for n in (1, 2, 3)]


def _skill_dice(rolls, parts, w=EN):
    """DieViews for the skill checks in `parts` [(indices, names)]: each die
    labelled by its attribute ('COU die', 'attribute 2 die')."""
    labels = {}
    for indices, names in parts:
        for i, n in zip(indices, _attribute_names(names, w)):
            labels[i] = w["die_of"].format(name=n)
    views = die_views(rolls, notes=lambda roll: _skill_die_notes(roll, w), words=w)
    for i, v in enumerate(views):
        v.label = labels.get(i, v.label)
    return views


# -- words for one skill check ---------------------------------------------------
def _verdict(r, w=EN):
    """'success, QL 2', 'failure, 3 SP short', 'botch'."""
    if r.get("automatic"):
        return w["automatic_failure"]
    words = w["short"][r["outcome"]]
    if r["success"]:
        return w["verdict_success"].format(words=words, ql=r["quality_level"])
    if r["outcome"] == "failure":
        return w["verdict_short"].format(words=words, n=r.get("points_short", 0))
    return words


def _eav_list(eavs, names, w=EN):
    """'COU 12, AGI 11, STR 13' (or '12, 11, 13' without names)."""
    if names:
        return ", ".join(f"{n} {e}" for n, e in zip(shown_names(names, w), eavs))
    return ", ".join(str(e) for e in eavs)


def _skill_notes(r, rolls, w=EN):
    """Rule remarks for one skill check (its record and its dice)."""
    if r.get("automatic"):
        return [w["note_automatic"]]
    if _kind(r["outcome"]) == "botch":
        return [w["note_botch"]]
    if _kind(r["outcome"]) == "critical" and any(d.get("short") for d in rolls):
        return [w["note_critical_uncovered"]]
    return []


def _skill_words(part, w=EN):
    """'Climbing (COU/AGI/STR)' from a skill group's `skill` and `names`."""
    skill, names = part.get("skill"), part.get("names")
    if not skill:
        return None
    skill = skill_name(skill, w)
    return f"{skill} ({'/'.join(shown_names(names, w))})" if names else skill


def skill_what(ctx, values):
    """'Climbing (COU/AGI/STR)': the skill's name with its attributes, or
    what the form was filled with."""
    return _skill_words(values, words(ctx.locale)) or ctx.label("")


def with_skill_names(ctx, values):
    """The context with each skill group's own name (`skill`) as the label
    of its part of the form ('', 'a', 'members[1]', 'skills[0]', ...), so
    every card and odds view names what was rolled."""
    labels = dict(ctx.labels)
    w = words(ctx.locale)

    def put(path, part):
        if isinstance(part, dict) and _skill_words(part, w):
            labels[path] = _skill_words(part, w)

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
    return member.get("name") or ctx.name(path) or words(ctx.locale)["hero_n"].format(n=i + 1)


def _heroes(ctx, path, members):
    """'Alrik and Gerda': the heroes of a list, when a character filled any
    of their rows (the others by their own name or 'hero 2'), else None."""
    if not any(ctx.name(f"{path}[{i}]") for i in range(len(members))):
        return None
    return and_list((ctx.name(f"{path}[{i}]") or _member_name(ctx, f"{path}[{i}]", m, i)
                     for i, m in enumerate(members)), words(ctx.locale)["and"])


def _titled(view, what, w=EN):
    """The odds view named after what was rolled ('Climbing (COU/AGI/STR): ...')."""
    if what:
        view.title = w["odds_title_of"].format(what=what)
    return view


def _check_extras(e, w=EN):
    """' (+2 this check, -1 penalty)', ' (-1)' or '' for a check's title."""
    mod, penalty = e.get("check_modifier"), e.get("penalty")
    if not mod:
        return f" ({signed(-penalty)})" if penalty else ""
    parts = [w["this_check"].format(mod=signed(mod))] + (
        [w["penalty"].format(penalty=signed(-penalty))] if penalty else [])
    return f" ({', '.join(parts)})"


# the core skill list as a form offers it (skills.hint)
SKILL_LIST = EN["skill_list"]


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


def _sp(n, w=EN):
    return w["sp"].format(n=n)


def _terms(terms):
    """' + 2 - 1' for the non-zero terms [2, -1] (spaces around each sign)."""
    return "".join(f" {'+' if t > 0 else '-'} {abs(t)}" for t in terms if t)


def _arith(base, terms):
    """'12 - 2 - 1 = 9', or just '12' when every term is 0."""
    shown = _terms(terms)
    return f"{base}{shown} = {base + sum(terms)}" if shown else f"{base}"


def _eav_text(attributes, terms, names, w=EN):
    """'EAVs COU 12 - 2 = 10, ...' for the terms (modifier, -penalty, ...);
    names may be None: 'EAVs 12 - 2 = 10, ...'."""
    labels = [f"{n} " for n in shown_names(names, w)] if names else [""] * 3
    return w["eavs"] + ", ".join(f"{n}{_arith(a, terms)}" for n, a in zip(labels, attributes)) + "."


def _chart_row(chart, ql):
    """'4-6' (or '16+'): the row of the Quality Levels chart of a QL."""
    low, high, _ = chart[ql - 1]
    return f"{low}+" if high is None else f"{low}-{high}"


def with_verdict(r, w=EN):
    """Short words for summaries: 'success with QL 2'."""
    words = lower(w["skill_outcomes"][r["outcome"]], w)
    if r["outcome"] == "failure" and r.get("automatic"):
        return w["automatic_failure"]
    if r["outcome"] == "failure":
        return w["failure_short"].format(sp=_sp(r.get("points_short", 0), w))
    if r["success"]:
        return w["with_ql"].format(words=words, ql=r["quality_level"])
    return words


def throw_steps(r, names, read, w=EN):
    """The sentences of one skill check's throw (its record `r`): each die
    against its EAV with the SP it costs, then the outcome."""
    names = _attribute_names(names, w)
    if r.get("automatic"):
        low = [f"{n}: {e}" for n, e in zip(names, r["eav"]) if e < 1]
        return [w["step_automatic"].format(low=", ".join(low))]
    faces, eavs, rating = r["dice"], r["eav"], r["rating"]
    steps = []
    walk = read.walk(faces, eavs, rating)
    for n, e, face, spend in zip(names, eavs, faces, walk):
        die = dict(die=cap(n), face=face, eav=e, need=_sp(spend.need, w), left=_sp(spend.left, w))
        if spend.need == 0:
            steps.append(w["step_passes"].format(single=w["single_20"] if face == 20 else "", **die))
        elif spend.cost:
            steps.append(w["step_spent"].format(**die))
        elif spend.after_uncovered:
            steps.append(w["step_more"].format(**die))
        else:
            steps.append(w["step_uncovered"].format(**die))
    outcome, ql, points = r["outcome"], r["quality_level"], r["points_left"]
    if KIND[outcome] == "botch":
        n20 = w["three_20"] if outcome == "spectacular_botch" else w["two_20"]
        steps.append(w["step_botch"].format(n20=n20))
    elif KIND[outcome] == "critical":
        n1 = w["three_1"] if outcome == "spectacular_success" else w["two_1"]
        if any(spend.short for spend in walk):  # a die the SP do not cover
            steps.append(w["step_critical_uncovered"].format(n1=n1))
        else:
            steps.append(w["step_critical"].format(n1=n1, left=_sp(points, w), ql=ql,
                                                   row=_chart_row(read.chart, ql)))
    elif outcome == "success":
        steps.append(w["step_success"].format(left=_sp(points, w), ql=ql, row=_chart_row(read.chart, ql)))
    else:
        short = r.get("points_short", 0)
        steps.append(w["step_failure"].format(need=_sp(rating + short, w), rating=rating,
                                              short=_sp(short, w)))
    return steps


# -- the rules' names of the dice a throw asks for ---------------------------------
# (throw.roll_skill, attribute, fate_points, competitive, cumulative: "COU die",
# "B, Alrik: AGI die", "round 2, hero 1, attribute 3 die", "COU die (reroll)",
# "d20 (fate point)", "confirmation"): the page labels the fields of the dice
# a follow-up asks for (`new_dice`) and of the entered dice still missing
_LABEL_PREFIX = re.compile(r"(?:(?P<side>[AB])(?:, (?P<side_who>[^:]*))?: |check (?P<check>\d+), "
                           r"(?:(?P<skill>[^,]*), (?=.))?|round (?P<round>\d+), (?P<who>[^,]*), )")
_NUMBERED = re.compile(r"(attribute|hero) (\d+)")


def die_label(label, w=EN):
    """A die's label from the rules in the words `w` (English: as it is)."""
    found = _LABEL_PREFIX.match(label)
    prefix, core = "", label
    if found:
        core = label[found.end():]
        g = found.groupdict()
        if g["side"]:
            prefix = (w["label_side_who"].format(side=g["side"], who=_label_name(g["side_who"], w))
                      if g["side_who"] is not None else w["label_side"].format(side=g["side"]))
        elif g["check"]:
            prefix = (w["label_check_skill"].format(n=g["check"], skill=skill_name(g["skill"], w))
                      if g["skill"] is not None else w["label_check"].format(n=g["check"]))
        else:
            prefix = w["label_round"].format(n=g["round"], who=_label_name(g["who"], w))
    return prefix + _die_core(core, w)


def _die_core(core, w):
    if core == "confirmation":
        return w["label_confirmation"]
    if core.endswith(" (fate point)"):
        return w["label_fate_point"].format(die=_die_core(core[:-len(" (fate point)")], w))
    if core.endswith(" die (reroll)"):
        return w["label_reroll"].format(name=_label_name(core[:-len(" die (reroll)")], w))
    if core.endswith(" die"):
        return w["die_of"].format(name=_label_name(core[:-len(" die")], w))
    return core


def _label_name(name, w):
    """An attribute's or a hero's name in a label: "COU" -> "MU", "hero 2" ->
    "Held 2"; a name typed in the form as it is."""
    numbered = _NUMBERED.fullmatch(name)
    if numbered:
        return w[f"{numbered.group(1)}_n"].format(n=numbered.group(2))
    return w["abbr"].get(name, name)
