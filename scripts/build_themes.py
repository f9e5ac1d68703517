#!/usr/bin/env python3
"""Build Thèmes' reconstructed components: theme cards, vocabularies and letter cards.

Usage::

    python scripts/build_themes.py [--check] [--stats] [--report]

The printed lists of the game are not public (``/work/shared/rules/README.md``): only the counts
(110 letter cards, 20 with a constraint; 30 double-sided theme cards) and four themes (VILLE,
OUTIL, DANS LA MER, CINÉMA) are. This script rebuilds, deterministically, by the method of
``docs/themes-cards.md``:

1. ``data/themes.txt``: the 60 themes of :data:`THEME_CARDS`, two to a card;
2. ``data/vocabulaires/<thème>.txt``: each theme's words, from the curated list
   ``scripts/themes_sources/<thème>.txt`` written by the project, plus, for a few themes, names
   shipped by registry packages (Babel's CLDR data, Faker's ``fr_FR`` providers), checked
   against the project's lexicon (``common_words()``, ``proper_nouns()``);
3. ``data/lettres.txt``: 90 plain cards by the frequency of the first letter of the words of the
   vocabularies (each theme weighing the same), largest remainder, at least one card a letter;
   20 constraint cards (7 première, 6 seconde, 7 dernière) on the letters most common at that
   position in the same words.

``--check`` compares instead of writing (exit status 1 on any difference); ``--stats`` prints the
per-theme table of the docs; ``--report`` lists what the curated lists lose (duplicates,
plurals) and the single words found in neither list of the lexicon.
"""

from __future__ import annotations

import argparse
import difflib
import itertools
import re
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

try:
    from ludotheque.games.themes.cards import (
        CONSTRAINT_COUNT,
        LETTER_COUNT,
        LetterCard,
        ThemeCard,
        entry_key,
        format_letters,
        format_themes,
        parse_letters,
        parse_themes,
        theme_slug,
    )
except ImportError:  # run from a source checkout where the package is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from ludotheque.games.themes.cards import (
        CONSTRAINT_COUNT,
        LETTER_COUNT,
        LetterCard,
        ThemeCard,
        entry_key,
        format_letters,
        format_themes,
        parse_letters,
        parse_themes,
        theme_slug,
    )
from ludotheque.games.themes.judging import plural_only_entries
from ludotheque.lexicon import common_words, proper_nouns
from ludotheque.lexicon.frequency import ALPHABET, allocate

REPO_ROOT = Path(__file__).resolve().parents[1]
DATA = REPO_ROOT / "src" / "ludotheque" / "games" / "themes" / "data"
SOURCES = Path(__file__).resolve().parent / "themes_sources"

# The 30 cards, front | back. VILLE, OUTIL, DANS LA MER and CINÉMA are the rulebook's, on four
# different cards: its examples show VILLE and OUTIL side by side, and « Némo » associates DANS
# LA MER with CINÉMA (Expert), so neither pair can be the two sides of one card.
THEME_CARDS: tuple[tuple[str, str], ...] = (
    ("VILLE", "MÉTIER"),
    ("DANS LA MER", "LANGUE"),
    ("PAYS", "OUTIL"),
    ("PRÉNOM", "COULEUR"),
    ("CINÉMA", "SPORT"),
    ("FRUIT", "VÊTEMENT"),
    ("LÉGUME", "MUSIQUE"),
    ("ANIMAL SAUVAGE", "DANS LA CUISINE"),
    ("OISEAU", "AU BUREAU"),
    ("FLEUR ET PLANTE", "INFORMATIQUE"),
    ("DANS LA FORÊT", "TRANSPORT"),
    ("CORPS HUMAIN", "FÊTE"),
    ("BOISSON", "À L'ÉCOLE"),
    ("GOURMANDISE", "À L'HÔPITAL"),
    ("AU JARDIN", "MYTHOLOGIE"),
    ("À LA PLAGE", "ESPACE"),
    ("À LA MONTAGNE", "ARMÉE"),
    ("À LA FERME", "MARQUE"),
    ("DANS LA MAISON", "PERSONNAGE HISTORIQUE"),
    ("JEU ET JOUET", "MÉTÉO"),
    ("DANS LA SALLE DE BAIN", "LITTÉRATURE"),
    ("ART", "AUTOMOBILE"),
    ("RELIGION", "SCIENCE"),
    ("SENTIMENT", "MATIÈRE"),
    ("BIJOU ET ACCESSOIRE", "GÉOGRAPHIE"),
    ("SPECTACLE", "MOYEN ÂGE"),
    ("CONTE DE FÉES", "AU SUPERMARCHÉ"),
    ("VOYAGE", "JUSTICE"),
    ("CÉLÉBRITÉ", "TÉLÉVISION"),
    ("DANS LA RUE", "BANDE DESSINÉE"),
)

