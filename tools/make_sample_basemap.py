#!/usr/bin/env python3
"""Draw the sample site's basemap: content/media/map/sample-dubai.pmtiles (deterministic).

The sample site must show a map with no network access, so this tool draws one: Dubai's coast
from Jebel Ali to Sharjah, the two Palms, the Creek with Business Bay and the Water Canal, the
main roads, and each community of content/vocabulary/communities.yaml as a simple shape round
its coordinates. It is a sketch at street-atlas accuracy, not a survey: the site names it a
sample basemap in the map's attribution (content/site.yaml, `map.attribution`).

The tiles use the layer names and `kind` values of the Protomaps basemap (`earth`, `water`,
`landuse`, `roads`), so the site's map style draws this file and a real Protomaps extract of
Dubai alike (docs/site.md, "The map"). Vector tiles (MVT) in a PMTiles archive, zoom 0 to 13; the map
zooms further into the last level.

    python3 -m pip install pmtiles==3.8.1 mapbox-vector-tile==2.2.0 pyyaml
    python3 tools/make_sample_basemap.py
"""
from __future__ import annotations

import gzip
import json
import math
import sys
from pathlib import Path

import mapbox_vector_tile
import yaml
from pmtiles.tile import Compression, TileType, zxy_to_tileid
from pmtiles.writer import Writer
import numpy
import shapely
import shapely.affinity
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.polygon import orient
from shapely.ops import unary_union

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "content" / "media" / "map" / "sample-dubai.pmtiles"
COMMUNITIES = ROOT / "content" / "vocabulary" / "communities.yaml"

MIN_ZOOM, MAX_ZOOM = 0, 13
# What the tiles cover (west, south, east, north): Dubai from Jebel Ali to the Sharjah border.
BOUNDS = (54.85, 24.78, 55.62, 25.40)
EXTENT = 4096
BUFFER = 64  # tile units drawn beyond each edge, so lines and fills join without seams

# (lat, lng) points, south-west to north-east along the mainland shore.
COAST = [
    (24.78, 54.86), (24.90, 54.95), (24.975, 55.015), (25.010, 55.050), (25.045, 55.095),
    (25.070, 55.125), (25.085, 55.138), (25.100, 55.150), (25.117, 55.172), (25.135, 55.186),
    (25.150, 55.197), (25.165, 55.210), (25.185, 55.228), (25.205, 55.242), (25.225, 55.255),
    (25.238, 55.263), (25.250, 55.272), (25.262, 55.280), (25.268, 55.289), (25.272, 55.297),
    (25.280, 55.310), (25.290, 55.325), (25.300, 55.342), (25.315, 55.365), (25.335, 55.390),
    (25.370, 55.430), (25.40, 55.47),
]

# The Creek from its mouth at Shindagha to the Ras Al Khor lagoon, then Business Bay's canal and
# the Dubai Water Canal out to the sea at Jumeirah: (lat, lng, width in metres).
CREEK = [
    (25.272, 55.294, 260), (25.264, 55.299, 300), (25.255, 55.306, 320), (25.246, 55.314, 330),
    (25.236, 55.322, 360), (25.226, 55.330, 420), (25.216, 55.336, 450), (25.206, 55.339, 520),
    (25.198, 55.336, 700), (25.192, 55.329, 600),
]
CANAL = [
    (25.192, 55.329, 120), (25.189, 55.316, 110), (25.186, 55.300, 110), (25.184, 55.287, 110),
    (25.185, 55.276, 110), (25.188, 55.265, 110), (25.190, 55.254, 100), (25.195, 55.246, 90),
    (25.203, 55.240, 90), (25.210, 55.245, 80),
]

