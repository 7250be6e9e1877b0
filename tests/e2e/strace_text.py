# SPDX-License-Identifier: GPL-2.0
"""strace's argument syntax, as btftrace's text writer writes it, read back into values; and
a value so read compared, in meaning, with what the JSON writer wrote for it (docs/json.md).

parse_call("name(args)"), parse_args(...), parse_return(...) and parse_line(...) read the text;
Comparison(...).value(text_node, json_value, where) lists how the two differ, as sentences.
"""
import base64
import re

# ---------------------------------------------------------------- the values read from text


class Node:
    """One value of the text. src is the text it was read from."""

    kind = "?"

    def __init__(self, src="", **fields):
        self.src = src
        self.__dict__.update(fields)

    def __repr__(self):
        return f"{self.kind}({self.src!r})"


class Num(Node):  # 3, -1, 0x1f, 0644, 1.5: value (an int, or a float)
    kind = "number"


class Name(Node):  # O_RDONLY, NULL, AT_FDCWD, SIG_DFL, Timeout, ?, ???
    kind = "name"


class Str(Node):  # "bytes"..., @"abstract": data (bytes), more, abstract
    kind = "string"


class Flags(Node):  # A|B|0x10: terms
    kind = "flags"


class Shift(Node):  # FUTEX_OP_SET<<28, B38400<<IBSHIFT: left, right
    kind = "shift"


class Product(Node):  # 4*1024: factors, value
    kind = "product"


class Comment(Node):  # value /* text */: inner, text
    kind = "comment"


class Struct(Node):  # {k=v, ...}: items [(key or None, node)], more
    kind = "struct"


class Pred(Node):  # {WIFEXITED(s) && WEXITSTATUS(s) == 0}: items [(macro, node or None)]
    kind = "wait status"


class Fn(Node):  # htons(9), inet_addr("127.0.0.1"): name, args
    kind = "function"


class List(Node):  # [a, b], [A B], [x], []: items, more, sep ("," a list, " " a set, None)
    kind = "list"


class NotSet(Node):  # ~[A B]: items, more
    kind = "complement set"


class InOut(Node):  # in => out: before, after
    kind = "in => out"


class Fd(Node):  # 3</path> (-y): fd (a node), path
    kind = "fd with path"


class Ref(Node):  # &sin6_addr
    kind = "reference"


class Elided(Node):  # {...}
    kind = "elided struct"


class Dots(Node):  # ... where a value or a member would be
    kind = "..."


class Note(Node):  # a return value's note: in [4], out [5] or Timeout: items [(key, node)]
    kind = "note"


class ParseError(ValueError):
    pass


# ---------------------------------------------------------------- reading the text

NUMBER = re.compile(r"-?(?:0x[0-9a-fA-F]+|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)")
IDENT = re.compile(r"-?[A-Za-z_][A-Za-z0-9_]*(?:\+\d+)?")
PRED_ITEM = re.compile(r"(?:([A-Z]+)\(s\)|(s >> \d+))(?: == )?")
ESCAPES = {"n": 10, "t": 9, "r": 13, "f": 12, "v": 11, '"': 34, "\\": 92}


def number_value(text):
    body = text.lstrip("-")
    sign = -1 if text.startswith("-") else 1
    if body.startswith(("0x", "0X")):
        return sign * int(body, 16)
    if "." in body or "e" in body or "E" in body:
        return sign * float(body)
    if len(body) > 1 and body.startswith("0"):
        return sign * int(body, 8)  # a mode, octal as chmod takes it: 0640, 000
    return sign * int(body)


def unescape(body):
    """The bytes of a C string literal's body, as quote.c escapes them."""
    out, i = bytearray(), 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out += c.encode("utf-8")
            i += 1
            continue
        nxt = body[i + 1:i + 2]
        if nxt in ESCAPES:
            out.append(ESCAPES[nxt])
            i += 2
            continue
        m = re.match(r"x([0-9a-f]{2})", body[i + 1:])
        if m:
            # every byte in hex, as random bytes show (getrandom)
            out.append(int(m.group(1), 16))
            i += 4
            continue
        m = re.match(r"[0-7]{1,3}", body[i + 1:])
        if not m:
            raise ParseError(f"unknown escape \\{nxt} in {body!r}")
        out.append(int(m.group(0), 8) & 0xff)
        i += 1 + len(m.group(0))
    return bytes(out)


