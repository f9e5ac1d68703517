#!/usr/bin/env python3
"""Build ludotheque's French word lists from Grammalecte's Hunspell dictionary.

Usage::

    python scripts/build_lexicon.py [--aff-dir /usr/share/hunspell]
                                    [--out src/ludotheque/lexicon/data]

Reads ``fr.aff`` and ``fr.dic`` (Debian package ``hunspell-fr-comprehensive``,
Grammalecte 7.0, MPL-2.0) with spylls (extra ``lexicon-build``), expands every
entry with its affixes (a generic "unmunch" following hunspell's semantics),
classifies each entry as a common word, a proper noun or excluded, normalises
the forms (see :mod:`ludotheque.lexicon.normalize`) and writes the two sorted
lists, compressed, with a manifest and the licence. ``docs/lexicon.md``
documents every rule.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

try:
    from ludotheque.lexicon.normalize import is_word_shape, normalize
except ImportError:  # run from a source checkout where the package is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    from ludotheque.lexicon.normalize import is_word_shape, normalize

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_AFF_DIR = Path("/usr/share/hunspell")
DEFAULT_OUT = REPO_ROOT / "src" / "ludotheque" / "lexicon" / "data"
DICT_NAME = "fr"

COMMON_FILE = "common.txt.gz"
PROPER_FILE = "proper.txt.gz"
PLACES_FILE = "places.txt.gz"
MANIFEST_FILE = "manifest.json"
LICENSE_FILE = "LICENSE-MPL-2.0.txt"
NOTICE_FILE = "NOTICE"
#: The last line of this script's part of the NOTICE; what follows belongs to other generators.
NOTICE_END = "The rest of ludotheque is under the MIT licence.\n"
MPL_TEXT_CANDIDATES = (
    Path("/usr/share/common-licenses/MPL-2.0"),
    Path("/usr/share/doc/hunspell-fr-comprehensive/copyright"),
)


# --------------------------------------------------------------------------
# Dictionary entries and the rules that filter them
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of the .dic file: stem, flags and morphological tags."""

    stem: str
    flags: frozenset[str] = frozenset()
    morph: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def tags(self, key: str) -> frozenset[str]:
        """Values of the morphological field ``key`` (``po``, ``is``…)."""
        return frozenset(self.morph.get(key, ()))

    def tag_set(self) -> frozenset[str]:
        """All tags as ``key:value`` strings (``po:nom``, ``is:inv``…)."""
        return frozenset(f"{key}:{value}" for key, values in self.morph.items() for value in values)


@dataclass(frozen=True, slots=True)
class DenyRule:
    """Excludes the .dic entries spelt ``stem`` whose tags include ``tags``."""

    stem: str
    reason: str
    tags: frozenset[str] = frozenset()

    def matches(self, entry: Entry) -> bool:
        """Tell whether ``entry`` is one this rule excludes."""
        return entry.stem == self.stem and self.tags <= entry.tag_set()


def _deny(stem: str, reason: str, tags: str = "") -> DenyRule:
    return DenyRule(stem, reason, frozenset(tags.split()))


