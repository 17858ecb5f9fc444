"""The API's own messages in each language it answers in (api.md
"Languages"): validation (params), the API's door (api.py, worker.py) and
entered dice (dice/sources.py). One table per language, the same keys,
`str.format` fields by name (tests/unit/test_messages.py asserts both).

A refusal is raised as a key and its fields (errors.InvalidRequest
`refusal=(key, fields)`) and worded here: in English when raised, in the
request's language by the API. A field's value may be one of the wrappers
below: the value is then written in the message's language (a request's
value as `jsonvalues.shown` shows it, a number of dice, a list of faces).
A game's own refusals are worded the same way from its words table
(System.refusals)."""

from .jsonvalues import kind, shown, thousands

MESSAGES = {
    "en": {
        # -- validation (params.py) ---------------------------------------------------
        "whole": "must be a whole number, not {value}", "at_least": "must be at least {n}, not {value}",
        "at_most": "must be at most {n}, not {value}", "required": "is required",
        "bool": "must be true or false, not {value}",
        "choice": "unknown value {value}; choose one of: {names}",
        "int_or_choice": "unknown value {value}; give a number or one of: {names}",
        "text": "must be text, not {value}", "too_long": "is {length} characters long; at most {n}",
        "object": "must be an object of fields", "list": "must be a list",
        "min_items": "needs at least {entries}, not {n}", "max_items": "takes at most {entries}, not {n}",
        "entry": "entry", "entries": "entries", "unknown": "is not a parameter of this check",
        # -- the API's door (api.py) ---------------------------------------------------
        "locale_type": "must be a language (text), not {kind}; choose one of: {names}",
        "locale_choice": "unknown language {value}; choose one of: {names}",
        "request_object": "must be an object with system, check and parameters",
        "required_one_of": "is required; choose one of: {names}",
        "system_type": "must be a system id (text), not {kind}; choose one of: {names}",
        "system_unknown": "unknown system {value}; choose one of: {names}",
        "check_type": "must be a check id (text), not {kind}; choose one of: {names}",
        "check_unknown": "unknown check {value} for {system}; choose one of: {names}",
        "names_object": "must be an object of {{form part: name}}",
        "text_kind": "must be text, not {kind}",
        "side_type": "must be the name of a side of the form (text), not {kind}",
        "card_first_type": "must be true or false, not {kind}",
        "odds_no_dice": "odds are for dice still to be thrown and read no entered dice here: leave the "
                        "dice out, or resolve them",
        "character_object": "must be a character object with name and sheet",
        "params_list": "must be a list of parameter names",
        "format_one_of": "must be one of: {names}",
        "format_none": "must be one of: none: {system} imports no files",
        "data_required": "is required: the file's contents as parsed JSON",
        # -- JSON text (worker.py) -------------------------------------------------------
        "too_deep": "is nested more than {n} deep (lists or objects inside each other); no request "
                    "needs more than a few",
        "not_json": "is not valid JSON: {reason} (character {position})",
        "huge_number": "is a whole number of {digits} digits, far beyond any the rules take",
        # -- entered dice (dice/sources.py) ----------------------------------------------
        "dice_or_seed": "give either dice or a seed, not both",
        "dice_list": "must be a list of die faces",
        "seed_whole": "must be a whole number",
        "dice_missing_one": "1 more die needed: {dice}{more}",
        "dice_missing": "{n} more dice needed: {dice}{more}",
        "dice_missing_at_least": "at least {n} more dice needed: {dice}{more}",
        "and_more": ", and {n} more",
        "dice_extra_one": "1 die too many: {faces} was not used (this check needed {used})",
        "dice_extra": "{n} dice too many: {faces} were not used (this check needed {used})",
        "not_a_face": "{die}: {value} is not a die face",
        "not_a_face_die": "die: {value} is not a die face",
        "shows_not_a_side": "{die} shows {value}; its sides show {sides}",
        "shows_not_a_side_die": "die shows {value}; its sides show {sides}",
        "shows_not_a_face": "{die} shows {value}; a d{sides} has faces 1-{sides}",
        "dice_n_one": "1 die", "dice_n": "{n} dice",
        "die_name": "d{sides}", "die_name_label": "d{sides} ({label})",
    },
    "de": {
        "whole": "muss eine ganze Zahl sein, nicht {value}",
        "at_least": "muss mindestens {n} sein, nicht {value}",
        "at_most": "darf höchstens {n} sein, nicht {value}", "required": "fehlt",
        "bool": "muss wahr oder falsch sein (true/false), nicht {value}",
        "choice": "unbekannter Wert {value}; wähle einen von: {names}",
        "int_or_choice": "unbekannter Wert {value}; gib eine Zahl oder einen von: {names}",
        "text": "muss ein Text sein, nicht {value}", "too_long": "ist {length} Zeichen lang; höchstens {n}",
        "object": "muss ein Objekt mit Feldern sein", "list": "muss eine Liste sein",
        "min_items": "braucht mindestens {entries}, nicht {n}",
        "max_items": "nimmt höchstens {entries}, nicht {n}",
        "entry": "Eintrag", "entries": "Einträge", "unknown": "ist kein Parameter dieser Probe",
        "locale_type": "muss eine Sprache sein (Text), nicht {kind}; wähle aus: {names}",
        "locale_choice": "unbekannte Sprache {value}; wähle aus: {names}",
        "request_object": "muss ein Objekt mit System, Probe und Parametern sein",
        "required_one_of": "fehlt; wähle aus: {names}",
        "system_type": "muss die Kennung eines Systems sein (Text), nicht {kind}; wähle aus: {names}",
        "system_unknown": "unbekanntes System {value}; wähle aus: {names}",
        "check_type": "muss die Kennung einer Probe sein (Text), nicht {kind}; wähle aus: {names}",
        "check_unknown": "unbekannte Probe {value} für {system}; wähle aus: {names}",
        "names_object": "muss ein Objekt aus {{Teil des Formulars: Name}} sein",
        "text_kind": "muss ein Text sein, nicht {kind}",
        "side_type": "muss der Name einer Seite des Formulars sein (Text), nicht {kind}",
        "card_first_type": "muss wahr oder falsch sein (true/false), nicht {kind}",
        "odds_no_dice": "die Chancen gelten für Würfel, die noch fallen, und lesen hier keine "
                        "eingegebenen Würfel: lass die Würfel weg oder wirf sie aus",
        "character_object": "muss ein Charakter-Objekt mit Name und Bogen sein",
        "params_list": "muss eine Liste von Parameternamen sein",
        "format_one_of": "muss eines sein von: {names}",
        "format_none": "muss eines sein von: keinem: {system} liest keine Dateien ein",
        "data_required": "fehlt: der Inhalt der Datei als gelesenes JSON",
        "too_deep": "ist mehr als {n} Ebenen tief verschachtelt (Listen oder Objekte ineinander); "
                    "keine Anfrage braucht mehr als ein paar",
        "not_json": "ist kein gültiges JSON: {reason} (Zeichen {position})",
        "huge_number": "ist eine ganze Zahl mit {digits} Ziffern, weit über allem, was die Regeln "
                       "nehmen",
        "dice_or_seed": "gib entweder Würfel oder einen Seed an, nicht beides",
        "dice_list": "muss eine Liste von Würfelergebnissen sein",
        "seed_whole": "muss eine ganze Zahl sein",
        "dice_missing_one": "noch 1 Würfel nötig: {dice}{more}",
        "dice_missing": "noch {n} Würfel nötig: {dice}{more}",
        "dice_missing_at_least": "noch mindestens {n} Würfel nötig: {dice}{more}",
        "and_more": " und {n} weitere",
        "dice_extra_one": "1 Würfel zu viel: {faces} wurde nicht gebraucht (diese Probe brauchte {used})",
        "dice_extra": "{n} Würfel zu viel: {faces} wurden nicht gebraucht (diese Probe brauchte {used})",
        "not_a_face": "{die}: {value} ist keine Seite eines Würfels",
        "not_a_face_die": "Würfel: {value} ist keine Seite eines Würfels",
        "shows_not_a_side": "{die} zeigt {value}; seine Seiten zeigen {sides}",
        "shows_not_a_side_die": "Würfel zeigt {value}; seine Seiten zeigen {sides}",
        "shows_not_a_face": "{die} zeigt {value}; ein W{sides} hat die Seiten 1-{sides}",
        "dice_n_one": "1 Würfel", "dice_n": "{n} Würfel",
        "die_name": "W{sides}", "die_name_label": "W{sides} ({label})",
    },
}

