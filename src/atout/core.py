"""The protocol every game implements, the errors, and the generic match.

A game is a :class:`Game` object: it validates options into a frozen ``Rules``
value, deals (a :class:`Layout`), starts a deal's immutable :class:`State`,
and settles a finished deal into the running :class:`Settlement`. A
:class:`Match` drives any game from deal to deal to its end and is what the
terminal, the server, the simulator and the record replayer share.

Actions are strings in the notation of ``DESIGN.md`` ("TH", "trump S",
"pass", "claim 3"): they are what records store, the wire carries and people
type, so no second encoding can drift from the first.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, runtime_checkable

from atout.cards import Card, card_name, parse_card

__all__ = [
    "ActionError",
    "Game",
    "IllegalActionError",
    "InvalidActionError",
    "Layout",
    "Match",
    "PlayedDeal",
    "Rules",
    "Seen",
    "Settlement",
    "State",
    "Trick",
    "read_action",
]

JSON = dict[str, Any]
CompletedTrick = tuple[int, tuple[Card, ...], int]
"""A finished trick as the engines keep it: ``(leader, cards in the order played, winner)``."""


class ActionError(ValueError):
    """An action was refused; the state is unchanged. Base of the two kinds below."""


class IllegalActionError(ActionError):
    """A well-formed action that the rules do not allow now ("must follow hearts: you hold 8♥")."""


class InvalidActionError(ActionError):
    """Text that is not an action of this game at all ("not a card: '1H'")."""


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, the cards in the order played, who won."""

    leader: int
    cards: tuple[str, ...]
    winner: int

    def to_json(self) -> JSON:
        """The ``atout replay --json`` form."""
        return {"leader": self.leader, "cards": list(self.cards), "winner": self.winner}


@runtime_checkable
class Layout(Protocol):
    """A deal as dealt: the dealer, the hands and any extra packets (kitty, stock)."""

    @property
    def dealer(self) -> int: ...

    @property
    def fixes_dealer(self) -> bool:
        """Whether the deal names its own dealer whatever the rotation says (a numbered
        duplicate board in bridge, Law 2); ``False`` in games that always rotate."""
        ...

    def to_json(self) -> JSON:
        """The record form of the deal (``dealer``, ``hands`` and extras; no ``actions``)."""
        ...


class Rules(Protocol):
    """A game's options, validated: a frozen value the game's other methods take.

    Only what the generic :class:`Match` reads is named here; everything else
    is the game's own business (each game's methods take its own ``Rules`` type).
    """

    @property
    def session_end(self) -> tuple[str, int] | None:
        """How a session ends when the rules say so: ``("deals", n)`` or ``("minutes", n)``;
        ``None`` in games that end on points."""
        ...


class State(Protocol):
    """One deal in progress. Immutable: ``apply`` returns a new state."""

    @property
    def turn(self) -> int | None:
        """The seat to act, or ``None`` when the deal is over."""
        ...

    @property
    def actor(self) -> int | None:
        """The seat whose player decides now: ``turn``, except where the rules give the
        choice to another seat (in bridge, declarer chooses dummy's cards)."""
        ...

    @property
    def completed_tricks(self) -> tuple[CompletedTrick, ...]:
        """The finished tricks, in order (the tuple grows by one entry when a trick closes)."""
        ...

    def out_of_turn_actions(self, seat: int | None) -> Sequence[str]:
        """What ``seat`` may do besides acting in turn (Court Piece's ``honour_mode``:
        ``correct C``, ``claim revoke``); empty in games without such actions."""
        ...

    def legal_actions(self) -> Sequence[str]:
        """The actions the seat to act may take, in the game's canonical order.

        A tuple, or a sequence equal to one whose actions are written when read
        (Five Hundred's 286 discards of the kitty)."""
        ...

    def apply(self, action: str, seat: int | None = None) -> State:
        """The state after ``seat`` (default: the seat to act) takes ``action``.

        Raises :class:`IllegalActionError` or :class:`InvalidActionError`.
        """
        ...

    def is_over(self) -> bool:
        """Whether the deal has ended."""
        ...

    def typed_view(self, seat: int | None) -> TypedView:
        """What ``seat`` may know, typed (``None``: a spectator's public view): the game's
        frozen view, cards as card sets (what bots and the environments read)."""
        ...

    def view(self, seat: int | None) -> JSON:
        """What ``seat`` may know, JSON-ready: ``typed_view(seat).to_json()``."""
        ...

    def tricks(self) -> list[Trick]:
        """The completed tricks of the deal, in order."""
        ...

    def result(self) -> JSON:
        """A game-specific summary of the deal (tricks per side, contract, courts...)."""
        ...