#: Lowercase abbreviations and symbols of fr.dic that are not words: excluded
#: from the common list. ``tags`` narrows a rule to one of several homographic
#: entries. Documented, with the same reasons, in docs/lexicon.md.
DENY_COMMON: tuple[DenyRule, ...] = (
    # Months (``sept`` stays: it is also the number seven).
    _deny("janv", "abbreviation of janvier"),
    _deny("févr", "abbreviation of février"),
    _deny("avr", "abbreviation of avril"),
    _deny("juil", "abbreviation of juillet"),
    _deny("oct", "abbreviation of octobre"),
    _deny("nov", "abbreviation of novembre"),
    _deny("déc", "abbreviation of décembre"),
    # Editorial and bibliographic abbreviations.
    _deny("av", "abbreviation of avant (av. J.-C.)"),
    _deny("al", "abbreviation of alii (et al.)"),
    _deny("bibl", "abbreviation of bibliothèque, bibliographie"),
    _deny("cf", "abbreviation of confer"),
    _deny("chap", "abbreviation of chapitre"),
    _deny("circ", "abbreviation of circonscription, circulaire"),
    _deny("cit", "abbreviation of cité (op. cit.)"),
    _deny("coll", "abbreviation of collection, collectif"),
    _deny("conf", "abbreviation of confer"),
    _deny("div", "abbreviation of division"),
    _deny("éd", "abbreviation of édition, éditeur"),
    _deny("env", "abbreviation of environ"),
    _deny("etc", "abbreviation of et cetera"),
    _deny("étym", "abbreviation of étymologie"),
    _deny("fig", "abbreviation of figure, figuré"),
    _deny("hab", "abbreviation of habitant(s)"),
    _deny("ibid", "abbreviation of ibidem"),
    _deny("id", "abbreviation of idem"),
    _deny("litt", "abbreviation of littéralement, littéraire"),
    _deny("réf", "abbreviation of référence"),
    _deny("rel", "abbreviation of reliure, relié"),
    _deny("suppl", "abbreviation of supplément"),
    _deny("tél", "abbreviation of téléphone"),
    _deny("trad", "abbreviation of traduction"),
    _deny("vs", "abbreviation of versus"),
    _deny("pt", "abbreviation of point", "po:nom is:mas"),
    # Notations of mathematical functions.
    _deny("arccos", "notation of arc cosine"),
    _deny("arcsin", "notation of arc sine"),
    _deny("arctan", "notation of arc tangent"),
    _deny("cos", "notation of cosine"),
    _deny("cosh", "notation of hyperbolic cosine"),
    _deny("cotan", "notation of cotangent"),
    _deny("cotanh", "notation of hyperbolic cotangent"),
    _deny("ln", "notation of natural logarithm"),
    _deny("sin", "notation of sine"),
    _deny("sinh", "notation of hyperbolic sine"),
    _deny("tan", "notation of tangent", "po:nom is:fem is:inv"),
    _deny("tanh", "notation of hyperbolic tangent"),
    # Symbols and name particles.
    _deny("dpi", "unit symbol (dots per inch)"),
    _deny("ftp", "protocol name (address prefix)"),
    _deny("http", "protocol name (address prefix)"),
    _deny("ibn", "particle of Arabic names (po:loc.patr)"),
)

#: Capitalised abbreviations and units excluded from the proper-noun list.
DENY_PROPER: tuple[DenyRule, ...] = (
    _deny("At", "abbreviation of Ancien Testament"),
    _deny("Cie", "abbreviation of compagnie"),
    _deny("Éts", "abbreviation of établissements"),
    _deny("Gtep", "unit symbol (gigatonne équivalent pétrole)"),
    _deny("Mtep", "unit symbol (mégatonne équivalent pétrole)"),
)

#: Morphological ``po:`` tags that mark a proper noun.
PROPER_TAGS = frozenset({"npr", "prn", "patr"})
#: ``po:`` tags of people's names: first names and surnames, never place names.
PEOPLE_TAGS = frozenset({"prn", "patr"})
#: ``po:`` tags whose entries go to neither list: elided fragments (jusqu, lorsqu).
EXCLUDED_TAGS = frozenset({"err"})
#: The ``po:`` tag of titles. Grammalecte has no abbreviation tag: its abbreviated titles
#: (Mme, Mlle, Dr, Mgr, Pr, Vve, M, MM, Me) are the capitalised ``po:titr`` entries, excluded;
#: the lowercase ones are words (papa, madame, monsieur, docteur, maître, seigneur), common.
TITLE_TAG = "titr"

