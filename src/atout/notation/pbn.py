"""PBN (Portable Bridge Notation) import and export for bridge matches.

Reading leans on endplay's PBN decoder (``endplay.parsers.pbn``) for the file
structure: comments in braces and after ``;``, ``%`` lines, ``#`` repeats,
notes, ``AP``, tables. Its ``Board`` objects give the deal, dealer,
vulnerability, auction and contract. The raw ``Play`` and ``Result`` tags are
taken from the decoder before it folds them into a contract, because the play
table is converted here with our own engine, which knows who won each trick
and so which column plays next, and because an empty ``Result`` must stay
distinguishable from "0 tricks".

Each board becomes one deal of a :class:`~atout.core.Match` (``scoring`` is
duplicate unless every board's ``Scoring`` tag says rubber). The deal's
actions are the auction calls (synthesized from ``Contract``/``Declarer``
when a file has no ``Auction``), then the cards played, each named by the
seat whose hand it comes from; a play that stops early is closed by
``claim N`` from declarer, N taken from ``Result``, accepted by both
defenders. The whole deal replays through the rules, so an inconsistent
file is refused with the board and action that break.

>>> text = '''[Board "1"]
... [Dealer "N"]
... [Vulnerable "None"]
... [Deal "N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.876.876.7654 432.5432.5432.32"]
... [Declarer "N"]
... [Contract "7NT"]
... [Result "13"]
... [Auction "N"]
... 7NT AP
... '''
>>> match = match_from_pbn(text)
>>> match.current.state.result()["score"]
[1520, 0]
>>> match_from_pbn(match_to_pbn(match)).totals
(1520, 0)
"""

from __future__ import annotations

import io
import re
from dataclasses import replace
from typing import Any

from endplay.parsers.pbn import PBNDecoder
from endplay.types import Bid, Board, ContractBid, Denom, Penalty, PenaltyBid, Player, Vul

from atout.cards import RANKS, Card, card_name, mask_of, parse_card
from atout.core import ActionError, Match, PlayedDeal
from atout.games import get_game
from atout.games.bridge import SEAT_LETTERS, BridgeDeal, BridgeRules, BridgeState
from atout.games.bridge.auction import bid_of, call_name
from atout.games.bridge.scoring import board_dealer, board_vulnerability
from atout.notation.record import RecordError

__all__ = ["match_from_pbn", "match_to_pbn"]

_STRAIN_OF_DENOM = {
    Denom.clubs: 0,
    Denom.diamonds: 1,
    Denom.hearts: 2,
    Denom.spades: 3,
    Denom.nt: 4,
}
_VUL = {
    Vul.none: (False, False),
    Vul.ns: (True, False),
    Vul.ew: (False, True),
    Vul.both: (True, True),
}
_PENALTY_CALL = {Penalty.passed: "pass", Penalty.doubled: "X", Penalty.redoubled: "XX"}
_NOTE = re.compile(r"^=\d+=$")
_ANNOTATION = re.compile(r"[!?]+$|\$\d+$")


class _Decoder(PBNDecoder):
    """endplay's decoder, keeping each board's raw tags beside its ``Board``."""

    def __init__(self) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.raw: list[dict[str, Any]] = []

    def _tags_to_board(self) -> Board | None:
        board = super()._tags_to_board()
        if board is not None:
            tags: dict[str, Any] = {}
            for key, fields in self.curtags.items():
                if fields.get("value") == "#" and key in self.prevtags:
                    fields = self.prevtags[key]
                tags[key.lower()] = fields
            self.raw.append(tags)
        return board


def _parse_boards(text: str) -> list[tuple[Board, dict[str, Any]]]:
    decoder = _Decoder()
    try:
        boards = decoder.parse_file(io.StringIO(text))
    except (ValueError, RuntimeError, KeyError) as error:
        raise RecordError(f"not a PBN file endplay can read: {error}") from None
    return list(zip(boards, decoder.raw, strict=True))


