"""What a person sees, shared by every game: the display model (`model`),
the shared wording (`words`) and what every game's views share (`common`).
A game's own cards, history lines and odds views live in its package,
`tablecheck/games/<game>/cards*.py`.

A check names its views in its `Check` (``explain``, ``odds_view``,
``tones``, ``words``); the API calls them, so a sixth game brings its own."""