PLAIN_COUNT = LETTER_COUNT - CONSTRAINT_COUNT  # 90
MIN_PLAIN_PER_LETTER = 1
CONSTRAINT_SPLIT: dict[str, int] = {"premiere": 7, "seconde": 6, "derniere": 7}
MIN_VOCABULARY = 150  # every theme has at least this many entries (tested)
MAX_WORDS = 4  # a package name of more words is not something a player says in 45 seconds

HEADER_RECONSTRUCTION = (
    "RECONSTRUCTION : CE N'EST PAS LA LISTE IMPRIMÉE DU JEU.",
    "",
    "Les listes du jeu ne sont pas publiques ; seuls sont connus : 110 cartes « Lettre »",
    "dont 20 avec contrainte (la lettre doit être la première, la seconde ou la dernière",
    "du mot), 30 cartes « Thème » recto verso (60 thèmes), dont VILLE, OUTIL, DANS LA MER",
    "et CINÉMA. Ce fichier est construit par scripts/build_themes.py (ne pas le modifier à",
    "la main : relancer le script) ; méthode, sources et licences : docs/themes-cards.md.",
)


# --- sources -------------------------------------------------------------------------------


@dataclass
class Source:
    """Entries of one origin for one theme, with the licence line written in the file header."""

    name: str
    entries: list[str]
    curated: bool


@dataclass
class Built:
    """One theme's vocabulary and what the build did with its entries."""

    theme: str
    forms: dict[str, str] = field(default_factory=dict)
    origin: Counter[str] = field(default_factory=Counter)
    duplicates: list[str] = field(default_factory=list)
    plurals: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)  # curated single words not in the lexicon


def read_curated(slug: str) -> list[str]:
    """The hand-written list of a theme (one entry a line, ``#`` comments)."""
    path = SOURCES / f"{slug}.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    return [" ".join(line.split()) for line in lines if line.strip() and not line.startswith("#")]


def _clean(name: str) -> str:
    """A package's name tidied: parentheses and brackets removed, typographic apostrophe."""
    name = re.sub(r"\s*[(\[].*?[)\]]", "", name).replace("’", "'")
    return " ".join(name.split())


def _lower_first(name: str) -> str:
    return name[:1].lower() + name[1:] if name[1:2].islower() else name


def babel_countries() -> list[str]:
    """French names of countries and territories (CLDR, via Babel): two-letter codes only."""
    from babel import Locale

    skip = {"EU", "EZ", "UN", "ZZ", "QO", "XA", "XB", "XK"}
    return [
        _clean(name)
        for code, name in sorted(Locale("fr").territories.items())
        if len(code) == 2 and code.isalpha() and code not in skip
    ]


def babel_regions() -> list[str]:
    """French names of continents and world regions (CLDR, via Babel): numeric codes."""
    from babel import Locale

    return [
        _clean(name)
        for code, name in sorted(Locale("fr").territories.items())
        if code.isdigit() and code != "001"
    ]


def babel_languages() -> list[str]:
    """French names of languages (CLDR, via Babel), regional variants left out."""
    from babel import Locale

    return [
        _clean(name) for code, name in sorted(Locale("fr").languages.items()) if "_" not in code
    ]


def babel_cities() -> list[str]:
    """French names of the exemplar cities of CLDR's time zones (Babel): Londres, Pékin…"""
    from babel import Locale

    zones = Locale("fr").time_zones
    return [
        _clean(str(zones[zone]["city"]))
        for zone in sorted(zones)
        if "city" in zones[zone]
        and not re.search(r"[(\[]", str(zones[zone]["city"]))
        and zone != "Etc/Unknown"  # « Ville inconnue » is CLDR's placeholder, not a city
    ]


def faker_jobs() -> list[str]:
    """Faker's ``fr_FR`` job titles (from the French ROME list), masculine forms kept."""
    from faker.providers.job.fr_FR import Provider

    return [str(job) for job in Provider.jobs]


def faker_colors() -> list[str]:
    """Faker's ``fr_FR`` colour names, lowercased but for proper nouns."""
    from faker.providers.color.fr_FR import Provider

    return [_lower_first(_clean(str(name))) for name in Provider.all_colors]


