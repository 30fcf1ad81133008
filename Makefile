# Common commands. The first use creates .venv and installs the project with its dev tools.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint typecheck check selfplay bench goldens clean

run: $(STAMP)                 ## start the bot (DISCORD_TOKEN from .env, SQLite by default)
	$(BIN)/caravanserai run

test: $(STAMP)                ## the whole test suite, with a throwaway PostgreSQL if installed
	.ci/with-postgres $(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy games renderers storage bot bench

check: lint typecheck test

# Every installed game, unless named: make selfplay GAMES="name ..."
GAMES ?= $(shell $(BIN)/python -c "from games.core import discovery; print(*(s.name for s in discovery.specs()))")

selfplay: $(STAMP)            ## 500 seeded games of each game between agents, as JSON lines
	for game in $(GAMES); do \
	  $(BIN)/caravanserai selfplay $$game --games 500 --seed 1 --json || exit 1; \
	done

bench: $(STAMP)
	$(BIN)/caravanserai bench --json

goldens: $(STAMP)             ## redraw the golden images after an intended change
	UPDATE_GOLDEN=1 $(BIN)/python -m pytest tests/renderers

# A .venv left half made (no pip in it, e.g. after python3-venv was missing) is made again.
$(STAMP): pyproject.toml
	@$(BIN)/python -m pip --version >/dev/null 2>&1 || { \
	  rm -rf $(VENV); \
	  $(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	    echo "Could not create $(VENV). On Debian or Ubuntu: sudo apt-get install python3-venv" >&2; \
	    exit 1; }; }
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache .ruff_cache