#: Proper-noun stems (``po:npr`` or capitalised untagged nouns) that are not place names:
#: brands, companies, software, organisations, stars, works, feasts, fictional or mythical
#: places, plant genera, and pieces of compound names that are first names. Reviewed by hand,
#: entry by entry, against the ISO 3166 names (iso-codes, French): docs/lexicon.md.
_NON_PLACES_TEXT = """
    APBTeam AbulÉdu Accor Acer Activision ActivityPub ActivityStreams Adidas Advanta
    Agroqualita Airbnb Airbus Akispace Aldi Alibaba Allianz Alstom Alt AltGr Amazon Amiga
    Amnesty Apexagri Apple AqME Arduino Areva Arkema Arte Arvalis Asus Atari Auchan Audi BACnet
    Barclays Base Basic Batibus Bayer Benetton Bentley Beretta Bic BigBlueButton Biopi Bitcoin
    BlackRock Blender Bloom Bloomberg Boeing Bollywood Bouygues Bridgestone Buick Calc Capotier
    Carrefour Casterman Castorama Cerqual Chandon Chevrolet Chorem Chrysler Cisco Cobol Colt Cora
    Cristinacce Ctrl Dacia Daech Daimler Dassault Datsun Debian Delcourt Dell Denoël Desprez
    Draw EasyJet Eclipse Effinergie Engie Éram Esitpa Essilor Ethereum Etherpad Euralis Euronext
    Eurotunnel ExxonMobil Fabre Facebook FairPhone Fayard FedEx Fediverse Fedora Ferrari Fiat
    Firefox FirefoxOS Fortran FrAndroid Framasoft Free FreeBSD Frenchball Frenchnerd Friendica
    Fujitsu Gamecube Gandi Gaumont Gazprom Gimp Git Glénat Glock Gnis GnuSocial Goëmar Goodyear
    Google Grammalecte GreLibre Greenpeace Guerlain Guerzit Halliburton HammerFall Harvard
    Haskell Hellfest Hezbollah Hibernate Hitachi Honda Huawei Hubzilla Hyundai Ikea Iliad Impress
    Inkscape Inovia Instagram Intel Intermarché Internet JMeter Jaguar JavaScript Javadoc Jbus
    Jeci Jenkins Kering Lactalis Lafarge Lamborghini Lancia LanguageTool Lego Legrand Lenovo
    Lesieur Lévothyrox Lexus LibX LibreOffice Lidl Limagrain Limesurvey Linéa Linux LinuxFR
    Lisp Lufthansa Mac Mailclark Maj Malteurop Manjaro Maserati MasterCard Matchstick Maven
    Mazda Mercedes Merck Michelin Micropub Microsoft Mitsubishi Moët Moleskine Monsanto Mozilla
    Muller Nasdaq Natixis Neo Nestlé Netbeans Netflix Nextcloud Niel Nike Nintendo Nissan Nokia
    Novartis Novotel Nuiton Numerama Nvidia OCaml OFBiz OStatus ObjectWeb Opel OpenBSD
    OpenOffice OpenStreetMap Orekit Oréal OwnCloud Panasonic Paribas PayPal Perl Petrobas Pfizer
    Pioneer Pirelli Piwik Porsche Prada Processing Profibus Prolog Proxilio PubSubHubbub
    Publicis Qualitel Randstad Raspberry Redmine Remington Reuters Ricard Ryanair Saab Samsung
    Sanofi SeaMonkey Seagate Seat Sega Shaarli Shell Siemens Siguéploum Slackware Slate Sodexo
    Solex SonarQube Sony Spaceroots SpagoBI Standford Stanford Starbucks Starleague Struts
    Suzuki Swatch Switch Symantec Syngenta SysML Sysdream Telefónica Tencent Thunderbird Titanic
    ToPIA Tomcat Toshiba Toyota Tryton Twitter Uber Ubisoft Ubuntu Unicode Unilever Unix
    Valgrind Valorex Veolia Verizon Vim Vivendi Vodafone Volkswagen Volvo Walmart Warner WebSub
    Whirlpool Wii Wikipédia Wikivoyage Windows Writer Xebia Yale Yapaka Zaclys ZeaInvent Zotero
    digiKam ofbizextra openSUSE
    Afnor Aful Althing Bundesbank Bundesrat Bundestag Bundeswehr Capes Cimade Cirad Cnam Cned
    Commonwealth Consuel Ehpad Ergodis Eurobaromètre Eurogroupe Eurozone Fed Géofoncier Gestapo
    Hamas Ifremer Ined Inria Insee Inserm Jamahiriya Luftwaffe Macif Medef Mossad Nasa Nikkei
    Opep Otan Oxfam Reich Reichswehr Samu Smic Stasi Unesco Unicef Urssaf Wehrmacht
    Bluetooth Ethernet Rafale Covid Ebola
    Achernar Aldébaran Alioth Altaïr Arcturus Bellatrix Bételgeuse Canopus Deneb Fomalhaut Hyades
    Lune Procyon Régulus Rigel Sirius Soleil Véga
    Aïd Anschluss Halloween Hanoucca Hanoukka Kippour Oktoberfest Pâques Reconquista Shoah
    Thanksgiving Toussaint Yule
    Deutéronome Graal Iliade Joconde Lévitique Mahâbhârata Necronomicon Othello Râmâyana Veda Véda
    Ave Bisounours Calinours Cid Dagda Dieu Hespéride Hun Moire Néréide Norne Ouroboros Parque
    Prisca Ragnarök Schtroumpf Schtroumpfette Scrameustache Tao Tartempion Tengri
    Absurdistan Arkham Asgard Atlantide Avalon Camelot Chinafrique Éden Françafrique Grayswandir
    Innsmouth Kaamelott Kashfa Kolvir Logrus Midgard Miskatonic Pétaouchnok Rebma Styx Ummo
    Walhalla Ys
    Agrobacterium Arabidopsis Bacillus Brassica Helianthus Kabatiella Linum Lolium Lunaria Pisum
    Ricinus Sorghum Zea
    Bernardo Diego Doreen Francisco Luiz Theresa
    Danone Dekalb Eppendorf Maarch Rust YouTube Werewindle
    Châtelain Elme Frénaud Laboulet Paolina Salmon Soustelle
"""
NON_PLACES: frozenset[str] = frozenset(_NON_PLACES_TEXT.split())


