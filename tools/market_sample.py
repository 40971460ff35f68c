#!/usr/bin/env python3
"""Write sample DLD open-data files for the sample's communities (deterministic).

The sample cannot download the Dubai Land Department's files, so this writes files in their
published formats with plausible prices: a sales file with Dubai Pulse's columns (with
mortgages, gifts, buildings and a few areas no community names, as the real file has) and an
Ejari rent contracts file. Then import them as an agency imports the real ones:

    python3 tools/market_sample.py --out /tmp/dld
    estate market import transactions /tmp/dld/transactions.csv
    estate market import rents /tmp/dld/rents.csv

The same seed always writes the same files. `bench/market.py` uses `write_sales` for its
1.5-million-row file.
"""
from __future__ import annotations

import argparse
import csv
import random
from pathlib import Path

# The newest month of the sample's data, and how many months the files cover (more than the
# import's 36, so its window has something to leave out).
NEWEST = (2026, 10)
MONTHS = 40
# Yearly price growth, so the charts rise as Dubai's did.
GROWTH = 0.11

# DLD area (as communities.yaml's `dld:` names it): AED per sqft today by kind, sales a month,
# and the gross yield of a rent.
AREAS = {
    "Marsa Dubai": ({"apartment": 2100}, 120, 0.068),
    "Burj Khalifa": ({"apartment": 3000}, 90, 0.060),
    "Business Bay": ({"apartment": 2200, "office": 1900}, 110, 0.068),
    "Palm Jumeirah": ({"apartment": 3400, "villa": 5600}, 50, 0.052),
    "Al Barsha South Fourth": ({"apartment": 1250, "villa": 1350}, 140, 0.078),
    "Al Thanyah Fifth": ({"apartment": 1500, "office": 1350}, 70, 0.075),
    "Hadaeq Sheikh Mohammed Bin Rashid": ({"apartment": 2100, "villa": 2350}, 85, 0.060),
    "Al Khairan First": ({"apartment": 2300}, 60, 0.062),
    "Dubai Harbour": ({"apartment": 3200}, 35, 0.058),
    "Zaabeel Second": ({"apartment": 2800, "office": 2600}, 25, 0.062),
    "Madinat Al Mataar": ({"apartment": 1050, "villa": 1150}, 60, 0.080),
    "Wadi Al Safa 6": ({"villa": 1800}, 20, 0.055),
    "Wadi Al Safa 7": ({"villa": 1500}, 30, 0.057),
    "Al Hebiah Sixth": ({"villa": 1300}, 45, 0.062),
    "Al Hebiah Fourth": ({"villa": 2000, "apartment": 1400}, 25, 0.060),
    "Al Yalayis 2": ({"apartment": 1000, "villa": 1150}, 50, 0.075),
    "Nad Al Shiba First": ({"apartment": 1900, "villa": 2400}, 40, 0.062),
    "Al Merkadh": ({"apartment": 2200}, 45, 0.063),
    "Palm Jabal Ali": ({"villa": 3000}, 12, 0.050),
    "Al Quoz Industrial Third": ({"land": 320, "office": 900}, 8, 0.085),
    "Dubai Investment Park First": ({"apartment": 900, "land": 350}, 15, 0.082),
    "Dubai Investment Park Second": ({"office": 900}, 6, 0.085),
    # Areas no sample community names: the import lists them with a hint.
    "Al Barsha South Fifth": ({"apartment": 1150}, 30, 0.078),
    "Al Furjan": ({"apartment": 1300, "villa": 1400}, 25, 0.070),
    "Al Warsan First": ({"apartment": 700}, 10, 0.090),
}

# Sub-type as DLD writes it, bedrooms (None: no rooms) and its size in m² (a typical one).
UNITS = {
    "apartment": [("Flat", 0, 38), ("Flat", 1, 72), ("Flat", 2, 115), ("Flat", 3, 170),
                  ("Hotel Apartment", 1, 65), ("Flat", 4, 260)],
    "villa": [("Villa", 3, 260), ("Villa", 4, 340), ("Villa", 5, 460), ("Villa", 6, 650)],
    "office": [("Office", None, 110), ("Shop", None, 80)],
    "land": [("Land", None, 1800)],
}
WEIGHTS = {"apartment": [16, 34, 28, 14, 5, 3], "villa": [30, 40, 22, 8], "office": [75, 25], "land": [1]}

SALES_COLUMNS = [
    "transaction_id", "procedure_id", "trans_group_id", "trans_group_en", "procedure_name_en",
    "instance_date", "property_type_en", "property_sub_type_en", "property_usage_en", "reg_type_en",
    "area_name_en", "building_name_en", "project_name_en", "master_project_en", "nearest_metro_en",
    "rooms_en", "has_parking", "procedure_area", "actual_worth", "meter_sale_price", "rent_value",
    "meter_rent_price",
]
RENTS_COLUMNS = [
    "contract_id", "contract_reg_type_en", "contract_start_date", "contract_end_date",
    "contract_amount", "annual_amount", "no_of_prop", "line_number", "ejari_bus_property_type_en",
    "ejari_property_type_en", "ejari_property_sub_type_en", "property_usage_en", "project_name_en",
    "master_project_en", "area_name_en", "actual_area", "nearest_metro_en", "tenant_type_en",
]


