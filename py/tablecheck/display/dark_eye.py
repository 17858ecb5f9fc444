"""What a person sees of The Dark Eye's checks: cards, history lines and odds
views, in the game's words (EAV, SP, QL).

Reads the records of `tablecheck.systems.dark_eye` only; the rules stay
there. Each check's dice are consecutive in `rolls` (a skill check rolls its
three dice in the order of its attributes), and a check that could not be
rolled (an EAV below 1) rolls none: the groups count each record's own
`dice` to find their indices.
"""

from dataclasses import replace

from .common import (chart, die_views, fig, headline, line, modifier_facts, modifier_text, modifiers,
                     outcome_rows, with_modifiers, with_part_modifiers)
from .model import Action, Card, Cell, Group, Headline, OddsView, Table
from .words import and_list, cap, number, pct_text, signed

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


def _rules():
    """The rules module (imported late: it imports this one)."""
    from ..systems import dark_eye
    return dark_eye


def _kind(outcome):
    """critical / success / failure / botch, as the contests count it."""
    return _rules().KIND[outcome]


def _value_name(abbr):
    """'Courage (COU)' for 'COU' (attributes and combat values)."""
    rules = _rules()
    names = dict(rules.ATTRIBUTES + rules.COMBAT_VALUES)
    return f"{names[abbr]} ({abbr})" if abbr in names else None


# -- dice ----------------------------------------------------------------------
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


# -- fate points and aptitude: the advice and the follow-ups ---------------------------
FATE_GROUP = "Spend a fate point: reroll"
APTITUDE_GROUP = "Aptitude: reroll one die"


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


def _dice_words(positions, names, faces):
    """'COU 15 + STR 16' (or 'die 1 (15) + die 3 (16)' when the attributes
    are not named): the dice a choice rerolls, with what they show."""
    if names is None:
        return " + ".join(f"die {p} ({faces[p - 1]})" for p in positions)
    return " + ".join(f"{names[p - 1]} {faces[p - 1]}" for p in positions)


def _advice_text(c, best):
    text = f"{pct_text(c['success_chance'])} success"
    if "expected_quality_level" in c:
        text += f", mean QL {number(c['expected_quality_level'])}"
    return f"Best: {text}" if best else text


def _advice_table(advice, names, faces, title):
    """The exact odds of every choice, best first, and of keeping the throw."""
    qls = [str(q) for q in range(1, 7)]
    rows = []
    keep_best = _rank_key(advice["keep"]) >= _rank_key(advice["choices"][0])
    advised = [] if keep_best else advice["best"]  # [] is the keep row's dice
    for c in [advice["keep"]] + advice["choices"]:
        head = "Keep the throw" if not c["dice"] else "Reroll " + _dice_words(c["dice"], names, faces)
        cells = [Cell(pct_text(c["success_chance"]), c["success_chance"],
                      strong=c["dice"] == advised),
                 Cell(number(c["expected_quality_level"]))]
        cells += [Cell(pct_text(c["quality_levels"][q]), c["quality_levels"][q]) for q in qls]
        rows.append((head, cells))
    return Table(title=f"{title}: the odds of each choice", key=f"advice_{advice['rule']}",
                 columns=["Choice", "Success", "Mean QL"] + [f"QL {q}" for q in qls], rows=rows,
                 notes=["Exact odds over the new dice, best first (ties: higher mean QL, then "
                        "fewer dice); mean QL counts a failure as 0."])


def _rank_key(c):
    return (c["success_chance"], c["expected_quality_level"])


def _reroll_actions(ctx, advice, names, faces, group):
    """A button for each reroll that beats keeping the throw (chance of
    success, then mean QL), the advised one first; the others stay in the
    table."""
    rule = advice["rule"]
    out = []
    keep = _rank_key(advice["keep"])
    for c in advice["choices"]:
        best = c["dice"] == advice["best"]
        if _rank_key(c) <= keep:
            continue
        out.append(Action(
            label=f"Reroll {_dice_words(c['dice'], names, faces)}",
            request=ctx.follow_up(reroll={"rule": rule, "dice": list(c["dice"])}, first_throw=list(faces)),
            group=group, detail=_advice_text(c, best), best=best,
            spend=_spend(ctx) if rule == "fate_point" else None))
    return out


