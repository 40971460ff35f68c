#!/usr/bin/env python3
"""A real SMTP server for lead-fn's tests, built on aiosmtpd, listening on 127.0.0.1.

It prints `PORT <n>` once listening, then keeps every message it accepts as two files in
--dir: `<n>.eml` (the bytes received) and `<n>.json` (the envelope, the login used, and the
message as Python's email package parses it: headers and the text and HTML parts, decoded).
Both are written under a temporary name and renamed, so a reader never sees half a file.

Options: --delay S answers DATA only after S seconds (a slow server); --tls starttls|implicit
with --cert/--key; --user/--password require a login (AUTH PLAIN or LOGIN).

`smtp_server.py --parse FILE` prints the JSON parse of an .eml file instead (the tests use it to
read the outbox's mail with the same parser).
"""

import argparse
import asyncio
import email
import email.policy
import itertools
import json
import os
import ssl
import sys

from aiosmtpd.smtp import SMTP, AuthResult


def parse(raw: bytes) -> dict:
    message = email.message_from_bytes(raw, policy=email.policy.default)
    parts = {}
    for part in message.walk():
        kind = part.get_content_type()
        if kind in ("text/plain", "text/html") and kind not in parts:
            parts[kind] = part.get_content()
    return {
        "headers": {name: str(value) for name, value in message.items()},
        "header_lines": [line for line in raw.split(b"\r\n\r\n", 1)[0].decode("ascii", "replace").split("\r\n")],
        "defects": [str(d) for d in message.defects],
        "text": parts.get("text/plain"),
        "html": parts.get("text/html"),
    }


class Keeper:
    def __init__(self, folder: str, delay: float):
        self.folder = folder
        self.delay = delay
        self.count = itertools.count(1)

    async def handle_DATA(self, server, session, envelope):
        if self.delay:
            await asyncio.sleep(self.delay)
        n = next(self.count)
        record = {
            "mail_from": envelope.mail_from,
            "rcpt_tos": envelope.rcpt_tos,
            "login": session.login_data.decode() if isinstance(session.login_data, bytes) else session.login_data,
            "tls": session.ssl is not None or server.transport.get_extra_info("ssl_object") is not None,
            **parse(envelope.content),
        }
        for ext, data in (("eml", envelope.content), ("json", json.dumps(record).encode())):
            temp = os.path.join(self.folder, f".{n}.{ext}.tmp")
            with open(temp, "wb") as f:
                f.write(data)
            os.rename(temp, os.path.join(self.folder, f"{n}.{ext}"))
        return "250 Message accepted for delivery"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir")
    ap.add_argument("--delay", type=float, default=0.0)
    ap.add_argument("--tls", choices=["none", "starttls", "implicit"], default="none")
    ap.add_argument("--cert")
    ap.add_argument("--key")
    ap.add_argument("--user")
    ap.add_argument("--password")
    ap.add_argument("--parse")
    args = ap.parse_args()

    if args.parse:
        with open(args.parse, "rb") as f:
            print(json.dumps(parse(f.read())))
        return

    context = None
    if args.tls != "none":
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.cert, args.key)

    def authenticate(server, session, envelope, mechanism, auth_data):
        ok = auth_data.login.decode() == args.user and auth_data.password.decode() == args.password
        return AuthResult(success=ok, handled=False, auth_data=auth_data)

    keeper = Keeper(args.dir, args.delay)

    def factory():
        options = {}
        if args.user:
            # aiosmtpd counts only STARTTLS as TLS; an implicit TLS connection is encrypted too.
            options.update(authenticator=authenticate, auth_required=True, auth_require_tls=args.tls == "starttls")
        if args.tls == "starttls":
            options.update(tls_context=context, require_starttls=True)
        return SMTP(keeper, hostname="smtp.test", **options)

    async def serve():
        loop = asyncio.get_running_loop()
        server = await loop.create_server(
            factory, "127.0.0.1", 0, ssl=context if args.tls == "implicit" else None
        )
        print(f"PORT {server.sockets[0].getsockname()[1]}", flush=True)
        async with server:
            await server.serve_forever()

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
