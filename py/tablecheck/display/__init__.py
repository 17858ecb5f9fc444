"""What a person sees: the display model (`model`), the shared wording
(`words`), what every game's views share (`common`), and one module per game
(`dark_eye`, `freedom_fantasies`, ...) with the functions that turn the
rules' records into cards, history lines and odds views.

A check names its views in its `Check` (``explain``, ``odds_view``,
``tones``); the API calls them, so a sixth game brings its own."""
