"""What each process of the concurrency tests does once they are all let go (tests/storage/racing.py
runs them): hammer one store, and return a summary."""

from __future__ import annotations


def wallet_worker(path: str, worker: int) -> dict[str, int]:
    """Everyone spends from the one wallet of "you" (the str form of the API)."""
    from pokerlab.storage import InsufficientPointsError, Wallet

    wallet = Wallet(path, starting_balance=20)
    deposits = payments = refused = 0
    for step in range(75):
        if step % 3 == 2:
            try:
                wallet.pay(3, f"Entry {worker}-{step}")
                payments += 1
            except InsufficientPointsError:
                refused += 1
        else:
            wallet.deposit(1, f"Award {worker}-{step}")
            deposits += 1
    return {"deposits": deposits, "payments": payments, "refused": refused}


def scores_worker(path: str, worker: int) -> dict[str, int]:
    from pokerlab.storage import HighScores

    table = HighScores(path)
    for index in range(25):
        table.add(f"p{worker}-{index}", worker * 100 + index)
    return {"added": 25}


def claims_worker(path: str, worker: int) -> dict[str, object]:
    from pokerlab.classroom import identity, names_and_keys
    from pokerlab.storage import Wallet

    names_and_keys.SCRYPT_N = 2**4  # cheap hashing: the race is what is tested here
    key = names_and_keys.new_key()
    won = []
    for name in ("Ann", f"Worker {worker}", "Bo"):
        try:
            learner = identity.claim(path, name, key)
        except identity.NameTakenError:
            continue
        won.append(name)
        Wallet(path).pay(10 * (worker + 1), f"Entry {worker}", player=learner)
    return {"won": won}


def saves_worker(path: str, worker: int) -> dict[str, int]:
    from pokerlab.storage import load_game, save_game

    loads = 0
    for index in range(20):
        save_game(path, "saloon-draw", {"writer": worker, "index": index, "padding": "x" * 20_000})
        payload = load_game(path, "saloon-draw")  # must never meet a half-written file
        assert payload["padding"] == "x" * 20_000
        loads += 1
    return {"loads": loads}

