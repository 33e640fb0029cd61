"""Bounds for the double-dummy search (:mod:`pure_engine.games.bridge.double_dummy.search`).

Each bound is a number of tricks one side is sure to take from a position at a
trick boundary, whatever the other side does, together with the cards whose rank
the bound relies on (relative positions, as in the search: ``13 * suit + place``,
higher place = higher card).  The search stores a bound in its table under the
position's shape and the owners of those cards and of every card above them, so a
bound must hold for every position that shares them (see each function's notes).
"""

from __future__ import annotations

from collections.abc import Sequence

from pure_engine.games.trick_taking.tricks import SUIT_MASKS

__all__ = [
    "defenders_trick",
    "last_trick",
    "later_tricks",
    "quick_tricks",
    "second_hand_tricks",
    "sure_trumps",
    "trump_honours",
    "trump_length",
]

_SUITS = SUIT_MASKS


def quick_tricks(
    h: Sequence[int], leader: int, trump_mask: int, need: int, keep: int = -1
) -> tuple[int, int, int]:
    """Tricks the side on lead takes in a row from the top, the cards that count
    relies on (the winner of each of those tricks), and how many of those tricks come
    before the line first plays a trump (it cashes trumps, ruffs, or the partner
    throws one): no hand's trumps change in them (the opponents play trumps only when
    trumps are led: the line leads a side suit only while those holding trumps
    follow).  With *keep* (a seat of the side on lead), a ruff or a thrown trump of
    the other hand does not end that count: only *keep*'s trumps and the opponents'
    are sure to stay.  It stops counting at *need*, and may answer ``(0, 0, 0)`` at
    once when it cannot reach *need*.

    The count plays one line out, a fixed sequence of the side's cards that wins every
    trick whatever the opponents play (:func:`_line_suits`).  Every card that wins a trick
    of the line by its rank is in the returned set: a position with the same suit lengths
    and the same owners of those cards and of all above them plays the same line, its
    smaller cards mapped in order.
    """
    mine, part = h[leader], h[leader ^ 2]
    lho, rho = h[(leader + 1) & 3], h[(leader + 3) & 3]
    most = _most_tricks(mine, part, lho, rho, trump_mask)
    if most < need:
        return 0, 0, 0
    hands = [h[0], h[1], h[2], h[3]]
    cur = leader
    tricks = used = 0
    clean = -1  # the tricks before the line first plays a trump, once it does
    plain = ~trump_mask
    while tricks < need:
        mine = hands[cur]
        if not mine:
            break
        part = hands[cur ^ 2]
        lho = hands[(cur + 1) & 3]
        rho = hands[(cur + 3) & 3]
        everyone = mine | part | lho | rho
        follow, discard, cross, ruff = _line_suits(mine, part, lho, rho, trump_mask)
        spare = 0
        if follow:
            mask = follow
        elif discard and (spare := _spare(part & plain, everyone)):
            mask = discard
        elif cross:
            mask = cross
        elif ruff:
            # a low card for partner to ruff with its lowest trump: partner is on lead
            if clean < 0 and (keep < 0 or cur ^ 2 == keep):
                clean = tricks
            _ruff_trick(hands, cur, ruff, trump_mask)
            cur ^= 2
            tricks += 1
            continue
        elif discard:
            mask = discard
        else:
            break
        top = 1 << ((everyone & mask).bit_length() - 1)
        if mask == trump_mask and clean < 0:
            clean = tricks
        used |= top
        _opponents_follow_low(hands, cur, lho, rho, mask)
        held = part & mask
        if top & mine:
            hands[cur] = mine ^ top
            if held:
                hands[cur ^ 2] = part ^ (held & -held)
            else:
                thrown = spare or _lowest(part & plain or part)
                if thrown & trump_mask and clean < 0 and (keep < 0 or cur ^ 2 == keep):
                    clean = tricks
                hands[cur ^ 2] = part ^ thrown
        else:  # low to partner's top card: partner is on lead
            held = mine & mask
            hands[cur] = mine ^ (held & -held)
            hands[cur ^ 2] = part ^ top
            cur ^= 2
        tricks += 1
    return tricks, used, tricks if clean < 0 else clean