def _skill_follow_ups(ctx, values, result):
    """(actions, tables) a skill check's card offers: the rerolls with their
    advice, and +1 QL on a success."""
    advice = _rules().skill_follow_ups(values, result)
    names = values.get("names")
    faces = result.get("dice") or []
    actions, tables = [], []
    notes = []
    for rule, group in (("fate_point", FATE_GROUP), ("aptitude", APTITUDE_GROUP)):
        if rule in advice:
            offered = _reroll_actions(ctx, advice[rule], names, faces, group)
            actions += offered
            tables.append(_advice_table(advice[rule], names, faces, group))
            if not offered and not result["success"]:
                word = "a fate point" if rule == "fate_point" else "aptitude"
                notes.append(f"No reroll by {word} beats keeping the throw "
                             f"({_advice_text(advice[rule]['keep'], False)}).")
    if "fate_point" in advice and result["success"] and result["quality_level"] < 6:
        actions.append(Action(
            label=f"Spend a fate point: +1 QL (QL {result['quality_level'] + 1})",
            request=ctx.follow_up(fate_point_ql=True, first_throw=list(faces), reroll=None),
            spend=_spend(ctx)))
    return actions, tables, notes


def _first_throw_facts(values, result):
    """'First throw': the dice and verdict before a reroll; 'QL before'."""
    facts = []
    first = result.get("first")
    if first:
        facts.append(fig("First throw", f"{', '.join(str(f) for f in first['dice'])}: "
                                        f"{_verdict(first)}", "first"))
    if result.get("fate_point_ql"):
        facts.append(fig("QL before the fate point", result["quality_level_before"],
                         "quality_level_before"))
    return facts


def _reroll_note(values, result):
    reroll = result.get("reroll")
    if not reroll:
        return []
    names = _attribute_names(values.get("names"))
    which = and_list([f"the {names[p - 1]} die" for p in reroll["dice"]])
    if reroll["rule"] == "fate_point":
        return [f"A fate point rerolled {which}; the new values stand."]
    return [f"Aptitude rerolled {which}; the better (lower) value stands."]


def _reroll_die_notes(roll):
    """A die a reroll replaced says so (its SP no longer count); a new die
    aptitude set aside says the better value stood."""
    if roll.get("rerolled") and roll.get("kept") is False:
        return [f"EAV {roll['eav']}"] if "eav" in roll else []
    if roll.get("kept") is False:
        return ["set aside: the better value stands"]
    return _skill_die_notes(roll)


def _attribute_follow_ups(ctx, values, result):
    advice = _rules().attribute_follow_ups(values, result).get("fate_point")
    if not advice:
        return []
    c = advice["choices"][0]
    faces = [result["roll"]] + ([result["confirmation"]["value"]] if result.get("confirmation") else [])
    return [Action(label="Spend a fate point: reroll the die",
                   request=ctx.follow_up(reroll={"rule": "fate_point", "dice": [1]}, first_throw=faces),
                   group=FATE_GROUP, detail=_advice_text(c, False), spend=_spend(ctx))]


# -- attribute check ---------------------------------------------------------------
def attribute_card(ctx, values, result):
    outcome, eav, face = result["outcome"], result["eav"], result.get("roll")
    what = ctx.label("") or _value_name(values.get("name"))
    subject = ctx.name("")
    facts = [fig("EAV", eav, "eav")]
    notes = []
    if face is None:
        notes.append(f"EAV {eav} is below 1: the check fails automatically; no die is rolled.")
        key, key_text = None, f"EAV {eav} below 1"
    else:
        key, key_text = fig("Roll", face, "roll"), f"rolled {face} vs EAV {eav}"
        if face == 20 and eav >= 20:
            notes.append("A 20 always fails, even at EAV 20 or more.")
    first = result.get("first")
    if first:
        facts.append(fig("First throw", f"{first['roll']}: {ctx.words(first['outcome']).lower()}",
                          "first"))
        notes.append("A fate point rerolled the die; the new value stands (a confirmation roll "
                     "is never rerolled).")
        key_text += " after a fate point"
    modded, mod_facts = _modded(what or ctx.check_label, values)
    return Card(
        title=ctx.title_for(what),
        subject=subject,
        headline=headline(ctx, outcome),
        key=key,
        facts=facts + mod_facts,
        notes=notes,
        line=line(subject, modded, ctx.words(outcome).lower(), key_text),
        dice=_attribute_dice(result, values),
        actions=_attribute_follow_ups(ctx, values, result),
    )


def _attribute_dice(result, values):
    """The die ('COU die') and its confirmation roll, each with the EAV;
    the confirmation roll says whether it confirmed."""
    rolls = result.get("rolls", [])
    outcome, name = result["outcome"], values.get("name")

    def label(roll):
        if roll.get("confirmation"):
            return "confirmation roll"
        return f"{name} die" if name else "d20"

    def notes(roll):
        out = [f"EAV {roll['eav']}"] if "eav" in roll else []
        if roll.get("kept") is False:  # the first throw, before a fate point
            return out + ([] if roll.get("rerolled") else ["set aside with its die"])
        if roll.get("confirmation"):
            confirmed = outcome in ("critical_success", "botch")
            out.append("confirmed" if confirmed else "not confirmed")
        return out

    views = die_views(rolls, notes=notes, label=label)
    for v in views:  # 'set aside with its die' says it already
        if "set aside with its die" in v.notes:
            v.notes = [n for n in v.notes if n != "dropped"]
    return views