def faker_first_names() -> list[str]:
    """Faker's ``fr_FR`` first names, men's and women's."""
    from faker.providers.person.fr_FR import Provider

    return [str(name) for name in (*Provider.first_names_male, *Provider.first_names_female)]


def faker_departments() -> list[str]:
    """Faker's ``fr_FR`` names of the French départements."""
    from faker.providers.address.fr_FR import Provider

    return [str(name) for _, name in Provider.departments]


PACKAGE_SOURCES: dict[str, list[tuple[str, Callable[[], list[str]]]]] = {
    "VILLE": [("Babel (CLDR), villes des fuseaux horaires", babel_cities)],
    "PAYS": [("Babel (CLDR), noms des pays et territoires", babel_countries)],
    "LANGUE": [("Babel (CLDR), noms des langues", babel_languages)],
    "MÉTIER": [("Faker fr_FR, métiers (liste ROME)", faker_jobs)],
    "PRÉNOM": [("Faker fr_FR, prénoms", faker_first_names)],
    "COULEUR": [("Faker fr_FR, couleurs", faker_colors)],
    "GÉOGRAPHIE": [
        ("Faker fr_FR, départements", faker_departments),
        ("Babel (CLDR), continents et régions du monde", babel_regions),
    ],
}

#: The registry distribution behind each package source (its version is written in the header,
#: and tests/test_lock.py checks it against uv.lock: a refresh that changes it rebuilds and is
#: reviewed in the same change, docs/dependencies.md).
DISTRIBUTIONS = {"Babel": "babel", "Faker": "faker"}


def package_release(source_name: str) -> str:
    """The version of the distribution a package source comes from, as written in the headers
    (« babel 2.19.0, CLDR 49 », « faker 40.63.0 »)."""
    from importlib.metadata import version

    distribution = DISTRIBUTIONS[source_name.split()[0]]
    release = f"{distribution} {version(distribution)}"
    if distribution == "babel":
        from babel.core import get_cldr_version

        release += f", CLDR {get_cldr_version()}"
    return release


LICENCES = {
    "curated": "liste écrite par le projet ludotheque (licence MIT du projet)",
    "Babel": "Babel (BSD-3-Clause), données Unicode CLDR (licence Unicode)",
    "Faker": "Faker (MIT)",
}

_SMALL_WORDS = {"DE", "DU", "DES", "D", "LA", "LE", "LES", "L", "EN", "ET", "A", "AU", "AUX"}


def _words(entry: str) -> list[str]:
    return [part for part in re.split(r"[\s'\-]+", normalize_upper(entry)) if part]


def normalize_upper(text: str) -> str:
    from ludotheque.lexicon import normalize

    return normalize(text)


def _in_lexicon(word: str) -> bool:
    return word in common_words().words or word in proper_nouns().words


def package_accepts(entry: str) -> bool:
    """A package name is kept when a player can say it: at most four words, no digit, every
    word but the small ones (de, la, et…) in the lexicon, and no gendered doublet (Faker writes
    « adjoint administratif administrative »)."""
    if not entry or re.search(r"[0-9/&.,;:]", entry):
        return False
    words = _words(entry)
    if not words or len(words) > MAX_WORDS:
        return False
    if any(not _in_lexicon(w) for w in words if w not in _SMALL_WORDS):
        return False
    return all(not (a[:4] == b[:4] and a != b) for a, b in itertools.pairwise(words))


class UnreviewedNames(Exception):
    """A package gave names that its theme's review file does not decide (a new release)."""


def review_path(slug: str) -> Path:
    return SOURCES / f"{slug}.paquets.txt"


def read_review(slug: str) -> dict[str, bool]:
    """The project's decision on every package name of a theme: ``+ name`` kept, ``- name``
    refused (a ``#`` comment after the name says why). Every name was read by the project."""
    path = review_path(slug)
    if not path.is_file():
        return {}
    decisions: dict[str, bool] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.split("#", 1)[0].strip() if not raw.startswith("#") else ""
        if not line:
            continue
        sign, _, name = line.partition(" ")
        name = " ".join(name.split())
        if sign not in "+-" or not name or name in decisions:
            raise ValueError(f"{path.name}, ligne {number} : « {raw} »")
        decisions[name] = sign == "+"
    return decisions