def match_from_pbn(text: str) -> Match:
    """Read a PBN file into a bridge :class:`Match`, replaying every board through the rules."""
    pairs = _parse_boards(text)
    if not pairs:
        raise RecordError("no board in this PBN file")
    rubber = all("rubber" in _tag(raw, "scoring").lower() for _, raw in pairs)
    game = get_game("bridge")
    rules = game.parse_rules({"scoring": "rubber" if rubber else "duplicate"})
    match = Match(game, rules, players=_players(pairs[0][1]))
    for number, (board, raw) in enumerate(pairs):
        try:
            layout = _layout(board, rubber, match)
        except ValueError as error:
            raise RecordError(str(error), deal=number) from None
        match = _replay_board(match, number, layout, board, raw)
    return match


def _tag(raw: dict[str, Any], name: str) -> str:
    fields = raw.get(name)
    return "" if fields is None else str(fields.get("value", ""))


def _players(raw: dict[str, Any]) -> tuple[str, ...] | None:
    names = tuple(_tag(raw, seat) for seat in ("north", "east", "south", "west"))
    return names if all(n and n != "?" for n in names) else None


def _layout(board: Board, rubber: bool, match: Match) -> BridgeDeal:
    if board.deal is None or len(board.deal[Player.north]) != 13:
        raise ValueError("the board has no complete Deal tag")
    hands = tuple(
        tuple(c.suit.value * 13 + c.rank.value.bit_length() - 3 for c in board.deal[player])
        for player in (Player.north, Player.east, Player.south, Player.west)
    )
    if mask_of(c for h in hands for c in h).bit_count() != 52:
        raise ValueError("the four hands must hold 52 different cards")
    number = board.board_num
    if number is not None and number < 1:
        raise ValueError(f"board must be a number >= 1, not {number}")
    if rubber:
        expected = match.next_dealer()
        dealer = int(board.dealer) if board.dealer is not None else (expected or 0)
        return BridgeDeal(dealer, hands)
    if number is None:
        dealer = int(board.dealer) if board.dealer is not None else 0
        vul = _VUL[board.vul] if board.vul is not None else (False, False)
        return BridgeDeal(dealer, hands, None, vul)
    dealer = board_dealer(number) if board.dealer is None else int(board.dealer)
    vul = board_vulnerability(number) if board.vul is None else _VUL[board.vul]
    if dealer == board_dealer(number) and vul == board_vulnerability(number):
        return BridgeDeal(dealer, hands, number)
    return BridgeDeal(dealer, hands, None, vul)


def _replay_board(
    match: Match, number: int, layout: BridgeDeal, board: Board, raw: dict[str, Any]
) -> Match:
    """Start the board (whatever dealt before it) and replay its auction, play and claim."""
    if match.is_over():
        raise RecordError("the rubber was already over before this board", deal=number)
    tally = match.tally
    try:
        state = match.game.start(match.rules, layout, tally)
    except ValueError as error:
        raise RecordError(str(error), deal=number) from None
    match = replace(match, deals=(*match.deals, PlayedDeal(layout, tally, state)))
    index = 0

    def act(seat: int, action: str) -> None:
        nonlocal match, index
        try:
            match = match.apply(action, seat)
        except ActionError as error:
            raise RecordError(
                f"board {board.board_num}: {error}",
                deal=number,
                index=index,
                action=action,
                seat=seat,
            ) from None
        index += 1

    try:
        calls = _auction(_bridge_state(match), board, raw)
        first, rows = _play_rows(raw)
    except RecordError as error:
        raise RecordError(error.reason, deal=number) from None
    for call in calls:
        act(_bridge_state(match).auction.turn, call)
    state = _bridge_state(match)
    if state.phase != "play":
        return match
    leader = (state.declarer or 0) + 1
    if rows and first != leader % 4:
        # The Play tag names the opening leader, who is declarer's LHO (Law 41): another
        # seat there means the columns, and so every card's seat, are wrong.
        raise RecordError(
            f"board {board.board_num}: the Play tag names {SEAT_LETTERS[first]} as opening "
            f"leader, but declarer's left-hand opponent is {SEAT_LETTERS[leader % 4]}",
            deal=number,
        )
    for row in rows:
        state = _bridge_state(match)
        if state.phase != "play" or state.turn is None:
            break
        readings = _readings(first, state.turn, row)
        played = _first_legal(match, readings)
        if played is None:
            for seat, card in readings[0]:
                act(seat, card)  # raises, naming the card that does not fit
            break
        match, index = played, index + len(readings[0])
        if len(readings[0]) < 4:
            break
    state = _bridge_state(match)
    result = _tag(raw, "result").strip()
    if state.phase == "play" and result.isdigit() and state.declarer is not None:
        claim = int(result) - (state.declarer_tricks() or 0)
        act(state.declarer, f"claim {claim}")
        act((state.declarer + 1) % 4, "accept")
        act((state.declarer + 3) % 4, "accept")
    return match


