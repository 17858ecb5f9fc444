"""The card, odds view and words of a Freedom Fantasies luck check: the
favourability of the bare d20, a Lucky reroll, a lucky break."""

from ...display.common import chart, fig, headline, line, outcome_rows
from ...display.model import Card, Figure, OddsView, OutcomeRow
from ...display.words import low, pct_text
from .cards import dc_text, dc_words, dice, kept_fact, roll_text, tally_text, what
from .terms import FAVOURABILITY_KEYS

# the favourability bands of a luck check with no DC, from bad to good
FAVOURABILITY_TONES = {
    "very_unfavourable": "awful",
    "unfavourable": "bad",
    "neutral": "neutral",
    "favourable": "good",
    "highly_favourable": "great",
}

FAV_STATUS = "No Luck DC set: the roll reads how favourable things are."


def _reroll_steps(values, result, t):
    """The first roll, and the Lucky reroll when one was asked for."""
    faces = result["d20s"]
    if not result["rerolled"]:
        steps = [roll_text(faces, result["kept"])]
        if values["lucky_reroll"]:
            steps.append("No reroll needed: the first roll did not fail.")
        return steps
    first_faces, again = faces[:t.dice], faces[t.dice:]
    first = max(first_faces)  # a luck check only ever keeps the highest
    steps = [roll_text(first_faces, first)]
    if result["favourability_only"]:
        steps.append(f"Lucky: a point spent to reroll; the first roll {first} is set aside "
                     "and the new roll kept (no DC: always rerolled once).")
    else:
        steps.append(f"{first} is below Luck DC {result['dc']}: Lucky, a point spent to reroll.")
    steps.append("Reroll: " + roll_text(again, result["kept"]))
    return steps


def luck_words(values, result, t):
    """The summary and steps of a luck check; `t` the rules' tally (the
    wiring passes it)."""
    reading_only = result["favourability_only"]
    outcome, face, dc = result["outcome"], result["result"], result["dc"]
    fav_words = result["favourability_label"]
    steps = []
    if reading_only:
        steps.append("No Luck DC set: the roll reads favourability only (nothing is tested "
                     "against a DC).")
    steps += [tally_text(t)] + _reroll_steps(values, result, t)
    if outcome == "lucky_break":
        steps.append("Natural 20: lucky break, " + ("" if reading_only else
                                                    "a success whatever the DC, ")
                     + "as favourable as "
                     + ("possible, and the GM gains 1 Tension Point." if values["gm"] else
                        "possible, and the Player gains 1 Momentum Point."))
    elif reading_only:
        steps.append(f"{face}: favourability {fav_words} (highest Luck DC met).")
    elif outcome == "success":
        steps.append(f"{face} meets Luck DC {dc}: success.")
    else:
        steps.append(f"{face} is below Luck DC {dc}: fail.")
    if not reading_only and outcome != "lucky_break":
        steps.append(f"Favourability: {fav_words} (highest Luck DC met).")
    if outcome == "lucky_break":
        lead = "Natural 20 with no DC set (favourability only)" if reading_only else \
            "Natural 20"
        summary = (f"{lead}: lucky break, as favourable as possible (Highly Favourable), "
                   f"and 1 {result['point'].title()} Point.")
    elif reading_only:
        summary = (f"Luck Check {face} with no DC set (favourability only): the situation "
                   f"is {fav_words}.")
    else:
        verdict = "it comes to pass" if outcome == "success" else "it does not come to pass"
        summary = (f"Luck Check {face} against {dc_words(dc, result['dc_label'])}: {outcome}, "
                   f"{verdict} ({fav_words}).")
    return {"summary": summary, "steps": steps}


def _luck_notes(result):
    notes = []
    if result.get("favourability_only"):
        notes.append("No Luck DC set: favourability only")
    if result.get("rerolled"):
        notes.append("Lucky: a point spent to reroll; the new roll stands.")
    if result["outcome"] == "lucky_break":
        point = result.get("point")
        who = "the GM gains 1 Tension Point" if point == "tension" else \
            "the Player gains 1 Momentum Point"
        notes.append(f"Natural 20: a lucky break, as favourable as possible, and {who}.")
    return notes


def luck_card(ctx, values, result):
    outcome = result["outcome"]
    subject = ctx.name("")
    band = result["favourability_label"]
    if result.get("favourability_only"):
        # no DC: nothing is tested, the roll names how favourable things are
        head = headline(ctx, outcome, band)
        head.tone = FAVOURABILITY_TONES.get(result["favourability"], "neutral")
        facts = []
        line_text = line(subject, what(ctx), band, f"result {result['result']}")
    else:
        head = headline(ctx, outcome)
        facts = [fig("Luck DC", dc_text(result["dc"], result.get("dc_label")), "dc"),
                 fig("Favourability", band, "favourability")]
        line_text = line(subject, what(ctx), low(ctx.words(outcome)),
                         f"result {result['result']} vs Luck DC {result['dc']}")
    if not result.get("rerolled"):
        facts.append(kept_fact(result))
    return Card(
        title=ctx.title(), subject=subject, headline=head,
        key=Figure("Result", str(result["result"]), "result"),
        facts=[f for f in facts if f], notes=_luck_notes(result), line=line_text,
        dice=dice(result),
    )


def _favourability_rows(odds):
    words = dict(FAVOURABILITY_KEYS)
    rows = []
    for band, p in odds["favourability"].items():
        if p == 0:
            continue
        exact = f"{p.numerator}/{p.denominator}" if hasattr(p, "numerator") else None
        rows.append(OutcomeRow(band, words.get(band, band),
                               FAVOURABILITY_TONES.get(band, "neutral"), p, exact))
    return rows


def luck_odds(ctx, values, odds):
    kept = "Kept d20 (after any reroll)" if values.get("lucky_reroll") else "Kept d20"
    charts = [chart(kept, odds["kept_die"], "kept_die")]
    figures = []
    if values.get("lucky_reroll"):
        figures.append(fig("Chance of a reroll", pct_text(odds["reroll_chance"]),
                           "reroll_chance"))
    if odds.get("favourability_only"):
        lucky = odds["outcomes"].get("lucky_break", 0)
        figures.insert(0, fig("Lucky break (natural 20)", pct_text(lucky), "lucky_break"))
        return OddsView(outcomes=_favourability_rows(odds), figures=figures, charts=charts,
                        title="Chance of each favourability", status=FAV_STATUS)
    figures.insert(0, fig("Luck DC", odds["dc"], "dc"))
    return OddsView(outcomes=outcome_rows(ctx, odds), figures=figures, charts=charts)
