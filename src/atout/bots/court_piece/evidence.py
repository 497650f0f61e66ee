"""Evidence from the other players' choices: how believable a sampled Court Piece world is.

Two kinds are read: the opponents' plays (:class:`PlayEvidence`) and the
trump call (:class:`CallEvidence`).

Uniform worlds ignore what the opponents' choices say. A player who leads
the king of a suit rarely holds its ace; a player who ducks a trick he could
win cheaply rarely holds the cheap winner. Rule play makes this precise: in
a world, each earlier play of an opponent is replayed from the hand he held
then (his sampled hand plus the cards he has played since) and compared with
what sensible rule play would have chosen there (the greedy player's card
or the by-the-book card of :mod:`atout.bots.book`). A play that
neither would make costs the world a factor :data:`SURPRISE`; a forced play
says nothing. The weight is a likelihood, not a filter: a player who plays
otherwise only makes the inference softer.

That reads the two rule players as one, which is all there is to go on
without a reading of the opponent. With one (Hard's :mod:`.opponents`, and
:data:`atout.bots.court_piece.hard.READ_EVIDENCE`) they are told apart: an
opponent who reads as a rule player has each play weigh
``(g * [greedy plays it] + b * [the book plays it]) / (g + b)``, at least
:data:`SURPRISE`, ``g`` and ``b`` his posterior's greedy and medium mass
(:func:`rule_factor`). Why: the two differ on most leads (greedy names
only 44% of Medium's, and 83-99% of his later cards), so against an
opponent read as Medium a play only greedy would make says his hand is not
the one that made it, yet read as one rule such worlds stayed as believable
as the right ones. (Measured, it changed nothing: 221 of 300 matches
against Medium with it and without, so Hard's default keeps the rules as one.)
One read as a panel player or as anyone has his plays weighed by his whole
mixture of styles (:class:`StyledEvidence`), the rule players' parts apart
too.

The Hard bot's worlds come in proportion to this weight (a chain of card
swaps, :class:`atout.bots.sampling.SwapChain`), so the search goes to
believable worlds. That is thousands of weights a decision, so both replays
run in the tree search's C kernel where it is built (``rule_misses``: the
greedy rule of :func:`atout.bots.court_piece.greedy.choose_card` and the book
of :func:`atout.bots.book.choose_card`, card for card, tests hold them to it).
The book's check was done in Python for the plays greedy did not explain,
most of the cost of a decision's worlds: in C the same worlds (the same
weights, bit for bit) cost 4.5-8 times less CPU in positions against Medium
(``docs/figures.md``). Told apart, one kernel call (``rule_split``) gives
each rule's misses as a bit mask, and only the plays some rule misses cost a
multiplication by a factor worked out once per decision: drawing a
decision's worlds costs 13% more CPU than with the rules read as one (200
critical decisions of Medium pairs' matches, ``docs/figures.md``). Each path
has a Python reference giving the same floats (tests).

>>> view = {"seat": 0, "trump": "S", "trick": {"leader": 1, "cards": ["KH"]}, "tricks": []}
>>> evidence = PlayEvidence.from_view(view)
>>> from atout.cards import parse_card as p
>>> holds_ace = [0, 1 << p("AH") | 1 << p("2H"), 0, 0]
>>> no_ace = [0, 1 << p("QH") | 1 << p("2H"), 0, 0]
>>> evidence.weight(holds_ace), evidence.weight(no_ace)  # the greedy leader leads his top heart
(0.05, 1.0)
"""

from __future__ import annotations

from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import combinations
from math import comb
from typing import Any

from atout.bots.book import choose_card as book_card
from atout.bots.court_piece.greedy import choose_card as greedy_card
from atout.bots.court_piece.greedy import suit_strength as greedy_strength
from atout.bots.court_piece.medium import suit_strength as medium_strength
from atout.bots.court_piece.policies import play_options, policy_card
from atout.bots.court_piece.tree import kernel
from atout.bots.levels import typed
from atout.cards import SUIT_MASKS, Card, CardSet, cards_of, mask_of
from atout.games.court_piece_view import CourtPieceView
from atout.tricks import legal_follow

__all__ = [
    "CALL_FLOOR",
    "CALL_RULES",
    "STYLED_BELOW",
    "SURPRISE",
    "CallEvidence",
    "PlayEvidence",
    "StyledEvidence",
    "call_likelihood",
    "rule_call_likelihood",
    "rule_call_likelihood_python",
    "rule_factor",
]