def _first_legal(match: Match, readings: list[list[tuple[int, str]]]) -> Match | None:
    """The match after the first reading of a trick that the rules accept, if any."""
    for reading in readings:
        if len(reading) != len(readings[0]):
            continue
        trial = match
        try:
            for seat, card in reading:
                trial = trial.apply(card, seat)
        except ActionError:
            continue
        return trial
    return None


def _all_pass(raw: dict[str, Any]) -> bool:
    fields = raw.get("auction") or {}
    return any(token.upper() == "AP" for row in fields.get("data", []) for token in row)


def _bridge_state(match: Match) -> BridgeState:
    state = match.state
    assert isinstance(state, BridgeState)
    return state


def _auction(state: BridgeState, board: Board, raw: dict[str, Any]) -> list[str]:
    """The calls to replay: the Auction tag, read so that it agrees with Contract and Declarer.

    A file may lose calls (example4.pbn drops the dealer's opening pass, so
    every call lands on the wrong seat and North, not East, becomes declarer).
    When the auction as written does not give the tagged contract, the same
    calls after one to three passes are tried; the first that agrees with the
    tags is replayed. An auction made from the tags alone is used only when
    the file has no Auction. A written auction that no reading makes agree
    with the tags is refused rather than replaced: an illegal call is replayed
    so that the error names it, and a legal auction that gives another
    contract or declarer than the tags is a :class:`RecordError` (inventing an
    auction would silently change who declares).
    """
    written = [_call(bid) for bid in board.auction]
    all_pass = _all_pass(raw)
    target = _tagged_contract(board, raw)
    if not written:
        return _synthesized(board, state.deal.dealer)
    if target is None:
        return _run_calls(state, written, all_pass)[0]
    legal: BridgeState | None = None
    for complete in (all_pass, True):  # then as if closed by AP: a file may stop at the bid
        for k in range(4):
            padded, final = _run_calls(state, ["pass"] * k + written, complete)
            if final is not None and (final.contract_name, final.declarer) == target:
                return padded
            if legal is None and final is not None and final.phase != "auction":
                legal = final
    if legal is None:
        return _run_calls(state, written, all_pass)[0]  # replaying it names the bad call
    contract, declarer = target
    said = "passed out" if contract is None else f"{contract} by {SEAT_LETTERS[declarer or 0]}"
    got = (
        "passed out"
        if legal.declarer is None
        else f"{legal.contract_name} by {SEAT_LETTERS[legal.declarer]}"
    )
    raise RecordError(
        f"board {board.board_num}: the Auction gives {got}, the Contract and Declarer tags {said}"
    )


def _run_calls(
    state: BridgeState, calls: list[str], all_pass: bool
) -> tuple[list[str], BridgeState | None]:
    """The calls (an ``AP`` completed with passes) and the state they lead to, if legal."""
    calls = list(calls)
    try:
        for call in calls:
            state = state.apply(call)
        while all_pass and state.phase == "auction":
            state = state.apply("pass")
            calls.append("pass")
    except ActionError:
        return calls, None
    return calls, state