# --------------------------------------------------------------------------
# Affix model
# --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class Affix:
    """One PFX or SFX line: strip ``strip``, add ``add`` where ``condition`` holds."""

    flag: str
    is_prefix: bool
    strip: str
    add: str
    condition: str
    crossproduct: bool
    cont: frozenset[str] = frozenset()
    _regex: re.Pattern[str] | None = field(default=None, compare=False, repr=False)

    @classmethod
    def make(
        cls,
        flag: str,
        is_prefix: bool,
        strip: str,
        add: str,
        condition: str = ".",
        crossproduct: bool = True,
        cont: Iterable[str] = (),
    ) -> Affix:
        """Build an affix, compiling its hunspell condition (``.`` = always).

        >>> Affix.make("S.", False, "", "s", "[^sxz]").apply("kiwi", fullstrip=True)
        'kiwis'
        >>> Affix.make("Um", True, "", "kilo").apply("mètres", fullstrip=True)
        'kilomètres'
        """
        regex = None
        if condition != ".":
            body = condition.replace("-", r"\-")
            regex = re.compile("^(?:" + body + ")" if is_prefix else "(?:" + body + ")$")
        return cls(flag, is_prefix, strip, add, condition, crossproduct, frozenset(cont), regex)

    def apply(self, word: str, *, fullstrip: bool) -> str | None:
        """Return ``word`` with this affix, or None when it does not apply."""
        if self.is_prefix:
            if not word.startswith(self.strip):
                return None
        elif not word.endswith(self.strip):
            return None
        if not fullstrip and self.strip and len(self.strip) >= len(word):
            return None
        if self._regex is not None and self._regex.search(word) is None:
            return None
        if self.is_prefix:
            return self.add + word[len(self.strip) :]
        return word[: len(word) - len(self.strip)] + self.add


@dataclass(frozen=True, slots=True)
class AffixTable:
    """The affix classes and the special flags of an .aff file."""

    prefixes: Mapping[str, tuple[Affix, ...]]
    suffixes: Mapping[str, tuple[Affix, ...]]
    needaffix: str | None = None
    forbiddenword: str | None = None
    circumfix: str | None = None
    keepcase: str | None = None
    nosuggest: str | None = None
    fullstrip: bool = False

    def prefixes_for(self, flags: Iterable[str]) -> Iterator[Affix]:
        """Prefixes of every class named in ``flags``."""
        for flag in flags:
            yield from self.prefixes.get(flag, ())

    def suffixes_for(self, flags: Iterable[str]) -> Iterator[Affix]:
        """Suffixes of every class named in ``flags``."""
        for flag in flags:
            yield from self.suffixes.get(flag, ())

    def has(self, flags: frozenset[str], special: str | None) -> bool:
        """Tell whether the special flag ``special`` (if defined) is in ``flags``."""
        return special is not None and special in flags

    def alone_ok(self, cont: frozenset[str]) -> bool:
        """A form made with one affix whose continuation flags are ``cont`` is a word."""
        return not (
            self.has(cont, self.needaffix)
            or self.has(cont, self.circumfix)
            or self.has(cont, self.forbiddenword)
        )


# --------------------------------------------------------------------------
# Expansion (generic unmunch)
# --------------------------------------------------------------------------


