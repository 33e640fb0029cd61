"""An exact double-dummy solver: with every hand seen, how many tricks can each side take?

A shared game module (like :mod:`pure_engine.games.tricks`, which it builds on):
the ``bridge_play`` game, its bots and the ``pure-engine solve bridge-dd``
command call it.  Answers are exact — every value is proved by a complete
search, never estimated.

The search (in the style of DDS, without its C):

* **relative ranks** — inside the search a card is its rank among the cards
  still in play in its suit (the 2 of a suit whose lower cards are gone plays
  like the lowest card), so positions that differ only in which small cards
  have gone are one position;
* **equivalent cards** — of touching cards in one hand (nothing still in play
  between them) only one is searched;
* **null-window searches** — "can North-South take at least *t* of the
  remaining tricks?", a boolean AND/OR search, repeated on *t* by bisection;
* **a transposition table** keyed on the canonical position at each trick
  boundary (the four hands in relative ranks, and who leads), holding a lower
  and an upper bound on North-South's tricks, shared by every search of the
  same deal and strain;
* **quick tricks** — the side on lead cashes its top winners (cut short where
  an opponent could ruff): a sure lower bound that often ends a search early;
* **move ordering** — the best lead found before, cheap winners first,
  second hand low, third hand high, fourth hand just enough.

Results are for the side **to play** (the leader's side at a trick boundary),
like DDS's ``SolveBoard``.

>>> from pure_engine.games.pbn import parse_pbn
>>> from pure_engine.games.tricks import Seat, Strain
>>> hands = parse_pbn("N:AK... QJ... T9... 87...")   # N-S hold the top spades
>>> nt = Strain.NO_TRUMP
>>> solve(hands, nt, Seat.NORTH).tricks, solve(hands, nt, Seat.EAST).tricks
(2, 0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pure_engine.core.struct import Struct
from pure_engine.games.playing_cards import suit_first_str
from pure_engine.games.tricks import SUIT_MASKS, Seat, Strain, cards_of

__all__ = [
    "DDResult",
    "DDTable",
    "Position",
    "dd_table",
    "score_cards",
    "solve",
    "solve_position",
]

_SUIT = SUIT_MASKS
_BOTTOM = 1 | 1 << 13 | 1 << 26 | 1 << 39
_FULL = (1 << 52) - 1
# compressing out relative position p: keep the bits below it, shift those above down by one
_KEEP = tuple(_FULL & ~(((1 << (13 * (p // 13) + 13)) - 1) & ~((1 << p) - 1)) for p in range(52))
_ABOVE = tuple(((1 << (13 * (p // 13) + 13)) - 1) & ~((1 << (p + 1)) - 1) for p in range(52))


class DDResult(Struct):
    """A solved position: the tricks the side to play takes from here on (the current
    trick included), and how many search nodes it took."""

    tricks: int
    nodes: int


class Position(Struct):
    """A position to solve: four hands (bit sets by seat), who led the current trick,
    the cards on the table (lead first), and the strain."""

    hands: tuple[int, int, int, int]
    leader: int
    strain: Strain
    trick: tuple[int, ...] = ()


def _ace_high_index(card: int) -> int:
    """0 for the 2 .. 12 for the ace: the card's place in its suit, lowest first."""
    return (card % 13 - 1) % 13


class _Relative(Struct):
    """The root position in relative ranks, and the way back to real cards."""

    hands: tuple[int, int, int, int]
    trick: tuple[int, ...]
    cards: tuple[int, ...]  # relative position -> real card (-1 where no card)


def _to_relative(hands: Sequence[int], trick: Sequence[int]) -> _Relative:
    present = 0
    for hand in hands:
        present |= hand
    for card in trick:
        present |= 1 << card
    to_rel: dict[int, int] = {}
    back = [-1] * 52
    for suit_ in range(4):
        held = list(cards_of(present & _SUIT[suit_]))
        held.sort(key=_ace_high_index)
        for index, card in enumerate(held):
            to_rel[card] = 13 * suit_ + index
            back[13 * suit_ + index] = card
    rel = [0, 0, 0, 0]
    for seat, hand in enumerate(hands):
        for card in cards_of(hand):
            rel[seat] |= 1 << to_rel[card]
    return _Relative((rel[0], rel[1], rel[2], rel[3]), tuple(to_rel[c] for c in trick), tuple(back))


