"""The Dark Eye's core skills (issue 27): the 59 skills of the core rules in
Optolith's ids and order (TAL_1 ... TAL_59), each with its English name as
Optolith's en-US data spells it, its German name as Optolith's de-DE data
does, the three attributes of its check (in order, as the sheet abbreviates
them) and its group.

The attributes and groups are the majority reading of five public sources
(Optolith's data, Foundry VTT's dsa5 system, Ulisses' Heldendokument and
Regel-Wiki, a typed copy of the core rules); docs/dark-eye-skills.md names
them and their one disagreement, and tests/unit/games/dark_eye/test_skills.py
recomputes the vote from their tables in tests/data/dark_eye_skills/.
"""

from dataclasses import dataclass

from ...params import suggest_hint


@dataclass(frozen=True)
class Skill:
    id: str  # Optolith's id, "TAL_3"
    name: str  # English, "Climbing"
    name_de: str  # German, "Klettern"
    attributes: tuple  # three of COU SGC INT CHA DEX AGI CON STR, in check order
    group: str  # Physical, Social, Nature, Knowledge, Craft

    def to_catalog(self, lang="en"):
        """English: the name and `names` {"de"}; German ("de"): the German
        name and `names` {"en"} (the id stays)."""
        if lang == "de":
            return {"id": self.id, "name": self.name_de, "names": {"en": self.name},
                    "attributes": list(self.attributes), "group": self.group}
        return {"id": self.id, "name": self.name, "names": {"de": self.name_de},
                "attributes": list(self.attributes), "group": self.group}