def _bid_name(level: int, denom: Denom) -> str:
    """A bid's name; a level outside 1..7 (``8NT``, ``0S``) is a :class:`RecordError`."""
    if not 1 <= level <= 7:
        raise RecordError(f"not a bid: level {level} (bids go from 1 to 7)")
    return call_name(bid_of(level, _STRAIN_OF_DENOM[denom]))


def _call(bid: Bid) -> str:
    if isinstance(bid, ContractBid):
        return _bid_name(bid.level, bid.denom)
    assert isinstance(bid, PenaltyBid)
    return _PENALTY_CALL[bid.penalty]


def _tagged_contract(board: Board, raw: dict[str, Any]) -> tuple[str | None, int | None] | None:
    """``(contract, declarer)`` as the Contract and Declarer tags give them, if they do."""
    contract = board.contract
    if contract is None or not _tag(raw, "contract").strip():
        return None
    if contract.is_passout():
        return (None, None)
    if not _tag(raw, "declarer").strip():
        return None
    name = _bid_name(contract.level, contract.denom)
    name += {Penalty.passed: "", Penalty.doubled: "X", Penalty.redoubled: "XX"}[contract.penalty]
    return (name, int(contract.declarer))


def _synthesized(board: Board, dealer: int) -> list[str]:
    """An auction giving the tagged contract: passes round to declarer, the bid, X/XX."""
    contract = board.contract
    if contract is None:
        return []
    if contract.is_passout():
        return ["pass"] * 4
    declarer = int(contract.declarer)
    calls = ["pass"] * ((declarer - dealer) % 4)
    calls.append(_bid_name(contract.level, contract.denom))
    if contract.penalty in (Penalty.doubled, Penalty.redoubled):
        calls.append("X")
        if contract.penalty == Penalty.redoubled:
            calls.append("XX")
    return [*calls, "pass", "pass", "pass"]


def _play_rows(raw: dict[str, Any]) -> tuple[int, list[list[str | None]]]:
    """The Play table: the opening leader's seat and one row per trick (``None`` = no card)."""
    fields = raw.get("play")
    if not fields or not fields.get("data"):
        return 0, []
    value = str(fields["value"]).strip().upper()
    if len(value) != 1 or value not in SEAT_LETTERS:
        raise RecordError(f"the Play tag must name the opening leader N, E, S or W, not {value!r}")
    first = SEAT_LETTERS.index(value)
    rows: list[list[str | None]] = []
    for tokens in fields["data"]:
        row: list[str | None] = []
        for token in tokens:
            if _NOTE.match(token):
                continue
            row.append(None if token in ("*", "-", "+", "--") else _pbn_card(token))
        if any(row):
            rows.append((row + [None] * 4)[:4])
    return first, rows


def _readings(first: int, leader: int, row: list[str | None]) -> list[list[tuple[int, str]]]:
    """A trick's cards in the order played, read two ways.

    The standard reading: columns are seats from the opening leader, so the
    trick starts in the column of its own leader. Some files (example4.pbn's
    third trick) write a row in the order played instead; that reading is the
    fallback when the first one is not a legal trick.
    """
    by_column = {(first + i) % 4: card for i, card in enumerate(row)}
    readings = []
    for by_seat in (by_column, {(leader + i) % 4: card for i, card in enumerate(row)}):
        order: list[tuple[int, str]] = []
        for k in range(4):
            seat = (leader + k) % 4
            name = by_seat.get(seat)
            if name is None:
                break
            order.append((seat, name))
        readings.append(order)
    return readings


# Export.


def match_to_pbn(match: Match) -> str:
    """Write a bridge match as PBN: one game per deal, with auction, play and result."""
    if not isinstance(match.rules, BridgeRules):
        raise ValueError(f"PBN is for bridge, not {match.game.id}")
    rubber = not match.rules.duplicate
    out = ["% PBN 2.1", "% EXPORT", ""]
    for number, deal in enumerate(match.deals):
        out.extend(_board_lines(match, number, deal, rubber))
        out.append("")
    return "\n".join(out)


