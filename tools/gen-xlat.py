#!/usr/bin/python3
"""Generates the xlat flag and constant tables from the src/base/xlat/*.in name lists.

Each list names symbols only; their values come from the system headers when the generated C
is compiled, so a table can never disagree with the headers it was built against.

List format (one file per table, the table is named after the file without ".in"):

    # free text comment (a '#' followed by a blank, or a lone '#')
    #kind flags | const      exactly once
    #enum                    optional: names are enumerators, not macros, so they cannot be
                             tested with #ifdef and are emitted unguarded (no fallbacks then)
    #include <header.h>      one or more: where the names are defined
    #unknown LABEL           optional: what strace's comment calls a value no name knows,
                             0x10 /* LABEL */; "none" for no comment. By default the names'
                             common prefix up to its last '_', then "???" (RLIMIT_???). A
                             label is strace's own, odd ones too: ?_OK, RENAME_??.
    NAME                     emitted only when the headers define NAME
    NAME FALLBACK            FALLBACK (a C expression) is used when the headers lack NAME;
                             when they have it, a _Static_assert checks that both agree

Tables whose headers are all kernel UAPI ones (linux/, asm/, asm-generic/) are compiled in one
unit and all others in another, because the UAPI headers clash with glibc's (struct sigaction,
struct timespec, the MS_* enum of <sys/mount.h>, O_LARGEFILE being 0 in glibc on 64-bit, ...).

Usage: gen-xlat.py -o OUTDIR LIST.in...
Writes OUTDIR/xlat_tables.h, OUTDIR/xlat_tables.c (libc unit and the name index) and
OUTDIR/xlat_tables_uapi.c.
"""

import argparse
import os
import re
import sys

NAME_RE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
TABLE_RE = re.compile(r"[a-z][a-z0-9_]*$")
INCLUDE_RE = re.compile(r"<[A-Za-z0-9_./+-]+>$")
UAPI_PREFIXES = ("linux/", "asm/", "asm-generic/")

UNITS = (
    ("libc", "xlat_tables.c"),
    ("uapi", "xlat_tables_uapi.c"),
)


class ListError(Exception):
    pass


class Table:
    def __init__(self, path):
        self.path = path
        self.name = os.path.basename(path)[: -len(".in")]
        self.kind = None
        self.is_enum = False
        self.includes = []
        self.entries = []  # (name, fallback or None, line number)
        self.unknown = None  # None: derived from the names; "" for none

    @property
    def unit(self):
        if all(inc[1:].startswith(UAPI_PREFIXES) for inc in self.includes):
            return "uapi"
        return "libc"


def parse_list(path):
    if not path.endswith(".in"):
        raise ListError(f"{path}: a list's file name must end in .in")
    table = Table(path)
    if not TABLE_RE.match(table.name):
        raise ListError(f"{path}: table name '{table.name}' must be lower case [a-z0-9_]")
    seen = set()
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.strip()
            where = f"{path}:{lineno}"
            if not line or line == "#" or line.startswith(("# ", "#\t")):
                continue
            if line.startswith("#"):
                word, _, arg = line[1:].replace("\t", " ").partition(" ")
                arg = arg.strip()
                if word == "kind":
                    if table.kind is not None:
                        raise ListError(f"{where}: #kind given twice")
                    if arg not in ("flags", "const"):
                        raise ListError(f"{where}: #kind must be 'flags' or 'const'")
                    table.kind = arg
                elif word == "enum" and not arg:
                    table.is_enum = True
                elif word == "unknown":
                    if table.unknown is not None:
                        raise ListError(f"{where}: #unknown given twice")
                    if not re.fullmatch(r"none|[A-Za-z0-9_?]*\?[A-Za-z0-9_?]*", arg):
                        raise ListError(f"{where}: #unknown wants a label with a ? (PREFIX_???) or none")
                    table.unknown = "" if arg == "none" else arg
                elif word == "include":
                    if not INCLUDE_RE.match(arg):
                        raise ListError(f"{where}: #include wants a <system/header.h>")
                    if arg not in table.includes:
                        table.includes.append(arg)
                else:
                    raise ListError(f"{where}: unknown directive '{line}'")
                continue
            name, _, fallback = line.replace("\t", " ").partition(" ")
            fallback = fallback.strip() or None
            if not NAME_RE.match(name):
                raise ListError(f"{where}: '{name}' is not a C identifier")
            if name in seen:
                raise ListError(f"{where}: {name} listed twice")
            if fallback is not None and any(c in fallback for c in '"\\\'/'):
                raise ListError(f"{where}: a fallback is a C expression without quotes or /")
            if fallback is not None and table.is_enum:
                raise ListError(f"{where}: an #enum list cannot have fallback values")
            seen.add(name)
            table.entries.append((name, fallback, lineno))
    if table.kind is None:
        raise ListError(f"{path}: no #kind line")
    if not table.includes:
        raise ListError(f"{path}: no #include line")
    if not table.entries:
        raise ListError(f"{path}: no names")
    return table