def propose() -> str:
    """Review lines for the package names no review file decides yet, signed by the filter
    :func:`package_accepts` (a suggestion only: every line is read before it goes in)."""
    out = []
    for theme, loaders in PACKAGE_SOURCES.items():
        review = read_review(theme_slug(theme))
        for _, loader in loaders:
            for name in dict.fromkeys(" ".join(n.split()) for n in loader()):
                if name not in review:
                    sign = "+" if package_accepts(name) else "-"
                    out.append(f"{review_path(theme_slug(theme)).name}: {sign} {name}")
    return "\n".join(out)


def sources_of(theme: str) -> list[Source]:
    """The curated list, then each package's names that the review file keeps. A package
    name the review does not decide stops the build (it must be read first)."""
    slug = theme_slug(theme)
    result = [Source("curated", read_curated(slug), curated=True)]
    review = read_review(slug)
    for name, loader in PACKAGE_SOURCES.get(theme, []):
        names = list(dict.fromkeys(" ".join(n.split()) for n in loader()))
        undecided = [n for n in names if n not in review]
        if undecided:
            raise UnreviewedNames(
                f"{review_path(slug).relative_to(REPO_ROOT)} ne décide pas de : "
                + ", ".join(undecided)
                + " (ajouter « + nom » ou « - nom # raison », suggestion : --propose)"
            )
        result.append(Source(name, [n for n in names if review[n]], curated=False))
    return result


def build_vocabulary(theme: str, sources: Iterable[Source]) -> Built:
    """Merge the sources of a theme: the first form of each key wins (curated lists first)."""
    built = Built(theme)
    for source in sources:
        for entry in source.entries:
            key = entry_key(entry)
            if len(key) < 2:
                continue
            if key in built.forms:
                built.duplicates.append(entry)
                continue
            if source.curated and not re.search(r"[\s'\-]", entry) and not _in_lexicon(key):
                built.unknown.append(entry)
            built.forms[key] = entry
            built.origin[source.name] += 1
    # No plural made by adding S: an entry that is another entry plus S goes, but a plural-only
    # answer (« lunettes », « urgences »: data/pluriels-usuels.txt, D13).
    plural_only = plural_only_entries()
    for key in sorted(built.forms):
        if key.endswith("S") and key[:-1] in built.forms and key not in plural_only:
            built.plurals.append(built.forms.pop(key))
    return built


# --- rendering -----------------------------------------------------------------------------


def render_vocabulary(built: Built, sources: list[Source]) -> str:
    names = [s.name for s in sources if built.origin[s.name]]
    lines = [
        f"# Thèmes — vocabulaire du thème « {built.theme} »",
        "#",
        *(f"# {line}".rstrip() for line in HEADER_RECONSTRUCTION),
        "#",
        "# Un mot par ligne, tel qu'on l'affiche ; les joueurs le saisissent sans se soucier",
        "# des accents, des espaces, des traits d'union ni des apostrophes (« new-york » vaut",
        "# « New York »). Un mot absent n'est pas refusé : il va au joueur « Juge ».",
        "#",
        f"# {len(built.forms)} entrées. Sources :",
    ]
    for name in names:
        licence = LICENCES["curated"] if name == "curated" else LICENCES[name.split()[0]]
        label = (
            f"scripts/themes_sources/{theme_slug(built.theme)}.txt"
            if name == "curated"
            else f"{name} [{package_release(name)}]"
        )
        lines.append(f"# - {label} : {built.origin[name]} entrées ; {licence}.")
    lines.append("")
    lines.extend(built.forms[key] for key in sorted(built.forms))
    return "\n".join(lines) + "\n"


def theme_cards() -> tuple[ThemeCard, ...]:
    return tuple(
        ThemeCard(f"T{index:02d}", front, back)
        for index, (front, back) in enumerate(THEME_CARDS, start=1)
    )


def render_themes(cards: tuple[ThemeCard, ...]) -> str:
    preamble = (
        "Thèmes — cartes « Thème » (recto | verso)",
        "",
        *HEADER_RECONSTRUCTION,
        "",
        "Vous possédez le jeu ? Recopiez ses cartes dans un fichier de ce format et donnez son",
        "texte au jeu (option du fichier de thèmes). Le fichier est vérifié au chargement :",
        "une erreur indique la ligne et le problème.",
        "",
        "Format :",
        "- une ligne qui commence par # est un commentaire ; les lignes vides sont ignorées ;",
        "- une carte par ligne : identifiant, puis les deux thèmes séparés par « | » :",
        "  « T01  VILLE | OUTIL » ; identifiants uniques, thèmes tous différents ;",
        "- au moins 10 cartes (la mise en place demande 4 piles de 5 thèmes) ;",
        "- un thème inconnu du projet n'a pas de vocabulaire : ses mots vont au juge.",
    )
    return format_themes(cards, preamble)


