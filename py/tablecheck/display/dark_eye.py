"""What a person sees of The Dark Eye's checks: cards, history lines and odds
views, in the game's words (EAV, SP, QL).

Reads the records of `tablecheck.systems.dark_eye` only; the rules stay
there. Each check's dice are consecutive in `rolls` (a skill check rolls its
three dice in the order of its attributes), and a check that could not be
rolled (an EAV below 1) rolls none: the groups count each record's own
`dice` to find their indices.
"""

from .common import chart, die_views, fig, headline, line, outcome_rows
from .model import Card, Group, Headline, OddsView
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
    return Card(
        title=ctx.title_for(what),
        subject=subject,
        headline=headline(ctx, outcome),
        key=key,
        facts=facts,
        notes=notes,
        line=line(subject, what or ctx.check_label, ctx.words(outcome).lower(), key_text),
        dice=_attribute_dice(result, values),
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
        if roll.get("confirmation"):
            confirmed = outcome in ("critical_success", "botch")
            out.append("confirmed" if confirmed else "not confirmed")
        return out

    return die_views(rolls, notes=notes, label=label)


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
    outcome = result["outcome"]
    subject = ctx.name("")
    what = ctx.label("")
    facts = []
    key = None
    if result["success"]:
        key = fig("QL", result["quality_level"], "quality_level")
        facts.append(fig("SP left", result["points_left"], "points_left"))
    elif outcome == "failure" and not result.get("automatic"):
        facts.append(fig("SP short", result.get("points_short", 0), "points_short"))
    if not result.get("dice"):  # no die shows its EAV under it
        facts.append(fig("EAVs", _eav_list(result["eav"], values.get("names")), "eav"))
    notes = _skill_notes(result, result.get("rolls", []))
    if result.get("attempt", 1) > 1:
        penalty = signed(-(result["attempt"] - 1))
        facts.append(fig("Attempt", f"{result['attempt']} ({penalty} on every EAV)", "attempt"))
    return Card(
        title=ctx.title(""),
        subject=subject,
        headline=headline(ctx, outcome),
        key=key,
        facts=facts,
        notes=notes,
        line=line(subject, what or ctx.check_label, *_skill_line(result)),
        dice=_skill_dice(result.get("rolls", []), [(range(len(result.get("rolls", []))),
                                                     values.get("names"))]),
    )


def _skill_line(r):
    """(outcome text, key text) of a skill check's history line."""
    if r["success"]:
        return SHORT[r["outcome"]], f"QL {r['quality_level']}"
    return _verdict(r), None


def skill_odds(ctx, values, odds):
    notes = []
    if min(odds["eav"]) < 1:
        notes.append("An EAV is below 1: the check always fails.")
    return OddsView(
        outcomes=outcome_rows(ctx, odds),
        figures=[
            fig("Chance of success", pct_text(odds["success_chance"]), "success_chance"),
            fig("Expected QL", number(odds["expected_quality_level"]), "expected_quality_level"),
            fig("EAV", _eav_list(odds["eav"], values.get("names")), "eav"),
        ],
        charts=[chart("Quality level (QL)", odds["quality_levels"], "quality_levels")],
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


def _contest_card(ctx, values, result, groups, notes, facts, subject, paths):
    what = _contest_what(ctx, paths)
    head = _contest_headline(ctx, result)
    key = fig("Final QL", result["quality_level"], "quality_level") if result.get("winner") else None
    if values.get("passive"):
        facts = facts + [fig("Passive side", _side_name(ctx, values["passive"]), "passive")]
    return Card(
        title=ctx.title_for(what),
        subject=subject,
        headline=head,
        key=key,
        facts=facts,
        groups=groups,
        notes=notes,
        line=line(subject, what or ctx.check_label, head.label if key else head.label.lower(),
                  f"final QL {key.value}" if key else None),
    )


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
                         {s: [s] for s, _ in SIDES})
    card.dice = _skill_dice(result.get("rolls", []), parts)
    return card


def _member_name(ctx, path, member, i):
    return member.get("name") or ctx.name(path) or f"hero {i + 1}"


def _side_kind(members, total):
    """How a group side counts in the contest, read from its heroes' records."""
    if any(_kind(r["outcome"]) == "botch" for r in members):
        return "botch"
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


def group_competitive_card(ctx, values, result):
    entries = result["a"] + result["b"]
    spans = iter(_spans(entries))
    groups, parts, facts, kinds = [], [], [], {}
    for side, _ in SIDES:
        side_name = _side_name(ctx, side)
        for i, (member, r) in enumerate(zip(values[side], result[side])):
            indices = next(spans)
            who = _member_name(ctx, f"{side}[{i}]", member, i)
            groups.append(Group(f"{side_name} · {who}", cap(_verdict(r)), indices))
            parts.append((indices, member.get("names")))
        total = result["side_quality"][side]
        kinds[side] = (_side_kind(result[side], total), total)
        shown = "botch (QL discarded)" if kinds[side][0] == "botch" else str(total)
        facts.append(fig(f"{side_name} QL", shown, f"side_quality.{side}"))
    notes = _contest_notes(ctx, kinds, values.get("passive"))
    if any(_kind(r["outcome"]) == "critical" for r in entries):
        notes.append("A hero's critical success counts with its QL in the side's sum; "
                     "it does not win the contest by itself.")
    paths = {s: [s] + [f"{s}[{i}]" for i in range(len(values[s]))] for s, _ in SIDES}
    card = _contest_card(ctx, values, result, groups, notes, facts, _sides_subject(ctx, values),
                         paths)
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
    return OddsView(outcomes=rows, charts=charts, notes=notes)


def competitive_odds(ctx, values, odds):
    return _contest_odds(ctx, values, odds)


def group_competitive_odds(ctx, values, odds):
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
        penalty = f" ({signed(-e['penalty'])})" if e.get("penalty") else ""
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
    if values["partial"] < values["target"]:
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
    card = Card(
        title=ctx.title_for(what),
        subject=subject,
        headline=headline(ctx, outcome),
        key=key,
        facts=facts,
        groups=groups,
        notes=notes,
        line=line(subject, what or ctx.check_label, SHORT[outcome], key_text),
    )
    card.dice = _skill_dice(result.get("rolls", []), parts)
    return card


def cumulative_card(ctx, values, result):
    return _cumulative_card(ctx, values, result, True, values["max_checks"])


def group_card(ctx, values, result):
    return _cumulative_card(ctx, values, result, False, values["max_rounds"])


def _cumulative_odds(ctx, values, odds, needed_key, unit):
    p = odds["outcomes"]
    figures = [fig("Chance of success", pct_text(p["success"]), "outcomes.success")]
    if values["partial"] < values["target"]:
        figures.append(fig("Chance of at least a partial success",
                           pct_text(p["success"] + p["partial_success"]), "success_or_partial"))
    if "eav" in odds:
        figures.append(fig("EAV", _eav_list(odds["eav"], values.get("names")), "eav"))
    return OddsView(
        outcomes=outcome_rows(ctx, odds),
        figures=figures,
        charts=[chart(f"{cap(unit)}s needed", odds[needed_key], needed_key),
                chart(f"QL collected when the {unit}s run out", odds["quality_if_short"],
                      "quality_if_short")],
        notes=[f"{cap(unit)}s needed: the chance of reaching the target QL in each {unit}.",
               f"QL collected: the chance of ending with each QL when the {unit}s run out "
               "(no botch, target not reached)."],
    )


def cumulative_odds(ctx, values, odds):
    return _cumulative_odds(ctx, values, odds, "checks_needed", "check")


def group_odds(ctx, values, odds):
    return _cumulative_odds(ctx, values, odds, "rounds_needed", "round")
