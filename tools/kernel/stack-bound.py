#!/usr/bin/env python3
"""The most kernel stack chess.ko can use: a bound from its machine code, not a measurement.

    tools/kernel/stack-bound.py build/module/driver/chess.ko --config KDIR/.config
    tools/kernel/stack-bound.py --config KDIR/.config     # just that kernel's task stack

Reads `objdump -dr` of the module, takes each function's frame from its pushes and `sub
$n,%rsp` (the deepest point of %rsp, plus the return address) and follows its calls from the
entry points the kernel calls (the file operations, init and exit): direct ones, calls through
relocations to the module's own symbols, and indirect ones. An indirect call reaches the methods
at its vtable slot when the load of the pointer shows it, else any method the module's data
points to (the trait objects' vtables), though never its own impl's.

Two recursions are allowed, each bounded by the core: the search (negamax and quiescence take
turns, `MAX_RECURSION` frames at most, in `chess-core/src/search.rs`) and perft (`MAX_PERFT`
frames, `chess-core/src/command.rs`). Any other cycle is an error.

A call into the kernel is charged KERNEL_CALL bytes, and the kernel's path from the system call
to the module's entry point KERNEL_ENTRY bytes: the part of the figure that is an estimate, not
read from this module's code. The figure is checked against the task's stack (16 KiB, or 32 KiB
when KASAN doubles it); exit status 1 when it does not fit, 2 when the code cannot be analysed
(a frame of run-time size, an unbounded recursion).
"""

import argparse
import re
import subprocess
import sys
from pathlib import Path

# x86-64's task stack without KASAN; the kernel warns of C functions with frames over FRAME_WARN.
THREAD_SIZE = 16384
FRAME_WARN = 1280
# The kernel's part of the stack, which this module's code does not show. Below the module: the
# system call's registers (168 bytes), its path to the file operation, and the random offset
# that RANDOMIZE_KSTACK_OFFSET puts under it (up to 1 KiB, on by default in distributions).
# Above it: a kernel function the module calls, say a contended mutex_lock() and the schedule()
# inside it. Estimates, not bounds.
KERNEL_ENTRY = 2048
KERNEL_CALL = 2048
KERNEL = "the kernel"
# Not charged: the return thunk is a `ret`; the string functions use no stack of their own;
# panics and KASAN's reports end in an oops (a bug, whatever the stack).
LEAVES = re.compile(r"^(__x86_return_thunk|memcpy|memset|memmove|bcmp|memcmp|strlen)$")
NOT_COUNTED = re.compile(r"^__asan_report|^__asan_handle_no_return$|4core9panicking|panic_")
# The kernel calls these; nothing in the module calls them through a pointer.
ENTRY_POINTS = re.compile(r"MiscdeviceVTable|init_module|cleanup_module|___module_init")
# The recursions the core bounds: each is one node of the call graph, with room for its frames.
SEARCH = re.compile(r"6search.*(7negamax|10quiescence)")
# A nested search's own frame (a singular search's, between a node and its search without the
# table move, or ProbCut's): at most one in a line, since nested searches do not nest.
SINGULAR = re.compile(r"6search.*(8singular|7probcut)")
PERFT = re.compile(r"6search5perft")

HEADER = re.compile(r"^([0-9a-f]+) <(.+)>:$")
INSN = re.compile(r"^\s+([0-9a-f]+):\s+(\S+)\s*(.*)$")
RELOC = re.compile(r"^\s+[0-9a-f]+: (R_X86_64_\S+)\s+(\S+)$")
TARGET = re.compile(r"^([0-9a-f]+) <([^>+]+)(\+0x[0-9a-f]+)?>$")
SECTION = re.compile(r"^Disassembly of section (\S+):$")


class Function:
    def __init__(self, name, section, addr):
        self.name, self.section, self.addr = name, section, addr
        self.insns = []  # [addr, mnemonic, operands, reloc or None]
        self.frame = 0
        self.calls = set()  # names of the module's functions
        self.kernel_calls = set()
        self.indirect = set()  # the vtable slots it calls through (None: any)


_NAMES = {}


