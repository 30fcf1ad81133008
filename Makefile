# Common commands. The first use creates .venv and installs the project with its dev tools.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# setup.py compiles the engine modules it lists (COMPILED) with mypyc. The extensions shadow
# the .py files beside them, so they are built again whenever one of those sources changes
# (tests refuse a stale one). BUILT is written by a successful build; absent in pure Python.
ENGINE_SOURCES := $(shell grep -o '"games/[a-z_/]*\.py"' setup.py | tr -d '"')
BUILT  := games/_compiled.json

.PHONY: run test lint typecheck check selfplay bench goldens build clean

run: $(STAMP) $(BUILT)        ## start the bot (DISCORD_TOKEN from .env, SQLite by default)
	$(BIN)/caravanserai run

test: $(STAMP) $(BUILT)       ## the whole test suite, with a throwaway PostgreSQL if installed
	.ci/with-postgres $(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy games renderers storage bot bench

check: lint typecheck test

# Every installed game, unless named: make selfplay GAMES="name ..."
GAMES ?= $(shell $(BIN)/python -c "from games.core import discovery; print(*(s.name for s in discovery.specs()))")

selfplay: $(STAMP) $(BUILT)   ## 500 seeded games of each game between agents, as JSON lines
	for game in $(GAMES); do \
	  $(BIN)/caravanserai selfplay $$game --games 500 --seed 1 --json || exit 1; \
	done

bench: $(STAMP) $(BUILT)
	$(BIN)/caravanserai bench --json

goldens: $(STAMP) $(BUILT)    ## redraw the golden images after an intended change
	UPDATE_GOLDEN=1 $(BIN)/python -m pytest tests/renderers

build: $(BUILT)               ## compile the engine modules setup.py lists, if changed

$(BUILT): setup.py $(ENGINE_SOURCES) | $(STAMP)
	$(BIN)/python setup.py --quiet build_ext --inplace

ifneq ($(CARAVANSERAI_PURE_PYTHON),)
.PHONY: $(BUILT)  # pure Python asked for: setup.py removes the extensions, whenever built
endif

# A .venv left half made (no pip in it, e.g. after python3-venv was missing) is made again.
$(STAMP): pyproject.toml
	@$(BIN)/python -m pip --version >/dev/null 2>&1 || { \
	  rm -rf $(VENV); \
	  $(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	    echo "Could not create $(VENV). On Debian or Ubuntu: sudo apt-get install python3-venv" >&2; \
	    exit 1; }; }
	$(BIN)/python -m pip install --quiet --upgrade pip
	# Installed uncompiled: the $(BUILT) rule then compiles the engine in place, once.
	CARAVANSERAI_PURE_PYTHON=1 $(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
	rm -f games/engines__mypyc.*.so $(BUILT) $(patsubst %.py,%.*.so,$(ENGINE_SOURCES))