def _board_lines(match: Match, number: int, deal: PlayedDeal, rubber: bool) -> list[str]:
    state = deal.state
    assert isinstance(state, BridgeState)
    layout = deal.layout
    assert isinstance(layout, BridgeDeal)
    players = match.players or ("?", "?", "?", "?")
    vul = state.vulnerable
    lines = [
        '[Event "?"]',
        '[Site "?"]',
        '[Date "?"]',
        f'[Board "{state.board if state.board is not None else number + 1}"]',
        f'[West "{players[3]}"]',
        f'[North "{players[0]}"]',
        f'[East "{players[1]}"]',
        f'[South "{players[2]}"]',
        f'[Dealer "{SEAT_LETTERS[layout.dealer]}"]',
        f'[Vulnerable "{("None", "EW", "NS", "All")[vul[0] * 2 + vul[1]]}"]',
        f'[Deal "N:{" ".join(_pbn_hand(h) for h in layout.hands)}"]',
        f'[Scoring "{"Rubber" if rubber else "?"}"]',
    ]
    declarer = state.declarer
    over = state.is_over()
    if state.is_passed_out():
        lines += ['[Declarer ""]', '[Contract "Pass"]', '[Result ""]']
    elif declarer is not None:
        tricks = state.declarer_tricks() if over else None
        lines += [
            f'[Declarer "{SEAT_LETTERS[declarer]}"]',
            f'[Contract "{state.contract_name}"]',
            f'[Result "{"" if tricks is None else tricks}"]',
        ]
    else:
        lines += ['[Declarer "?"]', '[Contract "?"]', '[Result "?"]']
    calls = [a for _, a in deal.actions[: len(state.auction.calls)]]
    if calls:
        lines.append(f'[Auction "{SEAT_LETTERS[layout.dealer]}"]')
        words = [_pbn_call(c) for c in calls]
        lines += [" ".join(words[i : i + 4]) for i in range(0, len(words), 4)]
        if not state.auction.is_over():
            lines.append("*")
    if declarer is not None:
        lines += _play_lines(state, deal, len(calls), declarer)
    if over:
        ns, ew = state.points()
        lines.append(f'[Score "NS {ns - ew}"]' if not rubber else f'[Score "NS {ns} EW {ew}"]')
    return lines


def _play_lines(state: BridgeState, deal: PlayedDeal, skip: int, declarer: int) -> list[str]:
    first = (declarer + 1) % 4
    cards = [(s, a) for s, a in deal.actions[skip:] if a.upper() in _CARD_WORDS]
    if not cards:
        return []
    lines = [f'[Play "{SEAT_LETTERS[first]}"]']
    for start in range(0, len(cards), 4):
        row = ["-"] * 4
        for seat, card in cards[start : start + 4]:
            name = card_name(parse_card(card))
            row[(seat - first) % 4] = name[1] + name[0]
        lines.append(" ".join(row))
    if len(cards) < 52:
        lines.append("*")
    return lines


_CARD_WORDS = frozenset(card_name(c) for c in range(52))


def _pbn_card(token: str) -> str:
    """A PBN card (suit first: ``DQ``, ``HT``, ``S10``) in our notation (``QD``)."""
    text = _ANNOTATION.sub("", token).upper()
    try:
        return card_name(parse_card(text[1:] + text[:1]))
    except ValueError:
        raise RecordError(f"not a PBN card: {token!r}") from None


def _pbn_hand(cards: tuple[Card, ...]) -> str:
    mask = mask_of(cards)
    suits = []
    for suit in range(4):
        ranks = [RANKS[r] for r in range(12, -1, -1) if mask >> (suit * 13 + r) & 1]
        suits.append("".join(ranks))
    return ".".join(suits)


def _pbn_call(call: str) -> str:
    return "Pass" if call == "pass" else call