def short(name):
    """A symbol as Rust writes it (demangled by c++filt), without crate hashes."""
    if name not in _NAMES:
        out = subprocess.run(["c++filt"], input=name, capture_output=True, text=True).stdout
        _NAMES[name] = re.sub(r"\[[0-9a-f]+\]", "", out.strip() or name)
    return _NAMES[name]


def parse(ko):
    text = subprocess.run(
        ["objdump", "-dr", "--no-show-raw-insn", str(ko)],
        check=True, capture_output=True, text=True,
    ).stdout
    funcs, section, cur = {}, None, None
    for line in text.splitlines():
        if m := SECTION.match(line):
            section = m.group(1)
        elif m := HEADER.match(line):
            cur = Function(m.group(2), section, int(m.group(1), 16))
            funcs[cur.name] = cur
        elif cur is None:
            continue
        elif m := RELOC.match(line):
            if cur.insns:
                cur.insns[-1][3] = (m.group(1), m.group(2))
        elif m := INSN.match(line):
            cur.insns.append([int(m.group(1), 16), m.group(2), m.group(3), None])
    return funcs


def pointers(ko, funcs):
    """The functions whose address the module's data holds, each with its vtable slot.

    A Rust vtable is a drop function (or null), size and alignment, then the methods, so a
    method's slot is its distance from the first method of its run of pointers, plus 0x18."""
    text = subprocess.run(
        ["objdump", "-r", str(ko)], check=True, capture_output=True, text=True
    ).stdout
    starts = {(f.section, f.addr): f.name for f in funcs.values()}
    found, section = [], None
    for line in text.splitlines():
        if line.startswith("RELOCATION RECORDS FOR"):
            section = line.split("[", 1)[1].split("]", 1)[0]
            continue
        fields = line.split()
        if len(fields) != 3 or fields[1] != "R_X86_64_64":
            continue
        if not section.startswith((".data", ".rodata")):
            continue  # code, debug information, patch sites: not pointers the module calls
        target, name = fields[2], None
        if target in funcs:
            name = target
        elif m := re.match(r"^(\.[\w.]+)\+0x([0-9a-f]+)$", target):
            name = starts.get((m.group(1), int(m.group(2), 16)))
        if name:
            found.append((section, int(fields[0], 16), name))
    slots, first, prev = {}, None, None
    for section, at, name in sorted(found):
        if not prev or prev != (section, at - 8):
            first = at
        prev = (section, at)
        slots.setdefault(name, set()).add(at - first + 0x18)
    return slots


def slot_of(f, i, reg):
    """The vtable slot an indirect call through `reg` (at instruction `i`) loads, if it shows."""
    for _, op, args, _ in reversed(f.insns[max(0, i - 12):i]):
        if not args.endswith("," + reg):
            continue
        if m := re.match(r"^0x([0-9a-f]+)\(%r(?!sp|bp)\w+\)," + re.escape(reg) + "$", args):
            return int(m.group(1), 16) if op == "mov" else None
        if m := re.match(r"^\$0x([0-9a-f]+)," + re.escape(reg) + "$", args):
            return int(m.group(1), 16) if op == "add" else None
        return None
    return None


def containing(funcs, section, offset):
    best = None
    for f in funcs.values():
        if f.section == section and f.addr <= offset and (best is None or f.addr > best.addr):
            best = f
    return best


def analyse(f, funcs):
    """The frame (deepest %rsp below the return address, plus it) and the calls of `f`."""
    depth, deepest = 0, 0
    for i, (addr, op, args, reloc) in enumerate(f.insns):
        if op == "push":
            depth += 8
        elif op == "pop":
            depth -= 8
        elif args.endswith(",%rsp"):
            m = re.match(r"^\$0x([0-9a-f]+),%rsp$", args)
            if op not in ("sub", "add") or not m:
                raise Analysis(f"{short(f.name)}: {op} {args} at {addr:x} (a frame of run-time size)")
            depth += int(m.group(1), 16) * (1 if op == "sub" else -1)
        deepest = max(deepest, depth)
        leaves = op == "ret"
        if op in ("call", "jmp"):
            leaves = op == "jmp" and not local_jump(f, args, reloc)
            if reloc:
                call(f, funcs, reloc[1], i)
            elif m := re.match(r"^\*0x([0-9a-f]+)\(%r(?!sp|bp)\w+\)$", args):
                f.indirect.add(int(m.group(1), 16))
            elif m := re.match(r"^\*\(?(%r\w+)\)?$", args):
                f.indirect.add(slot_of(f, i, m.group(1)))
            elif args.startswith("*"):
                f.indirect.add(None)
            elif (m := TARGET.match(args)) and m.group(3) is None and m.group(2) in funcs:
                f.calls.add(m.group(2))
        if leaves:
            # An epilogue or a tail call: the next block starts again at the body's depth.
            depth = deepest
    f.frame = 8 + deepest


