"""Finds where the project's code uses a name that a third-party package keeps private.

The project stands on its libraries through their public APIs only: a library that cannot
do the job that way is replaced, not patched. Three ways of reaching in are found:

- an import of a private name, or from a private module, of a package not ours
  (`from waitress.channel import _x`, `from _pytest.x import y`);
- a private attribute read or written on a third-party module or object: one reached from
  a third-party import (`waitress._x`), or any `obj._x` whose name no module of ours
  defines (the type of `obj` is not known here, so a name we define on our own classes or
  modules passes; one only a library defines does not);
- a private method or attribute of a third-party class, defined again in a subclass of
  ours (overriding `DatabaseWrapper._commit`), found in the library class's own MRO.

Private means a name beginning with `_`, bar dunder names, a lone `_`, and the few that
the library documents as public (DOCUMENTED). The standard library is out of scope: its
underscored names are partly documented (`os._exit`, `sys._getframe`), and it is not a
package a club's laptop installs; a private name read from it through an import is passed.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import sys
from dataclasses import dataclass
from pathlib import Path

# Names with a leading underscore that their library documents as public.
DOCUMENTED = {
    "_meta": "Django: Model._meta, the model's options (the Model _meta API)",
    "_state": "Django: Model._state, adding and db (the model instance reference)",
    # collections.namedtuple's own methods and attributes (the standard library's docs)
    "_replace": "namedtuple", "_asdict": "namedtuple", "_fields": "namedtuple",
    "_make": "namedtuple", "_field_defaults": "namedtuple",
}


def is_private(name: str) -> bool:
    dunder = name.startswith("__") and name.endswith("__") and len(name) > 4
    return name.startswith("_") and name != "_" and not dunder


@dataclass(frozen=True)
class Source:
    """One module of ours: its dotted name and its code."""

    name: str
    path: str
    code: str
    package: bool = False  # an __init__.py: its relative imports start from itself


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


class Project:
    """What our modules define, and where they reach into another package's privates."""

    def __init__(self, sources: list[Source], ours: set[str]):
        self.ours = ours
        self.trees = {source.name: (source, ast.parse(source.code)) for source in sources}
        self.defined = set()  # every private name a module of ours defines
        for source, tree in self.trees.values():
            self.defined |= Module(self, source, tree).defined_names()

    def kind(self, module: str) -> str:
        """"ours", "stdlib" or "third-party", for a module by its full dotted name."""
        top = module.split(".")[0]
        if top in self.ours:
            return "ours"
        return "stdlib" if top in sys.stdlib_module_names else "third-party"

    def findings(self) -> list[Finding]:
        found = []
        for source, tree in self.trees.values():
            found += Module(self, source, tree).findings()
        return sorted(set(found), key=lambda f: (f.path, f.line, f.message))

    def our_class(self, module: str, name: str) -> tuple[Module, ast.ClassDef] | None:
        entry = self.trees.get(module)
        if entry is None:
            return None
        source, tree = entry
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name == name:
                return Module(self, source, tree), node
        return None


def chain(node: ast.expr) -> tuple[str | None, list[str]]:
    """`a.b.c` as its root name and attributes ("a", ["b", "c"]); None when it is rooted in
    something else than a name (a call, a subscript)."""
    attributes = []
    while isinstance(node, ast.Attribute):
        attributes.insert(0, node.attr)
        node = node.value
    return (node.id if isinstance(node, ast.Name) else None), attributes


