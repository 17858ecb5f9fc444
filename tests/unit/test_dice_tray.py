"""tablecheck.dice.tray: every die recorded so the page can draw it (issue 3,
"Pools": sides, value and flags such as kept, exploded, confirmation)."""

from tablecheck.dice import EnteredSource, SeededSource, Tray, chain_text, keep


def test_every_die_is_recorded_in_rolling_order_with_its_flags():
    tray = Tray(EnteredSource([5, 1, 20]))
    tray.roll(6, "COU die", info={"eav": 12})
    tray.roll(20, "confirmation", confirmation=True)
    tray.roll(20, "reroll", rerolled=True)
    assert tray.to_list() == [
        {"sides": 6, "value": 5, "label": "COU die", "kept": True, "eav": 12},
        {"sides": 20, "value": 1, "label": "confirmation", "kept": True, "confirmation": True},
        {"sides": 20, "value": 20, "label": "reroll", "kept": True, "rerolled": True},
    ]


def test_pool_numbers_its_dice():
    tray = Tray(EnteredSource([1, 2, 3, 4]))
    assert [d.label for d in tray.pool(3, 6, "d6")] == ["d6 1", "d6 2", "d6 3"]
    assert [d.label for d in tray.pool(1, 8, "d8")] == ["d8"]


def test_explosion_chain_each_die_on_its_own_no_cap():
    # Pools: a die showing its maximum rolls again and adds; no cap
    tray = Tray(EnteredSource([4] * 30 + [1, 4, 2]))
    first = tray.explode(4, "d4 1")
    second = tray.explode(4, "d4 2")
    assert len(first) == 31 and sum(d.value for d in first) == 121
    assert all(d.exploded for d in first[:-1]) and not first[-1].exploded
    assert {d.chain for d in first} == {0} and {d.chain for d in second} == {1}
    assert [d.value for d in second] == [4, 2]
    assert tray.to_list()[0]["exploded"] is True and tray.to_list()[0]["chain"] == 0


def test_keep_marks_highest_or_lowest_earlier_dice_win_ties():
    tray = Tray(EnteredSource([3, 6, 3, 1]))
    dice = tray.pool(4, 6)
    assert [d.value for d in keep(dice, 2)] == [3, 6]
    assert [d.kept for d in dice] == [True, True, False, False]
    assert [d.value for d in keep(dice, 1, highest=False)] == [1]
    assert [d.kept for d in dice] == [False, False, False, True]


def test_chain_text():
    tray = Tray(EnteredSource([8, 8, 3, 5]))
    assert chain_text(tray.explode(8)) == "8 -> 8 -> 3 = 19"
    assert chain_text(tray.explode(8)) == "5"


def test_seeded_tray_is_reproducible():
    a, b = Tray(SeededSource(5)), Tray(SeededSource(5))
    for t in (a, b):
        t.pool(4, 6)
        t.explode(2)
    assert a.to_list() == b.to_list()
