"""Pyodide's package loader with its archive modules imported when first used.

Pyodide's bootstrap imports `pyodide._package_loader`, and with it shutil, tempfile,
zipfile and the compression modules they bring: about 0.1 s of a phone's start (CPU at 4x),
none of which a first table uses (it installs no package). static/js/runtime.mjs runs this
file once the interpreter is up and before the bootstrap's imports, with SOURCE, Pyodide's
own module whose four heavy imports scripts/vendor.py has turned into `_OnUse` names
(`package_loader_on_use`). The finder below gives the bootstrap that module, then leaves
sys.meta_path. Installing a package, unpacking an archive or anything else that reaches
one of those names imports the real module then.
"""
import sys
from importlib import import_module
from importlib.machinery import ModuleSpec

NAME = "pyodide._package_loader"
ORIGIN = "pyodide/_package_loader.py"


class OnUse:
    """A module (``name`` None) or a name in one, imported at its first use; ``then(module)``
    runs once the module is imported."""

    def __init__(self, module, name=None, then=None):
        self._module, self._name, self._then, self._value = module, name, then, None

    def _target(self):
        if self._value is None:
            module = import_module(self._module, "pyodide")
            if self._then is not None:
                self._then(module)
            self._value = getattr(module, self._name) if self._name else module
        return self._value

    def __getattr__(self, name):
        return getattr(self._target(), name)

    def __call__(self, *args, **kwargs):
        return self._target()(*args, **kwargs)


class Loader:
    @staticmethod
    def create_module(spec):
        return None

    @staticmethod
    def exec_module(module):
        module._OnUse = OnUse
        exec(compile(SOURCE, ORIGIN, "exec"), module.__dict__)


class Finder:
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name != NAME:
            return None
        sys.meta_path.remove(cls)
        return ModuleSpec(name, Loader, origin=ORIGIN)


sys.meta_path.insert(0, Finder)