class Module:
    """One module of ours, with what each name its imports bind stands for."""

    def __init__(self, project: Project, source: Source, tree: ast.Module):
        self.project = project
        self.source = source
        self.tree = tree
        self.imported: dict[str, str] = {}  # name bound by an import -> its dotted name
        self.kinds: dict[str, str] = {}  # name bound by an import -> ours, stdlib, third-party
        self.imports = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
        for node in self.imports:
            for alias in node.names:
                if isinstance(node, ast.Import):
                    bound = alias.asname or alias.name.split(".")[0]
                    self.imported[bound] = alias.name if alias.asname else bound
                    self.kinds[bound] = project.kind(alias.name)
                else:
                    module = self.absolute(node.module or "", node.level)
                    self.imported[alias.asname or alias.name] = f"{module}.{alias.name}"
                    self.kinds[alias.asname or alias.name] = project.kind(module)
        self.found: list[Finding] = []

    def absolute(self, module: str, level: int) -> str:
        """A relative import's module by its full dotted name."""
        if not level:
            return module
        package = self.source.name.split(".")
        package = package[: len(package) - level + (1 if self.source.package else 0)]
        return ".".join([*package, module] if module else package)

    def defined_names(self) -> set[str]:
        """The private names this module defines: its module-level names, its classes' and
        functions' names, the names in its class bodies, the attributes it sets (on its own
        objects or a library's: `user._is_director = ...` is ours, not Django's), and its
        own name when it is a private module (`from . import _helpers`)."""
        names = {part for part in self.source.name.split(".") if is_private(part)}
        for node in ast.walk(self.tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                if chain(node.value)[0] not in self.kinds:  # not set on a library's module
                    names.add(node.attr)
            elif isinstance(node, ast.alias) and node.asname:
                names.add(node.asname)
        return {name for name in names if is_private(name)}

    def finding(self, node: ast.AST, message: str) -> None:
        self.found.append(Finding(self.source.path, getattr(node, "lineno", 0), message))

    def findings(self) -> list[Finding]:
        for node in self.imports:
            self.check_import(node)
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Attribute):
                self.check_attribute(node, node.value, node.attr)
            elif isinstance(node, ast.Call) and self.named_by_string(node):
                self.check_attribute(node, node.args[0], node.args[1].value)
            elif isinstance(node, ast.ClassDef):
                self.check_overrides(node)
        return self.found

    def check_import(self, node: ast.Import | ast.ImportFrom) -> None:
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        else:
            modules = [self.absolute(node.module or "", node.level)]
        for module in modules:
            private = [part for part in module.split(".") if is_private(part)]
            if self.project.kind(module) == "third-party" and private:
                self.finding(node, f"imports {module}: {private[0]} is private to it")
        if isinstance(node, ast.ImportFrom) and self.project.kind(modules[0]) == "third-party":
            for alias in node.names:
                if is_private(alias.name) and alias.name not in DOCUMENTED:
                    self.finding(node, f"imports {alias.name} from {modules[0]}, private to it")

    @staticmethod
    def named_by_string(node: ast.Call) -> bool:
        """getattr(obj, "_x"), hasattr, setattr, delattr: an attribute all the same."""
        return (
            isinstance(node.func, ast.Name)
            and node.func.id in {"getattr", "hasattr", "setattr", "delattr"}
            and len(node.args) >= 2
            and isinstance(node.args[1], ast.Constant)
            and isinstance(node.args[1].value, str)
        )

    def check_attribute(self, node: ast.AST, value: ast.expr, name: str) -> None:
        if not is_private(name) or name in DOCUMENTED:
            return
        root, attributes = chain(value)
        kind = self.kinds.get(root) if root else None
        if kind == "third-party":
            where = ".".join([self.imported[root], *attributes])
            self.finding(node, f"uses {name} of {where}, private to it")
        elif kind is None and name not in self.project.defined:
            self.finding(node, f"uses {name}, which no module of ours defines: a library's")

    def check_overrides(self, node: ast.ClassDef) -> None:
        own = {}
        for statement in node.body:
            if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                own[statement.name] = statement
            elif isinstance(statement, ast.Assign):
                own.update((t.id, statement) for t in statement.targets if isinstance(t, ast.Name))
            elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
                own[statement.target.id] = statement
        own = {name: statement for name, statement in own.items() if is_private(name)}
        if not own:
            return
        for library_class in self.library_bases(node, seen=set()):
            for name, statement in own.items():
                # The first library class in the MRO that defines it: the one overridden.
                klass = next((k for k in inspect.getmro(library_class) if name in vars(k)), None)
                if klass and self.project.kind(klass.__module__) == "third-party":
                    where = f"{klass.__module__}.{klass.__qualname__}"
                    self.finding(statement, f"{node.name} overrides {name} of {where}, private")

    def library_bases(self, node: ast.ClassDef, seen: set) -> list[type]:
        """The classes not ours that this class of ours derives from, directly or through
        classes of ours; a base that cannot be told statically is left out."""
        key = (self.source.name, node.name)
        if key in seen:
            return []
        seen.add(key)
        found = []
        for base in node.bases:
            root, attributes = chain(base)
            if root is None:
                continue
            if root not in self.imported:  # a class of this module
                ours = self.project.our_class(self.source.name, root)
                if ours and not attributes:
                    found += ours[0].library_bases(ours[1], seen)
                continue
            dotted = ".".join([self.imported[root], *attributes])
            if self.kinds[root] == "ours":
                ours = self.project.our_class(*dotted.rsplit(".", 1))
                if ours:
                    found += ours[0].library_bases(ours[1], seen)
            elif (klass := imported_class(dotted)) is not None:
                found.append(klass)
        return found


def imported_class(dotted: str) -> type | None:
    """The class a dotted name of a library stands for, imported; None if it is not one or
    cannot be imported here (a library of another platform)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attribute in parts[cut:]:
                found = getattr(found, attribute)
        except AttributeError:
            return None
        return found if inspect.isclass(found) else None
    return None


def project_sources(root: Path, packages: list[str]) -> list[Source]:
    """Every module of ours under root: the packages named, bar their migrations."""
    sources = []
    for name in packages:
        path = root / name
        files = [path] if path.is_file() else sorted(path.rglob("*.py"))
        for file in files:
            relative = file.relative_to(root)
            if "migrations" in relative.parts:
                continue
            dotted = ".".join(relative.with_suffix("").parts).removesuffix(".__init__")
            code = file.read_text(encoding="utf-8")
            sources.append(Source(dotted, str(relative), code, file.name == "__init__.py"))
    return sources