def attribute_odds(ctx, values, odds):
    eav = odds["eav"]
    notes = []
    if eav < 1:
        notes.append(f"EAV {eav} is below 1: the check always fails.")
    elif eav >= 20:
        notes.append("At EAV 20 or more only a 20 can fail (and only a confirmed 20 botches).")
    return OddsView(
        outcomes=outcome_rows(ctx, odds),
        figures=[fig("Chance of success", pct_text(odds["success_chance"]), "success_chance"),
                 fig("EAV", eav, "eav")],
        notes=notes,
    )


# -- skill check ---------------------------------------------------------------------
def skill_card(ctx, values, result):
    ctx = with_skill_names(ctx, values)
    outcome = result["outcome"]
    subject = ctx.name("")
    what = skill_what(ctx, values)
    rolls = result.get("rolls", [])
    facts = []
    key = None
    if result["success"]:
        key = fig("QL", result["quality_level"], "quality_level")
        facts.append(fig("SP left", result["points_left"], "points_left"))
    elif outcome == "failure" and not result.get("automatic"):
        facts.append(fig("SP short", result.get("points_short", 0), "points_short"))
    if not result.get("dice"):  # no die shows its EAV under it
        facts.append(fig("EAVs", _eav_list(result["eav"], values.get("names")), "eav"))
    facts += _first_throw_facts(values, result)
    standing = [d for d in rolls if d.get("kept") is not False]
    notes = _skill_notes(result, standing) + _reroll_note(values, result)
    if result.get("attempt", 1) > 1:
        penalty = signed(-(result["attempt"] - 1))
        facts.append(fig("Attempt", f"{result['attempt']} ({penalty} on every EAV)", "attempt"))
    actions, tables, advice_notes = _skill_follow_ups(ctx, values, result)
    notes += advice_notes
    outcome_text, key_text = _skill_line(result)
    if result.get("reroll"):
        after = " after " + ("a fate point" if result["reroll"]["rule"] == "fate_point" else "aptitude")
        if result["success"]:
            outcome_text += after
        else:  # 'failure after aptitude, 4 SP short'
            head, _, tail = outcome_text.partition(", ")
            outcome_text, key_text = head + after, tail or key_text
    if result.get("fate_point_ql"):
        key_text += " (+1 from a fate point)"
    dice = _skill_dice(rolls, [(range(min(3, len(rolls))), values.get("names"))])
    for view, roll in zip(dice, rolls):
        if result.get("reroll"):
            view.notes = [n for n in _reroll_die_notes(roll) + _generic_flags(roll) if n]
    modded, mod_facts = _modded(what or ctx.check_label, values)
    return Card(
        title=ctx.title_for(what),
        subject=subject,
        headline=headline(ctx, outcome),
        key=key,
        facts=facts + mod_facts,
        notes=notes,
        line=line(subject, modded, outcome_text, key_text),
        dice=dice,
        actions=actions,
        tables=tables,
    )


def _generic_flags(roll):
    if roll.get("rerolled"):
        return ["rerolled"]
    return []


def _skill_line(r):
    """(outcome text, key text) of a skill check's history line."""
    if r["success"]:
        return SHORT[r["outcome"]], f"QL {r['quality_level']}"
    return _verdict(r), None


def skill_odds(ctx, values, odds):
    ctx = with_skill_names(ctx, values)
    notes = []
    if min(odds["eav"]) < 1:
        notes.append("An EAV is below 1: the check always fails.")
    what = skill_what(ctx, values)
    figures = [
        fig("Chance of success", pct_text(odds["success_chance"]), "success_chance"),
        fig("Expected QL", number(odds["expected_quality_level"]), "expected_quality_level"),
        fig("EAV", _eav_list(odds["eav"], values.get("names")), "eav"),
    ]
    tables = []
    if "choices" in odds:  # "which dice should I reroll?" for the throw on the table
        names = values.get("names")
        faces = values.get("first_throw") or [int(f) for f in (ctx.request.get("dice") or [])]
        group = FATE_GROUP if odds["rule"] == "fate_point" else APTITUDE_GROUP
        tables.append(_advice_table(odds, names, faces, group))
        best = odds["choices"][0]
        keep_best = _rank_key(odds["keep"]) >= _rank_key(best)
        figures.insert(0, fig("Best choice", "Keep the throw" if keep_best
                              else "Reroll " + _dice_words(odds["best"], names, faces), "best"))
        notes.append(f"The outcomes are those after rerolling {_dice_words(odds['rerolled'], names, faces)}.")
    return OddsView(
        title=f"{what}: chance of each outcome" if what else "Chance of each outcome",
        outcomes=outcome_rows(ctx, odds),
        figures=figures,
        charts=[chart("Quality level (QL)", odds["quality_levels"], "quality_levels")],
        tables=tables,
        notes=notes + ["Expected QL counts a failed check as 0."],
    )


