"""A sixth game for the tests only (issue 12: "a sixth game costs no
JavaScript"): Omens, a made-up game. It is never part of the real build:
tests/e2e/test_sixth_game_page.py builds a site with it (tools/build.py
`extra_systems`), and tests/unit/test_sixth_game.py registers it in the API.

Reading the omens: roll as many d6 ("bones") as the seer's Sight; each 5 or
6 is a good omen; with at least `needed` good omens the omens favour the
seer, with every bone good they bless them; otherwise they are ill.
"""

from fractions import Fraction
from math import comb

from tablecheck.checks import Check, System
from tablecheck.display.common import die_views, fig, headline, line, outcome_rows, chart
from tablecheck.display.model import Card, OddsView
from tablecheck.display.words import pct_text, plural
from tablecheck.params import Int
from tablecheck.sheets import Number, Sheet, numbers, whole

GOOD = 5  # a bone showing 5 or 6 is a good omen


def _outcome(good, bones, needed):
    if good == bones and good >= needed:
        return "blessed"
    return "favoured" if good >= needed else "ill_omened"


def resolve_read(values, tray):
    bones, needed = values["bones"], values["needed"]
    dice = [tray.roll(6, f"bone {i + 1}") for i in range(bones)]
    good = sum(d.value >= GOOD for d in dice)
    outcome = _outcome(good, bones, needed)
    return {"outcome": outcome, "success": outcome != "ill_omened", "good_omens": good,
            "needed": needed,
            "summary": f"{good} good omens of {bones} bones ({needed} needed).",
            "steps": [f"Bones: {', '.join(str(d.value) for d in dice)}; 5 and 6 are good omens: {good}."]}


def odds_read(values):
    bones, needed = values["bones"], values["needed"]
    p = Fraction(1, 3)
    dist = {k: comb(bones, k) * p ** k * (1 - p) ** (bones - k) for k in range(bones + 1)}
    out = {"blessed": Fraction(0), "favoured": Fraction(0), "ill_omened": Fraction(0)}
    for k, q in dist.items():
        out[_outcome(k, bones, needed)] += q
    return {"outcomes": out, "good_omens": dist}


def read_card(ctx, values, result):
    good = result["good_omens"]
    subject = ctx.name("")
    key = fig("Good omens", good, "good_omens")
    return Card(
        title=ctx.title(), subject=subject, headline=headline(ctx, result["outcome"]), key=key,
        facts=[fig("Needed", result["needed"], "needed")],
        line=line(subject, ctx.label("") or "Omens", ctx.words(result["outcome"]).lower(),
                  plural(good, "good omen")),
        dice=die_views(result["rolls"], notes=lambda r: ["good omen"] if r["value"] >= GOOD else []),
    )


def read_odds(ctx, values, odds):
    favour = odds["outcomes"]["blessed"] + odds["outcomes"]["favoured"]
    return OddsView(outcomes=outcome_rows(ctx, odds),
                    figures=[fig("Chance the omens favour you", pct_text(favour), "favour")],
                    charts=[chart("Good omens", odds["good_omens"], "good_omens")])


def fill(character, params):
    sight = whole(numbers(character).get("SIGHT"))
    if "bones" not in params or sight is None:
        return []
    return [{"label": f"Sight {sight}", "values": {"bones": sight}, "what": "Sight"}]


SYSTEM = System(
    id="omens",
    name="Omens (test game)",
    short_name="Omens",
    description="Roll d6 bones; each 5 or 6 is a good omen.",
    sheet=Sheet(numbers=[Number("SIGHT", "Sight", 1, 6, 3)], numbers_label="The seer"),
    fill=fill,
    checks=[Check(
        id="read",
        label="Read the omens",
        params=[Int("bones", "Bones (Sight)", min=1, max=6, initial=3),
                Int("needed", "Good omens needed", default=1, min=1, max=6)],
        outcomes=[("blessed", "Blessed"), ("favoured", "Favoured"), ("ill_omened", "Ill-omened")],
        success_outcomes=("blessed", "favoured"),
        tones={"blessed": "great", "favoured": "good", "ill_omened": "bad"},
        resolve=resolve_read, odds=odds_read, explain=read_card, odds_view=read_odds,
    )],
)
