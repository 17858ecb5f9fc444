"""The shape of a game package (issue 26, item 1), read from the source.

A game lives in `py/tablecheck/games/<game>/`:
- `__init__.py` wires it: it defines SYSTEM and may import everything;
- card modules (`cards.py`, or any module named `cards_*`) turn records into
  words: they import the shared `tablecheck.display` model and wording, the
  shared packages (dice, sheets, params, errors, ...) and the game's `terms`
  (names, no logic), never the game's rules, its wiring nor the registry of
  games (`tablecheck.games`: what a card needs of another game, the wiring
  passes in);
- every other module is rules: it returns records, imports nothing of
  `tablecheck.display` nor the cards, holds no sentences (a string of
  five words or more outside docstrings and `raise` statements) and writes
  no words into its records (no dict with a key the cards fill: `label`,
  `summary`, `steps`, `note`, `notes`);
- no module is longer than MAX_LINES lines (split it by family of checks),
  except a language's table of words (`cards_words_<lang>.py`: data, one
  key per text, kept whole so that its keys can be compared with the other
  languages');
- no game imports another game, except where `allow_games` says so.

`problems(game)` lists what breaks these; a test per game asserts it is
empty: tests/unit/games/<game>/test_layout.py."""

import ast
import re
from pathlib import Path

PY = Path(__file__).resolve().parent.parent / "py"
SENTENCE_WORDS = 5
MAX_LINES = 500
# the keys of a record that hold words: the cards write them
WORD_KEYS = ("label", "summary", "steps", "note", "notes")
WORD = re.compile(r"[A-Za-z\u00c0-\u024f]+")


def problems(game, allow_games=(), shared=("terms",), root=PY):
    folder = root / "tablecheck" / "games" / game
    if not (folder / "__init__.py").is_file():
        return [f"{folder} is not a package"]
    found = []
    for path in sorted(folder.rglob("*.py")):
        module = _module_name(path, root)
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text, str(path))
        role = _role(path, folder)
        lines = len(text.splitlines())
        if lines > MAX_LINES and not path.stem.startswith("cards_words_"):
            found.append(f"{module} has {lines} lines (more than {MAX_LINES}): split it")
        if role == "wiring" and "SYSTEM" not in _assigned(tree):
            found.append(f"{module} (wiring) defines no SYSTEM")
        for target in _imports(tree, module, path.name == "__init__.py"):
            found += _import_problems(module, role, target, game, allow_games, shared)
        if role == "rules":
            found += [f"{module}:{line}: a sentence in the rules: {text!r}"
                      for line, text in _sentences(tree)]
            found += [f"{module}:{line}: words in a rules record: key {key!r}"
                      for line, key in _word_keys(tree)]
    return found


def _assigned(tree):
    """The names a module assigns at its top level."""
    names = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else (
            [node.target] if isinstance(node, ast.AnnAssign) else [])
        names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def _word_keys(tree):
    """(line, key) of every dict literal key that holds words (WORD_KEYS), in order."""
    return sorted((key.lineno, key.value) for node in ast.walk(tree) if isinstance(node, ast.Dict)
                  for key in node.keys
                  if isinstance(key, ast.Constant) and key.value in WORD_KEYS)


def _module_name(path, root):
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _role(path, folder):
    if path.parent == folder and path.name == "__init__.py":
        return "wiring"
    stem = path.stem
    if stem == "cards" or stem.startswith("cards_") or "cards" in path.relative_to(folder).parts[:-1]:
        return "cards"
    return "rules"


def _imports(tree, module, is_package):
    """Every module name the tree imports, made absolute."""
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                up = parts[: len(parts) - (node.level - 1)]
                base = ".".join(up + ([base] if base else []))
            if node.module:
                yield base
            else:  # `from . import cards` imports a module
                for alias in node.names:
                    yield f"{base}.{alias.name}"


def _import_problems(module, role, target, game, allow_games, shared):
    own = f"tablecheck.games.{game}"
    if target.startswith("tablecheck.systems"):
        return [f"{module} imports {target}: the old place of the games"]
    if target.startswith("tablecheck.games.") and not target.startswith(own + ".") and target != own:
        other = target.split(".")[2]
        if other not in allow_games:
            return [f"{module} imports another game: {target}"]
        return []
    if role == "rules" and (target.startswith("tablecheck.display") or _is_cards(target, own)):
        return [f"{module} (rules) imports words: {target}"]
    if role == "cards" and target.startswith(own + "."):
        name = target[len(own) + 1:].split(".")[0]
        if not (_is_cards(target, own) or name in shared):
            return [f"{module} (cards) imports the rules: {target}"]
    if role == "cards" and target == own:
        return [f"{module} (cards) imports the game's wiring: {target}"]
    if role == "cards" and target == "tablecheck.games":
        return [f"{module} (cards) imports the registry of games: {target}"]
    return []


def _is_cards(target, own):
    if not target.startswith(own + "."):
        return False
    first = target[len(own) + 1:].split(".")[0]
    return first == "cards" or first.startswith("cards_")


def _sentences(tree):
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))
        if isinstance(node, ast.Raise):
            skip.update(id(n) for n in ast.walk(node))
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            skip.update(id(v) for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if len(WORD.findall(text)) >= SENTENCE_WORDS:
            yield node.lineno, text