def expand_entry(entry: Entry, table: AffixTable) -> set[str]:
    """Every surface form hunspell accepts for ``entry`` (raw spelling).

    Follows hunspell's checker: the bare stem unless the entry has NEEDAFFIX or
    FORBIDDENWORD; each suffix of the entry's classes (condition on the stem),
    then a second suffix named by the first one's continuation flags; each
    prefix; and prefix + suffix cross products when both affixes allow them,
    the suffix coming from the entry's flags or from the prefix's continuation
    flags, the prefix from the entry's flags or from the suffix's continuation
    flags, the prefix condition tested on the suffixed form. A NEEDAFFIX
    continuation flag makes a form valid only with the other affix; CIRCUMFIX
    affixes are valid only in a prefix + suffix pair that both carry it.

    >>> table = AffixTable(
    ...     prefixes={"Um": (Affix.make("Um", True, "", "", cont={"S."}),
    ...                      Affix.make("Um", True, "", "kilo", cont={"S.", "()"}))},
    ...     suffixes={"S.": (Affix.make("S.", False, "", "", "[^sxz]"),
    ...                      Affix.make("S.", False, "", "s", "[^sxz]"))},
    ...     needaffix="()", fullstrip=True)
    >>> sorted(expand_entry(Entry("mètre", frozenset({"Um", "()"})), table))
    ['kilomètre', 'kilomètres', 'mètre', 'mètres']
    """
    flags = entry.flags
    if table.has(flags, table.forbiddenword):
        return set()
    stem = entry.stem
    fullstrip = table.fullstrip
    forms: set[str] = set()
    if not table.has(flags, table.needaffix):
        forms.add(stem)

    suffixed: dict[Affix, str | None] = {}

    def with_suffix(sfx: Affix) -> str | None:
        if sfx not in suffixed:
            suffixed[sfx] = sfx.apply(stem, fullstrip=fullstrip)
        return suffixed[sfx]

    # Suffixes alone, and twofold suffixes.
    for sfx in table.suffixes_for(flags):
        form = with_suffix(sfx)
        if form is None:
            continue
        if table.alone_ok(sfx.cont):
            forms.add(form)
        for sfx2 in table.suffixes_for(sfx.cont):
            form2 = sfx2.apply(form, fullstrip=fullstrip)
            if form2 is not None and table.alone_ok(sfx2.cont):
                forms.add(form2)

    # Prefixes alone.
    for pfx in table.prefixes_for(flags):
        form = pfx.apply(stem, fullstrip=fullstrip)
        if form is not None and table.alone_ok(pfx.cont):
            forms.add(form)

    # Cross products: candidate prefixes come from the entry's flags and from
    # the continuation flags of the suffixes that apply.
    prefix_flags = set(flags)
    for sfx in table.suffixes_for(flags):
        if sfx.crossproduct and with_suffix(sfx) is not None:
            prefix_flags |= sfx.cont
    for pfx in table.prefixes_for(prefix_flags & table.prefixes.keys()):
        if not pfx.crossproduct:
            continue
        pfx_need = table.has(pfx.cont, table.needaffix)
        pfx_circ = table.has(pfx.cont, table.circumfix)
        for sfx in table.suffixes_for((flags | pfx.cont) & table.suffixes.keys()):
            if not sfx.crossproduct:
                continue
            if pfx.flag not in flags and pfx.flag not in sfx.cont:
                continue
            if pfx_circ != table.has(sfx.cont, table.circumfix):
                continue
            if pfx_need and table.has(sfx.cont, table.needaffix):
                continue
            if table.has(pfx.cont, table.forbiddenword) or table.has(sfx.cont, table.forbiddenword):
                continue
            form = with_suffix(sfx)
            if form is None:
                continue
            full = pfx.apply(form, fullstrip=fullstrip)
            if full is not None:
                forms.add(full)
    return forms


# --------------------------------------------------------------------------
# Classification
# --------------------------------------------------------------------------

COMMON = "common"
PROPER = "proper"
EXCLUDED = "excluded"


