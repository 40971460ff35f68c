#!/usr/bin/env python3
"""The flood bench (not a test): prints figures, asserts nothing.

Enquiries at 20 a second beside hostile searches at 200 a second (the search cost bench's 16 KB
bodies), each run bounded in time, against the function's router in a process of its own,
hosted as `estate serve` hosts it (`lead-fn/examples/serve.rs`, the outbox as the sink). Three
runs: the enquiries alone; beside searches from one address (the search rate limit refuses
them); beside searches each from a new address (the searches' own work). Prints per run the
enquiries sent / accepted / in the outbox with their p50 and p99 latency, and the searches'
answers by status. The goal: every enquiry accepted, p99 at most 200 ms. The load itself is
`lead-fn/examples/flood.rs` (its module doc says how).

    python3 bench/search_flood.py [--seconds 20] [--search-rate 200] [--lead-rate 20] [--listings 10000]
"""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = Path(os.environ.get("CARGO_TARGET_DIR") or ROOT / "target") / "release"


def main() -> None:
    if any(arg in ("-h", "--help") for arg in sys.argv[1:]):
        print(__doc__)
        return
    subprocess.run(
        ["cargo", "build", "--release", "--quiet", "-p", "lead-fn", "--example", "serve", "--example", "flood"],
        cwd=ROOT, check=True,
    )
    sys.exit(subprocess.run([str(TARGET / "examples" / "flood"), *sys.argv[1:]]).returncode)


if __name__ == "__main__":
    main()