SURPRISE = 0.05
"""The factor a world loses for each opponent play that no rule play explains.

Sharp, because the chain of worlds can follow sharp evidence: on 419
critical decisions Hard gave away 11.3% of won deals at 0.05 and 11.7% at
0.01, against 13.3% at 0.2 (``docs/figures.md``). Not sharper than that: a
player who is neither greedy nor by the book should only soften the
inference, not pin every world on the few that happen to explain him."""


@dataclass(frozen=True, slots=True)
class _Play:
    seat: int
    leader: int
    before: tuple[Card, ...]
    card: Card
    since: CardSet
    """The cards this seat played from this play on (this one included)."""
    played: CardSet
    voids: tuple[set[int], ...]


@dataclass(frozen=True, slots=True)
class PlayEvidence:
    """The opponents' plays seen by one seat, ready to score worlds against."""

    plays: tuple[_Play, ...]
    trump: int
    packed: bytes = field(default=b"", repr=False, compare=False)
    """The plays as the kernel's ``rule_misses`` reads them (9 int64 fields each: seat, the
    cards played from then on, the cards before it on the table and their count, the card,
    and what the book reads: the cards gone before it and the voids shown, 4 bits a seat)."""

    @classmethod
    def from_view(cls, view: CourtPieceView | Mapping[str, Any]) -> PlayEvidence:
        """The opponents' plays in the tricks the view shows (none under the courts rules)."""
        seen = typed(view, CourtPieceView)
        assert seen.seat is not None and seen.trump is not None
        side = seen.seat % 2
        tricks = [(leader, list(cards)) for leader, cards, _ in seen.tricks or ()]
        if seen.trick:
            tricks.append((seen.trick_leader, list(seen.trick)))
        order = [
            ((leader + i) % 4, leader, tuple(cards[:i]), card)
            for leader, cards in tricks
            for i, card in enumerate(cards)
        ]
        plays: list[_Play] = []
        played = 0
        voids: list[set[int]] = [set() for _ in range(4)]
        for k, (seat, leader, before, card) in enumerate(order):
            if seat % 2 != side:
                since = mask_of(c for s, _, _, c in order[k:] if s == seat)
                seen_voids = tuple(set(v) for v in voids)
                plays.append(_Play(seat, leader, before, card, since, played, seen_voids))
            played |= 1 << card
            if before and card // 13 != before[0] // 13:
                voids[seat].add(before[0] // 13)
        fields = array("q")
        for play in plays:
            table = [*play.before, -1, -1, -1][:3]
            shown = sum(1 << 4 * s + suit for s, suits in enumerate(play.voids) for suit in suits)
            fields.extend([play.seat, play.since, len(play.before), *table, play.card])
            fields.extend([play.played, shown])
        return cls(tuple(plays), int(seen.trump), fields.tobytes())

    def weight(self, hands: Sequence[CardSet]) -> float:
        """The likelihood of the opponents' plays in a world (1.0: all explained)."""
        native = kernel()
        if native is None or len(self.plays) > 64:
            return self.weight_python(hands)
        misses = native.rule_misses(array("Q", hands).tobytes(), self.packed, self.trump)
        weight = 1.0
        for _ in range(misses.bit_count()):
            weight *= SURPRISE  # one factor at a time, as the reference: the same float
        return weight

    def explained(self, play: _Play, hands: Sequence[CardSet]) -> bool:
        """Whether greedy or the book plays ``play``'s card from its hand in this world
        (a forced play is explained)."""
        held = hands[play.seat] | play.since
        legal = legal_follow(held, play.before[0] // 13) if play.before else held
        cards = list(cards_of(legal))
        if len(cards) <= 1 or greedy_card(cards, play.before, self.trump) == play.card:
            return True
        return self._by_the_book(play, hands)

    def weight_python(self, hands: Sequence[CardSet]) -> float:
        """:meth:`weight` without the kernel (the reference: the same value, a test)."""
        weight = 1.0
        for play in self.plays:
            held = hands[play.seat] | play.since
            legal = legal_follow(held, play.before[0] // 13) if play.before else held
            cards = list(cards_of(legal))
            if len(cards) <= 1:
                continue
            if greedy_card(cards, play.before, self.trump) == play.card:
                continue
            if not self._by_the_book(play, hands):
                weight *= SURPRISE
        return weight

    def split(self, hands: Sequence[CardSet]) -> tuple[int, int]:
        """Which plays each rule misses in a world: (greedy's, the book's), bit ``k`` set when
        play ``k`` is not forced and that rule's card is not the one played."""
        native = kernel()
        if native is None or len(self.plays) > 64:
            return self.split_python(hands)
        greedy, book = native.rule_split(array("Q", hands).tobytes(), self.packed, self.trump)
        return int(greedy), int(book)

    def split_python(self, hands: Sequence[CardSet]) -> tuple[int, int]:
        """:meth:`split` without the kernel (the reference: the same masks, a test)."""
        greedy = book = 0
        for k, play in enumerate(self.plays):
            _, legal = play_options(play, hands)
            if len(legal) <= 1:
                continue
            if greedy_card(legal, play.before, self.trump) != play.card:
                greedy |= 1 << k
            if not self._by_the_book(play, hands):
                book |= 1 << k
        return greedy, book

    def _by_the_book(self, play: _Play, hands: Sequence[CardSet]) -> bool:
        """Whether the by-the-book card (:mod:`atout.bots.book`) is the card played."""
        held = hands[play.seat] | play.since
        legal = legal_follow(held, play.before[0] // 13) if play.before else held
        book = book_card(
            hand=held,
            legal=list(cards_of(legal)),
            trick=play.before,
            seat=play.seat,
            leader=play.leader,
            trump=self.trump,
            played=play.played,
            voids=play.voids,
        )
        return book == play.card


STYLED_BELOW = 0.5
"""An opponent whose posterior puts less than this on the rule players (greedy, book) has
his plays weighed by the whole mixture (:class:`StyledEvidence`); above it, by the rule
play alone (:class:`PlayEvidence`)."""


def rule_factor(posterior: Mapping[str, float], greedy: bool, book: bool) -> float:
    """What a play weighs for an opponent read as a rule player, greedy's and the book's
    cards told apart: ``(g * [greedy plays it] + b * [the book plays it]) / (g + b)``, ``g``
    and ``b`` his posterior's greedy and medium mass, at least :data:`SURPRISE`.

    >>> medium = {"greedy": 0.05, "medium": 0.9}
    >>> round(rule_factor(medium, True, False), 3), round(rule_factor(medium, False, True), 3)
    (0.053, 0.947)
    """
    g, b = posterior["greedy"], posterior["medium"]
    return max(SURPRISE, (g * greedy + b * book) / (g + b))


@dataclass(slots=True)
class StyledEvidence:
    """The opponents' plays weighed by what each opponent has shown he is.

    ``posteriors[seat]`` is the mixture of :mod:`.opponents` for
    the seats that read as panel players or as anyone (rule mass under
    :data:`STYLED_BELOW`): a play of theirs weighs ``sum(p[s] * [s plays it])``
    over the rule-playing components, at least :data:`SURPRISE`.

    ``rules`` (Hard's :data:`~atout.bots.court_piece.hard.READ_EVIDENCE`) holds the
    posteriors of the seats that read as rule players, and then greedy and the book are
    told apart: such a seat's play weighs :func:`rule_factor` (``g * [greedy plays it] +
    b * [the book plays it]`` over ``g + b``), and a styled seat's rule components are
    ``g * [greedy] + b * [book]``. Without ``rules`` the rule players count as one (a
    play either makes is explained, ``(g + b) * [either]``) and the seats not in
    ``posteriors`` are read exactly as :class:`PlayEvidence` reads them.
    """

    evidence: PlayEvidence
    posteriors: Mapping[int, Mapping[str, float]]
    rules: Mapping[int, Mapping[str, float]] | None = None
    cache: dict[tuple[int, CardSet], float] = field(default_factory=dict, repr=False)
    _styled_plays: int = field(init=False, repr=False)
    """The plays (bit ``k``: play ``k``) of the seats in ``posteriors``."""
    _factors: tuple[tuple[float, float], ...] = field(init=False, repr=False)
    """Play ``k``'s weight when only greedy's card is his and when only the book's is
    (:func:`rule_factor`; 1.0 both for a seat in neither ``posteriors`` nor ``rules``)."""

    def __post_init__(self) -> None:
        rules = self.rules or {}
        self._styled_plays = sum(
            1 << k for k, play in enumerate(self.evidence.plays) if play.seat in self.posteriors
        )
        self._factors = tuple(
            (rule_factor(rules[play.seat], True, False), rule_factor(rules[play.seat], False, True))
            if play.seat in rules
            else (1.0, 1.0)
            for play in self.evidence.plays
        )

    def weight(self, hands: Sequence[CardSet]) -> float:
        """The likelihood of the opponents' plays in a world."""
        if self.rules is not None:
            return self._weight_apart(hands)
        evidence = self.evidence
        native = kernel()
        if native is None or len(evidence.plays) > 64:
            misses = None  # every play checked in Python
        else:
            misses = native.rule_misses(
                array("Q", hands).tobytes(), evidence.packed, evidence.trump
            )
        weight = 1.0
        for k, play in enumerate(evidence.plays):
            rule = evidence.explained(play, hands) if misses is None else not misses >> k & 1
            posterior = self.posteriors.get(play.seat)
            if posterior is None:
                if not rule:
                    weight *= SURPRISE
                continue
            weight *= self._cached(k, hands, posterior, rule, rule)
        return weight

    def _weight_apart(self, hands: Sequence[CardSet]) -> float:
        """:meth:`weight` with greedy and the book told apart: one replay of both rules (the
        kernel's ``rule_split``), then a factor for each play that is not explained by both
        (in play order, as :meth:`weight_python` multiplies them: the same float)."""
        greedy, book = self.evidence.split(hands)
        styled = self._styled_plays
        todo = (greedy | book) & ~styled | styled
        factors = self._factors
        weight = 1.0
        while todo:
            bit = todo & -todo
            todo ^= bit
            k = bit.bit_length() - 1
            if styled & bit:
                play = self.evidence.plays[k]
                posterior = self.posteriors[play.seat]
                weight *= self._cached(k, hands, posterior, not greedy & bit, not book & bit)
            elif not greedy & bit:
                weight *= factors[k][0]  # greedy's card, not the book's
            elif not book & bit:
                weight *= factors[k][1]  # the book's card, not greedy's
            else:
                weight *= SURPRISE
        return weight

    def weight_python(self, hands: Sequence[CardSet]) -> float:
        """:meth:`weight` play by play in Python, no kernel and no cache (the reference: the
        same value, a test)."""
        greedy_misses, book_misses = self.evidence.split_python(hands)
        weight = 1.0
        for k, play in enumerate(self.evidence.plays):
            # A forced play is in neither mask: explained by both, it weighs 1.
            greedy, book = not greedy_misses >> k & 1, not book_misses >> k & 1
            if self.rules is None:
                greedy = book = greedy or book
            posterior = self.posteriors.get(play.seat)
            if posterior is not None:
                weight *= self._styled(play, hands, posterior, greedy, book)
            elif self.rules is not None and play.seat in self.rules:
                weight *= rule_factor(self.rules[play.seat], greedy, book)
            elif not (greedy or book):
                weight *= SURPRISE
        return weight

    def _cached(
        self,
        k: int,
        hands: Sequence[CardSet],
        posterior: Mapping[str, float],
        greedy: bool,
        book: bool,
    ) -> float:
        """:meth:`_styled` for play ``k``, kept by the hand its seat holds in the world."""
        play = self.evidence.plays[k]
        key = (k, hands[play.seat])
        factor = self.cache.get(key)
        if factor is None:
            factor = self._styled(play, hands, posterior, greedy, book)
            self.cache[key] = factor
        return factor

    def _styled(
        self,
        play: _Play,
        hands: Sequence[CardSet],
        posterior: Mapping[str, float],
        greedy: bool,
        book: bool,
    ) -> float:
        """The play's likelihood under the mixture (``greedy``, ``book``: that rule makes it;
        both the same when the rule players count as one)."""
        held, legal = play_options(play, hands)
        if len(legal) <= 1:
            return 1.0
        trump = self.evidence.trump
        total = 0.0
        for policy, p in posterior.items():
            if policy == "greedy":
                total += p * greedy
            elif policy == "medium":
                total += p * book
            elif policy != "uniform":
                total += p * (policy_card(policy, play, trump, held, legal) == play.card)
        return max(SURPRISE, total)


CALL_FLOOR = 0.02
"""The least weight a world keeps for the call: a caller may name a suit for other reasons."""


@cache
def call_likelihood(named: int, others: tuple[int, ...]) -> float:
    """How often a suit of ``named`` cards is the longest in five cards drawn from the hand.

    ``others`` are the lengths of the hand's other three suits. The caller
    sees his first five cards only, and those are five cards of his thirteen
    drawn at random; naming the longest suit among them (the greedy player's
    rule, and most players') names this suit with this probability, ties
    shared evenly. The lengths alone decide it, so a table of a few hundred
    entries serves every world.

    >>> round(call_likelihood(6, (3, 2, 2)), 3), round(call_likelihood(2, (5, 4, 2)), 3)
    (0.681, 0.074)
    """
    lengths = (named, *others)
    total = comb(sum(lengths), 5)
    if total == 0:
        return 0.0
    ways = 0.0
    for a in range(min(5, named) + 1):
        for b in range(min(5 - a, lengths[1]) + 1):
            for c in range(min(5 - a - b, lengths[2]) + 1):
                d = 5 - a - b - c
                if d > lengths[3]:
                    continue
                counts = (a, b, c, d)
                if a < max(counts):
                    continue
                n = comb(named, a) * comb(lengths[1], b) * comb(lengths[2], c) * comb(lengths[3], d)
                ways += n / counts.count(a)
    return ways / total


CALL_RULES: Mapping[str, str] = {
    "greedy": "greedy",
    "aggressive": "greedy",
    "medium": "medium",
    "cautious": "medium",
    "uniform": "uniform",
}
"""How each policy of the reading names trump from its first five: greedy's rule (longest,
then cards of ten and up, then ranks; the aggressive panel player too), Medium's (length and
honours, an ace-king worth half a card; the cautious player too), or any suit (``uniform``)."""


_RULE_KEYS: Mapping[str, Callable[[Sequence[int]], tuple[float, ...]]] = {
    "greedy": greedy_strength,
    "medium": medium_strength,
}
"""Each call rule's key of one suit's ranks among the first five: the bots' own."""


@lru_cache(maxsize=1024)
def _suit_keys(ranks: int, rule: str) -> tuple[tuple[tuple[float, ...], ...], ...]:
    """The rule's key of every subset of a suit's ranks (a 13-bit mask), by size 0..5, sorted
    (a few kilobytes a suit: the cache holds the suits a decision's chain meets, not all)."""
    held = [r for r in range(13) if ranks >> r & 1]
    key = _RULE_KEYS[rule]
    return tuple(tuple(sorted(key(chosen) for chosen in combinations(held, m))) for m in range(6))


_CALL_RULE_CODES = {"greedy": 0, "medium": 1}
"""Each call rule's code in the kernel's ``call_likelihood``."""


def rule_call_likelihood(deal: CardSet, trump: int, rule: str) -> float:
    """How often ``rule``'s call names ``trump`` from any five of ``deal``: the kernel's answer
    where it is built (about 2 microseconds a 13-card deal, a hundred times faster),
    :func:`rule_call_likelihood_python` otherwise (the same floats, a test)."""
    native = kernel()
    if native is None:
        return rule_call_likelihood_python(deal, trump, rule)
    return float(native.call_likelihood(deal, trump, _CALL_RULE_CODES[rule]))


@lru_cache(maxsize=1 << 16)
def rule_call_likelihood_python(deal: CardSet, trump: int, rule: str) -> float:
    """How often ``rule``'s call (greedy's or Medium's ``name_trump``: the best key among the
    suits of the first five, the first suit on a tie) names ``trump`` when the first five are
    any five of the caller's ``deal``.

    Why not count the 1,287 fives: a world's weight is asked hundreds of times a decision. The
    suit named beats every other suit's key, so for each subset of the named suit the other
    suits' subsets that lose to it are counted by size (a sorted list and a bisection) and
    combined to five cards; 0.2 ms a new deal in Python, cached (bounded: a server plays for
    days), 2 microseconds in the kernel (the same sums in C).
    Medium names an ace-king doubleton over a small suit of three, greedy does not:

    >>> from atout.cards import parse_card as p
    >>> ak = sum(1 << p(c) for c in ("AH", "KH", "2S", "3S", "4S", "5S", "2C", "3C", "4C",
    ...                              "5C", "2D", "3D", "4D"))
    >>> [round(rule_call_likelihood(ak, 1, rule), 3) for rule in ("medium", "greedy")]
    [0.128, 0.121]
    """
    keys = [_suit_keys(deal >> 13 * s & 0x1FFF, rule) for s in range(4)]
    others = [s for s in range(4) if s != trump]
    ways = 0
    for k in range(1, 6):
        for key in keys[trump][k]:
            counts = [1]  # ways to choose so many cards of the other suits, none beating key
            for s in others:
                below = [
                    (bisect_right if s > trump else bisect_left)(keys[s][m], key)
                    for m in range(6 - k)
                ]
                counts = [
                    sum(counts[j] * below[i - j] for j in range(min(i + 1, len(counts))))
                    for i in range(6 - k)
                ]
            ways += counts[5 - k]
    total = comb(deal.bit_count(), 5)
    return ways / total if total else 0.0


@dataclass(frozen=True, slots=True)
class CallEvidence:
    """An opponent's trump call, read as evidence of the caller's hand.

    A caller who names the longest suit of his first five cards holds 4.2
    trumps of his thirteen on average, where the two-trump floor the worlds
    are drawn with gives 3.5 (``docs/figures.md``). A
    world weighs :func:`call_likelihood` for the caller's whole deal (his
    hand in the world and the cards he has played), at least
    :data:`CALL_FLOOR`.

    Read as a mixture of call rules (:meth:`read_as`, what Hard does with its
    reading of the caller), a world weighs each rule's exact chance of naming
    the suit (:func:`rule_call_likelihood`): the rules break ties of length by
    honours, and Medium names an ace-king doubleton over three small cards, so
    the call also says where the honours are.
    """

    caller: int
    trump: int
    played: CardSet
    """The cards the caller has played in this deal."""
    rules: tuple[tuple[str, float], ...] = ()
    """The caller read as a mixture of call rules (:data:`CALL_RULES`' values, with their
    shares); empty: lengths alone (:func:`call_likelihood`)."""

    def read_as(self, posterior: Mapping[str, float]) -> CallEvidence:
        """This call weighed by the rules ``posterior`` (a reading of the caller over
        :data:`POLICIES`) says he names trump by."""
        shares: dict[str, float] = {}
        for policy, p in posterior.items():
            rule = CALL_RULES[policy]
            shares[rule] = shares.get(rule, 0.0) + p
        return CallEvidence(self.caller, self.trump, self.played, tuple(sorted(shares.items())))

    @classmethod
    def from_view(
        cls, view: CourtPieceView | Mapping[str, Any], *, partner: bool = False
    ) -> CallEvidence | None:
        """The call's evidence, or ``None`` where there is none to read.

        None when our side called, unless ``partner`` and the partner called
        (the viewer knows his own hand; Hard reads a partner's call only when
        :data:`atout.bots.court_piece.hard.PARTNER_CALL` asks, to a power).
        None too when the caller's played cards are not all known (the courts
        rules keep old tricks face down: after the first trick his deal can
        no longer be put together).
        """
        seen = typed(view, CourtPieceView)
        seat, caller, trump = seen.seat, seen.caller, seen.trump
        assert seat is not None
        ours = caller % 2 == seat % 2
        if not 0 <= caller < 4 or caller == seat or (ours and not partner) or trump is None:
            return None
        shown = seen.tricks
        if shown is None and any(seen.tricks_won):
            return None
        tricks = [(leader, cards) for leader, cards, _ in shown or ()]
        tricks.append((seen.trick_leader, seen.trick))
        played = mask_of(
            card
            for leader, cards in tricks
            for i, card in enumerate(cards)
            if (leader + i) % 4 == caller
        )
        return cls(caller, int(trump), played)

    def weight(self, hands: Sequence[CardSet]) -> float:
        """The likelihood of the call in a world (at least :data:`CALL_FLOOR`)."""
        deal = hands[self.caller] | self.played
        if self.rules:
            total = 0.0
            for rule, share in self.rules:
                named = 0.25 if rule == "uniform" else rule_call_likelihood(deal, self.trump, rule)
                total += share * named
            return max(CALL_FLOOR, total)
        named = (deal & SUIT_MASKS[self.trump]).bit_count()
        others = sorted((deal & SUIT_MASKS[s]).bit_count() for s in range(4) if s != self.trump)
        return max(CALL_FLOOR, call_likelihood(named, tuple(others)))
