"""The cards and odds views of the competitive and group competitive
checks."""

from ...display.common import chart, fig, line, outcome_rows
from ...display.model import Card, Group, Headline, OddsView
from ...display.words import and_list, cap
from .cards import (SIDES, _eav_text, _heroes, _kind, _member_name, _one_label, _parts_modded, _skill_dice,
                    _spans, _titled, _verdict, lower, sides as sides_in, throw_steps, with_skill_names,
                    with_verdict)
from .cards_words import EN, words


def _contest_what(ctx, paths):
    """What was rolled: the form's label, else the sides' ('Stealth vs
    Perception'; `paths` {side: its form paths}), else None."""
    if ctx.label(""):
        return ctx.label("")
    la, lb = (_one_label(ctx, paths[s]) for s, _ in SIDES)
    if la and lb:
        return la if la == lb else words(ctx.locale)["c_vs"].format(a=la, b=lb)
    return la or lb


def _contest_headline(ctx, result):
    winner = result.get("winner")
    if winner is None:
        return Headline(ctx.words(result["outcome"]), "neutral")
    return Headline(words(ctx.locale)["c_wins"].format(who=_side_name(ctx, winner)),
                    ctx.contest_tone(winner))


def _side_name(ctx, side):
    return ctx.name(side, dict(sides_in(words(ctx.locale)))[side])


def _contest_card(ctx, values, result, groups, notes, facts, subject, paths, parts, sides):
    """`parts` [(who, values)]: the skill groups whose modifiers count;
    `sides` {side: how it did, in words}: the summary's second sentence."""
    w = words(ctx.locale)
    what = _contest_what(ctx, paths)
    head = _contest_headline(ctx, result)
    key = fig(w["c_final_ql"], result["quality_level"], "quality_level") if result.get("winner") else None
    if values.get("passive"):
        facts = facts + [fig(w["f_passive"], _side_name(ctx, values["passive"]), "passive")]
    modded, mod_facts = _parts_modded(what or ctx.check_label, parts, w)
    return Card(
        title=ctx.title_for(what),
        subject=subject,
        headline=head,
        key=key,
        facts=facts + mod_facts,
        groups=groups,
        notes=notes,
        summary=_contest_summary(ctx, head, key, sides),
        line=line(subject, modded, head.label if key else lower(head.label, w),
                  w["c_final_ql_n"].format(ql=key.value) if key else None),
    )


def _contest_summary(ctx, head, key, sides):
    """'Gerda wins with final QL 2. Alrik: failure, 2 SP short; Gerda:
    success, QL 2.': the sides by their names (the rules' summary says A and B)."""
    w = words(ctx.locale)
    first = w["c_summary_first"].format(head=head.label, ql=key.value) if key else f"{head.label}."
    how = "; ".join(f"{_side_name(ctx, s)}: {sides[s]}" for s, _ in SIDES)
    return f"{first} {how}."


def _contest_notes(ctx, sides, passive, reason):
    """Why the contest came out so, from each side's (kind, QL) and the
    rule that decided it (competitive.contest)."""
    w = words(ctx.locale)
    (ka, qa), (kb, qb) = sides["a"], sides["b"]
    name = {s: _side_name(ctx, s) for s, _ in SIDES}
    p = name.get(passive)
    if reason == "both_critical":
        return [w["c_note_both_critical"]]
    if reason == "critical":
        return [w["c_note_critical"].format(who=name['a' if ka == 'critical' else 'b'])]
    if reason == "both_botch":
        return [w["c_note_both_botch"]]
    notes = [w["c_note_botch"].format(who=name[s]) for s, k in (("a", ka), ("b", kb)) if k == "botch"]
    if reason == "tie":
        notes.append(w["c_note_tie_passive"].format(ql=qa, p=p) if p else w["c_note_tie"].format(ql=qa))
    elif reason == "both_fail":
        notes.append(w["c_note_both_fail_passive"].format(p=p) if p else w["c_note_both_fail"])
    elif reason == "higher_ql":
        notes.append(w["c_note_higher"].format(qa=qa, qb=qb))
    return notes


def competitive_card(ctx, values, result, sides, reason):
    """The card; `sides` {side: (kind, QL)} and `reason` (the rule that
    decided it, competitive.contest) from the wiring."""
    ctx = with_skill_names(ctx, values)
    w = words(ctx.locale)
    spans = _spans([result["a"], result["b"]])
    groups, parts = [], []
    for (side, _), indices in zip(SIDES, spans):
        r = result[side]
        groups.append(Group(_side_name(ctx, side), cap(_verdict(r, w)), indices))
        parts.append((indices, values[side].get("names")))
    notes = _contest_notes(ctx, sides, values.get("passive"), reason)
    subject = _versus(ctx, [ctx.name(p) for p, _ in SIDES], w)
    card = _contest_card(ctx, values, result, groups, notes, [], subject,
                         {s: [s] for s, _ in SIDES},
                         [(_side_name(ctx, s), values[s]) for s, _ in SIDES],
                         {s: _verdict(result[s], w) for s, _ in SIDES})
    card.dice = _skill_dice(result.get("rolls", []), parts, w)
    return card


