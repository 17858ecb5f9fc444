"""The plan of a dice term's (or a group's) exact odds: what each modifier
says of one die and of the pool, filled in by `Modifier.odds(node, plan)`
in the fixed order (MODIFIERS, as the roller runs their steps), then only
combined by tablecheck.dice.notation_odds (chain series, convolution,
powers, pool summaries, the unique enumeration, budgets and caches)."""


class TermOdds:
    """What the exact odds of one node need to know (None: the modifier is
    absent):

    - `faces`: {value: weight} of one freshly rolled die (min/max clamps it);
    - `chain`: how a die's rolls go on (explode.Chain: which faces roll again,
      what an added die counts, whether each roll is a unit of its own);
    - `unit_map`: what replaces a unit's value, unit by unit (reroll.Replace);
    - `distinct`: units made unlike the units before them (unique.Distinct);
    - `window`: the Keep or KeepChain of the pool (keep_drop);
    - `kept_sum(unit, term, budget)`: the kept sum of a fixed pool of like
      units, when the window decides it (keep_drop.keep_window);
    - `contribution`: what a kept unit adds to the value (counting: 1, -1,
      0), None for the unit's value itself.

    (Class attributes as the defaults: a plan is made for every term whose
    odds are computed, and most fields stay None.)
    """
    faces = None
    chain = None
    unit_map = None
    distinct = None
    window = None
    kept_sum = None
    contribution = None

    @property
    def units_per_chain(self):
        """True when each roll of a die's chain is a unit of its own (a
        separate '!'), so that rerolls, uniqueness, keeps and counts see it."""
        return self.chain is not None and self.chain.separate
