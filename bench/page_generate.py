"""Generate as the page asks for it: every kind the catalogue makes, at its default size, at
every level but unreasonable and at "any", through ``puzzlog serve``'s API (no stock made
beforehand, so that each answer is made then, but for what the tries before it made on the
way), several times a setting: the time of each answer, whether it came within the server's
limit, and whether the page offers that level there (a seldom level is left to the command
line).  Issue 46: Generate never times out where the page offers a level.

    python bench/page_generate.py              # 3 answers a setting
    python bench/page_generate.py --tries 10 --time-limit 10
    python bench/page_generate.py --kind jigsaw-x --kind kakuro
"""
from __future__ import annotations

import argparse
import statistics
import time

from starlette.testclient import TestClient

from pybridge.engine.catalogue import catalogue
from pybridge.web import ServeLimits, create_app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tries", type=int, default=3)
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--kind", action="append", choices=sorted(catalogue().generated),
                        help="only this kind (again for more; default every kind)")
    args = parser.parse_args()
    levels = [level for level in catalogue().levels if level != "unreasonable"] + [None]
    limits = ServeLimits(time_limit=args.time_limit, engines=1)
    print(f"{'kind':14} {'size':>4} {'level':13} {'offered':>7} {'median s':>9} {'max s':>7} {'answered':>9}")
    late = late_offered = 0
    with TestClient(create_app(limits), base_url="http://localhost") as client:
        kinds = [made for made in catalogue().generated.values() if not args.kind or made.name in args.kind]
        for made in kinds:
            for level in levels:
                times, answered = [], 0
                for _ in range(args.tries):
                    started = time.perf_counter()
                    answer = client.post("/api/generate", json={"kind": made.name, "size": made.default_size,
                                                                "difficulty": level})
                    times.append(time.perf_counter() - started)
                    answered += answer.status_code == 200
                offered = level is None or level in made.levels[made.default_size]
                late += args.tries - answered
                late_offered += (args.tries - answered) * offered
                print(f"{made.name:14} {made.default_size:>4} {level or 'any':13} {'yes' if offered else 'no':>7} "
                      f"{statistics.median(times):9.2f} "
                      f"{max(times):7.2f} {answered:>5} of {args.tries}", flush=True)
    print(f"{late} answers of {len(levels) * len(kinds) * args.tries} not made within "
          f"{args.time_limit:g} s, {late_offered} of them at a level the page offers")


if __name__ == "__main__":
    main()
