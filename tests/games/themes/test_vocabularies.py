"""What the shipped Thèmes vocabularies hold (issue 15 §3): no entry a French player would
refuse, the everyday words one would give, no plural in a singular theme, every package name
read by the project (docs/themes-cards.md, « Relecture »)."""

from __future__ import annotations

import importlib.util
import itertools
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from ludotheque.games.themes.cards import entry_key, theme_names, vocabulary
from ludotheque.games.themes.judging import plural_only_entries
from ludotheque.lexicon import common_words, normalize

ROOT = Path(__file__).resolve().parents[3]
SMALL_WORDS = {"de", "du", "des", "d", "la", "le", "les", "l", "en", "et", "à", "au", "aux", "ou"}


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_ville_holds_no_country_and_no_island() -> None:
    # The audit's finds among CLDR's time-zone cities: islands, archipelagos, countries.
    ville = vocabulary("VILLE")
    for place in (
        "Jamaïque", "La Barbade", "Bermudes", "Açores", "Îles Canaries", "Madère", "Malte",
        "Maurice", "La Réunion", "Comores", "Fidji", "Galápagos", "Marquises", "Palaos",
        "Cap-Vert", "Îles Féroé", "Sainte-Hélène", "Guernesey", "Île de Man", "Île de Pâques",
        "Caïmans", "Curaçao", "Porto Rico", "Bahreïn", "Koweït", "Andorre", "Dominique",
        "Sainte-Lucie", "Kamtchatka", "Le Vatican", "Vatican",
    ):  # fmt: skip
        assert place not in ville, place
    # A city may share its name with a country only when it is that city-state or capital
    # (or, for Grenade, a homonym: Granada in Andalusia).
    shared = {ville.forms[key] for key in ville.forms if key in vocabulary("PAYS").forms}
    assert shared == {
        "Djibouti", "Grenade", "Luxembourg", "Monaco", "Panama", "Saint-Marin", "Singapour",
    }  # fmt: skip


def test_pays_holds_countries_not_regions_or_dependencies() -> None:
    pays = vocabulary("PAYS")
    for place in (
        "Sibérie", "Laponie", "Patagonie", "Bavière", "Catalogne", "Corse", "Sicile", "Québec",
        "Guadeloupe", "Martinique", "La Réunion", "Mayotte", "Bermudes", "Gibraltar",
        "Île Bouvet", "Antarctique", "Territoires palestiniens",
    ):  # fmt: skip
        assert place not in pays, place
    for country in ("France", "Burkina Faso", "Sri Lanka", "Costa Rica", "Palestine", "Vietnam"):
        assert country in pays, country


def test_couleur_holds_french_colour_names_not_css_calques() -> None:
    couleur = vocabulary("COULEUR")
    for calque in (
        "bleu marin", "bleu royal", "bleu alice", "blanc spectral", "blanc Lin", "rose Passion",
        "vert prairie", "jaune maïs doux", "brun pérou", "beige citron soie", "miellat",
        "bleu de minuit", "violet orchidée moyen", "vert océan foncé",
    ):  # fmt: skip
        assert calque not in couleur, calque
    for colour in ("bleu marine", "bleu roi", "vert sapin", "rouge", "jaune citron"):
        assert colour in couleur, colour


def test_langue_holds_languages_not_cldr_codes() -> None:
    langue = vocabulary("LANGUE")
    for code in ("langue indéterminée", "multilingue", "sans contenu linguistique", "esclave"):
        assert code not in langue, code
    for language in ("français", "breton", "swahili", "goudjarati", "hmong"):
        assert language in langue, language


def test_cinema_holds_french_titles() -> None:
    cinema = vocabulary("CINÉMA")
    assert "Jaws" not in cinema and "Vertigo" not in cinema
    assert "Les Dents de la mer" in cinema and "Sueurs froides" in cinema


def test_metier_holds_jobs_a_player_says_not_fakers_glued_titles() -> None:
    metier = vocabulary("MÉTIER")
    for title in (
        "animateur nature nature", "expert immobilier immobilier", "hot liner", "credit manager",
        "auteur-compositeur interprète interprète", "chef de projet packaging",
        "ingénieur combustion et brûleurs", "économe de flux",
    ):  # fmt: skip
        assert title not in metier, title
    for form in metier.forms.values():
        content = [w for w in re.split(r"[\s']+", form.lower()) if w not in SMALL_WORDS]
        assert len(content) <= 3, form
    for job in ("boulanger", "plombier", "chauffeur de taxi", "cardiologue", "porte-drapeau"):
        assert job in metier, job


