"""Check parameters: one declaration serves validation and the catalog.

Each check lists its `Param`s; `validate` turns a request into clean values
(or raises InvalidRequest naming the field), and `Param.to_catalog` is what
the page builds its forms from, so the two never drift apart.
Field paths in messages: ``rating``, ``a.rating``, ``members[2].attributes[0]``.
"""

from dataclasses import dataclass, field

from .errors import InvalidRequest
from .jsonvalues import thousands, shown, whole_number
from .messages import MESSAGES as _MESSAGES

REQUIRED = object()

# the validation messages in each language (api.md "Languages"; `lang` of
# validate): the API's own message tables, the same keys, str.format fields by name
MESSAGES = _MESSAGES  # tablecheck.messages

# keys every request may carry besides the check's own parameters: the
# dice, and for the card only: `characters` {group path: name} (who filled
# the form), `labels` {group path: what was rolled}, `side` (the group path
# of the side the page is on), `locale` (the language of the answer's words)
RESERVED = ("system", "check", "dice", "seed", "characters", "labels", "side", "locale", "card_first")


@dataclass
class Param:
    name: str
    kind: str  # int | bool | choice | int_or_choice | string | object | list
    label: str = ""
    default: object = REQUIRED
    min: int = None
    max: int = None
    choices: list = None  # [(value, label)] for choice / int_or_choice
    fields: list = None  # [Param] for object
    item: "Param" = None  # for list
    min_items: int = None
    max_items: int = None
    nullable: bool = False  # None is allowed (and is the default when so)
    help: str = ""
    max_length: int = None  # for string
    aliases: dict = None  # choice: other words the rules use {"difficult": "standard"}
    # for the page's form only (the API never reads them):
    initial: object = None  # first value shown when there is no default
    examples: list = None  # strings offered as taps (dice expressions)
    pairs: str = None  # a list of names that labels the list param of this name
    example_labels: dict = None  # {example: words a player recognises} for the taps
    reference: dict = None  # {"title", "rows": [[written, meaning]]}: a help panel one tap away
    # a text field's searchable list (sheets.suggest_hint): the entries of a
    # list in the system's catalog entry, picking one sets sibling fields too
    suggest: dict = None
    # who takes part (a side of a contest, a member of a group): the page gives
    # the group a name and a fill menu over every saved character; `party_name`
    # is a string field of the group that already holds the name
    party: str = None  # "side" | "member"
    party_name: str = None
    form: bool = True  # False: set by a card's follow-up actions, never a form field
    # False: left out of a stored request (history); the entry's dice replay it
    # (a throw a follow-up keeps: the entry's dice hold it already)
    stored: bool = True

    def to_catalog(self):
        out = {"name": self.name, "type": self.kind, "label": self.label or self.name}
        if self.default is not REQUIRED:
            out["default"] = self.default
        else:
            out["required"] = True
        for key in ("min", "max", "min_items", "max_items", "max_length", "help",
                    "initial", "examples", "pairs", "party", "party_name",
                    "example_labels", "reference", "suggest"):
            value = getattr(self, key)
            if value not in (None, ""):
                out[key] = value
        if self.nullable:
            out["nullable"] = True
        if not self.form:
            out["form"] = False
        if not self.stored:
            out["stored"] = False
        if self.choices is not None:
            out["choices"] = [{"value": v, "label": l} for v, l in self.choices]
        if self.fields is not None:
            out["fields"] = [p.to_catalog() for p in self.fields]
        if self.item is not None:
            out["item"] = self.item.to_catalog()
        return out


def _whole(value, path, lang="en"):
    whole = whole_number(value)
    if whole is None:
        raise InvalidRequest(path, MESSAGES[lang]["whole"].format(value=shown(value, lang)), code="type")
    return whole


def _range(value, p, path, lang="en"):
    if p.min is not None and value < p.min:
        raise InvalidRequest(path, MESSAGES[lang]["at_least"].format(n=p.min, value=shown(value, lang)))
    if p.max is not None and value > p.max:
        raise InvalidRequest(path, MESSAGES[lang]["at_most"].format(n=p.max, value=shown(value, lang)))
    return value


def _entries(n, lang="en"):
    return f"{n} {MESSAGES[lang]['entry' if n == 1 else 'entries']}"


def _choice_key(p, value):
    """Choice words match whatever their case and spacing ("Near impossible",
    "near-impossible"), and the rules' other words through `aliases`."""
    if not isinstance(value, str) or value in _choice_values(p):
        return value
    key = value.strip().lower().replace("-", "_").replace(" ", "_")
    for v in _choice_values(p):
        if isinstance(v, str) and v.lower() == key:
            return v
    return (p.aliases or {}).get(key, value)


def _choice_values(p):
    return [v for v, _ in p.choices]


