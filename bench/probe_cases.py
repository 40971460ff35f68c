"""The hostile inputs bench/probe.py tries on content: the texts, files and fields it writes into a
copy of content/, each with what "refused" means for it. The probe's runner and its judges are
in bench/probe.py; this module only builds cases."""

import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


# ---------------------------------------------------------------------------------------------
# Texts and fields.

LISTING = """title: {title}
mainCategory: Residential
subCategory: Apartment
status: available
createdAt: 2026-11-25T09:30:00+04:00
location: Dubai Marina
bedrooms: 2
bathrooms: 2
area: 1000
price: 2000000
reference: PROBE-{n}
permitNumber: '71{n:08}'
agent: daniel-novak
images: [media/properties/bedroom-1.jpg]
description: {description}
ar:
  title: شقة {n}
  description: {ar}
"""
POST = """---
title: {title}
date: 2026-11-20T10:00:00+04:00
author: Sara Al Mansouri
excerpt: {excerpt}
---

{body}
"""
DEVELOPER = """name: Probe {n}
logo: media/developers/emaar.svg
projects: 3
image: media/developers/emaar.jpg
website: https://www.emaar.com
description: {description}
"""

XSS = [
    "<script>alert(M)</script>",
    "<img src=/media/properties/bedroom-1.jpg onerror=alert(M)>",
    "<svg onload=alert(M)>",
    "<iframe src=\"javascript:alert(M)\"></iframe>",
    "[x](javascript:alert(M))",
    "[x](JaVaScRiPt:alert(M))",
    "[x](&#106;avascript:alert(M))",
    "<a href=\"jav&#x09;ascript:alert(M)\">x</a>",
    "<a href=\"data:text/html,&lt;script&gt;alert(M)&lt;/script&gt;\">x</a>",
    "![x](javascript:alert(M))",
    "<object data=\"javascript:alert(M)\"></object>",
    "<embed src=\"javascript:alert(M)\">",
    "<style>@import 'https://evil.example/M.css'</style>",
    "<div style=\"background:url(javascript:alert(M))\">x</div>",
    "<math><mtext><table><mglyph><style><img src=/media/properties/bedroom-1.jpg onerror=alert(M)>",
    "<form action=\"javascript:alert(M)\"><button>x</button></form>",
    "<input autofocus onfocus=alert(M)>",
    "<details open ontoggle=alert(M)>x</details>",
    "<a href=\"vbscript:alert(M)\">x</a>",
    "<base href=\"javascript:alert(M)//\">",
    "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(M)\">",
    "<link rel=stylesheet href=https://evil.example/M.css>",
    "<noscript><p title=\"</noscript><img src=/media/properties/bedroom-1.jpg onerror=alert(M)>\">",
    "<!--<img src=\"--><img src=/media/properties/bedroom-1.jpg onerror=alert(M)//\">",
    "<scr<script>ipt>alert(M)</script>",
    "<a href=\"  javascript:alert(M)\">x</a>",
    "<template><script>alert(M)</script></template>",
    "[a]: javascript:alert(M)\n\n[x][a]",
    "<svg><a xlink:href=\"javascript:alert(M)\"><text>x</text></a></svg>",
    "<img src=/media/properties/bedroom-1.jpg srcset=\"javascript:alert(M)\">",
    "<video><source onerror=alert(M)></video>",
    "<x onclick=alert(M)>x</x>",
    "<a href=\"https://evil.example/M\" target=_blank>x</a>",
    "<textarea><script>alert(M)</script></textarea>",
    "<select><option><script>alert(M)</script></option></select>",
    "<plaintext><script>alert(M)</script>",
    "text \u202e reversed M \u0007 bell",
    "```html\n<script>alert(M)</script>\n```",
    "<a href=\"java\nscript:alert(M)\">x</a>",
    "<img src=x onerror=alert(M)>",
    "<a href=\"javascript&colon;alert(M)\">x</a>",
    "<a href=\"&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;:alert(M)\">x</a>",
    "<IMG SRC=/media/properties/bedroom-1.jpg ONERROR=alert(M)>",
    "<img/src=/media/properties/bedroom-1.jpg/onerror=alert(M)>",
    "<a href=javascript:alert(M)>x</a>",
    "[x](<javascript:alert(M)>)",
    "<https://evil.example/M>",
    "<area href=\"javascript:alert(M)\">",
    "<body onload=alert(M)>",
    "<isindex action=javascript:alert(M) type=image>",
    "<marquee onstart=alert(M)>x</marquee>",
    "<frameset onload=alert(M)>",
    "<a href=\"#\" onmouseover=\"alert(M)\">x</a>",
    "<p style=\"x:expression(alert(M))\">x</p>",
]


