# devlist: a Linux 6.12 patch series and the tools around it.
# See README.md.  Everything builds under build/ (not part of the repo).

SHELL := /bin/sh
KSRC ?=

.PHONY: all help run check tree stock kunit kunit-debug boot-compare lint check-series size bench cover-letter conformance export export-check apply clean

all: help

help:
	@echo "make run           build the patched kernel, boot it in QEMU, show /proc/devices"
	@echo "make check         all tests; ends with 'N passed, N failed, N skipped'"
	@echo "make tree          build/linux: pristine base commit + the series (git am)"
	@echo "make export        write build/linux's commits back to patches/"
	@echo "make export-check  fail if build/linux holds work not in patches/"
	@echo "make apply KSRC=/path/to/linux   git am the series onto your 6.12 tree"
	@echo "make size          text/data/bss of the touched objects, stock vs patched"
	@echo "make bench         stock vs patched timings at several populations (table, JSON, plot)"
	@echo "make cover-letter  patches/0000-cover-letter.patch with the latest numbers"
	@echo "make conformance   stock vs patched: boot listings and the API transcript"
	@echo "make kunit | kunit-debug | fuzz | lint | check-series   single test stages"

run:
	@scripts/run.sh

check:
	@scripts/check.sh

tree:
	@scripts/tree.sh

stock:
	@scripts/stock.sh

kunit: tree
	@scripts/kunit.sh

kunit-debug: tree
	@scripts/kunit-debug.sh

conformance: tree
	@scripts/conformance.sh

boot-compare: conformance

.PHONY: stress
stress: tree
	@scripts/stress.sh

lint: tree
	@scripts/lint.sh

check-series: tree
	@scripts/check-series.sh

size: tree
	@scripts/size.sh

bench: tree
	@scripts/bench.sh

cover-letter: tree
	@scripts/cover-letter.sh

.PHONY: fuzz
fuzz: tree
	@scripts/fuzz.sh

export:
	@scripts/export.sh

export-check:
	@scripts/export-check.sh

apply:
	@test -n "$(KSRC)" || { echo "usage: make apply KSRC=/path/to/linux-6.12-git-tree"; exit 2; }
	@scripts/apply.sh "$(KSRC)"

clean:
	@scripts/export-check.sh && rm -rf build
