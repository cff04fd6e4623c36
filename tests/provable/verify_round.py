#!/usr/bin/env python3
"""A third, independent implementation of docs/provably-fair.md: Python standard library only.

Checks every vector of tests/vectors/provable.json, of both scheme versions (commitment, round key,
first stream words, the composition text of version 2, and every card of every call in its
history), every whole hand of tests/vectors/provable-hands.json (its dealing script and moves
replayed to the cards of every pile), and every shoe of tests/vectors/provable-shoes.json (each hand
replayed alone from its offset, the hands contiguous, and the hash chain of hand links).
Exit status 0 when all agree, 1 otherwise.
Usage: python3 tests/provable/verify_round.py [provable.json [provable-hands.json [provable-shoes.json]]]
"""
import hashlib
import hmac
import json
import struct
import sys
import unicodedata
from pathlib import Path

TAGS = {1: b"fairdeck/provable/v1", 2: b"fairdeck/provable/v2"}
FRENCH = [r + s for s in "CDHS" for r in "A23456789TJQK"]
GERMAN = [r + s for s in "EGHS" for r in "789TUOKA"]


def composition_text(deck):
    """Version 2's text of a composition; omitted fields are new Deck()'s defaults."""
    if "size" in deck:
        return f"generic:size={deck['size']}"
    return f"{deck.get('style', 'french')}:decks={deck.get('decks', 1)}:jokers={deck.get('jokers', 0)}"


def round_key(server_seed: bytes, client_seed: str, nonce: int, version: int, deck) -> bytes:
    field = lambda b: struct.pack(">I", len(b)) + b
    message = field(TAGS[version]) + field(client_seed.encode("utf-8")) + struct.pack(">Q", nonce)
    if version == 2:
        message += field(composition_text(deck).encode("ascii"))
    return hmac.new(server_seed, message, hashlib.sha256).digest()


def chacha20_words(key: bytes):
    """The RFC 8439 block function: 64-bit counter in words 12-13 from 0, words 14-15 zero."""
    def rotl(v, n):
        return ((v << n) & 0xFFFFFFFF) | (v >> (32 - n))

    def qr(x, a, b, c, d):
        x[a] = (x[a] + x[b]) & 0xFFFFFFFF; x[d] = rotl(x[d] ^ x[a], 16)
        x[c] = (x[c] + x[d]) & 0xFFFFFFFF; x[b] = rotl(x[b] ^ x[c], 12)
        x[a] = (x[a] + x[b]) & 0xFFFFFFFF; x[d] = rotl(x[d] ^ x[a], 8)
        x[c] = (x[c] + x[d]) & 0xFFFFFFFF; x[b] = rotl(x[b] ^ x[c], 7)

    counter = 0
    while True:
        state = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574, *struct.unpack("<8I", key),
                 counter & 0xFFFFFFFF, counter >> 32, 0, 0]
        x = state[:]
        for _ in range(10):
            qr(x, 0, 4, 8, 12); qr(x, 1, 5, 9, 13); qr(x, 2, 6, 10, 14); qr(x, 3, 7, 11, 15)
            qr(x, 0, 5, 10, 15); qr(x, 1, 6, 11, 12); qr(x, 2, 7, 8, 13); qr(x, 3, 4, 9, 14)
        yield from ((a + b) & 0xFFFFFFFF for a, b in zip(x, state))
        counter += 1


class Round:
    """One round's stream: draws by mask and reject, shuffles by sort + Fisher-Yates."""

    def __init__(self, server_seed, client_seed, nonce, version, deck):
        self.words = chacha20_words(round_key(server_seed, client_seed, nonce, version, deck))

    def draw(self, bound):
        mask = (1 << (bound - 1).bit_length()) - 1
        while True:
            x = next(self.words) & mask
            if x < bound:
                return x

    def shuffle(self, keys):
        a = sorted(keys)
        for i in range(len(a) - 1, 0, -1):
            j = self.draw(i + 1)
            a[i], a[j] = a[j], a[i]
        return a[::-1]  # deal order: the last position first


