#!/usr/bin/env python3
"""Run QEMU on TCG, and stop a guest that prints nothing.

Every guest of the project boots through this, under either name:
  qemu.py qemu-system-ARCH OPTION...   (scripts/guest/guest.sh)
  qemu-system-ARCH OPTION...           (a link to this file, first on
                                        kunit.py's PATH: scripts/guest/kunit-py.sh)

- Each -accel option is dropped and -accel tcg is put in their place.
  kunit.py asks for "-accel kvm -accel hvf -accel tcg", and QEMU takes
  KVM whenever /dev/kvm opens; nested KVM can open and still stop an
  i386 guest with "emulation failure" (at RDRAND, in the decompressor)
  before it prints anything, and QEMU then waits forever.  TCG boots the
  same image everywhere; the project's guests are small and its
  benchmarks count instructions under TCG anyway.
- A guest that prints nothing within QEMU_SILENT seconds (default 60),
  or nothing more for QEMU_QUIET seconds once it has (default 300), is
  stopped: the wrapper says so, with the last lines of the console, and
  exits 124.
QEMU's output (console and messages, merged) goes to stdout as it comes.
"""
import os
import select
import signal
import subprocess
import sys
import time


def real_qemu(name):
    """The first NAME on PATH that is not this file."""
    me = os.path.realpath(__file__)
    for d in os.environ.get('PATH', '').split(os.pathsep):
        p = os.path.join(d, name)
        if os.access(p, os.X_OK) and os.path.realpath(p) != me:
            return p
    sys.exit(f'qemu.py: no {name} on PATH')


def tcg_args(args):
    """ARGS with each -accel X (or -accel=X) replaced by one -accel tcg."""
    out, i = [], 0
    while i < len(args):
        if args[i] in ('-accel', '--accel'):
            i += 2
            continue
        if args[i].startswith(('-accel=', '--accel=')):
            i += 1
            continue
        out.append(args[i])
        i += 1
    return out + ['-accel', 'tcg']


def main():
    argv = sys.argv[1:]
    name = os.path.basename(sys.argv[0])
    if not name.startswith('qemu-system-'):
        if not argv:
            sys.exit('usage: qemu.py qemu-system-ARCH OPTION...')
        name, argv = argv[0], argv[1:]
    silent = float(os.environ.get('QEMU_SILENT', '60'))
    quiet = float(os.environ.get('QEMU_QUIET', '300'))
    proc = subprocess.Popen([real_qemu(name)] + tcg_args(argv),
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    signal.signal(signal.SIGTERM, lambda *_: (proc.kill(), sys.exit(143)))
    fd = proc.stdout.fileno()
    tail = b''
    printed = False
    last = time.monotonic()
    while True:
        limit = quiet if printed else silent
        ready, _, _ = select.select([fd], [], [], max(0.0, last + limit - time.monotonic()))
        if not ready:
            proc.kill()
            proc.wait()
            what = 'nothing more' if printed else 'nothing'
            lines = tail.decode(errors='replace').splitlines()[-20:]
            msg = [f'qemu.py: the guest printed {what} in {limit:g} s under TCG; '
                   'QEMU stopped. Last lines of its console:'] + \
                  ['  | ' + s for s in lines] + (['  (none)'] if not lines else [])
            sys.stdout.write('\n'.join(msg) + '\n')
            sys.stdout.flush()
            return 124
        data = os.read(fd, 65536)
        if not data:
            break
        os.write(1, data)
        printed = True
        last = time.monotonic()
        tail = (tail + data)[-4096:]
    return proc.wait()


if __name__ == '__main__':
    sys.exit(main())