def local_jump(f, args, reloc):
    """A jump within `f` (a branch, or a jump table's), not a return or a tail call."""
    if reloc:
        return False
    if args.startswith("*"):
        return True
    m = TARGET.match(args)
    return bool(m) and m.group(2) == f.name and m.group(3) is not None


def call(f, funcs, target, i):
    """A call (or tail call) through a relocation: to the module, the kernel or a thunk."""
    sym = re.sub(r"[-+]0x[0-9a-f]+$", "", target)
    if sym in funcs:
        f.calls.add(sym)
    elif sym.startswith("."):
        off = int(target.rsplit("+0x", 1)[1], 16) + 4 if "+0x" in target else 4
        if g := containing(funcs, sym, off):
            f.calls.add(g.name)
    elif sym.startswith("__x86_indirect_thunk_"):
        f.indirect.add(slot_of(f, i, "%" + sym.removeprefix("__x86_indirect_thunk_")))
    elif not (NOT_COUNTED.search(sym) or LEAVES.search(sym)):
        f.kernel_calls.add(sym)


class Analysis(Exception):
    pass


def components(nodes, successors):
    """Tarjan's strongly connected components (iteratively): node -> component index."""
    index, low, on, stack, comp = {}, {}, set(), [], {}
    count = 0
    for root in nodes:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        work = [(root, iter(sorted(successors[root])))]
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(successors[w]))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp[w] = count
                        if w == v:
                            break
                    count += 1
    return comp


def impl_of(name):
    """A method's impl block: its symbol without the method's own name."""
    return re.sub(r"\d+[A-Za-z_]\w*$", "", name) if name.startswith("_RNvX") else name


def bound(funcs, slots, recursions):
    """The deepest stack from the kernel's entry points: (bytes, the chain that needs them)."""
    # Each bounded recursion is one node of the graph (negamax and quiescence take turns on the
    # stack), with room for its bound of frames; every other function is its own node.
    def node_of(name):
        for label, kinds in recursions:
            if any(pattern.search(name) for pattern, _ in kinds):
                return label
        return name

    limits = dict(recursions)
    members, successors = {}, {}
    for name, f in funcs.items():
        members.setdefault(node_of(name), []).append(f)
    for node, fs in members.items():
        successors[node] = {node_of(c) for f in fs for c in f.calls}
    comp = components(list(members), successors)
    sizes = {}
    for node in members:
        sizes[comp[node]] = sizes.get(comp[node], 0) + 1
    for node in members:
        if node in successors[node] and node not in limits or sizes[comp[node]] > 1:
            cycle = sorted(short(n) for n in members if comp[n] == comp[node])
            raise Analysis("unbounded recursion: " + ", ".join(cycle))

    # An indirect call may reach any method the module stores in a vtable, except the entry
    # points and its own impl's (a trait object does not hold its own type).
    methods = sorted(n for n in slots if not ENTRY_POINTS.search(n))

    def targets_of(f):
        out = set()
        for slot in f.indirect:
            fit = [n for n in methods if slot in slots[n]]
            out |= {n for n in (fit or methods) if impl_of(n) != impl_of(f.name)}
        return out

    memo = {}

    def cost(node, visiting):
        if node in memo:
            return memo[node][0]
        if node in visiting:
            chain = " -> ".join(short(v) for v in [*visiting, node])
            raise Analysis("unbounded recursion through a pointer: " + chain)
        visiting[node] = None
        if node in limits and node in successors[node]:
            # Each kind of frame as often as the core allows, at its largest.
            kinds = [(count, [f.frame for f in members[node] if p.search(f.name)])
                     for p, count in limits[node]]
            size = sum(count * max(frames) for count, frames in kinds if frames)
            label = " + ".join(f"{count} x {max(frames)}" for count, frames in kinds if frames)
            label = f"{node} ({label})"
        else:
            size = max(f.frame for f in members[node])
            label = f"{short(node) if node in funcs else node} ({size})"
        best, via = 0, None
        for f in members[node]:
            targets = {node_of(c) for c in f.calls} - {node}
            targets |= {node_of(n) for n in targets_of(f)}
            if f.kernel_calls and KERNEL_CALL > best:
                best, via = KERNEL_CALL, KERNEL
            for t in sorted(targets - {node}):
                if (c := cost(t, visiting)) > best:
                    best, via = c, t
        del visiting[node]
        memo[node] = (size + best, label, via)
        return memo[node][0]

    roots = sorted(n for n in funcs if ENTRY_POINTS.search(n))
    total, root = max((cost(r, {}) + KERNEL_ENTRY, r) for r in roots)
    path, node = [f"the kernel's entry ({KERNEL_ENTRY})"], root
    while node is not None:
        if node == KERNEL:
            path.append(f"a kernel function ({KERNEL_CALL})")
            break
        _, label, node = memo[node]
        path.append(label)
    return total, root, path, {n for n in funcs if node_of(n) in memo}