def faces(deck):
    if "size" in deck:
        return [str(i) for i in range(deck["size"])], 1
    table = FRENCH if deck.get("style", "french") == "french" else GERMAN
    return table + ["X1", "X2"][: deck.get("jokers", 0)], deck.get("decks", 1)


def replay(v, reshuffle_when_emptied=False):
    """Yields (op, cards) for every call of the vector's history, computed from the seeds alone.

    The return pile is shuffled when a card is to be dealt and the undealt pile is empty; with
    reshuffle_when_emptied (a misreading, for the negative control) as soon as the last undealt
    card is dealt."""
    names, decks = faces(v["deck"])
    code = lambda key: names[key // decks]  # key = face index * decks + copy
    everything = list(range(len(names) * decks))
    server, nonce, version = bytes.fromhex(v["serverSeed"]), v["nonce"], v.get("version", 1)
    rnd = Round(server, v["clientSeed"], nonce, version, v["deck"])
    undealt, returned, out = rnd.shuffle(everything), [], []
    for op in v["history"]:
        cards = []
        if op["op"] == "deal":
            for _ in range(op["n"]):
                if not undealt and returned:
                    undealt, returned = rnd.shuffle(returned), []
                if not undealt:
                    break
                cards.append(undealt.pop(0))
                if reshuffle_when_emptied and not undealt and returned:
                    undealt, returned = rnd.shuffle(returned), []
            out.extend(cards)
        elif op["op"] == "returnCards":
            for c in op["cards"]:  # any dealt copy of the code: copies sort together
                key = next((k for k in out if code(k) == c and k not in returned), None)
                if key is None:  # not out of the deck in this order: the vector disagrees
                    cards.append(None)
                    continue
                out.remove(key)
                returned.append(key)
                cards.append(key)
        elif op["op"] == "shuffle":
            nonce += 1
            rnd = Round(server, v["clientSeed"], nonce, version, v["deck"])
            undealt, returned, out = rnd.shuffle(everything), [], []
        else:  # shuffleRemaining
            undealt, returned = rnd.shuffle(undealt + returned), []
        yield op, [None if k is None else code(k) for k in cards]


def check(v, reshuffle_when_emptied=False):
    problems = []
    server, version = bytes.fromhex(v["serverSeed"]), v.get("version", 1)  # the v1 vectors predate "version"
    if version not in TAGS:
        return [f"unknown version {version!r}"]
    if hashlib.sha256(server).hexdigest() != v["commitment"]:
        problems.append("commitment")
    if v.get("composition") != (composition_text(v["deck"]) if version == 2 else None):
        problems.append("composition")
    key = round_key(server, v["clientSeed"], v["nonce"], version, v["deck"])
    if key.hex() != v["key"]:
        problems.append("key")
    words = chacha20_words(key)
    if [next(words) for _ in range(len(v["words"]))] != v["words"]:
        problems.append("words")
    for i, (op, cards) in enumerate(replay(v, reshuffle_when_emptied)):
        if op["op"] in ("deal", "returnCards") and cards != op["cards"]:
            problems.append(f"history[{i}] ({op['op']})")
    return problems


def game_deals(game, seats):
    """A preset's packets: Hold'em hole cards round by round, burn, 3 board, burn, 1, burn, 1;
    blackjack one card to each player hand:i, then 'dealer', twice."""
    hands = [f"hand:{i}" for i in range(seats)]
    if game == "blackjack":
        return [{"pile": p, "count": 1} for _ in range(2) for p in hands + ["dealer"]]
    hole = [{"pile": p, "count": 1} for _ in range(2) for p in hands]
    return hole + [x for n in (3, 1, 1) for x in ({"pile": "burn", "count": 1}, {"pile": "board", "count": n})]


def replay_hand(v, highest=False):
    """(the script's cards in dealing order, the piles at the end) of a whole-hand vector.

    Each packet deals `count` cards of the round's order onto its pile; history events come after
    `after` cards. A move takes, of each code, the lowest copy out (in `from` if given): moves
    change no card's place in the order. Piles are listed as a deck lists them: 'dealt' first,
    then by arrival, a pile that empties leaving the list. `highest` is a misreading (the highest
    copy out) for the negative control."""
    names, decks = faces(v["deck"])
    code = lambda key: names[key // decks]
    rnd = Round(bytes.fromhex(v["serverSeed"]), v["clientSeed"], v["nonce"], v.get("version", 2), v["deck"])
    state = {"undealt": rnd.shuffle(range(len(names) * decks)), "returned": []}
    piles, where, dealt, events = {}, {}, [], list(v["history"])

    def take(key):
        pile = where.pop(key)
        piles[pile].remove(key)
        if not piles[pile]:
            del piles[pile]

    def pick(cards, source):
        named = []
        for c in cards:
            copies = reversed(range(decks)) if highest else range(decks)
            keys = (names.index(c) * decks + copy for copy in copies)
            named.append(next(k for k in keys if k in where and k not in named and source in (None, where[k])))
        return named

    def apply(n):
        while events and events[0]["after"] == n:
            e = events.pop(0)
            if "moveCards" in e:
                for key in pick(e["moveCards"], e.get("from")):
                    take(key)
                    piles.setdefault(e["to"], []).append(key)
                    where[key] = e["to"]
            elif "returnCards" in e:
                for key in pick(e["returnCards"], None):
                    take(key)
                    state["returned"].append(key)
            else:
                state["undealt"], state["returned"] = rnd.shuffle(state["undealt"] + state["returned"]), []

    deals = v["deals"] if isinstance(v["deals"], list) else [v["deals"]]
    apply(0)
    for p in (q for d in deals for q in (game_deals(d["game"], d["seats"]) if "game" in d else [d])):
        if len(state["undealt"]) + len(state["returned"]) < p["count"]:
            raise ValueError(f"{p['count']} cards onto {p['pile']}, but fewer remain")
        for _ in range(p["count"]):
            if not state["undealt"]:
                state["undealt"], state["returned"] = rnd.shuffle(state["returned"]), []
            key = state["undealt"].pop(0)
            dealt.append(code(key))
            piles.setdefault(p["pile"], []).append(key)
            where[key] = p["pile"]
        apply(len(dealt))
    if events:
        raise ValueError(f"history event after {events[0]['after']} cards is not between packets")
    order = sorted(piles, key=lambda name: name != "dealt")  # stable: 'dealt' first, then by arrival
    return dealt, [(name, [code(k) for k in piles[name]]) for name in order]


def check_hand(v, highest=False):
    problems = []
    if hashlib.sha256(bytes.fromhex(v["serverSeed"])).hexdigest() != v["commitment"]:
        problems.append("commitment")
    try:
        dealt, piles = replay_hand(v, highest)
    except (ValueError, StopIteration) as e:
        return problems + [f"script: {e or 'a moved or returned card is not out'}"]
    if dealt != v["dealt"]:
        problems.append("dealt")
    problems += [f"pile {name}" for name, cards in piles if v["piles"].get(name) != cards]
    if [name for name, _ in piles] != list(v["piles"]):
        problems.append("piles (names or their order)")
    return problems


def check_hands(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    failed = 0
    for v in data["vectors"]:
        problems = check_hand(v)
        failed += bool(problems)
        print(("ok    " if not problems else "FAIL  ") + "hand: " + v["name"] + ("" if not problems else ": " + ", ".join(problems)))
    print(f"{len(data['vectors']) - failed} of {len(data['vectors'])} whole-hand vectors agree (Python)")
    # Negative controls: a hole card swapped between seats, a board card changed, another seat
    # count, a fold left out, a fold read as a return to the deck, and a code in a shoe read as its
    # highest copy out (the lowest is the rule) must each be rejected.
    v = next(x for x in data["vectors"] if x["name"].startswith("holdem, 9"))
    swapped = json.loads(json.dumps(v))
    a, b = swapped["piles"]["hand:0"], swapped["piles"]["hand:1"]
    a[1], b[1] = b[1], a[1]
    board = json.loads(json.dumps(v))
    board["piles"]["board"][3] = v["dealt"][0]
    as_return = {**v, "history": [{"after": e["after"], "returnCards": e["moveCards"]} for e in v["history"]]}
    controls = {
        "swapped hole card": check_hand(swapped),
        "board card changed": check_hand(board),
        "8 seats instead of 9": check_hand({**v, "deals": {"game": "holdem", "seats": 8}, "history": []}),
        "fold left out": check_hand({**v, "history": []}),
        "fold read as a return": check_hand(as_return),
        "highest copy of a returned code": check_hand(named(data, "holdem, 8 seats, 2-deck shoe"), highest=True),
    }
    accepted = [name for name, problems in controls.items() if not problems]
    if accepted:
        print("FAIL  a tampered hand was accepted: " + ", ".join(accepted))
        return 1
    print("ok    tampered hands rejected (" + ", ".join(controls) + ")")
    return 1 if failed else 0


EARLIER = "(earlier hands)"  # the cards before a hand's offset: a pile of no name a round can give


def shoe_link(previous, hand):
    """The link after a hand: SHA-256 of 'fairdeck/shoe/v1\n' + previous + '\n' + the hand's record as
    compact JSON [offset, dealt, [[pile, count], ...] or null, [[pile, cards], ...] sorted or null]."""
    deals = [[p["pile"], p["count"]] for p in hand["deals"]] if "deals" in hand else None
    piles = sorted(hand["piles"].items()) if "piles" in hand else None
    record = json.dumps([hand["offset"], hand["dealt"], deals, piles], separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(f"fairdeck/shoe/v1\n{previous}\n{record}".encode()).hexdigest()


def check_shoe(v):
    """Each hand replayed alone: the shoe's earlier cards dealt to EARLIER, then the hand's script;
    offsets must follow on from the hands before, and each link must chain from the commitment."""
    problems, at, previous = [], 0, v["commitment"]
    for i, hand in enumerate(v["hands"]):
        if hand["offset"] != at:
            problems.append(f"hand {i + 1} offset {hand['offset']}, expected {at}")
        took = sum(p["count"] for p in hand["deals"])
        events = [e for e in v["history"] if e["after"] <= at + took]
        # The earlier cards, split where an earlier call came (any count before the offset is one).
        cuts = sorted({0, at} | {e["after"] for e in events if e["after"] < at})
        deals = [{"pile": EARLIER, "count": b - a} for a, b in zip(cuts, cuts[1:])] + hand["deals"]
        one = {**v, "deals": deals, "history": events, "dealt": [], "piles": {}}
        dealt, piles = replay_hand(one)
        if dealt[at:] != hand["dealt"]:
            problems.append(f"hand {i + 1} dealt")
        if {name: cards for name, cards in piles if name != EARLIER} != hand["piles"]:
            problems.append(f"hand {i + 1} piles")
        previous = shoe_link(previous, hand)
        if previous != v["links"][i]:
            problems.append(f"hand {i + 1} link")
        at += took
    return problems


def check_shoes(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    if data["chain"] != "fairdeck/shoe/v1":
        print(f"unknown chain {data['chain']!r}")
        return 1
    failed = 0
    for v in data["vectors"]:
        problems = check_shoe(v)
        failed += bool(problems)
        print(("ok    " if not problems else "FAIL  ") + "shoe: " + v["name"] + ("" if not problems else ": " + ", ".join(problems)))
    print(f"{len(data['vectors']) - failed} of {len(data['vectors'])} shoe vectors agree (Python)")
    # Negative controls: a card of hand 7 changed, a hand that starts one card late (a card dealt to
    # no hand), a hand's piles swapped after its link was published, and the reshuffle left out.
    v = data["vectors"][0]
    card = json.loads(json.dumps(v))
    card["hands"][6]["dealt"][0] = v["hands"][7]["dealt"][0]
    late = json.loads(json.dumps(v))
    for h in late["hands"][5:]:
        h["offset"] += 1
    rewritten = json.loads(json.dumps(v))
    h = rewritten["hands"][3]
    h["piles"] = {"player": h["piles"]["dealer"], "dealer": h["piles"]["player"]}
    h["deals"] = [{**p, "pile": "dealer" if p["pile"] == "player" else "player"} for p in h["deals"]]
    reshuffled = next(x for x in data["vectors"] if x["history"])
    controls = {
        "changed card": check_shoe(card),
        "hand one card late": check_shoe(late),
        "record rewritten after its link": check_shoe(rewritten),
        "reshuffle left out": check_shoe({**reshuffled, "history": []}),
    }
    accepted = [name for name, problems in controls.items() if not problems]
    if accepted:
        print("FAIL  a tampered shoe was accepted: " + ", ".join(accepted))
        return 1
    print("ok    tampered shoes rejected (" + ", ".join(controls) + ")")
    return 1 if failed else 0


def named(data, prefix):
    return next(v for v in data["vectors"] if v["name"].startswith(prefix))


def main():
    vectors = Path(__file__).parents[1] / "vectors"
    path = Path(sys.argv[1] if len(sys.argv) > 1 else vectors / "provable.json")
    hands = Path(sys.argv[2] if len(sys.argv) > 2 else vectors / "provable-hands.json")
    shoes = Path(sys.argv[3] if len(sys.argv) > 3 else vectors / "provable-shoes.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    failed = 0
    if data["schemes"] != [t.decode() for t in TAGS.values()]:
        print(f"unknown schemes {data['schemes']!r}")
        return 1
    for v in data["vectors"]:
        problems = check(v)
        failed += bool(problems)
        print(("ok    " if not problems else "FAIL  ") + v["name"] + ("" if not problems else ": " + ", ".join(problems)))
    versions = [v.get("version", 1) for v in data["vectors"]]
    print(f"{len(data['vectors']) - failed} of {len(data['vectors'])} provable vectors agree (Python; "
          f"{versions.count(1)} of version 1, {versions.count(2)} of version 2)")
    # Negative controls: the same check must reject a swapped pair, another nonce or client seed,
    # a version 2 vector read as version 1, a client seed normalised to NFC, and a verifier that
    # shuffles the return pile as soon as the undealt pile empties.
    first = data["vectors"][0]
    v = json.loads(json.dumps(first))
    cards = v["history"][0]["cards"]
    cards[0], cards[1] = cards[1], cards[0]
    nfd = named(data, "v2: client seed e-acute NFD")
    timing = named(data, "v2: return pile shuffled at the next deal")
    v1_reading = {k: x for k, x in first.items() if k not in ("version", "composition")}
    controls = {
        "swapped pair": check(v),
        "nonce + 1": check({**first, "nonce": first["nonce"] + 1}),
        "other client seed": check({**first, "clientSeed": first["clientSeed"] + " "}),
        "version 2 read as version 1": check(v1_reading),
        "NFD seed normalised to NFC": check({**nfd, "clientSeed": unicodedata.normalize("NFC", nfd["clientSeed"])}),
        "return pile shuffled when the undealt pile empties": check(timing, reshuffle_when_emptied=True),
    }
    accepted = [name for name, problems in controls.items() if not problems]
    if nfd["clientSeed"] == unicodedata.normalize("NFC", nfd["clientSeed"]):
        accepted.append("NFD seed normalised to NFC (the vector's seed is not in NFD)")
    if accepted:
        print("FAIL  a tampered vector was accepted: " + ", ".join(accepted))
        return 1
    print("ok    tampered vectors rejected (" + ", ".join(controls) + ")")
    return check_hands(hands) or check_shoes(shoes) or (1 if failed else 0)


if __name__ == "__main__":
    sys.exit(main())