SHOWN_FACES = 12  # faces a message lists before "and N more"


class Shown:
    """A request's value in a message (jsonvalues.shown in its language)."""

    def __init__(self, value):
        self.value = value


class Kind(Shown):
    """What a request's value is ("a list"; jsonvalues.kind)."""


class Faces(Shown):
    """Entered faces, a few of them shown: '5, 6, and 3 more'."""


class Dice(Shown):
    """A number of dice: '1 die', '3 dice'."""


class Named(Shown):
    """An id a game's table names ("COU": "MU"): `table["names"][kind][id]`,
    the id itself where the table names none."""

    def __init__(self, kind, value):
        super().__init__(value)
        self.kind = kind


class NamedIds(Named):
    """[(id, named id)] as 'ATTR_1 (COU), ATTR_2 (SGC)', each second id Named."""


class Count(Shown):
    """A number written with its thousands: '12,345', '12.345'."""


class More(Shown):
    """', and 3 more' (nothing for 0 or fewer) after a list cut short."""


class Dies(Shown):
    """Dice as a message names them, [(sides, label, faces or None)]:
    'd20 (COU die), dF 2' (a die of other faces by its label alone)."""


def _written(value, lang, table):
    cls = type(value)
    if cls is Named or cls is NamedIds:
        names = (table or {}).get("names", {}).get(value.kind, {})
        if cls is Named:
            return names.get(value.value, value.value)
        return ", ".join(f"{i} ({names.get(n, n)})" for i, n in value.value)
    if cls is Shown:
        return shown(value.value, lang)
    if cls is Kind:
        return kind(value.value, lang)
    if cls is Dice:
        n = value.value
        return MESSAGES[lang]["dice_n_one" if n == 1 else "dice_n"].format(n=n)
    if cls is Count:
        return thousands(value.value, lang)
    if cls is More:
        return MESSAGES[lang]["and_more"].format(n=value.value) if value.value > 0 else ""
    if cls is Dies:
        m = MESSAGES[lang]
        return ", ".join(label if faces is not None and label else
                         m["die_name_label" if label else "die_name"].format(sides=sides, label=label)
                         for sides, label, faces in value.value)
    if cls is Faces:
        faces = value.value
        text = ", ".join(shown(f, lang) for f in faces[:SHOWN_FACES])
        more = len(faces) - SHOWN_FACES
        return text + (MESSAGES[lang]["and_more"].format(n=more) if more > 0 else "")
    return value


def word(key, fields, lang="en", table=None):
    """The message of refusal `key` with its `fields` in `lang`, from
    `table` (a game's refusals in that language) or MESSAGES[lang]."""
    template = (MESSAGES[lang] if table is None else table)[key]
    return template.format(**{name: _written(v, lang, table) for name, v in fields.items()})


def has(key):
    """Whether `key` is one of the API's own messages (not a game's)."""
    return key in MESSAGES["en"]