def thread_size(config):
    """The task stack of a kernel built with `config` (x86-64: KASAN doubles it)."""
    kasan = "CONFIG_KASAN=y" in config.read_text().splitlines()
    return THREAD_SIZE * 2 if kasan else THREAD_SIZE


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("module", type=Path, nargs="?",
                    help="the module to bound (without it: print the task stack and exit)")
    ap.add_argument("--config", type=Path,
                    help=f"the .config of the kernel it is for (default: a {THREAD_SIZE}-byte stack)")
    ap.add_argument("--core", type=Path, default=Path(__file__).resolve().parents[2] / "chess-core/src",
                    help="the core's sources, for MAX_PLY, MAX_RECURSION and MAX_PERFT")
    args = ap.parse_args()
    stack = thread_size(args.config) if args.config else THREAD_SIZE
    if not args.module:
        print(stack)
        return 0
    source = (args.core / "search.rs").read_text()
    max_ply = int(re.search(r"pub const MAX_PLY: usize = (\d+);", source).group(1))
    extra = re.search(r"pub const MAX_RECURSION: usize = MAX_PLY \+ (\d+);", source)
    # perft(depth) calls itself down to depth 1 (perft_interruptible down to its poll depth).
    perft = re.search(r"pub const MAX_PERFT: u32 = (\d+);", (args.core / "command.rs").read_text())
    recursion = max_ply + int(extra.group(1))
    recursions = [("search", [(SEARCH, recursion), (SINGULAR, 1)]),
                  ("perft", [(PERFT, int(perft.group(1)))])]
    funcs = parse(args.module)
    try:
        for f in funcs.values():
            analyse(f, funcs)
        total, root, path, reached = bound(funcs, pointers(args.module, funcs), recursions)
    except Analysis as e:
        print(f"stack-bound: {args.module}: {e}")
        return 2
    search = max(f.frame for n, f in funcs.items() if SEARCH.search(n))
    fits = total <= stack
    print(f"stack-bound: {args.module}: {total} of {stack} bytes at most"
          f" ({'fits' if fits else 'DOES NOT FIT'}); the search's {recursion} frames"
          f" (MAX_PLY {max_ply}) take up to {search} bytes each")
    print("stack-bound: the deepest chain: " + " -> ".join(path))
    big = sorted((funcs[n].frame, short(n)) for n in reached if funcs[n].frame > FRAME_WARN)
    if big:
        print(f"stack-bound: frames over {FRAME_WARN} bytes: "
              + ", ".join(f"{name} ({frame})" for frame, name in reversed(big)))
    return 0 if fits else 1


if __name__ == "__main__":
    sys.exit(main())