# Main roads: (kind, [(lat, lng), ...]) with the Protomaps kinds.
ROADS = [
    ("highway", [  # Sheikh Zayed Road (E11)
        (24.86, 54.93), (24.95, 55.02), (25.00, 55.075), (25.045, 55.118), (25.075, 55.145),
        (25.100, 55.172), (25.125, 55.196), (25.150, 55.222), (25.175, 55.250), (25.195, 55.268),
        (25.215, 55.281), (25.232, 55.290), (25.248, 55.300),
    ]),
    ("highway", [  # Al Khail Road (E44)
        (25.230, 55.318), (25.205, 55.312), (25.180, 55.296), (25.155, 55.268), (25.125, 55.240),
        (25.095, 55.214), (25.065, 55.192), (25.040, 55.176),
    ]),
    ("highway", [  # Mohammed Bin Zayed Road (E311)
        (25.330, 55.440), (25.260, 55.420), (25.180, 55.375), (25.110, 55.320), (25.050, 55.255),
        (25.000, 55.195), (24.945, 55.125), (24.890, 55.060),
    ]),
    ("highway", [  # Emirates Road (E611)
        (25.300, 55.520), (25.180, 55.470), (25.060, 55.390), (24.960, 55.290), (24.870, 55.170),
    ]),
    ("highway", [  # Al Ain Road (E66)
        (25.205, 55.335), (25.150, 55.370), (25.085, 55.420), (25.010, 55.480), (24.950, 55.540),
    ]),
    ("major_road", [  # Jumeirah Beach Road
        (25.255, 55.275), (25.230, 55.258), (25.200, 55.238), (25.170, 55.212), (25.145, 55.192),
        (25.120, 55.175), (25.105, 55.160),
    ]),
    ("major_road", [  # Al Khaleej Road and Deira's corniche
        (25.268, 55.300), (25.285, 55.318), (25.298, 55.338), (25.312, 55.360),
    ]),
    ("major_road", [  # Umm Suqeim Road and Hessa Street
        (25.150, 55.200), (25.125, 55.225), (25.100, 55.250), (25.075, 55.275),
    ]),
    ("major_road", [  # Al Asayel and Dubai Al Ain link
        (25.185, 55.280), (25.160, 55.300), (25.130, 55.320), (25.095, 55.335),
    ]),
    ("major_road", [  # Expo Road (E77) to Dubai South
        (25.000, 55.075), (24.960, 55.120), (24.910, 55.160), (24.880, 55.190),
    ]),
]


def mercator(lng: float, lat: float) -> tuple[float, float]:
    """Web Mercator metres of a point."""
    x = lng * 20037508.342789244 / 180
    y = math.log(math.tan((90 + lat) * math.pi / 360)) * 6378137
    return x, y


def to_mercator(geometry):
    return shapely.transform(geometry, lambda points: numpy.array([mercator(lng, lat) for lng, lat in points]))


def lnglat(points):
    return [(lng, lat) for lat, lng, *_ in points]


def metres_to_degrees(metres: float) -> float:
    return metres / 111_320


def ribbon(points) -> Polygon:
    """A waterway of varying width along (lat, lng, width) points."""
    parts = []
    for (lat1, lng1, w1), (lat2, lng2, w2) in zip(points, points[1:]):
        a = Point(lng1, lat1).buffer(metres_to_degrees(w1) / 2, 16)
        b = Point(lng2, lat2).buffer(metres_to_degrees(w2) / 2, 16)
        parts.append(unary_union([a, b]).convex_hull)
    return unary_union(parts)