def is_acronym(stem: str) -> bool:
    """An all-capitals stem of two letters or more (SNCF, CAC40, LCI).

    >>> is_acronym("SNCF"), is_acronym("Toulouse"), is_acronym("kiwi")
    (True, False, False)
    """
    letters = [c for c in stem if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


def classify(entry: Entry, table: AffixTable) -> tuple[str, str]:
    """Return ``(category, reason)`` for an entry: common, proper or excluded.

    >>> t = AffixTable({}, {}, keepcase="||", nosuggest="--")
    >>> classify(Entry("kiwi", morph={"po": ("nom",)}), t)
    ('common', 'common word')
    >>> classify(Entry("Toulouse", morph={"po": ("npr",)}), t)
    ('proper', 'tagged proper noun')
    >>> classify(Entry("km", frozenset({"||", "--"})), t)[0]
    'excluded'
    """
    flags = entry.flags
    po = entry.tags("po")
    stem = entry.stem
    if table.has(flags, table.forbiddenword):
        return EXCLUDED, "forbidden word"
    if table.has(flags, table.keepcase) or table.has(flags, table.nosuggest):
        return EXCLUDED, "unit, symbol or ordinal (KEEPCASE/NOSUGGEST)"
    if po & EXCLUDED_TAGS:
        return EXCLUDED, "elided fragment (po:err)"
    if TITLE_TAG in po and any(c.isupper() for c in stem):
        return EXCLUDED, "abbreviated title (capitalised po:titr: Mme, Dr, Mgr)"
    if "nom" in po and len(normalize(stem)) == 1:
        return EXCLUDED, "name of a letter of the alphabet (the noun « b »)"
    if any(rule.matches(entry) for rule in DENY_COMMON):
        return EXCLUDED, "deny list (abbreviation or symbol)"
    if any(rule.matches(entry) for rule in DENY_PROPER):
        return EXCLUDED, "deny list (capitalised abbreviation)"
    if is_acronym(stem):
        return EXCLUDED, "acronym (all capitals)"
    if po & PROPER_TAGS:
        return PROPER, "tagged proper noun"
    if any(c.isupper() for c in stem):
        if stem[0].isupper() and not any(c.isupper() for c in stem[1:]) and "nom" in po:
            return PROPER, "capitalised noun"
        return EXCLUDED, "mixed case (formula, brand, fragment)"
    return COMMON, "common word"


def keep_forms(forms: Iterable[str], *, lowercase_only: bool) -> set[str]:
    """Normalised forms of the right shape (``[A-Z]{1,15}``).

    With ``lowercase_only``, raw forms containing a capital letter (elisions
    such as ``L'Arbre``) are dropped before normalisation.
    """
    kept: set[str] = set()
    for form in forms:
        if lowercase_only and not form.islower():
            continue
        norm = normalize(form)
        if is_word_shape(norm):
            kept.add(norm)
    return kept


# --------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------


def _special(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def load_dictionary(aff_dir: Path = DEFAULT_AFF_DIR) -> tuple[AffixTable, list[Entry]]:
    """Read ``fr.aff``/``fr.dic`` from ``aff_dir`` with spylls."""
    from spylls.hunspell import Dictionary

    dictionary = Dictionary.from_files(str(Path(aff_dir) / DICT_NAME))
    aff = dictionary.aff

    def convert(table: Mapping[str, Any], is_prefix: bool) -> dict[str, tuple[Affix, ...]]:
        return {
            flag: tuple(
                Affix.make(a.flag, is_prefix, a.strip, a.add, a.condition, a.crossproduct, a.flags)
                for a in affixes
            )
            for flag, affixes in table.items()
        }

    table = AffixTable(
        prefixes=convert(aff.PFX, True),
        suffixes=convert(aff.SFX, False),
        needaffix=_special(aff.NEEDAFFIX),
        forbiddenword=_special(aff.FORBIDDENWORD),
        circumfix=_special(aff.CIRCUMFIX),
        keepcase=_special(aff.KEEPCASE),
        nosuggest=_special(aff.NOSUGGEST),
        fullstrip=bool(aff.FULLSTRIP),
    )
    entries = [
        Entry(
            w.stem,
            frozenset(w.flags),
            {key: tuple(values) for key, values in w.data.items()},
        )
        for w in dictionary.dic.words
    ]
    return table, entries


def package_version(package: str = "hunspell-fr-comprehensive") -> str:
    """The installed Debian package version, or ``unknown`` without dpkg."""
    try:
        done = subprocess.run(
            ["dpkg-query", "-W", "-f", "${Version}", package],
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:
        return "unknown"
    return done.stdout.strip() if done.returncode == 0 and done.stdout.strip() else "unknown"


def source_version(aff_dir: Path = DEFAULT_AFF_DIR) -> str:
    """The dictionary version announced in the .aff header (``v7.0`` -> ``7.0``)."""
    head = (Path(aff_dir) / f"{DICT_NAME}.aff").read_text(encoding="utf-8")[:2000]
    match = re.search(r"\bv(\d+(?:\.\d+)+)", head)
    return match.group(1) if match else "unknown"


# --------------------------------------------------------------------------
# Building
# --------------------------------------------------------------------------


@dataclass
class BuildResult:
    """The lists plus statistics on the classification."""

    common: set[str]
    proper: set[str]
    reasons: Counter[str]
    #: Deny rules that matched no entry (the dictionary changed: review them).
    unused_rules: list[DenyRule]
    #: Place names: the proper nouns that are neither people's names nor :data:`NON_PLACES`.
    places: set[str] = field(default_factory=set)
    #: :data:`NON_PLACES` stems that name no proper-noun entry (review them).
    unused_non_places: list[str] = field(default_factory=list)


def is_place(entry: Entry) -> bool:
    """Whether a proper-noun entry names a place: not a first name or surname
    (``po:prn``/``po:patr``) and not one of the reviewed :data:`NON_PLACES`.

    >>> is_place(Entry("Loire", morph={"po": ("nom",)}))
    True
    >>> is_place(Entry("Julie", morph={"po": ("prn",)}))
    False
    >>> is_place(Entry("Netflix", morph={"po": ("npr",)}))
    False
    """
    return not entry.tags("po") & PEOPLE_TAGS and entry.stem not in NON_PLACES


def build_from(table: AffixTable, entries: Sequence[Entry]) -> BuildResult:
    """Expand and classify ``entries``; return normalised common, proper and place lists."""
    common: set[str] = set()
    proper: set[str] = set()
    places: set[str] = set()
    proper_stems: set[str] = set()
    forbidden: set[str] = set()
    reasons: Counter[str] = Counter()
    for entry in entries:
        if table.has(entry.flags, table.forbiddenword):
            forbidden.add(normalize(entry.stem))
        category, reason = classify(entry, table)
        reasons[reason] += 1
        if category == COMMON:
            common |= keep_forms(expand_entry(entry, table), lowercase_only=True)
        elif category == PROPER:
            forms = keep_forms(expand_entry(entry, table), lowercase_only=False)
            proper |= forms
            proper_stems.add(entry.stem)
            if is_place(entry):
                places |= forms
    by_stem: dict[str, list[Entry]] = {}
    for entry in entries:
        by_stem.setdefault(entry.stem, []).append(entry)
    unused = [
        rule
        for rule in (*DENY_COMMON, *DENY_PROPER)
        if not any(rule.matches(entry) for entry in by_stem.get(rule.stem, ()))
    ]
    unused_places = sorted(NON_PLACES - proper_stems)
    return BuildResult(
        common - forbidden, proper - forbidden, reasons, unused, places - forbidden, unused_places
    )


def build_lists(aff_dir: Path = DEFAULT_AFF_DIR) -> tuple[set[str], set[str], set[str]]:
    """The normalised ``(common, proper, places)`` word sets built from ``aff_dir``."""
    table, entries = load_dictionary(aff_dir)
    result = build_from(table, entries)
    return result.common, result.proper, result.places


def list_text(words: Iterable[str]) -> bytes:
    """The on-disk text of a list: sorted, one word a line, final newline."""
    return "".join(word + "\n" for word in sorted(words)).encode("ascii")


def sha256(data: bytes) -> str:
    """Hex SHA-256 of ``data``."""
    return hashlib.sha256(data).hexdigest()


def compress(data: bytes) -> bytes:
    """Gzip ``data`` deterministically (no name, timestamp 0).

    gzip rather than xz: the list loads about 30 ms faster (see
    docs/performance.md) for a file about a third larger.
    """
    return gzip.compress(data, compresslevel=9, mtime=0)


def mpl_text() -> str:
    """The MPL-2.0 text from the system, or a pointer to it when absent."""
    for candidate in MPL_TEXT_CANDIDATES:
        if candidate.is_file():
            return candidate.read_text(encoding="utf-8")
    return "Mozilla Public License, version 2.0: https://www.mozilla.org/en-US/MPL/2.0/\n"


def notice_text(version: str) -> str:
    """The NOTICE shipped next to the lists."""
    return (
        "The word lists common.txt.gz, proper.txt.gz and places.txt.gz in this directory\n"
        f"are derived from Grammalecte's French spelling dictionary v{version}\n"
        "(« toutes variantes »),\n"
        "by Olivier R. and the Dicollecte contributors, https://grammalecte.net/,\n"
        "as packaged by Debian (hunspell-fr-comprehensive), files fr.aff and fr.dic.\n"
        "\n"
        "They are distributed under the Mozilla Public License 2.0 (MPL-2.0): see\n"
        "LICENSE-MPL-2.0.txt. The source form of these lists is the original\n"
        "dictionary plus scripts/build_lexicon.py in the ludotheque repository;\n"
        "the transformation is documented in docs/lexicon.md.\n"
        "\n"
        f"{NOTICE_END}"
    )


def write_outputs(
    out: Path, common: set[str], proper: set[str], aff_dir: Path, places: set[str] | None = None
) -> dict[str, Any]:
    """Write the lists, manifest, licence and notice into ``out``; return the manifest."""
    out.mkdir(parents=True, exist_ok=True)
    version = source_version(aff_dir)
    lists: dict[str, Any] = {}
    for name, filename, words in (
        ("common", COMMON_FILE, common),
        ("proper", PROPER_FILE, proper),
        ("places", PLACES_FILE, places if places is not None else set()),
    ):
        text = list_text(words)
        packed = compress(text)
        (out / filename).write_bytes(packed)
        lists[name] = {
            "file": filename,
            "count": len(words),
            "sha256": sha256(text),
            "compressed_sha256": sha256(packed),
            "compressed_bytes": len(packed),
        }
    sources = {
        f"{DICT_NAME}.{ext}": sha256((Path(aff_dir) / f"{DICT_NAME}.{ext}").read_bytes())
        for ext in ("aff", "dic")
    }
    manifest: dict[str, Any] = {
        "source": "Grammalecte, dictionnaire orthographique français « toutes variantes »",
        "version": version,
        "license": "MPL-2.0",
        "package": "hunspell-fr-comprehensive",
        "package_version": package_version(),
        "source_sha256": sources,
        "generator": "scripts/build_lexicon.py",
        "format": "gzip-compressed ASCII, sorted, one word per line, [A-Z]{1,15}",
        "lists": lists,
    }
    # Other generators may record their own files in the manifest and the notice: keep them.
    previous = out / MANIFEST_FILE
    if previous.is_file():
        old = json.loads(previous.read_text(encoding="utf-8"))
        manifest = {**old, **manifest, "lists": {**old.get("lists", {}), **lists}}
    (out / MANIFEST_FILE).write_text(
        json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    for candidate in MPL_TEXT_CANDIDATES[:1]:
        if candidate.is_file():
            shutil.copyfile(candidate, out / LICENSE_FILE)
            break
    else:
        (out / LICENSE_FILE).write_text(mpl_text(), encoding="utf-8")
    notice = notice_text(version)
    if (out / NOTICE_FILE).is_file():
        _, marker, others = (out / NOTICE_FILE).read_text(encoding="utf-8").partition(NOTICE_END)
        notice += others if marker else ""
    (out / NOTICE_FILE).write_text(notice, encoding="utf-8")
    return manifest


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--aff-dir", type=Path, default=DEFAULT_AFF_DIR, help="directory holding fr.aff and fr.dic"
    )
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help="output directory (package data)"
    )
    parser.add_argument(
        "--stats", action="store_true", help="print how many entries each rule classified"
    )
    args = parser.parse_args(argv)
    for ext in ("aff", "dic"):
        path = args.aff_dir / f"{DICT_NAME}.{ext}"
        if not path.is_file():
            parser.error(f"{path} not found (apt-get install hunspell-fr-comprehensive)")
    if importlib.util.find_spec("spylls") is None:
        parser.error("spylls is required: pip install -e '.[lexicon-build]'")
    start = time.perf_counter()
    table, entries = load_dictionary(args.aff_dir)
    loaded = time.perf_counter()
    result = build_from(table, entries)
    built = time.perf_counter()
    manifest = write_outputs(args.out, result.common, result.proper, args.aff_dir, result.places)
    done = time.perf_counter()
    print(
        f"{len(entries)} entries read in {loaded - start:.1f} s, "
        f"expanded in {built - loaded:.1f} s, written in {done - built:.1f} s"
    )
    for name, info in manifest["lists"].items():
        print(f"{name}: {info['count']} words, {info['compressed_bytes']} bytes ({info['file']})")
    if args.stats:
        for reason, count in result.reasons.most_common():
            print(f"  {count:6d}  {reason}")
    for rule in result.unused_rules:
        print(f"warning: deny rule for {rule.stem!r} matched no entry", file=sys.stderr)
    for stem in result.unused_non_places:
        print(f"warning: NON_PLACES stem {stem!r} names no proper noun", file=sys.stderr)
    return 1 if result.unused_rules or result.unused_non_places else 0


if __name__ == "__main__":
    sys.exit(main())
