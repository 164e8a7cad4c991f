# make run   set everything up, then solve the bundled puzzles
# make test  set everything up, then run the whole test suite
# make bench the benchmarks of bench/ (minutes)
# make soak  one worker solves 100,000 puzzles; its memory must stay flat (minutes)
# make serve the local page (puzzlog serve) at http://127.0.0.1:8000/
VENV  := .venv
PY    := $(VENV)/bin/python
STAMP := $(VENV)/.puzzlog-installed

.PHONY: setup swipl browser paper yardsticks run test bench soak serve clean

setup: swipl $(STAMP)
	@$(PY) -m compileall -q pybridge
	@$(PY) -c "import pybridge.engine.swipl as e; e.start()"   # the engine state in ~/.cache/puzzlog, when missing or stale

swipl:
	@command -v swipl >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" != 0 ]; then \
	    echo "puzzlog needs SWI-Prolog. Install it (Debian/Ubuntu: sudo apt-get install swi-prolog-nox) and run make again." >&2; \
	    exit 1; \
	  fi; \
	  echo "Installing swi-prolog-nox with apt-get ..."; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq swi-prolog-nox >/dev/null; \
	}

# The page's tests drive Debian's chromium through its driver; without them (not root,
# or no package) those tests skip and say why.
browser:
	@command -v chromedriver >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing chromium and chromium-driver with apt-get (for the page's tests) ..."; \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null 2>&1 || \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null; } || \
	    echo "chromium-driver could not be installed: the browser tests will skip" >&2; \
	  fi; \
	}

# The print tests render the PDF back to pictures with poppler's pdftoppm; without it they
# skip and say why.
paper:
	@command -v pdftoppm >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing poppler-utils with apt-get (for the print tests) ..."; \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null 2>&1 || \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq poppler-utils >/dev/null; } || \
	    echo "poppler-utils could not be installed: the print tests will skip" >&2; \
	  fi; \
	}

# The outside generators bench/generate.py measures beside ours (Debian's sgt-puzzles and
# qqwing; --generate runs headless); without them (not root) those rows say how to get them.
yardsticks:
	@command -v qqwing >/dev/null 2>&1 && test -x /usr/games/sgt-solo || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing sgt-puzzles and qqwing with apt-get (for bench/generate.py) ..."; \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sgt-puzzles qqwing >/dev/null 2>&1 || \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sgt-puzzles qqwing >/dev/null; } || \
	    echo "sgt-puzzles and qqwing could not be installed: their rows stay empty" >&2; \
	  fi; \
	}

$(STAMP): pyproject.toml
	@test -x $(PY) || python3 -m venv $(VENV)
	@$(PY) -m pip install -q --disable-pip-version-check -e '.[test]'
	@touch $@

run: setup
	$(VENV)/bin/puzzlog solve puzzles/*.txt puzzles/*.sdk puzzles/kakuro/* puzzles/futoshiki/* puzzles/generated/*

# Three workers on CI's two cores: a third of the suite's time is spent waiting (browsers,
# servers, subprocesses), and the third worker fills it (519 s against 563 s measured). A fourth
# does not pay (587 s against 563 s).
test: setup browser paper
	$(PY) -m pytest -q -n 3 --dist worksteal --durations=30

bench: setup yardsticks
	$(PY) bench/sudoku.py
	$(PY) bench/kakuro.py
	$(PY) bench/killer.py
	$(PY) bench/futoshiki.py
	$(PY) bench/generate.py
	$(PY) bench/batch.py
	$(PY) bench/serve.py

soak: setup
	$(PY) bench/soak.py

serve: setup
	$(VENV)/bin/puzzlog serve

clean:
	rm -rf $(VENV) build *.egg-info