# -- contests (competitive and group competitive) ---------------------------------------
def _one_label(ctx, paths):
    """The one thing these parts of the form rolled ('Climbing'), or None
    when none is named or they differ."""
    labels = {ctx.label(p) for p in paths} - {None}
    return labels.pop() if len(labels) == 1 else None


def _contest_what(ctx, paths):
    """What was rolled: the form's label, else the sides' ('Stealth vs
    Perception'; `paths` {side: its form paths}), else None."""
    if ctx.label(""):
        return ctx.label("")
    la, lb = (_one_label(ctx, paths[s]) for s, _ in SIDES)
    if la and lb:
        return la if la == lb else f"{la} vs {lb}"
    return la or lb


def _contest_headline(ctx, result):
    winner = result.get("winner")
    if winner is None:
        return Headline(ctx.words(result["outcome"]), "neutral")
    return Headline(f"{_side_name(ctx, winner)} wins", ctx.contest_tone(winner))


def _side_name(ctx, side):
    return ctx.name(side, dict(SIDES)[side])


def _contest_card(ctx, values, result, groups, notes, facts, subject, paths, parts, sides):
    """`parts` [(who, values)]: the skill groups whose modifiers count;
    `sides` {side: how it did, in words}: the summary's second sentence."""
    what = _contest_what(ctx, paths)
    head = _contest_headline(ctx, result)
    key = fig("Final QL", result["quality_level"], "quality_level") if result.get("winner") else None
    if values.get("passive"):
        facts = facts + [fig("Passive side", _side_name(ctx, values["passive"]), "passive")]
    modded, mod_facts = _parts_modded(what or ctx.check_label, parts)
    return Card(
        title=ctx.title_for(what),
        subject=subject,
        headline=head,
        key=key,
        facts=facts + mod_facts,
        groups=groups,
        notes=notes,
        summary=_contest_summary(ctx, head, key, sides),
        line=line(subject, modded, head.label if key else head.label.lower(),
                  f"final QL {key.value}" if key else None),
    )


def _contest_summary(ctx, head, key, sides):
    """'Gerda wins with final QL 2. Alrik: failure, 2 SP short; Gerda:
    success, QL 2.': the sides by their names (the rules' summary says A and B)."""
    first = f"{head.label} with final QL {key.value}." if key else f"{head.label}."
    how = "; ".join(f"{_side_name(ctx, s)}: {sides[s]}" for s, _ in SIDES)
    return f"{first} {how}."


def _contest_notes(ctx, kinds, passive):
    """Why the contest came out so (the competitive rules), from each side's
    kind (critical / success / failure / botch) and QL."""
    (ka, qa), (kb, qb) = kinds["a"], kinds["b"]
    name = {s: _side_name(ctx, s) for s, _ in SIDES}
    p = name.get(passive)
    if ka == kb == "critical":
        return ["Both sides roll a critical success: neither wins."]
    if "critical" in (ka, kb):
        s = "a" if ka == "critical" else "b"
        return [f"{name[s]}'s critical success wins automatically."]
    if ka == kb == "botch":
        return ["Both sides botch: neither wins."]
    notes = [f"{name[s]}'s botch counts as an automatic failure."
             for s, k in (("a", ka), ("b", kb)) if k == "botch"]
    if ka == kb == "success" and qa == qb:
        notes.append(f"A tie at QL {qa}: the passive side, {p}, wins with QL 1." if p
                     else f"A tie at QL {qa} and no passive side: neither wins.")
    elif ka != "success" and kb != "success":
        notes.append(f"Both sides fail: the passive side, {p}, wins with QL 1." if p
                     else "Both sides fail and there is no passive side: neither wins.")
    elif ka == kb == "success":
        notes.append(f"QL {qa} against QL {qb}: the final QL is the difference.")
    return notes