def _sides_subject(ctx, values):
    """'Alrik and Gerda vs Side B': each side by its character's name, else
    by its heroes' characters; None when no character is named."""
    names = [ctx.name(s) or _heroes(ctx, s, values[s]) for s, _ in SIDES]
    return _versus(ctx, names, words(ctx.locale))


def _versus(ctx, names, w):
    """'Alrik vs Side B' (Context.versus, in the words `w`); None when no
    side is named."""
    if not any(names):
        return None
    return w["c_versus"].join(n or d for n, (_, d) in zip(names, sides_in(w)))


def _group_contest_notes(ctx, values, result, kinds, reason):
    """The competitive notes, a side's critical naming the heroes who rolled
    it; a critical that a botch on its side undoes is said too."""
    notes = _contest_notes(ctx, kinds, values.get("passive"), reason)
    w = words(ctx.locale)

    def who(side, kind):
        """("Alrik's critical success", count) for the heroes of this kind."""
        names = [_member_name(ctx, f"{side}[{i}]", m, i)
                 for i, (m, r) in enumerate(zip(values[side], result[side]))
                 if _kind(r["outcome"]) == kind]
        if len(names) == 1:
            return w[f"c_{kind}_of_one"].format(who=names[0]), 1
        return w[f"c_{kind}_of_many"].format(who=and_list(names, w["and"])), len(names)

    critical = [s for s, _ in SIDES if kinds[s][0] == "critical"]
    if len(critical) == 1 and len(values[critical[0]]) > 1:
        s = critical[0]
        text, n = who(s, "critical")
        notes = [w["c_note_critical_for" if n == 1 else "c_note_criticals_for"].format(
            text=cap(text), side=_side_name(ctx, s))]
    for s, _ in SIDES:
        crit, n = who(s, "critical")
        if kinds[s][0] == "botch" and n:
            botch, m = who(s, "botch")
            notes.append(w["c_note_undone"].format(
                crit=cap(crit), does=w["c_does"] if n == 1 else w["c_do"], botch=botch,
                discards=w["c_discards"] if m == 1 else w["c_discard"], side=_side_name(ctx, s)))
    return notes


def group_competitive_card(ctx, values, result, kinds, reason):
    """The card; `kinds` {side: (kind, QL)}, each group as one contestant,
    and `reason` (competitive.contest) from the wiring."""
    ctx = with_skill_names(ctx, values)
    w = words(ctx.locale)
    entries = result["a"] + result["b"]
    spans = iter(_spans(entries))
    groups, parts, facts, heroes, sides = [], [], [], [], {}
    for side, _ in SIDES:
        side_name = _side_name(ctx, side)
        for i, (member, r) in enumerate(zip(values[side], result[side])):
            indices = next(spans)
            who = _member_name(ctx, f"{side}[{i}]", member, i)
            groups.append(Group(f"{side_name} · {who}", cap(_verdict(r, w)), indices))
            parts.append((indices, member.get("names")))
            heroes.append((who, member))
        total = result["side_quality"][side]
        shown = w["c_botch_discarded"] if kinds[side][0] == "botch" else str(total)
        facts.append(fig(w["c_side_ql"].format(side=side_name), shown, f"side_quality.{side}"))
        sides[side] = w["ql"].format(ql=shown) if kinds[side][0] != "botch" else shown
    notes = _group_contest_notes(ctx, values, result, kinds, reason)
    paths = {s: [s] + [f"{s}[{i}]" for i in range(len(values[s]))] for s, _ in SIDES}
    card = _contest_card(ctx, values, result, groups, notes, facts, _sides_subject(ctx, values),
                         paths, heroes, sides)
    card.dice = _skill_dice(result.get("rolls", []), parts, w)
    return card