def _most_tricks(mine: int, part: int, lho: int, rho: int, trump_mask: int) -> int:
    """The most tricks :func:`quick_tricks`' line can take: in each suit whose top card the
    side holds, its longer hand's length (the line wins no trick in another suit), and a trick
    per trump it ruffs with; but while the opponents' best card of the suit is out, each trick
    the line wins in it by rank takes one of the side's cards above it, and the opponent
    holding it follows (or a ruff of the suit takes one of its cards) every round, playing that
    card last: with fewer cards above it than that hand holds in the suit, less the side's
    trumps, the line wins only those."""
    ours = mine | part
    everyone = ours | lho | rho
    trumps = (ours & trump_mask).bit_count()
    most = trumps
    for mask in _SUITS:
        held = everyone & mask
        if held and (1 << (held.bit_length() - 1)) & ours:
            theirs = held & ~ours
            if theirs:
                best = theirs.bit_length() - 1
                above = (held >> (best + 1)).bit_count()
                holder = lho if lho >> best & 1 else rho
                if above + trumps < (holder & mask).bit_count():
                    most += above
                    continue
            most += max((mine & mask).bit_count(), (part & mask).bit_count())
    return most


def _line_suits(
    mine: int, part: int, lho: int, rho: int, trump_mask: int
) -> tuple[int, int, int, int]:
    """The suits (masks, 0 for none) the hand on lead of :func:`quick_tricks`' line may
    play: one to cash with partner following, one to cash with partner discarding, one to
    cross to partner's top card, one for partner to ruff.

    The hand on lead cashes a suit whose highest card it holds (its partner following low,
    or discarding a card that wins nothing when void), or leads low to its partner's top
    card and the partner carries on — so winners split between the two hands (``AK9``
    opposite ``Q8632``) and entries from one hand to the other count.  The opponents are
    assumed to follow with their lowest cards and to discard nothing, which only keeps their
    remaining cards as high as they can be, so the line wins in every real play.  In a suit
    contract a side suit is led only while each opponent holding trumps can follow (the
    opponents then always follow, so their counts are exact) and the partner never has to
    ruff; the partner may ruff a suit it is void in when every opponent follows that suit or
    holds no trump (its lowest trump is then the only one in the trick, so its rank does not
    matter).
    """
    everyone = mine | part | lho | rho
    plain = ~trump_mask
    lho_ruffs = lho & trump_mask
    rho_ruffs = rho & trump_mask
    follow = discard = cross = ruff = 0  # the suits of each kind of move (their masks)
    for mask in _SUITS:
        own = mine & mask
        if not own:
            continue
        if (
            trump_mask
            and mask != trump_mask
            and ((lho_ruffs and not lho & mask) or (rho_ruffs and not rho & mask))
        ):
            continue  # an opponent could ruff
        top = 1 << ((everyone & mask).bit_length() - 1)
        if top & mine:
            if part & mask:
                follow = mask
                break
            if not discard and (part & plain or mask == trump_mask or not trump_mask):
                discard = mask
        elif top & part:
            if not cross:
                cross = mask
        elif not ruff and mask != trump_mask and part & trump_mask and not part & mask:
            ruff = mask  # partner ruffs: the opponents follow suit or hold no trump
    return follow, discard, cross, ruff


def _ruff_trick(hands: list[int], cur: int, suit: int, trump_mask: int) -> None:
    """*cur* leads its lowest card of *suit*, the opponents follow low and partner ruffs with
    its lowest trump."""
    mine, part = hands[cur], hands[cur ^ 2]
    _opponents_follow_low(hands, cur, hands[(cur + 1) & 3], hands[(cur + 3) & 3], suit)
    held = mine & suit
    hands[cur] = mine ^ (held & -held)
    held = part & trump_mask
    hands[cur ^ 2] = part ^ (held & -held)