def competitive_card(ctx, values, result):
    ctx = with_skill_names(ctx, values)
    spans = _spans([result["a"], result["b"]])
    groups, parts = [], []
    for (side, _), indices in zip(SIDES, spans):
        r = result[side]
        groups.append(Group(_side_name(ctx, side), cap(_verdict(r)), indices))
        parts.append((indices, values[side].get("names")))
    kinds = {s: (_kind(result[s]["outcome"]), result[s]["quality_level"]) for s, _ in SIDES}
    notes = _contest_notes(ctx, kinds, values.get("passive"))
    subject = ctx.versus([p for p, _ in SIDES], [d for _, d in SIDES])
    card = _contest_card(ctx, values, result, groups, notes, [], subject,
                         {s: [s] for s, _ in SIDES},
                         [(_side_name(ctx, s), values[s]) for s, _ in SIDES],
                         {s: _verdict(result[s]) for s, _ in SIDES})
    card.dice = _skill_dice(result.get("rolls", []), parts)
    return card


def _member_name(ctx, path, member, i):
    return member.get("name") or ctx.name(path) or f"hero {i + 1}"


def _side_kind(members, total):
    """How a group side counts in the contest, read from its heroes' records
    (reading "Group competitive check": any botch, else any critical)."""
    if any(_kind(r["outcome"]) == "botch" for r in members):
        return "botch"
    if any(_kind(r["outcome"]) == "critical" for r in members):
        return "critical"
    return "success" if total > 0 else "failure"


def _heroes(ctx, path, members):
    """'Alrik and Gerda': the heroes of a list, when a character filled any
    of their rows (the others by their own name or 'hero 2'), else None."""
    if not any(ctx.name(f"{path}[{i}]") for i in range(len(members))):
        return None
    return and_list(ctx.name(f"{path}[{i}]") or _member_name(ctx, f"{path}[{i}]", m, i)
                    for i, m in enumerate(members))


def _sides_subject(ctx, values):
    """'Alrik and Gerda vs Side B': each side by its character's name, else
    by its heroes' characters; None when no character is named."""
    names = [ctx.name(s) or _heroes(ctx, s, values[s]) for s, _ in SIDES]
    if not any(names):
        return None
    return " vs ".join(n or d for n, (_, d) in zip(names, SIDES))


def _group_contest_notes(ctx, values, result, kinds):
    """The competitive notes, a side's critical naming the heroes who rolled
    it; a critical that a botch on its side undoes is said too."""
    notes = _contest_notes(ctx, kinds, values.get("passive"))

    def who(side, kind):
        """("Alrik's critical success", count) for the heroes of this kind."""
        names = [_member_name(ctx, f"{side}[{i}]", m, i)
                 for i, (m, r) in enumerate(zip(values[side], result[side]))
                 if _kind(r["outcome"]) == kind]
        words = {"critical": ("critical success", "critical successes"),
                 "botch": ("botch", "botches")}[kind]
        if len(names) == 1:
            return f"{names[0]}'s {words[0]}", 1
        return f"the {words[1]} of {and_list(names)}", len(names)

    critical = [s for s, _ in SIDES if kinds[s][0] == "critical"]
    if len(critical) == 1 and len(values[critical[0]]) > 1:
        s = critical[0]
        text, n = who(s, "critical")
        notes = [f"{cap(text)} {'wins' if n == 1 else 'win'} automatically for "
                 f"{_side_name(ctx, s)}, as in a competitive check."]
    for s, _ in SIDES:
        crit, n = who(s, "critical")
        if kinds[s][0] == "botch" and n:
            notes.append(f"{cap(crit)} {'does' if n == 1 else 'do'} not count: "
                         f"{who(s, 'botch')[0]} {'discards' if who(s, 'botch')[1] == 1 else 'discard'} "
                         f"{_side_name(ctx, s)}'s QL.")
    return notes


def group_competitive_card(ctx, values, result):
    ctx = with_skill_names(ctx, values)
    entries = result["a"] + result["b"]
    spans = iter(_spans(entries))
    groups, parts, facts, kinds, heroes, sides = [], [], [], {}, [], {}
    for side, _ in SIDES:
        side_name = _side_name(ctx, side)
        for i, (member, r) in enumerate(zip(values[side], result[side])):
            indices = next(spans)
            who = _member_name(ctx, f"{side}[{i}]", member, i)
            groups.append(Group(f"{side_name} · {who}", cap(_verdict(r)), indices))
            parts.append((indices, member.get("names")))
            heroes.append((who, member))
        total = result["side_quality"][side]
        kinds[side] = (_side_kind(result[side], total), total)
        shown = "botch (QL discarded)" if kinds[side][0] == "botch" else str(total)
        facts.append(fig(f"{side_name} QL", shown, f"side_quality.{side}"))
        sides[side] = f"QL {shown}" if kinds[side][0] != "botch" else shown
    notes = _group_contest_notes(ctx, values, result, kinds)
    paths = {s: [s] + [f"{s}[{i}]" for i in range(len(values[s]))] for s, _ in SIDES}
    card = _contest_card(ctx, values, result, groups, notes, facts, _sides_subject(ctx, values),
                         paths, heroes, sides)
    card.dice = _skill_dice(result.get("rolls", []), parts)
    return card