def _contest_odds(ctx, values, odds):
    w = words(ctx.locale)
    rows = outcome_rows(ctx, odds)
    for row in rows:
        if row.id in ("a_wins", "b_wins"):
            row.label = w["c_wins"].format(who=_side_name(ctx, row.id[0]))
            row.tone = ctx.contest_tone(row.id[0])
    charts = [chart(w["c_chart"].format(who=_side_name(ctx, s)), odds["quality_levels"][f"{s}_wins"],
                    f"quality_levels.{s}_wins")
              for s, _ in SIDES if odds["quality_levels"].get(f"{s}_wins")]
    notes = [w["c_odds_note"]]
    if not values.get("passive"):
        notes.append(w["c_odds_no_passive"])
    return _titled(OddsView(title=w["odds_title"], outcomes=rows, charts=charts, notes=notes),
                   _contest_what(ctx, _contest_paths(values)), w)


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
def contest_why(sides, outcome, ql, reason, w=EN):
    """Why the contest came out so, one sentence without its full stop;
    `sides` {side: (kind, QL)}, `reason` the rule that decided it
    (competitive.contest)."""
    (ka, qa), (kb, qb) = sides["a"], sides["b"]
    win = None if outcome == "unresolved" else outcome[0].upper()
    botched = "A" if ka == "botch" else "B" if kb == "botch" else None
    note = w["w_botched"].format(side=botched) if botched else ""
    if reason == "both_critical":
        return w["w_both_critical"]
    if reason == "critical":
        return w["w_critical"].format(win=win, ql=ql)
    if reason == "both_botch":
        return w["w_both_botch"]
    if reason == "higher_ql":
        return w["w_higher"].format(win=win, ql=ql, qa=qa, qb=qb)
    if reason == "tie":
        if win:
            return w["w_tie_passive"].format(win=win, qa=qa)
        return w["w_tie"].format(qa=qa)
    if reason == "one_succeeds":
        return w["w_one_succeeds"].format(
            win=win, ql=ql, why=note or w["w_fails"].format(side="B" if win == "A" else "A"))
    both = w["w_note_both_failed"].format(note=note) if note else w["w_both_failed"]
    if win:
        return w["w_both_fail_passive"].format(both=cap(both), win=win)
    return w["w_both_fail"].format(both=both)


def _hero_steps(head, v, r, read, w):
    """'A: EAVs ... SR 4.' and the throw's sentences, each after `head`."""
    return ([f"{head}: " + _eav_text(v["attributes"], [v["modifier"]], v["names"], w)
             + w["w_sr"].format(rating=v["rating"])]
            + [f"{head}: {s}" for s in throw_steps(r, v["names"], read, w)])


def competitive_words(values, result, sides, reason, read, lang="en"):
    """Check.words of a competitive check; `sides` {side: (kind, QL)} and
    `reason` (competitive.contest) and `read` (cards.RulesRead) from the
    wiring."""
    w = words(lang)
    steps = []
    for side, _ in SIDES:
        head = _hero_steps(side.upper(), values[side], result[side], read, w)
        steps += [w["w_side"].format(head=head[0])] + head[1:]
    why = contest_why(sides, result["outcome"], result["quality_level"], reason, w)
    return {"summary": f"{why}. A: {with_verdict(result['a'], w)}; B: {with_verdict(result['b'], w)}.",
            "steps": steps + [f"{why}."]}


def _group_side_step(S, kind, ql, results, botchers, criticals, w):
    """'Side A: QL 2 + 1 = 3 (a success).' and the like, for one side."""
    if kind == "botch":
        verb = w["w_botches"] if len(botchers) == 1 else w["w_botch"]
        return w["w_side_botch"].format(side=S, who=and_list(botchers, w["and"]), verb=verb)
    if len(results) == 1:
        words_ = {"critical": w["w_a_critical"], "success": w["w_a_success"]}.get(kind, w["w_a_failure"])
        return w["w_side_one"].format(side=S, ql=ql, words=words_)
    sums = w["w_side_sums"].format(side=S, sums=" + ".join(str(r["quality_level"]) for r in results), ql=ql)
    if kind == "critical":
        verb = w["w_rolls_critical"] if len(criticals) == 1 else w["w_roll_criticals"]
        return w["w_side_critical"].format(sums=sums, who=and_list(criticals, w["and"]), verb=verb)
    return w["w_side_total"].format(sums=sums, words=w["w_a_success"] if kind == "success"
                                    else w["w_every_hero_failed"])


def group_competitive_words(values, result, sides, reason, read, lang="en"):
    """Check.words of a group competitive check; as `competitive_words`,
    `sides` each group as one contestant."""
    w = words(lang)
    steps = []
    for side, _ in SIDES:
        botchers, criticals = [], []
        for i, (v, r) in enumerate(zip(values[side], result[side])):
            who = v.get("name") or w["hero_n"].format(n=i + 1)
            steps += _hero_steps(f"{side.upper()}, {who}", v, r, read, w)
            if _kind(r["outcome"]) == "botch":
                botchers.append(who)
            elif _kind(r["outcome"]) == "critical":
                criticals.append(who)
        kind, ql = sides[side]
        steps.append(_group_side_step(side.upper(), kind, ql, result[side], botchers, criticals, w))
    why = contest_why(sides, result["outcome"], result["quality_level"], reason, w)
    said = {s: {"botch": w["w_sum_botch"], "failure": w["w_sum_failure"],
                "critical": w["w_sum_critical"].format(ql=q)}.get(k, w["w_sum"].format(ql=q))
            for s, (k, q) in sides.items()}
    return {"summary": f"{why}. A: {said['a']}; B: {said['b']}.", "steps": steps + [f"{why}."]}
