"""The exact Gutenberg word finder: the best words a hand of cards can spell.

Plays are ranked as the rulebook ranks players (« ÉTAPE 4. SCORE », « ÉGALITÉS »): score,
then the highest card used, then the longer word (in letters); then alphabetical order, so
that the answer is deterministic. The result is exactly what checking every word of the list
with :func:`~ludotheque.games.gutenberg.spelling.best_spelling` would give, only faster.

>>> words = ["TE", "ET", "TETE", "THE", "TEXTE", "ETE", "EXE"]
>>> hand = [Card.parse(text) for text in ("T2", "E1", "X8", "E2")]
>>> [(play.word, play.score, play.top_card) for play in best_words(hand, top=4, words=words)]
[('EXE', 11, 8), ('ETE', 5, 2), ('ET', 4, 2), ('TE', 4, 2)]
>>> [card.notation for card in best_words(hand, words=words)[0].cards]
['E2', 'X8', 'E1']
>>> best_words([Card.parse("K9")], words=words)
[]

How (figures in docs/performance.md):

1. The word list is indexed once (cached per list) by the set of distinct letters of each
   word, a 26-bit mask: about 77,000 groups for the 405,000 words of the common lexicon. The
   groups are also split into « parts » by their rare letters (all but the ten letters found
   in most groups). A word's « profile » (its repeated letters: occurrences, and the cards its
   runs need at least, ``ceil(r / 2)`` for a run of ``r``) is computed the first time its
   group is opened, and shared between words.
2. A hand's candidate groups are those inside its letters (the QU card gives Q and U, a
   multi-letter card its letters): sub-masks are enumerated for a hand of at most ten letters;
   for a larger hand, the parts inside its rare letters are bucketed by a bound and their
   groups listed only when that bound is reached.
3. Bounds, all admissible, are tightened in stages just before a group would be opened:
   every card that could cover one of the group's letters (each QU or multi-letter card
   counted once); then one card per letter plus the best extra single cards a word of the
   group can hold (``length - distinct letters`` at most), or nothing when a letter without
   single cards has no QU or multi-letter face fitting the group; then each letter at most as
   often as it occurs in the group's words. From the second stage on, a QU or multi-letter
   card only counts for what it can add over the single cards it would displace (and, at the
   last stage, only if its face appears in a word of the group). Levels go from the highest
   bound down and stop below the K-th best score; a group is opened only while (bound, best
   card, longest word) can still beat the K-th best play, so ties are exact too.
4. In an opened group, a word that no QU or multi-letter card can serve gets its exact score
   in closed form (per letter, the best ``min(occurrences, cards)`` cards, if its runs can be
   covered). Otherwise such a card brings its points but costs at least the single cards it
   displaces: if every one of them loses points, the closed form is still exact; if not, the
   word is bounded, then spelt exactly by :class:`~ludotheque.games.gutenberg.spelling.Speller`.
"""

from __future__ import annotations

import bisect
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress, pairwise
from string import ascii_uppercase
from typing import NamedTuple

from ludotheque.games.gutenberg.cards import Card
from ludotheque.games.gutenberg.spelling import Speller, top_points
from ludotheque.lexicon.wordlist import Lexicon, lexicon_of

__all__ = ["WordIndex", "WordPlay", "best_words", "word_index"]

_BIT = {letter: 1 << i for i, letter in enumerate(ascii_uppercase)}
_ALL = (1 << 26) - 1
# Letters of the index's inner level (see WordIndex.parts); hands with more distinct letters
# than _SMALL_HAND use it.
_COMMON = 10
_SMALL_HAND = 10

# Ranking key of a play: (-score, -top card, -length, word); smaller is better.
_Key = tuple[int, int, int, str]
_Part = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], dict[int, int], int]


@dataclass(frozen=True, slots=True)
class WordPlay:
    """A word and its best spelling: ``cards`` in word order, ``score`` their points.

    >>> play = WordPlay("TE", 3, (Card.parse("T2"), Card.parse("E1")))
    >>> play.top_card
    2
    """

    word: str
    score: int
    cards: tuple[Card, ...]

    @property
    def top_card(self) -> int:
        """Points of the highest card used (the rulebook's first tie-break)."""
        return top_points(self.cards)