def render_letters(cards: tuple[LetterCard, ...]) -> str:
    preamble = (
        "Thèmes — cartes « Lettre »",
        "",
        *HEADER_RECONSTRUCTION,
        "",
        "Ici : 90 cartes simples (1 point) selon la fréquence de la première lettre des mots",
        "des 60 vocabulaires, et 20 cartes à contrainte (2 points) : 7 « première »,",
        "6 « seconde », 7 « dernière », sur les lettres les plus fréquentes à cette place.",
        "",
        "Vous possédez le jeu ? Recopiez ses cartes dans un fichier de ce format et donnez son",
        "texte au jeu (option du fichier de lettres). Le fichier est vérifié au chargement :",
        "une erreur indique la ligne et le problème.",
        "",
        "Format :",
        "- une ligne qui commence par # est un commentaire ; les lignes vides sont ignorées ;",
        "- une carte par ligne : identifiant, lettre (A à Z), puis, pour une carte à",
        "  contrainte, « première », « seconde » ou « dernière » : « L091  C  première » ;",
        "- identifiants uniques ; au moins 40 + 3 × joueurs cartes (40 sous les piles de",
        "  thèmes, 3 en main par joueur) : 46 à 2 joueurs, 58 à 6.",
    )
    return format_letters(cards, preamble)


# --- letter cards --------------------------------------------------------------------------


def position_shares(vocabularies: Mapping[str, Built], position: int) -> dict[str, Fraction]:
    """Share of each letter at ``position`` (0 first, 1 second, -1 last) in the entry keys,
    each theme weighing the same (its own shares averaged over the themes)."""
    total: dict[str, Fraction] = dict.fromkeys(ALPHABET, Fraction(0))
    for built in vocabularies.values():
        keys = [k for k in built.forms if len(k) > max(position, 1)]
        counts = Counter(k[position] for k in keys)
        for letter, count in counts.items():
            total[letter] += Fraction(count, len(keys))
    grand = sum(total.values(), Fraction(0))
    return {letter: share / grand for letter, share in total.items()}


def build_letters(vocabularies: Mapping[str, Built]) -> tuple[LetterCard, ...]:
    """90 plain cards (alphabetical), then the constraint cards (première, seconde, dernière)."""
    plain = allocate(position_shares(vocabularies, 0), PLAIN_COUNT, MIN_PLAIN_PER_LETTER)
    letters: list[tuple[str, str | None]] = [
        (letter, None) for letter in ALPHABET for _ in range(plain.get(letter, 0))
    ]
    for constraint, position in (("premiere", 0), ("seconde", 1), ("derniere", -1)):
        shares = position_shares(vocabularies, position)
        counts = allocate(shares, CONSTRAINT_SPLIT[constraint], 0)
        letters.extend((letter, constraint) for letter in ALPHABET for _ in range(counts[letter]))
    width = max(3, len(str(len(letters))))
    text = "\n".join(
        f"L{i:0{width}d} {letter} {constraint or ''}".rstrip()
        for i, (letter, constraint) in enumerate(letters, start=1)
    )
    return parse_letters(text)


# --- stats ---------------------------------------------------------------------------------


def can_start(card: LetterCard, keys: Iterable[str]) -> bool:
    """The card's letter is the first letter of a word (never for seconde / dernière)."""
    if card.constraint in ("seconde", "derniere"):
        return False
    return any(k[0] == card.letter for k in keys)


def usable(card: LetterCard, keys: Iterable[str]) -> bool:
    """The card can be taken with some word of the theme, its constraint respected."""
    if card.constraint == "premiere":
        return any(k[0] == card.letter for k in keys)
    if card.constraint == "seconde":
        return any(len(k) > 1 and k[1] == card.letter for k in keys)
    if card.constraint == "derniere":
        return any(k[-1] == card.letter for k in keys)
    return any(card.letter in k for k in keys)