def _contest_odds(ctx, values, odds):
    rows = outcome_rows(ctx, odds)
    for row in rows:
        if row.id in ("a_wins", "b_wins"):
            row.label = f"{_side_name(ctx, row.id[0])} wins"
            row.tone = ctx.contest_tone(row.id[0])
    charts = [chart(f"{_side_name(ctx, s)} wins: final QL", odds["quality_levels"][f"{s}_wins"],
                    f"quality_levels.{s}_wins")
              for s, _ in SIDES if odds["quality_levels"].get(f"{s}_wins")]
    notes = ["Each chart: the chance of that side winning with each final QL."]
    if not values.get("passive"):
        notes.append("No passive side: a tie, or both sides failing, leaves the check unresolved.")
    return _titled(OddsView(outcomes=rows, charts=charts, notes=notes),
                   _contest_what(ctx, _contest_paths(values)))


def _contest_paths(values):
    """{side: the form paths of its skill groups} of a (group) competitive check."""
    return {s: [f"{s}[{i}]" for i in range(len(values[s]))] if isinstance(values[s], list) else [s]
            for s, _ in SIDES}


def _titled(view, what):
    """The odds view named after what was rolled ('Climbing (COU/AGI/STR): ...')."""
    if what:
        view.title = f"{what}: chance of each outcome"
    return view


def competitive_odds(ctx, values, odds):
    ctx = with_skill_names(ctx, values)
    return _contest_odds(ctx, values, odds)


def group_competitive_odds(ctx, values, odds):
    ctx = with_skill_names(ctx, values)
    return _contest_odds(ctx, values, odds)


# -- cumulative and group checks -------------------------------------------------------------
def _check_summary(e, single, last_of_round):
    """'success, QL 2, total 5 QL'; a critical 'QL 2 doubled to 4'."""
    if _kind(e["outcome"]) == "critical":
        text = f"{SHORT[e['outcome']]}, QL {e['quality_level']} doubled to {e['gained']}"
    elif _kind(e["outcome"]) == "botch":
        return f"{SHORT[e['outcome']]}: all QL lost"
    else:
        text = _verdict(e)
    if single:
        return f"{text}, total {e['total']} QL"
    if last_of_round:
        return f"{text}; round {e['round']} ends with {e['total']} QL"
    return text


def _check_groups(ctx, values, result, single):
    """One group per check (cumulative) or per hero per round (group)."""
    checks = result["checks"]
    groups, parts = [], []
    members = [values] if single else values["members"]
    for n, (e, indices) in enumerate(zip(checks, _spans(checks))):
        last = n + 1 == len(checks) or checks[n + 1]["round"] != e["round"]
        penalty = _check_extras(e)
        if single:
            title = f"Check {e['number']}{penalty}"
        else:
            i = e["member"]
            who = _member_name(ctx, f"members[{i}]", members[i], i)
            title = f"Round {e['round']} · {who}{penalty}"
        member = members[0] if single else members[e["member"]]
        groups.append(Group(title, cap(_check_summary(e, single, last)), indices,
                            SKILL_TONES[e["outcome"]]))
        parts.append((indices, member.get("names")))
    return groups, parts


def _cumulative_card(ctx, values, result, single, limit):
    outcome, total, made = result["outcome"], result["total_quality"], result["rounds"]
    unit = "check" if single else "round"
    subject = ctx.name("") if single else (ctx.name("") or _heroes(ctx, "members", values["members"]))
    what = ctx.label("")
    if not single and not what:
        what = _one_label(ctx, [f"members[{i}]" for i in range(len(values["members"]))])
    groups, parts = _check_groups(ctx, values, result, single)
    key = None if outcome == "botch" else fig("Total QL", total, "total_quality")
    needed = str(values["target"])
    if values["partial"] is not None:
        needed += f" (partial success: {values['partial']})"
    facts = [fig("QL needed", needed, "target"),
             fig(f"{cap(unit)}s made", f"{made} of {limit}", "rounds")]
    notes = []
    if outcome in ("partial_success", "failure") and made < limit:
        who = "an EAV is below 1" if single else "every hero has an EAV below 1"
        when = f"Stopped after {unit} {made}" if made else "No dice rolled"
        notes.append(f"{when}: {who}, so no further check can succeed.")
    if any(_kind(e["outcome"]) == "critical" for e in result["checks"]):
        notes.append("A critical success doubles its QL and clears the accumulated penalty.")
    if any(e["outcome"] == "failure" for e in result["checks"]):
        notes.append("Each failed check adds -1 to that hero's later checks." if not single
                     else "Each failed check adds -1 to the later checks.")
    if outcome == "botch":
        key_text = f"all QL lost in {unit} {made}"
    else:
        key_text = f"total QL {total}"
    if single:
        modded, mod_facts = _modded(what or ctx.check_label, values)
    else:
        modded, mod_facts = _parts_modded(what or ctx.check_label, [
            (_member_name(ctx, f"members[{i}]", m, i), m) for i, m in enumerate(values["members"])])
    return _run_card(ctx, what, subject, outcome, key, key_text, facts + mod_facts + _per_check(values),
                     groups, notes, _skill_dice(result.get("rolls", []), parts), modded)