def _opponents_follow_low(hands: list[int], cur: int, lho: int, rho: int, mask: int) -> None:
    """The opponents of *cur* each play their lowest card of *mask*, if they hold one."""
    held = lho & mask
    if held:
        hands[(cur + 1) & 3] = lho ^ (held & -held)
    held = rho & mask
    if held:
        hands[(cur + 3) & 3] = rho ^ (held & -held)


def second_hand_tricks(
    h: Sequence[int], leader: int, first: int, trump_mask: int, need: int
) -> tuple[int, int]:
    """Tricks the side of the second hand is sure to take when *first* has been led
    (*h*: the hands without it), and the cards that count relies on; 0 when it is not
    sure to take this trick.

    This trick is theirs when one of the two holds the highest card of the suit led
    and the leader's partner, third to play, cannot ruff it, or, in a suit contract,
    when one of the two can ruff and the third hand must follow suit.  In no trump
    the hand that wins it (the holder of that card) then leads: it cashes the next
    card of the suit if it holds that too, the top card of each other suit it holds,
    and every card of a suit nobody else holds (DDS's quick tricks at the second
    hand).  The count stops at *need*.  The cards counted by rank are the answer's
    used cards; the others win because of the shape (who is void), which the table
    keeps.
    """
    seat = (leader + 1) & 3
    mine, part, third = h[seat], h[seat ^ 2], h[(seat + 1) & 3]
    led = _SUITS[first // 13]
    third_ruffs = trump_mask and led != trump_mask and not third & led and third & trump_mask
    if third_ruffs:
        return 0, 0
    if (
        trump_mask
        and led != trump_mask
        and ((mine & trump_mask and not mine & led) or (part & trump_mask and not part & led))
    ):
        return 1, 0  # a ruff; the third hand follows suit
    ours = (mine | part) & led
    if not ours:
        return 0, 0
    top = 1 << (ours.bit_length() - 1)
    if (1 << first) > top or third & led > top:
        return 0, 0
    tricks, used = 1, top
    if tricks >= need or trump_mask:
        return tricks, used
    winner = seat if mine & top else seat ^ 2
    hand = h[winner]
    others = h[0] | h[1] | h[2] | h[3] | 1 << first
    others &= ~hand
    rest = (hand | others) & led & ~top
    if rest:
        second = 1 << (rest.bit_length() - 1)
        if second & hand:
            tricks += 1
            used |= second
    for mask in _SUITS:
        held = hand & mask
        if not held or mask == led:
            continue
        if not others & mask:
            tricks += held.bit_count()  # nobody else holds the suit
        elif held > others & mask:
            high = 1 << (held.bit_length() - 1)
            tricks += 1
            used |= high
        if tricks >= need:
            break
    return tricks, used


def defenders_trick(h: Sequence[int], leader: int, trump_mask: int) -> int:
    """The cards that give the side *not* on lead a sure trick, or 0 if it has none.

    The leader must lead one of its suits; if the other side holds the highest card of
    each of them, and in a suit contract neither the leader nor its partner can ruff
    the one led (the partner follows suit or has no trump), that card takes this trick.
    The answer is those highest cards: the same owners of them and of everything above
    them, with the same suit lengths, give the same trick.
    """
    mine = h[leader]
    part = h[leader ^ 2]
    theirs = h[(leader + 1) & 3] | h[(leader + 3) & 3]
    everyone = mine | part | theirs
    used = 0
    for mask in _SUITS:
        if not mine & mask:
            continue
        top = 1 << ((everyone & mask).bit_length() - 1)
        if not top & theirs:
            return 0
        if trump_mask and mask != trump_mask and part & trump_mask and not part & mask:
            return 0  # the leader's partner ruffs
        used |= top
    return used


def later_tricks(h: Sequence[int], leader: int, n: int) -> int:
    """The cards that stop the side on lead from taking all *n* remaining tricks when
    no trump is left (or in no trump), or 0 when this bound does not see it (DDS's
    later tricks).

    Taking every trick, the side leads every trick, and a suit whose highest card the
    other side holds cannot be led while that card is there (it wins the trick); in a
    suit whose highest card the side holds, it takes at most as many tricks as its
    longer hand there has cards (every round takes a card from each of its hands that
    still holds the suit).  So when those lengths add up to fewer than *n*, the side
    fails unless the other side throws a highest card away; it keeps them and throws
    its other cards first.  (That a squeeze never makes it throw one with profit is
    DDS's rule, which prunes with the same count, and is checked here against brute
    force and the differential tests, not proved.)  The answer is the other side's highest
    cards: a position with the same suit lengths and the same owners of those cards
    counts the same or less.

    >>> # North-South hold only the spade top (two spades at most): not all 3 tricks
    >>> from pure_engine.games.trick_taking.pbn import parse_pbn
    >>> from pure_engine.games.bridge.double_dummy.search import to_relative
    >>> rel = to_relative(parse_pbn("N:AK...2 .A.A.A 3.2.2. Q.3.3."), ()).hands
    >>> later_tricks(rel, 0, 3) == rel[1]  # East's three aces
    True
    >>> later_tricks(rel, 0, 2)  # two tricks: the spades may do
    0
    """
    side = leader & 1
    mine, part = h[side], h[side + 2]
    theirs = h[side ^ 1] | h[side ^ 3]
    ours = mine | part
    total = used = 0
    for mask in _SUITS:
        held = (ours | theirs) & mask
        if not held:
            continue
        top = 1 << (held.bit_length() - 1)
        if top & ours:
            a, b = (mine & mask).bit_count(), (part & mask).bit_count()
            total += a if a > b else b
            if total >= n:
                return 0
        else:
            used |= top
    return used


def sure_trumps(h: Sequence[int], trump_mask: int) -> tuple[int, int, int]:
    """Tricks each side's top trumps take whatever happens: North-South's, East-West's,
    and the cards used (the trumps of the unbroken top sequence; the lengths of the two
    hands' trumps are part of the shape).

    The highest trump is never beaten, and each round of trumps takes one trump from
    each hand still holding one, so a side spreads its top trumps over as many tricks
    as its longer trump holding has cards (the shorter hand's small trumps fall under
    the longer's tops).
    """
    trumps = (h[0] | h[1] | h[2] | h[3]) & trump_mask
    if not trumps:
        return 0, 0, 0
    top = 1 << (trumps.bit_length() - 1)
    side = 0 if (h[0] | h[2]) & top else 1
    first, second = h[side] & trump_mask, h[side + 2] & trump_mask
    run = first | second
    sequence = 0
    while trumps and (top & run):
        sequence |= top
        trumps ^= top
        top = 1 << (trumps.bit_length() - 1) if trumps else 0
    sure = min(sequence.bit_count(), max(first.bit_count(), second.bit_count()))
    return (sure, 0, sequence) if side == 0 else (0, sure, sequence)


def trump_honours(h: Sequence[int], leader: int, trump_mask: int) -> int:
    """The trumps that stop the side on lead from taking every trick, or 0 when this
    bound does not see it (DDS's later tricks in a suit contract).

    The side holds the highest trump and the other side the second, in a hand with
    another trump beside it.  Taking every trick, the side leads every trick, so the
    hand after the highest trump's holder always sees whether it has been played: if
    the second trump sits there, it is played in the first trick where it would win
    (a trump trick, or a ruff, without the highest trump before it) and covered by a
    small trump in the one trick where the highest trump appears; then it is the
    highest.  Wherever it sits, if the third trump is the other side's too, the
    highest trump takes one of the two at most (the second has a small trump beside
    it), and the other is then the highest.  Either way the other side takes a
    trick.  The answer is the two (or three) highest trumps: the same owners of
    them and the same suit lengths give the same trick.

    >>> spades = 0x1FFF << 39
    >>> # North's ace, East's king and a small one behind it: not every trick
    >>> trump_honours((1 << 51 | 1, 1 << 50 | 1 << 39, 1 << 49 | 2, 1 << 48 | 4), 0, spades)
    3377699720527872
    >>> trump_honours((1 << 51 | 1, 1 << 50 | 1 << 39, 1 << 49 | 2, 1 << 48 | 4), 1, spades)
    0
    """
    trumps = (h[0] | h[1] | h[2] | h[3]) & trump_mask
    if trumps.bit_count() < 3:
        return 0
    side = leader & 1
    top = 1 << (trumps.bit_length() - 1)
    if not top & (h[side] | h[side + 2]):
        return 0
    rest = trumps ^ top
    second = 1 << (rest.bit_length() - 1)
    seat = 0
    while not h[seat] & second:
        seat += 1
    if seat & 1 == side or (h[seat] & trump_mask).bit_count() < 2:
        return 0
    if h[(seat + 3) & 3] & top:
        return top | second
    rest ^= second
    third = 1 << (rest.bit_length() - 1)
    if third & (h[side ^ 1] | h[side ^ 3]):
        return top | second | third
    return 0


def trump_length(x: int, y: int, theirs: int, trump_mask: int) -> tuple[int, int]:
    """Tricks a side (hands *x* and *y*) is sure to take with the trumps of one of its
    hands against the other side's trumps (*theirs*: both its hands), and the card that
    count relies on (that hand's lowest trump; 0 when the count is 0).

    The hand never plays a trump while it may play another card, so each of its trumps
    goes to a different trick, and a trick with a trump in it goes to its highest trump:
    each of the hand's trumps takes a trick for the side unless a higher trump of the
    other side beats it, and each of those beats one at most.  So the side takes at
    least the hand's trumps less the most of them the other side's higher trumps can
    be paired with (lowest first, each with the lowest higher trump still free).  The
    count depends on the suit lengths and on who holds each trump from that lowest
    trump up: a position with the same ones counts the same.

    >>> spades = 0x1FFF << 39
    >>> # West's four lowest spades against one higher spade each in North and South
    >>> trump_length(0, 0b1111 << 39, 0b110000 << 39, spades) == (2, 1 << 39)
    True
    >>> trump_length(0, 0b1010 << 39, 0b0101 << 39, spades)[0]  # the lowest can't beat any
    1
    """
    best = used = 0
    others = theirs & trump_mask
    for hand in (x, y):
        mine = hand & trump_mask
        if not mine:
            continue
        beaten = 0
        free = others
        rest = mine
        while rest and free:
            low = rest & -rest
            rest ^= low
            over = free & ~((low << 1) - 1)  # the other side's trumps above it
            if over:
                free ^= over & -over
                beaten += 1
        sure = mine.bit_count() - beaten
        if sure > best:
            best, used = sure, mine & -mine
    return best, used


def last_trick(h: Sequence[int], leader: int, trump_mask: int) -> int:
    """``relevant << 1 | ns_wins`` for the last trick (every card is forced)."""
    win_seat = leader
    win = h[leader].bit_length() - 1
    by_rank = False
    for offset in (1, 2, 3):
        seat = (leader + offset) & 3
        card = h[seat].bit_length() - 1
        if card // 13 == win // 13:
            by_rank = True
            if card > win:
                win_seat, win = seat, card
        elif trump_mask >> card & 1:
            win_seat, win = seat, card
            by_rank = False
    relevant = 1 << win if by_rank else 0
    return relevant << 1 | (1 if win_seat & 1 == 0 else 0)


def _spare(cards: int, everyone: int) -> int:
    """A card the partner may throw: its lowest in a suit where it holds no winner."""
    spare = 0
    for mask in _SUITS:
        held = cards & mask
        if held and not (1 << ((everyone & mask).bit_length() - 1)) & cards:
            low = held & -held
            if not spare or (low.bit_length() - 1) % 13 < (spare.bit_length() - 1) % 13:
                spare = low
    return spare


def _lowest(cards: int) -> int:
    """The bit of the lowest-ranked card of *cards* (any suit)."""
    low = 0
    for mask in _SUITS:
        held = cards & mask
        if held:
            bit = held & -held
            if not low or (bit.bit_length() - 1) % 13 < (low.bit_length() - 1) % 13:
                low = bit
    return low