SKILLS = (
    Skill('TAL_1', 'Flying', 'Fliegen', ('COU', 'INT', 'AGI'), 'Physical'),
    Skill('TAL_2', 'Gaukelei', 'Gaukeleien', ('COU', 'CHA', 'DEX'), 'Physical'),
    Skill('TAL_3', 'Climbing', 'Klettern', ('COU', 'AGI', 'STR'), 'Physical'),
    Skill('TAL_4', 'Body Control', 'Körperbeherrschung', ('AGI', 'AGI', 'CON'), 'Physical'),
    Skill('TAL_5', 'Feat of Strength', 'Kraftakt', ('CON', 'STR', 'STR'), 'Physical'),
    Skill('TAL_6', 'Riding', 'Reiten', ('CHA', 'AGI', 'STR'), 'Physical'),
    Skill('TAL_7', 'Swimming', 'Schwimmen', ('AGI', 'CON', 'STR'), 'Physical'),
    Skill('TAL_8', 'Self-Control', 'Selbstbeherrschung', ('COU', 'COU', 'CON'), 'Physical'),
    Skill('TAL_9', 'Singing', 'Singen', ('SGC', 'CHA', 'CON'), 'Physical'),
    Skill('TAL_10', 'Perception', 'Sinnesschärfe', ('SGC', 'INT', 'INT'), 'Physical'),
    Skill('TAL_11', 'Dancing', 'Tanzen', ('SGC', 'CHA', 'AGI'), 'Physical'),
    Skill('TAL_12', 'Pickpocket', 'Taschendiebstahl', ('COU', 'DEX', 'AGI'), 'Physical'),
    Skill('TAL_13', 'Stealth', 'Verbergen', ('COU', 'INT', 'AGI'), 'Physical'),
    Skill('TAL_14', 'Carousing', 'Zechen', ('SGC', 'CON', 'STR'), 'Physical'),
    Skill('TAL_15', 'Persuasion', 'Bekehren & Überzeugen', ('COU', 'SGC', 'CHA'), 'Social'),
    Skill('TAL_16', 'Seduction', 'Betören', ('COU', 'CHA', 'CHA'), 'Social'),
    Skill('TAL_17', 'Intimidation', 'Einschüchtern', ('COU', 'INT', 'CHA'), 'Social'),
    Skill('TAL_18', 'Etiquette', 'Etikette', ('SGC', 'INT', 'CHA'), 'Social'),
    Skill('TAL_19', 'Streetwise', 'Gassenwissen', ('SGC', 'INT', 'CHA'), 'Social'),
    Skill('TAL_20', 'Empathy', 'Menschenkenntnis', ('SGC', 'INT', 'CHA'), 'Social'),
    Skill('TAL_21', 'Fast-Talk', 'Überreden', ('COU', 'INT', 'CHA'), 'Social'),
    Skill('TAL_22', 'Disguise', 'Verkleiden', ('INT', 'CHA', 'AGI'), 'Social'),
    Skill('TAL_23', 'Willpower', 'Willenskraft', ('COU', 'INT', 'CHA'), 'Social'),
    Skill('TAL_24', 'Tracking', 'Fährtensuchen', ('COU', 'INT', 'AGI'), 'Nature'),
    Skill('TAL_25', 'Ropes', 'Fesseln', ('SGC', 'DEX', 'STR'), 'Nature'),
    Skill('TAL_26', 'Fishing', 'Fischen & Angeln', ('DEX', 'AGI', 'CON'), 'Nature'),
    Skill('TAL_27', 'Orienting', 'Orientierung', ('SGC', 'INT', 'INT'), 'Nature'),
    Skill('TAL_28', 'Plant Lore', 'Pflanzenkunde', ('SGC', 'DEX', 'CON'), 'Nature'),
    Skill('TAL_29', 'Animal Lore', 'Tierkunde', ('COU', 'COU', 'CHA'), 'Nature'),
    Skill('TAL_30', 'Survival', 'Wildnisleben', ('COU', 'AGI', 'CON'), 'Nature'),
    Skill('TAL_31', 'Gambling', 'Brett- & Glücksspiel', ('SGC', 'SGC', 'INT'), 'Knowledge'),
    Skill('TAL_32', 'Geography', 'Geographie', ('SGC', 'SGC', 'INT'), 'Knowledge'),
    Skill('TAL_33', 'History', 'Geschichtswissen', ('SGC', 'SGC', 'INT'), 'Knowledge'),
    Skill('TAL_34', 'Religions', 'Götter & Kulte', ('SGC', 'SGC', 'INT'), 'Knowledge'),
    Skill('TAL_35', 'Warfare', 'Kriegskunst', ('COU', 'SGC', 'INT'), 'Knowledge'),
    Skill('TAL_36', 'Magical Lore', 'Magiekunde', ('SGC', 'SGC', 'INT'), 'Knowledge'),
    Skill('TAL_37', 'Mechanics', 'Mechanik', ('SGC', 'SGC', 'DEX'), 'Knowledge'),
    Skill('TAL_38', 'Math', 'Rechnen', ('SGC', 'SGC', 'INT'), 'Knowledge'),
    Skill('TAL_39', 'Law', 'Rechtskunde', ('SGC', 'SGC', 'INT'), 'Knowledge'),
    Skill('TAL_40', 'Myths & Legends', 'Sagen & Legenden', ('SGC', 'SGC', 'INT'), 'Knowledge'),
    Skill('TAL_41', 'Sphere Lore', 'Sphärenkunde', ('SGC', 'SGC', 'INT'), 'Knowledge'),
    Skill('TAL_42', 'Astronomy', 'Sternkunde', ('SGC', 'SGC', 'INT'), 'Knowledge'),
    Skill('TAL_43', 'Alchemy', 'Alchimie', ('COU', 'SGC', 'DEX'), 'Craft'),
    Skill('TAL_44', 'Sailing', 'Boote & Schiffe', ('DEX', 'AGI', 'STR'), 'Craft'),
    Skill('TAL_45', 'Driving', 'Fahrzeuge', ('CHA', 'DEX', 'CON'), 'Craft'),
    Skill('TAL_46', 'Commerce', 'Handel', ('SGC', 'INT', 'CHA'), 'Craft'),
    Skill('TAL_47', 'Treat Poison', 'Heilkunde Gift', ('COU', 'SGC', 'INT'), 'Craft'),
    Skill('TAL_48', 'Treat Disease', 'Heilkunde Krankheiten', ('COU', 'INT', 'CON'), 'Craft'),
    Skill('TAL_49', 'Treat Soul', 'Heilkunde Seele', ('INT', 'CHA', 'CON'), 'Craft'),
    Skill('TAL_50', 'Treat Wounds', 'Heilkunde Wunden', ('SGC', 'DEX', 'DEX'), 'Craft'),
    Skill('TAL_51', 'Woodworking', 'Holzbearbeitung', ('DEX', 'AGI', 'STR'), 'Craft'),
    Skill('TAL_52', 'Prepare Food', 'Lebensmittelbearbeitung', ('INT', 'DEX', 'DEX'), 'Craft'),
    Skill('TAL_53', 'Leatherworking', 'Lederbearbeitung', ('DEX', 'AGI', 'CON'), 'Craft'),
    Skill('TAL_54', 'Artistic Ability', 'Malen & Zeichnen', ('INT', 'DEX', 'DEX'), 'Craft'),
    Skill('TAL_55', 'Metalworking', 'Metallbearbeitung', ('DEX', 'CON', 'STR'), 'Craft'),
    Skill('TAL_56', 'Music', 'Musizieren', ('CHA', 'DEX', 'CON'), 'Craft'),
    Skill('TAL_57', 'Pick Locks', 'Schlösserknacken', ('INT', 'DEX', 'DEX'), 'Craft'),
    Skill('TAL_58', 'Earthencraft', 'Steinbearbeitung', ('DEX', 'DEX', 'STR'), 'Craft'),
    Skill('TAL_59', 'Clothworking', 'Stoffbearbeitung', ('SGC', 'DEX', 'DEX'), 'Craft'),
)
BY_ID = {s.id: s for s in SKILLS}
GROUPS = ("Physical", "Social", "Nature", "Knowledge", "Craft")


def catalog(lang="en"):
    """The catalog's `skills` entry (api.md): the list in Optolith's order."""
    return [s.to_catalog(lang) for s in SKILLS]


def hint(sets, words, lang="en"):
    """The list as a form offers it (the catalog's `suggest` hint of a
    skill's name field, params.suggest_hint): picking "Climbing" names the
    skill and its three attributes (`sets`: where they go); a name not in
    the list is a skill of the player's own. `words`: the list's button,
    title, placeholder and empty text (the cards')."""
    other = "en" if lang == "de" else "de"  # a name is found in either language
    return suggest_hint("skills", sets, words, search=[("names", other)],
                        detail=[("attributes",), ("group",)], group=("group",))


FORM_SETS = {"names": ("attributes",)}  # a check's `skill` field: `names` labels the attributes
SHEET_SETS = {f"a{i + 1}": ("attributes", i) for i in range(3)}  # the sheet's skill rows
