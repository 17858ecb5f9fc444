"""Values from JSON as validation and messages see them.

A request can carry anything JSON (or a Python caller) can write: NaN,
Infinity, integers of thousands of digits (Python refuses to write one over
4,300 digits as text), lists nested thousands deep, texts of megabytes. Every
message that shows a value the request carried shows it through `shown`,
which never raises, never recurses and stays short; every check for a whole
number goes through `whole_number`.
"""

SHOWN_TEXT = 40  # characters of a text value a message shows
SHOWN_DIGITS = 15  # an integer with more digits is shown by its length


# the words `kind` and `shown` write, in each language of the messages
# (api.md "Languages"; tablecheck.messages)
VALUE_WORDS = {
    "en": {"bool": "true/false", "number": "a number", "text": "text", "list": "a list",
           "object": "an object", "digits": "a number of {n} digits", "long_text": "{text}... ({n} characters)"},
    "de": {"bool": "true/false", "number": "eine Zahl", "text": "Text", "list": "eine Liste",
           "object": "ein Objekt", "digits": "eine Zahl mit {n} Ziffern", "long_text": "{text}... ({n} Zeichen)"},
}


def kind(value, lang="en"):
    """What a JSON value is, in words: "a number", "a list", "an object"."""
    w = VALUE_WORDS[lang]
    if isinstance(value, bool):
        return w["bool"]
    if isinstance(value, (int, float)):
        return w["number"]
    if isinstance(value, str):
        return w["text"]
    if isinstance(value, (list, tuple)):
        return w["list"]
    if isinstance(value, dict):
        return w["object"]
    if value is None:
        return "null"
    return type(value).__name__


def shown(value, lang="en"):
    """The value as a message shows it: JSON's own words for the numbers
    JSON cannot write (NaN, Infinity), the length of a huge integer or a
    long text, the kind of a list or an object (never its items)."""
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    if isinstance(value, int):
        if -10 ** SHOWN_DIGITS < value < 10 ** SHOWN_DIGITS:
            return str(int(value))
        return VALUE_WORDS[lang]["digits"].format(n=thousands(digits(value), lang))
    if isinstance(value, float):
        if value != value:
            return "NaN"
        if value in (float("inf"), float("-inf")):
            return "Infinity" if value > 0 else "-Infinity"
        return repr(float(value))
    if isinstance(value, str):
        if len(value) <= SHOWN_TEXT:
            return repr(value)
        return VALUE_WORDS[lang]["long_text"].format(text=repr(value[:SHOWN_TEXT]),
                                                     n=thousands(len(value), lang))
    return kind(value, lang)


def thousands(n, lang="en"):
    """12,345 (English), 12.345 (German)."""
    text = f"{n:,}"
    return text if lang == "en" else text.replace(",", ".")


def digits(n):
    """The number of decimal digits of an integer, without writing it out
    (which Python refuses over 4,300 digits)."""
    n = abs(int(n))
    if n < 10:
        return 1
    count = int(n.bit_length() * 0.30102999566398120) + 1  # log10(2): exact or one over
    return count - 1 if n < 10 ** (count - 1) else count


def whole_number(value):
    """The int a JSON number stands for when it is a whole number (3 and
    3.0 alike), else None: true/false, NaN, Infinity, 2.5, text, lists..."""
    if type(value) is int:
        return value
    if isinstance(value, bool):
        return None
    if isinstance(value, float):
        return int(value) if value.is_integer() else None  # NaN and Infinity are not
    if isinstance(value, int):
        return int(value)
    return None