class _Search:
    """One strain's search, with its transposition table (local to one solve or table)."""

    __slots__ = ("best", "ge", "nodes_box", "play", "tt")

    def __init__(self, trump: int | None) -> None:
        tt: dict[tuple[int, int, int, int, int], tuple[int, int]] = {}
        best: dict[tuple[int, int, int, int, int], int] = {}
        nodes = [0]
        trump_mask = _SUIT[trump] if trump is not None else 0
        suit_masks = _SUIT
        keep, above = _KEEP, _ABOVE

        def quick_tricks(h: tuple[int, int, int, int], leader: int) -> int:
            """Top winners the side on lead can cash at once (a sure lower bound)."""
            mine = h[leader]
            lho, rho = h[(leader + 1) & 3], h[(leader + 3) & 3]
            everyone = h[0] | h[1] | h[2] | h[3]
            total = 0
            for suit_ in range(4):
                mask = suit_masks[suit_]
                own = mine & mask
                if not own:
                    continue
                rest = everyone & mask
                wins = 0
                while rest:
                    top = 1 << (rest.bit_length() - 1)
                    if not top & own:
                        break
                    wins += 1
                    rest ^= top
                if not wins:
                    continue
                lho_len = (lho & mask).bit_count()
                rho_len = (rho & mask).bit_count()
                if wins >= lho_len and wins >= rho_len:
                    wins = own.bit_count()  # the small cards are winners too
                if trump_mask and mask != trump_mask:
                    if lho & trump_mask and lho_len < wins:
                        wins = lho_len
                    if rho & trump_mask and rho_len < wins:
                        wins = rho_len
                total += wins
            return total

        def last_trick(h: tuple[int, int, int, int], leader: int) -> int:
            """1 when North-South win the last trick (every card is forced)."""
            win_seat = leader
            win = h[leader].bit_length() - 1
            for offset in (1, 2, 3):
                seat = (leader + offset) & 3
                card = h[seat].bit_length() - 1
                if card // 13 == win // 13:
                    if card > win:
                        win_seat, win = seat, card
                elif trump_mask >> card & 1:
                    win_seat, win = seat, card
            return 1 if win_seat & 1 == 0 else 0

        def ge(h: tuple[int, int, int, int], leader: int, target: int) -> bool:
            """Can North-South take at least *target* of the remaining tricks? (trick boundary)"""
            if target <= 0:
                return True
            n = h[leader].bit_count()
            if target > n:
                return False
            nodes[0] += 1
            if n == 1:
                return last_trick(h, leader) >= target
            key = (h[0], h[1], h[2], h[3], leader)
            entry = tt.get(key)
            if entry is None:
                low, high = 0, n
            else:
                low, high = entry
                if low >= target:
                    return True
                if high < target:
                    return False
            quick = quick_tricks(h, leader)
            if leader & 1 == 0:
                if quick > low:
                    low = quick
            elif n - quick < high:
                high = n - quick
            if low >= target or high < target:
                tt[key] = (low, high)
                return low >= target
            result = play(h, leader, (), target)
            if result:
                low = target
            else:
                high = target - 1
            tt[key] = (low, high)
            return result

        def play(
            h: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], target: int
        ) -> bool:
            """The same question inside a trick, *trick* already on the table."""
            played = len(trick)
            seat = (leader + played) & 3
            hand = h[seat]
            maximizing = seat & 1 == 0
            legal = (hand & suit_masks[trick[0] // 13] or hand) if played else hand
            if played == 3:
                candidates = _order_last(legal, trick, leader, seat, trump_mask)
            else:
                candidates = _order(h, legal, trick, leader, seat, trump_mask)
                if not played:
                    hint = best.get((h[0], h[1], h[2], h[3], leader))
                    if hint is not None and hint in candidates:
                        candidates.remove(hint)
                        candidates.insert(0, hint)
            for card in candidates:
                bit = 1 << card
                after = (
                    (h[0] ^ bit, h[1], h[2], h[3]),
                    (h[0], h[1] ^ bit, h[2], h[3]),
                    (h[0], h[1], h[2] ^ bit, h[3]),
                    (h[0], h[1], h[2], h[3] ^ bit),
                )[seat]
                if played == 3:
                    full = (*trick, card)
                    win = _winner(full, trump_mask)
                    winner = (leader + win) & 3
                    a, b, c, d = after
                    for pos in sorted(full, reverse=True):
                        k, u = keep[pos], above[pos]
                        a = (a & k) | ((a & u) >> 1)
                        b = (b & k) | ((b & u) >> 1)
                        c = (c & k) | ((c & u) >> 1)
                        d = (d & k) | ((d & u) >> 1)
                    result = ge((a, b, c, d), winner, target - (1 if winner & 1 == 0 else 0))
                else:
                    nodes[0] += 1
                    result = play(after, leader, (*trick, card), target)
                if result is maximizing:
                    if not played:
                        best[(h[0], h[1], h[2], h[3], leader)] = card
                    return result
            return not maximizing

        self.tt = tt
        self.best = best
        self.nodes_box = nodes
        self.ge = ge
        self.play = play

    def at_least(self, rel: _Relative, leader: int, target: int) -> bool:
        """North-South take at least *target* tricks from the relative position *rel*."""
        if rel.trick:
            return bool(self.play(rel.hands, leader, rel.trick, target))
        return bool(self.ge(rel.hands, leader, target))

    def ns_tricks(self, rel: _Relative, leader: int) -> int:
        """North-South's exact tricks from *rel* (bisection on null-window searches)."""
        total = max(h.bit_count() for h in rel.hands)
        low, high = 0, total
        while low < high:
            target = (low + high + 1) // 2
            if self.at_least(rel, leader, target):
                low = target
            else:
                high = target - 1
        return low


def _winner(trick: tuple[int, ...], trump_mask: int) -> int:
    """Which card of a full trick (relative positions, lead first) wins it."""
    best_index, best = 0, trick[0]
    for index in (1, 2, 3):
        card = trick[index]
        if card // 13 == best // 13:
            if card > best:
                best_index, best = index, card
        elif trump_mask >> card & 1:
            best_index, best = index, card
    return best_index


def _runs(legal: int) -> int:
    """The lowest card of each run of touching cards in *legal* (one card per class)."""
    return legal & ~((legal << 1) & ~_BOTTOM)


def _positions(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def _order_last(
    legal: int, trick: tuple[int, ...], leader: int, seat: int, trump_mask: int
) -> list[int]:
    """Fourth hand: if the partner holds the trick, low cards first; else the cheapest
    winner first, then low cards."""
    cards = _positions(_runs(legal))
    if len(cards) == 1:
        return cards
    win = _winner_so_far(trick, trump_mask)
    partner_holds = (leader + win) & 1 == seat & 1
    best = trick[win]
    beating = [c for c in cards if _beats(c, best, trump_mask)]
    losing = [c for c in cards if not _beats(c, best, trump_mask)]
    losing.sort(key=_rank_key)
    if partner_holds:
        return losing + beating
    return beating + losing


def _rank_key(card: int) -> int:
    return card % 13


def _winner_so_far(trick: tuple[int, ...], trump_mask: int) -> int:
    best_index, best = 0, trick[0]
    for index in range(1, len(trick)):
        card = trick[index]
        if card // 13 == best // 13:
            if card > best:
                best_index, best = index, card
        elif trump_mask >> card & 1:
            best_index, best = index, card
    return best_index


def _beats(card: int, best: int, trump_mask: int) -> bool:
    if card // 13 == best // 13:
        return card > best
    return bool(trump_mask >> card & 1)


def _order(
    h: tuple[int, int, int, int],
    legal: int,
    trick: tuple[int, ...],
    leader: int,
    seat: int,
    trump_mask: int,
) -> list[int]:
    """Candidate cards (one per class of equivalent cards), likeliest best first."""
    cards = _positions(_runs(legal))
    if len(cards) == 1:
        return cards
    if not trick:
        everyone = h[0] | h[1] | h[2] | h[3]
        partner = h[(seat + 2) & 3]
        lho, rho = h[(seat + 1) & 3], h[(seat + 3) & 3]
        scored = []
        for card in cards:
            mask = _SUIT[card // 13]
            top = 1 << ((everyone & mask).bit_length() - 1)
            ruffable = (
                trump_mask
                and mask != trump_mask
                and ((lho & trump_mask and not lho & mask) or (rho & trump_mask and not rho & mask))
            )
            if top == 1 << card and not ruffable:
                score = 40  # cash a winner
            elif top & partner and not ruffable:
                score = 30 - card % 13  # low card to partner's winner
            elif trump_mask and not partner & mask and partner & trump_mask and mask != trump_mask:
                score = 25 - card % 13  # partner ruffs
            else:
                score = 10 - card % 13 + (h[seat] & mask).bit_count()
            scored.append((-score, card))
        scored.sort()
        return [card for _, card in scored]
    win = _winner_so_far(trick, trump_mask)
    best = trick[win]
    partner_holds = (leader + win) & 1 == seat & 1
    beating = [c for c in cards if _beats(c, best, trump_mask)]
    losing = [c for c in cards if not _beats(c, best, trump_mask)]
    losing.sort(key=_rank_key)
    if partner_holds:
        return losing + beating
    if len(trick) == 1:  # second hand: low first, but try the cheapest winner early
        return beating[:1] + losing + beating[1:] if beating else losing
    return beating + losing


# ---------------------------------------------------------------- the API


def _check(hands: Sequence[int], leader: int, trick: Sequence[int]) -> None:
    """Refuse positions no deal can reach: one line saying what is wrong."""
    if len(hands) != 4:
        raise ValueError(f"double dummy: expected 4 hands, found {len(hands)}")
    if len(trick) > 3:
        raise ValueError(f"double dummy: expected at most 3 cards on the table, found {len(trick)}")
    seen = 0
    for card in trick:
        seen |= 1 << card
    for seat, hand in enumerate(hands):
        if hand & seen:
            card = (hand & seen & -(hand & seen)).bit_length() - 1
            raise ValueError(
                f"double dummy: card {suit_first_str(card)} is held twice (hand {'NESW'[seat]})"
            )
        seen |= hand
    # the players who have played to the trick hold one card fewer
    sizes = [hands[s].bit_count() + (1 if (s - leader) % 4 < len(trick) else 0) for s in range(4)]
    if len(set(sizes)) != 1:
        shown = ", ".join(f"{'NESW'[s]} {hands[s].bit_count()}" for s in range(4))
        raise ValueError(
            f"double dummy: hands of unequal size ({shown}, {len(trick)} on the table)"
        )


def solve_position(position: Position) -> DDResult:
    """The tricks the side to play takes from *position*, with perfect play by all four.

    >>> from pure_engine.games.pbn import parse_pbn
    >>> from pure_engine.games.playing_cards import parse_card_any_order as card
    >>> hands = parse_pbn("N:AK... QJ... T9... 87...")
    >>> north_led = (hands[0] & ~(1 << card("SA")), hands[1], hands[2], hands[3])
    >>> solve_position(Position(north_led, Seat.NORTH, Strain.NO_TRUMP, (card("SA"),))).tricks
    0
    """
    hands, trick = position.hands, position.trick
    _check(hands, position.leader, trick)
    rel = _to_relative(hands, trick)
    search = _Search(position.strain.trump)
    ns = search.ns_tricks(rel, position.leader)
    seat = (position.leader + len(trick)) % 4
    total = hands[seat].bit_count()  # the tricks left, the current one included
    mine = ns if seat % 2 == 0 else total - ns
    return DDResult(mine, search.nodes_box[0])


def solve(hands: Sequence[int], strain: Strain, leader: int) -> DDResult:
    """The tricks the side of *leader* takes when *leader* leads to the first trick.

    >>> from pure_engine.games.pbn import parse_pbn
    >>> deal = parse_pbn("N:AKQ... JT9... 876... 5.AK..")
    >>> solve(deal, Strain.NO_TRUMP, Seat.WEST).tricks, solve(deal, Strain.SPADES, Seat.WEST).tricks
    (2, 0)
    """
    _check(hands, int(leader), ())
    h = (hands[0], hands[1], hands[2], hands[3])
    return solve_position(Position(h, int(leader), strain))


def score_cards(position: Position) -> tuple[tuple[int, int], ...]:
    """Every card the side to play may play, with the tricks that side then takes (like
    DDS's ``SolveBoard`` with all cards scored), best first, then in card order.

    >>> from pure_engine.games.pbn import parse_pbn
    >>> from pure_engine.games.playing_cards import suit_first_str
    >>> hands = parse_pbn("N:AQ... 2.2.. K3... 4.3..")
    >>> scored = score_cards(Position(hands, Seat.EAST, Strain.NO_TRUMP))
    >>> [(suit_first_str(card), tricks) for card, tricks in scored]
    [('H2', 1), ('S2', 0)]
    """
    hands, trick = position.hands, position.trick
    _check(hands, position.leader, trick)
    rel = _to_relative(hands, trick)
    trump = position.strain.trump
    trump_mask = _SUIT[trump] if trump is not None else 0
    search = _Search(trump)
    seat = (position.leader + len(trick)) % 4
    hand = hands[seat]
    if trick:
        led = _SUIT[trick[0] // 13]
        legal = hand & led or hand
    else:
        legal = hand
    total = hands[seat].bit_count()  # the tricks left, the current one included
    rel_hand = rel.hands[seat]
    scored: list[tuple[int, int]] = []
    value_of: dict[int, int] = {}
    for card in cards_of(legal):
        rel_card = rel.cards.index(card)
        # the class of equivalent cards: the run of touching cards holding rel_card
        low = rel_card
        while low % 13 and rel_hand >> (low - 1) & 1:
            low -= 1
        if low not in value_of:
            bit = 1 << low
            after = tuple(h ^ bit if s == seat else h for s, h in enumerate(rel.hands))
            child = _Relative(
                (after[0], after[1], after[2], after[3]), (*rel.trick, low), rel.cards
            )
            ns = _child_ns(search, child, position.leader, trump_mask)
            value_of[low] = ns if seat % 2 == 0 else total - ns
        scored.append((card, value_of[low]))
    scored.sort(key=lambda pair: (-pair[1], pair[0]))
    return tuple(scored)


def _child_ns(search: _Search, child: _Relative, leader: int, trump_mask: int) -> int:
    """North-South's tricks after a card is added to the root trick (maybe completing it)."""
    if len(child.trick) < 4:
        return search.ns_tricks(child, leader)
    hands, winner = _finish_trick(child.hands, leader, child.trick, trump_mask)
    won = 1 if winner % 2 == 0 else 0
    return won + search.ns_tricks(_Relative(hands, (), child.cards), winner)


def _finish_trick(
    hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], trump_mask: int
) -> tuple[tuple[int, int, int, int], int]:
    """The hands with the four played cards compressed out, and the trick's winner."""
    winner = (leader + _winner(trick, trump_mask)) & 3
    a, b, c, d = hands
    for pos in sorted(trick, reverse=True):
        k, u = _KEEP[pos], _ABOVE[pos]
        a = (a & k) | ((a & u) >> 1)
        b = (b & k) | ((b & u) >> 1)
        c = (c & k) | ((c & u) >> 1)
        d = (d & k) | ((d & u) >> 1)
    return (a, b, c, d), winner


class DDTable(Struct):
    """Tricks for each declarer (N E S W) in each strain (C D H S NT), the leader being the
    declarer's left-hand opponent: ``tricks[strain][declarer]``, as DDS's ``CalcDDtable``."""

    tricks: tuple[tuple[int, int, int, int], ...]
    nodes: int

    def get(self, strain: Strain, declarer: Seat) -> int:
        """Declarer's tricks in *strain*."""
        return self.tricks[strain][declarer]


def dd_table(hands: Sequence[int], progress: Callable[[int], None] | None = None) -> DDTable:
    """The 20 double-dummy results of a deal (4 declarers x 5 strains).

    >>> from pure_engine.games.pbn import parse_pbn
    >>> table = dd_table(parse_pbn("N:AKQ... JT9... 876... 5.AK.."))
    >>> table.get(Strain.SPADES, Seat.NORTH), table.get(Strain.HEARTS, Seat.WEST)
    (3, 2)
    """
    _check(hands, 0, ())
    h = (hands[0], hands[1], hands[2], hands[3])
    rel = _to_relative(h, ())
    total = max(x.bit_count() for x in h)
    rows = []
    nodes = 0
    for strain in Strain:
        search = _Search(strain.trump)
        row = []
        for declarer in Seat:
            leader = (declarer + 1) % 4
            ns = search.ns_tricks(rel, leader)
            row.append(ns if declarer % 2 == 0 else total - ns)
            if progress is not None:
                progress(1)
        nodes += search.nodes_box[0]
        rows.append((row[0], row[1], row[2], row[3]))
    return DDTable(tuple(rows), nodes)
