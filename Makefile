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

test: $(STAMP)
	$(BIN)/python -m pytest -n auto --dist loadscope

bench: $(STAMP)
	for b in bench/bench_*.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf site .rulekb
