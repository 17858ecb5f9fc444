"""The cards and odds views of the competitive and group competitive
checks."""

from ...display.common import chart, fig, line, outcome_rows
from ...display.model import Card, Group, Headline, OddsView
from ...display.words import and_list, cap
from .cards import (SIDES, _eav_text, _heroes, _kind, _member_name, _one_label, _parts_modded, _skill_dice,
                    _spans, _titled, _verdict, throw_steps, with_skill_names, with_verdict)


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


def _contest_notes(ctx, sides, passive, reason):
    """Why the contest came out so, from each side's (kind, QL) and the
    rule that decided it (competitive.contest)."""
    (ka, qa), (kb, qb) = sides["a"], sides["b"]
    name = {s: _side_name(ctx, s) for s, _ in SIDES}
    p = name.get(passive)
    if reason == "both_critical":
        return ["Both sides roll a critical success: neither wins."]
    if reason == "critical":
        return [f"{name['a' if ka == 'critical' else 'b']}'s critical success wins automatically."]
    if reason == "both_botch":
        return ["Both sides botch: neither wins."]
    notes = [f"{name[s]}'s botch counts as an automatic failure."
             for s, k in (("a", ka), ("b", kb)) if k == "botch"]
    if reason == "tie":
        notes.append(f"A tie at QL {qa}: the passive side, {p}, wins with QL 1." if p
                     else f"A tie at QL {qa} and no passive side: neither wins.")
    elif reason == "both_fail":
        notes.append(f"Both sides fail: the passive side, {p}, wins with QL 1." if p
                     else "Both sides fail and there is no passive side: neither wins.")
    elif reason == "higher_ql":
        notes.append(f"QL {qa} against QL {qb}: the final QL is the difference.")
    return notes


def competitive_card(ctx, values, result, sides, reason):
    """The card; `sides` {side: (kind, QL)} and `reason` (the rule that
    decided it, competitive.contest) from the wiring."""
    ctx = with_skill_names(ctx, values)
    spans = _spans([result["a"], result["b"]])
    groups, parts = [], []
    for (side, _), indices in zip(SIDES, spans):
        r = result[side]
        groups.append(Group(_side_name(ctx, side), cap(_verdict(r)), indices))
        parts.append((indices, values[side].get("names")))
    notes = _contest_notes(ctx, sides, values.get("passive"), reason)
    subject = ctx.versus([p for p, _ in SIDES], [d for _, d in SIDES])
    card = _contest_card(ctx, values, result, groups, notes, [], subject,
                         {s: [s] for s, _ in SIDES},
                         [(_side_name(ctx, s), values[s]) for s, _ in SIDES],
                         {s: _verdict(result[s]) for s, _ in SIDES})
    card.dice = _skill_dice(result.get("rolls", []), parts)
    return card


def _sides_subject(ctx, values):
    """'Alrik and Gerda vs Side B': each side by its character's name, else
    by its heroes' characters; None when no character is named."""
    names = [ctx.name(s) or _heroes(ctx, s, values[s]) for s, _ in SIDES]
    if not any(names):
        return None
    return " vs ".join(n or d for n, (_, d) in zip(names, SIDES))


def _group_contest_notes(ctx, values, result, kinds, reason):
    """The competitive notes, a side's critical naming the heroes who rolled
    it; a critical that a botch on its side undoes is said too."""
    notes = _contest_notes(ctx, kinds, values.get("passive"), reason)

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


def group_competitive_card(ctx, values, result, kinds, reason):
    """The card; `kinds` {side: (kind, QL)}, each group as one contestant,
    and `reason` (competitive.contest) from the wiring."""
    ctx = with_skill_names(ctx, values)
    entries = result["a"] + result["b"]
    spans = iter(_spans(entries))
    groups, parts, facts, heroes, sides = [], [], [], [], {}
    for side, _ in SIDES:
        side_name = _side_name(ctx, side)
        for i, (member, r) in enumerate(zip(values[side], result[side])):
            indices = next(spans)
            who = _member_name(ctx, f"{side}[{i}]", member, i)
            groups.append(Group(f"{side_name} · {who}", cap(_verdict(r)), indices))
            parts.append((indices, member.get("names")))
            heroes.append((who, member))
        total = result["side_quality"][side]
        shown = "botch (QL discarded)" if kinds[side][0] == "botch" else str(total)
        facts.append(fig(f"{side_name} QL", shown, f"side_quality.{side}"))
        sides[side] = f"QL {shown}" if kinds[side][0] != "botch" else shown
    notes = _group_contest_notes(ctx, values, result, kinds, reason)
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


def competitive_odds(ctx, values, odds):
    ctx = with_skill_names(ctx, values)
    return _contest_odds(ctx, values, odds)