class Parser:
    def __init__(self, s, pos=0):
        self.s = s
        self.i = pos

    def fail(self, what):
        raise ParseError(f"{what} at {self.i} of {self.s!r}: ...{self.s[self.i:self.i + 40]!r}")

    def at(self, text):
        return self.s.startswith(text, self.i)

    def eat(self, text):
        if not self.at(text):
            self.fail(f"expected {text!r}")
        self.i += len(text)

    def done(self):
        return self.i >= len(self.s)

    # value := expr [" => " expr]
    def value(self):
        start = self.i
        left = self.expr()
        if self.at(" => "):
            self.i += 4
            right = self.expr()
            return InOut(self.s[start:self.i], before=left, after=right)
        return left

    # expr := term ("|" term)*
    def expr(self):
        start = self.i
        terms = [self.term()]
        while self.at("|"):
            self.i += 1
            terms.append(self.term())
        if len(terms) == 1:
            return terms[0]
        return Flags(self.s[start:self.i], terms=terms)

    # term := atom ("<<" atom | ("*" number)+) [" /* text */"]
    def term(self):
        start = self.i
        node = self.atom()
        if self.at("<<"):
            self.i += 2
            right = self.atom()
            node = Shift(self.s[start:self.i], left=node, right=right)
        elif self.at("*") and isinstance(node, Num):
            factors = [node.value]
            while self.at("*"):
                self.i += 1
                factors.append(self.number().value)
            value = 1
            for f in factors:
                value *= f
            node = Product(self.s[start:self.i], factors=factors, value=value)
        if self.at(" /* "):
            end = self.s.find(" */", self.i + 4)
            if end < 0:
                self.fail("a comment that does not end")
            text = self.s[self.i + 4:end]
            self.i = end + 3
            node = Comment(self.s[start:self.i], inner=node, text=text)
        return node

    def number(self):
        m = NUMBER.match(self.s, self.i)
        if not m:
            self.fail("expected a number")
        self.i = m.end()
        return Num(m.group(0), value=number_value(m.group(0)))

    def atom(self):
        start, s = self.i, self.s
        if self.done():
            self.fail("expected a value")
        c = s[self.i]
        if c == '"' or (c == "@" and s[self.i + 1:self.i + 2] == '"'):
            return self.string()
        if self.at("{...}"):
            self.i += 5
            return Elided("{...}")
        if c == "{":
            return self.brace()
        if c == "[":
            items, more, sep = self.bracket()
            return List(s[start:self.i], items=items, more=more, sep=sep)
        if self.at("~["):
            self.i += 1
            items, more, sep = self.bracket()
            return NotSet(s[start:self.i], items=items, more=more)
        if self.at("..."):
            self.i += 3
            return Dots("...")
        if self.at("???"):
            self.i += 3
            return Name("???")
        if c == "?":
            self.i += 1
            return Name("?")
        if c == "&":
            m = IDENT.match(s, self.i + 1)
            if not m:
                self.fail("expected a name after &")
            self.i = m.end()
            return Ref(s[start:self.i], name=m.group(0))
        m = DATE.match(s, self.i)
        if m:  # time()'s note: a date stands for itself
            self.i = m.end()
            return Name(m.group(0))
        if NUMBER.match(s, self.i):
            node = self.number()
            if self.at("<") and not self.at("<<"):
                path = self.fd_path()
                return Fd(s[start:self.i], fd=node, path=path)
            return node
        m = IDENT.match(s, self.i)
        if not m:
            self.fail("expected a value")
        self.i = m.end()
        if self.at("<") and not self.at("<<") and m.group(0) == "AT_FDCWD":
            path = self.fd_path()
            return Fd(s[start:self.i], fd=Name("AT_FDCWD"), path=path)
        if self.at("("):
            self.i += 1
            args = []
            while not self.at(")"):
                if args:
                    self.eat(", ")
                args.append(self.value())
            self.i += 1
            return Fn(s[start:self.i], name=m.group(0), args=args)
        return Name(m.group(0))

    def fd_path(self):
        """-y's <path>: escaped as a string's body, '<' and '>' too."""
        end = self.s.find(">", self.i)
        if end < 0:
            self.fail("a path that does not end")
        body = self.s[self.i + 1:end]
        self.i = end + 1
        return unescape(body).decode("utf-8", "replace")

    def string(self):
        start = self.i
        abstract = self.at("@")
        if abstract:
            self.i += 1
        self.i += 1
        j = self.i
        while j < len(self.s) and self.s[j] != '"':
            j += 2 if self.s[j] == "\\" else 1
        if j >= len(self.s):
            self.fail("a string that does not end")
        data = unescape(self.s[self.i:j])
        self.i = j + 1
        more = self.at("...")
        if more:
            self.i += 3
        return Str(self.s[start:self.i], data=data, more=more, abstract=abstract)

    def brace(self):
        start = self.i
        self.eat("{")
        if re.compile(r"[A-Z]+\(s\)").match(self.s, self.i):
            items = []
            while not self.at("}"):
                if items:
                    self.eat(" && ")
                m = PRED_ITEM.match(self.s, self.i)
                if not m:
                    self.fail("expected a W* macro")
                key = m.group(1) or m.group(2)
                self.i = m.end()
                items.append((key, self.value() if m.group(0).endswith(" == ") else None))
            self.i += 1
            return Pred(self.s[start:self.i], items=items)
        items, more = [], False
        while not self.at("}"):
            if items or more:
                self.eat(", ")
            if self.at("...}") or self.at("..., "):
                self.i += 3
                more = True
                continue
            m = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=").match(self.s, self.i)
            key = None
            if m:
                key = m.group(1)
                self.i = m.end()
            else:
                # bytes past a struct the kernel knows, keyed by their comment (openat2's
                # /* bytes 24..31 */ "\x01..."): JSON has them under that key
                m = re.compile(r"/\* (bytes [0-9]+\.\.[0-9]+) \*/ ").match(self.s, self.i)
                if m:
                    key = m.group(1)
                    self.i = m.end()
            items.append((key, self.value()))
        self.i += 1
        return Struct(self.s[start:self.i], items=items, more=more)

    def bracket(self):
        """[a, b] (sep ","), [A B] (sep " "), [x] or [] (sep None); "..." last is more."""
        self.eat("[")
        items, more, sep = [], False, None
        while not self.at("]"):
            if items or more:
                if sep is None:
                    sep = "," if self.at(", ") else " "
                self.eat(", " if sep == "," else " ")
            if self.at("...") and self.s[self.i + 3:self.i + 4] in ("]", ",", " "):
                self.i += 3
                more = True
                if self.at(" /* "):
                    # where the array could no longer be read: [a, ... /* 0x7ffd1000 */]
                    end = self.s.find(" */", self.i + 4)
                    if end < 0:
                        self.fail("a comment that does not end")
                    self.i = end + 3
                continue
            items.append(self.value())
        self.i += 1
        return items, more, sep