class TypedView(Protocol):
    """A game's typed view of a deal (``<game>_view.py``): what every one has."""

    @property
    def seat(self) -> int | None: ...

    @property
    def legal(self) -> Sequence[str]: ...

    def to_json(self) -> JSON:
        """The JSON form (``State.view``): for the edges, the wire, records, the terminal."""
        ...


class Seen(Mapping[str, Any]):
    """What one seat may know, as a bot is handed it: the deal's typed view and the score sheet.

    ``view`` is the game's typed view (:meth:`State.typed_view`), ``sheet`` the
    public score sheet (``Match.view(seat)["match"]``). Read as a mapping it is
    the JSON view of :meth:`Match.view` (``seen["legal"]``, ``seen["match"]``),
    written from the typed view the first time it is read: bots that read
    typed fields never build it, a bot written against the JSON view reads it
    as before. ``json`` gives an existing JSON form instead (a JSON view
    handed to a bot, read once into typed fields by the bots' ``as_seen``).
    """

    __slots__ = ("_json", "sheet", "view")

    def __init__(self, view: Any, sheet: JSON, json: Mapping[str, Any] | None = None) -> None:
        self.view = view
        self.sheet = sheet
        self._json = json

    def json(self) -> Mapping[str, Any]:
        """The JSON view (``Match.view``), written once; share it, do not change it."""
        json = self._json
        if json is None:
            made = self.view.to_json()
            made["match"] = self.sheet
            json = self._json = made
        return json

    def __getitem__(self, key: str) -> Any:
        return self.json()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.json())

    def __len__(self) -> int:
        return len(self.json())

    def __repr__(self) -> str:
        return f"Seen({self.view!r})"


@dataclass(frozen=True, slots=True)
class Settlement:
    """What a finished deal did to the game."""

    points: tuple[int, ...]
    """What each side scored in this deal (negative where the rules say so)."""
    tally: Any
    """The game's running score after the deal (game-specific, immutable)."""
    next_dealer: int
    """Who deals next."""
    winner: int | None = None
    """The side that won the game with this deal, if it ended it with a winner."""
    over: bool = False
    """Whether the game has ended (with a winner, or a draw when ``winner`` is None)."""


class Game(Protocol):
    """A game: options, dealing, starting a deal and scoring it.

    The identity members are read-only properties, so that the games'
    frozen dataclass objects satisfy the protocol (a plain ``id: str`` member
    would demand a settable attribute).
    """

    @property
    def id(self) -> str: ...

    @property
    def title(self) -> str: ...

    @property
    def players(self) -> int: ...

    @property
    def sides(self) -> int: ...

    @property
    def home_seat(self) -> int:
        """Where a person sits unless he chooses (South in bridge, else seat 0)."""
        ...

    @property
    def option_specs(self) -> tuple[Any, ...]:
        """The options, declared once (:class:`atout.games.options.Option`)."""
        ...

    def parse_rules(self, options: Mapping[str, Any]) -> Any:
        """Validate options into the game's frozen ``Rules`` (``ValueError`` on a bad one)."""
        ...

    def rules_to_json(self, rules: Any) -> JSON:
        """The options that differ from the defaults."""
        ...

    def new_tally(self, rules: Any) -> Any:
        """The running score of a game that has not begun."""
        ...

    def first_dealer(self, rules: Any, rng: random.Random, *, host: int | None = None) -> int:
        """Who deals first when the record does not say (``host``: the seat of the
        person who set up the table, where a game's rules seat the first deal by him)."""
        ...

    def deal(self, rules: Any, dealer: int, rng: random.Random) -> Layout:
        """Shuffle and deal."""
        ...

    def layout_from_json(self, rules: Any, data: Mapping[str, Any]) -> Layout:
        """Read a record's deal (``ValueError`` naming what is wrong)."""
        ...

    def start(self, rules: Any, layout: Layout, tally: Any) -> State:
        """The first state of a deal."""
        ...

    def settle(self, rules: Any, tally: Any, state: State, *, time_up: bool = False) -> Settlement:
        """Score a finished deal (``time_up``: a timed session was called during it)."""
        ...

    def tally_view(self, rules: Any, tally: Any) -> JSON:
        """The score sheet, JSON-ready (public)."""
        ...