class WordIndex:
    """Words grouped by their set of distinct letters, with what the finder needs about each.

    >>> index = WordIndex.build(["ELLE", "LE", "EL", "ELUE"])
    >>> len(index), index.group_count
    (4, 2)
    >>> g = index.by_mask[WordIndex.mask("ELLE")]
    >>> sorted(index.words[g])
    ['EL', 'ELLE', 'LE']
    >>> sorted(index.profiles[pid] for pid in index.group_profiles(g))  # ELLE: 2 E, 2 cards;
    [(), (), ((4, 2, 2), (11, 2, 1))]
    >>> index.max_count(g, 4), index.max_count(g, 11)  # most E and L in a word of the group
    (2, 2)
    """

    __slots__ = (
        "_group_profiles",
        "_interned",
        "_joined",
        "_lock",
        "_max_counts",
        "by_mask",
        "common",
        "group_count",
        "letters",
        "longest",
        "masks",
        "max_lengths",
        "parts",
        "profiles",
        "rare_mask",
        "size",
        "surplus",
        "words",
    )

    def __init__(self, groups: dict[int, list[str]]) -> None:
        masks = sorted(groups)
        #: The groups: their masks, words, letters (indices 0–25) and longest word.
        self.masks = masks
        self.words = [tuple(groups[mask]) for mask in masks]
        self.letters = [tuple(i for i in range(26) if mask >> i & 1) for mask in masks]
        self.max_lengths = [max(map(len, group)) for group in self.words]
        self.longest = max(self.max_lengths, default=0)
        #: Per group, how many letters its longest word has beyond one of each.
        self.surplus = [n - len(ls) for n, ls in zip(self.max_lengths, self.letters, strict=True)]
        self.by_mask = {mask: g for g, mask in enumerate(masks)}
        self.group_count = len(masks)
        self.size = sum(map(len, self.words))
        #: A profile: (letter index, occurrences, cards needed at least) of each repeated
        #: letter of a word (a run of r letters needs ceil(r / 2) cards). Shared, by id.
        self.profiles: list[tuple[tuple[int, int, int], ...]] = [()]
        self._interned: dict[tuple[tuple[int, int, int], ...], int] = {(): 0}
        self._group_profiles: list[tuple[int, ...] | None] = [None] * len(masks)
        self._max_counts: list[bytearray | None] = [None] * len(masks)
        self._joined: list[str | None] = [None] * len(masks)
        self._lock = threading.Lock()  # profiles are added lazily, maybe by several threads
        # For hands with many letters: groups split by their « rare » letters (all but the
        # ten found in most groups); inside, the common letters as a 10-bit number.
        frequency = [0] * 26
        for group_letters in self.letters:
            for i in group_letters:
                frequency[i] += 1
        self.common = tuple(sorted(sorted(range(26), key=lambda i: -frequency[i])[:_COMMON]))
        self.rare_mask = _ALL & ~sum(1 << i for i in self.common)
        parts: dict[int, tuple[list[tuple[int, int]], dict[int, int]]] = {}
        for g, mask in enumerate(masks):
            compact = self.compact(mask)
            part = parts.get(mask & self.rare_mask)
            if part is None:
                part = parts[mask & self.rare_mask] = ([], {})
            part[0].append((compact, g))
            part[1][compact] = g
        #: rare letters' mask -> (its letters, the common letters of each group, the groups,
        #: common letters -> group, union of the common letters of the part).
        self.parts: dict[int, _Part] = {}
        for rare, (items, lookup) in parts.items():
            union = 0
            for compact in lookup:
                union |= compact
            letters = tuple(i for i in range(26) if rare >> i & 1)
            compacts = tuple(compact for compact, _ in items)
            self.parts[rare] = (letters, compacts, tuple(g for _, g in items), lookup, union)

    @classmethod
    def build(cls, words: Iterable[str]) -> WordIndex:
        """Index ``words`` (uppercase A–Z; anything else is ignored)."""
        bit = _BIT.__getitem__
        groups: dict[int, list[str]] = {}
        add = groups.setdefault
        for word in words if isinstance(words, (set, frozenset, Lexicon)) else set(words):
            try:
                mask = sum(map(bit, set(word)))
            except KeyError:
                continue
            if mask:
                add(mask, []).append(word)
        return cls(groups)

    def __len__(self) -> int:
        return self.size

    @staticmethod
    def mask(word: str) -> int:
        """The 26-bit mask of the distinct letters of ``word`` (A = bit 0).

        >>> bin(WordIndex.mask("CABBA"))
        '0b111'
        """
        return sum(_BIT[letter] for letter in set(word))

    def compact(self, mask: int) -> int:
        """The common letters of ``mask`` as a ``len(self.common)``-bit number."""
        return sum(1 << j for j, i in enumerate(self.common) if mask >> i & 1)

    def group_profiles(self, g: int) -> tuple[int, ...]:
        """The profile id of each word of group ``g``, in the order of ``words[g]``.

        Computed when the group is first opened (most groups never are), then kept.
        """
        known = self._group_profiles[g]
        if known is not None:
            return known
        with self._lock:
            return self._profile_group(g)

    def _profile_group(self, g: int) -> tuple[int, ...]:
        known = self._group_profiles[g]
        if known is not None:
            return known
        distinct = len(self.letters[g])
        letters = [chr(65 + i) for i in self.letters[g]]
        pids: list[int] = []
        for word in self.words[g]:
            surplus = len(word) - distinct
            if not surplus:
                pids.append(0)
                continue
            repeated: list[tuple[int, int, int]] = []
            for letter in letters:
                count = word.count(letter)
                if count > 1:
                    # str.count does not overlap: a run of r letters holds r // 2 pairs.
                    repeated.append((ord(letter) - 65, count, count - word.count(letter * 2)))
                    surplus -= count - 1
                    if not surplus:
                        break
            pids.append(self._intern(tuple(repeated)))
        result = tuple(pids)
        self._group_profiles[g] = result
        return result

    def max_count(self, g: int, i: int) -> int:
        """The most times letter ``i`` (A = 0) occurs in a word of group ``g`` (0: none).

        Counted on first use, then kept (:meth:`count_row`).
        """
        return self.count_row(g)[i] or self.fill_count(g, i)

    def joined(self, g: int) -> str:
        """The words of group ``g`` joined by newlines (to look for letters in all at once)."""
        known = self._joined[g]
        if known is None:
            known = self._joined[g] = "\n".join(self.words[g])
        return known

    def count_row(self, g: int) -> bytearray:
        """The counts of :meth:`max_count` known so far for group ``g``, 0 where unknown."""
        row = self._max_counts[g]
        if row is None:
            row = self._max_counts[g] = bytearray(26)
        return row

    def fill_count(self, g: int, i: int) -> int:
        """Count letter ``i`` in the words of group ``g`` and keep the most."""
        letter = chr(65 + i)
        most = max([word.count(letter) for word in self.words[g]])
        self.count_row(g)[i] = most
        return most

    @property
    def profiled_groups(self) -> int:
        """How many groups have had their profiles computed so far."""
        return sum(profiles is not None for profiles in self._group_profiles)

    def _intern(self, profile: tuple[tuple[int, int, int], ...]) -> int:
        pid = self._interned.get(profile)
        if pid is None:
            pid = self._interned[profile] = len(self.profiles)
            self.profiles.append(profile)
        return pid

    def search(self, cards: Iterable[Card], top: int) -> list[tuple[str, int, int]]:
        """The ``top`` best ``(word, score, top card)``, best first (see the module doc)."""
        return _Search(self, Speller(cards), top).run()