@pytest.mark.parametrize(
    ("theme", "word"),
    [
        ("OUTIL", "clé"),
        ("OUTIL", "ciseau"),
        ("OUTIL", "paire de ciseaux"),
        ("LÉGUME", "haricot"),
        ("LÉGUME", "pois"),
        ("À L'HÔPITAL", "urgence"),
        ("À L'HÔPITAL", "service des urgences"),
        ("DANS LA CUISINE", "paire de ciseaux"),
        ("JEU ET JOUET", "bille"),
        ("FRUIT", "pomme"),
    ],
)
def test_everyday_words_are_there(theme: str, word: str) -> None:
    assert word in vocabulary(theme)


def test_no_entry_repeats_a_word_or_holds_a_digit() -> None:
    # Faker glued « nature nature »; a digit cannot be played (« OSS 117 » was the key OSS).
    for theme in theme_names():
        for form in vocabulary(theme).forms.values():
            words = form.lower().split()  # « mahi-mahi », « tam-tam » are words of their own
            assert all(a != b for a, b in itertools.pairwise(words)), (theme, form)
            assert not re.search(r"[0-9]", form), (theme, form)


# Words the dictionary also knows without their final S or X but that are singular here, each
# read: invariable nouns (« tapis », « souris »), a noun ending in S in the singular (« bus »,
# « os »), or a compound whose singular takes the S (« micro-ondes », « porte-clés »).
SINGULAR_ALTHOUGH_ENDING_IN_S = {
    "bis", "bus", "chips", "churros", "clafoutis", "cours", "damas", "dos", "embarras", "fax",
    "frimas", "grès", "gueules", "héros", "houx", "index", "jars", "lis", "maïs", "maltais",
    "écossais", "os", "panais", "pis", "relais", "remords", "semis", "sens", "souris", "strass",
    "tapis", "tas", "tétras", "thorax", "vernis", "vers", "micro-ondes", "pare-chocs",
    "porte-clés", "pin's", "effets",
    # since the dictionary's third pass also knows ANI, COSMO, BO, FAU (docs/lexicon.md):
    "anis", "cosmos", "box", "faux",
}  # fmt: skip


def plural_head(form: str) -> str | None:
    """The first word of a common-noun entry when it looks like a plural of a dictionary word
    (its S or X removed, or -AUX made -AL); proper nouns and titles (a capital) are names."""
    head = form.split()[0]
    if head[:1].isupper():
        return None
    key = "".join(c for c in normalize(head) if c.isalpha())
    stems = [key[:-1]] if key.endswith(("S", "X")) else []
    stems += [key[:-3] + "AL"] if key.endswith("AUX") else []
    return head if any(s in common_words() for s in stems) else None


def test_no_plural_in_a_singular_theme() -> None:
    # « Les mots au pluriel (pour mettre un S en dernier) ne sont pas acceptés »: no theme name
    # is plural, so no vocabulary lists a plural (« haricots », « ciseaux », « billes »).
    found = {
        (theme, form)
        for theme in theme_names()
        for form in vocabulary(theme).forms.values()
        if (head := plural_head(form)) is not None
        and head.lower() not in SINGULAR_ALTHOUGH_ENDING_IN_S
        and entry_key(form) not in plural_only_entries()  # « lunettes », « urgences » (D13)
    }
    assert not found, sorted(found)


def test_every_package_name_is_read_and_an_unread_one_stops_the_build(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    build = load("build_themes")
    for theme in build.PACKAGE_SOURCES:  # every name of today's packages has a decision
        build.sources_of(theme)
    monkeypatch.setitem(
        build.PACKAGE_SOURCES,
        "VILLE",
        [("Babel (CLDR), villes des fuseaux horaires", lambda: ["Londres", "Atlantis City"])],
    )
    with pytest.raises(build.UnreviewedNames, match="Atlantis City"):
        build.sources_of("VILLE")


def test_a_refused_package_name_stays_out() -> None:
    build = load("build_themes")
    review = build.read_review("couleur")
    assert review["bleu marin"] is False and review["bleu"] is True
    kept = next(s for s in build.sources_of("COULEUR") if not s.curated).entries
    assert "bleu marin" not in kept and "bleu" in kept


def test_the_judged_sample_is_drawn_from_the_shipped_vocabularies() -> None:
    """docs/themes-sample.md judges the sample scripts/themes_sample.py draws (seed and size
    in its header); a vocabulary change calls for a fresh sample and a fresh judgement."""
    sample = load("themes_sample")
    text = (ROOT / "docs" / "themes-sample.md").read_text(encoding="utf-8")
    seed = int(re.search(r"graine (\d+)", text).group(1))  # type: ignore[union-attr]
    rows = re.findall(r"^\| *\d+ *\| ([^|]+?) *\| ([^|]+?) *\| (✓|✗) *\|", text, re.M)
    assert [(t, f) for t, f, _ in rows] == sample.draw(seed, len(rows))
    assert len(rows) == 300
    wrong = sum(verdict == "✗" for _, _, verdict in rows)
    assert f"{wrong} fausse" in text
    assert wrong < 3  # under 1 %
    assert all(entry_key(f) in vocabulary(t).forms for t, f, _ in rows)
