# The README's commands. `make demo` and `make test` install what is missing (Debian packages, as
# root), configure, build (Release) and run; `make bench` runs the Google Benchmark suites.
BUILD    ?= build
JOBS     ?= $(shell nproc)
GAMELAB  := $(BUILD)/apps/gamelab
PACKAGES := g++ make cmake ccache catch2 libbenchmark-dev nlohmann-json3-dev libcli11-dev openmpi-bin libopenmpi-dev python3
CTEST    := ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)
# `make fuzz`: clang's libFuzzer targets for every input parser, FUZZ_SECONDS each (never part of test).
FUZZ_BUILD    ?= build-fuzz
FUZZ_SECONDS  ?= 60
FUZZ_PACKAGES := clang libclang-rt-14-dev libomp-dev
# `make test-slow` only: the report's pages rendered in headless Chromium (tests/report/render_test.cpp).
SLOW_PACKAGES := chromium

.PHONY: all deps configure build build-gamelab build-tests demo test test-slow bench clean fuzz

all: build

deps:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" \
	    || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing:$$missing"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get update -qq && apt-get install -y -qq --no-install-recommends $$missing; \
	  else \
	    echo "missing packages; run as root:"; \
	    echo "  apt-get update && apt-get install -y$$missing"; exit 1; \
	  fi; \
	fi

configure: deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release >/dev/null

build: configure
	@cmake --build $(BUILD) -j $(JOBS)

# The demo runs only the gamelab command: building the tests and benchmarks first took 8 of its
# 9 minutes on a fresh 2-core machine.
build-gamelab: configure
	@cmake --build $(BUILD) -j $(JOBS) --target gamelab

# The main job, the whole lab in a few minutes: prove Raichu's move generator (perft), tune its
# evaluation weights by SPSA (fixed seed), verify the tuned weights against the defaults with an SPRT
# match, and write the report ($(DEMO)/report/index.html). Under a minute on 2 cores after the build.
DEMO := $(BUILD)/demo
demo: build-gamelab
	@mkdir -p $(DEMO)
	@echo "== 1/4 perft: Raichu's move generator against datasets/perft/raichu.json =="
	@$(GAMELAB) perft raichu --check --threads $(JOBS) > $(DEMO)/perft.txt || { cat $(DEMO)/perft.txt; exit 1; }
	@tail -n 1 $(DEMO)/perft.txt
	@echo "== 2/4 SPSA: Raichu's 15 evaluation weights, 200 iterations x 4 game pairs at 300 nodes a move, seed 1 =="
	@rm -rf $(DEMO)/raichu-spsa $(DEMO)/report
	@$(GAMELAB) tune spsa raichu --params tuner/examples/raichu_eval.spsa --iterations 200 --pairs-per-iteration 4 \
	  --limit nodes=300 --seed 1 --concurrency $(JOBS) --verify-games 0 --campaign $(DEMO)/raichu-spsa
	@echo "== 3/4 verification: tuned against the defaults, SPRT elo0=0 elo1=15, at most 2000 games =="
	@$(GAMELAB) tune verify $(DEMO)/raichu-spsa --games 2000 --sprt elo0=0,elo1=15 --concurrency $(JOBS)
	@echo "== 4/4 report =="
	@$(GAMELAB) report $(DEMO)/raichu-spsa --out $(DEMO)/report --title "gamelab demo: Raichu's evaluation tuned by SPSA"
	@echo "open $(abspath $(DEMO))/report/index.html in a browser (summary.md beside it has the same numbers)"

# The tests run with TMPDIR set to an empty folder of their own, which must be empty again at the end:
# a test that leaves a temporary file or folder behind fails `make test`, naming what it left. The
# checkout must not change either: a path that `git status` lists after the tests and did not list
# before (a file written into the source tree, a committed file changed) fails `make test`, naming it.
# On a fresh clone (CI) that means `git status --porcelain` is empty after the tests.
TEST_TMP := $(abspath $(BUILD))/test-tmp
GIT_STATUS := git status --porcelain --untracked-files=all 2>/dev/null | sort
define run_ctest
	@rm -rf $(TEST_TMP) && mkdir -p $(TEST_TMP)
	@$(GIT_STATUS) > $(TEST_TMP).status-before
	@TMPDIR=$(TEST_TMP) $(CTEST) $(1)
	@left=$$(ls -A $(TEST_TMP)); if [ -n "$$left" ]; then \
	  echo "the tests left these in their temporary folder $(TEST_TMP):"; echo "$$left"; exit 1; fi
	@changed=$$($(GIT_STATUS) | comm -13 $(TEST_TMP).status-before -); rm -f $(TEST_TMP).status-before; \
	if [ -n "$$changed" ]; then \
	  echo "the tests changed the checkout (git status, before the tests these were not listed):"; \
	  echo "$$changed"; exit 1; fi
endef

# The tests need the test programs, gamelab and the release bots, not the benchmarks (`make bench`).
build-tests: configure
	@cmake --build $(BUILD) -j $(JOBS) --target gamelab_tests

test: build-tests
	$(call run_ctest,-LE slow)

test-slow: build-tests
	@$(MAKE) --no-print-directory deps PACKAGES="$(PACKAGES) $(SLOW_PACKAGES)"
	$(call run_ctest,-L slow)

# bench_match leaves Bullets out: its games at 10,000 iterations a move take minutes each
# (docs/tools/match.md §6); `build/bench/bench_match --benchmark_filter=bullets` runs it (about 1.5 hours).
bench: build
	@for b in $(BUILD)/bench/bench_*; do \
	  case $$b in *bench_match) $$b --benchmark_filter=-bullets;; *) $$b;; esac; done
	@$(GAMELAB) perft raichu --n 8 --depth 6 --threads 1
	@$(GAMELAB) perft raichu --n 8 --depth 6 --threads $(JOBS)
	@python3 bench/python/python_speed.py $(GAMELAB)
	@python3 bench/python/dcms_speed.py $(GAMELAB)

# Builds with clang in $(FUZZ_BUILD) (every target instrumented, ASan and UBSan on), then runs each fuzz
# target for $(FUZZ_SECONDS) s from its committed seeds in fuzz/corpus/ (fuzz/run_fuzzers.sh).
fuzz:
	@$(MAKE) --no-print-directory deps PACKAGES="$(PACKAGES) $(FUZZ_PACKAGES)"
	@cmake -S . -B $(FUZZ_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ -DGAMELAB_FUZZ=ON \
	  -DGAMELAB_TESTS=OFF -DGAMELAB_BENCH=OFF -DGAMELAB_MPI=OFF >/dev/null
	@cmake --build $(FUZZ_BUILD) -j $(JOBS) --target fuzz_targets
	@bash fuzz/run_fuzzers.sh $(FUZZ_BUILD) $(FUZZ_SECONDS)

clean:
	rm -rf $(BUILD)
