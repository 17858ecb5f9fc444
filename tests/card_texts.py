"""Every text of a card a person reads (shared by the display tests)."""


def card_texts(card, line=None):
    out = [card["title"], card["subject"] or "", card["headline"]["label"]]
    if line is not None:
        out.append(line)
    if card["key"]:
        out += [card["key"]["label"], card["key"]["value"]]
    for f in card["facts"]:
        out += [f["label"], f["value"]]
    for g in card["groups"]:
        out += [g["title"], g["summary"]]
    out += card["notes"]
    for c in card["choices"]:
        out += [c["label"], c["text"]] + [o["label"] for o in c.get("options", [])]
    out += [a["label"] for a in card["actions"]]
    for d in card["dice"]:
        out += [d["label"]] + d["notes"]
    return out
