"""The generic dice roller (`dice_roller`, its views in
`tablecheck/display/dice_roller.py`), not yet moved to `tablecheck.games`
(issue 26). Every other game is a package of `tablecheck.games`, which is
also the registry (`tablecheck.games.MODULES`)."""