def parse_value(text):
    p = Parser(text)
    node = p.value()
    if not p.done():
        p.fail("text after the value")
    return node


DATE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d{4}")
ARG_NAME = re.compile(r"([A-Za-z_][A-Za-z0-9_]*): ")
# strace's own labels of some calls' arguments: clone(child_stack=NULL, flags=SIGCHLD)
ARG_LABEL = re.compile(r"[a-z_]+=(?!=)")
RESTART_NOTE = re.compile(r"<\.\.\. resuming interrupted [\w ]+ \.\.\.>")


def parse_args(p, end_marks=(")",)):
    """Arguments from p.i up to one of end_marks (not eaten): [node], each with arg_name
    (--arg-names's, or None). restart_syscall's note (<... resuming interrupted nanosleep
    ...>) is no argument."""
    args = []
    # a resumed clone goes on from its flags: "<... clone resumed>, child_tidptr=0x...)"
    if p.at(", ") and p.s[:p.i].endswith(" resumed>"):
        p.i += 2
    while not any(p.at(m) for m in end_marks):
        if args:
            p.eat(", ")
            if any(p.at(m) for m in end_marks):
                break  # "a, <unfinished ...>": the rest comes resumed
        m = RESTART_NOTE.match(p.s, p.i)
        if m:
            p.i = m.end()
            continue
        # --arg-names: "dfd: AT_FDCWD"
        m = ARG_NAME.match(p.s, p.i)
        if m:
            p.i = m.end()
        label = ARG_LABEL.match(p.s, p.i)
        if label:
            p.i = label.end()
        node = p.value()
        node.arg_name = m.group(1) if m else None
        args.append(node)
    return args


def parse_call(text):
    """'name(args)' (perfetto's "call"): (name, [node])."""
    m = re.match(r"([\w-]+)\(", text)
    if not m:
        raise ParseError(f"not a call: {text!r}")
    p = Parser(text, m.end())
    args = parse_args(p)
    p.eat(")")
    if not p.done():
        p.fail("text after the call")
    return m.group(1), args