def months():
    """(year, month) of every month of the files, oldest first."""
    year, month = NEWEST
    first = year * 12 + month - 1 - (MONTHS - 1)
    return [(m // 12, m % 12 + 1) for m in range(first, first + MONTHS)]


def price_factor(index: int) -> float:
    """Today's prices times this gives month `index`'s (0: the oldest)."""
    return (1 + GROWTH) ** ((index - (MONTHS - 1)) / 12)


def rooms_text(bedrooms):
    return "" if bedrooms is None else ("Studio" if bedrooms == 0 else f"{bedrooms} B/R")


def ejari_rooms(bedrooms):
    if bedrooms is None:
        return ""
    if bedrooms == 0:
        return "Studio"
    return "1bed room+Hall" if bedrooms == 1 else f"{bedrooms}bed rooms+hall"


def pick_unit(rng: random.Random, prices: dict):
    kind = rng.choice(list(prices))
    sub_type, bedrooms, sqm = rng.choices(UNITS[kind], WEIGHTS[kind])[0]
    sqm = round(sqm * rng.uniform(0.85, 1.2), 2)
    return kind, sub_type, bedrooms, sqm


def sales_rows(rng: random.Random, scale: float = 1.0):
    """Rows of the sales file, oldest month first: sales, with mortgages, gifts and buildings."""
    number = 0
    for index, (year, month) in enumerate(months()):
        factor = price_factor(index)
        for area, (prices, volume, _) in AREAS.items():
            for _ in range(max(1, round(volume * scale * rng.uniform(0.8, 1.2)))):
                number += 1
                kind, sub_type, bedrooms, sqm = pick_unit(rng, prices)
                per_sqft = prices[kind] * factor * rng.lognormvariate(0, 0.12)
                worth = round(per_sqft * sqm * 10.7639, -3)
                group = rng.choices(["Sales", "Mortgages", "Gifts"], [80, 15, 5])[0]
                procedure = {"Sales": rng.choice(["Sell", "Sell - Pre registration"]),
                             "Mortgages": "Mortgage Registration", "Gifts": "Grant"}[group]
                property_type = {"apartment": "Unit", "villa": "Villa", "office": "Unit", "land": "Land"}[kind]
                usage = "Commercial" if kind == "office" else "Residential"
                if rng.random() < 0.01:  # a whole building: not a unit's price
                    property_type, sub_type, bedrooms = "Building", "Residential", None
                day = rng.randint(1, 28)
                yield [
                    f"{group[0]}-{year}-{number}", "11", "1", group, procedure,
                    f"{day:02d}-{month:02d}-{year}", property_type, sub_type if kind != "land" else "Residential",
                    usage, rng.choice(["Existing Properties", "Off-Plan Properties"]), area, "", "", "", "",
                    rooms_text(bedrooms), rng.choice(["t", "f"]), f"{sqm:.2f}", f"{worth:.0f}",
                    f"{worth / sqm:.2f}", "", "",
                ]


def rents_rows(rng: random.Random):
    """Rows of the Ejari file: a year's contracts, new and renewed."""
    number = 0
    for index, (year, month) in enumerate(months()):
        factor = price_factor(index)
        for area, (prices, volume, gross_yield) in AREAS.items():
            for _ in range(max(1, round(volume * 1.5 * rng.uniform(0.8, 1.2)))):
                number += 1
                kind, sub_type, bedrooms, sqm = pick_unit(rng, prices)
                if kind == "land":
                    continue
                per_sqft = prices[kind] * factor * gross_yield * rng.lognormvariate(0, 0.1)
                annual = round(per_sqft * sqm * 10.7639, -2)
                ejari_type = {"apartment": "Flat", "villa": "Villa", "office": sub_type}[kind]
                day = rng.randint(1, 28)
                yield [
                    f"{year}{number:08d}", rng.choice(["New", "Renew"]), f"{day:02d}-{month:02d}-{year}",
                    f"{day:02d}-{month:02d}-{year + 1}", f"{annual:.0f}", f"{annual:.0f}", "1", "1", "Unit",
                    ejari_type, ejari_rooms(bedrooms), "Commercial" if kind == "office" else "Residential",
                    "", "", area, f"{sqm:.2f}", "", rng.choice(["Person", "Authority"]),
                ]


def write_sales(path: Path, seed: int = 1, scale: float = 1.0) -> int:
    """Writes the sales file; returns its rows."""
    rng = random.Random(seed)
    with open(path, "w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(SALES_COLUMNS)
        count = 0
        for row in sales_rows(rng, scale):
            out.writerow(row)
            count += 1
    return count


def write_rents(path: Path, seed: int = 1) -> int:
    rng = random.Random(seed)
    with open(path, "w", newline="", encoding="utf-8") as f:
        out = csv.writer(f)
        out.writerow(RENTS_COLUMNS)
        count = 0
        for row in rents_rows(rng):
            out.writerow(row)
            count += 1
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, required=True, help="the folder to write into")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    sales = write_sales(args.out / "transactions.csv", args.seed)
    rents = write_rents(args.out / "rents.csv", args.seed)
    print(f"wrote {args.out / 'transactions.csv'} ({sales:,} rows) and {args.out / 'rents.csv'} ({rents:,} rows)")


if __name__ == "__main__":
    main()