def check_value(p, value, path, lang="en"):
    """One value against its Param; returns the clean value (messages in
    `lang`, MESSAGES)."""
    m = MESSAGES[lang]
    if value is None:
        if p.nullable:
            return None
        raise InvalidRequest(path, m["required"], code="required")
    kind = p.kind
    if kind == "int":
        return _range(_whole(value, path, lang), p, path, lang)
    if kind == "bool":
        if not isinstance(value, bool):
            raise InvalidRequest(path, m["bool"].format(value=shown(value, lang)), code="type")
        return value
    if kind == "choice":
        value = _choice_key(p, value)
        if value not in _choice_values(p) or isinstance(value, bool):
            names = ", ".join(str(v) for v in _choice_values(p))
            raise InvalidRequest(path, m["choice"].format(value=shown(value, lang), names=names), code="choice")
        return value
    if kind == "int_or_choice":
        if isinstance(value, str):
            key = value.strip().lower().replace(" ", "_")
            if key in _choice_values(p):
                return key
            names = ", ".join(str(v) for v in _choice_values(p))
            raise InvalidRequest(path, m["int_or_choice"].format(value=shown(value, lang), names=names),
                                 code="choice")
        return _range(_whole(value, path, lang), p, path, lang)
    if kind == "string":
        if not isinstance(value, str):
            raise InvalidRequest(path, m["text"].format(value=shown(value, lang)), code="type")
        if p.max_length is not None and len(value) > p.max_length:
            raise InvalidRequest(path, m["too_long"].format(length=thousands(len(value), lang), n=p.max_length))
        return value
    if kind == "object":
        if not isinstance(value, dict):
            raise InvalidRequest(path, m["object"], code="type")
        return validate(p.fields, value, prefix=path + ".", reserved=(), lang=lang)
    if kind == "list":
        if not isinstance(value, (list, tuple)):
            raise InvalidRequest(path, m["list"], code="type")
        if p.min_items is not None and len(value) < p.min_items:
            raise InvalidRequest(path, m["min_items"].format(entries=_entries(p.min_items, lang), n=len(value)))
        if p.max_items is not None and len(value) > p.max_items:
            raise InvalidRequest(path, m["max_items"].format(entries=_entries(p.max_items, lang), n=len(value)))
        return [check_value(p.item, v, f"{path}[{i}]", lang) for i, v in enumerate(value)]
    raise ValueError(f"unknown parameter kind {kind!r}")


_KNOWN = {}  # (id(params), reserved) -> (params, the names a request may carry)


def _known_names(params, reserved):
    """The params' names and the reserved ones, as a set, once per list of
    params (every request asks; the list is kept so its id stays its own)."""
    entry = _KNOWN.get((id(params), reserved))
    if entry is not None and entry[0] is params and entry[2] == tuple(params):
        return entry[1]
    names = known_names(params, reserved)
    if len(_KNOWN) > 512:
        _KNOWN.clear()
    _KNOWN[id(params), reserved] = (params, names, tuple(params))
    return names


def known_names(params, reserved=RESERVED):
    """The names a request for `params` may carry (a frozenset)."""
    return frozenset(p.name for p in params) | frozenset(reserved)


def validate(params, request, prefix="", reserved=RESERVED, known=None, lang="en"):
    """Clean values for `params` from `request` (a dict); unknown keys and
    missing required ones raise InvalidRequest naming the field (in `lang`,
    MESSAGES). `known`: known_names(params, reserved), when the caller keeps it."""
    m = MESSAGES[lang]
    if type(request) is not dict and not isinstance(request, dict):
        raise InvalidRequest(prefix.rstrip(".") or "request", m["object"], code="type")
    if known is None:
        known = _known_names(params, reserved)
    if not known.issuperset(request):
        for key in request:
            if key not in known:
                raise InvalidRequest(prefix + str(key), m["unknown"], code="unknown")
    out = {}
    for p in params:
        name = p.name
        if name in request:
            value = request[name]
            if type(value) is str and p.kind == "string" and p.max_length is None:
                out[name] = value  # the common case (a dice expression), as check_value
            else:
                out[name] = check_value(p, value, prefix + name, lang)
        elif p.default is not REQUIRED:
            out[name] = p.default
        elif p.nullable:
            out[name] = None
        else:
            raise InvalidRequest(prefix + name, m["required"], code="required")
    return out


# -- shorthands for the systems' declarations ---------------------------------
def Int(name, label="", default=REQUIRED, min=None, max=None, help="", initial=None):
    return Param(name, "int", label, default, min, max, help=help, initial=initial)


def Bool(name, label="", default=False, help=""):
    return Param(name, "bool", label, default, help=help)


def Choice(name, choices, label="", default=REQUIRED, help="", aliases=None, initial=None):
    return Param(name, "choice", label, default, choices=list(choices), help=help,
                 aliases=aliases, initial=initial)


def Obj(name, fields, label="", default=REQUIRED, help=""):
    return Param(name, "object", label, default, fields=list(fields), help=help)


def List(name, item, label="", default=REQUIRED, min_items=None, max_items=None, help=""):
    return Param(name, "list", label, default, item=item, min_items=min_items,
                 max_items=max_items, help=help)


PARTIES = ("side", "member")


def party(param, kind="side", name_field=None):
    """Mark `param` (an object, or the item of a list) as one who takes part:
    a side of a contest or a member of a group. The page names it and fills it
    from any saved character; the names reach the card as `characters`."""
    if kind not in PARTIES:
        raise ValueError(f"party kind {kind!r} is not one of {PARTIES}")
    param.party = kind
    param.party_name = name_field
    return param


def suggest_hint(source, sets, words, value=("name",), search=(), detail=(), group=None):
    """A text field's searchable list, for the page only (a Param's or a
    sheet Column's `suggest`; docs/api-additions.md): the entries are the
    list `source` of the system's catalog entry. Paths are lists of keys and
    indexes into an entry: `value` is the text the field takes, `sets`
    {sibling field or column: path} what a pick puts in the fields beside
    it, `search` further texts a search matches, `detail` what is shown
    under the name (a list joined by "/"), `group` what the whole list is
    grouped by; `words` {button, placeholder, empty, title} what the page
    says."""
    hint = {"from": source, "value": list(value), "sets": {k: list(v) for k, v in sets.items()},
            "search": [list(p) for p in search], "detail": [list(p) for p in detail], **words}
    if group is not None:
        hint["group"] = list(group)
    return hint
