# Two commands do all the set-up on a fresh machine (Python 3.11, pip, make):
#   make app   serve the notebooks as web apps with Voilà on http://127.0.0.1:8866/ (and the live tables' dealer)
#   make test  run every test: unit, property, notebooks (nbval) and browser (Playwright)
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8866
DEALER_PORT ?= 8867

.PHONY: app test bench clean js

# The "pokerlab" Voilà template (the lab template without CDN stylesheets). `pip install .` puts it in
# the environment's share/jupyter; an editable install does not, so copy it there.
TEMPLATE := share/jupyter/voila/templates/pokerlab
TEMPLATE_FILES := $(VENV)/$(TEMPLATE)/conf.json $(VENV)/$(TEMPLATE)/index.html.j2

$(VENV)/$(TEMPLATE)/%: $(TEMPLATE)/% | $(BIN)/python
	mkdir -p $(dir $@)
	cp $< $@

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# uv fills the environments: a fresh test environment took 9 s here against pip's 42 s (3 Dec 2026, cold
# caches both), though pip also compiled the bytecode of every module it installed.
$(BIN)/uv: | $(BIN)/python
	$(BIN)/python -m pip install --quiet uv==0.13.9
INSTALL := $(BIN)/uv pip install --quiet --python $(BIN)/python

# With uv, Python writes a module's bytecode when it is first imported, so the variable that forbids
# that is not passed on: a test run starts hundreds of Python processes (servers, kernels, workers), and
# each would compile everything it imports again.
unexport PYTHONDONTWRITEBYTECODE

# The app and test environments use the exact versions Binder pins, so what is tested is what ships, and
# leave out what binder/left-out.txt names (Binder's postBuild removes it too).
PINS := -c binder/requirements.txt --override binder/left-out.txt

$(VENV)/.installed-app: pyproject.toml binder/requirements.txt binder/left-out.txt | $(BIN)/uv
	$(INSTALL) -e '.[app]' $(PINS)
	touch $@

# tests/hub runs a real JupyterHub, whose proxy is the npm package configurable-http-proxy: installed
# into the environment's folder when the machine has npm (without it those tests skip; .ci/run installs it).
# So is esbuild, which bundles the widgets' ES modules (scripts/build_js.py; its check runs in make test).
$(VENV)/.installed-test: pyproject.toml binder/requirements.txt binder/left-out.txt | $(BIN)/uv
	$(INSTALL) -e '.[app,test]' $(PINS)
	if command -v npm >/dev/null 2>&1; then npm install --silent --no-fund --no-audit --prefix $(VENV)/hub configurable-http-proxy@5.3.0; fi
	if command -v npm >/dev/null 2>&1; then $(MAKE) $(ESBUILD); fi
	touch $@

# The widgets' bundles in pokerlab/widgets/static/dist/ (committed; make app needs no Node.js). After
# changing a module in static/: make js. While working: ANYWIDGET_HMR=1 and python scripts/build_js.py --watch.
ESBUILD := $(VENV)/js/node_modules/.bin/esbuild
$(ESBUILD): | $(BIN)/python
	npm install --silent --no-fund --no-audit --prefix $(VENV)/js esbuild@$$($(BIN)/python -c 'import runpy; print(runpy.run_path("scripts/build_js.py")["ESBUILD_VERSION"])')
	touch $@

js: $(ESBUILD)
	$(BIN)/python scripts/build_js.py

$(VENV)/.installed-bench: pyproject.toml binder/left-out.txt | $(BIN)/uv
	$(INSTALL) -e '.[app,bench]' $(PINS)
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