def stats(vocabularies: Mapping[str, Built], letters: tuple[LetterCard, ...]) -> str:
    rows = [
        "| Thème | Entrées | dont liste du projet | Cartes qui peuvent commencer un mot "
        "(sur 110) | Cartes utilisables (sur 110) |",
        "|---|---:|---:|---:|---:|",
    ]
    sizes = []
    starts = []
    for theme, built in vocabularies.items():
        keys = list(built.forms)
        start = sum(can_start(card, keys) for card in letters)
        use = sum(usable(card, keys) for card in letters)
        sizes.append(len(keys))
        starts.append(start)
        rows.append(f"| {theme} | {len(keys)} | {built.origin['curated']} | {start} | {use} |")
    rows.append("")
    rows.append(
        f"Entrées : minimum {min(sizes)}, médiane {statistics.median(sizes):g}, maximum "
        f"{max(sizes)}, total {sum(sizes)}. Cartes qui peuvent commencer un mot : minimum "
        f"{min(starts)}, médiane {statistics.median(starts):g} (sur {len(letters)} ; au plus "
        f"{sum(card.constraint not in ('seconde', 'derniere') for card in letters)})."
    )
    plain = Counter(c.letter for c in letters if c.constraint is None)
    rows.append("")
    rows.append("Cartes simples : " + ", ".join(f"{k} {v}" for k, v in sorted(plain.items())))
    for constraint in ("premiere", "seconde", "derniere"):
        found = Counter(c.letter for c in letters if c.constraint == constraint)
        rows.append(f"{constraint} : " + ", ".join(f"{k} {v}" for k, v in sorted(found.items())))
    return "\n".join(rows)


def report(vocabularies: Mapping[str, Built]) -> str:
    out = []
    for theme, built in vocabularies.items():
        parts = []
        if built.unknown:
            parts.append("hors lexique (gardés) : " + ", ".join(built.unknown))
        if built.duplicates:
            parts.append("doublons (écartés) : " + ", ".join(built.duplicates))
        if built.plurals:
            parts.append("pluriels en S (écartés) : " + ", ".join(built.plurals))
        refused = sum(not kept for kept in read_review(theme_slug(theme)).values())
        if refused:
            parts.append(f"noms de paquets refusés à la relecture : {refused}")
        if parts:
            out.append(f"## {theme}\n" + "\n".join(f"- {p}" for p in parts))
    return "\n\n".join(out)


# --- main ----------------------------------------------------------------------------------


def build_all() -> dict[Path, str]:
    """Every data file, path → text."""
    cards = theme_cards()
    files: dict[Path, str] = {DATA / "themes.txt": render_themes(cards)}
    assert parse_themes(files[DATA / "themes.txt"]) == cards
    vocabularies: dict[str, Built] = {}
    for card in cards:
        for theme in card.sides:
            sources = sources_of(theme)
            built = build_vocabulary(theme, sources)
            vocabularies[theme] = built
            path = DATA / "vocabulaires" / f"{theme_slug(theme)}.txt"
            files[path] = render_vocabulary(built, sources)
    letters = build_letters(vocabularies)
    files[DATA / "lettres.txt"] = render_letters(letters)
    assert parse_letters(files[DATA / "lettres.txt"]) == letters
    build_all.vocabularies = vocabularies  # type: ignore[attr-defined]
    build_all.letters = letters  # type: ignore[attr-defined]
    return files


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument("--stats", action="store_true", help="print the table of the docs")
    parser.add_argument("--report", action="store_true", help="print what the build dropped")
    parser.add_argument(
        "--propose", action="store_true", help="print review lines for undecided package names"
    )
    args = parser.parse_args(argv)
    if args.propose:
        print(propose())
        return 0
    files = build_all()
    vocabularies = build_all.vocabularies  # type: ignore[attr-defined]
    if args.stats:
        print(stats(vocabularies, build_all.letters))  # type: ignore[attr-defined]
    if args.report:
        print(report(vocabularies))
    if args.stats or args.report:
        return 0
    folder = DATA / "vocabulaires"
    stray = sorted(set(folder.glob("*.txt")) - set(files)) if folder.is_dir() else []
    if args.check:
        differ = False
        for path, text in files.items():
            current = path.read_text(encoding="utf-8") if path.is_file() else ""
            if current != text:
                differ = True
                sys.stdout.writelines(
                    difflib.unified_diff(
                        current.splitlines(keepends=True),
                        text.splitlines(keepends=True),
                        str(path.relative_to(REPO_ROOT)),
                        "rebuilt",
                    )
                )
        for path in stray:
            differ = True
            print(f"{path.relative_to(REPO_ROOT)}: not built by this script")
        if differ:
            return 1
        print(f"{len(files)} files up to date")
        return 0
    folder.mkdir(parents=True, exist_ok=True)
    for path in stray:
        path.unlink()
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
    print(f"wrote {len(files)} files under {DATA.relative_to(REPO_ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