# strace's two forms: "[pid  1234] " on a terminal, "1234  " with -o and -f
PID = re.compile(r"(?:\[pid +(?=\d)|(?=\d))(\d+)\]? +")


def parse_line(line):
    """A text trace line: {'tid' (None without [pid N]), 'name', 'state' (complete,
    unfinished, resumed), 'args' [node], 'ret' (the text after ' = ', or None)} or None for
    a signal's or an exit's line."""
    tid = None
    m = PID.match(line)
    if m:
        tid = int(m.group(1))
        line = line[m.end():]
    if line.startswith(("--- ", "+++ ")):
        return None
    m = re.match(r"<\.\.\. ([\w-]+) resumed>", line)
    if m:
        state = "resumed"
    else:
        m = re.match(r"([\w-]+)\(", line)
        state = "complete"
        if not m:
            raise ParseError(f"not a trace line: {line!r}")
    p = Parser(line, m.end())
    args = parse_args(p, (")", " <unfinished ...>", "<unfinished ...>"))
    if p.at(" <unfinished ...>") or p.at("<unfinished ...>"):
        return {"tid": tid, "name": m.group(1), "state": "unfinished", "args": args,
                "ret": None}
    p.eat(")")
    r = re.compile(r" *= (.*)$").match(line, p.i)
    if not r:
        p.fail("expected ' = ' and the return value")
    return {"tid": tid, "name": m.group(1), "state": state, "args": args, "ret": r.group(1)}


def parse_return(text):
    """The return value's text: {'kind': none | value | error | restart, 'value', 'errno',
    'error', 'path', 'note' (a Note or None)}."""
    r = {"kind": None, "value": None, "errno": None, "errno_num": None, "error": None,
         "path": None, "note": None, "src": text}
    if text == "?":
        r["kind"] = "none"
        return r
    # an error whose register was not -1 shows its number: modify_ldt's 4294967258 ENOSYS
    m = re.fullmatch(r"(-1|\?|\d+) (E\w+|E\? (\d+)) \((.*)\)", text)
    if m:
        r["kind"] = "restart" if m.group(1) == "?" else "error"
        r["value"] = int(m.group(1)) if m.group(1) != "?" else None
        r["errno"] = None if m.group(3) else m.group(2)
        r["errno_num"] = int(m.group(3)) if m.group(3) else None
        r["error"] = m.group(4)
        return r
    p = Parser(text)
    r["kind"] = "value"
    num = p.number()
    r["value"], r["hex"] = num.value, num.src.startswith("0x")
    if p.at("<"):
        r["path"] = p.fd_path()
    if p.at(" ("):
        p.i += 2
        r["note"] = parse_note(p)
        p.eat(")")
    if not p.done():
        p.fail("text after the return value")
    return r


def parse_note(p):
    """'in [4], out [5], left {...}', 'flags O_RDWR' or 'Timeout', up to the closing ')'."""
    start, items = p.i, []
    while True:
        m = re.compile(r"([a-z_]+) ").match(p.s, p.i)
        key = None
        if m:
            key = m.group(1)
            p.i = m.end()
        items.append((key, p.value()))
        if not p.at(", "):
            break
        p.i += 2
    return Note(p.s[start:p.i], items=items)


# ---------------------------------------------------------------- comparing with JSON

U64 = 1 << 64
# FUTEX_WAKE_OP's fields (linux/futex.h): the names its val3 shows in text
FUTEX_OP_NAMES = {"FUTEX_OP_SET": 0, "FUTEX_OP_ADD": 1, "FUTEX_OP_OR": 2, "FUTEX_OP_ANDN": 3,
                  "FUTEX_OP_XOR": 4, "FUTEX_OP_OPARG_SHIFT": 8, "FUTEX_OP_CMP_EQ": 0,
                  "FUTEX_OP_CMP_NE": 1, "FUTEX_OP_CMP_LT": 2, "FUTEX_OP_CMP_LE": 3,
                  "FUTEX_OP_CMP_GT": 4, "FUTEX_OP_CMP_GE": 5}
# the functions of the text and which of their arguments is the value JSON holds
FUNCTION_VALUE = {"htons": 0, "htonl": 0, "inet_addr": 0, "inet_pton": 1}
# what the text shows where JSON has null: a NULL or unread pointer, a value BTF cannot
# print (?), a string that faulted (???), a scalar the capture did not cover (...)
NULL_NAMES = {"NULL", "?", "???", "inf", "-inf", "nan", "-nan"}