def _run_card(ctx, what, subject, outcome, key, key_text, facts, groups, notes, dice, modded):
    """The card of a run of skill checks (cumulative, group, several skills);
    `modded`: what was rolled with its modifiers, for the line."""
    return Card(title=ctx.title_for(what), subject=subject, headline=headline(ctx, outcome), key=key,
                facts=facts, groups=groups, notes=notes, dice=dice,
                line=line(subject, modded, SHORT[outcome], key_text))


def _per_check(values):
    """The modifier of each check, as a fact, when any is set."""
    if not any(values.get("modifiers") or []):
        return []
    return [fig("Modifier per check", _modifier_list(values), "modifiers")]


def cumulative_card(ctx, values, result):
    ctx = with_skill_names(ctx, values)
    return _cumulative_card(ctx, values, result, True, values["max_checks"])


def group_card(ctx, values, result):
    ctx = with_skill_names(ctx, values)
    return _cumulative_card(ctx, values, result, False, values["max_rounds"])


def _cumulative_odds(ctx, values, odds, needed_key, unit):
    p = odds["outcomes"]
    figures = [fig("Chance of success", pct_text(p["success"]), "outcomes.success")]
    if values.get("partial") is not None:
        figures.append(fig("Chance of at least a partial success",
                           pct_text(p["success"] + p["partial_success"]), "success_or_partial"))
    if "eav" in odds:
        figures.append(fig("EAV", _eav_list(odds["eav"], values.get("names")), "eav"))
    if _modifier_list(values):
        figures.append(fig("Modifier per check", _modifier_list(values), "modifiers"))
    what = ctx.label("")
    if not what and "members" in values:
        what = _one_label(ctx, [f"members[{i}]" for i in range(len(values["members"]))])
    return _titled(OddsView(
        outcomes=outcome_rows(ctx, odds),
        figures=figures,
        charts=[chart(f"{cap(unit)}s needed", odds[needed_key], needed_key),
                chart(f"QL collected when the {unit}s run out", odds["quality_if_short"],
                      "quality_if_short")],
        notes=[f"{cap(unit)}s needed: the chance of reaching the target QL in each {unit}.",
               f"QL collected: the chance of ending with each QL when the {unit}s run out "
               "(no botch, target not reached)."],
    ), what)


def cumulative_odds(ctx, values, odds):
    ctx = with_skill_names(ctx, values)
    return _cumulative_odds(ctx, values, odds, "checks_needed", "check")


def group_odds(ctx, values, odds):
    ctx = with_skill_names(ctx, values)
    return _cumulative_odds(ctx, values, odds, "rounds_needed", "round")


# -- cumulative check with several skills -------------------------------------------------------
def _multi_skill_name(ctx, values, i):
    """A skill of the list: its `skill` name, else what filled its row
    ('Woodworking'), else 'skill 2'."""
    return values["skills"][i].get("skill") or ctx.label(f"skills[{i}]") or f"skill {i + 1}"


def _multi_named(ctx, values):
    """Every skill's name, or None when one of them has none."""
    names = [values["skills"][i].get("skill") or ctx.label(f"skills[{i}]")
             for i in range(len(values["skills"]))]
    return names if all(names) else None


def _check_extras(e):
    """' (+2 this check, -1 penalty)', ' (-1)' or '' for a check's title."""
    mod, penalty = e.get("check_modifier"), e.get("penalty")
    if not mod:
        return f" ({signed(-penalty)})" if penalty else ""
    parts = [f"{signed(mod)} this check"] + ([f"{signed(-penalty)} penalty"] if penalty else [])
    return f" ({', '.join(parts)})"


def _multi_summary(e, name, target):
    """'Success, QL 2, Metalworking 4 of 6'."""
    if _kind(e["outcome"]) == "botch":
        return f"{cap(SHORT[e['outcome']])}: all QL lost"
    if _kind(e["outcome"]) == "critical":
        text = f"{SHORT[e['outcome']]}, QL {e['quality_level']} doubled to {e['gained']}"
    else:
        text = _verdict(e)
    return cap(f"{text}, {name} {e['quality'][e['skill']]} of {target}")