class Writer:
    """Collects output lines and keeps #line directives honest in both directions."""

    def __init__(self, filename):
        self.filename = filename
        self.lines = []

    def add(self, text=""):
        self.lines.extend(text.split("\n"))

    def at_list(self, path, lineno):
        # Diagnostics about a name (an unknown enumerator, a fallback the headers contradict)
        # then point at the list line that has to change, not at generated code.
        self.lines.append(f'#line {lineno} "{path}"')

    def back_home(self):
        self.lines.append(f'#line {len(self.lines) + 2} "{self.filename}"')

    def text(self):
        return "\n".join(self.lines) + "\n"


def unknown_label(t):
    """strace's name for a value no entry has: the names' common prefix to its last '_'."""
    if t.unknown is not None:
        return t.unknown or None
    prefix = os.path.commonprefix([name for name, _, _ in t.entries])
    cut = prefix.rfind("_")
    return prefix[: cut + 1] + "???" if cut > 0 else None


def emit_table(w, t):
    cname = f"xlat_{t.name}"
    kind = "XLAT_FLAGS" if t.kind == "flags" else "XLAT_CONST"
    w.add(f"/* {t.name}: {t.kind}, from {t.path} */")

    for name, fallback, lineno in t.entries:
        if fallback is None:
            continue
        w.add(f"#ifdef {name}")
        w.at_list(t.path, lineno)
        w.add(
            f"_Static_assert((uint64_t)({name}) == (uint64_t)({fallback}), "
            f'"{name}: the fallback value in {t.name}.in disagrees with the headers");'
        )
        w.back_home()
        w.add("#else")
        w.add(f"#define {name} ({fallback})")
        w.add("#endif")

    conv = "XLAT_BITS" if t.kind == "flags" else "(uint64_t)"
    w.add(f"static const struct xlat_entry {cname}_entries[] = {{")
    for name, fallback, lineno in t.entries:
        guarded = not t.is_enum and fallback is None
        if guarded:
            w.add(f"#ifdef {name}")
        w.at_list(t.path, lineno)
        w.add(f'\t{{ {conv}({name}), "{name}" }},')
        w.back_home()
        if guarded:
            w.add("#endif")
    w.add("\t{ 0, NULL } /* end marker, not counted: keeps the array non-empty */")
    w.add("};")
    w.add("")

    w.add(f"const struct xlat {cname} = {{")
    w.add(f'\t.name = "{t.name}",')
    w.add(f"\t.kind = {kind},")
    label = unknown_label(t)
    w.add(f'\t.unknown = "{label}",' if label else "\t.unknown = NULL,")
    w.add(f"\t.entries = {cname}_entries,")
    w.add(f"\t.nentries = sizeof({cname}_entries) / sizeof({cname}_entries[0]) - 1,")
    w.add("};")
    w.add("")


