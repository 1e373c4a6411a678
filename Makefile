# Two commands do all the set-up on a fresh machine (Python 3.11, pip, make):
#   make app   serve the notebooks as web apps with Voilà on http://127.0.0.1:8866/ (and the live tables' dealer)
#   make test  run every test: unit, property, notebooks (nbval) and browser (Playwright)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8866
DEALER_PORT ?= 8867

.PHONY: app test bench clean

# The "pokerlab" Voilà template (the lab template without CDN stylesheets). `pip install .` puts it in
# the environment's share/jupyter; an editable install does not, so copy it there.
TEMPLATE := share/jupyter/voila/templates/pokerlab
TEMPLATE_FILES := $(VENV)/$(TEMPLATE)/conf.json $(VENV)/$(TEMPLATE)/index.html.j2

$(VENV)/$(TEMPLATE)/%: $(TEMPLATE)/% | $(BIN)/python
	mkdir -p $(dir $@)
	cp $< $@

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The app and test environments use the exact versions Binder pins, so what is tested is what ships.
PINS := -c binder/requirements.txt

$(VENV)/.installed-app: pyproject.toml binder/requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app]' $(PINS)
	touch $@

$(VENV)/.installed-test: pyproject.toml binder/requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app,test]' $(PINS)
	touch $@

$(VENV)/.installed-bench: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[app,bench]' $(PINS)
	touch $@

app: $(VENV)/.installed-app $(TEMPLATE_FILES)
	@echo ""
	@echo "  pokerlab is starting. Open  http://127.0.0.1:$(PORT)/voila/render/00-start-here.ipynb"
	@echo "  (Ctrl-C stops it.)"
	@echo ""
	@echo "  (every notebook is listed at http://127.0.0.1:$(PORT)/)"
	@# The live tables' dealer runs beside Voila (the pages' kernels find it at POKERLAB_DEALER_URL) and
	@# stops with it.
	$(BIN)/python -m pokerlab.dealer --port $(DEALER_PORT) & dealer=$$!; \
	  trap 'kill $$dealer 2>/dev/null' EXIT INT TERM; \
	  cd notebooks && POKERLAB_DEALER_URL=http://127.0.0.1:$(DEALER_PORT) ../$(BIN)/voila --port=$(PORT)

test: $(VENV)/.installed-test $(TEMPLATE_FILES)
	$(BIN)/python -m pytest

bench: $(VENV)/.installed-bench $(VENV)/.installed-test $(TEMPLATE_FILES)
	for script in benchmarks/bench_*.py; do $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