def cumulative_skills_card(ctx, values, result):
    ctx = with_skill_names(ctx, values)
    outcome, total, made = result["outcome"], result["total_quality"], result["rounds"]
    skills = values["skills"]
    names = [_multi_skill_name(ctx, values, i) for i in range(len(skills))]
    named = _multi_named(ctx, values)
    what = ctx.label("") or (and_list(named) if named else None)
    heroes = [ctx.name(f"skills[{i}]") for i in range(len(skills))]
    subject = ctx.name("") or (and_list(sorted(set(heroes) - {None})) if any(heroes) else None)
    groups, parts = [], []
    for e, indices in zip(result["checks"], _spans(result["checks"])):
        i = e["skill"]
        groups.append(Group(f"Check {e['number']}: {names[i]}{_check_extras(e)}",
                            _multi_summary(e, names[i], skills[i]["target"]), indices,
                            SKILL_TONES[e["outcome"]]))
        parts.append((indices, skills[i].get("names")))
    key = None if outcome == "botch" else fig("Total QL", total, "total_quality")
    facts = []
    for i, s in enumerate(result["skills"]):
        shown = f"{s['quality']} of {s['target']}" + (" (reached)" if s["reached"] else "")
        facts.append(fig(names[i], "all lost" if outcome == "botch" else shown,
                         f"skills[{i}].quality"))
    needed = str(sum(s["target"] for s in skills))
    if values["partial"] is not None:
        needed += f" (partial success: {values['partial']})"
    facts += [fig("QL needed", needed, "target"),
              fig("Checks made", f"{made} of {values['max_checks']}", "rounds")]
    notes = []
    if outcome in ("partial_success", "failure") and made < values["max_checks"]:
        when = f"Stopped after check {made}" if made else "No dice rolled"
        notes.append(f"{when}: every skill still missing QL has an EAV below 1, so no further "
                     "check can succeed.")
    order = values.get("order") or []
    if len(skills) > 1:
        if not order:
            notes.append("Each check uses the skill with the most QL still missing (the first "
                         "listed on a tie).")
        else:
            notes.append("Each check uses the skill the order names; after the order, or when "
                         "that skill has its QL, the one with the most QL still missing.")
    if any(_kind(e["outcome"]) == "critical" for e in result["checks"]):
        notes.append("A critical success doubles its QL and clears the accumulated penalty.")
    if any(e["outcome"] == "failure" for e in result["checks"]):
        notes.append("Each failed check adds -1 to the later checks, whatever their skill.")
    if outcome != "botch" and any(s["quality"] > s["target"] for s in result["skills"]):
        notes.append("QL above a skill's target do not count toward the total.")
    key_text = f"all QL lost in check {made}" if outcome == "botch" else f"total QL {total}"
    modded, mod_facts = _parts_modded(what or ctx.check_label, list(zip(names, skills)))
    return _run_card(ctx, what, subject, outcome, key, key_text, facts + mod_facts + _per_check(values),
                     groups, notes, _skill_dice(result.get("rolls", []), parts), modded)


def _modifier_list(values):
    """'+1, 0, -2' for a `modifiers` list, or None."""
    mods = values.get("modifiers")
    return ", ".join(signed(m) if m else "0" for m in mods) if mods else None


def cumulative_skills_odds(ctx, values, odds):
    ctx = with_skill_names(ctx, values)
    p = odds["outcomes"]
    figures = [fig("Chance of success", pct_text(p["success"]), "outcomes.success")]
    if values.get("partial") is not None:
        figures.append(fig("Chance of at least a partial success",
                           pct_text(p["success"] + p["partial_success"]), "success_or_partial"))
    for i, s in enumerate(values["skills"]):
        figures.append(fig(f"{_multi_skill_name(ctx, values, i)}: EAV",
                           f"{_eav_list(odds['eav'][i], s.get('names'))}; {s['target']} QL needed",
                           f"eav[{i}]"))
    if _modifier_list(values):
        figures.append(fig("Modifier per check", _modifier_list(values), "modifiers"))
    notes = ["Checks needed: the chance of every skill reaching its QL in each check.",
             "QL collected: the chance of ending with each total (each skill's QL up to its "
             "target) when the checks run out (no botch, not every target reached)."]
    if len(values["skills"]) > 1:
        notes.append("The odds follow the order given, then the skill with the most QL still "
                     "missing." if values.get("order") else
                     "The odds assume each check uses the skill with the most QL still missing "
                     "(the first listed on a tie).")
    return OddsView(
        outcomes=outcome_rows(ctx, odds),
        figures=figures,
        charts=[chart("Checks needed", odds["checks_needed"], "checks_needed"),
                chart("QL collected when the checks run out", odds["quality_if_short"],
                      "quality_if_short")],
        notes=notes,
    )