def json_bytes(j):
    """The bytes of a JSON string object or buffer object."""
    if "str" in j:
        return base64.b64decode(j["base64"], validate=True) if "base64" in j else \
            j["str"].encode("utf-8")
    if j["encoding"] not in ("utf8", "base64"):
        raise ValueError(f"encoding {j['encoding']!r}")
    return j["data"].encode("utf-8") if j["encoding"] == "utf8" else \
        base64.b64decode(j["data"], validate=True)


def is_string_obj(j):
    return isinstance(j, dict) and "str" in j and set(j) <= {"str", "truncated", "base64"}


def is_buffer_obj(j):
    return isinstance(j, dict) and "encoding" in j and "data" in j and \
        set(j) <= {"encoding", "data", "len", "size", "truncated"}


def is_flags_obj(j):
    return isinstance(j, dict) and set(j) == {"raw", "names", "rest"}


def brief(j):
    import json as _json
    text = _json.dumps(j)
    return text if len(text) <= 300 else text[:300] + "..."


class Comparison:
    """Compares text values with JSON values in meaning.

    verbose: the text was written with -v, so "..." at the end of a struct or list means the
    data ended there, as JSON's "..." does; without -v the text also abbreviates (an array
    after 32 elements, termios after its flags) where JSON goes on. string_limit: -s, the
    bytes a string shows before "...".
    """

    def __init__(self, verbose, string_limit):
        self.verbose = verbose
        self.string_limit = string_limit

    def value(self, t, j, where):
        """[problem] for text node t against JSON value j, at where (a path for messages)."""
        try:
            return self._value(t, j, where, in_set=False)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            return [f"{where}: cannot compare text {t.src!r} with JSON {brief(j)} "
                    f"({type(e).__name__}: {e})"]

    def _differ(self, t, j, where, why=""):
        return [f"{where}: text {t.src!r} but JSON {brief(j)}" + (f" ({why})" if why else "")]

    def _value(self, t, j, where, in_set):
        # a value behind a pointer: text [v], JSON v
        if isinstance(t, List) and t.sep is None and len(t.items) == 1 and not t.more and \
                not isinstance(j, list):
            return self._value(t.items[0], j, where, in_set=True)
        if isinstance(t, Comment):
            return self._comment(t, j, where, in_set)
        if j is None:
            return self._null(t, j, where)
        if isinstance(j, bool):
            if isinstance(t, Name) and t.src == ("true" if j else "false"):
                return []
            return self._differ(t, j, where)
        if isinstance(j, int):
            return self._int(t, j, where)
        if isinstance(j, float):
            if isinstance(t, Num) and float(t.value) == float(f"{j:g}"):
                return []
            return self._differ(t, j, where)
        if isinstance(j, str):
            return self._str(t, j, where, in_set)
        if isinstance(j, list):
            return self._list(t, j, where)
        if isinstance(j, dict):
            return self._dict(t, j, where)
        return self._differ(t, j, where, "a JSON value of no known shape")

    def _comment(self, t, j, where, in_set):
        m = re.fullmatch(r"(\d+) (\w+?)s?( or more)?", t.text)
        if isinstance(j, dict) and set(j) == {"addr", "count", "truncated"}:
            # execve's envp counted: 0x7ffd... /* 23 vars */
            if not m:
                return self._differ(t, j, where, "a count without its comment")
            problems = self._null(t.inner, None, where) if j["addr"] is None else \
                self._str(t.inner, j["addr"], where, False)
            if int(m.group(1)) != j["count"] or bool(m.group(3)) != j["truncated"]:
                problems += self._differ(t, j, where, "count or truncated differ")
            return problems
        if isinstance(j, list) and m and m.group(2) == "entrie":
            # getdents64's entries counted without -v (0x7f3b... /* 2 entries */), listed in
            # JSON, which shows all it read: the count of what was read whole
            if int(m.group(1)) != len(j) or bool(m.group(3)) != ("..." in j):
                return self._differ(t, j, where, "the entries counted differ")
            return []
        # strace's comment on a number with no name (0x10 /* RLIMIT_??? */): JSON the number
        return self._value(t.inner, j, where, in_set)

    def _null(self, t, j, where):
        if isinstance(t, Name) and t.src in NULL_NAMES:
            return []
        if isinstance(t, Dots):
            return []
        # an int behind a pointer the capture did not cover: [...]
        if isinstance(t, List) and not t.items and t.more:
            return []
        # a pointer whose data was not read, or faulted: the text has its address
        if isinstance(t, Num) and t.src.startswith("0x"):
            return []
        return self._differ(t, j, where, "JSON null: the text should show NULL, ? or an "
                                         "address")

    def _int(self, t, j, where):
        if isinstance(t, Fd):
            return self._differ(t, j, where, "JSON lacks the fd's path")
        if isinstance(t, Num) and isinstance(t.value, int):
            if t.value % U64 == j % U64:
                return []
            return self._differ(t, j, where)
        if isinstance(t, Product):
            return [] if t.value == j else self._differ(t, j, where)
        if isinstance(t, Fn) and t.name in ("htons", "htonl") and len(t.args) == 1:
            return self._int(t.args[0], j, where)
        if isinstance(t, (Flags, Shift)):
            # FUTEX_WAKE_OP's val3 as strace spells it: FUTEX_OP_SET<<28|0<<12|...|0x1
            value = self._futex_op(t)
            if value is not None and value == j:
                return []
        return self._differ(t, j, where)

    def _futex_op(self, t):
        value = 0
        for term in (t.terms if isinstance(t, Flags) else [t]):
            while isinstance(term, Comment):
                term = term.inner
            if isinstance(term, Num) and isinstance(term.value, int):
                value |= term.value
            elif isinstance(term, Shift) and isinstance(term.right, Num):
                left = term.left.inner if isinstance(term.left, Comment) else term.left
                if isinstance(left, Num):
                    value |= left.value << term.right.value
                elif isinstance(left, Name) and left.src in FUTEX_OP_NAMES:
                    value |= FUTEX_OP_NAMES[left.src] << term.right.value
                else:
                    return None
            else:
                return None
        return value

    def _str(self, t, j, where, in_set):
        if j == "...":
            return [] if isinstance(t, Dots) else self._differ(t, j, where)
        if re.fullmatch(r"0x[0-9a-f]+", j):
            # an address, or a number wider than 64 bits
            if isinstance(t, Num) and isinstance(t.value, int) and t.value == int(j, 16):
                return []
            if isinstance(t, Name) and t.src == j:
                return []
            return self._differ(t, j, where)
        if isinstance(t, Name) and t.src == j:
            return []
        # a constant that strace spells as an expression of its parts, JSON as that name:
        # an unknown ioctl's _IOC(_IOC_READ, 0x54, 0x1, 0x4), quotactl's QCMD(Q_SYNC, USRQUOTA)
        if isinstance(t, Fn) and t.name in ("_IOC", "QCMD") and t.src == j:
            return []
        if isinstance(t, Fd) and t.path is None and isinstance(t.fd, Name) and t.fd.src == j:
            return []
        if in_set:
            # a signal set's names lose their prefix in text: [USR1 RTMIN+2]
            if isinstance(t, Name) and "SIG" + t.src == j:
                return []
            # a signal with no name is its number, in text and JSON
            if isinstance(t, Num) and str(t.value) == j:
                return []
        return self._differ(t, j, where)

    def _abbreviated_to_address(self, t):
        """Without -v strace shows some data behind a pointer in a struct as the pointer
        (bpf_attr's insns, a sock_fprog's filter, a map's info) where JSON, which shows all
        that was read, has the data."""
        return not self.verbose and isinstance(t, Num) and t.src.startswith("0x")

    def _list(self, t, j, where):
        if not isinstance(t, List):
            if self._abbreviated_to_address(t):
                return []
            return self._differ(t, j, where, "JSON has a list")
        jmore = bool(j) and j[-1] == "..."
        items = j[:-1] if jmore else j
        in_set = t.sep != ","
        problems = []
        abbreviated = t.more and not self.verbose and len(items) > len(t.items)
        if abbreviated:
            items = items[:len(t.items)]
        elif len(items) != len(t.items) or t.more != jmore:
            return self._differ(t, j, where, f"{len(t.items)} elements{' and more' * t.more}"
                                             f" in text, {len(items)}{' and more' * jmore} in JSON")
        for k, (ti, ji) in enumerate(zip(t.items, items)):
            problems += self._value(ti, ji, f"{where}[{k}]", in_set)
        return problems

    def _dict(self, t, j, where):
        if is_string_obj(j) or is_buffer_obj(j):
            if isinstance(t, Fn) and t.name in FUNCTION_VALUE:
                # inet_addr("127.0.0.1"), inet_pton(AF_INET6, "::1", &sin6_addr)
                return self._dict(t.args[FUNCTION_VALUE[t.name]], j, where)
            return self._bytes(t, j, where)
        if is_flags_obj(j):
            return self._flags(t, j, where)
        if set(j) == {"not"}:
            if not isinstance(t, NotSet):
                return self._differ(t, j, where)
            return self._list(List(t.src, items=t.items, more=t.more, sep=" "), j["not"], where)
        if set(j) == {"fd", "path"}:
            if not isinstance(t, Fd) or t.path != j["path"]:
                return self._differ(t, j, where, "fd or path")
            return self._value(t.fd, j["fd"], where, False)
        if set(j) == {"in", "out"}:
            if not isinstance(t, InOut):
                return self._differ(t, j, where, "JSON has a value in and out, the text one")
            return self._value(t.before, j["in"], where + " in", False) + \
                self._value(t.after, j["out"], where + " out", False)
        if j == {"...": True}:
            return [] if isinstance(t, Elided) else self._differ(t, j, where)
        if set(j) == {"addr", "count", "truncated"}:
            return self._differ(t, j, where, "a count: the text should have /* N vars */")
        if isinstance(t, Pred):
            keys = [k for k, _ in t.items]
            if keys != list(j):
                return self._differ(t, j, where, f"members {keys} and {list(j)}")
            problems = []
            for k, v in t.items:
                problems += self._value(v, j[k], f"{where}.{k}", False) if v is not None else \
                    ([] if j[k] is True else self._differ(t, j, where, f"{k} is not true"))
            return problems
        if isinstance(t, (Struct, Note)):
            return self._members(t, t.items, getattr(t, "more", False), j, where)
        if isinstance(t, Fn) and t.name in FUNCTION_VALUE:
            return self._value(t.args[FUNCTION_VALUE[t.name]], j, where, False)
        if isinstance(t, (Flags, Name, Num, Comment)) and j and all(
                isinstance(v, (str, int)) or is_flags_obj(v) for v in j.values()):
            return self._fields(t, j, where)
        if isinstance(t, Fn) and len(t.args) == len(j):
            # a function of named parts: makedev(0xfe, 0) is {"major": 254, "minor": 0}
            problems = []
            for arg, (key, value) in zip(t.args, j.items()):
                problems += self._value(arg, value, f"{where}.{key}", False)
            return problems
        if self._abbreviated_to_address(t):
            return []
        return self._differ(t, j, where, "JSON has an object")

    def _members(self, t, items, more, j, where):
        jkeys = [k for k in j if k != "..."]
        jmore = j.get("...") is True
        problems = []
        if more and not self.verbose and all(key is not None for key, _ in items):
            # strace's short form ({st_mode=..., st_size=..., ...}) names a few members, in
            # its own order: each is in JSON, which has them all
            for key, node in items:
                if key not in j:
                    return problems + self._differ(t, j, where, f"JSON lacks member {key}")
                problems += self._value(node, j[key], f"{where}.{key}", False)
            return problems
        for n, (key, node) in enumerate(items):
            if n >= len(jkeys):
                return problems + self._differ(t, j, where, f"JSON lacks member "
                                                            f"{key or '(unnamed)'}")
            # a member whose name the text does not show (inet_pton(...) is sin6_addr)
            if key is not None and key != jkeys[n]:
                return problems + self._differ(t, j, where, f"member {n} is {key} in text, "
                                                            f"{jkeys[n]} in JSON")
            problems += self._value(node, j[jkeys[n]], f"{where}.{jkeys[n]}", False)
        left = jkeys[len(items):]
        if left and not (more and not self.verbose):
            problems += self._differ(t, j, where, f"JSON has members the text lacks: {left}")
        if more and not jmore and not left:
            problems += self._differ(t, j, where, "the text says more members, JSON none")
        if jmore and not more:
            problems += self._differ(t, j, where, "JSON says more members, the text none")
        return problems

    def _bytes(self, t, j, where):
        if not isinstance(t, Str):
            return self._differ(t, j, where, "JSON has a string")
        data, truncated = json_bytes(j), j["truncated"]
        problems = []
        if "len" in j and j["len"] != len(data):
            problems += self._differ(t, j, where, f"len {j['len']} but {len(data)} bytes")
        if t.abstract and not is_buffer_obj(j):
            # an abstract socket's name may hold NULs: bytes, not a string
            problems += self._differ(t, j, where, "an abstract name is a buffer object")
        if t.data == data and t.more == truncated:
            return problems
        if t.more and t.data.startswith(data) and truncated and len(t.data) - len(data) <= 3 \
                and is_buffer_obj(j) and j["encoding"] == "utf8":
            return problems  # JSON leaves out a character the capture cut in two
        if t.more and self.string_limit and len(t.data) == self.string_limit and \
                data.startswith(t.data) and (truncated or len(data) > len(t.data)):
            return problems  # -s cut the text
        return problems + self._differ(t, j, where, "bytes or truncation differ")

    def _fields(self, t, j, where):
        """Fields of one number each named on its own, joined by | in the text
        (PER_LINUX|ADDR_NO_RANDOMIZE), an object of the fields in JSON: each field takes the
        terms its value has, a constant one, flags their names and the rest."""
        terms = list(t.terms) if isinstance(t, Flags) else [t]
        problems = []
        for key, value in j.items():
            if is_flags_obj(value):
                n = len(value["names"]) + (1 if value["rest"] or not value["names"] else 0)
            else:
                n = 1
            if len(terms) < n:
                return problems + self._differ(t, j, where, f"the text lacks field {key}")
            part, terms = terms[:n], terms[n:]
            if is_flags_obj(value):
                problems += self._flags(Flags(t.src, terms=part), value, f"{where}.{key}")
            else:
                problems += self._value(part[0], value, f"{where}.{key}", False)
        if terms:
            problems += self._differ(t, j, where, "the text has more fields than JSON")
        return problems

    def _flags(self, t, j, where):
        terms = t.terms if isinstance(t, Flags) else [t]
        names, rest = [], 0
        for term in terms:
            while isinstance(term, Comment):  # 0x10 /* CLOSE_RANGE_??? */
                term = term.inner
            if isinstance(term, Num) and isinstance(term.value, int):
                rest |= term.value
            elif isinstance(term, (Name, Shift)):
                names.append(term.src)
            else:
                return self._differ(t, j, where, f"{term.src!r} is no flag")
        problems = []
        if names != j["names"]:
            problems += self._differ(t, j, where, f"names {names} and {j['names']}")
        if rest % U64 != j["rest"] % U64:
            problems += self._differ(t, j, where, f"rest {rest:#x} and {j['rest']:#x}")
        if not j["names"] and j["raw"] % U64 != j["rest"] % U64 and \
                j["raw"] % (1 << 32) != j["rest"] % (1 << 32):
            problems += self._differ(t, j, where, "no names, yet raw is not rest")
        return problems

    # ---------------------------------------------------------------- return values

    def ret(self, text, obj, where):
        """[problem] for the return value's text against a JSON call object's ret members."""
        try:
            r = parse_return(text)
        except ParseError as e:
            return [f"{where}: the return value {text!r} does not parse: {e}"]
        got = {k: obj[k] for k in ("ret", "ret_hex", "errno", "errno_num", "error",
                                   "ret_path", "ret_note") if k in obj}

        def differ(why):
            return [f"{where}: text {text!r} but JSON {brief(got)} ({why})"]

        kind = r["kind"]
        if kind == "none":
            return differ("the text has no return") if "ret" in obj else []
        if kind in ("error", "restart"):
            want_ret = r["value"] if kind == "error" else None
            if obj.get("ret", "absent") != want_ret or obj.get("errno") != r["errno"] or \
                    obj.get("error") != r["error"] or \
                    (r["errno_num"] is not None and obj.get("errno_num") != r["errno_num"]):
                return differ("the error differs")
            return []
        problems = []
        if "ret" not in obj or obj["ret"] is None or obj["ret"] % U64 != r["value"] % U64:
            problems += differ("the value differs")
        if r["hex"] and "ret_hex" not in obj:
            problems += differ("the text is hex, JSON has no ret_hex")
        if "ret_hex" in obj and int(obj["ret_hex"], 16) != r["value"] % U64:
            problems += differ("ret_hex differs")
        if r["path"] != obj.get("ret_path"):
            problems += differ("the fd's path differs")
        if (r["note"] is None) != ("ret_note" not in obj):
            problems += differ("a note in one only")
        elif r["note"] is not None:
            problems += self.note(r["note"], obj["ret_note"], where + " note")
        return problems

    def note(self, note, j, where):
        if len(note.items) == 1 and note.items[0][0] is None and \
                not (isinstance(j, dict) and len(j) == 1 and isinstance(note.items[0][1], List)):
            return self.value(note.items[0][1], j, where)  # (Timeout)
        try:
            if not isinstance(j, dict):
                return self._differ(note, j, where, "the note has members")
            return self._members(note, note.items, False, j, where)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            return [f"{where}: cannot compare {note.src!r} with {brief(j)} ({e})"]
