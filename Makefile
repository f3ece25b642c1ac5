# Quick start: `make build` (set up, then build everything into site/) and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: build test setup bench clean

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -c constraints.txt -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

build: $(STAMP)
	$(BIN)/rulekb build

# pytest rewrites the asserts of every test module and of the packages its plugin comes from (kb, engine): ~480
# modules, 2.4 of a worker's 4.5 CPU s of start-up. Its cache of them is written even where the environment sets
# PYTHONDONTWRITEBYTECODE (which turns it off), into the venv rather than beside the sources.
test: $(STAMP)
	PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX=$(CURDIR)/$(VENV)/pycache $(BIN)/python -m pytest -n auto --dist loadscope

bench: $(STAMP)
	for b in bench/bench_*.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf site .rulekb