def read_action(
    text: str, legal: Sequence[str], also: Sequence[str] = (), *, abbreviated: bool = False
) -> str:
    """The action ``text`` names among those offered, in its canonical form.

    ``legal`` are the actions of the seat's turn, ``also`` those it may take out of
    turn. Case and spacing do not matter and a card may be written any way
    :func:`~atout.cards.parse_card` reads it (``th``, ``10h``, ``10♥``), so records
    and the wire carry one spelling whoever typed the action. With ``abbreviated``
    (a person at a keyboard) a unique last word stands for a turn's action
    (``h`` for ``trump H``). Text that names nothing offered comes back as it is:
    the engine then says what is wrong with it, in the words the rules use.

    >>> read_action("th", ("9H", "TH")), read_action(" 10h ", ("TH",))
    ('TH', 'TH')
    >>> read_action("correct 10h", ("2S",), ("correct TH",))
    'correct TH'
    >>> read_action("h", ("trump S", "trump H"), abbreviated=True), read_action("h", ("trump H",))
    ('trump H', 'h')
    >>> read_action("1H", ("2H",))
    '1H'
    """
    if text in legal or text in also:
        return text
    wanted = _fold(text)
    if not wanted:
        return text
    for action in (*legal, *also):
        if action.upper() == wanted:
            return action
    if abbreviated:
        endings = [a for a in legal if a.upper().endswith(" " + wanted)]
        if len(endings) == 1:
            return endings[0]
    return text


def _fold(text: str) -> str:
    """``text`` upper-cased, one space between words, each card word in canonical form."""
    words = []
    for word in text.split():
        try:
            words.append(card_name(parse_card(word)))
        except ValueError:
            words.append(word.upper())
    return " ".join(words)


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """One deal of a match: as dealt, the actions taken, where it stands."""

    layout: Layout
    tally_before: Any
    state: State
    actions: tuple[tuple[int, str], ...] = ()
    settlement: Settlement | None = None