def group_competitive_odds(ctx, values, odds):
    ctx = with_skill_names(ctx, values)
    return _contest_odds(ctx, values, odds)


# -- the sentences of a result (Check.words) ----------------------------------------
def contest_why(sides, outcome, ql, reason):
    """Why the contest came out so, one sentence without its full stop;
    `sides` {side: (kind, QL)}, `reason` the rule that decided it
    (competitive.contest)."""
    (ka, qa), (kb, qb) = sides["a"], sides["b"]
    win = None if outcome == "unresolved" else outcome[0].upper()
    botched = "A" if ka == "botch" else "B" if kb == "botch" else None
    note = f"{botched} botched, which counts as a failure" if botched else ""
    if reason == "both_critical":
        return "Unresolved: both sides roll critical successes"
    if reason == "critical":
        return f"{win} wins with final QL {ql}: {win}'s critical success wins automatically"
    if reason == "both_botch":
        return "Unresolved: both sides botch"
    if reason == "higher_ql":
        return f"{win} wins with final QL {ql}: QL {qa} against QL {qb}"
    if reason == "tie":
        if win:
            return (f"{win} wins with final QL 1: both have QL {qa} and a tie goes to "
                    "the passive side")
        return f"Unresolved: both have QL {qa} and there is no passive side"
    if reason == "one_succeeds":
        return f"{win} wins with final QL {ql}: {note or ('B' if win == 'A' else 'A') + ' fails'}"
    both = f"{note}; both sides failed" if note else "both sides failed"
    if win:
        return f"{cap(both)}, so the passive side {win} still wins, barely (QL 1)"
    return f"Unresolved: {both} and there is no passive side"


def _hero_steps(head, v, r, read):
    """'A: EAVs ... SR 4.' and the throw's sentences, each after `head`."""
    return ([f"{head}: " + _eav_text(v["attributes"], [v["modifier"]], v["names"]) + f" SR {v['rating']}."]
            + [f"{head}: {s}" for s in throw_steps(r, v["names"], read)])


def competitive_words(values, result, sides, reason, read):
    """Check.words of a competitive check; `sides` {side: (kind, QL)} and
    `reason` (competitive.contest) and `read` (cards.RulesRead) from the
    wiring."""
    steps = []
    for side, _ in SIDES:
        head = _hero_steps(side.upper(), values[side], result[side], read)
        steps += [f"Side {head[0]}"] + head[1:]
    why = contest_why(sides, result["outcome"], result["quality_level"], reason)
    return {"summary": f"{why}. A: {with_verdict(result['a'])}; B: {with_verdict(result['b'])}.",
            "steps": steps + [f"{why}."]}


def _group_side_step(S, kind, ql, results, botchers, criticals):
    """'Side A: QL 2 + 1 = 3 (a success).' and the like, for one side."""
    if kind == "botch":
        verb = "botches" if len(botchers) == 1 else "botch"
        return f"Side {S}: {and_list(botchers)} {verb}: the side's QL is discarded (a botch)."
    if len(results) == 1:
        words = {"critical": "a critical success", "success": "a success"}.get(kind, "a failure")
        return f"Side {S}: QL {ql} ({words})."
    sums = f"Side {S}: QL " + " + ".join(str(r["quality_level"]) for r in results) + f" = {ql}"
    if kind == "critical":
        verb = "rolls a critical success" if len(criticals) == 1 else "roll critical successes"
        return (f"{sums}; {and_list(criticals)} {verb}: the side counts as a critical success, "
                "as in a competitive check.")
    return f"{sums} ({'a success' if kind == 'success' else 'every hero failed'})."


def group_competitive_words(values, result, sides, reason, read):
    """Check.words of a group competitive check; as `competitive_words`,
    `sides` each group as one contestant."""
    steps = []
    for side, _ in SIDES:
        botchers, criticals = [], []
        for i, (v, r) in enumerate(zip(values[side], result[side])):
            who = v.get("name") or f"hero {i + 1}"
            steps += _hero_steps(f"{side.upper()}, {who}", v, r, read)
            if _kind(r["outcome"]) == "botch":
                botchers.append(who)
            elif _kind(r["outcome"]) == "critical":
                criticals.append(who)
        kind, ql = sides[side]
        steps.append(_group_side_step(side.upper(), kind, ql, result[side], botchers, criticals))
    why = contest_why(sides, result["outcome"], result["quality_level"], reason)
    words = {s: {"botch": "botch", "failure": "failure, QL 0",
                 "critical": f"critical success, summed QL {q}"}.get(k, f"summed QL {q}")
             for s, (k, q) in sides.items()}
    return {"summary": f"{why}. A: {words['a']}; B: {words['b']}.", "steps": steps + [f"{why}."]}
