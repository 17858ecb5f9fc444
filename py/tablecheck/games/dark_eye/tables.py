"""The Dark Eye's tables: the Quality Levels chart, the d20, a new
character's combat values."""

# a new character's combat values (the character sheet)
COMBAT_DEFAULTS = {"AT": 12, "PA": 7, "DO": 6, "RC": 10}

# Quality Levels chart: SP left -> QL (a success always has at least QL 1)
QL_CHART = [(0, 3, 1), (4, 6, 2), (7, 9, 3), (10, 12, 4), (13, 15, 5), (16, None, 6)]

SIDES = 20
ALL_DICE = SIDES ** 3  # one skill check: 8000 equally likely throws


def quality_level(points_left):
    """QL from SP left (Quality Levels chart)."""
    for low, high, ql in QL_CHART:
        if points_left >= low and (high is None or points_left <= high):
            return ql
    return 1  # never reached: SP left is never negative


ATTRIBUTE_OUTCOME_IDS = ("critical_success", "success", "failure", "botch")
