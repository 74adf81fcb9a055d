# The README's commands. `make demo` and `make test` install what is missing (Debian packages, as
# root), configure, build (Release) and run; `make bench` runs the Google Benchmark suites.
BUILD    ?= build
JOBS     ?= $(shell nproc)
GAMELAB  := $(BUILD)/apps/gamelab
PACKAGES := g++ make cmake catch2 libbenchmark-dev nlohmann-json3-dev libcli11-dev
CTEST    := ctest --test-dir $(BUILD) --output-on-failure -j $(JOBS)

.PHONY: all deps configure build demo test test-slow bench clean

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

# The main job: prove the Raichu move generator against the perft dataset, then measure its speed.
demo: build
	@echo "== Raichu perft dataset (datasets/perft/raichu.json) =="
	@$(GAMELAB) perft raichu --suite --threads $(JOBS)
	@echo "== Raichu perft 6 from the n = 8 start: one thread, then $(JOBS) =="
	@$(GAMELAB) perft raichu --n 8 --depth 6 --threads 1
	@$(GAMELAB) perft raichu --n 8 --depth 6 --threads $(JOBS)

test: build
	@$(CTEST) -LE slow

test-slow: build
	@$(CTEST) -L slow

bench: build
	@for b in $(BUILD)/bench/bench_*; do $$b; done
	@$(GAMELAB) perft raichu --n 8 --depth 6 --threads 1
	@$(GAMELAB) perft raichu --n 8 --depth 6 --threads $(JOBS)

clean:
	rm -rf $(BUILD)
