# devlist: a Linux 7.3 patch series and the tools around it.  See README.md.
# Everything is built under build/ (not part of the repository).

SHELL := /bin/sh
KSRC ?=
# the stages of make check, in order: one list, in scripts/stages/list
STAGE_NAMES := $(shell grep -v '^\#' scripts/stages/list)
export SIGNOFF SERIES SET_SIZES OTHER_CODE_OK

.PHONY: all help run check tree kernels export export-check apply clean \
	$(STAGE_NAMES) check-series kunit-arm64 size send-dry-run bench bench-native kunit-ci \
	stress range-diff

all: help

help:
	@echo "make run           build Linux 7.3 with every series, boot it in QEMU, show /proc/devices"
	@echo "make check         all tests; ends with 'N passed, N failed, N skipped'"
	@echo "make tree          build/linux: the pristine 7.3 base committed, then both fix sets and the RFC"
	@echo "make export [SET_SIZES='5 1']   write build/linux's commits back to patches/fixes, fixes-block and rfc"
	@echo "make export-check  fail if build/linux holds work not in patches/"
	@echo "make apply KSRC=/path/to/linux [SERIES='fixes ...']   git am the series onto your own 7.3 tree"
	@echo "single stages of make check, in its order (scripts/stages/list):"
	@echo "  make $$(echo $(STAGE_NAMES) | sed 's/ / | /g')"
	@echo "not in make check (each writes its section of docs/results.md):"
	@echo "  make bench        stock, stock again, the fixes, minimal, maple and the series under QEMU TCG, interleaved"
	@echo "  make bench-native the same workloads on the extracted code in userspace, natively"
	@echo "  make size         object sizes, bloat-o-meter, net lines, entities, record sizes"
	@echo "  make kunit-ci     the suites built in (KUNIT_ALL_TESTS=y) and beside concurrent registrations"
	@echo "  make stress       a KASAN + lockdep kernel, -smp 2: registering threads, readers, the suites"
	@echo "  make kunit-arm64  the suites with kunit.py --arch=arm64 under QEMU, W=1 -Werror"
	@echo "  make send-dry-run [SIGNOFF=1] [OTHER_CODE_OK=1]   the three sets of mails, From: you, git send-email --dry-run"
	@echo "  make range-diff [SINCE=commit]  the series against an earlier internal version (default v4)"

run:
	@scripts/targets/run.sh

check:
	@scripts/targets/check.sh

tree:
	@scripts/build/deps.sh && scripts/build/tree.sh

kernels:
	@scripts/build/kernels.sh

$(STAGE_NAMES) kunit-arm64:
	@scripts/build/deps.sh && scripts/stages/run.sh $@

check-series: series

size send-dry-run:
	@scripts/targets/$@.sh

range-diff:
	@scripts/build/range-diff.sh

kunit-ci stress:
	@scripts/build/deps.sh && scripts/targets/$@.sh

bench:
	@scripts/build/deps.sh && scripts/targets/bench.sh

bench-native:
	@scripts/build/deps.sh && scripts/targets/bench-native.sh

export:
	@scripts/build/export.sh

export-check:
	@scripts/build/export-check.sh

apply:
	@test -n "$(KSRC)" || { echo "usage: make apply KSRC=/path/to/your/linux-7.3-git-tree"; exit 2; }
	@scripts/build/apply.sh "$(KSRC)"

clean:
	@scripts/build/export-check.sh && rm -rf build
