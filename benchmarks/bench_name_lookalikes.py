"""How often pokerlab's name rules call two different real first names "the same name".

Names are the same name when their case-folded forms match or when their look keys (the TR39
skeleton, :func:`pokerlab.storage.learners.look_key`) match. This takes the first-name lists that
Faker ships for every locale written in Latin letters, keeps the names :func:`check_name` accepts,
and prints every group of names with different case-folded forms but one look key: each such group
is names two learners of one class could not both take. It also prints the names ``check_name``
refuses (letters outside Unicode's recommended set for names) and the same count for names typed
all in lower case and all in capitals.

Run: ``python benchmarks/bench_name_lookalikes.py`` (needs ``pip install faker``). Prints figures;
asserts nothing.
"""

from __future__ import annotations

import importlib
from collections import defaultdict

from machine import describe

from pokerlab.classroom.names_and_keys import NameRefusedError, check_name
from pokerlab.storage.learners import look_key, name_key

LOCALES = (
    "cs_CZ", "da_DK", "de_AT", "de_CH", "de_DE", "en_AU", "en_CA", "en_GB", "en_IE", "en_IN", "en_NZ",
    "en_US", "es_AR", "es_CO", "es_ES", "es_MX", "et_EE", "fi_FI", "fil_PH", "fr_CA", "fr_CH", "fr_FR",
    "ga_IE", "hr_HR", "hu_HU", "id_ID", "it_IT", "lt_LT", "lv_LV", "nl_BE", "nl_NL", "no_NO", "pl_PL",
    "pt_BR", "pt_PT", "ro_RO", "sk_SK", "sl_SI", "sq_AL", "sv_SE", "sw", "tl_PH", "tr_TR", "vi_VN", "yo_NG",
    "zu_ZA",
)
FIELDS = ("first_names", "first_names_male", "first_names_female", "first_names_nonbinary")


def first_names() -> dict[str, set[str]]:
    """Every first name Faker has, with the locales it comes from."""
    found: dict[str, set[str]] = defaultdict(set)
    for locale in LOCALES:
        try:
            provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        except ModuleNotFoundError:
            continue
        for field in FIELDS:
            for name in getattr(provider, field, ()) or ():
                found[str(name).strip()].add(locale)
    return found


def groups(names: list[str]) -> list[list[str]]:
    """Groups of names with different case-folded forms and one look key."""
    by_look: dict[str, dict[str, str]] = defaultdict(dict)
    for name in names:
        by_look[look_key(name)].setdefault(name_key(name), name)
    return sorted((sorted(members.values()) for members in by_look.values() if len(members) > 1), key=lambda g: g[0])


def main() -> None:
    found = first_names()
    accepted, refused = [], []
    for name in sorted(found):
        try:
            accepted.append(check_name(name))
        except NameRefusedError:
            refused.append(name)
    distinct = {name_key(name): name for name in accepted}
    print(describe())
    print(f"{len(found)} first names from {len({loc for locs in found.values() for loc in locs})} Faker locales; "
          f"{len(accepted)} accepted by check_name, {len(distinct)} distinct ignoring case and spaces; "
          f"{len(refused)} refused: {', '.join(refused[:20])}{' ...' if len(refused) > 20 else ''}")
    for label, form in (("as written", str), ("typed in lower case", str.lower), ("typed in capitals", str.upper)):
        found_groups = groups([form(name) for name in distinct.values()])
        names_hit = sum(len(group) for group in found_groups)
        print(f"{label}: {len(found_groups)} groups of different names that read the same "
              f"({names_hit} names of {len(distinct)})")
        for group in found_groups:
            print("   ", " = ".join(group))


if __name__ == "__main__":
    main()