def palm(trunk_lat: float, trunk_lng: float, heading: float, size: float) -> Polygon:
    """A palm island: a trunk from the shore, a fan of fronds, a crescent round them."""
    # Unit vectors along the trunk (out to sea) and across it.
    ux, uy = math.sin(math.radians(heading)), math.cos(math.radians(heading))
    vx, vy = uy, -ux

    def at(along: float, across: float) -> tuple[float, float]:
        return (trunk_lng + (ux * along + vx * across) * size, trunk_lat + (uy * along + vy * across) * size)

    trunk = LineString([at(0, 0), at(1.05, 0)]).buffer(0.045 * size, 8)
    fronds = [
        LineString([at(0.25 + 0.11 * i, 0), at(0.35 + 0.11 * i, side * (0.55 - 0.035 * abs(i - 3)))]).buffer(0.018 * size, 4)
        for i in range(7)
        for side in (-1, 1)
    ]
    crescent_line = [at(0.62 + 0.72 * math.cos(t), 0.85 * math.sin(t)) for t in [math.radians(a) for a in range(-105, 106, 7)]]
    crescent = LineString(crescent_line).buffer(0.03 * size, 8)
    return unary_union([trunk, *fronds, crescent])


def community_shape(lat: float, lng: float, index: int) -> Polygon:
    """A rounded block of about 1.2 km round a community's centre, turned a little per community."""
    half = metres_to_degrees(650)
    block = box(lng - half, lat - half * 0.8, lng + half, lat + half * 0.8)
    angle = math.radians((index * 37) % 90 - 45) / 3
    turned = shapely.affinity.rotate(block, angle, origin=(lng, lat), use_radians=True)
    return turned.buffer(metres_to_degrees(120), 8)