@dataclass(frozen=True, slots=True)
class Match:
    """A whole game to its end: deals, running score, dealer rotation. Immutable.

    >>> from atout.games import get_game
    >>> m = Match.new(get_game("court-piece"), {"target": 3}, random.Random(1))
    >>> m.turn == m.current.layout.dealer + 1 - 4 * (m.current.layout.dealer == 3)
    True
    """

    game: Game
    rules: Rules
    deals: tuple[PlayedDeal, ...] = ()
    players: tuple[str, ...] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Game-level record fields beyond the deals (e.g. when a timed session was called)."""
    closed: CompletedTrick | None = field(default=None, compare=False, repr=False)
    """The engine's form of :attr:`closed_trick` (card names are only looked up when read)."""

    # Construction.

    @classmethod
    def new(
        cls,
        game: Game,
        options: Mapping[str, Any] | None = None,
        rng: random.Random | None = None,
        *,
        dealer: int | None = None,
        host: int | None = None,
        players: Sequence[str] | None = None,
    ) -> Match:
        """A new game with its first deal dealt (by ``dealer`` if given, else as the game
        says, ``host`` being the seat of the person who set up the table, if any)."""
        rng = rng or random.Random()
        rules = game.parse_rules(options or {})
        match = cls(game, rules, players=tuple(players) if players else None)
        first = game.first_dealer(rules, rng, host=host) if dealer is None else dealer
        return match.start_deal(game.deal(rules, first, rng))

    def start_deal(self, layout: Layout) -> Match:
        """Begin the next deal with ``layout`` (the previous one must be over)."""
        if self.is_over():
            raise IllegalActionError("the game is over: no more deals")
        if self.deals and self.deals[-1].settlement is None:
            raise IllegalActionError("the current deal is not over")
        expected = self.next_dealer()
        if expected is not None and layout.dealer != expected and not layout.fixes_dealer:
            raise IllegalActionError(f"seat {expected} deals next, not seat {layout.dealer}")
        tally = self.tally
        state = self.game.start(self.rules, layout, tally)
        deals = (*self.deals, PlayedDeal(layout, tally, state))
        return replace(self, deals=deals, closed=None)

    def deal_next(self, rng: random.Random) -> Match:
        """Shuffle and deal the next deal."""
        dealer = self.next_dealer()
        assert dealer is not None
        return self.start_deal(self.game.deal(self.rules, dealer, rng))

    # Where the game stands.

    @property
    def current(self) -> PlayedDeal:
        """The latest deal (finished or not)."""
        return self.deals[-1]

    @property
    def state(self) -> State:
        """The latest deal's state."""
        return self.deals[-1].state

    @property
    def tally(self) -> Any:
        """The running score after every finished deal."""
        for deal in reversed(self.deals):
            if deal.settlement is not None:
                return deal.settlement.tally
        return self.game.new_tally(self.rules)

    @property
    def totals(self) -> tuple[int, ...]:
        """Points per side over the whole game, as ``atout replay`` reports them."""
        sums = [0] * self.game.sides
        for deal in self.deals:
            if deal.settlement is not None:
                for i, p in enumerate(deal.settlement.points):
                    sums[i] += p
        return tuple(sums)

    @property
    def turn(self) -> int | None:
        """The seat to act in the current deal, or ``None``."""
        return self.deals[-1].state.turn if self.deals else None

    @property
    def closed_trick(self) -> Trick | None:
        """The trick that the action which made this match closed, if it closed one (what a
        table shows for a moment before the next lead)."""
        if self.closed is None:
            return None
        leader, cards, winner = self.closed
        return Trick(leader, tuple([card_name(c) for c in cards]), winner)

    @property
    def actor(self) -> int | None:
        """The seat whose player decides now: ``turn``, except where a game says otherwise
        (in bridge, declarer chooses dummy's cards). The one answer to "whose move is it"."""
        return self.deals[-1].state.actor if self.deals else None

    def deciders(self, deal: int = -1) -> tuple[int, ...]:
        """Who decided each action of deal ``deal`` (by default the current one), in order.

        The record names the seat an action was for; where another seat chose it
        (in bridge declarer plays dummy's cards, recorded under dummy's seat) the
        decider is that other seat. Undo asks this: a seat takes back only what it
        decided, never a card played from its hand by someone else; the review
        judges a seat's decisions (:func:`atout.declaring.deciders` adds who
        played a bot declarer's contract).
        """
        played = self.deals[deal]
        state = self.game.start(self.rules, played.layout, played.tally_before)
        out: list[int] = []
        for seat, action in played.actions:
            actor = state.actor
            in_turn = seat == state.turn and actor is not None
            out.append(actor if in_turn and actor is not None else seat)
            state = state.apply(action) if in_turn else state.apply(action, seat)
        return tuple(out)

    def legal_actions(self) -> Sequence[str]:
        """The current deal's legal actions (the actor's)."""
        return self.deals[-1].state.legal_actions() if self.deals else ()

    def out_of_turn(self, seat: int) -> tuple[str, ...]:
        """What ``seat`` may do now besides acting in turn (a renege corrected, a revoke
        claimed in Court Piece's ``honour_mode``; a finished deal may still take them)."""
        return tuple(self.deals[-1].state.out_of_turn_actions(seat)) if self.deals else ()

    def read(self, text: str, seat: int | None = None, *, abbreviated: bool = False) -> str:
        """The action ``text`` names for ``seat`` (default: the actor), canonical.

        The one reading of typed or received text (:func:`read_action`) over
        the actions offered to ``seat``: the actor's legal actions if it is the
        actor, and its out-of-turn actions.
        """
        if not self.deals:
            return text
        state = self.deals[-1].state
        legal = state.legal_actions() if seat is None or seat == state.actor else ()
        also = state.out_of_turn_actions(seat) if seat is not None else ()
        return read_action(text, legal, also, abbreviated=abbreviated)

    def needs_deal(self) -> bool:
        """Whether the last deal is over and the game goes on."""
        return not self.deals or (self.deals[-1].settlement is not None and not self.is_over())

    def last_settlement(self) -> Settlement | None:
        """The settlement of the latest finished deal."""
        for deal in reversed(self.deals):
            if deal.settlement is not None:
                return deal.settlement
        return None

    def is_over(self) -> bool:
        """Whether the game has ended."""
        last = self.last_settlement()
        return bool(last and last.over)

    @property
    def winner(self) -> int | None:
        """The winning side, once the game is over (``None`` for a draw or while playing)."""
        last = self.last_settlement()
        return last.winner if last and last.over else None

    def next_dealer(self) -> int | None:
        """Who deals the next deal (``None`` before the first)."""
        last = self.last_settlement()
        return last.next_dealer if last else None

    # Acting.

    def apply(self, action: str, seat: int | None = None) -> Match:
        """Take an action in the current deal; a finished deal is settled at once.

        A finished deal may still accept actions where the rules allow it
        (a revoke claim in Court Piece's ``honour_mode``): it is then settled again.
        """
        if not self.deals:
            raise IllegalActionError("no deal in progress")
        deal = self.deals[-1]
        before = deal.state
        # Records keep canonical actions ("th" is written "TH"), and name the seat to act also
        # when another decides for it: in bridge declarer chooses dummy's card and the record
        # names dummy's seat; anything else declarer does (a claim) stays declarer's.
        legal = before.legal_actions()
        if action not in legal:
            also = before.out_of_turn_actions(seat) if seat is not None else ()
            action = read_action(action, legal, also)
        state = before.apply(action, seat)
        for_turn = seat is None or (seat == before.actor and action in legal)
        actor = before.turn if for_turn else seat
        assert actor is not None
        settlement = None
        if state.is_over():  # tested here: a call less on the actions that end nothing
            settlement = self._settle(len(self.deals) - 1, deal.tally_before, state)
        # Engines share the finished tricks' tuple between states until one closes.
        done, done_before = state.completed_tricks, before.completed_tricks
        closed = done[-1] if done is not done_before and len(done) > len(done_before) else None
        # Plain constructors, not dataclasses.replace: this runs on every action of every
        # game the server, the simulator and the environments play.
        played = PlayedDeal(
            deal.layout, deal.tally_before, state, deal.actions + ((actor, action),), settlement
        )
        deals = self.deals[:-1] + (played,)
        return Match(self.game, self.rules, deals, self.players, self.extra, closed)

    @property
    def minutes_limit(self) -> int | None:
        """The length of a timed session in minutes, when the rules fix one (else ``None``).

        Rules are pure, so they never read a clock: whoever drives the match
        (the terminal, the server) times the session and calls :meth:`call_time`.
        """
        end = self.rules.session_end
        return end[1] if end is not None and end[0] == "minutes" else None

    def call_time(self) -> Match:
        """A timed session's time is up: the game ends when the current deal does."""
        if self.is_over() or "time_up_in_deal" in self.extra:
            return self
        index = len(self.deals) - 1
        match = replace(self, extra={**self.extra, "time_up_in_deal": index}, closed=None)
        deal = match.deals[-1]
        if deal.settlement is None:
            return match
        settlement = match._settle(index, deal.tally_before, deal.state)
        return replace(match, deals=(*match.deals[:-1], replace(deal, settlement=settlement)))

    def _settle(self, index: int, tally: Any, state: State) -> Settlement | None:
        if not state.is_over():
            return None
        called = self.extra.get("time_up_in_deal")
        time_up = called is not None and index >= int(called)
        return self.game.settle(self.rules, tally, state, time_up=time_up)

    def view(self, seat: int | None) -> JSON:
        """The current deal's view for ``seat`` plus the public score sheet: the JSON form
        of :meth:`seen` (the wire, records, the terminal, bots that take JSON).

        ``view["match"]`` holds the game's score sheet, the totals and the
        ``history`` of finished deals (each deal's public result and points).
        """
        view = dict(self.deals[-1].state.view(seat))
        view["match"] = self.sheet()
        return view

    def seen(self, seat: int | None) -> Seen:
        """What ``seat`` may know now, as bots are handed it: the current deal's typed view
        and the score sheet (its mapping face is :meth:`view`)."""
        return Seen(self.deals[-1].state.typed_view(seat), self.sheet())

    def sheet(self) -> JSON:
        """The public score sheet (``view["match"]``): the game's tally, the deal number,
        the totals and the ``history`` of finished deals (each one's result and points)."""
        return {
            **self.game.tally_view(self.rules, self.tally),
            "deal_number": len(self.deals),
            "history": [
                {"result": d.state.result(), "points": list(d.settlement.points)}
                for d in self.deals
                if d.settlement is not None
            ],
            "totals": list(self.totals),
            "over": self.is_over(),
            "winner": self.winner,
        }