class _Special(NamedTuple):
    """A group of QU or multi-letter cards with the same letters, as the search sees it."""

    mask: int  # letters of the shortest face: every word that can use the card holds them
    face: str  # the shortest face (Q for the QU card)
    face_letters: tuple[int, ...]
    points: tuple[int, ...]  # best first
    total: int
    top: int
    # gains[n]: what its cards can add at most when no letter occurs more than n times.
    gains: tuple[int, ...]


class _Search:
    """One query of a :class:`WordIndex`: per-hand tables, the buckets and the K best."""

    def __init__(self, index: WordIndex, speller: Speller, top: int) -> None:
        self.index = index
        self.speller = speller
        self.top = top
        self.best: list[_Key] = []
        self.worst: _Key | None = None
        count = [0] * 26
        first = [0] * 26
        best_card = [0] * 26
        sums: list[tuple[int, ...]] = [(0,)] * 26
        for letter, prefix in speller.single_sums.items():
            i = ord(letter) - 65
            count[i] = len(prefix) - 1
            sums[i] = prefix
            first[i] = prefix[1]
            best_card[i] = speller.single_tops[letter]
        self.count, self.first, self.best_card, self.sums = count, first, best_card, sums
        singles_mask = sum(_BIT[letter] for letter in speller.single_sums)
        # The first bound: per letter, all its single cards, plus each QU or multi-letter card
        # on one of its letters (the one with the fewest single cards).
        total = [sums[i][count[i]] for i in range(26)]
        specials: list[_Special] = []
        hand_mask = singles_mask
        # deltas[i][n]: what the n-th occurrence of letter i brings with single cards only.
        self.deltas: dict[int, tuple[int, ...]] = {}
        for faces, prefix, group in zip(
            speller.special_faces, speller.special_sums, speller.special_cards, strict=True
        ):
            hand_mask |= sum(_BIT[letter] for letter in set(group[0].letters))
            face = min(faces, key=len)
            face_letters = tuple(ord(letter) - 65 for letter in face)
            for i in face_letters:
                capped = [sums[i][min(n, count[i])] for n in range(index.longest + 1)]
                self.deltas[i] = (0, *(b - a for a, b in pairwise(capped)))
            points = tuple(card.points for card in group)
            costs = [sum(self.deltas[i][n] for i in face_letters) for n in range(index.longest + 1)]
            specials.append(
                _Special(
                    sum(_BIT[letter] for letter in set(face)),
                    face,
                    face_letters,
                    points,
                    prefix[-1],
                    group[0].points,
                    tuple(sum(p - cost for p in points if p > cost) for cost in costs),
                )
            )
            host = min((count[i], i) for i in face_letters)[1]
            total[host] += prefix[-1]
        self.singles_mask = singles_mask
        #: The single cards beyond the best one of each letter: (points, letter), best first.
        self.more_cards = sorted(
            ((sums[i][k] - sums[i][k - 1], i) for i in range(26) for k in range(2, count[i] + 1)),
            reverse=True,
        )
        self.hand_mask = hand_mask
        self.specials = specials
        self.total = total
        #: The highest bound possible.
        self.ceiling = sum(total)
        # Per profile id: (exact extra points or -1 if infeasible, extra points ignoring
        # feasibility), computed on first use.
        self.extras: dict[int, tuple[int, int]] = {}
        self.costs: dict[tuple[int, int], int] = {}
        #: Letters without single cards (as a bit), with the faces (masks) that can cover them.
        self.cover_faces = [
            (
                1 << i,
                [
                    sum(_BIT[letter] for letter in set(face))
                    for faces in speller.special_faces
                    for face in faces
                    if chr(65 + i) in face
                ],
            )
            for i in range(26)
            if hand_mask >> i & 1 and not singles_mask >> i & 1
        ]
        self.uncovered = hand_mask & ~singles_mask
        #: The letters whose occurrences change a bound: several single cards, or on a face.
        self.counted = [i for i in range(26) if count[i] > 1]
        # For large hands (see large_hand): the hand's common letters, their bounds' table.
        self.common_hand = 0
        self.common_table: list[int] = []
        #: How many occurrences of each letter the QU and multi-letter cards can cover.
        self.special_letters = [0] * 26
        for group in speller.special_cards:
            for letter in group[0].letters:
                self.special_letters[ord(letter) - 65] += len(group)

    def extra(self, pid: int) -> tuple[int, int]:
        """Points the repeated letters of a profile add over one card per letter.

        ``(exact, relaxed)``: ``exact`` with single cards alone, -1 if they cannot cover the
        runs; ``relaxed`` ignores that, and is -1 if even the QU and multi-letter cards
        cannot help (each covers at most as many occurrences as it holds of the letter).
        """
        known = self.extras.get(pid)
        if known is not None:
            return known
        gain = 0
        feasible = True
        hopeless = False
        for i, occurrences, needed in self.index.profiles[pid]:
            available = self.count[i]
            if needed > available:
                feasible = False
                hopeless = hopeless or needed > available + self.special_letters[i]
            if available:
                gain += self.sums[i][min(occurrences, available)] - self.first[i]
        result = (gain if feasible else -1, -1 if hopeless else gain)
        self.extras[pid] = result
        return result

    def cost(self, special: int, pid: int) -> int:
        """What the single cards lose at least when a card of ``special`` covers its face."""
        key = (special, pid)
        known = self.costs.get(key)
        if known is None:
            repeated = {i: n for i, n, _ in self.index.profiles[pid]}
            known = sum(
                self.deltas[i][repeated.get(i, 1)] for i in self.specials[special].face_letters
            )
            self.costs[key] = known
        return known

    def small_hand(self) -> list[list[int]]:
        """For a hand of few letters: every group inside them, by its first (loosest) bound."""
        index = self.index
        total = self.total
        hand = self.hand_mask
        buckets: list[list[int]] = [[] for _ in range(self.ceiling + 1)]
        letters = index.letters
        get = index.by_mask.get
        sub = hand
        while sub:
            g = get(sub)
            if g is not None:
                buckets[sum(map(total.__getitem__, letters[g]))].append(g)
            sub = (sub - 1) & hand
        return buckets

    def large_hand(self) -> list[list[int]]:
        """For a hand of many letters: the index's parts inside its rare letters, by a bound.

        A part is opened (its groups bucketed) only when its bound is reached.
        """
        index = self.index
        total = self.total
        hand = self.hand_mask
        buckets: list[list[int]] = [[] for _ in range(self.ceiling + 1)]
        common = self.common_hand = index.compact(hand)
        table = self.common_table = self.table([total[i] for i in index.common])
        rare_hand = hand & index.rare_mask
        parts = index.parts
        sub = rare_hand
        while True:
            part = parts.get(sub)
            if part is not None:
                bound = sum(map(total.__getitem__, part[0])) + table[part[4] & common]
                buckets[bound].append(sub)
            if not sub:
                return buckets
            sub = (sub - 1) & rare_hand

    @staticmethod
    def table(weights: list[int]) -> list[int]:
        """``table[x]``: the sum of the weights of the bits of ``x``."""
        table = [0] * (1 << len(weights))
        for x in range(1, len(table)):
            low = x & -x
            table[x] = table[x ^ low] + weights[low.bit_length() - 1]
        return table

    def open_part(self, rare: int, buckets: list[list[int]]) -> None:
        """Put the groups of a part that lie inside the hand in ``buckets``, by first bound.

        Once K plays are known, groups whose bound is below the K-th best score are left out
        (mapped and filtered in C when all the common letters are in the hand).
        """
        rare_letters, compacts, groups, lookup, _ = self.index.parts[rare]
        table = self.common_table
        common = self.common_hand
        rare_bound = sum(map(self.total.__getitem__, rare_letters))
        need = -self.worst[0] - rare_bound if self.worst is not None else 0
        if len(compacts) <= 1 << common.bit_count():
            outside = ((1 << len(self.index.common)) - 1) & ~common
            kept: Iterable[tuple[int, int]]
            if outside:
                kept = [
                    (table[compact], g)
                    for compact, g in zip(compacts, groups, strict=True)
                    if not compact & outside and table[compact] >= need
                ]
            else:
                kept = zip(map(table.__getitem__, compacts), groups, strict=True)
                if need > 0:
                    kept = compress(kept, map(need.__le__, map(table.__getitem__, compacts)))
            for bound, g in kept:
                buckets[rare_bound + bound].append(g)
            return
        get = lookup.get
        inner = common
        while True:
            found = get(inner)
            if found is not None:
                buckets[rare_bound + table[inner]].append(found)
            if not inner:
                return
            inner = (inner - 1) & common

    def push(self, key: _Key) -> None:
        best = self.best
        bisect.insort(best, key)
        if len(best) > self.top:
            best.pop()
        if len(best) == self.top:
            self.worst = best[-1]

    def surplus_bound(self, g: int) -> int:
        """A bound on the words of group ``g`` that needs no look at them.

        Past one card per letter, a word of ``n`` letters over ``d`` distinct ones can use at
        most ``n - d`` more single cards: the best such cards of the group's letters. Then
        each QU or multi-letter card that fits, less what it costs the single cards at least.
        """
        index = self.index
        mask = index.masks[g]
        if mask & self.uncovered:
            for letter, faces in self.cover_faces:
                # A letter without single cards needs a QU or multi-letter card whose face
                # fits in the group's letters.
                if mask & letter:
                    for face in faces:
                        if not face & ~mask:
                            break
                    else:
                        return -1
        bound = sum(map(self.first.__getitem__, index.letters[g]))
        surplus = index.surplus[g]
        # No letter occurs more than 1 + surplus times in a word of the group.
        for special in self.specials:
            if not special.mask & ~mask:
                bound += special.gains[1 + surplus]
        for points, i in self.more_cards:
            if not surplus:
                break
            if mask >> i & 1:
                bound += points
                surplus -= 1
        return bound

    def profile_bound(self, g: int) -> int:
        """A bound on the words of group ``g`` from the most occurrences of each letter.

        Only the letters that matter to this hand are looked at: those with several single
        cards, and those on the face of a QU or multi-letter card (which then costs the single
        cards at least the value of that many occurrences).
        """
        index = self.index
        mask = index.masks[g]
        bound = sum(map(self.first.__getitem__, index.letters[g]))
        row = index.count_row(g)
        sums, count, first = self.sums, self.count, self.first
        for i in self.counted:
            if mask >> i & 1:
                most = row[i] or index.fill_count(g, i)
                bound += sums[i][min(most, count[i])] - first[i]
        for special in self.specials:
            if not special.mask & ~mask and special.face in index.joined(g):
                cost = sum(
                    self.deltas[i][row[i] or index.fill_count(g, i)] for i in special.face_letters
                )
                bound += sum(points - cost for points in special.points if points > cost)
        return bound

    def run(self) -> list[tuple[str, int, int]]:
        """Open groups by decreasing bound, each bound tightened before the group is opened.

        A group waits in the bucket of its bound at one of three stages: the first (loosest)
        bound, :meth:`surplus_bound`, then :meth:`profile_bound`. At each level, the groups
        waiting there are re-bounded: moved down if the next bound is lower, opened if not.
        """
        parts: list[list[int]] | None = None
        if self.hand_mask.bit_count() > _SMALL_HAND:
            parts = self.large_hand()
            loose: list[list[int]] = [[] for _ in range(self.ceiling + 1)]
        else:
            loose = self.small_hand()
        surplus: list[list[int]] = [[] for _ in loose]
        profile: list[list[int]] = [[] for _ in loose]
        surplus_bound, profile_bound, open_group = self.surplus_bound, self.profile_bound, self.open
        for level in range(len(loose) - 1, -1, -1):
            if self.worst is not None and level < -self.worst[0]:
                break
            if parts is not None:
                for rare in parts[level]:
                    self.open_part(rare, loose)
            for g in loose[level]:
                bound = surplus_bound(g)
                if bound < level:
                    if bound >= 0:
                        surplus[bound].append(g)
                    continue
                bound = profile_bound(g)
                if bound < level:
                    profile[bound].append(g)
                    continue
                open_group(g, level)
            for g in surplus[level]:
                bound = profile_bound(g)
                if bound < level:
                    profile[bound].append(g)
                    continue
                open_group(g, level)
            for g in profile[level]:
                open_group(g, level)
        return [(key[3], -key[0], -key[1]) for key in self.best]

    def open(self, g: int, bound: int) -> None:
        """Score the words of group ``g`` (at most ``bound`` points) that can enter the K best."""
        index = self.index
        mask = index.masks[g]
        specials = [k for k, s in enumerate(self.specials) if not s.mask & ~mask]
        single_top = max(map(self.best_card.__getitem__, index.letters[g]))
        extras = self.extras
        extra = self.extra
        worst = self.worst
        if worst is not None:
            top_bound = max([single_top, *(self.specials[k].top for k in specials)])
            if (-bound, -top_bound, -index.max_lengths[g], "") >= worst:
                return
        base = sum(map(self.first.__getitem__, index.letters[g]))
        singles_only = not mask & ~self.singles_mask
        for word, pid in zip(index.words[g], index.group_profiles(g), strict=True):
            gain, relaxed = extras.get(pid) or extra(pid)
            if relaxed < 0:
                continue
            present = [k for k in specials if self.specials[k].face in word]
            if present:
                # A card of a QU or multi-letter group brings its points but takes at least
                # ``cost`` from the single cards (the occurrences it covers).
                bound = base + relaxed
                top_bound = single_top
                beaten = singles_only and gain >= 0
                for k in present:
                    special = self.specials[k]
                    cost = self.cost(k, pid)
                    if special.top >= cost:
                        beaten = False
                        bound += sum(points - cost for points in special.points if points > cost)
                        top_bound = max(top_bound, special.top)
                if not beaten:
                    worst = self.worst
                    if worst is not None and (-bound, -top_bound, -len(word), word) >= worst:
                        continue
                    value = self.speller.best_value(word)
                    if value is None:
                        continue
                    key = (-value[0], -value[1], -len(word), word)
                    if worst is None or key < worst:
                        self.push(key)
                    continue
                # Every card of ``present`` loses points: the single cards alone are best.
            elif not singles_only or gain < 0:
                continue
            key = (-(base + gain), -single_top, -len(word), word)
            worst = self.worst
            if worst is None or key < worst:
                self.push(key)