def features():
    """Each layer's features as (geometry in degrees, properties)."""
    west, south, east, north = BOUNDS
    # The mainland: everything landward of the coast (south-east of it), inside the bounds.
    shore = lnglat(COAST)
    mainland = Polygon([*shore, (east + 1, north + 1), (east + 1, south - 1)])
    palm_jumeirah = palm(25.108, 55.152, -48, 0.06)
    palm_jebel_ali = palm(25.003, 55.046, -48, 0.07)
    world_islands = unary_union([Point(55.17 + 0.012 * (i % 6), 25.22 + 0.01 * (i // 6)).buffer(0.003, 6) for i in range(30)])
    deira_islands = box(55.29, 25.29, 55.33, 25.305).buffer(0.002)
    water = unary_union([ribbon(CREEK), ribbon(CANAL)])
    earth = unary_union([mainland, palm_jumeirah, palm_jebel_ali, world_islands, deira_islands]).difference(water)

    communities = yaml.safe_load(COMMUNITIES.read_text(encoding="utf-8"))["terms"]
    landuse = []
    for index, term in enumerate(communities):
        where = term.get("coordinates")
        if not where:
            continue
        shape = community_shape(where["lat"], where["lng"], index).intersection(earth)
        if not shape.is_empty:
            landuse.append((shape, {"kind": "residential", "community": term["key"]}))
    parks = [
        (Point(55.300, 25.215).buffer(0.01, 12), {"kind": "park"}),  # Zabeel
        (Point(55.335, 25.180).buffer(0.014, 12), {"kind": "nature_reserve"}),  # Ras Al Khor
        (Point(55.240, 25.103).buffer(0.012, 12), {"kind": "park"}),  # Dubai Hills park
        (Point(55.37, 25.245).buffer(0.022, 12), {"kind": "aerodrome"}),  # DXB
        (Point(55.17, 24.895).buffer(0.03, 12), {"kind": "aerodrome"}),  # DWC, Dubai South
    ]
    return {
        "earth": [(earth, {"kind": "earth"})],
        "water": [(water, {"kind": "river"})],
        "landuse": [*parks, *landuse],
        "roads": [(LineString(lnglat(points)), {"kind": kind}) for kind, points in ROADS],
    }


def tile_bounds(z: int, x: int, y: int) -> tuple[float, float, float, float]:
    """A tile's Web Mercator bounds (west, south, east, north) in metres."""
    size = 2 * 20037508.342789244 / (1 << z)
    west = -20037508.342789244 + x * size
    north = 20037508.342789244 - y * size
    return west, north - size, west + size, north


def tile_range(z: int) -> tuple[range, range]:
    west, south, east, north = BOUNDS

    def column(lng):
        return int((lng + 180) / 360 * (1 << z))

    def row(lat):
        r = math.radians(lat)
        return int((1 - math.log(math.tan(r) + 1 / math.cos(r)) / math.pi) / 2 * (1 << z))

    return range(column(west), column(east) + 1), range(row(north), row(south) + 1)


def simplified(geometry, z: int):
    """Geometry simplified to about half a tile unit at zoom `z` (in metres), polygons wound as
    vector tiles want them (outer rings anticlockwise here, y up: clockwise in the tile, y down);
    a ring wound the other way is drawn as a hole, and the shape vanishes."""
    metres_per_unit = 2 * 20037508.342789244 / (1 << z) / EXTENT
    geometry = geometry.simplify(metres_per_unit * 0.5, preserve_topology=True)
    if geometry.geom_type == "Polygon":
        return orient(geometry, 1.0)
    if geometry.geom_type in ("MultiPolygon", "GeometryCollection"):
        parts = [orient(part, 1.0) if part.geom_type == "Polygon" else part for part in geometry.geoms]
        return type(geometry)(parts) if geometry.geom_type == "MultiPolygon" else shapely.GeometryCollection(parts)
    return geometry


def main() -> int:
    layers = {name: [(to_mercator(g), p) for g, p in items] for name, items in features().items()}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    temporary = OUT.with_suffix(".tmp")
    tiles = 0
    with temporary.open("wb") as file:
        writer = Writer(file)
        entries = []
        for z in range(MIN_ZOOM, MAX_ZOOM + 1):
            columns, rows = tile_range(z)
            for x in columns:
                for y in rows:
                    west, south, east, north = tile_bounds(z, x, y)
                    pad = (east - west) * BUFFER / EXTENT
                    clip = box(west - pad, south - pad, east + pad, north + pad)
                    encoded_layers = []
                    for name, items in layers.items():
                        kept = []
                        for geometry, properties in items:
                            if not geometry.intersects(clip):
                                continue
                            piece = simplified(geometry.intersection(clip), z)
                            if not piece.is_empty:
                                kept.append({"geometry": piece.wkt, "properties": properties})
                        if kept:
                            encoded_layers.append({"name": name, "features": kept})
                    if not encoded_layers:
                        continue
                    data = mapbox_vector_tile.encode(
                        encoded_layers,
                        default_options={"quantize_bounds": (west, south, east, north), "extents": EXTENT},
                    )
                    entries.append((zxy_to_tileid(z, x, y), gzip.compress(data, mtime=0)))
        # Tiles in tile-id order make a clustered archive (one directory, read in few requests).
        for tile_id, data in sorted(entries):
            writer.write_tile(tile_id, data)
            tiles += 1
        west, south, east, north = BOUNDS
        header = {
            "tile_type": TileType.MVT,
            "tile_compression": Compression.GZIP,
            "min_zoom": MIN_ZOOM,
            "max_zoom": MAX_ZOOM,
            "min_lon_e7": int(west * 1e7),
            "min_lat_e7": int(south * 1e7),
            "max_lon_e7": int(east * 1e7),
            "max_lat_e7": int(north * 1e7),
            "center_zoom": 10,
            "center_lon_e7": int(55.22 * 1e7),
            "center_lat_e7": int(25.12 * 1e7),
        }
        metadata = {
            "name": "Sample basemap of Dubai",
            "description": "Drawn by tools/make_sample_basemap.py for the sample site: not a survey.",
            "attribution": "Sample basemap",
            "vector_layers": [{"id": name, "fields": {"kind": "String"}} for name in layers],
        }
        writer.finalize(header, metadata)
    temporary.replace(OUT)
    print(f"wrote {OUT.relative_to(ROOT)}: {tiles} tiles, {OUT.stat().st_size / 1024:.0f} KiB", file=sys.stderr)
    print(json.dumps({"tiles": tiles, "bytes": OUT.stat().st_size}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