def gen_unit(filename, unit, tables, all_tables, argv0):
    w = Writer(filename)
    role = {
        "libc": "tables whose names come from glibc headers (with the UAPI ones glibc pulls in), "
        "and the index of all tables",
        "uapi": "tables whose names come from kernel UAPI headers only, kept apart from glibc's",
    }[unit]
    w.add(f"/* Generated by {argv0} from the src/base/xlat lists: do not edit. xlat {role}. */")
    if unit == "libc":
        w.add("#ifndef _GNU_SOURCE")
        w.add("#define _GNU_SOURCE /* most Linux-only names hide behind it */")
        w.add("#endif")
    includes = []
    for t in tables:
        for inc in t.includes:
            if inc not in includes:
                includes.append(inc)
    w.add("#include <stddef.h>")
    w.add("#include <stdint.h>")
    for inc in includes:
        w.add(f"#include {inc}")
    w.add('#include "xlat_tables.h"')
    w.add("")
    w.add("/*")
    w.add(" * A constant converts as C converts it, so the int AT_FDCWD is sign-extended;")
    w.add(" * a flag is a bit pattern of its own width: (1 << 31) as an int stays 32-bit.")
    w.add(" */")
    w.add("#define XLAT_BITS(v) ((uint64_t)(v) & (UINT64_MAX >> (64 - 8 * sizeof(v))))")
    w.add("")
    for t in tables:
        emit_table(w, t)
    if unit == "libc":
        w.add("/* Sorted by name (strcmp order) for xlat_find's binary search. */")
        w.add("const struct xlat *const xlat_index[] = {")
        for t in sorted(all_tables, key=lambda t: t.name.encode()):
            w.add(f"\t&xlat_{t.name},")
        w.add("};")
        w.add("")
        w.add(f"const unsigned int xlat_index_len = {len(all_tables)};")
    return w.text()


def gen_header(tables, argv0):
    out = [
        f"/* Generated by {argv0} from the src/base/xlat lists: do not edit. The xlat tables. */",
        "#ifndef BTFTRACE_XLAT_TABLES_H",
        "#define BTFTRACE_XLAT_TABLES_H",
        "",
        '#include "base/xlat.h"',
        "",
        f"#define XLAT_NTABLES {len(tables)}",
        "",
        "/* Every table, for direct use where the name is known when compiling. */",
    ]
    for t in sorted(tables, key=lambda t: t.name.encode()):
        out.append(f"extern const struct xlat xlat_{t.name};")
    out += [
        "",
        "/* All tables, sorted by name; xlat_find searches it. */",
        "extern const struct xlat *const xlat_index[];",
        "extern const unsigned int xlat_index_len;",
        "",
        "#endif /* BTFTRACE_XLAT_TABLES_H */",
    ]
    return "\n".join(out) + "\n"


def write_atomically(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description="Generate the xlat tables from .in name lists.")
    ap.add_argument("-o", "--outdir", required=True, help="directory for the generated files")
    ap.add_argument("lists", nargs="+", metavar="LIST.in")
    args = ap.parse_args()
    argv0 = "tools/gen-xlat.py"

    try:
        tables = [parse_list(p) for p in sorted(set(args.lists))]
    except (ListError, OSError, UnicodeDecodeError) as e:
        print(f"gen-xlat: {e}", file=sys.stderr)
        return 2
    names = [t.name for t in tables]
    if len(set(names)) != len(names):
        print("gen-xlat: two lists have the same file name", file=sys.stderr)
        return 2

    os.makedirs(args.outdir, exist_ok=True)
    for unit, filename in UNITS:
        unit_tables = [t for t in tables if t.unit == unit]
        path = os.path.join(args.outdir, filename)
        text = gen_unit(path, unit, unit_tables, tables, argv0)
        write_atomically(path, text)
    # The header last: make sees it as the newest of the group.
    write_atomically(os.path.join(args.outdir, "xlat_tables.h"), gen_header(tables, argv0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