def _word_set(words: Iterable[str] | None) -> Lexicon | frozenset[str]:
    """A hashable key for the index cache: a lexicon itself (its hash is cached), else a set."""
    if words is None:
        from ludotheque.lexicon import common_words

        return common_words()
    if isinstance(words, frozenset):
        return words
    return lexicon_of(words) or frozenset(words)


@lru_cache(maxsize=4)
def _cached_index(words: Lexicon | frozenset[str]) -> WordIndex:
    return WordIndex.build(words)


def word_index(words: Iterable[str] | None = None) -> WordIndex:
    """The index of ``words`` (default: the common lexicon), built on first use and cached.

    Pass the same frozenset (or lexicon) again to get the cached index back at no cost.
    """
    return _cached_index(_word_set(words))


def best_words(
    cards: Iterable[Card],
    top: int = 1,
    words: Iterable[str] | None = None,
    *,
    index: WordIndex | None = None,
) -> list[WordPlay]:
    """The ``top`` best words ``cards`` can spell, best first; ``[]`` when none can be.

    ``words`` is the word list (uppercase A–Z), by default the common lexicon
    (:func:`ludotheque.lexicon.common_words`); its index is built on first use (about a second
    for the common lexicon) and cached, so pass the same frozenset or lexicon each time. Order:
    score, highest card, more letters, then alphabetical. Exact: the same as spelling every
    word of the list with :func:`~ludotheque.games.gutenberg.spelling.best_spelling`. Each
    card of ``cards`` is one physical card, even if two are equal. ``index``: an index built
    by the caller (:meth:`WordIndex.build`), searched instead of the cached index of
    ``words`` (the bot levels keep one per vocabulary).
    """
    if top < 1:
        return []
    speller = Speller(cards)
    plays = []
    searched = word_index(words) if index is None else index
    for word, points, _ in _Search(searched, speller, top).run():
        spelling = speller.best(word)
        assert spelling is not None
        plays.append(WordPlay(word, points, spelling))
    return plays