def yq(text):
    """A YAML double-quoted scalar (JSON's quoting, which YAML reads)."""
    return json.dumps(text, ensure_ascii=False)


def png_header(width, height):
    import zlib
    chunk = b"IHDR" + width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])
    crc = zlib.crc32(chunk).to_bytes(4, "big")
    idat = b"IDAT"
    return b"\x89PNG\r\n\x1a\n" + (13).to_bytes(4, "big") + chunk + crc + (0).to_bytes(4, "big") + idat + \
        zlib.crc32(idat).to_bytes(4, "big")


SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 4 3">{}</svg>'


def media_cases(sample_jpeg):
    """(name, file under media/, bytes, field that names it or None): each is refused."""
    html_page = b"<!doctype html><html><body><script src=\"/media/x.js\"></script></body></html>"
    cases = []
    for ext in ["html", "htm", "xhtml", "shtml", "js", "mjs", "css", "json", "txt", "xml", "wasm", "map", "php",
                "swf", "pdf", "gif", "ico", "bmp", "tiff", "avif", "heic", "md", "yaml", "csv", "zip"]:
        cases.append((f"a .{ext} file", f"media/probe/x.{ext}", html_page if ext.startswith(("htm", "sht", "xht")) else b"alert(document.domain)\n", None))
    for ext in ["jpg", "jpeg", "png", "webp", "mp4", "webm", "pmtiles", "JPG", "svg"]:
        cases.append((f"HTML named .{ext}", f"media/probe/page.{ext}", html_page, None))
    cases += [
        ("GIF named .jpg", "media/probe/gif.jpg", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", None),
        ("PDF named .png", "media/probe/doc.png", b"%PDF-1.4\n%\xe2\xe3\n", None),
        ("SVG named .png", "media/probe/draw.png", SVG.format("<rect/>").encode(), None),
        ("JPEG magic then HTML", "media/probe/poly.jpg", b"\xff\xd8\xff<html><script>alert(1)</script></html>", "images"),
        ("truncated JPEG", "media/probe/half.jpg", sample_jpeg[: len(sample_jpeg) // 2], "images"),
        ("30,000x30,000 PNG", "media/probe/huge.png", png_header(30_000, 30_000), "images"),
        ("SVG in a photo field", "media/probe/photo.svg", SVG.format("<rect width='4' height='3'/>").encode(), "images"),
        ("SVG <script>", "media/probe/s1.svg", SVG.format("<script>alert(1)</script>").encode(), None),
        ("SVG onload", "media/probe/s2.svg", b'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', None),
        ("SVG onclick on a shape", "media/probe/s3.svg", SVG.format('<rect onclick="alert(1)"/>').encode(), None),
        ("SVG foreignObject", "media/probe/s4.svg", SVG.format('<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></body></foreignObject>').encode(), None),
        ("SVG javascript: link", "media/probe/s5.svg", SVG.format('<a xlink:href="javascript:alert(1)"><rect/></a>').encode(), None),
        ("SVG external <use>", "media/probe/s6.svg", SVG.format('<use href="https://evil.example/a.svg#x"/>').encode(), None),
        ("SVG external <image>", "media/probe/s7.svg", SVG.format('<image href="http://169.254.169.254/"/>').encode(), None),
        ("SVG style url()", "media/probe/s8.svg", SVG.format('<style>rect{fill:url(https://evil.example/x)}</style>').encode(), None),
        ("SVG <set> of href", "media/probe/s9.svg", SVG.format('<a><set attributeName="href" to="javascript:alert(1)"/><rect/></a>').encode(), None),
        ("SVG <animate> of href", "media/probe/s10.svg", SVG.format('<a><animate attributeName="href" values="javascript:alert(1)"/><rect/></a>').encode(), None),
        ("SVG billion laughs", "media/probe/s11.svg", (b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">' + b"".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">'.encode() for i in range(9)) + b']><svg xmlns="http://www.w3.org/2000/svg"><text>&j;</text></svg>'), None),
        ("SVG XXE", "media/probe/s12.svg", b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>', None),
        ("SVG svg:script prefix", "media/probe/s13.svg", b'<svg:svg xmlns:svg="http://www.w3.org/2000/svg"><svg:script>alert(1)</svg:script></svg:svg>', None),
        ("SVG CDATA script", "media/probe/s14.svg", SVG.format("<script><![CDATA[alert(1)]]></script>").encode(), None),
        ("SVG handler (SVG Tiny)", "media/probe/s15.svg", SVG.format('<handler type="application/ecmascript">alert(1)</handler>').encode(), None),
        ("SVG over 512 KB", "media/probe/s16.svg", SVG.format("<rect/>" * 80_000).encode(), None),
        ("SVG 10,000 deep", "media/probe/s17.svg", SVG.format("<g>" * 10_000 + "</g>" * 10_000).encode(), None),
        ("SVG xml-stylesheet", "media/probe/s18.svg", b'<?xml-stylesheet href="https://evil.example/x.css"?>' + SVG.format("<rect/>").encode(), None),
        ("SVG <iframe> inside", "media/probe/s19.svg", SVG.format('<iframe src="javascript:alert(1)"/>').encode(), None),
        ("SVG javascript: in entity", "media/probe/s20.svg", SVG.format('<a href="&#106;avascript:alert(1)"><rect/></a>').encode(), None),
        ("SVG data: image", "media/probe/s21.svg", SVG.format('<image href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"/>').encode(), None),
        ("HTML as SVG root", "media/probe/s22.svg", b"<html><body onload=alert(1)></body></html>", None),
    ]
    return cases + polyglot_cases(html_page)


def mp4_box(name, payload=b""):
    return (8 + len(payload)).to_bytes(4, "big") + name + payload


def ebml(ident, payload):
    """An EBML element (WebM) of a known size."""
    size = bytes([0x80 | len(payload)]) if len(payload) < 127 else b"\x01" + len(payload).to_bytes(7, "big")
    return ident + size + payload


# The smallest files `estate check` takes as a video: an MP4's brands and movie, a WebM's header
# and a segment holding only its info.
MP4 = mp4_box(b"ftyp", b"isom\0\0\x02\0isomiso2mp41") + mp4_box(b"moov", mp4_box(b"mvhd", bytes(100)))
WEBM_HEADER = ebml(b"\x1a\x45\xdf\xa3", ebml(b"\x42\x82", b"webm"))
WEBM = WEBM_HEADER + ebml(b"\x18\x53\x80\x67", ebml(b"\x15\x49\xa9\x66", ebml(b"\x2a\xd7\xb1", (1_000_000).to_bytes(3, "big"))))


def polyglot_cases(page):
    """Videos and map archives whose first bytes (or whole first part) are followed by a page: a
    browser or a program that trusts the magic number takes them for a video or map while they
    carry HTML. Each refused by check and the build, also where a field names it."""
    pmtiles = open(os.path.join(ROOT, "content", "media", "map", "sample-dubai.pmtiles"), "rb").read()
    return [
        ("MP4: brands (ftyp) then HTML", "media/probe/poly1.mp4", MP4[:24] + page, None),
        ("MP4: brands and movie then HTML", "media/probe/poly2.mp4", MP4 + page, None),
        ("MP4 hero video: a whole MP4 then HTML", "media/probe/poly3.mp4", MP4 + page, "hero video"),
        ("MP4: brands running to the end (size 0), holding HTML", "media/probe/poly4.mp4",
         b"\0\0\0\0ftyp" + page, None),
        ("WebM: EBML magic then HTML", "media/probe/poly1.webm", b"\x1a\x45\xdf\xa3" + page, None),
        ("WebM: header and segment then HTML", "media/probe/poly2.webm", WEBM + page, None),
        ("WebM: header, a segment of unknown size holding HTML", "media/probe/poly3.webm",
         WEBM_HEADER + b"\x18\x53\x80\x67\x01" + b"\xff" * 7 + page, None),
        ("WebM hero video: header and segment then HTML", "media/probe/poly4.webm", WEBM + page, "hero video"),
        ("PMTiles: magic then HTML", "media/probe/poly1.pmtiles", b"PMTiles\x03" + page, None),
        ("PMTiles: a header then HTML", "media/probe/poly2.pmtiles", pmtiles[:127] + page, None),
        ("PMTiles: a whole archive then HTML", "media/probe/poly3.pmtiles", pmtiles + page, None),
        ("PMTiles map.tiles: a whole archive then HTML", "media/probe/poly4.pmtiles", pmtiles + page, "map tiles"),
    ]


def yaml_cases():
    """(name, relative file, text or bytes): each refused by check at that file, or taken without
    harm (a photo or agent that is not there left out with a warning, a YAML tag ignored), which
    the probe then builds and reads for anything published of it."""
    def listing(**change):
        fields = {"title": yq("Probe"), "description": yq("A flat."), "ar": yq("شقة"), "n": 9}
        fields.update(change)
        return LISTING.format(**fields)
    base = listing()
    cases = []
    def edit(name, old, new):
        assert old in base, old
        cases.append((name, "properties/probe-field.yaml", base.replace(old, new)))
    for bad in ["0", "-1", "12000000000", "1e30", "'2.750.000'", "'AED 2m'", "99999999999999999999999", ".nan", "true"]:
        edit(f"price {bad}", "price: 2000000", f"price: {bad}")
    for bad in ["-1", "1e9", "'two'", "2.5"]:
        edit(f"bedrooms {bad}", "bedrooms: 2", f"bedrooms: {bad}")
    for bad in ["javascript:alert(1)", "JavaScript:alert(1)", "' javascript:alert(1)'", "http://x.ae", "data:text/html,x", "//evil.example"]:
        edit(f"permitUrl {bad}", "permitNumber: '71", f"permitUrl: {bad}\npermitNumber: '71")
    for bad in ["http://169.254.169.254/latest/meta-data/", "http://[::1]/a.jpg", "http://localhost/a.jpg",
                "http://127.0.0.1:8080/a.jpg", "https://evil.example/a.jpg", "file:///etc/passwd", "ftp://x.ae/a.jpg",
                "../../../etc/passwd", "/etc/passwd", "media/../../etc/passwd", "https://user:pw@www.palmcrest.ae/a.jpg",
                "http://2130706433/a.jpg", "http://0x7f.1/a.jpg", "http://[::ffff:127.0.0.1]/a.jpg",
                "https://www.palmcrest.ae.evil.example/a.jpg", "media/no-such.jpg", "media/developers/emaar.svg"]:
        edit(f"image {bad}", "images: [media/properties/bedroom-1.jpg]", f"images: [{yq(bad)}]")
    for bad in ["{lat: 91, lng: 55}", "{lat: 25, lng: 181}", "{lat: .nan, lng: 55}"]:
        edit(f"coordinates {bad}", "location: Dubai Marina", f"location: Dubai Marina\ncoordinates: {bad}")
    edit("payment plan 150%", "agent: daniel-novak", "agent: daniel-novak\npaymentPlan:\n  - milestone: a\n    percent: 150")
    edit("payment plan sums to 90%", "agent: daniel-novak", "agent: daniel-novak\npaymentPlan:\n  - milestone: a\n    percent: 90")
    edit("agent as a path", "agent: daniel-novak", "agent: ../team/daniel-novak")
    edit("agent unknown", "agent: daniel-novak", "agent: nobody")
    edit("unknown community", "location: Dubai Marina", "location: Atlantis")
    edit("unknown field", "bedrooms: 2", "bedrooms: 2\nbedroomz: 3")
    edit("duplicate key", "bedrooms: 2", "bedrooms: 2\nbedrooms: 3")
    edit("a tag", "bedrooms: 2", "bedrooms: !!python/object:os.system 2")
    edit("tab indentation", "ar:\n  title", "ar:\n\ttitle")
    edit("pricePeriod on a sale", "bedrooms: 2", "bedrooms: 2\npricePeriod: year")
    edit("empty title", f"title: {yq('Probe')}", "title: ''")
    cases.append(("YAML 4 MB anchor x999 aliases", "properties/probe-bomb.yaml",
                  'title: &t "' + "x" * 4_000_000 + '"\nfeatures:\n' + "  - *t\n" * 999))
    laughs = "a: &a [x,x,x,x,x,x,x,x,x]\n" + "".join(f"{chr(98 + i)}: &{chr(98 + i)} [{','.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(9))
    cases.append(("YAML billion laughs", "properties/probe-laughs.yaml", laughs))
    cases.append(("YAML 100,000 deep", "properties/probe-deep.yaml", "title: " + "[" * 100_000 + "]" * 100_000 + "\n"))
    cases.append(("YAML over 8 MB", "properties/probe-big.yaml", "title: x\n#" + "x" * (8 * 1024 * 1024) + "\n"))
    cases.append(("not UTF-8", "properties/probe-latin1.yaml", base.replace("Probe", "Caf\xe9").encode("latin-1", "replace")))
    cases.append(("NUL byte", "properties/probe-nul.yaml", base.replace("A flat.", "A\x00flat")))
    cases.append(("binary garbage", "properties/probe-bin.yaml", bytes(range(256)) * 64))
    cases.append(("empty listing", "properties/probe-empty.yaml", ""))
    cases.append(("only a document marker", "properties/probe-dash.yaml", "---\n"))
    cases.append(("a list, not a listing", "properties/probe-list.yaml", "- a\n- b\n"))
    cases.append(("control characters in the name", "properties/probe-\x1b[2J\x07.yaml", "title: x\n"))
    cases.append(("a line break in the name", "properties/probe\nnext.yaml", "title: x\n"))
    for key, text in [("website", "javascript:alert(1)"), ("website", " JavaScript:alert(1)"), ("website", "data:text/html,x"),
                      ("website", "vbscript:x"), ("website", "//evil.example"), ("logo", "media/no-such.svg"),
                      ("logo", "http://169.254.169.254/"), ("image", "media/developers/emaar.svg")]:
        dev = DEVELOPER.format(n=9, description=yq("A developer.")).replace(
            {"website": "website: https://www.emaar.com", "logo": "logo: media/developers/emaar.svg",
             "image": "image: media/developers/emaar.jpg"}[key], f"{key}: {yq(text)}")
        cases.append((f"developer {key} {text.strip()}", "developers/probe-dev.yaml", dev))
    site = open(os.path.join(ROOT, "content", "site.yaml"), encoding="utf-8").read()
    def site_edit(name, old, new):
        assert old in site, old
        cases.append((name, "site.yaml", site.replace(old, new, 1)))
    site_edit("baseUrl with a path", "baseUrl: https://www.palmcrest.ae", "baseUrl: https://www.palmcrest.ae/x?y")
    site_edit("baseUrl javascript:", "baseUrl: https://www.palmcrest.ae", "baseUrl: javascript:alert(1)")
    site_edit("map tiles over http", "tiles: media/map/sample-dubai.pmtiles", "tiles: http://t.example/d.pmtiles")
    site_edit("map tiles not PMTiles", "tiles: media/map/sample-dubai.pmtiles", "tiles: media/logo.svg")
    site_edit("whatsapp letters", "whatsapp:", "whatsapp: call me\nx-whatsapp:")
    site_edit("site coordinates off the globe", "coordinates:", "coordinates: {lat: 95, lng: 55}\nx-coordinates:")
    site_edit("default image an SVG", "defaultImage:", "defaultImage: media/logo.svg\nx-defaultImage:")
    return cases


def markdown_cases():
    """(name, body): each checked within the bound, refused or not."""
    row = "|" + "a|" * 1400 + "\n"
    return [
        ("&amp; x1.6M (8 MB)", "&amp;" * 1_600_000),
        ("&amp; x400k", "&amp;" * 400_000),
        ("&nbsp; x400k", "&nbsp;" * 400_000),
        ("table 1400x1400", row + "|" + "-|" * 1400 + "\n" + row * 1400),
        ("**a** x110k", "**a** " * 110_000),
        ("> x10k nested", ">" * 10_000 + " a"),
        ("[ x100k", "[" * 100_000),
        ("* x50k nested lists", "".join("  " * i + "* a\n" for i in range(2_000))),
        ("< x1M", "<" * 1_000_000),
        ("link references x50k", "".join(f"[r{i}]: /contact-us\n" for i in range(50_000)) + "[r1]"),
        ("emphasis *_ x200k", "*_" * 200_000),
        ("backticks x200k", "`" * 200_000),
        ("(c) x1M", "\u00a9" * 1_000_000),
        ("HTML comment open x100k", "<!--" * 100_000),
        ("20,000 short paragraphs", "Fish &amp; chips, 5&nbsp;AED\n\n" * 20_000),
    ]


# ---------------------------------------------------------------------------------------------
# Web addresses that programs read differently.

# Where the agency's own photos may be given by address: baseUrl's host and hosts under it.
OWN = "https://www.palmcrest.ae"
METADATA = "169.254.169.254"


def address_cases():
    """(name, relative file, text, what the error names): web addresses a browser (WHATWG) and an
    RFC 3986 parser (curl, Python, a portal's fetcher) read as different places, each refused by
    check at its file and field. Each is otherwise an address the field takes (the agency's own
    host, a video on Vimeo), so the refusal is for the spelling alone."""
    listing = LISTING.format(title=yq("Probe"), description=yq("A flat."), ar=yq("x"), n=9)
    photo = "images: [media/properties/bedroom-1.jpg]"
    cases = []
    for name, value in [
        ("backslash before @", f"{OWN}\\@{METADATA}/latest/meta-data/x.jpg"),
        ("backslash for a slash", "https://www.palmcrest.ae\\media\\x.jpg"),
        ("tab in the path", "https://img.palmcrest.ae/a\tb.jpg"),
        ("tab in the host", "https://www.palm\tcrest.ae/x.jpg"),
        ("line break in the path", "https://img.palmcrest.ae/a\nb.jpg"),
        ("user name before the agency's host", f"{OWN}@img.palmcrest.ae/x.jpg"),
        ("the agency's host as a user name", f"{OWN}@{METADATA}/x.jpg"),
        ("host with % escapes", "https://www.palmcrest%2Eae/x.jpg"),
        ("host with an ideographic full stop", "https://www.palmcrest\u3002ae/x.jpg"),
        ("host in full-width letters", "https://\uff57\uff57\uff57.palmcrest.ae/x.jpg"),
        ("host as hexadecimal numbers", "https://0xa9.0xfe.0xa9.0xfe/x.jpg"),
        ("host as octal numbers", "https://0251.0376.0251.0376/x.jpg"),
        ("host as one decimal number", "https://2852039166/x.jpg"),
    ]:
        cases.append((f"image: {name}", "properties/probe-address.yaml",
                      listing.replace(photo, f"images: [{yq(value)}]"), "`images[0]`"))
    cases.append(("floor plan: backslash before @", "properties/probe-address.yaml",
                  listing.replace(photo, f"{photo}\nfloorPlans: [{yq(OWN + chr(92) + '@' + METADATA + '/plan.png')}]"),
                  "`floorPlans[0]`"))
    for name, field, value in [
        ("backslash before @", "videoTour", "https://vimeo.com\\@evil.example/1"),
        ("backslash before @", "permitUrl", f"https://trakheesi.dubailand.gov.ae\\@{METADATA}/rev/qr/1"),
        ("tab", "permitUrl", "https://trakheesi.dubailand.gov.ae/rev/qr/7\t1"),
    ]:
        cases.append((f"{field}: {name}", "properties/probe-address.yaml",
                      listing.replace("agent:", f"{field}: {yq(value)}\nagent:"), f"`{field}`"))
    developer = DEVELOPER.format(n=9, description=yq("A developer."))
    for name, value in [("backslash before @", "https://www.emaar.com\\@evil.example/"),
                        ("one slash after https:", "https:/www.emaar.com")]:
        cases.append((f"developer website: {name}", "developers/probe-address.yaml",
                      developer.replace("website: https://www.emaar.com", f"website: {yq(value)}"), "`website`"))
    site = open(os.path.join(ROOT, "content", "site.yaml"), encoding="utf-8").read()
    for name, old, value, shown in [
        ("defaultImage: backslash before @", "defaultImage: media/default-property.jpg",
         f"{OWN}\\@{METADATA}/x.jpg", "`defaultImage`"),
        ("defaultImage: tab", "defaultImage: media/default-property.jpg", "https://img.palmcrest.ae/a\tb.jpg", "`defaultImage`"),
        ("defaultImage: user name", "defaultImage: media/default-property.jpg", f"{OWN}@img.palmcrest.ae/x.jpg", "`defaultImage`"),
        ("baseUrl: https://:::", "baseUrl: https://www.palmcrest.ae", "https://:::", "`baseUrl`"),
        ("baseUrl: port 0", "baseUrl: https://www.palmcrest.ae", "https://www.palmcrest.ae:0", "`baseUrl`"),
        ("baseUrl: port 65536", "baseUrl: https://www.palmcrest.ae", "https://www.palmcrest.ae:65536", "`baseUrl`"),
        ("baseUrl: backslash before @", "baseUrl: https://www.palmcrest.ae", f"{OWN}\\@evil.example", "`baseUrl`"),
        ("social link: tab", "url: https://www.instagram.com/palmcrest", "https://www.instagram.com/palm\tcrest", "`url`"),
        ("social link: one slash after https:", "url: https://www.instagram.com/palmcrest",
         "https:/www.instagram.com/palmcrest", "`url`"),
        ("partner link: user name", "url: https://www.falconmortgage.example",
         "https://www.falconmortgage.example@evil.example/", "`url`"),
        ("map.tiles: backslash before @", "tiles: media/map/sample-dubai.pmtiles",
         "https://tiles.example\\@evil.example/dubai.pmtiles", "`map.tiles`"),
    ]:
        assert old in site, old
        key = old.split(":")[0]
        cases.append((name, "site.yaml", site.replace(old, f"{key}: {yq(value)}", 1), shown))
    return cases


def unknown_fields(kind, count, under=None):
    """A team member or a listing (the sample's own, valid) with `count` fields no schema has, at
    its top level or under `under` (a translation's mapping)."""
    if kind == "team":
        text = open(os.path.join(ROOT, "content", "team", "daniel-novak.yaml"), encoding="utf-8").read()
    else:
        text = LISTING.format(title=yq("Probe"), description=yq("A flat."), ar=yq("x"), n=9)
    if under:
        return text.replace(f"{under}:\n", f"{under}:\n" + "".join(f"  x{i}: {i}\n" for i in range(count)), 1)
    return text + "".join(f"x{i}: {i}\n" for i in range(count))


# ---------------------------------------------------------------------------------------------
# The browser editor's patterns against the build: (field, values both take, values both refuse).

AGREEMENT = [
    ("videoTour",
     ["https://www.vimeo.com/123456", "https://m.vimeo.com/123456", "https://www.youtu.be/abc123",
      "https://vimeo.com/123456", "https://player.vimeo.com/video/123456", "https://www.youtube.com/watch?v=abc123"],
     ["https://player.youtube.com/x", "https://m.youtu.be/x", "https://vimeo.com\\@evil.example/1",
      "https://vimeo.com:8443/1", "http://www.youtube.com/watch?v=abc123", "https://www.youtube.com",
      "https://www.youtube.com.evil.example/watch", "https://vimeo.com/1\t2"]),
    ("completionDate",
     ["2028-02-29", "2028-12", "2030-01-31", "2099-12-31", "2000-02-29"],
     ["2026-13", "2026-02-30", "0000-00-00", "2026-00", "2027-02-29", "2100-02-29", "1999-12", "2026-04-31",
      "2026-6", "2026-06-30T00:00"]),
]
